#include "skinny.h"

#include <string.h>

static uint8_t sbox[256];

/* S8 (spec, Section 2.3): four times "x4 ^= NOR(x7, x6), x0 ^= NOR(x3, x2)", each but the last followed by
 * the bit permutation (x7..x0) -> (x2, x1, x7, x6, x4, x0, x3, x5), the last by the swap of x1 and x2. */
static uint8_t s8(unsigned x) {
    for (int i = 0; i < 4; ++i) {
        x ^= ~((x >> 3) | (x >> 2)) & 0x11u;
        if (i < 3)
            x = ((x >> 2) & 1) << 7 | ((x >> 1) & 1) << 6 | ((x >> 7) & 1) << 5 | ((x >> 6) & 1) << 4 |
                ((x >> 4) & 1) << 3 | (x & 1) << 2 | ((x >> 3) & 1) << 1 | ((x >> 5) & 1);
        else
            x = (x & 0xf9u) | ((x >> 1) & 1) << 2 | ((x >> 2) & 1) << 1;
    }
    return (uint8_t)x;
}

static void permute_tk(uint8_t tk[16]) {
    static const uint8_t pt[16] = {9, 15, 8, 13, 10, 14, 12, 11, 0, 1, 2, 3, 4, 5, 6, 7};
    uint8_t t[16];
    for (int i = 0; i < 16; ++i) t[i] = tk[pt[i]];
    memcpy(tk, t, 16);
}

void skinny128_256_setup(const uint8_t tweakey[32], struct skinny_key *k) {
    if (sbox[0] == 0)
        for (unsigned x = 0; x < 256; ++x) sbox[x] = s8(x); /* S8(0) = 0x65 */
    uint8_t tk1[16], tk2[16];
    memcpy(tk1, tweakey, 16);
    memcpy(tk2, tweakey + 16, 16);
    for (int r = 0; r < 48; ++r) {
        for (int i = 0; i < 8; ++i) k->rtk[r][i] = tk1[i] ^ tk2[i];
        permute_tk(tk1);
        permute_tk(tk2);
        for (int i = 0; i < 8; ++i) {
            const uint8_t x = tk2[i];
            tk2[i] = (uint8_t)((x << 1) | (((x >> 7) ^ (x >> 5)) & 1));
        }
    }
}

void skinny128_256_encrypt(const struct skinny_key *k, const uint8_t in[16], uint8_t out[16]) {
    uint8_t s[16];
    memcpy(s, in, 16);
    uint8_t rc = 0;
    for (int r = 0; r < 48; ++r) {
        for (int i = 0; i < 16; ++i) s[i] = sbox[s[i]];
        rc = (uint8_t)(((rc << 1) & 0x3f) | (((rc >> 5) ^ (rc >> 4) ^ 1) & 1));
        s[0] ^= rc & 0xf;
        s[4] ^= rc >> 4;
        s[8] ^= 0x2;
        for (int i = 0; i < 8; ++i) s[i] ^= k->rtk[r][i];
        uint8_t t;
        t = s[7], s[7] = s[6], s[6] = s[5], s[5] = s[4], s[4] = t;             /* row 1 right by 1 */
        t = s[8], s[8] = s[10], s[10] = t, t = s[9], s[9] = s[11], s[11] = t; /* row 2 by 2 */
        t = s[12], s[12] = s[13], s[13] = s[14], s[14] = s[15], s[15] = t;     /* row 3 right by 3 */
        for (int c = 0; c < 4; ++c) {
            uint8_t a0 = s[c], a1 = s[4 + c], a2 = s[8 + c], a3 = s[12 + c];
            a1 ^= a2, a2 ^= a0, a3 ^= a2;
            s[c] = a3, s[4 + c] = a0, s[8 + c] = a1, s[12 + c] = a2;
        }
    }
    memcpy(out, s, 16);
}
