#pragma once
// Internal to GHASH with carry-less multiplication: the kernels of ghashclmulkernel.cpp (compiled with
// -mpclmul -mssse3) and ghashvpclmulkernel.cpp (-mvpclmulqdq -mpclmul -mavx512f -mavx512bw). Those files
// see only this header and ghashclmulx1.h (internal linkage), so they instantiate no inline function that
// code built for the baseline could share.

#include <cstddef>
#include <cstdint>

namespace rs::crypto {

namespace detail {
/** @brief Writes H, H^2, H^3, H^4 (byte-reversed) to htab[0..63]. */
void ghashClmulInit(const std::uint8_t h[16], std::uint8_t htab[64]) noexcept;
/** @brief X (GCM byte order, in place) absorbs `blocks` blocks. */
void ghashClmulUpdate(const std::uint8_t htab[64], std::uint8_t x[16], const std::uint8_t* data,
                      std::size_t blocks) noexcept;
/** @brief Whether the kernels were compiled in (x86 with GCC or Clang). */
bool ghashClmulCompiled() noexcept;
/** @brief From htab (H .. H^4 as ghashClmulInit writes them) writes H^16, H^15, .., H^1 (byte-reversed,
 *  64-byte aligned) to hpow[0..255]. */
void ghashVpclmulInit(const std::uint8_t htab[64], std::uint8_t hpow[256]) noexcept;
/** @brief X (GCM byte order, in place) absorbs the first 16 * floor(blocks / 16) blocks, 16 per
 *  reduction; returns how many it absorbed. The caller hands the rest to ghashClmulUpdate. */
std::size_t ghashVpclmulUpdate(const std::uint8_t hpow[256], std::uint8_t x[16], const std::uint8_t* data,
                               std::size_t blocks) noexcept;
/** @brief Whether the VPCLMULQDQ kernel was compiled in (x86 with GCC or Clang). */
bool ghashVpclmulCompiled() noexcept;
} // namespace detail

} // namespace rs::crypto
