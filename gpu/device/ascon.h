#pragma once
// Ascon-AEAD128 (NIST SP 800-232) encryption of one message, shared by the CUDA kernel (one thread per
// message) and the host tests. Little-endian words, rate 16 bytes, p^12 / p^8.

#include "gpu/device/hd.h"

namespace rs::gpu {

constexpr std::uint64_t kAsconAead128Iv = 0x00001000808c0001ull;

struct AsconState {
    std::uint64_t x[5];
};

/** @brief The last `rounds` rounds of the 12-round permutation (p^12, p^8). */
RS_HD void asconPermute(AsconState& s, int rounds) {
    for (int i = 12 - rounds; i < 12; ++i) {
        std::uint64_t x0 = s.x[0], x1 = s.x[1], x2 = s.x[2], x3 = s.x[3], x4 = s.x[4];
        x2 ^= static_cast<std::uint64_t>(((0xfu - static_cast<unsigned>(i)) << 4) | static_cast<unsigned>(i));
        x0 ^= x4;
        x4 ^= x3;
        x2 ^= x1;
        const std::uint64_t t0 = ~x0 & x1, t1 = ~x1 & x2, t2 = ~x2 & x3, t3 = ~x3 & x4, t4 = ~x4 & x0;
        x0 ^= t1;
        x1 ^= t2;
        x2 ^= t3;
        x3 ^= t4;
        x4 ^= t0;
        x1 ^= x0;
        x0 ^= x4;
        x3 ^= x2;
        x2 = ~x2;
        s.x[0] = x0 ^ ror64(x0, 19) ^ ror64(x0, 28);
        s.x[1] = x1 ^ ror64(x1, 61) ^ ror64(x1, 39);
        s.x[2] = x2 ^ ror64(x2, 1) ^ ror64(x2, 6);
        s.x[3] = x3 ^ ror64(x3, 10) ^ ror64(x3, 17);
        s.x[4] = x4 ^ ror64(x4, 7) ^ ror64(x4, 41);
    }
}

/** @brief n (0..8) bytes little-endian into a word. */
RS_HD std::uint64_t asconLoadLe(const std::uint8_t* p, int n) {
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i)
        v |= std::uint64_t(p[i]) << (8 * i);
    return v;
}
RS_HD void asconStoreLe(std::uint8_t* p, std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i)
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

/** @brief XORs n (0..15) bytes into the rate, then the padding byte 0x01 right after them; with `out`
 *  the resulting rate bytes are the ciphertext. */
RS_HD void asconAbsorbLast(AsconState& s, const std::uint8_t* in, int n, std::uint8_t* out) {
    const int n0 = n < 8 ? n : 8;
    s.x[0] ^= asconLoadLe(in, n0);
    if (n > 8) s.x[1] ^= asconLoadLe(in + 8, n - 8);
    if (out) {
        asconStoreLe(out, s.x[0], n0);
        if (n > 8) asconStoreLe(out + 8, s.x[1], n - 8);
    }
    s.x[n / 8] ^= std::uint64_t(0x01) << (8 * (n % 8));
}

/** @brief Ascon-AEAD128 encryption: out gets len bytes of ciphertext, tag 16 bytes. */
RS_HD void asconAead128Encrypt(const std::uint8_t* key, const std::uint8_t* nonce, const std::uint8_t* ad,
                               std::uint64_t adLen, const std::uint8_t* in, std::uint64_t len,
                               std::uint8_t* out, std::uint8_t* tag) {
    const std::uint64_t k0 = asconLoadLe(key, 8), k1 = asconLoadLe(key + 8, 8);
    AsconState s{{kAsconAead128Iv, k0, k1, asconLoadLe(nonce, 8), asconLoadLe(nonce + 8, 8)}};
    asconPermute(s, 12);
    s.x[3] ^= k0;
    s.x[4] ^= k1;
    if (adLen > 0) {
        for (; adLen >= 16; adLen -= 16, ad += 16) {
            s.x[0] ^= asconLoadLe(ad, 8);
            s.x[1] ^= asconLoadLe(ad + 8, 8);
            asconPermute(s, 8);
        }
        asconAbsorbLast(s, ad, static_cast<int>(adLen), nullptr);
        asconPermute(s, 8);
    }
    s.x[4] ^= std::uint64_t(1) << 63;
    for (; len >= 16; len -= 16, in += 16, out += 16) {
        s.x[0] ^= asconLoadLe(in, 8);
        s.x[1] ^= asconLoadLe(in + 8, 8);
        asconStoreLe(out, s.x[0], 8);
        asconStoreLe(out + 8, s.x[1], 8);
        asconPermute(s, 8);
    }
    asconAbsorbLast(s, in, static_cast<int>(len), out);
    s.x[2] ^= k0;
    s.x[3] ^= k1;
    asconPermute(s, 12);
    asconStoreLe(tag, s.x[3] ^ k0, 8);
    asconStoreLe(tag + 8, s.x[4] ^ k1, 8);
}

} // namespace rs::gpu
