// Empirical avalanche: per sample one base run and one twin per varied bit, every round's
// difference accumulated in the bit-sliced SAC counters.
#include "core/analysis/avalanche.h"

#include "core/analysis/roundrunner.h"
#include "core/analysis/sacaccumulator.h"

#include <algorithm>
#include <cmath>

namespace rs::analysis::detail {

std::vector<EmpiricalRound> measureAvalanche(const Plan& plan, bool keepSac, const Progress& progress) {
    const int n = plan.varied(), rounds = plan.rounds, samples = plan.samples;
    const auto runner = makeRoundRunner(plan);
    const int words = runner->words();
    SacAccumulator acc(n, rounds, words, plan.stateBits);
    std::vector<std::uint64_t> base(static_cast<std::size_t>(rounds * words)),
        twin(static_cast<std::size_t>(rounds * words)), diff(static_cast<std::size_t>(words));
    Xoshiro256 rng(plan.seed);

    int reportedPercent = 0;
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
        // Whole percents only, so a run reports at most 100 times however many samples it has.
        const int percent = static_cast<int>((static_cast<long long>(i + 1) * 100) / samples);
        if (percent > reportedPercent && percent < 100) {
            reportedPercent = percent;
            if (progress.report) progress.report(percent / 100.0);
        }
    }
    acc.flush();

    std::vector<EmpiricalRound> out(static_cast<std::size_t>(rounds));
    const double flips = static_cast<double>(samples) * n;
    for (int r = 0; r < rounds; ++r) {
        EmpiricalRound& e = out[static_cast<std::size_t>(r)];
        e.flipHistogram = acc.histogram(r);
        double weighted = 0;
        for (std::size_t k = 0; k < e.flipHistogram.size(); ++k)
            weighted += static_cast<double>(k) * e.flipHistogram[k];
        e.avalancheMean = samples > 0 ? weighted / flips : 0.0;
        if (keepSac) e.sac.resize(static_cast<std::size_t>(n) * static_cast<std::size_t>(plan.stateBits));
        double worst = 0;
        for (int v = 0; v < n; ++v) {
            for (int s = 0; s < plan.stateBits; ++s) {
                const double p = samples > 0 ? static_cast<double>(acc.count(r, v, s)) / samples : 0.0;
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

} // namespace rs::analysis::detail
