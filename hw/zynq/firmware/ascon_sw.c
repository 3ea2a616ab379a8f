#include "ascon_sw.h"

#include <string.h>

struct spec {
    uint64_t iv;
    int rate, b, le; /* rate bytes, rounds of p^b, little-endian words (SP 800-232) */
};

static const struct spec specs[3] = {
    {0x80400c0600000000ull, 8, 6, 0},  /* Ascon-128 v1.2 */
    {0x80800c0800000000ull, 16, 8, 0}, /* Ascon-128a v1.2 */
    {0x00001000808c0001ull, 16, 8, 1}, /* Ascon-AEAD128 */
};

static uint64_t ror(uint64_t x, int n) {
    return (x >> n) | (x << (64 - n));
}

static void permute(uint64_t *s, int rounds) {
    for (int i = 12 - rounds; i < 12; ++i) {
        uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4];
        x2 ^= (uint64_t)(((0xfu - (unsigned)i) << 4) | (unsigned)i);
        x0 ^= x4, x4 ^= x3, x2 ^= x1;
        const uint64_t t0 = ~x0 & x1, t1 = ~x1 & x2, t2 = ~x2 & x3, t3 = ~x3 & x4, t4 = ~x4 & x0;
        x0 ^= t1, x1 ^= t2, x2 ^= t3, x3 ^= t4, x4 ^= t0;
        x1 ^= x0, x0 ^= x4, x3 ^= x2, x2 = ~x2;
        s[0] = x0 ^ ror(x0, 19) ^ ror(x0, 28);
        s[1] = x1 ^ ror(x1, 61) ^ ror(x1, 39);
        s[2] = x2 ^ ror(x2, 1) ^ ror(x2, 6);
        s[3] = x3 ^ ror(x3, 10) ^ ror(x3, 17);
        s[4] = x4 ^ ror(x4, 7) ^ ror(x4, 41);
    }
}

/* Byte i of the rate (0..rate-1) in the variant's byte order. */
static int shift_of(const struct spec *v, int i) {
    return v->le ? 8 * (i % 8) : 56 - 8 * (i % 8);
}

static uint8_t get_byte(const uint64_t *s, const struct spec *v, int i) {
    return (uint8_t)(s[i / 8] >> shift_of(v, i));
}
static void xor_byte(uint64_t *s, const struct spec *v, int i, uint8_t b) {
    s[i / 8] ^= (uint64_t)b << shift_of(v, i);
}
static void set_byte(uint64_t *s, const struct spec *v, int i, uint8_t b) {
    s[i / 8] &= ~((uint64_t)0xff << shift_of(v, i));
    s[i / 8] |= (uint64_t)b << shift_of(v, i);
}

static uint64_t load(const struct spec *v, const uint8_t *p) {
    uint64_t x = 0;
    for (int i = 0; i < 8; ++i) x |= (uint64_t)p[i] << (v->le ? 8 * i : 56 - 8 * i);
    return x;
}

/* Initialisation and associated data; leaves the state ready for the message. */
static void start(const struct spec *v, uint64_t *s, const uint8_t *key, const uint8_t *nonce, const uint8_t *ad,
                  uint32_t ad_len) {
    const uint64_t k0 = load(v, key), k1 = load(v, key + 8);
    s[0] = v->iv, s[1] = k0, s[2] = k1, s[3] = load(v, nonce), s[4] = load(v, nonce + 8);
    permute(s, 12);
    s[3] ^= k0, s[4] ^= k1;
    if (ad_len > 0) {
        uint32_t i = 0;
        for (; i + (uint32_t)v->rate <= ad_len; i += (uint32_t)v->rate) {
            for (int j = 0; j < v->rate; ++j) xor_byte(s, v, j, ad[i + (uint32_t)j]);
            permute(s, v->b);
        }
        const int rest = (int)(ad_len - i);
        for (int j = 0; j < rest; ++j) xor_byte(s, v, j, ad[i + (uint32_t)j]);
        xor_byte(s, v, rest, v->le ? 0x01 : 0x80);
        permute(s, v->b);
    }
    s[4] ^= v->le ? (uint64_t)1 << 63 : 1;
}

static void finish(const struct spec *v, uint64_t *s, const uint8_t *key, uint8_t *tag) {
    const uint64_t k0 = load(v, key), k1 = load(v, key + 8);
    s[v->rate / 8] ^= k0, s[v->rate / 8 + 1] ^= k1;
    permute(s, 12);
    s[3] ^= k0, s[4] ^= k1;
    for (int i = 0; i < 16; ++i) tag[i] = (uint8_t)(s[3 + i / 8] >> (v->le ? 8 * (i % 8) : 56 - 8 * (i % 8)));
}

int ascon_sw_encrypt(int variant, const uint8_t key[16], const uint8_t nonce[16], const uint8_t *ad, uint32_t ad_len,
                     const uint8_t *in, uint32_t len, uint8_t *out) {
    if (variant < 0 || variant > 2) return -1;
    const struct spec *v = &specs[variant];
    uint64_t s[5];
    start(v, s, key, nonce, ad, ad_len);
    uint32_t i = 0;
    for (; i + (uint32_t)v->rate <= len; i += (uint32_t)v->rate) {
        for (int j = 0; j < v->rate; ++j) {
            xor_byte(s, v, j, in[i + (uint32_t)j]);
            out[i + (uint32_t)j] = get_byte(s, v, j);
        }
        permute(s, v->b);
    }
    const int rest = (int)(len - i);
    for (int j = 0; j < rest; ++j) {
        xor_byte(s, v, j, in[i + (uint32_t)j]);
        out[i + (uint32_t)j] = get_byte(s, v, j);
    }
    xor_byte(s, v, rest, v->le ? 0x01 : 0x80);
    finish(v, s, key, out + len);
    return 0;
}

int ascon_sw_decrypt(int variant, const uint8_t key[16], const uint8_t nonce[16], const uint8_t *ad, uint32_t ad_len,
                     const uint8_t *in, uint32_t len, const uint8_t tag[16], uint8_t *out) {
    if (variant < 0 || variant > 2) return -1;
    const struct spec *v = &specs[variant];
    uint64_t s[5];
    start(v, s, key, nonce, ad, ad_len);
    uint32_t i = 0;
    for (; i + (uint32_t)v->rate <= len; i += (uint32_t)v->rate) {
        for (int j = 0; j < v->rate; ++j) {
            out[i + (uint32_t)j] = get_byte(s, v, j) ^ in[i + (uint32_t)j];
            set_byte(s, v, j, in[i + (uint32_t)j]);
        }
        permute(s, v->b);
    }
    const int rest = (int)(len - i);
    for (int j = 0; j < rest; ++j) {
        out[i + (uint32_t)j] = get_byte(s, v, j) ^ in[i + (uint32_t)j];
        set_byte(s, v, j, in[i + (uint32_t)j]);
    }
    xor_byte(s, v, rest, v->le ? 0x01 : 0x80);
    uint8_t want[16];
    finish(v, s, key, want);
    uint8_t diff = 0;
    for (int k = 0; k < 16; ++k) diff |= (uint8_t)(want[k] ^ tag[k]);
    if (diff) {
        memset(out, 0, len);
        return 1;
    }
    return 0;
}
