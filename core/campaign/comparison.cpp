#include "core/campaign/comparison.h"

#include "core/campaign/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace rs::campaign::stats {

namespace {

constexpr std::size_t kExactLimit = 400; ///< n_a · n_b up to which Auto uses the exact distribution

/** splitmix64: a small generator whose output is fixed by its definition (no library's distribution). */
class Random {
  public:
    explicit Random(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    /** Uniform in [0, n) (Lemire's multiply, with rejection of the biased low part). */
    std::size_t below(std::size_t n) {
        const auto bound = static_cast<std::uint64_t>(n);
        for (;;) {
            const unsigned __int128 m = static_cast<unsigned __int128>(next()) * bound;
            const auto low = static_cast<std::uint64_t>(m);
            if (low >= (~bound + 1) % bound) return static_cast<std::size_t>(m >> 64);
        }
    }

  private:
    std::uint64_t m_state;
};

double medianInPlace(std::vector<double>& v) {
    if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
    const double upper = v[mid];
    if (v.size() % 2 == 1) return upper;
    const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid));
    return lower + (upper - lower) / 2;
}

/** The median of a resample (with replacement) of values, into scratch. */
double resampledMedian(std::span<const double> values, Random& random, std::vector<double>& scratch) {
    scratch.resize(values.size());
    for (double& x : scratch)
        x = values[random.below(values.size())];
    return medianInPlace(scratch);
}

/** The q-quantile of sorted values (linear between neighbours). */
double quantile(const std::vector<double>& sorted, double q) {
    const double pos = q * static_cast<double>(sorted.size() - 1);
    const auto i = static_cast<std::size_t>(std::floor(pos));
    if (i + 1 >= sorted.size()) return sorted.back();
    return sorted[i] + (pos - static_cast<double>(i)) * (sorted[i + 1] - sorted[i]);
}

Interval percentileInterval(std::vector<double> values, double level) {
    std::sort(values.begin(), values.end());
    const double tail = (1 - level) / 2;
    return {quantile(values, tail), quantile(values, 1 - tail)};
}

void checkLevel(int resamples, double level) {
    if (resamples < 1) throw std::invalid_argument("a bootstrap needs at least one resample");
    if (!(level > 0 && level < 1)) throw std::invalid_argument("a confidence level is between 0 and 1");
}

/** How many of the C(m+n, m) orderings of m a's and n b's give each U (the pairs a > b), 0..m·n. */
std::vector<double> exactCounts(std::size_t m, std::size_t n) {
    // f(i, j) over u: f(i, j)[u] = f(i-1, j)[u - j] (the largest value is an a: it beats all j b's)
    //                             + f(i, j-1)[u]      (the largest is a b).
    std::vector<std::vector<std::vector<double>>> f(m + 1, std::vector<std::vector<double>>(n + 1));
    for (std::size_t i = 0; i <= m; ++i)
        for (std::size_t j = 0; j <= n; ++j) {
            std::vector<double>& c = f[i][j];
            c.assign(i * j + 1, 0.0);
            if (i == 0 || j == 0) {
                c[0] = 1;
                continue;
            }
            for (std::size_t u = 0; u <= i * j; ++u) {
                if (u >= j && u - j < f[i - 1][j].size()) c[u] += f[i - 1][j][u - j];
                if (u < f[i][j - 1].size()) c[u] += f[i][j - 1][u];
            }
        }
    return f[m][n];
}

double normalUpperTail(double z) {
    return 0.5 * std::erfc(z / std::sqrt(2.0));
}

} // namespace

double median(std::span<const double> values) {
    std::vector<double> v(values.begin(), values.end());
    return medianInPlace(v);
}

double relativeSpread(std::span<const double> values) {
    if (values.size() < 2) return 0;
    const double m = median(values);
    if (m == 0 || !std::isfinite(m)) return 0;
    std::vector<double> deviations;
    deviations.reserve(values.size());
    for (double x : values)
        deviations.push_back(std::fabs(x - m));
    return 1.4826 * medianInPlace(deviations) / std::fabs(m);
}

MannWhitney mannWhitneyU(std::span<const double> a, std::span<const double> b, UMethod method) {
    if (a.empty() || b.empty()) throw std::invalid_argument("the U test needs values on both sides");
    const std::size_t m = a.size(), n = b.size(), total = m + n;
    // Ranks over both samples, ties given their mean rank.
    std::vector<std::pair<double, bool>> pooled; // value, from a
    pooled.reserve(total);
    for (double x : a)
        pooled.emplace_back(x, true);
    for (double x : b)
        pooled.emplace_back(x, false);
    std::sort(pooled.begin(), pooled.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
    double rankSumA = 0, tieTerm = 0;
    for (std::size_t i = 0; i < total;) {
        std::size_t j = i;
        while (j < total && pooled[j].first == pooled[i].first)
            ++j;
        const double rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2; // ranks i+1 .. j
        for (std::size_t k = i; k < j; ++k)
            if (pooled[k].second) rankSumA += rank;
        const auto t = static_cast<double>(j - i);
        tieTerm += t * t * t - t;
        i = j;
    }
    MannWhitney r;
    const auto md = static_cast<double>(m), nd = static_cast<double>(n), N = static_cast<double>(total);
    r.u = rankSumA - md * (md + 1) / 2;
    const bool ties = tieTerm > 0;
    if (method == UMethod::Exact && ties)
        throw std::invalid_argument("the exact U distribution is for samples without ties");
    r.exact = method == UMethod::Exact || (method == UMethod::Auto && !ties && m * n <= kExactLimit);
    if (r.exact) {
        const std::vector<double> counts = exactCounts(m, n);
        double orderings = 0, below = 0, above = 0;
        const auto u = static_cast<std::size_t>(std::llround(r.u));
        for (std::size_t k = 0; k < counts.size(); ++k) {
            orderings += counts[k];
            if (k <= u) below += counts[k];
            if (k >= u) above += counts[k];
        }
        r.pValue = std::min(1.0, 2 * std::min(below, above) / orderings);
        return r;
    }
    const double mean = md * nd / 2;
    const double variance = md * nd / 12 * ((N + 1) - tieTerm / (N * (N - 1)));
    if (variance <= 0) { // every value the same: no evidence of a difference
        r.pValue = 1;
        return r;
    }
    const double z = std::max(0.0, std::fabs(r.u - mean) - 0.5) / std::sqrt(variance);
    r.pValue = std::min(1.0, 2 * normalUpperTail(z));
    return r;
}

double cliffsDelta(std::span<const double> a, std::span<const double> b) {
    if (a.empty() || b.empty()) throw std::invalid_argument("Cliff's delta needs values on both sides");
    std::vector<double> sorted(b.begin(), b.end());
    std::sort(sorted.begin(), sorted.end());
    double more = 0, less = 0;
    for (double x : a) {
        more += static_cast<double>(std::lower_bound(sorted.begin(), sorted.end(), x) - sorted.begin());
        less += static_cast<double>(sorted.end() - std::upper_bound(sorted.begin(), sorted.end(), x));
    }
    return (more - less) / (static_cast<double>(a.size()) * static_cast<double>(b.size()));
}

Interval bootstrapMedianRatio(std::span<const double> a, std::span<const double> b, std::uint64_t seed,
                              int resamples, double level) {
    checkLevel(resamples, level);
    if (a.empty() || b.empty()) throw std::invalid_argument("a ratio of medians needs values on both sides");
    Random random(seed);
    std::vector<double> ratios, scratch;
    ratios.reserve(static_cast<std::size_t>(resamples));
    for (int i = 0; i < resamples; ++i) {
        const double ma = resampledMedian(a, random, scratch);
        const double mb = resampledMedian(b, random, scratch);
        ratios.push_back(mb / ma);
    }
    return percentileInterval(std::move(ratios), level);
}

std::string_view verdictName(Verdict v) {
    switch (v) {
    case Verdict::Faster:
        return "FASTER";
    case Verdict::Slower:
        return "SLOWER";
    case Verdict::Same:
        return "SAME";
    case Verdict::Uncertain:
        return "UNCERTAIN";
    }
    return "UNCERTAIN";
}

PointComparison comparePoint(std::span<const double> a, std::span<const double> b, const CompareOptions& o) {
    if (a.empty() || b.empty()) throw std::invalid_argument("a comparison needs values on both sides");
    for (std::span<const double> side : {a, b})
        for (double x : side)
            if (!std::isfinite(x) || x <= 0)
                throw std::invalid_argument("a measured value must be finite and positive, not " +
                                            std::to_string(x));
    PointComparison c;
    c.countA = a.size();
    c.countB = b.size();
    c.medianA = median(a);
    c.medianB = median(b);
    c.ratio = c.medianB / c.medianA;
    c.interval = bootstrapMedianRatio(a, b, o.seed, o.resamples);
    c.test = mannWhitneyU(b, a);
    c.delta = cliffsDelta(b, a);
    c.unstableA = relativeSpread(a) > o.unstableSpread;
    c.unstableB = relativeSpread(b) > o.unstableSpread;
    const auto fewest = static_cast<int>(std::min(c.countA, c.countB));
    c.fewRepeats = fewest < o.recommendedRepeats;
    if (fewest < o.minRepeats) {
        c.why = "too few repeats (" + std::to_string(c.countA) + " and " + std::to_string(c.countB) +
                "; at least " + std::to_string(o.minRepeats) + ")";
        return c;
    }
    const double low = 1 - o.threshold, high = 1 + o.threshold;
    const std::string band = "1 ± " + formatFixed(o.threshold * 100, 1) + " %";
    const bool below = c.interval.high<low, above = c.interval.low> high;
    if (below || above) {
        if (c.test.pValue >= o.alpha) {
            c.why = "the interval is outside " + band +
                    " but the U test's p = " + formatFixed(c.test.pValue, 3) + " is not below " +
                    formatFixed(o.alpha, 3);
            return c;
        }
        // B's values smaller: faster when lower is better (times), slower for throughput.
        c.verdict = below == o.lowerIsBetter ? Verdict::Faster : Verdict::Slower;
        c.why = "the 95 % interval of the ratio lies " + std::string(below ? "below " : "above ") + band +
                " and p = " + formatFixed(c.test.pValue, 4);
        return c;
    }
    if (c.interval.low >= low && c.interval.high <= high) {
        c.verdict = Verdict::Same;
        c.why = "the 95 % interval of the ratio lies within " + band;
        return c;
    }
    c.why = "the 95 % interval of the ratio crosses the noise threshold (" + band + ")";
    return c;
}

PointComparison compareExact(double a, double b, const CompareOptions& o) {
    for (double x : {a, b})
        if (!std::isfinite(x) || x <= 0)
            throw std::invalid_argument("a measured value must be finite and positive, not " +
                                        std::to_string(x));
    PointComparison c;
    c.countA = c.countB = 1;
    c.medianA = a;
    c.medianB = b;
    c.ratio = b / a;
    c.interval = {c.ratio, c.ratio};
    c.test = {a == b ? 0.5 : (b > a ? 1.0 : 0.0), a == b ? 1.0 : 0.0, true};
    c.delta = a == b ? 0.0 : (b > a ? 1.0 : -1.0);
    const std::string band = "1 ± " + formatFixed(o.threshold * 100, 1) + " %";
    if (c.ratio < 1 - o.threshold || c.ratio > 1 + o.threshold) {
        c.verdict = (c.ratio < 1) == o.lowerIsBetter ? Verdict::Faster : Verdict::Slower;
        c.why = "exact figures (simulated): the ratio lies " +
                std::string(c.ratio < 1 ? "below " : "above ") + band;
    } else {
        c.verdict = Verdict::Same;
        c.why = "exact figures (simulated): the ratio lies within " + band;
    }
    return c;
}

GeometricMean
geometricMeanRatio(const std::vector<std::pair<std::vector<double>, std::vector<double>>>& points,
                   std::uint64_t seed, int resamples, double level) {
    checkLevel(resamples, level);
    GeometricMean g;
    g.points = points.size();
    if (points.empty()) throw std::invalid_argument("a geometric mean needs at least one point");
    double logSum = 0;
    for (const auto& [a, b] : points) {
        if (a.empty() || b.empty()) throw std::invalid_argument("a point without values on both sides");
        logSum += std::log(median(b) / median(a));
    }
    g.value = std::exp(logSum / static_cast<double>(points.size()));
    Random random(seed);
    std::vector<double> means, scratch;
    means.reserve(static_cast<std::size_t>(resamples));
    for (int i = 0; i < resamples; ++i) {
        double s = 0;
        for (const auto& [a, b] : points) {
            const double ma = resampledMedian(a, random, scratch);
            s += std::log(resampledMedian(b, random, scratch) / ma);
        }
        means.push_back(std::exp(s / static_cast<double>(points.size())));
    }
    g.interval = percentileInterval(std::move(means), level);
    return g;
}

} // namespace rs::campaign::stats
