/* LEA-128 in plain C, written from the specification (KS X 3246): 24 rounds over four 32-bit words loaded
 * little-endian; the key schedule adds the rotated constants delta[i mod 4]. */
#include "toylea.h"

#include <string.h>

static uint32_t rol(uint32_t x, unsigned n) {
    n &= 31u;
    return n ? (x << n) | (x >> (32u - n)) : x;
}

static uint32_t ror(uint32_t x, unsigned n) {
    return rol(x, 32u - (n & 31u));
}

static uint32_t load32(const uint8_t* p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32(uint8_t* p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Key schedule: RK_i = (T0, T1, T2, T1, T3, T1) after the i-th update of T. */
static void schedule(const uint8_t key[16], uint32_t rk[24][6]) {
    static const uint32_t delta[4] = {0xc3efe9dbu, 0x44626b02u, 0x79e27c8au, 0x78df30ecu};
    uint32_t t[4];
    for (int j = 0; j < 4; ++j)
        t[j] = load32(key + 4 * j);
    for (unsigned i = 0; i < 24; ++i) {
        const uint32_t d = delta[i % 4];
        t[0] = rol(t[0] + rol(d, i), 1);
        t[1] = rol(t[1] + rol(d, i + 1), 3);
        t[2] = rol(t[2] + rol(d, i + 2), 6);
        t[3] = rol(t[3] + rol(d, i + 3), 11);
        rk[i][0] = t[0], rk[i][1] = t[1], rk[i][2] = t[2];
        rk[i][3] = t[1], rk[i][4] = t[3], rk[i][5] = t[1];
    }
}

/* One round: X0 <- ROL9((X0^RK0) + (X1^RK1)), X1 <- ROR5((X1^RK2) + (X2^RK3)), X2 <- ROR3((X2^RK4) +
 * (X3^RK5)), X3 <- X0. */
static void block(const uint32_t rk[24][6], const uint8_t in[16], uint8_t out[16]) {
    uint32_t x[4];
    for (int j = 0; j < 4; ++j)
        x[j] = load32(in + 4 * j);
    for (int i = 0; i < 24; ++i) {
        const uint32_t x0 = x[0];
        x[0] = rol((x[0] ^ rk[i][0]) + (x[1] ^ rk[i][1]), 9);
        x[1] = ror((x[1] ^ rk[i][2]) + (x[2] ^ rk[i][3]), 5);
        x[2] = ror((x[2] ^ rk[i][4]) + (x[3] ^ rk[i][5]), 3);
        x[3] = x0;
    }
    for (int j = 0; j < 4; ++j)
        store32(out + 4 * j, x[j]);
}

void toy_lea128_ecb(const uint8_t key[16], const uint8_t* in, uint8_t* out, size_t len) {
    uint32_t rk[24][6];
    schedule(key, rk);
    for (size_t off = 0; off + 16 <= len; off += 16)
        block(rk, in + off, out + off);
}

void toy_lea128_ctr(const uint8_t key[16], const uint8_t iv[16], const uint8_t* in, uint8_t* out,
                    size_t len) {
    uint32_t rk[24][6];
    uint8_t counter[16], stream[16];
    schedule(key, rk);
    memcpy(counter, iv, 16);
    for (size_t off = 0; off < len; off += 16) {
        block(rk, counter, stream);
        for (size_t k = 0; k < 16 && off + k < len; ++k)
            out[off + k] = in[off + k] ^ stream[k];
        /* The next counter block: +1 as a big-endian integer, carrying into the higher bytes. */
        for (int b = 15; b >= 0; --b)
            if (++counter[b] != 0) break;
    }
}
