// Fuzz target: ML-DSA operand files (core/inputs/mldsapolyfile.h: `ntt run --in`, `ip run --alg mldsa-*
// --in`, the IP page's operand file). The first byte picks how many polynomials the caller takes (0: one
// or two, 1, 2); the rest is the file. Invariants: the bytes give polynomials or an InvalidArgument; what
// they give has the number asked for, every coefficient in [0, q), and reads back the same from each of
// the three forms written out again (raw bytes, hex text, decimal text).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/crypto/mldsantt.h"
#include "core/inputs/mldsapolyfile.h"

namespace {

using rs::crypto::MlDsaPoly;

void check(bool ok) {
    if (!ok) std::abort();
}

void sameFrom(const std::string& text, std::size_t count, const std::vector<MlDsaPoly>& want) {
    try {
        check(rs::inputs::parseMlDsaPolys(text, count) == want);
    } catch (const rs::crypto::InvalidArgument&) {
        std::abort(); // a form the parser writes out must read back
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t count = data[0] % 3;
    const std::string_view file(reinterpret_cast<const char*>(data + 1), size - 1);
    std::vector<MlDsaPoly> polys;
    try {
        polys = rs::inputs::parseMlDsaPolys(file, count);
    } catch (const rs::crypto::InvalidArgument&) {
        return 0;
    }
    check(!polys.empty() && polys.size() <= 2 && (count == 0 || polys.size() == count));
    std::string raw, hex, decimal;
    for (const MlDsaPoly& p : polys) {
        for (const std::int32_t c : p) {
            check(c >= 0 && c < rs::crypto::kMlDsaQ);
            decimal += std::to_string(c) + (decimal.size() % 3 ? ", " : "\n");
        }
        const rs::crypto::Bytes bytes = rs::crypto::mldsaPolyToBytes(p);
        raw.append(bytes.begin(), bytes.end());
        hex += rs::crypto::toHex(bytes) + "\n";
    }
    sameFrom(raw, count, polys);
    sameFrom(hex, count, polys);
    sameFrom(decimal, count, polys);
    return 0;
}
