/* SKINNY-128-256 encryption on RV32, in C (byte cells, row by row, as the spec). */
#ifndef RS_SKINNY_H
#define RS_SKINNY_H

#include <stdint.h>

struct skinny_key {
    uint8_t rtk[48][8]; /* round tweakeys: rows 0 and 1 of TK1 ^ TK2 */
};

/** Builds the S-box from the spec's circuit (once) and the round tweakeys of a 32-byte tweakey. */
void skinny128_256_setup(const uint8_t tweakey[32], struct skinny_key* k);
void skinny128_256_encrypt(const struct skinny_key* k, const uint8_t in[16], uint8_t out[16]);

#endif
