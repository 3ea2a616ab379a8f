#pragma once
// ML-DSA ring arithmetic, fast path: the same four operations as core/crypto/mldsantt.h (FIPS 204
// Algorithms 41, 42, 44, 45) with identical results (coefficients canonical in [0, q), NTT output in the
// spec's bit-reversed order), computed with signed 32-bit Montgomery arithmetic (R = 2^32) and lazy
// reduction: the forward NTT lets coefficients grow to |x| < 9q over its 8 layers and reduces once at
// the end; the inverse lets the sums grow to |x| < 256q (< 2^31) and folds 256^-1 into one final
// Montgomery multiplication. Two implementations: "avx2" (8 lanes of 32 bits, the last three layers on
// an 8 x 8 transpose; chosen at run time when the CPU has AVX2 and the compiler targets x86-64) and
// "portable" (the same arithmetic in scalar C++, everywhere). Inputs must be canonical (as MlDsaPoly
// promises); the functions do not check.

#include "core/crypto/mldsantt.h"

#include <optional>
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

namespace detail {
// The AVX2 kernels (mldsanttavx2.cpp); callable only when mldsaFastImplAvailable(Avx2). Plain pointers to
// 256 coefficients, so that file instantiates no inline function shared with code built without AVX2.
void mldsaNttAvx2(std::int32_t* w) noexcept;
void mldsaInverseNttAvx2(std::int32_t* w) noexcept;
void mldsaMultiplyAvx2(std::int32_t* a, const std::int32_t* b) noexcept;
void mldsaAddAvx2(std::int32_t* a, const std::int32_t* b) noexcept;
/** @brief Whether mldsanttavx2.cpp was compiled with its kernels (x86-64 with GCC or Clang). */
bool mldsaAvx2Compiled() noexcept;
} // namespace detail

} // namespace rs::crypto
