// Empirical avalanche / SAC: hand-checkable one-round cases, the cross-check against the structural
// dependency, statistics after full diffusion, reproducibility, progress, cancel and bad requests.
#include "tests/analysis/analysistest.h"

#include "core/crypto/asconpermutation.h"
#include "core/crypto/lea.h"
#include "core/crypto/skinny.h"

#include <atomic>
#include <cmath>

namespace {

using namespace rs::analysis;
using rs::test::asconBit;
using rs::test::leaBit;
using rs::test::request;

float sacAt(const DiffusionResult& r, int round, int v, int stateBit) {
    return r.perRound[static_cast<std::size_t>(round - 1)]
        .sac[static_cast<std::size_t>(v) * static_cast<std::size_t>(r.stateBits) +
             static_cast<std::size_t>(stateBit)];
}

TEST(Avalanche, AsconOneRoundFromX0Bit63MatchesTheAnf) {
    // x0 enters y1 linearly (always flips), y0 as x0(x1+1), y4 as x0x1 (exactly one of the two
    // flips) and y3 as x0(x4+x3+1) (half the time); y2 has no x0. Each flipped y_j becomes 3 bits
    // after p_L, so every twin differs in 6 or 9 bits, each half the time: mean 7.5.
    auto req = request("ascon-p", Field::State, 0, 0, 1, 4000);
    req.keepSac = true;
    const auto r = analyzeDiffusion(req);
    const auto& h = r.perRound[0].flipHistogram;
    ASSERT_EQ(h.size(), 321u);
    EXPECT_EQ(h[6] + h[9], 4000u);
    EXPECT_NEAR(h[6] / 4000.0, 0.5, 0.05);
    EXPECT_NEAR(r.perRound[0].avalancheMean, 7.5, 0.15);
    for (const int b : {63, 2, 24})
        EXPECT_EQ(sacAt(r, 1, 0, asconBit(1, b)), 1.0f) << "x1 bit " << b;
    for (int b = 0; b < 64; ++b)
        EXPECT_EQ(sacAt(r, 1, 0, asconBit(2, b)), 0.0f) << "x2 bit " << b;
    EXPECT_NEAR(sacAt(r, 1, 0, asconBit(0, 63)), 0.5, 0.05);
    EXPECT_DOUBLE_EQ(r.perRound[0].sacMaxDeviation, 0.5);
}

TEST(Avalanche, LeaRoundOneCopiesWordZeroIntoWordThree) {
    // X1[3] = X0[0]: flipping plaintext bit v (bit 7 - v of X0[0] for v < 8) flips exactly that bit.
    auto req = request("lea-128", Field::Plaintext, 0, 7, 1, 500);
    req.keepSac = true;
    const auto r = analyzeDiffusion(req);
    for (int v = 0; v < 8; ++v)
        for (int b = 0; b < 32; ++b)
            EXPECT_EQ(sacAt(r, 1, v, leaBit(3, b)), b == 7 - v ? 1.0f : 0.0f) << v << " " << b;
}

// No empirical flip may fall outside the structural dependency: the analysis' strongest self-check.
void expectInsideStructure(const std::string& alg, Field f, int samples) {
    // A field too wide for one SAC run (Keccak-f[1600]'s 1600 bits): its first lane's 64 bits.
    const int last = fieldBits(alg, f) <= maxAvalancheBits(alg) ? -1 : 63;
    auto req = request(alg, f, 0, last, 0, samples);
    req.keepSac = true;
    const auto r = analyzeDiffusion(req);
    const auto deps = structuralDependency(req);
    const int n = r.lastBit - r.firstBit + 1;
    int outside = 0, flipped = 0;
    for (int round = 1; round <= r.rounds; ++round)
        for (int v = 0; v < n; ++v)
            for (int s = 0; s < r.stateBits; ++s) {
                if (sacAt(r, round, v, s) == 0.0f) continue;
                ++flipped;
                if (!deps[static_cast<std::size_t>(round - 1)].get(s, v)) ++outside;
            }
    EXPECT_EQ(outside, 0) << alg << " " << fieldName(f);
    EXPECT_GT(flipped, 0);
}

TEST(Avalanche, EveryEmpiricalFlipIsStructurallyDependent) {
    for (const auto& alg : diffusionAlgorithms()) {
        if (alg.rfind("mldsa", 0) == 0)
            continue; // no avalanche for the ring transforms (test_mldsa_structure)
        for (const Field f : fieldsFor(alg))
            expectInsideStructure(alg, f, 100);
    }
}

// First round in which every (varied bit, state bit) pair flipped at least once; -1 if none.
int empiricalFullRound(const DiffusionResult& r) {
    for (const auto& rd : r.perRound) {
        bool all = true;
        for (const float p : rd.sac)
            all = all && p > 0;
        if (all) return rd.round;
    }
    return -1;
}

TEST(Avalanche, EmpiricalFullDiffusionConfirmsTheStructuralRound) {
    // SPN ciphers flip every reachable pair with probability >= 1/4, so 300 samples see them all
    // exactly at the structural full-diffusion round. LEA's long carry chains are rare events, so
    // there the empirical round may lag by one; it can never come early.
    for (const auto& [alg, f, lag] : {std::tuple{"ascon-p", Field::State, 0},
                                      {"skinny-64-64", Field::Plaintext, 0},
                                      {"skinny-128-256", Field::Key, 0},
                                      {"lea-128", Field::Plaintext, 1}}) {
        auto req = request(alg, f, 0, -1, 0, 300);
        req.keepSac = true;
        const auto r = analyzeDiffusion(req);
        const int empirical = empiricalFullRound(r);
        EXPECT_GE(empirical, r.fullDiffusionRound) << alg;
        EXPECT_LE(empirical, r.fullDiffusionRound + lag) << alg;
    }
}

TEST(Avalanche, FullRoundsFlipHalfTheStateWithSmallSacDeviation) {
    for (const char* alg : {"ascon-p", "lea-128", "skinny-64-64", "skinny-128-128"}) {
        const auto r = analyzeDiffusion(request(alg, fieldsFor(alg).front(), 0, -1, 0, 3000));
        const auto& last = r.perRound.back();
        EXPECT_NEAR(last.avalancheMean, r.stateBits / 2.0, 0.5) << alg;
        // The worst of up to 102400 pairs of binomial(3000, 1/2) frequencies: ~4.5 sigma = 0.041.
        EXPECT_LT(last.sacMaxDeviation, 0.06) << alg;
        EXPECT_GT(last.sacMaxDeviation, 0.0) << alg;
        // Before full diffusion some pair never flips: deviation exactly 0.5.
        EXPECT_DOUBLE_EQ(r.perRound[0].sacMaxDeviation, 0.5) << alg;
        std::uint64_t total = 0;
        for (const auto c : last.flipHistogram)
            total += c;
        EXPECT_EQ(total, 3000u * static_cast<unsigned>(r.lastBit + 1)) << alg;
        EXPECT_TRUE(last.sac.empty()) << "SAC matrix kept without keepSac";
    }
}

TEST(Avalanche, FixedSeedReproducesDifferentSeedDiffers) {
    auto req = request("skinny-64-128", Field::Key, 0, -1, 8, 200);
    req.keepSac = true;
    req.seed = 42;
    const auto a = analyzeDiffusion(req), b = analyzeDiffusion(req);
    req.seed = 43;
    const auto c = analyzeDiffusion(req);
    bool differs = false;
    for (std::size_t i = 0; i < a.perRound.size(); ++i) {
        EXPECT_EQ(a.perRound[i].flipHistogram, b.perRound[i].flipHistogram);
        EXPECT_EQ(a.perRound[i].sac, b.perRound[i].sac);
        EXPECT_EQ(a.perRound[i].avalancheMean, b.perRound[i].avalancheMean);
        differs = differs || a.perRound[i].sac != c.perRound[i].sac;
    }
    EXPECT_TRUE(differs);
}

TEST(Avalanche, ProgressIsMonotoneBoundedAndReachesOne) {
    std::vector<double> seen;
    Progress p;
    p.report = [&](double f) { seen.push_back(f); };
    analyzeDiffusion(request("skinny-64-64", Field::Plaintext, 0, -1, 0, 1000), p);
    ASSERT_FALSE(seen.empty());
    EXPECT_LE(seen.size(), 101u);
    EXPECT_GE(seen.size(), 50u) << "progress should move during the sampling, not only at the end";
    for (std::size_t i = 1; i < seen.size(); ++i)
        EXPECT_GT(seen[i], seen[i - 1]);
    EXPECT_GT(seen.front(), 0.0);
    EXPECT_EQ(seen.back(), 1.0);
    // Structural only: still one final report.
    seen.clear();
    analyzeDiffusion(request("lea-128", Field::Key), p);
    EXPECT_EQ(seen, std::vector<double>{1.0});
}

TEST(Avalanche, CancelThrowsCancelled) {
    std::atomic<bool> cancel{false};
    Progress p;
    p.cancel = &cancel;
    int reports = 0;
    p.report = [&](double f) {
        ++reports;
        if (f >= 0.1) cancel = true;
    };
    EXPECT_THROW(analyzeDiffusion(request("skinny-128-256", Field::Plaintext, 0, -1, 4, 20000), p),
                 Cancelled);
    EXPECT_LE(reports, 12) << "the run went on after the flag was raised";
    // Raised before the start: nothing runs.
    reports = 0;
    EXPECT_THROW(analyzeDiffusion(request("ascon-p", Field::State, 0, -1, 0, 10), p), Cancelled);
    EXPECT_EQ(reports, 0);
}

void expectError(const DiffusionRequest& req, const std::string& argument) {
    try {
        analyzeDiffusion(req);
        ADD_FAILURE() << "no error for " << req.alg << ", expected one naming " << argument;
    } catch (const AnalysisError& e) {
        EXPECT_EQ(e.argument(), argument) << e.what();
        EXPECT_EQ(std::string(e.what()).rfind(argument + ": ", 0), 0u) << e.what();
    }
}

TEST(AnalysisErrors, BadRequestsNameTheMember) {
    expectError(request("aes-128", Field::Plaintext), "alg");
    expectError(request("ascon-p", Field::Plaintext), "field");
    expectError(request("lea-128", Field::Nonce), "field");
    expectError(request("skinny-64-64", Field::State), "field");
    expectError(request("lea-128", Field::Plaintext, 5, 2), "bits");
    expectError(request("lea-128", Field::Plaintext, 0, 128), "bits");
    expectError(request("lea-128", Field::Key, -1, 3), "bits");
    expectError(request("ascon-p", Field::Key, 128, -1), "bits");
    expectError(request("skinny-64-64", Field::Key, 0, -2), "bits");
    expectError(request("ascon-p", Field::State, 0, -1, 13), "rounds");
    expectError(request("lea-256", Field::Plaintext, 0, -1, -1), "rounds");
    expectError(request("skinny-128-384", Field::Plaintext, 0, -1, 57), "rounds");
    expectError(request("lea-128", Field::Plaintext, 0, -1, 0, -1), "samples");
    expectError(request("lea-128", Field::Plaintext, 0, -1, 0, kMaxDiffusionSamples + 1), "samples");
    EXPECT_THROW(structuralDependency(request("lea-128", Field::Nonce)), AnalysisError);
}

TEST(AnalysisErrors, FieldSizesPerAlgorithm) {
    EXPECT_EQ(fieldBits("ascon-p", Field::State), 320);
    EXPECT_EQ(fieldBits("ascon-p", Field::Nonce), 128);
    EXPECT_EQ(fieldBits("ascon-p", Field::Plaintext), 0);
    EXPECT_EQ(fieldBits("lea-192", Field::Key), 192);
    EXPECT_EQ(fieldBits("skinny-64-192", Field::Key), 192);
    EXPECT_EQ(fieldBits("skinny-64-192", Field::Plaintext), 64);
    EXPECT_EQ(standardRounds("skinny-128-384"), 56);
    EXPECT_EQ(standardRounds("lea-192"), 28);
    EXPECT_THROW(fieldsFor("nope"), AnalysisError);
    for (const auto& id : diffusionAlgorithms())
        EXPECT_EQ(fieldsFor(id).size(), id.rfind("ascon", 0) == 0                                 ? 3u
                                        : id.rfind("mldsa", 0) == 0 || id.rfind("keccak", 0) == 0 ? 1u
                                                                                                  : 2u)
            << id;
    for (const char* id : {"ascon-128", "ascon-128a", "ascon-aead128"}) {
        EXPECT_EQ(fieldsFor(id).front(), Field::Nonce) << id;
        EXPECT_EQ(fieldBits(id, Field::Key), 128) << id;
        EXPECT_EQ(fieldBits(id, Field::State), 320) << id;
        EXPECT_EQ(fieldBits(id, Field::Plaintext), 0) << id;
        EXPECT_EQ(standardRounds(id), 12) << id;
    }
}

// The observer path the analysis samples through reports exactly the traced steps.
class Collect final : public rs::crypto::StepSink {
  public:
    std::vector<rs::crypto::TraceStep> steps;
    void step(std::string_view phase, int block, int round, std::string_view step,
              std::span<const std::uint8_t> state, std::span<const std::uint8_t> roundKey) override {
        steps.push_back({std::string(phase),
                         block,
                         round,
                         std::string(step),
                         {state.begin(), state.end()},
                         {roundKey.begin(), roundKey.end()}});
    }
};

void expectSameSteps(const std::vector<rs::crypto::TraceStep>& a,
                     const std::vector<rs::crypto::TraceStep>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].round, b[i].round);
        EXPECT_EQ(a[i].step, b[i].step);
        EXPECT_EQ(a[i].state, b[i].state) << i;
        EXPECT_EQ(a[i].roundKey, b[i].roundKey) << i;
    }
}

TEST(ObservedPath, MatchesTheTracedPathForEveryModel) {
    const rs::crypto::Bytes block(16, 0x5a), key(32, 0x3c);
    std::array<std::uint8_t, 16> out1{}, out2{};
    {
        const rs::crypto::Lea lea(rs::crypto::ByteView(key).first(16), 7);
        rs::crypto::Trace t;
        Collect c;
        lea.encryptBlockTraced(block.data(), out1.data(), t);
        lea.encryptBlockObserved(block.data(), out2.data(), c);
        expectSameSteps(t.steps, c.steps);
        EXPECT_EQ(out1, out2);
    }
    {
        const rs::crypto::Skinny sk(rs::crypto::SkinnyVariant::S128_256, key, 9);
        rs::crypto::Trace t;
        Collect c;
        sk.encryptBlockTraced(block.data(), out1.data(), t);
        sk.encryptBlockObserved(block.data(), out2.data(), c);
        expectSameSteps(t.steps, c.steps);
        EXPECT_EQ(out1, out2);
    }
    {
        rs::crypto::AsconState s1{{1, 2, 3, 4, 5}}, s2 = s1;
        rs::crypto::Trace t;
        Collect c;
        rs::crypto::asconPermuteTraced(s1, 6, t);
        rs::crypto::asconPermuteObserved(s2, 6, c);
        expectSameSteps(t.steps, c.steps);
        EXPECT_EQ(s1.x, s2.x);
    }
}

} // namespace
