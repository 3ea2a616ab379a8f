#pragma once
// Comparing two series of measurements of one point (campaign vs campaign, target vs target, revision vs
// revision) as a reviewer would accept it: the ratio of the medians with a bootstrap 95 % interval, the
// Mann–Whitney U test's two-sided p-value, Cliff's δ as the effect size, a spread check, and one verdict
// (FASTER / SLOWER / SAME / UNCERTAIN); over a campaign, the geometric mean of the ratios with its
// interval. Plain C++: no Qt, no store. Resampling is seeded and uses its own generator, so a comparison
// gives the same numbers on every machine and every run.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rs::campaign::stats {

/** @brief The median (the mean of the two middle values for an even count); NaN for no values. */
double median(std::span<const double> values);

/** @brief Robust spread of a series: 1.4826 · MAD / |median| (the coefficient of variation of a normal
 *  sample, unmoved by one outlier); 0 for fewer than two values or a zero median. */
double relativeSpread(std::span<const double> values);

enum class UMethod { Auto, Exact, Asymptotic };

/** @brief The Mann–Whitney U test of a against b. */
struct MannWhitney {
    double u = 0;       ///< U of a: the pairs (a_i, b_j) with a_i > b_j, a tie counting one half
    double pValue = 1;  ///< two-sided
    bool exact = false; ///< from the exact distribution of U, else the normal approximation
};

/**
 * @brief Two-sided Mann–Whitney U test. Auto: exact when there are no ties and n_a · n_b ≤ 400, else the
 * normal approximation with the tie correction of the variance and a continuity correction of 1/2
 * (the textbook and scipy's "asymptotic"). Exact with ties is refused (std::invalid_argument), as is an
 * empty sample.
 */
MannWhitney mannWhitneyU(std::span<const double> a, std::span<const double> b,
                         UMethod method = UMethod::Auto);

/** @brief Cliff's δ of a over b: (#(a_i > b_j) − #(a_i < b_j)) / (n_a · n_b), in [−1, 1]. */
double cliffsDelta(std::span<const double> a, std::span<const double> b);

struct Interval {
    double low = 0, high = 0;
};

/** @brief Percentile bootstrap interval (level, e.g. 0.95) of median(b) / median(a), each sample
 *  resampled on its own, `resamples` times, from seed. */
Interval bootstrapMedianRatio(std::span<const double> a, std::span<const double> b, std::uint64_t seed,
                              int resamples = 2000, double level = 0.95);

enum class Verdict { Faster, Slower, Same, Uncertain };
/** @brief "FASTER", "SLOWER", "SAME", "UNCERTAIN". */
std::string_view verdictName(Verdict v);

struct CompareOptions {
    double threshold = 0.05;      ///< noise threshold: a ratio within 1 ± threshold is no difference
    double alpha = 0.05;          ///< significance level of the U test
    int minRepeats = 3;           ///< fewer on either side: UNCERTAIN, too few repeats
    int recommendedRepeats = 9;   ///< fewer is allowed, and said
    double unstableSpread = 0.10; ///< relativeSpread above this flags a series as unstable
    bool lowerIsBetter = true;    ///< times; false for throughput
    std::uint64_t seed = 1;
    int resamples = 2000;
};

/** @brief One point compared: B (the candidate) against A (the baseline). */
struct PointComparison {
    std::size_t countA = 0, countB = 0;
    double medianA = 0, medianB = 0;
    double ratio = 0;  ///< medianB / medianA
    Interval interval; ///< of ratio (bootstrap)
    MannWhitney test;  ///< of B against A
    double delta = 0;  ///< Cliff's δ of B over A
    Verdict verdict = Verdict::Uncertain;
    std::string why;         ///< what decided the verdict, in words
    bool fewRepeats = false; ///< fewer than recommendedRepeats on a side (allowed; said)
    bool unstableA = false, unstableB = false;
};

/** @brief Compares one point. Throws std::invalid_argument when a side has no values, or a value is
 *  not finite and positive (times, rates and counts are). */
PointComparison comparePoint(std::span<const double> a, std::span<const double> b,
                             const CompareOptions& options);

/** @brief Compares one point whose figures are exact (simulated clocks, retired instructions: one value a
 *  side that a rerun reproduces to the last digit). No test and no interval are needed: the interval is
 *  the ratio itself, the verdict the ratio against the noise threshold (SAME within it). Throws as
 *  comparePoint does for a value that is not finite and positive. */
PointComparison compareExact(double a, double b, const CompareOptions& options);

struct GeometricMean {
    double value = 0;  ///< geometric mean of the points' ratios of medians
    Interval interval; ///< bootstrap: each point's repeats resampled, the mean taken again
    std::size_t points = 0;
};

/** @brief The geometric mean over points of median(B)/median(A) with its bootstrap interval (level). */
GeometricMean
geometricMeanRatio(const std::vector<std::pair<std::vector<double>, std::vector<double>>>& points,
                   std::uint64_t seed, int resamples = 2000, double level = 0.95);

} // namespace rs::campaign::stats
