// expandLeaSubsteps: LEA encryption rounds split into key XOR, addition, rotations and word rotation.
#include <bit>

#include "core/oracle/algorithms.h"
#include "core/teach/explain.h"
#include "core/teach/substeps.h"
#include "tests/teach/teachtest.h"

namespace {

using namespace rs;
using rs::crypto::Bytes;
using rs::crypto::Trace;
using rs::test::hx;
using rs::test::leaWord;
using rs::test::runDefault;

void expectSameTrace(const Trace& a, const Trace& b) {
    EXPECT_EQ(a.layout.name, b.layout.name);
    ASSERT_EQ(a.steps.size(), b.steps.size());
    for (std::size_t i = 0; i < a.steps.size(); ++i) {
        EXPECT_EQ(a.steps[i].phase, b.steps[i].phase);
        EXPECT_EQ(a.steps[i].step, b.steps[i].step);
        EXPECT_EQ(a.steps[i].round, b.steps[i].round);
        EXPECT_EQ(a.steps[i].state, b.steps[i].state);
        EXPECT_EQ(a.steps[i].roundKey, b.steps[i].roundKey);
    }
}

void expectSplitsOf(const Trace& t) {
    const Trace x = teach::expandLeaSubsteps(t);
    const std::size_t rounds = t.steps.size() - 1;
    ASSERT_EQ(x.steps.size(), 1 + 4 * rounds);
    expectSameTrace(Trace{t.layout, {t.steps[0]}}, Trace{x.layout, {x.steps[0]}});
    const std::string_view names[] = {teach::kLeaKeyXor, teach::kLeaAddition, teach::kLeaRotations,
                                      teach::kLeaWordRotation};
    for (std::size_t r = 1; r <= rounds; ++r)
        for (std::size_t k = 0; k < 4; ++k) {
            const auto& s = x.steps[1 + 4 * (r - 1) + k];
            EXPECT_EQ(s.step, names[k]);
            EXPECT_EQ(s.round, t.steps[r].round);
            EXPECT_EQ(s.phase, "encryption");
            EXPECT_EQ(s.roundKey, t.steps[r].roundKey);
            // The last sub-step is the round's state, byte for byte.
            if (k == 3) {
                EXPECT_EQ(s.state, t.steps[r].state) << "round " << r;
            }
        }
}

TEST(LeaSubsteps, LastSubStepIsTheRoundStateForEveryKeySize) {
    for (const char* id : {"lea-128", "lea-192", "lea-256"}) {
        expectSplitsOf(runDefault(id).trace); // the KS X 3246 example (the KAT's first vector)
        expectSplitsOf(runDefault(id, 5).trace);
        Bytes pt(16);
        for (std::size_t i = 0; i < 16; ++i)
            pt[i] = static_cast<std::uint8_t>(0xA5 ^ (37 * i));
        expectSplitsOf(runDefault(id, 0, {{"pt", pt}}).trace);
    }
}

TEST(LeaSubsteps, DifferencesMoveAsTheRoundFunctionSays) {
    // Twin runs that differ in bit 4 of X[1] (byte 4, 0x10): follow the difference through round 1.
    const auto* alg = sessions::findExplorerAlgorithm("lea-128");
    auto in = test::defaultInputs(*alg);
    const Trace a = teach::expandLeaSubsteps(runDefault("lea-128", 2).trace);
    in["pt"][4] ^= 0x10;
    const Trace b = teach::expandLeaSubsteps(sessions::runExplorer(*alg, in, 2).trace);
    const auto diff = [&](std::size_t step, int w) {
        return leaWord(a.steps[step].state, w) ^ leaWord(b.steps[step].state, w);
    };
    // Key XOR moves nothing: lane 1 differs exactly in bit 4, other lanes not at all.
    EXPECT_EQ(diff(1, 1), 0x10u);
    EXPECT_EQ(diff(1, 0) | diff(1, 2) | diff(1, 3), 0u);
    // Addition: X[1] is lane 0's right operand and lane 1's left one; carries go up only, so no bit
    // below 4 differs, and lane 2 (X[2], X[3]) none at all.
    for (int lane : {0, 1}) {
        EXPECT_NE(diff(2, lane), 0u);
        EXPECT_EQ(diff(2, lane) & 0xFu, 0u) << lane;
    }
    EXPECT_EQ(diff(2, 2), 0u);
    // Rotations rotate the difference with the word.
    EXPECT_EQ(diff(3, 0), std::rotl(diff(2, 0), 9));
    EXPECT_EQ(diff(3, 1), std::rotr(diff(2, 1), 5));
    // Word rotation: X'[3] = X[0], which did not differ.
    EXPECT_EQ(diff(4, 3), 0u);
}

TEST(LeaSubsteps, SubStepExplanationsShowTheLanes) {
    const Trace x = teach::expandLeaSubsteps(runDefault("lea-256").trace);
    for (std::size_t i = 1; i < x.steps.size(); ++i) {
        const std::string text = teach::explainStep(x, i);
        const auto& s = x.steps[i].state;
        if (x.steps[i].step == teach::kLeaKeyXor || x.steps[i].step == teach::kLeaAddition ||
            x.steps[i].step == teach::kLeaRotations) {
            std::size_t pos = 0;
            for (int w = 0; w < 3; ++w) {
                const std::size_t at = text.find("= " + hx(leaWord(s, w), 8), pos);
                ASSERT_NE(at, std::string::npos) << "lane " << w << ": " << text;
                pos = at + 1;
            }
        }
        if (x.steps[i].step == teach::kLeaWordRotation) {
            EXPECT_NE(text.find("X'[3] ← X[0] = " + hx(leaWord(s, 3), 8)), std::string::npos) << text;
        }
    }
}

TEST(LeaSubsteps, OtherTracesAndDecryptionAreUnchanged) {
    for (const char* id : {"ascon-p", "ascon-128", "skinny-128-256", "skinny-64-64"}) {
        const Trace t = runDefault(id).trace;
        expectSameTrace(teach::expandLeaSubsteps(t), t);
    }
    const auto* alg = sessions::findExplorerAlgorithm("lea-192");
    const auto in = test::defaultInputs(*alg);
    Bytes out(16);
    Trace dec;
    oracle::findBlock("lea-192")
        ->make(in.at("key"), 0)
        ->decryptBlockTraced(in.at("pt").data(), out.data(), dec);
    expectSameTrace(teach::expandLeaSubsteps(dec), dec);
}

} // namespace
