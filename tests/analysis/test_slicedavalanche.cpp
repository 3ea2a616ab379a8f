// The bitsliced avalanche (64 samples at once) against the reference path (one sample at a time
// through the cipher models' observer path): same seed, every count equal.
#include "tests/analysis/analysistest.h"

#include "core/analysis/avalanche.h"
#include "core/analysis/plan.h"

namespace {

using namespace rs::analysis;
using rs::test::request;

// Every figure of every round: histogram, mean, deviation, the full SAC matrix.
void expectSameResults(const DiffusionRequest& req) {
    const detail::Plan plan = detail::makePlan(req);
    ASSERT_TRUE(detail::hasSlicedAvalanche(plan)) << req.alg;
    const auto ref = detail::measureAvalancheReference(plan, true, {});
    const auto fast = detail::measureAvalancheSliced(plan, true, {});
    ASSERT_EQ(ref.size(), fast.size());
    std::uint64_t nonZero = 0;
    for (std::size_t r = 0; r < ref.size(); ++r) {
        const std::string where = req.alg + " " + fieldName(plan.field) + " seed " +
                                  std::to_string(req.seed) + " samples " + std::to_string(req.samples) +
                                  " round " + std::to_string(r + 1);
        EXPECT_EQ(ref[r].flipHistogram, fast[r].flipHistogram) << where;
        EXPECT_EQ(ref[r].avalancheMean, fast[r].avalancheMean) << where;
        EXPECT_EQ(ref[r].sacMaxDeviation, fast[r].sacMaxDeviation) << where;
        ASSERT_EQ(ref[r].sac.size(), fast[r].sac.size()) << where;
        std::size_t mismatches = 0;
        for (std::size_t i = 0; i < ref[r].sac.size(); ++i) {
            mismatches += ref[r].sac[i] != fast[r].sac[i];
            nonZero += ref[r].sac[i] != 0.0f;
        }
        EXPECT_EQ(mismatches, 0u) << where;
    }
    EXPECT_GT(nonZero, 0u) << "nothing flipped: the comparison would be empty";
}

TEST(SlicedAvalanche, SkinnyMatchesTheReferenceExactly) {
    // Sample counts below, at and across a 64-lane group; full and partial varied ranges; reduced
    // and full rounds; plaintext and every tweakey size.
    for (const char* alg : {"skinny-128-128", "skinny-128-256", "skinny-128-384"}) {
        for (const std::uint64_t seed : {1ull, 7ull, 0xdeadbeefull}) {
            for (const int samples : {1, 63, 64, 130}) {
                auto pt = request(alg, Field::Plaintext, 0, -1, 12, samples);
                pt.seed = seed;
                expectSameResults(pt);
                auto key = request(alg, Field::Key, 5, 100, 10, samples);
                key.seed = seed;
                expectSameResults(key);
            }
        }
    }
    // Full rounds, whole tweakey.
    auto full = request("skinny-128-384", Field::Key, 0, -1, 0, 70);
    expectSameResults(full);
    full = request("skinny-128-256", Field::Plaintext, 0, -1, 0, 200);
    expectSameResults(full);
}

TEST(SlicedAvalanche, AnalyzeDiffusionUsesItAndKeepsTheSeedsStream) {
    // The public entry point gives exactly the reference figures (the bitsliced path runs there).
    auto req = request("skinny-128-256", Field::Plaintext, 3, 40, 8, 150);
    req.keepSac = true;
    req.seed = 99;
    const auto pub = analyzeDiffusion(req);
    const auto ref = detail::measureAvalancheReference(detail::makePlan(req), true, {});
    for (std::size_t r = 0; r < ref.size(); ++r) {
        EXPECT_EQ(pub.perRound[r].flipHistogram, ref[r].flipHistogram);
        EXPECT_EQ(pub.perRound[r].sac, ref[r].sac);
    }
}

TEST(SlicedAvalanche, OnlyWhereARunnerExists) {
    EXPECT_FALSE(
        detail::hasSlicedAvalanche(detail::makePlan(request("lea-128", Field::Plaintext, 0, -1, 0, 10))));
    EXPECT_FALSE(
        detail::hasSlicedAvalanche(detail::makePlan(request("ascon-p", Field::State, 0, -1, 0, 10))));
    EXPECT_THROW(detail::measureAvalancheSliced(
                     detail::makePlan(request("lea-128", Field::Plaintext, 0, -1, 0, 10)), false, {}),
                 std::logic_error);
}

} // namespace
