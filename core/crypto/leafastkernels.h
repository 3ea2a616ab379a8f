#pragma once
// Internal to the LEA fast path: the SIMD kernels (leafastsse2.cpp, leafastavx2.cpp, leafastavx512.cpp).
// Those files are compiled with -msse2 / -mavx2 / -mavx512f and see only this header and leafastx4.h
// (whose code has internal linkage), so they instantiate no inline function that code built for the
// baseline could share.

#include <cstddef>
#include <cstdint>

namespace rs::crypto::detail {

/** @brief The key tables of one LeaFast, as the kernels read them. */
struct LeaKernelKeys {
    const std::uint32_t* rk;   ///< encryption round keys, 6 words per round (RK_i word j at [6i + j])
    const std::uint32_t* rkx4; ///< the same, each word 4 times (16-byte aligned)
    const std::uint32_t* dk;   ///< decryption table, 6 words per round (see leafastx4.h)
    const std::uint32_t* dkx4; ///< the same, each word 4 times (16-byte aligned)
    int rounds;                ///< 24, 28 or 32
};

/** @brief Encrypts (decrypts) the first 4 * floor(blocks / 4) blocks; returns how many it did. */
std::size_t leaEcbSse2(const LeaKernelKeys& keys, bool decrypt, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t blocks) noexcept;
/** @brief Encrypts (decrypts) groups of 8 blocks, then one group of 4 if 4 or more are left (128-bit
 *  VEX code); returns how many blocks it did (blocks rounded down to a multiple of 4). */
std::size_t leaEcbAvx2(const LeaKernelKeys& keys, bool decrypt, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t blocks) noexcept;
/** @brief Encrypts (decrypts) groups of 32 blocks (two sets of 16 round by round), then one of 16 if 16
 *  or more are left; returns how many blocks it did (blocks rounded down to a multiple of 16). The caller
 *  hands the rest to leaEcbAvx2. */
std::size_t leaEcbAvx512(const LeaKernelKeys& keys, bool decrypt, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t blocks) noexcept;
/** @brief CTR on groups of 32 blocks, then one of 16 (as leaEcbAvx512): out = in xor E(counter), the
 *  counter (hi, lo) a big-endian 128-bit integer advanced by one per block (updated in place). Stops
 *  before a group in which the lowest 32-bit word of the counter would wrap (the caller runs that group
 *  another way) and after the last whole group; returns how many blocks it did (a multiple of 16).
 *  in == out is allowed. */
std::size_t leaCtrAvx512(const LeaKernelKeys& keys, std::uint64_t& hi, std::uint64_t& lo,
                         const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept;
/** @brief Whether the kernels were compiled in (x86 with GCC or Clang). */
bool leaSse2Compiled() noexcept;
bool leaAvx2Compiled() noexcept;
bool leaAvx512Compiled() noexcept;

} // namespace rs::crypto::detail
