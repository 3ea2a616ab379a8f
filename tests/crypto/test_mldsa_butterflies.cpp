// ML-DSA traces at butterfly granularity (MlDsaTraceDetail::Butterflies): the step count, that each
// layer's last butterfly step has the layer step's state, that a butterfly changes at most the two
// coefficients its name gives and computes the Cooley–Tukey / Gentleman–Sande formula with its ζ, and that
// the layer steps are those of the layer-only trace.
#include "core/crypto/mldsantt.h"

#include <gtest/gtest.h>

#include <random>

using namespace rs::crypto;

namespace {

constexpr std::int64_t Q = kMlDsaQ;

MlDsaPoly randomPoly(std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::int32_t> d(0, static_cast<std::int32_t>(Q - 1));
    MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

MlDsaPoly coefficients(const TraceStep& s) {
    return mldsaPolyFromBytes(s.state);
}

Trace traced(bool inverse, const MlDsaPoly& a, MlDsaTraceDetail detail) {
    Trace t;
    if (inverse)
        mldsaInverseNttTraced(a, t, detail);
    else
        mldsaNttTraced(a, t, detail);
    return t;
}

bool isButterfly(const TraceStep& s) {
    return s.step.find(" butterfly ") != std::string::npos;
}

} // namespace

TEST(MlDsaButterflies, StepCountsAndLayerSteps) {
    const MlDsaPoly a = randomPoly(3);
    for (bool inverse : {false, true}) {
        const Trace fine = traced(inverse, a, MlDsaTraceDetail::Butterflies);
        const Trace coarse = traced(inverse, a, MlDsaTraceDetail::Layers);
        // input + 8 × (128 butterflies + the layer step), + the final × 256⁻¹ for the inverse.
        EXPECT_EQ(fine.steps.size(), inverse ? 1034u : 1033u);
        EXPECT_EQ(coarse.steps.size(), inverse ? 10u : 9u);
        EXPECT_EQ(fine.layout.name, "mldsa-poly");
        std::vector<const TraceStep*> layerSteps;
        for (const TraceStep& s : fine.steps)
            if (!isButterfly(s)) layerSteps.push_back(&s);
        ASSERT_EQ(layerSteps.size(), coarse.steps.size());
        for (std::size_t i = 0; i < layerSteps.size(); ++i) {
            EXPECT_EQ(layerSteps[i]->step, coarse.steps[i].step);
            EXPECT_EQ(layerSteps[i]->round, coarse.steps[i].round);
            EXPECT_EQ(layerSteps[i]->state, coarse.steps[i].state);
        }
    }
}

TEST(MlDsaButterflies, LastButterflyOfALayerIsTheLayer) {
    const MlDsaPoly a = randomPoly(4);
    for (bool inverse : {false, true}) {
        const Trace t = traced(inverse, a, MlDsaTraceDetail::Butterflies);
        int layers = 0;
        for (std::size_t i = 1; i < t.steps.size(); ++i) {
            if (isButterfly(t.steps[i]) || t.steps[i].step == "× 256⁻¹") continue;
            ++layers;
            ASSERT_TRUE(isButterfly(t.steps[i - 1])) << t.steps[i].step;
            EXPECT_EQ(t.steps[i - 1].round, t.steps[i].round);
            EXPECT_EQ(t.steps[i - 1].state, t.steps[i].state) << t.steps[i].step;
            EXPECT_NE(t.steps[i - 1].step.find("butterfly 128:"), std::string::npos) << t.steps[i - 1].step;
        }
        EXPECT_EQ(layers, 8);
    }
}

TEST(MlDsaButterflies, EachButterflyChangesOnlyItsPairByTheFormula) {
    for (std::uint32_t seed : {5u, 6u}) {
        const MlDsaPoly a = randomPoly(seed);
        for (bool inverse : {false, true}) {
            const Trace t = traced(inverse, a, MlDsaTraceDetail::Butterflies);
            int index = 0, layer = 0, checked = 0;
            for (std::size_t s = 1; s < t.steps.size(); ++s) {
                const TraceStep& st = t.steps[s];
                if (!isButterfly(st)) {
                    index = 0;
                    continue;
                }
                if (index == 0) ++layer;
                ++index;
                EXPECT_EQ(st.round, layer);
                const MlDsaButterfly b = mldsaButterfly(inverse, layer, index);
                ASSERT_EQ(st.step, mldsaButterflyStepName(inverse, b));
                const MlDsaPoly before = coefficients(t.steps[s - 1]), after = coefficients(st);
                for (std::size_t c = 0; c < kMlDsaN; ++c)
                    if (c != b.i && c != b.i + b.len) {
                        EXPECT_EQ(before[c], after[c]) << st.step << " c" << c;
                    }
                const std::int64_t x = before[b.i], y = before[b.i + b.len];
                std::int64_t hi, lo;
                if (!inverse) { // Cooley–Tukey: (x + ζy, x − ζy)
                    hi = (x + b.zeta * y) % Q;
                    lo = ((x - b.zeta * y) % Q + Q) % Q;
                } else { // Gentleman–Sande: (x + y, ζ(x − y))
                    hi = (x + y) % Q;
                    lo = ((b.zeta * (x - y)) % Q + Q) % Q;
                }
                EXPECT_EQ(after[b.i], hi) << st.step;
                EXPECT_EQ(after[b.i + b.len], lo) << st.step;
                ++checked;
            }
            EXPECT_EQ(checked, 8 * 128);
        }
    }
}

TEST(MlDsaButterflies, NamesAndZetas) {
    const MlDsaButterfly first = mldsaButterfly(false, 1, 1);
    EXPECT_EQ(first.i, 0u);
    EXPECT_EQ(first.len, 128u);
    EXPECT_EQ(first.zeta, 4808194); // FIPS 204 Appendix B, zetas[1]
    EXPECT_EQ(mldsaButterflyStepName(false, first), "layer 1 butterfly 1: (0, 128), ζ = 4808194");
    const MlDsaButterfly last = mldsaButterfly(false, 8, 128);
    EXPECT_EQ(last.i, 254u);
    EXPECT_EQ(last.len, 1u);
    EXPECT_EQ(last.m, 255u);
    const MlDsaButterfly inv = mldsaButterfly(true, 8, 128);
    EXPECT_EQ(inv.i, 127u);
    EXPECT_EQ(inv.len, 128u);
    EXPECT_EQ(inv.m, 1u);
    EXPECT_EQ(inv.zeta, kMlDsaQ - 4808194);
    EXPECT_EQ(mldsaButterflyStepName(true, inv),
              "layer 8 butterfly 128: (127, 255), ζ = −zetas[1] = 3572223");
    for (auto [layer, index] : {std::pair{0, 1}, std::pair{9, 1}, std::pair{1, 0}, std::pair{1, 129}})
        EXPECT_THROW(mldsaButterfly(false, layer, index), InvalidArgument) << layer << " " << index;
}
