#pragma once
// LEA encryption of one block, shared by the CUDA kernels and the host tests. Round keys come from the
// host (rs::crypto::Lea::roundKeys(): six words per round; LEA-128 repeats RK1 = RK3 = RK5).

#include "gpu/device/hd.h"

namespace rs::gpu {

constexpr int kLeaMaxRounds = 32;

/** @brief Encrypts `block` (four little-endian words, as the spec loads them) with `rounds` round keys
 *  rk[r][0..5]: X0 = ROL9((X0^RK0) + (X1^RK1)), X1 = ROR5((X1^RK2) + (X2^RK3)),
 *  X2 = ROR3((X2^RK4) + (X3^RK5)), X3 = old X0. */
RS_HD Block128 leaEncrypt(Block128 x, const std::uint32_t (*rk)[6], int rounds) {
    RS_UNROLL
    for (int r = 0; r < rounds; ++r) {
        const std::uint32_t x0 = x.w[0];
        x.w[0] = rol32((x.w[0] ^ rk[r][0]) + (x.w[1] ^ rk[r][1]), 9);
        x.w[1] = ror32((x.w[1] ^ rk[r][2]) + (x.w[2] ^ rk[r][3]), 5);
        x.w[2] = ror32((x.w[2] ^ rk[r][4]) + (x.w[3] ^ rk[r][5]), 3);
        x.w[3] = x0;
    }
    return x;
}

} // namespace rs::gpu
