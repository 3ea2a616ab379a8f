#pragma once
// Private to the ML-DSA fast path (mldsanttfast.cpp, mldsanttavx2.cpp): the Montgomery constants for
// q = 8380417 with R = 2^32 and the twiddle tables in Montgomery form, centred in (-q/2, q/2]. Data only
// (every value is computed at compile time), so the AVX2 file shares no function code with the rest.

#include "core/crypto/mldsantt.h"

#include <array>
#include <cstdint>

namespace rs::crypto::detail {

constexpr std::int64_t kMontQ = kMlDsaQ;

/** @brief q^-1 mod 2^32 (Newton iteration: each step doubles the correct low bits). */
constexpr std::uint32_t montQInverse() {
    std::uint32_t x = static_cast<std::uint32_t>(kMlDsaQ); // correct to 3 bits (q is odd)
    for (int i = 0; i < 5; ++i)
        x *= 2u - static_cast<std::uint32_t>(kMlDsaQ) * x;
    return x;
}
inline constexpr std::uint32_t kMontQInv = montQInverse();
static_assert(kMontQInv * static_cast<std::uint32_t>(kMlDsaQ) == 1u);

/** @brief x mod q centred into (-q/2, q/2]. */
constexpr std::int32_t montCentred(std::int64_t x) {
    x %= kMontQ;
    if (x < 0) x += kMontQ;
    return static_cast<std::int32_t>(x > kMontQ / 2 ? x - kMontQ : x);
}

/** @brief R mod q = 2^32 mod q. */
inline constexpr std::int64_t kMontR = (std::int64_t{1} << 32) % kMontQ;
/** @brief R^2 mod q (centred): montgomery(a * b) times this is a * b. */
inline constexpr std::int32_t kMontR2 = montCentred(kMontR * kMontR % kMontQ);
/** @brief 256^-1 * R mod q (centred): the final factor of the inverse NTT. */
inline constexpr std::int32_t kMontNInverse = montCentred(kMlDsaNInverse * kMontR % kMontQ);
/** @brief 256^-1 * R^2 mod q (centred): the final factor of the inverse NTT that leaves its result times R
 *  (mldsaInverseNttMontInPlace), undoing the R^-1 of a Montgomery pointwise product. */
inline constexpr std::int32_t kMontNInverseR = montCentred(kMontNInverse * kMontR % kMontQ);

constexpr std::int64_t montPow(std::int64_t base, std::int64_t e) {
    std::int64_t r = 1;
    for (base %= kMontQ; e > 0; e >>= 1, base = base * base % kMontQ)
        if (e & 1) r = r * base % kMontQ;
    return r;
}
/** @brief R^-1 mod q (Fermat: R^(q-2)). */
inline constexpr std::int64_t kMontRInverse = montPow(kMontR, kMontQ - 2);
/** @brief a b R^-1 mod q, centred: the constant whose Montgomery product applies a and b at once. */
constexpr std::int32_t montFold(std::int64_t a, std::int64_t b) {
    return montCentred(montCentred(a * b) * kMontRInverse);
}

constexpr std::array<std::int32_t, kMlDsaN> montZetas(bool negate) {
    std::array<std::int32_t, kMlDsaN> z{};
    for (std::size_t k = 0; k < kMlDsaN; ++k)
        z[k] = montCentred((negate ? -1 : 1) * kMlDsaZetas[k] * kMontR);
    return z;
}
/** @brief zetas[k] * R mod q: the forward NTT's twiddles. */
inline constexpr std::array<std::int32_t, kMlDsaN> kMontZetas = montZetas(false);
/** @brief -zetas[k] * R mod q: the inverse NTT's twiddles. */
inline constexpr std::array<std::int32_t, kMlDsaN> kMontZetasNeg = montZetas(true);
/** @brief The inverse NTT's last layer with its final factor f folded in: the sum is multiplied by f, the
 *  difference by this (-zetas[1] and f in one Montgomery product), saving a multiplication. */
constexpr std::int32_t montLastTwiddle(std::int32_t f) {
    return montFold(kMontZetasNeg[1], f);
}
static_assert(montCentred(kMontR * kMontRInverse) == 1);

} // namespace rs::crypto::detail
