// A registry algorithm without a fast path of its own (a new block cipher's row, GIFT-128 say) is still
// analysed: the avalanche and SAC through its row's traced model, the structural figures marked unavailable
// with the reason. Shown on existing rows with their fast path taken away: the figures must be the same.
#include "tests/analysis/analysistest.h"

#include "core/analysis/avalanche.h"
#include "core/analysis/dependency.h"
#include "core/analysis/plan.h"

namespace {

using namespace rs::analysis;
using rs::test::request;

void expectGenericMatchesFastPath(DiffusionRequest req) {
    req.keepSac = true;
    detail::Plan plan = detail::makePlan(req);
    ASSERT_NE(plan.family, detail::Family::None) << req.alg;
    const DiffusionResult fast = detail::analyzePlan(plan, true, {});
    plan.family = detail::Family::None; // as a row that names no fast path
    EXPECT_FALSE(detail::hasSlicedAvalanche(plan));
    const DiffusionResult generic = detail::analyzePlan(plan, true, {});

    EXPECT_TRUE(fast.structuralUnavailable.empty());
    EXPECT_NE(generic.structuralUnavailable.find("no structural model of " + req.alg), std::string::npos)
        << generic.structuralUnavailable;
    EXPECT_EQ(generic.algorithm, fast.algorithm);
    EXPECT_EQ(generic.layout.name, fast.layout.name);
    EXPECT_EQ(generic.fullDiffusionRound, -1);
    EXPECT_FALSE(generic.precomputable.has_value());
    ASSERT_EQ(generic.perRound.size(), fast.perRound.size());
    for (std::size_t r = 0; r < fast.perRound.size(); ++r) {
        const RoundDiffusion &g = generic.perRound[r], &f = fast.perRound[r];
        const std::string where = req.alg + " " + fieldName(plan.field) + " round " + std::to_string(r + 1);
        EXPECT_EQ(g.round, f.round) << where;
        EXPECT_TRUE(g.dependentBits.empty()) << where;
        EXPECT_EQ(g.dependentFraction, 0.0) << where;
        EXPECT_FALSE(g.fullDiffusion) << where;
        EXPECT_EQ(g.flipHistogram, f.flipHistogram) << where;
        EXPECT_EQ(g.avalancheMean, f.avalancheMean) << where;
        EXPECT_EQ(g.sacMaxDeviation, f.sacMaxDeviation) << where;
        EXPECT_EQ(g.sac, f.sac) << where;
    }
    EXPECT_GT(fast.perRound.back().avalancheMean, 0.0) << "nothing flipped: the comparison would be empty";
}

TEST(GenericPath, ABlockCipherWithoutAFastPathGetsTheSameAvalancheThroughItsRegistryModel) {
    // LEA: its bitsliced path against the generic reference; SKINNY-64: the key varied (a key schedule per
    // twin).
    expectGenericMatchesFastPath(request("lea-128", Field::Plaintext, 0, 31, 4, 70));
    expectGenericMatchesFastPath(request("lea-192", Field::Key, 8, 40, 3, 20));
    expectGenericMatchesFastPath(request("skinny-64-128", Field::Key, 0, 63, 6, 30));
    expectGenericMatchesFastPath(request("skinny-128-256", Field::Plaintext, 0, -1, 5, 65));
}

TEST(GenericPath, WithoutAStructuralModelAStructuralOnlyRequestIsRefusedWithTheReason) {
    detail::Plan plan = detail::makePlan(request("lea-128", Field::Plaintext));
    plan.family = detail::Family::None;
    try {
        detail::analyzePlan(plan, false, {});
        FAIL() << "a structural-only request without a structural model was analysed";
    } catch (const AnalysisError& e) {
        EXPECT_EQ(e.argument(), "samples");
        EXPECT_NE(std::string(e.what()).find("has no structural model"), std::string::npos) << e.what();
    }
    EXPECT_THROW(detail::dependency(plan, nullptr), AnalysisError);
}

} // namespace
