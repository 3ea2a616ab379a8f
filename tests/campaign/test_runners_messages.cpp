// The cpu target's many-message AEAD runs (cpu.messages, cpumessages.h): the CPU baseline of a GPU launch of
// K messages. Every message of every repeat goes through the run's judge (OutputJudge::expectMessages and
// checkMessage: each against the oracle's answer for its own inputs) under both implementations, at
// lane-filling and ragged counts; the judge catches one wrong message, a skipped one and one out of order;
// the figures are per message; the parameters name the lanes' instruction set; bad values and misuse are
// clear errors.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>

#include "core/campaign/cpumessages.h"
#include "core/campaign/cpurunner.h"
#include "core/crypto/asconmulti.h"
#include "core/crypto/ghashclmul.h"
#include "core/crypto/leafast.h"
#include "core/oracle/algorithms.h"
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
                        // The untimed warm-up is judged too; only the 2 timed repeats have a time.
                        EXPECT_EQ(v.outputs, 2 + kCpuWarmups);
                        EXPECT_EQ(v.output.samples.size(), 2u);
                        EXPECT_EQ(v.output.parameters.at("warmups"), std::to_string(kCpuWarmups));
                        EXPECT_EQ(v.output.parameters.at("cpu.messages"), std::to_string(k));
                        EXPECT_EQ(v.output.parameters.at("cpu.impl"), impl);
                        EXPECT_EQ(v.output.parameters.at("cpu.isa"), impl == "fast" ? c.fastIsa : "scalar");
                    }
}

TEST(CpuMessages, EveryMessageGoesThroughTheJudge) {
    const auto runner = makeCpuRunner(1);
    for (const std::string impl : {"fast", "reference"}) {
        const RunKey key{"cpu", "ascon-aead128", 33, 5};
        const RunInputs in = makeInputs(key);
        rs::oracle::OutputJudge judge(referenceOutput(key, in));
        runner->run(key, in, 3, {{"cpu.impl", impl}, {"cpu.messages", "9"}}, kGo, judge);
        EXPECT_EQ(judge.messages(), 9u) << impl;
        EXPECT_EQ(judge.count(), 3 + kCpuWarmups) << impl;
        EXPECT_FALSE(judge.failure()) << impl << ": " << judge.failure().value_or("");
    }
}

/** A back end of K messages per repeat that gets message 3 of the second repeat wrong (or, with `skip`,
 *  leaves the last message of every repeat unjudged). */
class WrongMessageRunner final : public Runner {
  public:
    explicit WrongMessageRunner(bool skip) : m_skip(skip) {}
    std::string target() const override { return "zz-messages"; }
    bool supports(std::string_view alg) const override { return alg == "ascon-aead128"; }
    RunOutput run(const RunKey& key, const RunInputs& in, int repeats,
                  const std::map<std::string, std::string>&, const std::atomic<bool>&,
                  rs::oracle::OutputJudge& judge) override {
        const auto op = rs::oracle::operation(key.algorithm);
        const std::size_t k = 8;
        judge.expectMessages(op, k, [&in](std::size_t i) { return rs::oracle::messageInputs(in, i); });
        for (int r = 0; r < repeats; ++r)
            for (std::size_t i = 0; i < (m_skip ? k - 1 : k); ++i) {
                rs::crypto::Bytes out = rs::oracle::referenceOutput(op, rs::oracle::messageInputs(in, i));
                if (!m_skip && r == 1 && i == 3) out[0] ^= 0x80;
                judge.checkMessage(i, out);
            }
        RunOutput o;
        o.measurements = {{"time_median", 1.0, "ns"}};
        return o;
    }

  private:
    bool m_skip;
};

TEST(CpuMessages, TheJudgeCatchesAWrongMessageThree) {
    const RunKey key{"zz-messages", "ascon-aead128", 20, 3};
    const RunInputs in = makeInputs(key);
    const rs::crypto::Bytes third =
        rs::oracle::referenceOutput(rs::oracle::operation(key.algorithm), rs::oracle::messageInputs(in, 3));
    WrongMessageRunner wrong(false);
    const RunVerdict v = judgeRun(wrong, key, in, referenceOutput(key, in), 3, {}, kGo);
    EXPECT_FALSE(v.verified);
    EXPECT_EQ(v.outputs, 3);
    char bytes[48];
    std::snprintf(bytes, sizeof bytes, "output byte 0 is %02x, the C++ model gives %02x", third[0] ^ 0x80,
                  third[0]);
    EXPECT_EQ(v.failure, "wrong answer in output 2, message 3 of 8: " + std::string(bytes));
    // A repeat that leaves a message unjudged is no verified run either.
    WrongMessageRunner skips(true);
    const RunVerdict s = judgeRun(skips, key, in, referenceOutput(key, in), 2, {}, kGo);
    EXPECT_FALSE(s.verified);
    EXPECT_EQ(s.failure, "wrong answer in output 1: message 7 of 8 was not judged");
}

TEST(CpuMessages, TheJudgeTakesMessagesInOrderAndOnlyWhenDeclared) {
    const auto op = rs::oracle::operation("ascon-128");
    const RunInputs in = makeInputs({"cpu", "ascon-128", 16, 0});
    const auto answer = [&](std::size_t i) {
        return rs::oracle::referenceOutput(op, rs::oracle::messageInputs(in, i));
    };
    rs::oracle::OutputJudge undeclared(answer(0));
    EXPECT_FALSE(undeclared.checkMessage(0, answer(0)));
    EXPECT_NE(undeclared.failure().value_or("").find("declared no messages"), std::string::npos);
    rs::oracle::OutputJudge judge(answer(0));
    judge.expectMessages(op, 4, [&in](std::size_t i) { return rs::oracle::messageInputs(in, i); });
    EXPECT_TRUE(judge.checkMessage(0, answer(0)));
    EXPECT_TRUE(judge.ok());
    EXPECT_FALSE(judge.checkMessage(2, answer(2))); // message 1 skipped
    EXPECT_EQ(judge.failure(), "output 1: message 2 of 4 was judged in place of message 1");
    EXPECT_EQ(judge.first(), answer(0));
    // Message i is the run's message under nonce + i (big-endian over the whole nonce).
    rs::crypto::Bytes nonce = in.nonce;
    rs::oracle::addBigEndian(nonce.data(), nonce.size(), 300);
    EXPECT_EQ(rs::oracle::messageInputs(in, 300).nonce, nonce);
    EXPECT_EQ(rs::oracle::messageInputs(in, 0).nonce, in.nonce);
}

TEST(CpuMessages, TheLanesAreTheRowsThatNameThem) {
    // Which AEAD encrypts its messages in SIMD lanes is its registry row's fact (CpuFastPath::AsconLanes).
    const auto runner = makeCpuRunner(1);
    const std::string lanes = rs::crypto::asconMultiIsaName(rs::crypto::asconMultiBest());
    int named = 0;
    for (const auto& a : rs::oracle::aeadAlgorithms()) {
        const bool inLanes = a.cpuFastPath == rs::oracle::CpuFastPath::AsconLanes;
        named += inLanes;
        const RunVerdict v = runMessages(*runner, a.id.c_str(), 33, 5, {{"cpu.messages", "3"}});
        ASSERT_TRUE(v.verified) << a.id << ": " << v.failure;
        EXPECT_EQ(v.output.parameters.at("cpu.isa") == lanes, inLanes) << a.id;
    }
    EXPECT_EQ(named, 1) << "Ascon-AEAD128";
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
