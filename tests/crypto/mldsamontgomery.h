#pragma once
// Test support: a small Montgomery-domain NTT in the style of the pq-crystals Dilithium reference
// implementation (ref/ntt.c, ref/reduce.c), written here from the published algorithm, so the FIPS 204
// model can be checked against the arithmetic most implementations (and paper 001's hardware) use.
//
// The reference's conventions, as its documentation states them:
//  - montgomery_reduce(a), for a 64-bit a with |a| < 2^31 * q: t = (int32)(a * QINV) with
//    QINV = q^-1 mod 2^32 = 58728449, then (a - t * q) >> 32; the result r satisfies
//    r ≡ a * 2^-32 (mod q) and -q < r < q.
//  - zetas[k] = zeta^BitRev8(k) * 2^32 mod q in Montgomery form, centred in (-q/2, q/2]
//    (the reference lists zetas[1..255]; slot 0 is unused).
//  - ntt: the Cooley–Tukey loop of FIPS 204 Algorithm 41 with t = montgomery_reduce(zeta * a[j + len]),
//    a[j + len] = a[j] - t, a[j] = a[j] + t, and no other reduction (coefficients grow, stay < 2^31).
//  - invntt_tomont: the Gentleman–Sande loop with zeta = -zetas[--k], t = a[j], a[j] = t + a[j + len],
//    a[j + len] = montgomery_reduce(zeta * (t - a[j + len])), then every a[j] =
//    montgomery_reduce(f * a[j]) with f = 41978 = 2^64 / 256 mod q (mont^2 / 256).
//  - pointwise_montgomery: c[i] = montgomery_reduce(a[i] * b[i]).
// Nothing here is taken from core/crypto/mldsantt.cpp except the plain zetas (checked separately against
// the power of 1753 in test_mldsa_ntt.cpp).

#include "core/crypto/mldsantt.h"

#include <array>
#include <cstdint>

namespace rs::test::mlmont {

inline constexpr std::int32_t Q = 8380417;
inline constexpr std::int32_t QINV = 58728449; // q^-1 mod 2^32
inline constexpr std::int32_t F = 41978;       // 2^64 / 256 mod q

using Poly = std::array<std::int32_t, 256>;

/** r ≡ a * 2^-32 (mod q), -q < r < q, for |a| < 2^31 * q. */
inline std::int32_t montgomeryReduce(std::int64_t a) {
    const auto t = static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(a)) *
                                             static_cast<std::uint32_t>(QINV));
    return static_cast<std::int32_t>((a - static_cast<std::int64_t>(t) * Q) >> 32);
}

/** zeta^BitRev8(k) * 2^32 mod q, centred in (-q/2, q/2]. */
inline std::array<std::int32_t, 256> montgomeryZetas() {
    std::array<std::int32_t, 256> z{};
    for (std::size_t k = 0; k < 256; ++k) {
        std::int64_t v = (std::int64_t{crypto::kMlDsaZetas[k]} << 32) % Q;
        if (v > Q / 2) v -= Q;
        z[k] = static_cast<std::int32_t>(v);
    }
    return z;
}

inline void ntt(Poly& a) {
    static const auto zetas = montgomeryZetas();
    std::size_t k = 0;
    for (std::size_t len = 128; len > 0; len >>= 1)
        for (std::size_t start = 0; start < 256; start += 2 * len) {
            const std::int64_t zeta = zetas[++k];
            for (std::size_t j = start; j < start + len; ++j) {
                const std::int32_t t = montgomeryReduce(zeta * a[j + len]);
                a[j + len] = a[j] - t;
                a[j] = a[j] + t;
            }
        }
}

inline void invnttTomont(Poly& a) {
    static const auto zetas = montgomeryZetas();
    std::size_t k = 256;
    for (std::size_t len = 1; len < 256; len <<= 1)
        for (std::size_t start = 0; start < 256; start += 2 * len) {
            const std::int64_t zeta = -zetas[--k];
            for (std::size_t j = start; j < start + len; ++j) {
                const std::int32_t t = a[j];
                a[j] = t + a[j + len];
                a[j + len] = montgomeryReduce(zeta * (t - a[j + len]));
            }
        }
    for (auto& c : a)
        c = montgomeryReduce(std::int64_t{F} * c);
}

inline Poly pointwiseMontgomery(const Poly& a, const Poly& b) {
    Poly c{};
    for (std::size_t i = 0; i < 256; ++i)
        c[i] = montgomeryReduce(std::int64_t{a[i]} * b[i]);
    return c;
}

/** Any representative (the reference's outputs lie in (-2^31, 2^31)) reduced to [0, q). */
inline std::int32_t canonical(std::int64_t v) {
    v %= Q;
    return static_cast<std::int32_t>(v < 0 ? v + Q : v);
}

} // namespace rs::test::mlmont
