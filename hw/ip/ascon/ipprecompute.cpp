#include "hw/ip/ascon/ipprecompute.h"

#include <string>

namespace rs::hw {

namespace {

using crypto::AsconAeadVariant;

bool littleEndian(AsconAeadVariant v) {
    return v == AsconAeadVariant::AsconAead128;
}

std::uint64_t load(const std::uint8_t* p, std::size_t n, bool le) {
    std::uint64_t x = 0;
    for (std::size_t i = 0; i < n; ++i)
        x |= static_cast<std::uint64_t>(p[i]) << (le ? 8 * i : 56 - 8 * i);
    return x;
}

void checkSize(crypto::ByteView b, const char* name) {
    if (b.size() != 16)
        throw crypto::InvalidArgument(std::string(name) + " must be 16 bytes, got " +
                                      std::to_string(b.size()));
}

} // namespace

crypto::AsconState initialState(AsconAeadVariant v, crypto::ByteView key, crypto::ByteView nonce) {
    checkSize(key, "key");
    checkSize(nonce, "nonce");
    const bool le = littleEndian(v);
    const std::uint64_t iv = v == AsconAeadVariant::Ascon128v12    ? 0x80400c0600000000ull
                             : v == AsconAeadVariant::Ascon128av12 ? 0x80800c0800000000ull
                                                                   : 0x00001000808c0001ull;
    const std::uint64_t k0 = load(key.data(), 8, le), k1 = load(key.data() + 8, 8, le);
    crypto::AsconState s;
    s.x = {iv, k0, k1, load(nonce.data(), 8, le), load(nonce.data() + 8, 8, le)};
    crypto::asconPermute(s, 12);
    s.x[3] ^= k0;
    s.x[4] ^= k1;
    return s;
}

crypto::AsconState stateAfterAd(AsconAeadVariant v, crypto::ByteView key, crypto::ByteView nonce,
                                crypto::ByteView ad) {
    crypto::AsconState s = initialState(v, key, nonce);
    const bool le = littleEndian(v);
    const std::size_t rate = v == AsconAeadVariant::Ascon128v12 ? 8 : 16;
    const int b = v == AsconAeadVariant::Ascon128v12 ? 6 : 8;
    if (!ad.empty()) {
        std::size_t pos = 0;
        for (; ad.size() - pos >= rate; pos += rate) {
            for (std::size_t lane = 0; lane < rate / 8; ++lane)
                s.x[lane] ^= load(ad.data() + pos + 8 * lane, 8, le);
            crypto::asconPermute(s, b);
        }
        // Last block: remaining bytes, then the padding byte (0x80 for v1.2, 0x01 for SP 800-232).
        std::uint8_t last[16] = {};
        const std::size_t n = ad.size() - pos;
        for (std::size_t i = 0; i < n; ++i)
            last[i] = ad[pos + i];
        last[n] = le ? 0x01 : 0x80;
        for (std::size_t lane = 0; lane < rate / 8; ++lane)
            s.x[lane] ^= load(last + 8 * lane, 8, le);
        crypto::asconPermute(s, b);
    }
    s.x[4] ^= le ? (1ull << 63) : 1ull; // domain separation
    return s;
}

} // namespace rs::hw
