#pragma once
// ML-DSA's SIMD kernels outside the ring (mldsasampleavx2.cpp, mldsaroundavx2.cpp): plain pointers, so that
// no inline function compiled for AVX2 is shared with code built without it. Callable only when
// mldsaFastImplInUse() is Avx2.

#include <cstddef>
#include <cstdint>

namespace rs::crypto::detail {

/** @brief RejNTTPoly's rule on buf[pos, len) eight 3-byte groups at a time while a has room for eight more
 *  coefficients (n + 8 <= 256) and 32 bytes can be read (pos + 32 <= len): kept coefficients go to a[n...]
 *  in order, pos advances by 24 a step; returns the new n. The caller finishes the block with the scalar
 *  rule. a must hold 256 coefficients (a step stores 8 lanes at a[n]). */
std::size_t mldsaRejUniformAvx2(std::int32_t* a, std::size_t n, const std::uint8_t* buf, std::size_t len,
                                std::size_t& pos) noexcept;
/** @brief RejBoundedPoly's rule (CoeffFromHalfByte for `eta` 2 or 4) on buf[pos, len) four bytes (eight
 *  nibbles, low first) at a time while n + 8 <= 256 and pos + 4 <= len: kept coefficients, mod q, go to
 *  a[n...] in order, pos advances by 4 a step; returns the new n. The caller finishes with the scalar rule.
 */
std::size_t mldsaRejEtaAvx2(std::int32_t* a, std::size_t n, const std::uint8_t* buf, std::size_t len,
                            std::size_t& pos, int eta) noexcept;
/** @brief BitUnpack(in, gamma1 - 1, gamma1) (Algorithm 19) for `bits` 18 or 20 (= 1 + bitlen(gamma1 - 1)):
 *  in holds 32 bits bytes, out gets the 256 values gamma1 - x mod q, in [0, q). */
void mldsaUnpackZAvx2(std::int32_t* out, const std::uint8_t* in, int bits, std::int32_t gamma1) noexcept;
/** @brief Whether mldsasampleavx2.cpp was compiled with its kernels (x86 with GCC or Clang). */
bool mldsaSampleAvx2Compiled() noexcept;

// Signing's coefficient loops (mldsaroundavx2.cpp), over 256 coefficients in [0, q), gamma2 (q-1)/88 or
// (q-1)/32. Outputs may not alias inputs except where stated.
/** @brief w1 = HighBits(w) (Algorithm 37). */
void mldsaHighBitsAvx2(std::int32_t* w1, const std::int32_t* w, std::int32_t gamma2) noexcept;
/** @brief z = y + cs1 mod q in [0, q); returns max |z mod± q|. */
std::int32_t mldsaAddNormAvx2(std::int32_t* z, const std::int32_t* y, const std::int32_t* cs1) noexcept;
/** @brief v = w - cs2 mod q in [0, q); returns max |LowBits(v)| (Algorithm 38). */
std::int32_t mldsaSubLowNormAvx2(std::int32_t* v, const std::int32_t* w, const std::int32_t* cs2,
                                 std::int32_t gamma2) noexcept;
/** @brief h = MakeHint(-ct0, v + ct0) (Algorithm 39) as 0/1, ct0Norm = max |ct0 mod± q|; returns the
 *  number of ones. */
int mldsaHintsAvx2(std::int32_t* h, const std::int32_t* v, const std::int32_t* ct0, std::int32_t gamma2,
                   std::int32_t& ct0Norm) noexcept;
/** @brief w1 = UseHint(h, r) (Algorithm 40), h of 0/1. */
void mldsaUseHintAvx2(std::int32_t* w1, const std::int32_t* h, const std::int32_t* r,
                      std::int32_t gamma2) noexcept;
/** @brief SimpleBitPack of 256 fields already in [0, 2^bits), for `bits` 3, 4, 6, 10 or 13 (s1/s2, w1, t1,
 * t0): 32 bits bytes. Other widths write nothing. */
void mldsaPackFieldsAvx2(std::uint8_t* out, const std::int32_t* fields, int bits) noexcept;
/** @brief Whether mldsaroundavx2.cpp was compiled with its kernels. */
bool mldsaRoundAvx2Compiled() noexcept;

} // namespace rs::crypto::detail
