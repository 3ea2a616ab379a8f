// ML-DSA signing stepped in the explorer (core/teach/mldsasignsteps.h, the "mldsa-NN-sign" rows): the steps
// are the spec's, each polynomial is what Algorithm 7 says it is (recomputed here from the key's steps with
// schoolbook arithmetic written for this test), every check names its norm and bound and the verdict agrees
// with them, every step is explained, and the rejection-sampling lesson's expected attempts (FIPS 204
// Table 1) are recomputed over many signatures.
#include <QDir>

#include <algorithm>
#include <random>
#include <regex>

#include "core/crypto/mldsa.h"
#include "core/teach/explain.h"
#include "core/teach/mldsasignsteps.h"
#include "tests/teach/teachtest.h"

namespace {

using namespace rs;
using crypto::Bytes;
using crypto::MlDsaParamSet;
using crypto::MlDsaPoly;
using crypto::Trace;

constexpr std::int64_t kQ = crypto::kMlDsaQ;

const std::vector<MlDsaParamSet> kSets{MlDsaParamSet::MlDsa44, MlDsaParamSet::MlDsa65,
                                       MlDsaParamSet::MlDsa87};

std::string signId(MlDsaParamSet set) {
    const std::string name = crypto::mldsaParams(set).name; // "ML-DSA-44"
    return "mldsa-" + name.substr(name.rfind('-') + 1) + "-sign";
}

MlDsaPoly polyOf(const crypto::TraceStep& s) {
    return crypto::mldsaPolyFromBytes(s.state);
}

std::int64_t centred(std::int64_t v) {
    v %= kQ;
    if (v < 0) v += kQ;
    return v > kQ / 2 ? v - kQ : v;
}

// c·s in Z_q[X]/(X^256 + 1), schoolbook (independent of the NTT).
MlDsaPoly negacyclic(const MlDsaPoly& a, const MlDsaPoly& b) {
    std::vector<std::int64_t> acc(256, 0);
    for (std::size_t i = 0; i < 256; ++i) {
        if (a[i] == 0) continue;
        for (std::size_t j = 0; j < 256; ++j) {
            const std::int64_t prod = centred(a[i]) * centred(b[j]);
            if (i + j < 256)
                acc[i + j] += prod;
            else
                acc[i + j - 256] -= prod;
        }
    }
    MlDsaPoly out{};
    for (std::size_t i = 0; i < 256; ++i)
        out[i] = static_cast<std::int32_t>(((acc[i] % kQ) + kQ) % kQ);
    return out;
}

// FIPS 204 Algorithm 36 (Decompose) and 37 (HighBits), as the spec writes them.
std::int32_t highBits(std::int64_t r, std::int64_t gamma2) {
    const std::int64_t rp = ((r % kQ) + kQ) % kQ;
    std::int64_t r0 = rp % (2 * gamma2);
    if (r0 > gamma2) r0 -= 2 * gamma2;
    if (rp - r0 == kQ - 1) return 0;
    return static_cast<std::int32_t>((rp - r0) / (2 * gamma2));
}

std::int64_t infNorm(const MlDsaPoly& p) {
    std::int64_t m = 0;
    for (auto v : p)
        m = std::max(m, std::abs(centred(v)));
    return m;
}

const crypto::TraceStep* find(const Trace& t, int round, const std::string& prefix) {
    for (const auto& s : t.steps)
        if (s.round == round && s.step.rfind(prefix, 0) == 0) return &s;
    return nullptr;
}

TEST(MlDsaSignSteps, EveryPolynomialIsWhatAlgorithm7Says) {
    for (MlDsaParamSet set : kSets) {
        const crypto::MlDsaParams& p = crypto::mldsaParams(set);
        SCOPED_TRACE(p.name);
        const sessions::ExplorerRun run = test::runDefault(signId(set));
        const Trace& t = run.trace;
        ASSERT_FALSE(t.steps.empty());
        EXPECT_EQ(run.output.size(), p.sigBytes);
        int attempts = 0;
        for (const auto& s : t.steps)
            attempts = std::max(attempts, s.round);
        ASSERT_GE(attempts, 1);
        for (int a = 1; a <= attempts; ++a) {
            SCOPED_TRACE("attempt " + std::to_string(a));
            const auto* c = find(t, a, "c = SampleInBall");
            ASSERT_NE(c, nullptr);
            const MlDsaPoly cp = polyOf(*c);
            EXPECT_EQ(std::count_if(cp.begin(), cp.end(), [](std::int32_t v) { return v != 0; }), p.tau);
            for (const std::int32_t v : cp)
                EXPECT_TRUE(v == 0 || v == 1 || v == kQ - 1);
            std::int64_t zNorm = 0;
            for (int j = 0; j < p.l; ++j) {
                const auto* y = find(t, a, "y[" + std::to_string(j) + "]");
                const auto* z = find(t, a, "z[" + std::to_string(j) + "]");
                const auto* s1 = find(t, 0, "s1[" + std::to_string(j) + "]");
                ASSERT_TRUE(y && z && s1);
                const MlDsaPoly cs1 = negacyclic(cp, polyOf(*s1));
                const MlDsaPoly yp = polyOf(*y), zp = polyOf(*z);
                for (std::size_t i = 0; i < 256; ++i) {
                    ASSERT_EQ(zp[i], (yp[i] + std::int64_t{cs1[i]}) % kQ) << "z[" << j << "][" << i << "]";
                    ASSERT_LE(std::abs(centred(yp[i])), p.gamma1);
                }
                zNorm = std::max(zNorm, infNorm(zp));
            }
            for (int i = 0; i < p.k; ++i) {
                const auto* w = find(t, a, "w[" + std::to_string(i) + "]");
                const auto* w1 = find(t, a, "w1[" + std::to_string(i) + "]");
                ASSERT_TRUE(w && w1);
                const MlDsaPoly wp = polyOf(*w), w1p = polyOf(*w1);
                for (std::size_t n = 0; n < 256; ++n)
                    ASSERT_EQ(w1p[n], highBits(wp[n], p.gamma2)) << "w1[" << i << "][" << n << "]";
            }
            // The z check reports the norm computed here and the verdict its bound gives.
            const auto* zCheck = find(t, a, "check ‖z‖∞");
            ASSERT_NE(zCheck, nullptr);
            const auto check = teach::mldsaSignCheckOf(*zCheck);
            ASSERT_TRUE(check.has_value());
            EXPECT_EQ(check->value, zNorm);
            EXPECT_EQ(check->bound, p.gamma1 - p.beta);
            EXPECT_EQ(check->passed, zNorm < p.gamma1 - p.beta);
            // Line 23's two checks always show; line 28's only when both passed. An attempt is rejected
            // exactly when one of its checks failed, and only the last attempt passes them all.
            std::vector<teach::MlDsaSignCheck> checks;
            for (const auto& s : t.steps)
                if (s.round == a)
                    if (auto ck = teach::mldsaSignCheckOf(s)) checks.push_back(*ck);
            ASSERT_GE(checks.size(), 2u);
            EXPECT_EQ(checks[0].what, "‖z‖∞");
            EXPECT_EQ(checks[1].what, "‖r0‖∞");
            if (checks.size() > 2) {
                EXPECT_TRUE(checks[0].passed && checks[1].passed);
            }
            const bool allPassed =
                std::all_of(checks.begin(), checks.end(), [](const auto& ck) { return ck.passed; });
            EXPECT_EQ(allPassed && checks.size() == 4, a == attempts);
            if (a == attempts) EXPECT_EQ(checks.size(), 4u);
            for (const auto& ck : checks) {
                const bool below = ck.what == "hints" ? ck.value <= ck.bound : ck.value < ck.bound;
                EXPECT_EQ(ck.passed, below) << ck.what;
            }
        }
        // The signature the explorer shows verifies under the model.
        const auto* alg = sessions::findExplorerAlgorithm(signId(set));
        const auto in = test::defaultInputs(*alg);
        const auto keys = crypto::mldsaKeyGen(set, in.at("seed"));
        EXPECT_TRUE(crypto::mldsaVerify(set, keys.pk, in.at("msg"), in.at("ctx"), run.output));
    }
}

TEST(MlDsaSignSteps, EveryStepIsExplainedWithItsNumbers) {
    const Trace t = test::runDefault(signId(MlDsaParamSet::MlDsa65)).trace;
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        EXPECT_TRUE(teach::isExplained(t, i)) << t.steps[i].step;
        const std::string text = teach::explainStep(t, i);
        if (const auto ck = teach::mldsaSignCheckOf(t.steps[i])) {
            EXPECT_NE(text.find(std::to_string(ck->value)), std::string::npos) << text;
            EXPECT_NE(text.find(std::to_string(ck->bound)), std::string::npos) << text;
            EXPECT_NE(text.find(ck->passed ? "passed" : "rejected"), std::string::npos) << text;
        }
    }
}

TEST(MlDsaSignSteps, BadInputsAreRefusedWithTheirName) {
    const auto* alg = sessions::findExplorerAlgorithm(signId(MlDsaParamSet::MlDsa44));
    ASSERT_NE(alg, nullptr);
    EXPECT_EQ(alg->kind, sessions::ExplorerKind::Process);
    auto in = test::defaultInputs(*alg);
    EXPECT_THROW(sessions::runExplorer(*alg, in, 3), crypto::InvalidArgument); // no round count
    in["ctx"] = Bytes(256, 1);
    EXPECT_THROW(sessions::runExplorer(*alg, in, 0), crypto::InvalidArgument);
    const auto* ctx = alg->field("ctx");
    ASSERT_NE(ctx, nullptr);
    ASSERT_TRUE(static_cast<bool>(ctx->checkValue));
    EXPECT_NE(ctx->checkValue(Bytes(256, 1)).find("255"), std::string::npos);
    EXPECT_TRUE(ctx->checkValue(Bytes(255, 1)).empty());
}

// FIPS 204 Table 1's expected number of iterations of Sign's loop, recomputed as the mean over many
// deterministic signatures of random messages, and the lesson's note states the same numbers.
TEST(MlDsaSignSteps, TheLessonsExpectedAttemptsHoldOverManySignatures) {
    const teach::Lesson lesson = teach::loadLesson(
        std::string(RS_LESSONS_DIR) + "/mldsa-sign-rejection-sampling.json", test::explorerCatalog());
    std::string notes;
    for (const auto& s : lesson.stops)
        notes += s.note + "\n" + s.answer.value_or("") + "\n";
    // Every number a stop at a check states is that check's in this run.
    const auto* alg = sessions::findExplorerAlgorithm(lesson.algorithm);
    ASSERT_NE(alg, nullptr);
    const Trace t = sessions::runExplorer(*alg, lesson.inputs, 0).trace;
    int checkStops = 0;
    for (const auto& stop : lesson.stops) {
        ASSERT_LT(static_cast<std::size_t>(stop.step), t.steps.size());
        const auto ck = teach::mldsaSignCheckOf(t.steps[static_cast<std::size_t>(stop.step)]);
        if (!ck) continue;
        ++checkStops;
        EXPECT_NE(stop.note.find(std::to_string(ck->value)), std::string::npos) << stop.note;
        EXPECT_NE(stop.note.find(std::to_string(ck->bound)), std::string::npos) << stop.note;
        const int attempt = t.steps[static_cast<std::size_t>(stop.step)].round;
        EXPECT_NE(stop.note.find("ttempt " + std::to_string(attempt)), std::string::npos) << stop.note;
    }
    EXPECT_GE(checkStops, 3);
    // The twin stop's count of differing bits is this run's.
    int twinStops = 0;
    for (const auto& stop : lesson.stops) {
        if (stop.view != teach::LessonView::Twin) continue;
        ++twinStops;
        ASSERT_TRUE(stop.flip.has_value());
        auto in = lesson.inputs;
        sessions::flipInputBit(in[stop.flip->field], stop.flip->bit);
        const Trace twin = sessions::runExplorer(*alg, in, 0).trace;
        const std::size_t i = static_cast<std::size_t>(stop.step);
        ASSERT_LT(i, twin.steps.size());
        EXPECT_EQ(twin.steps[i].step, t.steps[i].step);
        const int bits = sessions::differingBits(t.steps[i].state, twin.steps[i].state);
        EXPECT_NE(stop.note.find("in " + std::to_string(bits) + " bits"), std::string::npos)
            << "twin differs in " << bits << " bits: " << stop.note;
    }
    EXPECT_EQ(twinStops, 1);
    std::mt19937_64 rng(35);
    const int kSignatures = 400;
    for (MlDsaParamSet set : kSets) {
        const crypto::MlDsaParams& p = crypto::mldsaParams(set);
        Bytes seed(32);
        for (auto& b : seed)
            b = static_cast<std::uint8_t>(rng());
        const auto keys = crypto::mldsaKeyGen(set, seed, crypto::MlDsaImpl::Fast);
        long total = 0;
        for (int i = 0; i < kSignatures; ++i) {
            Bytes msg(16);
            for (auto& b : msg)
                b = static_cast<std::uint8_t>(rng());
            total += crypto::mldsaSign(set, keys.sk, msg, {}, Bytes(32, 0), crypto::MlDsaImpl::Fast).attempts;
        }
        const double mean = static_cast<double>(total) / kSignatures;
        // The attempts are geometric: standard error ≈ sqrt(1 − 1/e)·e/sqrt(n) ≈ 0.26 for e = 5.1, n = 400.
        EXPECT_NEAR(mean, p.expectedAttempts, 0.15 * p.expectedAttempts) << p.name;
        char stated[64];
        std::snprintf(stated, sizeof stated, "%s: %g", p.name, p.expectedAttempts);
        EXPECT_NE(notes.find(stated), std::string::npos) << "the lesson should state \"" << stated << "\"";
    }
}

} // namespace
