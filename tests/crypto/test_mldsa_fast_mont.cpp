// ML-DSA fast path, Montgomery-domain functions (core/crypto/mldsanttfast.h): on random inputs and at the
// worst-case edges of each documented input range, every implementation's output lies in its documented
// range, is congruent mod q to the reference model's result (core/crypto/mldsantt.h) times the stated
// Montgomery factor, and the AVX2 kernels give exactly the portable values. The scheme's chain
// (A_hat o NTT(y) summed, NTT^-1, one canonicalisation) equals the reference.
#include "core/crypto/mldsanttfast.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <vector>

using namespace rs::crypto;

namespace {

constexpr std::int64_t Q = kMlDsaQ;
constexpr std::int64_t R = (std::int64_t{1} << 32) % Q; // 2^32 mod q

std::int32_t modQ(std::int64_t x) {
    x %= Q;
    return static_cast<std::int32_t>(x < 0 ? x + Q : x);
}
MlDsaPoly canonicalCopy(const MlDsaPoly& p) {
    MlDsaPoly r{};
    for (std::size_t i = 0; i < r.size(); ++i)
        r[i] = modQ(p[i]);
    return r;
}
/** Each coefficient times the factor, mod q. */
MlDsaPoly timesMod(const MlDsaPoly& p, std::int64_t factor) {
    MlDsaPoly r{};
    for (std::size_t i = 0; i < r.size(); ++i)
        r[i] = modQ(std::int64_t{modQ(p[i])} * factor);
    return r;
}
/** Coefficients uniform in (-bound, bound). */
MlDsaPoly randomSigned(std::mt19937& rng, std::int64_t bound) {
    std::uniform_int_distribution<std::int64_t> d(-bound + 1, bound - 1);
    MlDsaPoly p{};
    for (auto& c : p)
        c = static_cast<std::int32_t>(d(rng));
    return p;
}
/** The edge of a range: every coefficient +-(bound - 1), all positive, all negative or with random signs. */
std::vector<MlDsaPoly> edges(std::mt19937& rng, std::int64_t bound) {
    const auto top = static_cast<std::int32_t>(bound - 1);
    MlDsaPoly pos{}, neg{}, mixed{};
    pos.fill(top);
    neg.fill(-top);
    for (auto& c : mixed)
        c = rng() % 2 ? top : -top;
    return {pos, neg, mixed};
}
std::vector<MlDsaPoly> inputs(std::int64_t bound) {
    std::mt19937 rng(static_cast<unsigned>(bound));
    std::vector<MlDsaPoly> out;
    for (int i = 0; i < 60; ++i)
        out.push_back(randomSigned(rng, bound));
    for (const auto& e : edges(rng, bound))
        out.push_back(e);
    return out;
}
void expectWithin(const MlDsaPoly& p, std::int64_t bound, const char* what) {
    for (std::size_t i = 0; i < p.size(); ++i)
        ASSERT_LT(std::llabs(p[i]), bound) << what << ": coefficient " << i << " = " << p[i];
}
std::int64_t maxAbs(const MlDsaPoly& p) {
    std::int64_t m = 0;
    for (const auto c : p)
        m = std::max<std::int64_t>(m, std::llabs(c));
    return m;
}

class MlDsaFastMont : public ::testing::TestWithParam<MlDsaFastImpl> {
  protected:
    void SetUp() override {
        if (!mldsaFastImplAvailable(GetParam()))
            GTEST_SKIP() << mldsaFastImplName(GetParam()) << " is not available on this machine";
    }
    MlDsaFastImpl impl() const { return GetParam(); }
};

TEST_P(MlDsaFastMont, LazyNttIsTheNttWithinBoundPlus8q) {
    // Canonical, centred and the widest documented input (|x| < 2^31 - 8q).
    for (const std::int64_t bound : {Q, (std::int64_t{1} << 31) - 8 * Q})
        for (const MlDsaPoly& x : inputs(bound)) {
            MlDsaPoly y = x;
            mldsaNttLazyInPlace(y, impl());
            expectWithin(y, maxAbs(x) + 8 * Q, "lazy NTT");
            ASSERT_EQ(canonicalCopy(y), mldsaNtt(canonicalCopy(x)));
            MlDsaPoly portable = x;
            mldsaNttLazyInPlace(portable, MlDsaFastImpl::Portable);
            ASSERT_EQ(y, portable);
        }
}

TEST_P(MlDsaFastMont, InverseNttMontIsRTimesTheInverseWithinQ) {
    // |x| < 2^23: all +-(2^23 - 1) of one sign is the sums' worst case (256 (2^23 - 1) < 2^31).
    for (const std::int64_t bound : {Q, std::int64_t{1} << 23})
        for (const MlDsaPoly& x : inputs(bound)) {
            MlDsaPoly y = x;
            mldsaInverseNttMontInPlace(y, impl());
            expectWithin(y, Q, "NTT^-1 (Montgomery)");
            ASSERT_EQ(canonicalCopy(y), timesMod(mldsaInverseNtt(canonicalCopy(x)), R));
            MlDsaPoly portable = x;
            mldsaInverseNttMontInPlace(portable, MlDsaFastImpl::Portable);
            ASSERT_EQ(y, portable);
            // The fused form: the same values reduced to [0, q).
            MlDsaPoly fused = x;
            mldsaInverseNttMontCanonicalInPlace(fused, impl());
            ASSERT_EQ(fused, canonicalCopy(y));
        }
}

TEST_P(MlDsaFastMont, PointwiseMontIsTheProductTimesRInverse) {
    // Both factors up to 9q (the lazy NTT's output for canonical input): |a b| < 81 q^2 < q 2^31.
    const std::vector<MlDsaPoly> as = inputs(9 * Q), bs = inputs(9 * Q - 1);
    for (std::size_t t = 0; t < as.size(); ++t) {
        const MlDsaPoly& a = as[t];
        const MlDsaPoly& b = bs[(t * 5 + 1) % bs.size()];
        MlDsaPoly out{};
        mldsaPointwiseMont(out, a, b, impl());
        expectWithin(out, Q, "pointwise (Montgomery)");
        ASSERT_EQ(timesMod(out, R), mldsaMultiplyNtt(canonicalCopy(a), canonicalCopy(b))) << "case " << t;
        MlDsaPoly portable{};
        mldsaPointwiseMont(portable, a, b, MlDsaFastImpl::Portable);
        ASSERT_EQ(out, portable);
        MlDsaPoly inPlace = a; // the output may be an input
        mldsaPointwiseMont(inPlace, inPlace, b, impl());
        ASSERT_EQ(inPlace, out);
    }
    // The worst case of both edges, same and opposite signs.
    std::mt19937 rng(5);
    for (const auto& a : edges(rng, 9 * Q))
        for (const auto& b : edges(rng, 9 * Q)) {
            MlDsaPoly out{};
            mldsaPointwiseMont(out, a, b, impl());
            expectWithin(out, Q, "pointwise (Montgomery), edges");
            ASSERT_EQ(timesMod(out, R), mldsaMultiplyNtt(canonicalCopy(a), canonicalCopy(b)));
        }
}

TEST_P(MlDsaFastMont, PointwiseMontAccSumsOnceWithinQ) {
    std::mt19937 rng(9);
    // One factor canonical, the other up to 9q, 1..28 terms (28 * 9 q^2 < q 2^31); 4, 5, 7 are ML-DSA's l.
    for (const std::size_t count :
         {std::size_t{1}, std::size_t{4}, std::size_t{5}, std::size_t{7}, std::size_t{11}, std::size_t{28}})
        for (int variant = 0; variant < 4; ++variant) {
            std::vector<MlDsaPoly> a(count), b(count);
            for (std::size_t j = 0; j < count; ++j) {
                if (variant < 2) { // random
                    a[j] = canonicalCopy(randomSigned(rng, Q));
                    b[j] = randomSigned(rng, 9 * Q);
                } else { // the edge: all q - 1 times all +-(9q - 1)
                    a[j].fill(static_cast<std::int32_t>(Q - 1));
                    b[j].fill(static_cast<std::int32_t>(variant == 2 ? 9 * Q - 1 : 1 - 9 * Q));
                }
            }
            MlDsaPoly out{};
            mldsaPointwiseMontAcc(out, a, b, impl());
            expectWithin(out, Q, "pointwise sum (Montgomery)");
            MlDsaPoly expectedSum{};
            for (std::size_t j = 0; j < count; ++j)
                expectedSum = mldsaAddNtt(expectedSum, mldsaMultiplyNtt(a[j], canonicalCopy(b[j])));
            ASSERT_EQ(timesMod(out, R), expectedSum) << count << " terms, variant " << variant;
            MlDsaPoly portable{};
            mldsaPointwiseMontAcc(portable, a, b, MlDsaFastImpl::Portable);
            ASSERT_EQ(out, portable);
        }
    MlDsaPoly out{};
    out.fill(5);
    mldsaPointwiseMontAcc(out, {}, {}, impl());
    EXPECT_EQ(out, MlDsaPoly{});
    std::vector<MlDsaPoly> two(2), three(3);
    EXPECT_THROW(mldsaPointwiseMontAcc(out, two, three, impl()), InvalidArgument);
}

TEST_P(MlDsaFastMont, CanonicalReducesEveryDocumentedRange) {
    for (const std::int64_t bound : {Q, 9 * Q, (std::int64_t{1} << 31) - (std::int64_t{1} << 22)})
        for (const MlDsaPoly& x : inputs(bound)) {
            MlDsaPoly y = x;
            mldsaCanonicalInPlace(y, impl());
            ASSERT_EQ(y, canonicalCopy(x));
        }
}

TEST_P(MlDsaFastMont, MatrixVectorChainEqualsReference) {
    // w = NTT^-1(A_hat o NTT(y)) for a 6 x 5 matrix (ML-DSA-65), as the scheme computes it: lazy NTTs, one
    // Montgomery sum per row, NTT^-1 times R, one canonicalisation.
    std::mt19937 rng(65);
    const std::size_t k = 6, l = 5;
    std::vector<MlDsaPoly> aHat(k * l), y(l), yHat(l);
    for (auto& p : aHat)
        p = canonicalCopy(randomSigned(rng, Q));
    for (std::size_t j = 0; j < l; ++j) {
        y[j] = canonicalCopy(randomSigned(rng, Q));
        yHat[j] = y[j];
        mldsaNttLazyInPlace(yHat[j], impl());
    }
    for (std::size_t r = 0; r < k; ++r) {
        MlDsaPoly w{};
        mldsaPointwiseMontAcc(w, std::span<const MlDsaPoly>(aHat).subspan(r * l, l), yHat, impl());
        mldsaInverseNttMontInPlace(w, impl());
        mldsaCanonicalInPlace(w, impl());
        MlDsaPoly sum{};
        for (std::size_t j = 0; j < l; ++j)
            sum = mldsaAddNtt(sum, mldsaMultiplyNtt(aHat[r * l + j], mldsaNtt(y[j])));
        ASSERT_EQ(w, mldsaInverseNtt(sum)) << "row " << r;
    }
}

TEST(MlDsaFastMontInUse, FunctionsWithoutAnImplementationUseTheOneInUse) {
    std::mt19937 rng(1);
    const MlDsaPoly a = canonicalCopy(randomSigned(rng, Q)), b = canonicalCopy(randomSigned(rng, Q));
    MlDsaPoly x = a, y = a, p{}, pi{};
    mldsaNttLazyInPlace(x);
    mldsaNttLazyInPlace(y, mldsaFastImplInUse());
    EXPECT_EQ(x, y);
    mldsaPointwiseMont(p, a, b);
    mldsaPointwiseMont(pi, a, b, mldsaFastImplInUse());
    EXPECT_EQ(p, pi);
    mldsaInverseNttMontInPlace(p);
    mldsaCanonicalInPlace(p);
    mldsaPointwiseMontAcc(pi, std::span<const MlDsaPoly>(&a, 1), std::span<const MlDsaPoly>(&b, 1));
    mldsaInverseNttMontInPlace(pi, mldsaFastImplInUse());
    mldsaCanonicalInPlace(pi, mldsaFastImplInUse());
    EXPECT_EQ(p, pi);
    EXPECT_EQ(p, mldsaInverseNtt(mldsaMultiplyNtt(a, b)));
}

INSTANTIATE_TEST_SUITE_P(Impl, MlDsaFastMont, ::testing::Values(MlDsaFastImpl::Portable, MlDsaFastImpl::Avx2),
                         [](const auto& info) { return std::string(mldsaFastImplName(info.param)); });

} // namespace
