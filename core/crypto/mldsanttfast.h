#pragma once
// ML-DSA ring arithmetic, fast path: the same four operations as core/crypto/mldsantt.h (FIPS 204
// Algorithms 41, 42, 44, 45) with identical results (coefficients canonical in [0, q), NTT output in the
// spec's bit-reversed order), computed with signed 32-bit Montgomery arithmetic (R = 2^32) and lazy
// reduction: the forward NTT lets coefficients grow to |x| < 9q over its 8 layers and reduces once at
// the end; the inverse lets the sums grow to |x| < 256q (< 2^31) and folds 256^-1 into its last layer
// (the sums times 256^-1, the differences times the layer's twiddle and 256^-1 in one Montgomery
// product). Two implementations: "avx2" (8 lanes of 32 bits, the polynomial in registers across merged
// layers, the last three on an 8 x 8 transpose; chosen at run time when the CPU has AVX2 and the compiler
// targets x86-64) and "portable" (the same arithmetic in scalar C++, everywhere). Inputs must be
// canonical (as MlDsaPoly promises); the functions do not check. The Montgomery-domain functions below
// skip the canonical reductions for the scheme's chains of operations.

#include "core/crypto/mldsantt.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace rs::crypto {

/** @brief An implementation of the fast path. */
enum class MlDsaFastImpl { Portable, Avx2 };

/** @brief "portable" or "avx2". */
const char* mldsaFastImplName(MlDsaFastImpl impl) noexcept;
/** @brief The implementation named `name` ("portable", "avx2"); nullopt for any other name. */
std::optional<MlDsaFastImpl> mldsaFastImplFromName(std::string_view name) noexcept;
/** @brief Whether this build and this CPU can run `impl` (portable: always). */
bool mldsaFastImplAvailable(MlDsaFastImpl impl) noexcept;
/** @brief Every implementation available here, portable first. */
std::vector<MlDsaFastImpl> mldsaFastImpls();
/** @brief The implementation the functions without an explicit one use now: the forced one, else the
 *  best available (avx2 when available, else portable). */
MlDsaFastImpl mldsaFastImplInUse() noexcept;
/** @brief Forces the implementation the functions without an explicit one use (tests, benchmarks);
 *  nullopt returns to the automatic choice. InvalidArgument when `impl` is not available here. */
void mldsaForceFastImpl(std::optional<MlDsaFastImpl> impl);

/** @brief NTT (Algorithm 41) in place. */
void mldsaNttFastInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept;
/** @brief NTT^-1 (Algorithm 42, including the factor 256^-1) in place. */
void mldsaInverseNttFastInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept;
/** @brief MultiplyNTT (Algorithm 45): a <- a o b. */
void mldsaMultiplyNttFastInPlace(MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl) noexcept;
/** @brief AddNTT (Algorithm 44): a <- a + b. */
void mldsaAddNttFastInPlace(MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl) noexcept;

/** @brief NTT(w) with the implementation in use (mldsaFastImplInUse()). */
MlDsaPoly mldsaNttFast(const MlDsaPoly& w) noexcept;
/** @brief NTT^-1(w) with the implementation in use. */
MlDsaPoly mldsaInverseNttFast(const MlDsaPoly& w) noexcept;
/** @brief MultiplyNTT(a, b) with the implementation in use. */
MlDsaPoly mldsaMultiplyNttFast(const MlDsaPoly& a, const MlDsaPoly& b) noexcept;
/** @brief AddNTT(a, b) with the implementation in use. */
MlDsaPoly mldsaAddNttFast(const MlDsaPoly& a, const MlDsaPoly& b) noexcept;

/** @brief The same with an explicit implementation; InvalidArgument when it is not available here. */
MlDsaPoly mldsaNttFast(const MlDsaPoly& w, MlDsaFastImpl impl);
MlDsaPoly mldsaInverseNttFast(const MlDsaPoly& w, MlDsaFastImpl impl);
MlDsaPoly mldsaMultiplyNttFast(const MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl);
MlDsaPoly mldsaAddNttFast(const MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl);

// Montgomery-domain functions with lazily reduced outputs, for chains of ring operations inside the
// scheme (A_hat * NTT(y), c * s1, c * t0, ...): they skip the canonical reduction of every call, leave the
// coefficients in the documented signed range (congruent mod q to the stated value) and expect one
// mldsaCanonicalInPlace at the end of the chain. "2^-32" is the Montgomery factor R^-1 mod q. Every
// implementation returns the same values, not just the same values mod q. Outputs may alias inputs.

/** @brief NTT (Algorithm 41) without the final reduction: for input coefficients |x| < B with
 *  B <= 2^31 - 8q, the output is congruent to NTT(w) mod q (the spec's bit-reversed order, no Montgomery
 *  factor) with |y| < B + 8q; so |y| < 9q for canonical [0, q) or centred (-q, q) input. */
void mldsaNttLazyInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept;
void mldsaNttLazyInPlace(MlDsaPoly& w) noexcept;
/** @brief 2^32 NTT^-1(w) mod q (Algorithm 42, including 256^-1, times R): input |x| < 2^23 (so canonical
 *  or centred coefficients, or a Montgomery product's output), output in (-q, q). After a Montgomery
 *  product (factor 2^-32) this gives NTT^-1(a o b) exactly mod q. */
void mldsaInverseNttMontInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept;
void mldsaInverseNttMontInPlace(MlDsaPoly& w) noexcept;
/** @brief mldsaInverseNttMontInPlace then mldsaCanonicalInPlace, in one pass: the same input, output in
 *  [0, q) (the AVX2 kernel adds q to its last layer's negative outputs as it stores them). */
void mldsaInverseNttMontCanonicalInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept;
/** @brief out_i = a_i b_i 2^-32 mod q, in (-q, q) whenever |a_i b_i| < q 2^31 (e.g. both |.| < 9q, the
 *  bound of mldsaNttLazyInPlace's output for canonical input). */
void mldsaPointwiseMont(MlDsaPoly& out, const MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl) noexcept;
void mldsaPointwiseMont(MlDsaPoly& out, const MlDsaPoly& a, const MlDsaPoly& b) noexcept;
/** @brief out_i = sum_j a[j]_i b[j]_i 2^-32 mod q, summed exactly (64 bits) and reduced once: in (-q, q)
 *  whenever sum_j |a[j]_i b[j]_i| < q 2^31 (e.g. up to 28 terms with one factor canonical and the other
 *  |.| < 9q). One row of the matrix-vector product A_hat * NTT(y). InvalidArgument when the spans' sizes
 *  differ; empty spans give 0. */
void mldsaPointwiseMontAcc(MlDsaPoly& out, std::span<const MlDsaPoly> a, std::span<const MlDsaPoly> b,
                           MlDsaFastImpl impl);
void mldsaPointwiseMontAcc(MlDsaPoly& out, std::span<const MlDsaPoly> a, std::span<const MlDsaPoly> b);
/** @brief Reduces every coefficient with |x| < 2^31 - 2^22 (every range above) to [0, q). */
void mldsaCanonicalInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept;
void mldsaCanonicalInPlace(MlDsaPoly& w) noexcept;

namespace detail {
// The AVX2 kernels (mldsanttavx2.cpp); callable only when mldsaFastImplAvailable(Avx2). Plain pointers to
// 256 coefficients, so that file instantiates no inline function shared with code built without AVX2.
void mldsaNttAvx2(std::int32_t* w) noexcept;
void mldsaInverseNttAvx2(std::int32_t* w) noexcept;
void mldsaMultiplyAvx2(std::int32_t* a, const std::int32_t* b) noexcept;
void mldsaAddAvx2(std::int32_t* a, const std::int32_t* b) noexcept;
void mldsaNttLazyAvx2(std::int32_t* w) noexcept;
void mldsaInverseNttMontAvx2(std::int32_t* w) noexcept;
void mldsaInverseNttMontCanonicalAvx2(std::int32_t* w) noexcept;
void mldsaPointwiseMontAvx2(std::int32_t* out, const std::int32_t* a, const std::int32_t* b) noexcept;
/** out = sum_j a[j] o b[j] 2^-32 over `count` pairs of 256-coefficient arrays stored back to back. */
void mldsaPointwiseMontAccAvx2(std::int32_t* out, const std::int32_t* a, const std::int32_t* b,
                               std::size_t count) noexcept;
void mldsaFreezeAvx2(std::int32_t* w) noexcept;
/** @brief Whether mldsanttavx2.cpp was compiled with its kernels (x86-64 with GCC or Clang). */
bool mldsaAvx2Compiled() noexcept;
} // namespace detail

} // namespace rs::crypto
