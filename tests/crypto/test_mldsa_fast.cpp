// ML-DSA fast path (core/crypto/mldsanttfast.h): every implementation available on this machine
// (portable always, AVX2 when the CPU has it) gives exactly the reference model's result
// (core/crypto/mldsantt.h) for random polynomials and edge values, and the choice of implementation can
// be forced and named.
#include "core/crypto/mldsanttfast.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace rs::crypto;

namespace {

constexpr std::int32_t Q = 8380417;

MlDsaPoly randomPoly(std::mt19937& rng) {
    std::uniform_int_distribution<std::int32_t> d(0, Q - 1);
    MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

MlDsaPoly filled(std::int32_t v) {
    MlDsaPoly p{};
    p.fill(v);
    return p;
}

/** Random polynomials, then the edge values: 0, all q-1, one q-1, alternating 0/q-1, 1 and X, the top of
 *  each half (where the lazy bounds are widest). */
std::vector<MlDsaPoly> cases() {
    std::mt19937 rng(20260418);
    std::vector<MlDsaPoly> out;
    for (int i = 0; i < 200; ++i)
        out.push_back(randomPoly(rng));
    out.push_back(filled(0));
    out.push_back(filled(Q - 1));
    out.push_back(filled(1));
    out.push_back(filled((Q - 1) / 2));
    out.push_back(filled((Q + 1) / 2));
    MlDsaPoly one{}, x{}, last{}, alt{};
    one[0] = 1;
    x[1] = 1;
    last[255] = Q - 1;
    for (std::size_t i = 0; i < alt.size(); ++i)
        alt[i] = i % 2 ? Q - 1 : 0;
    for (const auto& p : {one, x, last, alt})
        out.push_back(p);
    return out;
}

class MlDsaFast : public ::testing::TestWithParam<MlDsaFastImpl> {
  protected:
    void SetUp() override {
        if (!mldsaFastImplAvailable(GetParam()))
            GTEST_SKIP() << mldsaFastImplName(GetParam()) << " is not available on this machine";
    }
};

void expectCanonical(const MlDsaPoly& p) {
    for (std::size_t i = 0; i < p.size(); ++i)
        ASSERT_TRUE(p[i] >= 0 && p[i] < Q) << "coefficient " << i << " = " << p[i];
}

TEST_P(MlDsaFast, NttEqualsReference) {
    for (const MlDsaPoly& p : cases()) {
        const MlDsaPoly got = mldsaNttFast(p, GetParam());
        expectCanonical(got);
        ASSERT_EQ(got, mldsaNtt(p));
    }
}

TEST_P(MlDsaFast, InverseNttEqualsReference) {
    for (const MlDsaPoly& p : cases()) {
        const MlDsaPoly got = mldsaInverseNttFast(p, GetParam());
        expectCanonical(got);
        ASSERT_EQ(got, mldsaInverseNtt(p));
    }
}

TEST_P(MlDsaFast, MultiplyAndAddEqualReference) {
    const std::vector<MlDsaPoly> all = cases();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const MlDsaPoly& a = all[i];
        const MlDsaPoly& b = all[(i * 7 + 3) % all.size()];
        ASSERT_EQ(mldsaMultiplyNttFast(a, b, GetParam()), mldsaMultiplyNtt(a, b)) << "case " << i;
        ASSERT_EQ(mldsaAddNttFast(a, b, GetParam()), mldsaAddNtt(a, b)) << "case " << i;
    }
    // The extremes of both operands together.
    for (const std::int32_t u : {0, 1, Q - 1})
        for (const std::int32_t v : {0, 1, Q - 1}) {
            ASSERT_EQ(mldsaMultiplyNttFast(filled(u), filled(v), GetParam()),
                      mldsaMultiplyNtt(filled(u), filled(v)));
            ASSERT_EQ(mldsaAddNttFast(filled(u), filled(v), GetParam()), mldsaAddNtt(filled(u), filled(v)));
        }
}

TEST_P(MlDsaFast, RoundTripAndProductChain) {
    std::mt19937 rng(7);
    for (int i = 0; i < 50; ++i) {
        const MlDsaPoly a = randomPoly(rng), b = randomPoly(rng);
        EXPECT_EQ(mldsaInverseNttFast(mldsaNttFast(a, GetParam()), GetParam()), a);
        const MlDsaPoly product = mldsaInverseNttFast(
            mldsaMultiplyNttFast(mldsaNttFast(a, GetParam()), mldsaNttFast(b, GetParam()), GetParam()),
            GetParam());
        EXPECT_EQ(product, mldsaInverseNtt(mldsaMultiplyNtt(mldsaNtt(a), mldsaNtt(b))));
    }
}

TEST_P(MlDsaFast, InPlaceEqualsCopying) {
    std::mt19937 rng(11);
    MlDsaPoly a = randomPoly(rng);
    const MlDsaPoly b = randomPoly(rng), a0 = a;
    mldsaNttFastInPlace(a, GetParam());
    EXPECT_EQ(a, mldsaNtt(a0));
    mldsaMultiplyNttFastInPlace(a, b, GetParam());
    EXPECT_EQ(a, mldsaMultiplyNtt(mldsaNtt(a0), b));
}

INSTANTIATE_TEST_SUITE_P(Impl, MlDsaFast, ::testing::Values(MlDsaFastImpl::Portable, MlDsaFastImpl::Avx2),
                         [](const auto& info) { return std::string(mldsaFastImplName(info.param)); });

TEST(MlDsaFastImpls, NamesAndAvailability) {
    EXPECT_STREQ(mldsaFastImplName(MlDsaFastImpl::Portable), "portable");
    EXPECT_STREQ(mldsaFastImplName(MlDsaFastImpl::Avx2), "avx2");
    EXPECT_EQ(mldsaFastImplFromName("avx2"), MlDsaFastImpl::Avx2);
    EXPECT_EQ(mldsaFastImplFromName("portable"), MlDsaFastImpl::Portable);
    EXPECT_FALSE(mldsaFastImplFromName("sse"));
    EXPECT_TRUE(mldsaFastImplAvailable(MlDsaFastImpl::Portable));
    const auto impls = mldsaFastImpls();
    ASSERT_FALSE(impls.empty());
    EXPECT_EQ(impls.front(), MlDsaFastImpl::Portable);
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    // On x86-64 the automatic choice follows the CPU.
    EXPECT_EQ(mldsaFastImplAvailable(MlDsaFastImpl::Avx2), static_cast<bool>(__builtin_cpu_supports("avx2")));
#endif
    EXPECT_EQ(mldsaFastImplInUse(), impls.back()); // the best available
}

TEST(MlDsaFastImpls, ForcingPortableIsUsedAndNamed) {
    std::mt19937 rng(3);
    const MlDsaPoly a = randomPoly(rng);
    mldsaForceFastImpl(MlDsaFastImpl::Portable);
    EXPECT_EQ(mldsaFastImplInUse(), MlDsaFastImpl::Portable);
    EXPECT_EQ(mldsaNttFast(a), mldsaNtt(a));
    EXPECT_EQ(mldsaInverseNttFast(a), mldsaInverseNtt(a));
    EXPECT_EQ(mldsaAddNttFast(a, a), mldsaAddNtt(a, a));
    EXPECT_EQ(mldsaMultiplyNttFast(a, a), mldsaMultiplyNtt(a, a));
    mldsaForceFastImpl(std::nullopt);
    EXPECT_EQ(mldsaFastImplInUse(), mldsaFastImpls().back());
}

TEST(MlDsaFastImpls, UnavailableImplementationIsAClearError) {
    if (mldsaFastImplAvailable(MlDsaFastImpl::Avx2)) GTEST_SKIP() << "this machine has AVX2";
    try {
        mldsaForceFastImpl(MlDsaFastImpl::Avx2);
        FAIL() << "forcing avx2 without it must throw";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("'avx2' is not available"), std::string::npos) << e.what();
    }
    EXPECT_THROW(mldsaNttFast(MlDsaPoly{}, MlDsaFastImpl::Avx2), InvalidArgument);
}

} // namespace
