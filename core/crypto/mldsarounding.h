#pragma once
// ML-DSA rounding and hints (FIPS 204 section 7.4: Algorithms 35 Power2Round, 36 Decompose, 37 HighBits,
// 38 LowBits, 39 MakeHint, 40 UseHint) and the infinity norm, on single coefficients and on polynomials.
// Inputs r are any integers (reduced mod q first, r+ = r mod q); the r0 parts are signed (r mod± alpha);
// polynomial results are stored as MlDsaPoly with every coefficient in [0, q) (r0 < 0 as r0 + q).

#include "core/crypto/mldsantt.h"

#include <cstdint>
#include <vector>

namespace rs::crypto::mldsa {

/** @brief A value split into a high part r1 and a signed low part r0. */
struct Split {
    std::int32_t r1 = 0;
    std::int32_t r0 = 0;
};

/** @brief a mod q in [0, q). */
inline std::int32_t modQ(std::int64_t a) noexcept {
    // The common cases without a 64-bit division: a already in [0, q), or in (-q, 0).
    if (static_cast<std::uint64_t>(a) < static_cast<std::uint64_t>(kMlDsaQ))
        return static_cast<std::int32_t>(a);
    if (a < 0 && a > -kMlDsaQ) return static_cast<std::int32_t>(a + kMlDsaQ);
    std::int64_t r = a % kMlDsaQ;
    return static_cast<std::int32_t>(r < 0 ? r + kMlDsaQ : r);
}
/** @brief a mod± q in [-(q-1)/2, (q-1)/2]. */
inline std::int32_t centered(std::int64_t a) noexcept {
    const std::int32_t r = modQ(a);
    return r > (kMlDsaQ - 1) / 2 ? r - kMlDsaQ : r;
}
/** @brief x mod± q for x already in [0, q), without a branch (its sign is data): x, or x - q above (q-1)/2.
 */
inline std::int32_t centeredCanonical(std::int32_t x) noexcept {
    return x - ((((kMlDsaQ - 1) / 2 - x) >> 31) & kMlDsaQ);
}
/** @brief a mod± alpha for even alpha > 0: the representative in (-alpha/2, alpha/2]. */
std::int32_t modPm(std::int64_t a, std::int32_t alpha) noexcept;

/** @brief Power2Round (Algorithm 35): (r1, r0) with r+ = r1 * 2^d + r0, r0 = r+ mod± 2^d (d = 13). */
Split power2Round(std::int64_t r) noexcept;
/** @brief Decompose (Algorithm 36): r+ = r1 * 2 gamma2 + r0 with r0 = r+ mod± 2 gamma2, except when
 *  r+ - r0 = q - 1 (then r1 = 0, r0 = r0 - 1). */
Split decompose(std::int64_t r, std::int32_t gamma2) noexcept;
/** @brief HighBits (Algorithm 37): Decompose's r1. */
std::int32_t highBits(std::int64_t r, std::int32_t gamma2) noexcept;
/** @brief LowBits (Algorithm 38): Decompose's r0 (signed). */
std::int32_t lowBits(std::int64_t r, std::int32_t gamma2) noexcept;
/** @brief MakeHint (Algorithm 39): whether HighBits(r) differs from HighBits(r + z). */
bool makeHint(std::int64_t z, std::int64_t r, std::int32_t gamma2) noexcept;
/** @brief UseHint (Algorithm 40): HighBits(r) corrected by the hint h (0 or 1), in [0, (q-1)/(2 gamma2)). */
std::int32_t useHint(bool h, std::int64_t r, std::int32_t gamma2) noexcept;

/** @brief ||w||inf: the largest |w_i mod± q|. */
std::int32_t infNorm(const MlDsaPoly& w) noexcept;
/** @brief The largest ||w_i||inf of a vector (0 for an empty vector). */
std::int32_t infNorm(const std::vector<MlDsaPoly>& v) noexcept;

/** @brief Power2Round of every coefficient: t1 (values 0..1023) and t0 (mod q). */
void power2RoundPoly(const MlDsaPoly& t, MlDsaPoly& t1, MlDsaPoly& t0) noexcept;
/** @brief HighBits of every coefficient. */
MlDsaPoly highBitsPoly(const MlDsaPoly& r, std::int32_t gamma2) noexcept;
/** @brief LowBits of every coefficient (mod q). */
MlDsaPoly lowBitsPoly(const MlDsaPoly& r, std::int32_t gamma2) noexcept;
/** @brief MakeHint of every coefficient (0/1); adds the number of ones to `ones`. */
MlDsaPoly makeHintPoly(const MlDsaPoly& z, const MlDsaPoly& r, std::int32_t gamma2, int& ones) noexcept;
/** @brief UseHint of every coefficient (h's coefficients are 0 or 1). */
MlDsaPoly useHintPoly(const MlDsaPoly& h, const MlDsaPoly& r, std::int32_t gamma2) noexcept;

} // namespace rs::crypto::mldsa
