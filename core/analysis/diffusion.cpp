// analyzeDiffusion: validates the request, runs the structural propagation, the optional empirical
// avalanche and (LEA) the CTR precomputation, and assembles one DiffusionResult.
#include "core/analysis/diffusion.h"

#include "core/analysis/avalanche.h"
#include "core/analysis/dependency.h"
#include "core/analysis/plan.h"
#include "core/analysis/precompute.h"
#include "core/analysis/structural.h"

namespace rs::analysis {

std::optional<Field> fieldFromName(const std::string& name) {
    if (name == "pt") return Field::Plaintext;
    if (name == "key") return Field::Key;
    if (name == "nonce") return Field::Nonce;
    if (name == "state") return Field::State;
    return std::nullopt;
}

std::string fieldName(Field f) {
    switch (f) {
    case Field::Plaintext:
        return "pt";
    case Field::Key:
        return "key";
    case Field::Nonce:
        return "nonce";
    case Field::State:
        return "state";
    }
    return "state";
}

namespace detail {

namespace {

// What a registry row lacks when the analysis has no structural figures for it.
constexpr const char* noStructuralModel =
    "its registry row names no fast path, and the exact bit-level "
    "propagation is written per family in core/analysis/dependency_*.cpp";

} // namespace

std::vector<BitMatrix> dependency(const Plan& plan, const std::atomic<bool>* cancel) {
    switch (plan.family) {
    case Family::Ascon:
        return asconDependency(plan, cancel);
    case Family::Lea:
        return leaDependency(plan, cancel);
    case Family::Skinny:
        return skinnyDependency(plan, cancel);
    case Family::MlDsa:
        return mldsaDependency(plan, cancel);
    case Family::Keccak:
        return keccakDependency(plan, cancel);
    case Family::None:
        break;
    }
    throw AnalysisError("alg", "no structural dependency for " + plan.alg + ": " + noStructuralModel);
}

} // namespace detail

std::vector<BitMatrix> structuralDependency(const DiffusionRequest& request) {
    return detail::dependency(detail::makePlan(request), nullptr);
}

DiffusionResult analyzeDiffusion(const DiffusionRequest& request, const Progress& progress) {
    return detail::analyzePlan(detail::makePlan(request), request.keepSac, progress);
}

namespace detail {

DiffusionResult analyzePlan(const Plan& plan, bool keepSac, const Progress& progress) {
    checkCancel(progress.cancel);
    // The structural figures need the family's structural model (its fast path); a registry row without
    // one still gets the avalanche through its traced model, and the result says why the rest is missing.
    const bool structural = plan.family != Family::None;
    if (!structural && plan.samples == 0)
        throw AnalysisError("samples",
                            plan.alg + " has no structural model (" + noStructuralModel +
                                "): ask for samples > 0, the empirical avalanche through its model");
    // ML-DSA: one row per coefficient, each standing for its 32 identical state-bit rows (the
    // bit-level matrices would be 8 MB a layer, almost all of the time spent in page faults).
    const int rowBits = plan.family == Family::MlDsa ? 32 : 1;
    std::vector<BitMatrix> deps;
    if (structural)
        deps = rowBits == 1 ? dependency(plan, progress.cancel)
                            : mldsaCoefficientDependency(plan, progress.cancel);

    DiffusionResult res;
    res.algorithm = plan.displayName;
    res.layout = layoutOf(plan);
    res.field = plan.field;
    res.firstBit = plan.firstBit;
    res.lastBit = plan.lastBit;
    res.stateBits = plan.stateBits;
    res.rounds = plan.rounds;
    res.samples = plan.samples;
    const double pairs = static_cast<double>(plan.stateBits) * plan.varied();
    if (!structural)
        res.structuralUnavailable = "no structural model of " + plan.alg + " (" + noStructuralModel + ")";
    for (int r = 0; r < plan.rounds; ++r) {
        RoundDiffusion rd;
        rd.round = r + 1;
        if (!structural) {
            res.perRound.push_back(std::move(rd));
            continue;
        }
        const BitMatrix& m = deps[static_cast<std::size_t>(r)];
        rd.dependentBits.assign(static_cast<std::size_t>(plan.stateBytes), 0);
        int dependent = 0;
        for (int s = 0; s < plan.stateBits; ++s) {
            if (!m.rowAny(s / rowBits)) continue;
            ++dependent;
            rd.dependentBits[static_cast<std::size_t>(s / 8)] |= static_cast<std::uint8_t>(0x80u >> (s % 8));
        }
        rd.dependentFraction = static_cast<double>(dependent) / plan.stateBits;
        rd.pairFraction = static_cast<double>(m.count() * rowBits) / pairs;
        rd.fullDiffusion = m.full();
        if (rd.fullDiffusion && res.fullDiffusionRound < 0) res.fullDiffusionRound = rd.round;
        res.perRound.push_back(std::move(rd));
    }

    if (plan.samples > 0) {
        auto emp = measureAvalanche(plan, keepSac, progress);
        for (int r = 0; r < plan.rounds; ++r) {
            RoundDiffusion& rd = res.perRound[static_cast<std::size_t>(r)];
            EmpiricalRound& e = emp[static_cast<std::size_t>(r)];
            rd.avalancheMean = e.avalancheMean;
            rd.flipHistogram = std::move(e.flipHistogram);
            rd.sacMaxDeviation = e.sacMaxDeviation;
            rd.sac = std::move(e.sac);
        }
    }
    if (structural) res.precomputable = leaPrecompute(plan, deps);
    if (progress.report) progress.report(1.0);
    return res;
}

} // namespace detail

} // namespace rs::analysis
