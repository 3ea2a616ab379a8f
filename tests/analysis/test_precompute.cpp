// LEA-CTR precomputation against paper 003's Fig. 4 and its "6 XOR, 3 add, 3 rot" per block,
// for the counter in word 0 and for the GCM placement in word 3.
#include "tests/analysis/analysistest.h"

namespace {

using namespace rs::analysis;
using rs::test::request;

PrecomputeReport precompute(const std::string& alg, int first, int last) {
    const auto r = analyzeDiffusion(request(alg, Field::Plaintext, first, last));
    EXPECT_TRUE(r.precomputable.has_value());
    return r.precomputable.value_or(PrecomputeReport{});
}

TEST(LeaPrecompute, CounterInWordZeroIsThePapersFigure) {
    const PrecomputeReport p = precompute("lea-128", 0, 31);
    // Fig. 4: after round 1 X1[1], X1[2] do not depend on the counter, after round 2 X2[1] does not,
    // from round 3 on every word does.
    ASSERT_GE(p.rounds.size(), 2u);
    EXPECT_EQ(p.rounds[0].round, 1);
    EXPECT_EQ(p.rounds[0].independentWords, (std::vector<int>{1, 2}));
    EXPECT_EQ(p.rounds[1].round, 2);
    EXPECT_EQ(p.rounds[1].independentWords, (std::vector<int>{1}));
    EXPECT_EQ(p.fullWordDiffusionRound, 3);
    // Each independent word X'[i], i < 3, is two round-key XORs, one addition and one rotation.
    EXPECT_EQ(p.xors, 6);
    EXPECT_EQ(p.adds, 3);
    EXPECT_EQ(p.rots, 3);
    EXPECT_EQ(p.rounds[0].xors, 4);
    EXPECT_EQ(p.rounds[1].xors, 2);
    // Operand XORs, by hand: round 1 X1[0] has X0[1]^RK1 fixed; round 2 X2[0] has X1[1]^RK1 and X2[2]
    // has X1[2]^RK4; round 3 X3[0] and X3[1] both have X2[1] as an operand. 1 + 2 + 2.
    EXPECT_EQ(p.operandXors, 5);
    ASSERT_EQ(p.rounds.size(), 3u);
    EXPECT_TRUE(p.rounds[2].independentWords.empty());
    EXPECT_EQ(p.rounds[2].operandXors, 2);
}

TEST(LeaPrecompute, GcmCounterInWordThreeSavesTheSame) {
    const PrecomputeReport p = precompute("lea-128", 96, 127);
    // Counter in X0[3]: round 1 only X1[2] = ROR3(X0[2] + X0[3]) depends on it; X1[3] = X0[0] is free.
    ASSERT_GE(p.rounds.size(), 3u);
    EXPECT_EQ(p.rounds[0].independentWords, (std::vector<int>{0, 1, 3}));
    EXPECT_EQ(p.rounds[1].independentWords, (std::vector<int>{0, 3}));
    EXPECT_EQ(p.rounds[2].independentWords, (std::vector<int>{3}));
    EXPECT_EQ(p.fullWordDiffusionRound, 4);
    EXPECT_EQ(p.xors, 6);
    EXPECT_EQ(p.adds, 3);
    EXPECT_EQ(p.rots, 3);
    // X3[3] = X2[0] is a renaming: independent, but no operation to save.
    EXPECT_EQ(p.rounds[2].xors + p.rounds[2].adds + p.rounds[2].rots, 0);
}

TEST(LeaPrecompute, SameForEveryKeySizeAndForAPartialCounter) {
    for (const char* alg : {"lea-192", "lea-256"}) {
        const PrecomputeReport p = precompute(alg, 0, 31);
        EXPECT_EQ(p.xors, 6) << alg;
        EXPECT_EQ(p.adds, 3) << alg;
        EXPECT_EQ(p.rots, 3) << alg;
        EXPECT_EQ(p.fullWordDiffusionRound, 3) << alg;
    }
    // A 16-bit counter in the low half of X[0] touches the same words.
    const PrecomputeReport p = precompute("lea-128", 0, 15);
    EXPECT_EQ(p.xors + p.adds + p.rots, 12);
    // Counter bits spread over X[0] and X[1]: round 1 leaves only X1[2] independent.
    const PrecomputeReport q = precompute("lea-128", 0, 63);
    ASSERT_FALSE(q.rounds.empty());
    EXPECT_EQ(q.rounds[0].independentWords, (std::vector<int>{2}));
}

TEST(LeaPrecompute, ReducedRoundsStopWithoutFullDiffusion) {
    const auto r = analyzeDiffusion(request("lea-128", Field::Plaintext, 0, 31, 2));
    ASSERT_TRUE(r.precomputable);
    EXPECT_EQ(r.precomputable->fullWordDiffusionRound, -1);
    EXPECT_EQ(r.precomputable->xors, 6);
}

TEST(LeaPrecompute, OnlyForLeaWithThePlaintextVaried) {
    EXPECT_FALSE(analyzeDiffusion(request("lea-128", Field::Key)).precomputable);
    EXPECT_FALSE(analyzeDiffusion(request("skinny-128-256", Field::Plaintext, 0, 31)).precomputable);
    EXPECT_FALSE(analyzeDiffusion(request("ascon-p", Field::Nonce)).precomputable);
    // The whole block varied: every word depends at once, nothing to precompute.
    const auto all = analyzeDiffusion(request("lea-128", Field::Plaintext));
    ASSERT_TRUE(all.precomputable);
    EXPECT_TRUE(all.precomputable->rounds.empty());
    EXPECT_EQ(all.precomputable->fullWordDiffusionRound, 1);
}

} // namespace
