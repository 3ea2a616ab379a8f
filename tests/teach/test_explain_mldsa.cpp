// explainStep for the ML-DSA transforms: the numbers in each layer's and butterfly's line are the trace's
// own (the coefficients before and after, ζ from FIPS 204 Appendix B), and a broken state falls back.

#include "core/crypto/mldsantt.h"
#include "core/teach/explain.h"
#include "core/teach/lesson.h"
#include "tests/teach/teachtest.h"

namespace {

using namespace rs;
using rs::crypto::Trace;

Trace butterflies(const std::string& id) {
    const auto* alg = sessions::findExplorerAlgorithm(id);
    EXPECT_NE(alg, nullptr);
    return sessions::runExplorer(*alg, test::defaultInputs(*alg), 0, sessions::ExplorerDetail::Substeps)
        .trace;
}

std::int64_t coefficient(const crypto::TraceStep& s, std::size_t i) {
    return crypto::loadBe32(s.state.data() + 4 * i);
}

} // namespace

TEST(ExplainMlDsa, ButterflyLinesCarryTheTracesNumbers) {
    for (const char* id : {"mldsa-ntt", "mldsa-intt"}) {
        const Trace t = butterflies(id);
        const bool inverse = std::string(id) == "mldsa-intt";
        int checked = 0;
        for (std::size_t i = 1; i < t.steps.size(); ++i) {
            const auto& st = t.steps[i];
            if (st.step.find(" butterfly ") == std::string::npos || i % 37 != 0) continue;
            int layer = 0, index = 0;
            ASSERT_EQ(std::sscanf(st.step.c_str(), "layer %d butterfly %d", &layer, &index), 2);
            const auto b = crypto::mldsaButterfly(inverse, layer, index);
            const std::string text = teach::explainStep(t, i);
            const std::string wi = "w[" + std::to_string(b.i) + "]",
                              wj = "w[" + std::to_string(b.i + b.len) + "]";
            // before: "w[i] = x, w[j] = y"; after: "w[i] ← … = x' (0x…)", "w[j] ← … = y' (0x…)"
            EXPECT_NE(text.find(wi + " = " + std::to_string(coefficient(t.steps[i - 1], b.i)) + ","),
                      std::string::npos)
                << text;
            EXPECT_NE(text.find(wj + " = " + std::to_string(coefficient(t.steps[i - 1], b.i + b.len)) + ":"),
                      std::string::npos)
                << text;
            EXPECT_NE(text.find("= " + std::to_string(coefficient(st, b.i)) + " (0x"), std::string::npos)
                << text;
            EXPECT_NE(text.find("= " + std::to_string(coefficient(st, b.i + b.len)) + " (0x"),
                      std::string::npos)
                << text;
            EXPECT_NE(text.find("ζ = " + std::string(inverse ? "−" : "") + "zetas[" + std::to_string(b.m) +
                                "] = " + std::to_string(b.zeta)),
                      std::string::npos)
                << text;
            ++checked;
        }
        EXPECT_GT(checked, 20) << id;
    }
}

TEST(ExplainMlDsa, LayersNameTheirZetasAndFirstButterfly) {
    const Trace t = test::runDefault("mldsa-ntt").trace;
    ASSERT_EQ(t.steps.size(), 9u);
    // Layer 1: one block, ζ = zetas[1] = 4808194 (FIPS 204 Appendix B), first pair (0, 128).
    const std::string l1 = teach::explainStep(t, 1);
    EXPECT_NE(l1.find("Cooley–Tukey layer 1"), std::string::npos) << l1;
    EXPECT_NE(l1.find("ζ = zetas[1…1]"), std::string::npos) << l1;
    EXPECT_NE(l1.find("ζ = zetas[1] = 4808194, w[0] = 0, w[128] = 128:"), std::string::npos) << l1;
    const std::string l8 = teach::explainStep(t, 8);
    EXPECT_NE(l8.find("128 blocks, ζ = zetas[128…255]"), std::string::npos) << l8;
    const Trace inv = test::runDefault("mldsa-intt").trace;
    ASSERT_EQ(inv.steps.size(), 10u);
    const std::string last = teach::explainStep(inv, 9);
    EXPECT_NE(last.find("256⁻¹ = 8347681"), std::string::npos) << last;
    // The default INTT input is NTT(0, 1, 2, ...): its last step returns w[1] = 1.
    EXPECT_NE(last.find("→ 1 (0x000001)"), std::string::npos) << last;
}

TEST(ExplainMlDsa, BrokenStatesFallBack) {
    Trace t = test::runDefault("mldsa-ntt").trace;
    t.steps[3].state.resize(10); // not 1024 bytes
    EXPECT_FALSE(teach::isExplained(t, 3));
    EXPECT_FALSE(teach::isExplained(t, 4)); // its predecessor is broken
    EXPECT_EQ(teach::explainStep(t, 3), "Cooley–Tukey layer 3 (len 32) (NTT, round 3)");
    Trace bad = test::runDefault("mldsa-ntt").trace;
    bad.steps[2].state[0] = 0xFF; // coefficient 0 ≥ q
    EXPECT_FALSE(teach::isExplained(bad, 2));
    Trace renamed = butterflies("mldsa-ntt");
    renamed.steps[5].step = "layer 1 butterfly 5: (4, 999), ζ = 1"; // not the model's name for it
    EXPECT_FALSE(teach::isExplained(renamed, 5));
}

TEST(LessonMlDsa, ALessonOverTheNttParsesRunsAndValidates) {
    const auto* alg = sessions::findExplorerAlgorithm("mldsa-ntt");
    ASSERT_NE(alg, nullptr);
    teach::Lesson l;
    l.title = "NTT: one coefficient spreads";
    l.algorithm = "mldsa-ntt";
    l.inputs = test::defaultInputs(*alg);
    l.stops.push_back({3, teach::LessonView::Twin, teach::LessonFlip{"poly", 31}, "after layer 3", {}, {}});
    const teach::Lesson back = teach::parseLesson(teach::saveLesson(l), test::explorerCatalog());
    EXPECT_EQ(back, l);
    const auto run = sessions::runExplorer(*alg, back.inputs, alg->maxRounds);
    EXPECT_NO_THROW(teach::validateLesson(back, run.trace.steps.size()));
    l.stops[0].step = 9; // the NTT has 9 steps (input and 8 layers)
    EXPECT_THROW(teach::validateLesson(l, run.trace.steps.size()), teach::LessonError);
    // A flip outside the 8192 bits of the polynomial, and a coefficient ≥ q, are errors with their reason.
    l.stops[0].step = 3;
    l.stops[0].flip->bit = 8192;
    EXPECT_THROW(teach::parseLesson(teach::saveLesson(l), test::explorerCatalog()), teach::LessonError);
    l.inputs["poly"][0] = 0x01; // coefficient 0 = 2^24
    try {
        sessions::runExplorer(*alg, l.inputs, alg->maxRounds);
        ADD_FAILURE() << "coefficient 0 ≥ q accepted";
    } catch (const crypto::InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("coefficient 0 is 16777216"), std::string::npos) << e.what();
    }
}
