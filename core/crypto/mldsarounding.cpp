// ML-DSA rounding (FIPS 204 section 7.4), written from Algorithms 35-40.
#include "core/crypto/mldsarounding.h"

#include <algorithm>
#include <cstdlib>

namespace rs::crypto::mldsa {

std::int32_t modPm(std::int64_t a, std::int32_t alpha) noexcept {
    std::int64_t r = a % alpha;
    if (r < 0) r += alpha;
    if (r > alpha / 2) r -= alpha;
    return static_cast<std::int32_t>(r);
}

Split power2Round(std::int64_t r) noexcept {
    constexpr std::int32_t twoD = 1 << 13;
    const std::int32_t rPlus = modQ(r);
    const std::int32_t r0 = modPm(rPlus, twoD);
    return {(rPlus - r0) / twoD, r0};
}

Split decompose(std::int64_t r, std::int32_t gamma2) noexcept {
    const std::int32_t rPlus = modQ(r);
    std::int32_t r0 = modPm(rPlus, 2 * gamma2);
    if (rPlus - r0 == kMlDsaQ - 1) return {0, r0 - 1};
    return {(rPlus - r0) / (2 * gamma2), r0};
}

std::int32_t highBits(std::int64_t r, std::int32_t gamma2) noexcept {
    return decompose(r, gamma2).r1;
}
std::int32_t lowBits(std::int64_t r, std::int32_t gamma2) noexcept {
    return decompose(r, gamma2).r0;
}

bool makeHint(std::int64_t z, std::int64_t r, std::int32_t gamma2) noexcept {
    return highBits(r, gamma2) != highBits(r + z, gamma2);
}

std::int32_t useHint(bool h, std::int64_t r, std::int32_t gamma2) noexcept {
    const std::int32_t m = (kMlDsaQ - 1) / (2 * gamma2);
    const Split s = decompose(r, gamma2);
    if (h && s.r0 > 0) return (s.r1 + 1) % m;
    if (h) return (s.r1 - 1 + m) % m;
    return s.r1;
}

std::int32_t infNorm(const MlDsaPoly& w) noexcept {
    // |c mod± q| = min(c, q - c) for c in [0, q) (the convention): branch-free, so the loop vectorises; any
    // coefficient outside [0, q) sends the polynomial through the general rule.
    std::int32_t n = 0;
    std::uint32_t outside = 0;
    for (std::int32_t c : w) {
        n = std::max(n, std::min(c, kMlDsaQ - c));
        outside |= static_cast<std::uint32_t>(c) >= static_cast<std::uint32_t>(kMlDsaQ) ? 1u : 0u;
    }
    if (outside == 0) return n;
    n = 0;
    for (std::int32_t c : w)
        n = std::max(n, std::abs(centered(c)));
    return n;
}

std::int32_t infNorm(const std::vector<MlDsaPoly>& v) noexcept {
    std::int32_t n = 0;
    for (const MlDsaPoly& w : v) {
        const std::int32_t a = infNorm(w);
        if (a > n) n = a;
    }
    return n;
}

void power2RoundPoly(const MlDsaPoly& t, MlDsaPoly& t1, MlDsaPoly& t0) noexcept {
    for (std::size_t i = 0; i < kMlDsaN; ++i) {
        const Split s = power2Round(t[i]);
        t1[i] = s.r1;
        t0[i] = modQ(s.r0);
    }
}

MlDsaPoly highBitsPoly(const MlDsaPoly& r, std::int32_t gamma2) noexcept {
    MlDsaPoly out{};
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        out[i] = highBits(r[i], gamma2);
    return out;
}

MlDsaPoly lowBitsPoly(const MlDsaPoly& r, std::int32_t gamma2) noexcept {
    MlDsaPoly out{};
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        out[i] = modQ(lowBits(r[i], gamma2));
    return out;
}

MlDsaPoly makeHintPoly(const MlDsaPoly& z, const MlDsaPoly& r, std::int32_t gamma2, int& ones) noexcept {
    MlDsaPoly out{};
    for (std::size_t i = 0; i < kMlDsaN; ++i) {
        out[i] = makeHint(z[i], r[i], gamma2) ? 1 : 0;
        ones += out[i];
    }
    return out;
}

MlDsaPoly useHintPoly(const MlDsaPoly& h, const MlDsaPoly& r, std::int32_t gamma2) noexcept {
    MlDsaPoly out{};
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        out[i] = useHint(h[i] != 0, r[i], gamma2);
    return out;
}

} // namespace rs::crypto::mldsa
