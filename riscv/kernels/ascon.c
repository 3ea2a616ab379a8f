#include "ascon.h"

static inline uint64_t ror64(uint64_t x, int n) {
    return (x >> n) | (x << (64 - n));
}
static uint64_t load_le(const uint8_t *p, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= (uint64_t)p[i] << (8 * i);
    return v;
}
static void store_le(uint8_t *p, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) p[i] = (uint8_t)(v >> (8 * i));
}

/* The last `rounds` rounds of the 12-round permutation. */
static void permute(uint64_t s[5], int rounds) {
    uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4];
    for (int i = 12 - rounds; i < 12; ++i) {
        x2 ^= (uint64_t)(((0xfu - (unsigned)i) << 4) | (unsigned)i);
        x0 ^= x4, x4 ^= x3, x2 ^= x1;
        const uint64_t t0 = ~x0 & x1, t1 = ~x1 & x2, t2 = ~x2 & x3, t3 = ~x3 & x4, t4 = ~x4 & x0;
        x0 ^= t1, x1 ^= t2, x2 ^= t3, x3 ^= t4, x4 ^= t0;
        x1 ^= x0, x0 ^= x4, x3 ^= x2, x2 = ~x2;
        x0 ^= ror64(x0, 19) ^ ror64(x0, 28);
        x1 ^= ror64(x1, 61) ^ ror64(x1, 39);
        x2 ^= ror64(x2, 1) ^ ror64(x2, 6);
        x3 ^= ror64(x3, 10) ^ ror64(x3, 17);
        x4 ^= ror64(x4, 7) ^ ror64(x4, 41);
    }
    s[0] = x0, s[1] = x1, s[2] = x2, s[3] = x3, s[4] = x4;
}

/* n (0..15) bytes into the rate, then the padding byte 0x01; with out, the rate bytes are written. */
static void absorb_last(uint64_t s[5], const uint8_t *in, uint32_t n, uint8_t *out) {
    const int n0 = n < 8 ? (int)n : 8;
    s[0] ^= load_le(in, n0);
    if (n > 8) s[1] ^= load_le(in + 8, (int)n - 8);
    if (out) {
        store_le(out, s[0], n0);
        if (n > 8) store_le(out + 8, s[1], (int)n - 8);
    }
    s[n / 8] ^= (uint64_t)1 << (8 * (n % 8));
}

void ascon_aead128_encrypt(const uint8_t key[16], const uint8_t nonce[16], const uint8_t *ad, uint32_t ad_len,
                           const uint8_t *in, uint32_t len, uint8_t *out, uint8_t tag[16]) {
    const uint64_t k0 = load_le(key, 8), k1 = load_le(key + 8, 8);
    uint64_t s[5] = {0x00001000808c0001ull, k0, k1, load_le(nonce, 8), load_le(nonce + 8, 8)};
    permute(s, 12);
    s[3] ^= k0, s[4] ^= k1;
    if (ad_len > 0) {
        for (; ad_len >= 16; ad_len -= 16, ad += 16) {
            s[0] ^= load_le(ad, 8), s[1] ^= load_le(ad + 8, 8);
            permute(s, 8);
        }
        absorb_last(s, ad, ad_len, 0);
        permute(s, 8);
    }
    s[4] ^= (uint64_t)1 << 63;
    for (; len >= 16; len -= 16, in += 16, out += 16) {
        s[0] ^= load_le(in, 8), s[1] ^= load_le(in + 8, 8);
        store_le(out, s[0], 8), store_le(out + 8, s[1], 8);
        permute(s, 8);
    }
    absorb_last(s, in, len, out);
    s[2] ^= k0, s[3] ^= k1;
    permute(s, 12);
    store_le(tag, s[3] ^ k0, 8);
    store_le(tag + 8, s[4] ^ k1, 8);
}
