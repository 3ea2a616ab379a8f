// The FIPS 204 model against a Montgomery-domain NTT in the style of the pq-crystals Dilithium reference
// implementation (tests/crypto/mldsamontgomery.h), after reduction of the reference's outputs to [0, q).
//
// Identities checked, for random polynomials a, b with coefficients in [0, q) and several seeds
// (R = 2^32 mod q = 4193792, the Montgomery factor):
//  1. ref ntt(a) ≡ FIPS NTT(a) (mod q), coefficient by coefficient: the reference multiplies by the
//     Montgomery zeta ζ·R and montgomery_reduce divides by R, so the factors cancel in every butterfly.
//  2. ref invntt_tomont(x) ≡ FIPS NTT⁻¹(x) · R (mod q): the butterflies cancel as in 1 and the final
//     montgomery_reduce(f · x) with f = R² / 256 multiplies by R / 256, where FIPS multiplies by 256⁻¹.
//  3. ref pointwise_montgomery(a, b) ≡ MultiplyNTT(a, b) · R⁻¹ (mod q).
//  4. The usual reference pipeline invntt_tomont(pointwise_montgomery(ntt(a), ntt(b))) ≡ the FIPS product
//     NTT⁻¹(NTT(a) ∘ NTT(b)) (mod q): the R⁻¹ of 3 and the R of 2 cancel.
#include "tests/crypto/mldsamontgomery.h"

#include <gtest/gtest.h>

#include <random>

using namespace rs::crypto;
namespace mont = rs::test::mlmont;

namespace {

constexpr std::int64_t Q = kMlDsaQ;
constexpr std::int64_t R = (std::int64_t{1} << 32) % Q; // 4193792
constexpr std::int64_t RInverse = 8265825;              // R * RInverse ≡ 1 (mod q), checked below
constexpr std::uint32_t kSeeds[] = {1, 2, 18, 2024, 0xC0FFEE, 0xDEADBEEF};

MlDsaPoly randomPoly(std::mt19937& rng) {
    std::uniform_int_distribution<std::int32_t> d(0, static_cast<std::int32_t>(Q - 1));
    MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

MlDsaPoly canonical(const mont::Poly& a) {
    MlDsaPoly r{};
    for (std::size_t i = 0; i < 256; ++i)
        r[i] = mont::canonical(a[i]);
    return r;
}

MlDsaPoly scaled(const MlDsaPoly& a, std::int64_t factor) {
    MlDsaPoly r{};
    for (std::size_t i = 0; i < 256; ++i)
        r[i] = static_cast<std::int32_t>(a[i] * factor % Q);
    return r;
}

} // namespace

TEST(MlDsaMontgomery, Constants) {
    EXPECT_EQ(R, 4193792);
    EXPECT_EQ(R * RInverse % Q, 1);
    // QINV is q^-1 mod 2^32 and f = R^2 / 256 mod q, as the reference documents them.
    EXPECT_EQ(static_cast<std::uint32_t>(mont::Q) * static_cast<std::uint32_t>(mont::QINV), 1u);
    EXPECT_EQ(std::int64_t{mont::F} * 256 % Q, R * R % Q);
    // The first Montgomery zetas as the reference publishes its table (ref/ntt.c: 0, 25847, -2608894, ...).
    const auto z = mont::montgomeryZetas();
    const std::int32_t published[] = {25847, -2608894, -518909, 237124, -777960, -876248, 466468, 1826347};
    for (std::size_t k = 0; k < std::size(published); ++k)
        EXPECT_EQ(z[k + 1], published[k]) << "k = " << k + 1;
    for (std::size_t k = 1; k < 256; ++k) {
        EXPECT_LE(z[k], Q / 2);
        EXPECT_GT(z[k], -Q / 2);
    }
}

TEST(MlDsaMontgomery, ReduceIsDivisionByR) {
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<std::int64_t> d(-(std::int64_t{1} << 31) * Q + 1,
                                                  (std::int64_t{1} << 31) * Q - 1);
    for (int i = 0; i < 10000; ++i) {
        const std::int64_t a = d(rng);
        const std::int32_t r = mont::montgomeryReduce(a);
        EXPECT_GT(r, -Q);
        EXPECT_LT(r, Q);
        const std::int64_t aModQ = ((a % Q) + Q) % Q;
        EXPECT_EQ(mont::canonical(std::int64_t{r} * R % Q), aModQ) << a;
    }
}

TEST(MlDsaMontgomery, ForwardNttEqualsFips) {
    for (std::uint32_t seed : kSeeds) {
        std::mt19937 rng(seed);
        const MlDsaPoly a = randomPoly(rng);
        mont::Poly ref = a;
        mont::ntt(ref);
        EXPECT_EQ(canonical(ref), mldsaNtt(a)) << "seed " << seed; // identity 1
    }
}

TEST(MlDsaMontgomery, InverseNttEqualsFipsTimesR) {
    for (std::uint32_t seed : kSeeds) {
        std::mt19937 rng(seed);
        const MlDsaPoly x = randomPoly(rng);
        mont::Poly ref = x;
        mont::invnttTomont(ref);
        EXPECT_EQ(canonical(ref), scaled(mldsaInverseNtt(x), R)) << "seed " << seed; // identity 2
        for (std::int32_t c : ref)
            EXPECT_LT(std::abs(std::int64_t{c}), Q); // the reference's documented output bound
    }
}

TEST(MlDsaMontgomery, PointwiseEqualsFipsTimesRInverse) {
    for (std::uint32_t seed : kSeeds) {
        std::mt19937 rng(seed);
        const MlDsaPoly a = randomPoly(rng), b = randomPoly(rng);
        EXPECT_EQ(canonical(mont::pointwiseMontgomery(a, b)), scaled(mldsaMultiplyNtt(a, b), RInverse))
            << "seed " << seed; // identity 3
    }
}

TEST(MlDsaMontgomery, ReferencePipelineEqualsFipsProduct) {
    for (std::uint32_t seed : kSeeds) {
        std::mt19937 rng(seed);
        const MlDsaPoly a = randomPoly(rng), b = randomPoly(rng);
        mont::Poly ra = a, rb = b;
        mont::ntt(ra);
        mont::ntt(rb);
        // The reference reduces before the pointwise product (its reduce32); canonical() plays that role.
        mont::Poly prod = mont::pointwiseMontgomery(canonical(ra), canonical(rb));
        mont::invnttTomont(prod);
        EXPECT_EQ(canonical(prod), mldsaInverseNtt(mldsaMultiplyNtt(mldsaNtt(a), mldsaNtt(b))))
            << "seed " << seed; // identity 4
    }
}
