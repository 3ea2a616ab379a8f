#pragma once
// Internal to GHASH with PCLMULQDQ: the kernels of ghashclmulkernel.cpp. That file is compiled with
// -mpclmul -mssse3 and sees only this header, so it instantiates no inline function that code built for
// the baseline could share.

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
} // namespace detail

} // namespace rs::crypto
