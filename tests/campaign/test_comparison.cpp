// The statistics of a comparison (core/campaign/comparison.h), each checked against values computed
// another way: the U test's published example (scipy's documentation: U = 17, exact p = 1/9, asymptotic
// p = 0.11134688653314041), exact p-values against enumerating every split of the pooled values, the
// tie-corrected variance against the variance of U over every split, Cliff's δ against counting pairs,
// and the bootstrap interval's coverage of a known ratio over many synthetic samples.
#include "core/campaign/comparison.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

namespace {

using namespace rs::campaign::stats;

const std::vector<double> kMales{19, 22, 16, 29, 24};
const std::vector<double> kFemales{20, 11, 17, 12};

/** U of a against b by counting pairs (a tie one half). */
double countedU(const std::vector<double>& a, const std::vector<double>& b) {
    double u = 0;
    for (double x : a)
        for (double y : b)
            u += x > y ? 1.0 : x == y ? 0.5 : 0.0;
    return u;
}

/** U of every way of taking a.size() of the pooled values as the first sample. */
std::vector<double> everySplitU(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> pooled(a);
    pooled.insert(pooled.end(), b.begin(), b.end());
    std::vector<bool> pick(pooled.size(), false);
    std::fill(pick.begin(), pick.begin() + static_cast<std::ptrdiff_t>(a.size()), true);
    std::sort(pick.begin(), pick.end());
    std::vector<double> us;
    do {
        std::vector<double> x, y;
        for (std::size_t i = 0; i < pooled.size(); ++i)
            (pick[i] ? x : y).push_back(pooled[i]);
        us.push_back(countedU(x, y));
    } while (std::next_permutation(pick.begin(), pick.end()));
    return us;
}

TEST(Comparison, MedianAndSpread) {
    EXPECT_EQ(median(std::vector<double>{3, 1, 2}), 2);
    EXPECT_EQ(median(std::vector<double>{4, 1, 3, 2}), 2.5);
    EXPECT_TRUE(std::isnan(median(std::vector<double>{})));
    EXPECT_EQ(relativeSpread(std::vector<double>{5, 5, 5, 5}), 0);
    // Median 10, deviations 0 1 1 0 50: MAD 1 → 1.4826 · 1 / 10; the outlier does not move it.
    EXPECT_NEAR(relativeSpread(std::vector<double>{10, 9, 11, 10, 60}), 0.14826, 1e-12);
}

TEST(Comparison, TheUTestsPublishedExample) {
    const MannWhitney exact = mannWhitneyU(kMales, kFemales);
    EXPECT_TRUE(exact.exact);
    EXPECT_EQ(exact.u, 17);
    EXPECT_NEAR(exact.pValue, 1.0 / 9, 1e-12); // 14 of the 126 splits are as extreme
    const MannWhitney normal = mannWhitneyU(kMales, kFemales, UMethod::Asymptotic);
    EXPECT_FALSE(normal.exact);
    EXPECT_EQ(normal.u, 17);
    EXPECT_NEAR(normal.pValue, 0.11134688653314041, 1e-12);
    EXPECT_EQ(mannWhitneyU(kFemales, kMales).u, 3); // U_a + U_b = n_a · n_b
}

TEST(Comparison, ExactPValuesAgreeWithEnumeratingEverySplit) {
    std::mt19937_64 gen(7);
    for (std::size_t m = 1; m <= 6; ++m)
        for (std::size_t n = 1; n <= 6; ++n) {
            std::vector<double> values(m + n);
            std::iota(values.begin(), values.end(), 1.0);
            std::shuffle(values.begin(), values.end(), gen);
            const std::vector<double> a(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(m));
            const std::vector<double> b(values.begin() + static_cast<std::ptrdiff_t>(m), values.end());
            const std::vector<double> us = everySplitU(a, b);
            const double u = countedU(a, b);
            const double low =
                static_cast<double>(std::count_if(us.begin(), us.end(), [&](double x) { return x <= u; }));
            const double high =
                static_cast<double>(std::count_if(us.begin(), us.end(), [&](double x) { return x >= u; }));
            const double want = std::min(1.0, 2 * std::min(low, high) / static_cast<double>(us.size()));
            const MannWhitney got = mannWhitneyU(a, b, UMethod::Exact);
            EXPECT_EQ(got.u, u) << m << "x" << n;
            EXPECT_NEAR(got.pValue, want, 1e-12) << m << "x" << n;
        }
}

TEST(Comparison, TheTieCorrectedVarianceIsThatOfUOverEverySplit) {
    // With ties the normal approximation's variance must be U's exact variance over the splits; read it
    // back from the p-value: z = (|U − mean| − ½) / σ.
    const std::vector<double> a{1, 2, 2, 3, 3, 3}, b{2, 3, 4, 4, 5};
    const std::vector<double> us = everySplitU(a, b);
    const double mean = std::accumulate(us.begin(), us.end(), 0.0) / static_cast<double>(us.size());
    double variance = 0;
    for (double u : us)
        variance += (u - mean) * (u - mean);
    variance /= static_cast<double>(us.size());
    const MannWhitney r = mannWhitneyU(a, b);
    EXPECT_FALSE(r.exact) << "ties: the normal approximation";
    EXPECT_EQ(r.u, countedU(a, b));
    const double z = (std::fabs(r.u - mean) - 0.5) / std::sqrt(variance);
    EXPECT_NEAR(r.pValue, std::erfc(z / std::sqrt(2.0)), 1e-12);
    EXPECT_THROW(mannWhitneyU(a, b, UMethod::Exact), std::invalid_argument);
    EXPECT_EQ(mannWhitneyU(std::vector<double>{4, 4}, std::vector<double>{4, 4, 4}).pValue, 1);
    EXPECT_THROW(mannWhitneyU(std::vector<double>{}, b), std::invalid_argument);
}

TEST(Comparison, CliffsDeltaCountsPairs) {
    EXPECT_NEAR(cliffsDelta(kMales, kFemales), (17.0 - 3.0) / 20, 1e-15);
    std::mt19937_64 gen(11);
    std::uniform_int_distribution<int> small(0, 5); // many ties
    for (int trial = 0; trial < 50; ++trial) {
        std::vector<double> a(3 + trial % 7), b(2 + trial % 5);
        for (double& x : a)
            x = small(gen);
        for (double& x : b)
            x = small(gen);
        double more = 0, less = 0;
        for (double x : a)
            for (double y : b) {
                more += x > y;
                less += x < y;
            }
        EXPECT_NEAR(cliffsDelta(a, b), (more - less) / static_cast<double>(a.size() * b.size()), 1e-15);
    }
}

TEST(Comparison, TheBootstrapIntervalCoversATrueRatioAboutNineteenTimesInTwenty) {
    // Log-normal times (the shape of benchmark noise) whose medians are 100 and 120: the true ratio 1.2.
    std::mt19937_64 gen(2026);
    std::lognormal_distribution<double> noise(0.0, 0.05);
    int covered = 0;
    constexpr int kTrials = 300;
    for (int t = 0; t < kTrials; ++t) {
        std::vector<double> a(25), b(25);
        for (double& x : a)
            x = 100 * noise(gen);
        for (double& x : b)
            x = 120 * noise(gen);
        const Interval i = bootstrapMedianRatio(a, b, static_cast<std::uint64_t>(t) + 1, 1000);
        EXPECT_LE(i.low, i.high);
        covered += i.low <= 1.2 && 1.2 <= i.high;
    }
    const double coverage = static_cast<double>(covered) / kTrials;
    EXPECT_GT(coverage, 0.88) << coverage;
    EXPECT_LT(coverage, 0.995) << coverage;
    // The same seed, the same interval.
    const std::vector<double> a{1, 2, 3, 4, 5}, b{2, 3, 4, 5, 6};
    const Interval x = bootstrapMedianRatio(a, b, 5), y = bootstrapMedianRatio(a, b, 5);
    EXPECT_EQ(x.low, y.low);
    EXPECT_EQ(x.high, y.high);
    EXPECT_THROW(bootstrapMedianRatio(a, b, 5, 0), std::invalid_argument);
    EXPECT_THROW(bootstrapMedianRatio(a, b, 5, 100, 1.5), std::invalid_argument);
}

/** n log-normal values around m (spread s). */
std::vector<double> around(double m, std::size_t n, double s, std::uint64_t seed) {
    std::mt19937_64 gen(seed);
    std::lognormal_distribution<double> noise(0.0, s);
    std::vector<double> v(n);
    for (double& x : v)
        x = m * noise(gen);
    return v;
}

TEST(Comparison, VerdictsFollowTheIntervalTheTestAndTheRepeats) {
    CompareOptions o;
    const auto base = around(100, 9, 0.01, 1);
    const PointComparison faster = comparePoint(base, around(70, 9, 0.01, 2), o);
    EXPECT_EQ(faster.verdict, Verdict::Faster) << faster.why;
    EXPECT_NEAR(faster.ratio, 0.7, 0.02);
    EXPECT_LT(faster.interval.high, 0.95);
    EXPECT_LT(faster.test.pValue, 0.001);
    EXPECT_EQ(faster.delta, -1); // every B value below every A value
    EXPECT_FALSE(faster.fewRepeats);
    const PointComparison slower = comparePoint(base, around(130, 9, 0.01, 3), o);
    EXPECT_EQ(slower.verdict, Verdict::Slower) << slower.why;
    EXPECT_EQ(slower.delta, 1);
    const PointComparison same = comparePoint(base, around(100.5, 9, 0.005, 4), o);
    EXPECT_EQ(same.verdict, Verdict::Same) << same.why;
    // Throughput: more is better, so a larger B is faster.
    CompareOptions rate = o;
    rate.lowerIsBetter = false;
    EXPECT_EQ(comparePoint(base, around(130, 9, 0.01, 3), rate).verdict, Verdict::Faster);
    // Too noisy to tell a 4 % change apart from a 5 % threshold.
    const PointComparison noisy = comparePoint(around(100, 9, 0.2, 5), around(104, 9, 0.2, 6), o);
    EXPECT_EQ(noisy.verdict, Verdict::Uncertain);
    EXPECT_NE(noisy.why.find("crosses the noise threshold"), std::string::npos) << noisy.why;
    EXPECT_TRUE(noisy.unstableA && noisy.unstableB);
    // Two repeats: allowed, said, and never a verdict.
    const PointComparison two = comparePoint(std::vector<double>{100, 101}, std::vector<double>{50, 51}, o);
    EXPECT_EQ(two.verdict, Verdict::Uncertain);
    EXPECT_TRUE(two.fewRepeats);
    EXPECT_NE(two.why.find("too few repeats (2 and 2; at least 3)"), std::string::npos) << two.why;
    // Five repeats: a verdict, flagged as fewer than recommended.
    const PointComparison five = comparePoint(around(100, 5, 0.01, 7), around(60, 5, 0.01, 8), o);
    EXPECT_EQ(five.verdict, Verdict::Faster) << five.why;
    EXPECT_TRUE(five.fewRepeats);
    EXPECT_THROW(comparePoint(base, std::vector<double>{}, o), std::invalid_argument);
    EXPECT_THROW(comparePoint(base, std::vector<double>{1, -2, 3}, o), std::invalid_argument);
    EXPECT_THROW(comparePoint(base, std::vector<double>{1, NAN, 3}, o), std::invalid_argument);
    EXPECT_EQ(verdictName(Verdict::Uncertain), "UNCERTAIN");
}

TEST(Comparison, TheGeometricMeanOfRatios) {
    // Without noise: ratios 2 and 1/2 → 1, and the interval is that point.
    const std::vector<std::pair<std::vector<double>, std::vector<double>>> exact{{{10, 10, 10}, {20, 20, 20}},
                                                                                 {{8, 8, 8}, {4, 4, 4}}};
    const GeometricMean g = geometricMeanRatio(exact, 3, 500);
    EXPECT_NEAR(g.value, 1.0, 1e-12);
    EXPECT_NEAR(g.interval.low, 1.0, 1e-12);
    EXPECT_NEAR(g.interval.high, 1.0, 1e-12);
    EXPECT_EQ(g.points, 2u);
    // With noise, around ratios 1.5, 1.5 and 1.5: the interval holds 1.5 and is narrower than a point's.
    std::vector<std::pair<std::vector<double>, std::vector<double>>> noisy;
    for (std::uint64_t p = 0; p < 3; ++p)
        noisy.push_back({around(100, 15, 0.03, 10 + p), around(150, 15, 0.03, 20 + p)});
    const GeometricMean n = geometricMeanRatio(noisy, 4, 1000);
    EXPECT_LT(n.interval.low, 1.5);
    EXPECT_GT(n.interval.high, 1.5);
    const Interval one = bootstrapMedianRatio(noisy[0].first, noisy[0].second, 4, 1000);
    EXPECT_LT(n.interval.high - n.interval.low, one.high - one.low);
    EXPECT_THROW(geometricMeanRatio({}, 1), std::invalid_argument);
}

} // namespace
