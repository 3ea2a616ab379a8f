// The bitsliced avalanche (64 samples at once) against the reference path (one sample at a time
// through the cipher models' observer path): same seed, every count equal.
#include "tests/analysis/analysistest.h"

#include "core/analysis/avalanche.h"
#include "core/analysis/plan.h"
#include "core/analysis/roundrunner.h"
#include "core/analysis/slicedrunner.h"

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
    // SKINNY-64 (4-bit cells) has no bitsliced runner; ML-DSA has no avalanche at all.
    EXPECT_FALSE(detail::hasSlicedAvalanche(
        detail::makePlan(request("skinny-64-128", Field::Plaintext, 0, -1, 0, 10))));
    EXPECT_FALSE(detail::hasSlicedAvalanche(detail::makePlan(request("mldsa-ntt", Field::State))));
    EXPECT_THROW(detail::measureAvalancheSliced(
                     detail::makePlan(request("skinny-64-64", Field::Plaintext, 0, -1, 0, 10)), false, {}),
                 std::logic_error);
}

TEST(SlicedAvalanche, AsconMatchesTheReferenceExactly) {
    // Sample counts below, at and across 64-lane groups; every id, every field; 1, 3 and 12 rounds.
    for (const char* alg : {"ascon-p", "ascon-128", "ascon-128a", "ascon-aead128"}) {
        for (const Field field : {Field::State, Field::Key, Field::Nonce}) {
            for (const int samples : {1, 63, 65, 200}) {
                auto req = request(alg, field, 0, -1, samples == 200 ? 12 : 3, samples);
                req.seed = 11 + static_cast<std::uint64_t>(samples);
                expectSameResults(req);
            }
        }
    }
    auto one = request("ascon-p", Field::State, 100, 230, 1, 64);
    expectSameResults(one);
    auto full = request("ascon-aead128", Field::Nonce, 3, 97, 0, 130);
    full.seed = 0xdeadbeef;
    expectSameResults(full);
}

TEST(SlicedAvalanche, LeaMatchesTheReferenceExactly) {
    // Every key size, plaintext and key fields, partial ranges, reduced and standard rounds.
    for (const char* alg : {"lea-128", "lea-192", "lea-256"}) {
        for (const int samples : {1, 63, 65, 200}) {
            auto pt = request(alg, Field::Plaintext, 0, -1, samples == 200 ? 0 : 5, samples);
            pt.seed = 3 + static_cast<std::uint64_t>(samples);
            expectSameResults(pt);
            auto key = request(alg, Field::Key, 7, samples == 200 ? -1 : 90, samples == 1 ? 0 : 6, samples);
            key.seed = 5 + static_cast<std::uint64_t>(samples);
            expectSameResults(key);
        }
    }
    auto one = request("lea-128", Field::Key, 0, -1, 1, 64);
    expectSameResults(one);
}

// Lane j of sliced word s against bit s of the reference runner's state (big-endian words).
void expectSameRounds(const DiffusionRequest& req, int lanes) {
    const detail::Plan plan = detail::makePlan(req);
    auto sliced = detail::makeSlicedRunner(plan);
    auto ref = detail::makeRoundRunner(plan);
    ASSERT_TRUE(sliced && ref) << req.alg;
    const int words = ref->words(), bits = plan.stateBits, rounds = plan.rounds;
    detail::Xoshiro256 rngSliced(req.seed), rngRef(req.seed);
    sliced->newGroup(rngSliced, lanes);
    std::vector<std::uint64_t> got(static_cast<std::size_t>(rounds * bits)),
        want(static_cast<std::size_t>(rounds * words));
    std::vector<int> variants = {-1, 0, plan.varied() - 1, plan.varied() / 2};
    std::vector<std::vector<std::uint64_t>> slicedOut;
    for (const int v : variants) {
        sliced->run(v, got.data());
        slicedOut.push_back(got);
    }
    for (int j = 0; j < lanes; ++j) {
        ref->newSample(rngRef);
        for (std::size_t i = 0; i < variants.size(); ++i) {
            ref->run(variants[i], want.data());
            int mismatches = 0;
            for (int r = 0; r < rounds; ++r)
                for (int s = 0; s < bits; ++s) {
                    const auto w = want[static_cast<std::size_t>(r * words + s / 64)];
                    const auto expected = (w >> (63 - s % 64)) & 1u;
                    const auto actual = (slicedOut[i][static_cast<std::size_t>(r * bits + s)] >> j) & 1u;
                    mismatches += expected != actual;
                }
            EXPECT_EQ(mismatches, 0) << req.alg << " " << fieldName(plan.field) << " lane " << j << " twin "
                                     << variants[i];
        }
    }
    EXPECT_EQ(rngSliced.next(), rngRef.next()) << "the sliced runner drew a different amount";
}

TEST(SlicedAvalanche, RunnersGiveTheReferenceRoundStates) {
    for (const int lanes : {64, 5}) {
        expectSameRounds(request("ascon-p", Field::State, 0, -1, 12), lanes);
        expectSameRounds(request("ascon-128", Field::Key, 0, -1, 12), lanes);
        expectSameRounds(request("ascon-aead128", Field::Nonce, 0, -1, 7), lanes);
        for (const char* alg : {"lea-128", "lea-192", "lea-256"}) {
            expectSameRounds(request(alg, Field::Plaintext, 0, -1, 0), lanes);
            expectSameRounds(request(alg, Field::Key, 0, -1, 0), lanes);
            expectSameRounds(request(alg, Field::Key, 0, -1, 3), lanes);
        }
        for (const char* alg : {"skinny-128-128", "skinny-128-384"}) {
            expectSameRounds(request(alg, Field::Plaintext, 0, -1, 0), lanes);
            expectSameRounds(request(alg, Field::Key, 0, -1, 9), lanes);
        }
    }
}

} // namespace
