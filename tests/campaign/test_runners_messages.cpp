// The cpu target's many-message AEAD runs (cpu.messages, cpumessages.h): the CPU baseline of a GPU launch of
// K messages. Every repeat of every message is judged (message 0 by the run's judge, the others against
// the model) under both implementations, at lane-filling and ragged counts; the figures are per message;
// the parameters name the lanes' instruction set; bad values and misuse are clear errors.
#include <gtest/gtest.h>

#include <atomic>

#include "core/campaign/cpumessages.h"
#include "core/campaign/cpurunner.h"
#include "core/crypto/asconmulti.h"
#include "core/crypto/ghashclmul.h"
#include "core/crypto/leafast.h"
#include "tests/campaign/runnertest.h"

namespace {

using namespace rs::campaign;

const std::atomic<bool> kGo{false};

RunVerdict runMessages(Runner& runner, const char* alg, std::uint64_t size, std::uint64_t ad,
                       const std::map<std::string, std::string>& options) {
    const RunKey key{runner.target(), alg, size, ad};
    const RunInputs in = makeInputs(key);
    return judgeRun(runner, key, in, referenceOutput(key, in), 2, options, kGo);
}

TEST(CpuMessages, EveryMessageOfEveryRepeatIsVerifiedUnderBothImplementations) {
    const auto runner = makeCpuRunner(1);
    const std::string lanes = rs::crypto::asconMultiIsaName(rs::crypto::asconMultiBest());
    const std::string gcm = std::string(rs::crypto::leaFastIsaName(rs::crypto::leaFastBest())) + "+" +
                            rs::crypto::ghashIsaName(rs::crypto::ghashBest());
    const struct {
        const char* alg;
        std::string fastIsa;
    } cases[] = {{"ascon-aead128", lanes}, {"ascon-128a", "scalar"}, {"lea-128-gcm", gcm}};
    for (const auto& c : cases)
        for (const std::uint64_t k : {2u, 7u, 8u, 9u, 64u, 257u})
            for (const std::uint64_t size : {0u, 1u, 16u, 63u, 1537u})
                for (const std::uint64_t ad : {0u, 17u})
                    for (const std::string impl : {"fast", "reference"}) {
                        if (k == 257 && size > 16) continue; // enough of the large count
                        const RunVerdict v =
                            runMessages(*runner, c.alg, size, ad,
                                        {{"cpu.impl", impl}, {"cpu.messages", std::to_string(k)}});
                        ASSERT_TRUE(v.verified)
                            << c.alg << " k " << k << " size " << size << " " << impl << ": " << v.failure;
                        EXPECT_EQ(v.outputs, 2);
                        EXPECT_EQ(v.output.parameters.at("cpu.messages"), std::to_string(k));
                        EXPECT_EQ(v.output.parameters.at("cpu.impl"), impl);
                        EXPECT_EQ(v.output.parameters.at("cpu.isa"), impl == "fast" ? c.fastIsa : "scalar");
                    }
}

TEST(CpuMessages, FiguresAreThoseOfOneMessage) {
    // The throughput is one message's bytes over one message's time (the batch time / K), as the cuda
    // target reports a launch of K messages; no speed is asserted.
    const auto runner = makeCpuRunner(1);
    const RunVerdict many = runMessages(*runner, "ascon-aead128", 256, 0, {{"cpu.messages", "512"}});
    ASSERT_TRUE(many.verified) << many.failure;
    std::map<std::string, double> m;
    for (const Measurement& x : many.output.measurements)
        m[x.metric] = x.value;
    ASSERT_GT(m.at("time_median"), 0);
    EXPECT_LE(m.at("time_min"), m.at("time_median"));
    EXPECT_LE(m.at("time_median"), m.at("time_max"));
    EXPECT_NEAR(m.at("throughput") * m.at("time_median") / 1e9, 256.0, 1e-6);
}

TEST(CpuMessages, BadValuesAndMisuseAreClearErrors) {
    const auto cpu = makeCpuRunner(1);
    for (const char* bad : {"0", "", "abc", "-1", "1.5", "16777217", "99999999999"})
        EXPECT_THROW(runMessages(*cpu, "ascon-aead128", 16, 0, {{"cpu.messages", bad}}), RunnerError) << bad;
    try {
        runMessages(*cpu, "ascon-aead128", 16, 0, {{"cpu.messages", "abc"}});
        FAIL();
    } catch (const RunnerError& e) {
        EXPECT_NE(std::string(e.what()).find("cpu.messages"), std::string::npos) << e.what();
    }
    // A block cipher has no messages to multiply; cpu-mt splits one message already; too much memory.
    EXPECT_THROW(runMessages(*cpu, "lea-128-ctr", 64, 0, {{"cpu.messages", "8"}}), RunnerError);
    const auto mt = makeCpuRunner(2);
    EXPECT_THROW(runMessages(*mt, "ascon-aead128", 64, 0, {{"cpu.messages", "8"}}), RunnerError);
    EXPECT_THROW(runMessages(*cpu, "ascon-aead128", 1 << 20, 0, {{"cpu.messages", "1024"}}), RunnerError);
    // cpu.messages = 1 is the ordinary run.
    const RunVerdict v = runMessages(*cpu, "ascon-aead128", 64, 0, {{"cpu.messages", "1"}});
    EXPECT_TRUE(v.verified) << v.failure;
    EXPECT_EQ(v.output.parameters.count("cpu.messages"), 0u);
}

} // namespace
