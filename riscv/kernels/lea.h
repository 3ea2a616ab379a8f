/* LEA-128 on RV32: the C reference (key schedule, one block) and CTR over full blocks, in C and in the
 * three assembly variants of paper 003 (lea_ctr.S). Words are loaded little-endian as the spec says;
 * the counter block is incremented as one big-endian integer (as rs::crypto::ctrXor and the KISA vectors),
 * so the changing word is X3 (bytes 12..15) — the paper puts its counter in X0; the same analysis, mirrored.
 */
#ifndef RS_LEA_H
#define RS_LEA_H

#include <stdint.h>

#define LEA128_ROUNDS 24

void lea128_key_schedule(const uint8_t key[16], uint32_t rk[LEA128_ROUNDS * 6]);
void lea128_encrypt_block(const uint32_t* rk, const uint32_t in[4], uint32_t out[4]);

/** The counter state of a run of blocks: X0..X2 are the counter block's first three words (fixed while the
 *  low 32 bits count), c the big-endian low 32 bits as a number; X3 = bswap(c). */
struct lea_ctr_state {
    uint32_t x0, x1, x2, c;
};

/** Counter-independent words for the precomputed variants (per nonce, see lea128_precompute). */
struct lea_ctr_pre {
    uint32_t p1, q, r, s, t, u, x2_0;
};

/** nblocks full blocks: out = in ^ E(counter), counter c += 1 each (no carry: the caller splits at a wrap).
 */
typedef void (*lea_ctr_blocks_fn)(const uint32_t* rk, struct lea_ctr_state* st, const uint32_t* in,
                                  uint32_t* out, uint32_t nblocks, const struct lea_ctr_pre* pre);

void lea128_ctr_blocks_c(const uint32_t* rk, struct lea_ctr_state* st, const uint32_t* in, uint32_t* out,
                         uint32_t nblocks, const struct lea_ctr_pre* pre);
void lea128_ctr_blocks_plain(const uint32_t* rk, struct lea_ctr_state* st, const uint32_t* in, uint32_t* out,
                             uint32_t nblocks, const struct lea_ctr_pre* pre);
void lea128_ctr_blocks_pre(const uint32_t* rk, struct lea_ctr_state* st, const uint32_t* in, uint32_t* out,
                           uint32_t nblocks, const struct lea_ctr_pre* pre);
void lea128_ctr_blocks_pre_fixed(const uint32_t* rk, struct lea_ctr_state* st, const uint32_t* in,
                                 uint32_t* out, uint32_t nblocks, const struct lea_ctr_pre* pre);

/** The words of rounds 1..4 that do not depend on the counter word X3, for X0..X2 of `st`. */
void lea128_precompute(const uint32_t* rk, const struct lea_ctr_state* st, struct lea_ctr_pre* pre);

/** CTR over any length with `blocks` (C or assembly): splits at a wrap of the low 32 bits (carrying into
 *  the upper 96 bits unless inc32, GCM's increment), precomputes again when X0..X2 change, and does the
 *  last partial block through a zero block. in/out must be 4-byte aligned. */
void lea128_ctr(lea_ctr_blocks_fn blocks, int precomputed, const uint32_t* rk, const uint8_t iv[16],
                const uint8_t* in, uint8_t* out, uint32_t len, int inc32);

#endif
