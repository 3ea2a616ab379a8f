#pragma once
// Internal to the LEA fast path: the SIMD kernels (leafastsse2.cpp, leafastavx2.cpp). Those files are
// compiled with -msse2 / -mavx2 and see only this header, so they instantiate no inline function that
// code built for the baseline could share.

#include <cstddef>
#include <cstdint>

namespace rs::crypto::detail {

/** @brief Encrypts 4 * groups blocks; `rkx4` holds every round-key word 4 times (16-byte aligned). */
void leaEcbSse2(const std::uint32_t* rkx4, int rounds, const std::uint8_t* in, std::uint8_t* out,
                std::size_t groups) noexcept;
/** @brief Encrypts 8 * groups blocks; `rk` holds the round keys, 6 words per round. */
void leaEcbAvx2(const std::uint32_t* rk, int rounds, const std::uint8_t* in, std::uint8_t* out,
                std::size_t groups) noexcept;
/** @brief Whether the kernels were compiled in (x86 with GCC or Clang). */
bool leaSse2Compiled() noexcept;
bool leaAvx2Compiled() noexcept;

} // namespace rs::crypto::detail
