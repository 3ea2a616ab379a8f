// Empirical avalanche: per sample one base run and one twin per varied bit, every round's
// difference counted per (round, varied bit, state bit) and as a per-round weight histogram.
// Two paths with identical results: the reference (one sample at a time, bit-sliced SAC counters)
// and the sliced path (64 samples at once, one word per state bit, popcount).
#include "core/analysis/avalanche.h"

#include "core/analysis/roundrunner.h"
#include "core/analysis/sacaccumulator.h"
#include "core/analysis/slicedcount.h"
#include "core/analysis/slicedrunner.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

namespace rs::analysis::detail {

namespace {

// Whole percents only, so a run reports at most 100 times however many samples it has.
class PercentReporter {
  public:
    explicit PercentReporter(const Progress& p) : m_progress(p) {}
    void update(long long done, long long total) {
        const int percent = static_cast<int>(done * 100 / total);
        if (percent > m_reported && percent < 100) {
            m_reported = percent;
            if (m_progress.report) m_progress.report(percent / 100.0);
        }
    }

  private:
    const Progress& m_progress;
    int m_reported = 0;
};

// The per-round figures from the counts: count(r, v, s) flips of state bit s, histogram(r).
template <class Count, class Hist>
std::vector<EmpiricalRound> finish(const Plan& plan, bool keepSac, Count count, Hist histogram) {
    const int n = plan.varied(), rounds = plan.rounds, samples = plan.samples;
    std::vector<EmpiricalRound> out(static_cast<std::size_t>(rounds));
    const double flips = static_cast<double>(samples) * n;
    for (int r = 0; r < rounds; ++r) {
        EmpiricalRound& e = out[static_cast<std::size_t>(r)];
        e.flipHistogram = histogram(r);
        double weighted = 0;
        for (std::size_t k = 0; k < e.flipHistogram.size(); ++k)
            weighted += static_cast<double>(k) * e.flipHistogram[k];
        e.avalancheMean = samples > 0 ? weighted / flips : 0.0;
        if (keepSac) e.sac.resize(static_cast<std::size_t>(n) * static_cast<std::size_t>(plan.stateBits));
        double worst = 0;
        for (int v = 0; v < n; ++v) {
            for (int s = 0; s < plan.stateBits; ++s) {
                const double p = samples > 0 ? static_cast<double>(count(r, v, s)) / samples : 0.0;
                worst = std::max(worst, std::abs(p - 0.5));
                if (keepSac)
                    e.sac[static_cast<std::size_t>(v) * static_cast<std::size_t>(plan.stateBits) +
                          static_cast<std::size_t>(s)] = static_cast<float>(p);
            }
        }
        e.sacMaxDeviation = samples > 0 ? worst : 0.0;
    }
    return out;
}

using AccumulateFn = void (*)(const std::uint64_t*, const std::uint64_t*, int, std::uint64_t, int,
                              std::uint32_t*, std::uint32_t*, std::uint64_t*);

void accumulateRoundPortable(const std::uint64_t* base, const std::uint64_t* twin, int bits,
                             std::uint64_t mask, int lanes, std::uint32_t* counts, std::uint32_t* hist,
                             std::uint64_t* diff) {
    sliced::accumulateRoundBody(base, twin, bits, mask, lanes, counts, hist, diff);
}

// The POPCNT build where the CPU has the instruction (one instruction instead of a libgcc call).
AccumulateFn chooseAccumulate() {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    static const bool hasPopcnt = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt") != 0;
    }();
    if (hasPopcnt) return &accumulateRoundPopcnt;
#endif
    return &accumulateRoundPortable;
}

} // namespace

std::vector<EmpiricalRound> measureAvalanche(const Plan& plan, bool keepSac, const Progress& progress) {
    return hasSlicedAvalanche(plan) ? measureAvalancheSliced(plan, keepSac, progress)
                                    : measureAvalancheReference(plan, keepSac, progress);
}

bool hasSlicedAvalanche(const Plan& plan) {
    return makeSlicedRunner(plan) != nullptr;
}

std::vector<EmpiricalRound> measureAvalancheReference(const Plan& plan, bool keepSac,
                                                      const Progress& progress) {
    const int n = plan.varied(), rounds = plan.rounds, samples = plan.samples;
    const auto runner = makeRoundRunner(plan);
    if (!runner)
        throw AnalysisError("samples", "no avalanche/SAC for " + plan.alg +
                                           ": its registry row has no traced model the analysis can run");
    const int words = runner->words();
    SacAccumulator acc(n, rounds, words, plan.stateBits);
    std::vector<std::uint64_t> base(static_cast<std::size_t>(rounds * words)),
        twin(static_cast<std::size_t>(rounds * words)), diff(static_cast<std::size_t>(words));
    Xoshiro256 rng(plan.seed);
    PercentReporter reporter(progress);
    for (int i = 0; i < samples; ++i) {
        checkCancel(progress.cancel);
        runner->newSample(rng);
        runner->run(-1, base.data());
        for (int v = 0; v < n; ++v) {
            runner->run(v, twin.data());
            for (int r = 0; r < rounds; ++r) {
                for (int w = 0; w < words; ++w)
                    diff[static_cast<std::size_t>(w)] = base[static_cast<std::size_t>(r * words + w)] ^
                                                        twin[static_cast<std::size_t>(r * words + w)];
                acc.add(v, r, diff.data());
            }
        }
        acc.endSample();
        reporter.update(i + 1, samples);
    }
    acc.flush();
    return finish(
        plan, keepSac, [&](int r, int v, int s) { return acc.count(r, v, s); },
        [&](int r) { return acc.histogram(r); });
}

std::vector<EmpiricalRound> measureAvalancheSliced(const Plan& plan, bool keepSac, const Progress& progress) {
    const auto runner = makeSlicedRunner(plan);
    if (!runner) throw std::logic_error("no bitsliced avalanche for " + plan.alg);
    const int n = plan.varied(), rounds = plan.rounds, samples = plan.samples, bits = plan.stateBits;
    const auto perRound = static_cast<std::size_t>(bits);
    std::vector<std::uint32_t> counts(
        static_cast<std::size_t>(rounds) * static_cast<std::size_t>(n) * perRound, 0);
    std::vector<std::uint32_t> hist(static_cast<std::size_t>(rounds) * (perRound + 1), 0);
    std::vector<std::uint64_t> base(static_cast<std::size_t>(rounds) * perRound), twin(base.size()),
        diff(perRound);
    const AccumulateFn accumulate = chooseAccumulate();
    Xoshiro256 rng(plan.seed);
    PercentReporter reporter(progress);
    const long long total = static_cast<long long>(samples) * n;

    for (int first = 0; first < samples; first += SlicedRunner::kLanes) {
        const int lanes = std::min(SlicedRunner::kLanes, samples - first);
        const std::uint64_t mask = lanes == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << lanes) - 1;
        checkCancel(progress.cancel);
        runner->newGroup(rng, lanes);
        runner->run(-1, base.data());
        for (int v = 0; v < n; ++v) {
            checkCancel(progress.cancel);
            runner->run(v, twin.data());
            for (int r = 0; r < rounds; ++r) {
                const std::uint64_t* b = base.data() + static_cast<std::size_t>(r) * perRound;
                const std::uint64_t* t = twin.data() + static_cast<std::size_t>(r) * perRound;
                std::uint32_t* c =
                    counts.data() + (static_cast<std::size_t>(r) * static_cast<std::size_t>(n) +
                                     static_cast<std::size_t>(v)) *
                                        perRound;
                accumulate(b, t, bits, mask, lanes, c,
                           hist.data() + static_cast<std::size_t>(r) * (perRound + 1), diff.data());
            }
            reporter.update(static_cast<long long>(first) * n + static_cast<long long>(lanes) * (v + 1),
                            total);
        }
    }
    return finish(
        plan, keepSac,
        [&](int r, int v, int s) {
            return counts[(static_cast<std::size_t>(r) * static_cast<std::size_t>(n) +
                           static_cast<std::size_t>(v)) *
                              perRound +
                          static_cast<std::size_t>(s)];
        },
        [&](int r) {
            const auto from =
                hist.begin() + static_cast<std::ptrdiff_t>(r) * static_cast<std::ptrdiff_t>(perRound + 1);
            return std::vector<std::uint32_t>(from, from + static_cast<std::ptrdiff_t>(perRound + 1));
        });
}

} // namespace rs::analysis::detail
