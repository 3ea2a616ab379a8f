// Fuzz target: hex decoding (every --key/--nonce/... and every vector file field). Invariant: what
// decodes re-encodes to the same digits (upper case); anything else is an InvalidArgument.
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/crypto/bytes.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    rs::crypto::Bytes bytes;
    try {
        bytes = rs::crypto::fromHex(text);
    } catch (const rs::crypto::InvalidArgument&) {
        return 0;
    }
    std::string upper = text;
    for (char& c : upper)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (bytes.size() * 2 != text.size() || rs::crypto::toHex(bytes) != upper) std::abort();
    return 0;
}
