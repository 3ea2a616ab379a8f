#pragma once
// Shared by the SkinnyFast tests (encryption/CTR and decryption): the implementations this machine can
// run, the SKINNY-128 variants with a fast path, random bytes, and ECB through the reference and the fast
// path in either direction.
#include "core/crypto/skinny.h"
#include "core/crypto/skinnyfast.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <random>
#include <string>
#include <vector>

namespace rs::test {

inline constexpr std::array<crypto::SkinnyVariant, 3> kSkinnyWide = {
    crypto::SkinnyVariant::S128_128, crypto::SkinnyVariant::S128_256, crypto::SkinnyVariant::S128_384};

inline std::vector<crypto::SkinnyFastIsa> availableSkinnyIsas() {
    using crypto::SkinnyFastIsa;
    std::vector<SkinnyFastIsa> out;
    for (SkinnyFastIsa isa : {SkinnyFastIsa::Portable, SkinnyFastIsa::Avx2, SkinnyFastIsa::Avx512})
        if (crypto::skinnyFastIsaAvailable(isa)) out.push_back(isa);
    return out;
}

inline crypto::Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    crypto::Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

/** Whole blocks through the T-table reference, encrypting or decrypting. */
inline crypto::Bytes refEcb(const crypto::Skinny& c, const crypto::Bytes& in, bool decrypt = false) {
    crypto::Bytes out(in.size());
    for (std::size_t i = 0; i + 16 <= in.size(); i += 16)
        if (decrypt)
            c.decryptBlock(in.data() + i, out.data() + i);
        else
            c.encryptBlock(in.data() + i, out.data() + i);
    return out;
}

/** Whole blocks through the fast path, encrypting or decrypting. */
inline crypto::Bytes fastEcb(const crypto::SkinnyFast& f, const crypto::Bytes& in, bool decrypt = false) {
    crypto::Bytes out(in.size());
    if (decrypt)
        f.ecbDecrypt(in.data(), out.data(), in.size() / 16);
    else
        f.ecb(in.data(), out.data(), in.size() / 16);
    return out;
}

inline std::string lowerCase(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

} // namespace rs::test
