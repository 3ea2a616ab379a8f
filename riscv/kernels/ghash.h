/* GHASH on RV32 (SP 800-38D, P(x) = x^128 + x^7 + x^2 + x + 1): paper 003's bit-serial multiply (128
 * shift-and-add steps, R = 0xe1 || 0^120) and a faster 4-bit table (Shoup) variant. Blocks are 16 bytes. */
#ifndef RS_GHASH_H
#define RS_GHASH_H

#include <stdint.h>

struct ghash_key {
    uint8_t h[16];
    uint64_t hl[16], hh[16]; /* table variant: i * H for 4-bit i */
    int table;
};

void ghash_init(struct ghash_key* k, const uint8_t h[16], int table);
/** y = y * H in GF(2^128). */
void ghash_mul(const struct ghash_key* k, uint8_t y[16]);
void gf128_mul_bitserial(const uint8_t x[16], const uint8_t h[16], uint8_t z[16]);
/** y ^= each 16-byte block of data (the last zero-padded), y = y * H after each. */
void ghash_update(const struct ghash_key* k, uint8_t y[16], const uint8_t* data, uint32_t len);

#endif
