#include "ghash.h"

#include <string.h>

static inline uint32_t load_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}
static inline void store_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}
static inline uint64_t load_be64(const uint8_t *p) {
    return (uint64_t)load_be32(p) << 32 | load_be32(p + 4);
}
static inline void store_be64(uint8_t *p, uint64_t v) {
    store_be32(p, (uint32_t)(v >> 32));
    store_be32(p + 4, (uint32_t)v);
}

void gf128_mul_bitserial(const uint8_t x[16], const uint8_t h[16], uint8_t z[16]) {
    /* Four 32-bit words, word 0 the most significant (bit 0 of the block is its top bit). */
    uint32_t v0 = load_be32(h), v1 = load_be32(h + 4), v2 = load_be32(h + 8), v3 = load_be32(h + 12);
    uint32_t z0 = 0, z1 = 0, z2 = 0, z3 = 0;
    for (int i = 0; i < 128; ++i) {
        const uint32_t bit = (uint32_t)(x[i >> 3] >> (7 - (i & 7))) & 1u;
        const uint32_t m = 0u - bit;
        z0 ^= v0 & m, z1 ^= v1 & m, z2 ^= v2 & m, z3 ^= v3 & m;
        const uint32_t lsb = 0u - (v3 & 1u);
        v3 = (v3 >> 1) | (v2 << 31);
        v2 = (v2 >> 1) | (v1 << 31);
        v1 = (v1 >> 1) | (v0 << 31);
        v0 = (v0 >> 1) ^ (0xe1000000u & lsb);
    }
    store_be32(z, z0), store_be32(z + 4, z1), store_be32(z + 8, z2), store_be32(z + 12, z3);
}

/* Reduction of the 4 bits shifted out of the low end, for the table variant. */
static const uint16_t last4[16] = {0x0000, 0x1c20, 0x3840, 0x2460, 0x7080, 0x6ca0, 0x48c0, 0x54e0,
                                   0xe100, 0xfd20, 0xd940, 0xc560, 0x9180, 0x8da0, 0xa9c0, 0xb5e0};

void ghash_init(struct ghash_key *k, const uint8_t h[16], int table) {
    memcpy(k->h, h, 16);
    k->table = table;
    if (!table) return;
    uint64_t vh = load_be64(h), vl = load_be64(h + 8);
    k->hl[0] = k->hh[0] = 0;
    k->hl[8] = vl, k->hh[8] = vh;
    for (int i = 4; i > 0; i >>= 1) { /* H * x, H * x^2, H * x^3 in GCM's reflected order */
        const uint64_t t = (vl & 1) * 0xe1000000u;
        vl = (vh << 63) | (vl >> 1);
        vh = (vh >> 1) ^ (t << 32);
        k->hl[i] = vl, k->hh[i] = vh;
    }
    for (int i = 2; i <= 8; i *= 2)
        for (int j = 1; j < i; ++j) k->hh[i + j] = k->hh[i] ^ k->hh[j], k->hl[i + j] = k->hl[i] ^ k->hl[j];
}

void ghash_mul(const struct ghash_key *k, uint8_t y[16]) {
    if (!k->table) {
        uint8_t z[16];
        gf128_mul_bitserial(y, k->h, z);
        memcpy(y, z, 16);
        return;
    }
    uint8_t lo = y[15] & 0xf;
    uint64_t zh = k->hh[lo], zl = k->hl[lo];
    for (int i = 15; i >= 0; --i) {
        lo = y[i] & 0xf;
        const uint8_t hi = (y[i] >> 4) & 0xf;
        if (i != 15) {
            const uint8_t rem = (uint8_t)(zl & 0xf);
            zl = (zh << 60) | (zl >> 4);
            zh = (zh >> 4) ^ ((uint64_t)last4[rem] << 48);
            zh ^= k->hh[lo], zl ^= k->hl[lo];
        }
        const uint8_t rem = (uint8_t)(zl & 0xf);
        zl = (zh << 60) | (zl >> 4);
        zh = (zh >> 4) ^ ((uint64_t)last4[rem] << 48);
        zh ^= k->hh[hi], zl ^= k->hl[hi];
    }
    store_be64(y, zh);
    store_be64(y + 8, zl);
}

void ghash_update(const struct ghash_key *k, uint8_t y[16], const uint8_t *data, uint32_t len) {
    while (len > 0) {
        const uint32_t n = len < 16 ? len : 16;
        for (uint32_t i = 0; i < n; ++i) y[i] ^= data[i];
        ghash_mul(k, y);
        data += n, len -= n;
    }
}
