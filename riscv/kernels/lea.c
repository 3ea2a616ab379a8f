#include "lea.h"

#include <string.h>

static inline uint32_t rol(uint32_t x, int n) {
    return (x << n) | (x >> ((32 - n) & 31));
}
static inline uint32_t ror(uint32_t x, int n) {
    return (x >> n) | (x << ((32 - n) & 31));
}
static inline uint32_t load_le(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint32_t load_be(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}
static inline uint32_t bswap(uint32_t x) {
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

void lea128_key_schedule(const uint8_t key[16], uint32_t rk[LEA128_ROUNDS * 6]) {
    static const uint32_t delta[4] = {0xc3efe9dbu, 0x44626b02u, 0x79e27c8au, 0x78df30ecu};
    uint32_t t[4];
    for (int i = 0; i < 4; ++i) t[i] = load_le(key + 4 * i);
    for (int i = 0; i < LEA128_ROUNDS; ++i) {
        const uint32_t d = delta[i % 4];
        t[0] = rol(t[0] + rol(d, i % 32), 1);
        t[1] = rol(t[1] + rol(d, (i + 1) % 32), 3);
        t[2] = rol(t[2] + rol(d, (i + 2) % 32), 6);
        t[3] = rol(t[3] + rol(d, (i + 3) % 32), 11);
        uint32_t *k = rk + 6 * i;
        k[0] = t[0], k[1] = t[1], k[2] = t[2], k[3] = t[1], k[4] = t[3], k[5] = t[1];
    }
}

void lea128_encrypt_block(const uint32_t *rk, const uint32_t in[4], uint32_t out[4]) {
    uint32_t x0 = in[0], x1 = in[1], x2 = in[2], x3 = in[3];
    for (int r = 0; r < LEA128_ROUNDS; ++r, rk += 6) {
        const uint32_t n0 = rol((x0 ^ rk[0]) + (x1 ^ rk[1]), 9);
        const uint32_t n1 = ror((x1 ^ rk[2]) + (x2 ^ rk[3]), 5);
        const uint32_t n2 = ror((x2 ^ rk[4]) + (x3 ^ rk[5]), 3);
        x3 = x0, x0 = n0, x1 = n1, x2 = n2;
    }
    out[0] = x0, out[1] = x1, out[2] = x2, out[3] = x3;
}

void lea128_ctr_blocks_c(const uint32_t *rk, struct lea_ctr_state *st, const uint32_t *in, uint32_t *out,
                         uint32_t nblocks, const struct lea_ctr_pre *pre) {
    (void)pre;
    for (uint32_t b = 0; b < nblocks; ++b, in += 4, out += 4) {
        const uint32_t ctr[4] = {st->x0, st->x1, st->x2, bswap(st->c)};
        uint32_t ks[4];
        lea128_encrypt_block(rk, ctr, ks);
        for (int i = 0; i < 4; ++i) out[i] = in[i] ^ ks[i];
        st->c += 1;
    }
}

void lea128_precompute(const uint32_t *rk, const struct lea_ctr_state *st, struct lea_ctr_pre *pre) {
    const uint32_t *k0 = rk, *k1 = rk + 6, *k2 = rk + 12, *k3 = rk + 18;
    // Round 1: X1[0], X1[1], X1[3] = X0 need no counter; X1[2] needs X3 after its constant half X2 ^ RK4.
    const uint32_t x1_0 = rol((st->x0 ^ k0[0]) + (st->x1 ^ k0[1]), 9);
    const uint32_t x1_1 = ror((st->x1 ^ k0[2]) + (st->x2 ^ k0[3]), 5);
    pre->p1 = st->x2 ^ k0[4];
    // Round 2: X2[0] and X2[3] = X1[0] are fixed; X2[1] and X2[2] keep one fixed half each.
    pre->x2_0 = rol((x1_0 ^ k1[0]) + (x1_1 ^ k1[1]), 9);
    pre->q = x1_1 ^ k1[2];
    pre->r = st->x0 ^ k1[5]; /* X1[3] = X0 */
    // Round 3: the fixed halves (X2[0] ^ RK0) and (X2[3] ^ RK5); round 4: (X3[3] ^ RK5), X3[3] = X2[0].
    pre->s = pre->x2_0 ^ k2[0];
    pre->t = x1_0 ^ k2[5];
    pre->u = pre->x2_0 ^ k3[5];
}

void lea128_ctr(lea_ctr_blocks_fn blocks, int precomputed, const uint32_t *rk, const uint8_t iv[16], const uint8_t *in,
                uint8_t *out, uint32_t len, int inc32) {
    uint8_t counter[16];
    memcpy(counter, iv, 16);
    struct lea_ctr_state st = {load_le(counter), load_le(counter + 4), load_le(counter + 8), load_be(counter + 12)};
    struct lea_ctr_pre pre;
    if (precomputed) lea128_precompute(rk, &st, &pre);
    uint32_t full = len / 16;
    while (full > 0) {
        const uint64_t room = (uint64_t)0x100000000ull - st.c; /* blocks before the low word wraps */
        const uint32_t n = room < full ? (uint32_t)room : full;
        blocks(rk, &st, (const uint32_t *)in, (uint32_t *)out, n, &pre);
        in += 16 * n, out += 16 * n, full -= n;
        if (n == room && !inc32) { /* carry into bytes 0..11, as one big-endian integer */
            for (int i = 11; i >= 0 && ++counter[i] == 0; --i) {
            }
            st.x0 = load_le(counter), st.x1 = load_le(counter + 4), st.x2 = load_le(counter + 8);
            if (precomputed) lea128_precompute(rk, &st, &pre);
        }
    }
    const uint32_t rest = len % 16;
    if (rest) {
        uint32_t zero[4] = {0, 0, 0, 0}, ks[4];
        blocks(rk, &st, zero, ks, 1, &pre);
        const uint8_t *k = (const uint8_t *)ks;
        for (uint32_t i = 0; i < rest; ++i) out[i] = in[i] ^ k[i];
    }
}
