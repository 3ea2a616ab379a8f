// Runners: the deterministic inputs, the reference output against the official KAT files, the native CPU
// runner (one and several threads) and the Verilated IP runner (outputs, clock counts against hw/CYCLES.md's
// formula, option and thread errors). No timing is asserted.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "core/campaign/cpurunner.h"
#include "core/campaign/runner.h"
#include "core/crypto/blockmodes.h"
#include "core/crypto/lea.h"
#include "core/katfile.h"
#include "core/oracle/algorithms.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/asconipcycles.h"
#include "hw/ip/iprunner.h"
#include "tests/campaign/runnertest.h"

namespace {

using namespace rs::campaign;
using rs::crypto::Bytes;

const std::atomic<bool> kGo{false};

const Measurement& find(const RunOutput& out, const std::string& metric) {
    const auto it = std::find_if(out.measurements.begin(), out.measurements.end(),
                                 [&](const Measurement& m) { return m.metric == metric; });
    if (it == out.measurements.end()) throw std::runtime_error("no measurement " + metric);
    return *it;
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const RunnerError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no RunnerError";
    return {};
}

std::vector<rs::core::KatRecord> kat(const std::string& file) {
    return rs::core::readKatFile(std::string(RS_VECTORS_DIR) + "/" + file);
}

/** The run of a KAT record: its key, nonce (or IV), AD and plaintext as the inputs. */
RunInputs katInputs(const rs::core::KatRecord& r) {
    RunInputs in;
    in.key = r.hex("Key");
    in.nonce = r.has("Nonce") ? r.hex("Nonce") : r.has("IV") ? r.hex("IV") : Bytes{};
    in.ad = r.has("AD") ? r.hex("AD") : Bytes{};
    in.message = r.hex("PT");
    return in;
}

RunKey keyFor(const std::string& target, const std::string& alg, const RunInputs& in) {
    return {target, alg, in.message.size(), in.ad.size()};
}

// --- inputs, reference (the registry: test_runners_targets.cpp) ----------------------------------

TEST(RunnerTimings, MinMedianMaxAndTheThroughputAtTheMedian) {
    const auto m = timingMeasurements({400, 100, 200, 300}, 1000);
    ASSERT_EQ(m.size(), 4u);
    EXPECT_EQ(m[0], (Measurement{"time_min", 100, "ns"}));
    EXPECT_EQ(m[1], (Measurement{"time_median", 250, "ns"})); // the mean of the middle two
    EXPECT_EQ(m[2], (Measurement{"time_max", 400, "ns"}));
    EXPECT_EQ(m[3], (Measurement{"throughput", 1000 / 250e-9, "bytes/s"}));
    EXPECT_EQ(timingMeasurements({7}, 0)[1].value, 7);  // one exact (simulated) time
    EXPECT_EQ(timingMeasurements({0}, 64)[3].value, 0); // no division by a zero time
    EXPECT_TRUE(timingMeasurements({}, 64).empty());
}

TEST(RunnerTimings, SetTimingsKeepsEveryRepeatInTheOrderItRan) {
    RunOutput out;
    out.measurements = {{"cycles", 5, "cycles"}};
    setTimings(out, {400, 100, 300}, 1000);
    EXPECT_EQ(out.samples, (std::vector<double>{400, 100, 300}));
    ASSERT_EQ(out.measurements.size(), 5u); // what it held, then the figures
    EXPECT_EQ(out.measurements[0].metric, "cycles");
    EXPECT_EQ(out.measurements[2], (Measurement{"time_median", 300, "ns"}));
}

TEST(RunnerInputs, DeterministicAndSizedForTheAlgorithm) {
    struct Case {
        std::string alg;
        std::size_t key, nonce, ad;
    };
    const std::vector<Case> cases = {
        {"ascon-aead128", 16, 16, 8}, {"ascon-128", 16, 16, 8},          {"lea-128-gcm", 16, 12, 8},
        {"lea-256-gcm", 32, 12, 8},   {"skinny-128-256-ctr", 32, 16, 0}, {"skinny-64-192-ctr", 24, 8, 0},
        {"lea-192-ecb", 24, 0, 0},
    };
    for (const auto& c : cases) {
        const RunKey k{"cpu", c.alg, 100, 8};
        const RunInputs a = makeInputs(k), b = makeInputs(k);
        EXPECT_EQ(a.key.size(), c.key) << c.alg;
        EXPECT_EQ(a.nonce.size(), c.nonce) << c.alg;
        EXPECT_EQ(a.ad.size(), c.ad) << c.alg; // AD exists for AEAD only
        EXPECT_EQ(a.message.size(), 100u) << c.alg;
        EXPECT_EQ(a.key, b.key);
        EXPECT_EQ(a.nonce, b.nonce);
        EXPECT_EQ(a.ad, b.ad);
        EXPECT_EQ(a.message, b.message);
        // The same point gives every target the same bytes; another point gives other bytes.
        EXPECT_EQ(makeInputs({"ip", c.alg, 100, 8}).message, a.message);
        EXPECT_NE(makeInputs({"cpu", c.alg, 101, 8}).key, a.key);
        EXPECT_NE(std::count(a.message.begin(), a.message.end(), 0), 100);
    }
    EXPECT_NE(makeInputs({"cpu", "ascon-128", 64, 0}).key, makeInputs({"cpu", "ascon-128a", 64, 0}).key);
    EXPECT_NE(makeInputs({"cpu", "ascon-128", 64, 0}).key, makeInputs({"cpu", "ascon-128", 64, 16}).key);
    EXPECT_TRUE(makeInputs({"cpu", "ascon-128", 0, 0}).message.empty());
    EXPECT_THROW(makeInputs({"cpu", "aes-128-gcm", 16, 0}), SpecError);
    EXPECT_THROW(referenceOutput({"cpu", "lea-128", 16, 0}, RunInputs{}), SpecError);
}

TEST(RunnerReference, MatchesTheAsconKatFiles) {
    const std::vector<std::pair<std::string, std::string>> files = {
        {"ascon-128", "ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"},
        {"ascon-128a", "ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt"},
        {"ascon-aead128", "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt"},
    };
    const auto cpu = makeCpuRunner(1);
    for (const auto& [alg, file] : files) {
        const auto records = kat(file);
        ASSERT_EQ(records.size(), 1089u) << file;
        for (std::size_t i = 0; i < records.size(); i += 29) {
            const RunInputs in = katInputs(records[i]);
            const RunKey key = keyFor("cpu", alg, in);
            const Bytes ct = records[i].hex("CT");
            EXPECT_EQ(referenceOutput(key, in), ct) << file << " line " << records[i].line;
            EXPECT_EQ(runJudged(*cpu, key, in, 1, {}, kGo).output, ct) << file << " line " << records[i].line;
        }
    }
}

TEST(RunnerReference, MatchesTheLeaKisaCtrAndEcbFiles) {
    int checked = 0;
    const std::vector<std::pair<std::string, std::string>> files = {{"ctr", "lea/lea_kisa_ctr.txt"},
                                                                    {"ecb", "lea/lea_kisa_ecb.txt"}};
    for (const auto& [mode, file] : files)
        for (const auto& r : kat(file)) {
            if (!r.has("Algorithm") || r.text("Algorithm") != "LEA-128") continue;
            const RunInputs in = katInputs(r);
            const RunKey key = keyFor("cpu", std::string("lea-128-") + mode, in);
            EXPECT_EQ(referenceOutput(key, in), r.hex("CT")) << file << " line " << r.line;
            EXPECT_EQ(runJudged(*makeCpuRunner(0), key, in, 2, {{"cpu-mt.threads", "3"}}, kGo).output,
                      r.hex("CT"))
                << file << " line " << r.line;
            ++checked;
        }
    EXPECT_GE(checked, 20);
}

TEST(RunnerReference, BlockModesAreCoreCryptos) {
    const RunKey ctr{"cpu", "lea-128-ctr", 100, 0}; // not a whole number of blocks: CTR truncates
    const RunInputs in = makeInputs(ctr);
    const rs::crypto::Lea lea(in.key);
    EXPECT_EQ(referenceOutput(ctr, in), rs::crypto::ctrXor(lea, in.nonce, in.message));
    const RunKey ecb{"cpu", "lea-128-ecb", 96, 0};
    const RunInputs ein = makeInputs(ecb);
    EXPECT_EQ(referenceOutput(ecb, ein), rs::crypto::ecbEncrypt(rs::crypto::Lea(ein.key), ein.message));
    const RunKey gcm{"cpu", "lea-128-gcm", 40, 16};
    const RunInputs gin = makeInputs(gcm);
    const auto g = rs::oracle::findAead("lea-128-gcm")->encrypt(gin.key, gin.nonce, gin.ad, gin.message);
    Bytes want = g.ct;
    want.insert(want.end(), g.tag.begin(), g.tag.end());
    EXPECT_EQ(referenceOutput(gcm, gin), want);
    // ECB has no partial blocks: the run fails rather than pad.
    const RunKey odd{"cpu", "lea-128-ecb", 20, 0};
    EXPECT_NE(errorOf([&] { referenceOutput(odd, makeInputs(odd)); }).find("ecb needs whole blocks"),
              std::string::npos);
}

// --- CPU runner ----------------------------------------------------------------------------------

void expectTimings(const RunOutput& out, std::uint64_t messageBytes, const std::string& what) {
    const Measurement& lo = find(out, "time_min");
    const Measurement& med = find(out, "time_median");
    const Measurement& hi = find(out, "time_max");
    const Measurement& tp = find(out, "throughput");
    EXPECT_EQ(lo.unit, "ns") << what;
    EXPECT_EQ(med.unit, "ns") << what;
    EXPECT_EQ(hi.unit, "ns") << what;
    EXPECT_EQ(tp.unit, "bytes/s") << what;
    EXPECT_GE(lo.value, 0) << what;
    EXPECT_LE(lo.value, med.value) << what;
    EXPECT_LE(med.value, hi.value) << what;
    EXPECT_DOUBLE_EQ(tp.value, static_cast<double>(messageBytes) / (med.value / 1e9)) << what;
}

TEST(CpuRunner, OutputEqualsReferenceWithMeasurements) {
    EXPECT_EQ(makeCpuRunner(1)->target(), "cpu");
    EXPECT_EQ(makeCpuRunner(0)->target(), "cpu-mt");
    const std::vector<std::string> algs = {"ascon-128",          "ascon-128a",         "ascon-aead128",
                                           "lea-128-gcm",        "lea-128-ctr",        "lea-256-ecb",
                                           "skinny-128-256-ctr", "skinny-128-256-ecb", "skinny-64-192-ctr"};
    const std::vector<std::pair<int, std::map<std::string, std::string>>> runners = {
        {1, {}}, {0, {{"cpu-mt.threads", "3"}}}, {0, {}}, {4, {}}};
    for (const auto& [threads, options] : runners) {
        const auto runner = makeCpuRunner(threads);
        for (const auto& alg : algs)
            for (const std::uint64_t msg : {0, 16, 96, 1000, 4096}) {
                if (alg.ends_with("-ecb") && msg % 16 != 0) continue; // LEA and SKINNY-128: 16-byte blocks
                const RunKey key{runner->target(), alg, msg, rs::oracle::findAead(alg) ? 24u : 0u};
                const RunInputs in = makeInputs(key);
                const std::string what = runner->target() + " " + alg + " " + std::to_string(msg);
                ASSERT_TRUE(runner->supports(alg)) << what;
                const Judged out = runJudged(*runner, key, in, 3, options, kGo);
                // Every repeat's output went to the judge, the untimed warm-up's too; only the timed ones
                // have a time.
                EXPECT_EQ(out.outputs, 3 + kCpuWarmups) << what;
                EXPECT_EQ(out.samples.size(), 3u) << what;
                EXPECT_EQ(out.parameters.at("warmups"), std::to_string(kCpuWarmups)) << what;
                EXPECT_FALSE(out.failure) << what << ": " << out.failure.value_or("");
                ASSERT_EQ(out.measurements.size(), 4u) << what;
                expectTimings(out, msg, what);
                const int used = std::stoi(out.parameters.at("threads"));
                // AEAD over several threads: independent messages, each judged against its own answer; the
                // first is thread 0's, its slice (whole 16-byte units) of the message under the run's nonce.
                RunInputs first = in;
                if (key.algorithm.find("-ecb") == std::string::npos && used > 1 &&
                    rs::oracle::findAead(alg)) {
                    const std::uint64_t units = (msg + 15) / 16;
                    first.message.resize(
                        std::min<std::uint64_t>(msg, units / static_cast<unsigned>(used) * 16));
                }
                EXPECT_EQ(out.output, referenceOutput(key, first)) << what;
                EXPECT_GE(used, 1) << what;
                if (threads == 1) {
                    EXPECT_EQ(used, 1) << what;
                }
            }
    }
}

TEST(CpuRunner, ThreadsFollowTheOptionAndTheMessage) {
    const auto mt = makeCpuRunner(0);
    const RunKey big{"cpu-mt", "lea-128-ctr", 4096, 0};
    Judged out = runJudged(*mt, big, makeInputs(big), 1, {{"cpu-mt.threads", "3"}}, kGo);
    EXPECT_EQ(out.parameters.at("threads"), "3");
    EXPECT_EQ(out.parameters.at("cpu-mt.threads"), "3");
    // Two blocks cannot feed three threads: slices are whole blocks.
    const RunKey small{"cpu-mt", "lea-128-ctr", 32, 0};
    out = runJudged(*mt, small, makeInputs(small), 1, {{"cpu-mt.threads", "3"}}, kGo);
    EXPECT_EQ(out.parameters.at("threads"), "2");
    const RunKey aead{"cpu-mt", "ascon-aead128", 4096, 16};
    out = runJudged(*mt, aead, makeInputs(aead), 2, {{"cpu-mt.threads", "4"}}, kGo);
    EXPECT_EQ(out.parameters.at("threads"), "4");
    EXPECT_EQ(out.parameters.at("cpu-mt.split"), "independent messages");
    // Every thread's independent message went to the judge, each against the oracle's answer for its own
    // inputs; the first is thread 0's: the first quarter of the message under the run's nonce.
    EXPECT_EQ(out.outputs, 2 + kCpuWarmups);
    EXPECT_FALSE(out.failure) << out.failure.value_or("");
    RunInputs first = makeInputs(aead);
    first.message.resize(1024);
    EXPECT_EQ(out.output, rs::oracle::referenceOutput(rs::oracle::operation("ascon-aead128"), first));
    // "0" = every hardware thread; the single-thread runner ignores the option.
    out = runJudged(*mt, big, makeInputs(big), 1, {{"cpu-mt.threads", "0"}}, kGo);
    EXPECT_EQ(std::stoul(out.parameters.at("cpu-mt.threads")),
              std::max(1u, std::thread::hardware_concurrency()));
    out = runJudged(*makeCpuRunner(1), big, makeInputs(big), 1, {{"cpu-mt.threads", "8"}}, kGo);
    EXPECT_EQ(out.parameters.at("threads"), "1");
    for (const std::string bad : {"-1", "x", "2x", "", "5000"})
        EXPECT_NE(errorOf([&] {
                      runJudged(*mt, big, makeInputs(big), 1, {{"cpu-mt.threads", bad}}, kGo);
                  }).find("cpu-mt.threads"),
                  std::string::npos)
            << bad;
}

TEST(CpuRunner, RefusesWhatItCannotRun) {
    for (const int threads : {1, 0}) {
        const auto r = makeCpuRunner(threads);
        EXPECT_FALSE(r->supports("ascon-hash256"));
        EXPECT_FALSE(r->supports("lea-128"));
        EXPECT_TRUE(r->supports("lea-128-ecb"));
        const RunKey hash{r->target(), "ascon-hash256", 16, 0};
        EXPECT_NE(
            errorOf([&] { runJudged(*r, hash, RunInputs{}, 1, {}, kGo); }).find("unsupported algorithm"),
            std::string::npos);
        const RunKey odd{r->target(), "skinny-128-256-ecb", 24, 0};
        EXPECT_NE(
            errorOf([&] { runJudged(*r, odd, makeInputs(odd), 1, {}, kGo); }).find("ecb needs whole blocks"),
            std::string::npos);
        const RunKey ok{r->target(), "ascon-128", 16, 0};
        RunInputs shortKey = makeInputs(ok);
        shortKey.key.pop_back();
        EXPECT_NE(errorOf([&] { runJudged(*r, ok, shortKey, 1, {}, kGo); }).find("key"), std::string::npos);
    }
}

TEST(CpuRunner, CancelThrowsCancelled) {
    const std::atomic<bool> stop{true};
    for (const int threads : {1, 0}) {
        const auto r = makeCpuRunner(threads);
        const RunKey key{r->target(), "ascon-aead128", 4096, 0};
        EXPECT_THROW(runJudged(*r, key, makeInputs(key), 5, {{"cpu-mt.threads", "2"}}, stop), Cancelled);
        // The runner is usable afterwards (its threads were released): a run, every output right.
        const Judged again = runJudged(*r, key, makeInputs(key), 1, {{"cpu-mt.threads", "2"}}, kGo);
        EXPECT_EQ(again.outputs, 1 + kCpuWarmups);
        EXPECT_FALSE(again.failure) << again.failure.value_or("");
    }
    EXPECT_FALSE(makeCpuRunner(1)->provenance().at("compiler").empty());
}

// --- IP runner -----------------------------------------------------------------------------------

TEST(AsconIpRunner, OutputEqualsReferenceForEveryVariant) {
    const auto ip = rs::hw::makeIpRunner();
    EXPECT_EQ(ip->target(), "ip");
    for (const std::string alg : {"ascon-128", "ascon-128a", "ascon-aead128"}) {
        EXPECT_TRUE(ip->supports(alg));
        for (const auto& [ad, msg] :
             std::vector<std::pair<std::uint64_t, std::uint64_t>>{{0, 0}, {16, 16}, {5, 33}, {24, 200}}) {
            const RunKey key{"ip", alg, msg, ad};
            const RunInputs in = makeInputs(key);
            const Judged out = runJudged(*ip, key, in, 2, {}, kGo);
            EXPECT_EQ(out.output, referenceOutput(key, in)) << alg << " " << ad << "/" << msg;
            EXPECT_EQ(out.outputs, 2) << alg; // both repeats judged
            EXPECT_FALSE(out.failure) << alg;
            EXPECT_EQ(out.parameters.at("variant"),
                      std::string(rs::crypto::asconAeadName(*rs::hw::ipVariantFromId(alg))));
        }
    }
    // Precomputed mode and another unroll give the same answer.
    const RunKey key{"ip", "ascon-aead128", 40, 8};
    const RunInputs in = makeInputs(key);
    EXPECT_EQ(runJudged(*ip, key, in, 1, {{"ip.unroll", "3"}, {"ip.precomputed", "1"}}, kGo).output,
              referenceOutput(key, in));
    EXPECT_EQ(ip->provenance().at("verilator").substr(0, 2), "5.");
}

TEST(AsconIpRunner, CyclesFollowTheFormula) {
    const auto ip = rs::hw::makeIpRunner();
    struct Case {
        std::string alg;
        int unroll;
        bool precomputed;
        std::uint64_t ad, msg;
    };
    const std::vector<Case> cases = {{"ascon-128", 1, false, 0, 0},
                                     {"ascon-128", 1, false, 32, 32},
                                     {"ascon-128a", 2, false, 16, 48},
                                     {"ascon-aead128", 4, true, 8, 24},
                                     {"ascon-aead128", 12, false, 0, 64}};
    for (const auto& c : cases) {
        const std::string what = c.alg + " U" + std::to_string(c.unroll) + " " + std::to_string(c.ad) + "/" +
                                 std::to_string(c.msg);
        const rs::hw::AsconIpCycleQuery q{
            *rs::hw::ipVariantFromId(c.alg), c.unroll, c.precomputed, false, false, c.ad, c.msg};
        ASSERT_TRUE(rs::hw::fitsFifos(q)) << what;
        const auto f = rs::hw::expectedCycles(q);
        const RunKey key{"ip", c.alg, c.msg, c.ad};
        const Judged out = runJudged(*ip, key, makeInputs(key), 2,
                                     {{"ip.unroll", std::to_string(c.unroll)},
                                      {"ip.precomputed", c.precomputed ? "1" : "0"},
                                      {"ip.clock_mhz", "250"}},
                                     kGo);
        const double total = static_cast<double>(f.totalCycles), core = static_cast<double>(f.core.total());
        EXPECT_EQ(find(out, "cycles").value, total) << what;
        EXPECT_EQ(find(out, "cycles").unit, "cycles");
        EXPECT_EQ(find(out, "core_cycles").value, core) << what;
        EXPECT_EQ(find(out, "axi_cycles").value, total - core) << what;
        EXPECT_DOUBLE_EQ(find(out, "cycles_per_byte").value,
                         core / static_cast<double>(std::max<std::uint64_t>(1, c.msg)))
            << what;
        EXPECT_EQ(find(out, "cycles_per_byte").unit, "cycles/byte");
        EXPECT_DOUBLE_EQ(find(out, "time_at_clock").value, total / 250.0 * 1000.0) << what;
        EXPECT_EQ(find(out, "time_at_clock").unit, "ns");
        EXPECT_DOUBLE_EQ(find(out, "time_median").value, find(out, "time_at_clock").value);
        EXPECT_DOUBLE_EQ(find(out, "throughput").value, static_cast<double>(c.msg) / (total / 250e6)) << what;
        EXPECT_EQ(find(out, "throughput").unit, "bytes/s");
        EXPECT_EQ(find(out, "sim_seconds").unit, "s");
        EXPECT_GT(find(out, "sim_seconds").value, 0);
        EXPECT_EQ(out.parameters.at("ip.unroll"), std::to_string(c.unroll));
        EXPECT_EQ(out.parameters.at("ip.precomputed"), c.precomputed ? "1" : "0");
        EXPECT_EQ(out.parameters.at("clock_mhz"), "250");
    }
    // Defaults: unroll 1, full mode, 100 MHz.
    const RunKey key{"ip", "ascon-128a", 16, 16};
    const Judged out = runJudged(*ip, key, makeInputs(key), 1, {}, kGo);
    const auto f =
        rs::hw::expectedCycles({rs::crypto::AsconAeadVariant::Ascon128av12, 1, false, false, false, 16, 16});
    EXPECT_EQ(find(out, "cycles").value, static_cast<double>(f.totalCycles));
    EXPECT_DOUBLE_EQ(find(out, "time_at_clock").value, static_cast<double>(f.totalCycles) * 10.0);
    EXPECT_EQ(out.parameters.at("ip.unroll"), "1");
    EXPECT_EQ(out.parameters.at("ip.precomputed"), "0");
    EXPECT_EQ(out.parameters.at("clock_mhz"), "100");
}

// Cancel reaches inside one long simulation (a 32 MiB message takes seconds on the Verilated core): with one
// repeat, the flag is down when the repeat starts, so only a check inside the simulation can stop it. The
// model is fine for the next run (the abandoned operation's device is reset).
TEST(AsconIpRunner, CancelStopsInsideALongSimulation) {
    const auto ip = rs::hw::makeIpRunner();
    for (const std::string alg : {"ascon-128", "lea-128-ctr"}) {
        const RunKey big{"ip", alg, std::uint64_t{32} << 20, 0};
        const RunInputs in = makeInputs(big);
        std::atomic<bool> cancel{false};
        std::thread raiser([&cancel] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            cancel = true;
        });
        bool cancelled = false;
        try {
            rs::oracle::OutputJudge judge(Bytes{});
            ip->run(big, in, 1, {}, cancel, judge);
        } catch (const rs::campaign::Cancelled&) {
            cancelled = true;
        }
        raiser.join();
        EXPECT_TRUE(cancelled) << alg << ": the simulation ran to its end";
        const RunKey small{"ip", alg, 64, 0};
        const RunInputs sin = makeInputs(small);
        EXPECT_EQ(runJudged(*ip, small, sin, 1, {}, kGo).output, referenceOutput(small, sin)) << alg;
    }
}

TEST(AsconIpRunner, RefusesUnsupportedAlgorithmsAndBadOptions) {
    const auto ip = rs::hw::makeIpRunner();
    EXPECT_TRUE(ip->supports("skinny-128-256-ctr")); // the block cores (hw/ip/block/blockip.h)
    EXPECT_TRUE(ip->supports("lea-192-ecb"));
    EXPECT_TRUE(ip->supports("skinny-128-384-ecb")); // CIPHER 3 (issue 21)
    for (const std::string alg : {"lea-128-gcm", "skinny-64-64-ctr", "skinny-128-128-ecb", "ascon-hash256"}) {
        EXPECT_FALSE(ip->supports(alg));
        const RunKey key{"ip", alg, 16, 0};
        EXPECT_NE(errorOf([&] {
                      runJudged(*ip, key, RunInputs{}, 1, {}, kGo);
                  }).find("unsupported algorithm '" + alg),
                  std::string::npos);
    }
    const RunKey key{"ip", "ascon-128", 16, 0};
    const RunInputs in = makeInputs(key);
    for (const std::string bad : {"5", "0", "x", "2.5", ""})
        EXPECT_NE(errorOf([&] {
                      runJudged(*ip, key, in, 1, {{"ip.unroll", bad}}, kGo);
                  }).find("ip.unroll: '" + bad + "' is not a built setting (built: 1, 2, 3, 4, 6, 12)"),
                  std::string::npos)
            << bad;
    EXPECT_NE(errorOf([&] {
                  runJudged(*ip, key, in, 1, {{"ip.precomputed", "yes"}}, kGo);
              }).find("ip.precomputed"),
              std::string::npos);
    for (const std::string bad : {"0", "-5", "fast"})
        EXPECT_NE(errorOf([&] {
                      runJudged(*ip, key, in, 1, {{"ip.clock_mhz", bad}}, kGo);
                  }).find("ip.clock_mhz"),
                  std::string::npos);
    RunInputs shortNonce = in;
    shortNonce.nonce.resize(12);
    EXPECT_NE(errorOf([&] { runJudged(*ip, key, shortNonce, 1, {}, kGo); }).find("nonce"), std::string::npos);
    const std::atomic<bool> stop{true};
    EXPECT_THROW(runJudged(*ip, key, in, 3, {}, stop), Cancelled);
}

TEST(AsconIpRunner, OnlyTheBuildingThreadMayRunIt) {
    const auto ip = rs::hw::makeIpRunner(); // built here, model built lazily by the first run
    const RunKey key{"ip", "ascon-aead128", 16, 0};
    const RunInputs in = makeInputs(key);
    std::string firstError, secondError;
    Bytes firstOutput;
    std::thread([&] {
        try {
            firstOutput = runJudged(*ip, key, in, 1, {}, kGo).output; // this thread builds the model
        } catch (const std::exception& e) {
            firstError = e.what();
        }
    }).join();
    EXPECT_EQ(firstError, "");
    EXPECT_EQ(firstOutput, referenceOutput(key, in));
    try {
        runJudged(*ip, key, in, 1, {}, kGo); // another thread now
    } catch (const RunnerError& e) {
        secondError = e.what();
    }
    EXPECT_NE(secondError.find("another thread"), std::string::npos) << secondError;
}

} // namespace
