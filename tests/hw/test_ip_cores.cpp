// One shape for IP cores (issue 31, item 3): the registry's cores claim oracle operations, each exactly once,
// and nothing else; their settings are the ones Verilated into this build; every core runs every operation it
// claims on the oracle's inputs, judged by the oracle, with its clocks beside its formula and its capture;
// and a toy core is its folder plus one registration: the campaign target "ip" runs it, maps ip.<setting> to
// its settings and refuses what it was not built with, and forgets it when it is removed.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <set>

#include "core/campaign/runner.h"
#include "core/oracle/algorithms.h"
#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"
#include "core/waveform/waveformfile.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/asconipdevice.h"
#include "hw/ip/block/blockip.h"
#include "hw/ip/ipcores.h"
#include "hw/ip/iprunner.h"
#include "hw/ip/mldsa/mldsaip.h"
#include "tests/hw/toyip/toyipcore.h"

namespace {

using namespace rs::hw;
using rs::campaign::RunKey;
using rs::campaign::RunnerError;

const std::atomic<bool> kGo{false};

/** A size every operation of the registry takes: whole blocks, one ML-DSA polynomial. */
std::uint64_t messageBytes(const std::string& op) {
    return rs::oracle::operation(op).mldsa != nullptr ? 1024 : 48;
}

std::string runnerError(const std::function<void()>& f) {
    try {
        f();
    } catch (const RunnerError& e) {
        return e.what();
    }
    return "(no RunnerError)";
}

TEST(IpCores, TheRegistryClaimsOracleOperationsEachOnce) {
    EXPECT_EQ(ipCoreIds(), (std::vector<std::string>{"ascon", "block", "mldsa"}));
    // What the cores claim is what the oracle names: the Ascon AEADs, LEA-128/192/256 and SKINNY-128-256/384
    // in ECB and CTR, the ML-DSA ring operations.
    std::set<std::string> want;
    for (const rs::crypto::AsconAeadVariant v : ipVariants())
        want.insert(ipVariantId(v));
    for (const std::string& b : {"lea-128", "lea-192", "lea-256", "skinny-128-256", "skinny-128-384"})
        for (const char* mode : {"-ecb", "-ctr"})
            want.insert(b + mode);
    for (const std::string& m : rs::oracle::mldsaIds())
        want.insert(m);
    const std::vector<std::string> ops = ipOperations();
    EXPECT_EQ(std::set<std::string>(ops.begin(), ops.end()), want);
    EXPECT_EQ(ops.size(), want.size()) << "an operation is claimed twice";
    for (const std::string& op : ops) {
        EXPECT_TRUE(rs::oracle::findOperation(op).has_value()) << op;
        ASSERT_NE(ipCoreFor(op), nullptr) << op;
    }
    EXPECT_EQ(ipCoreFor("ascon-aead128")->id(), "ascon");
    EXPECT_EQ(ipCoreFor("skinny-128-384-ctr")->id(), "block");
    EXPECT_EQ(ipCoreFor("mldsa-pwm")->id(), "mldsa");
    for (const std::string op : {"lea-128-gcm", "skinny-128-128-ecb", "skinny-64-64-ctr", "ascon-hash256"})
        EXPECT_EQ(ipCoreFor(op), nullptr) << op;
    // The block IP's ciphers, key lengths and rounds are the oracle's rows.
    for (const std::string& id : blockIpAlgorithms()) {
        const auto* row = rs::oracle::findBlock(id);
        ASSERT_NE(row, nullptr);
        EXPECT_EQ(blockIpAlgorithm(id)->keyBytes, row->keyBytes) << id;
        EXPECT_EQ(blockIpAlgorithm(id)->rounds, row->standardRounds) << id;
    }
}

TEST(IpCores, TheirSettingsAreTheBuiltOnes) {
    const auto ascon = ipCoreInfo("ascon");
    const std::vector<IpSetting> a = ascon->settings("ascon-128a");
    ASSERT_EQ(a.size(), 2u);
    EXPECT_EQ(a[0].name, "unroll");
    EXPECT_EQ(a[0].values, AsconIpDevice::supportedUnrolls());
    EXPECT_EQ(a[0].defaultValue, 1);
    EXPECT_EQ(a[1].name, "precomputed");
    EXPECT_TRUE(a[1].flag);
    const std::vector<IpSetting> b = ipCoreInfo("block")->settings("skinny-128-384-ctr");
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(b[0].name, "unroll");
    EXPECT_EQ(b[0].values, BlockIp::supportedRpc(BlockCore::Skinny128_384));
    const std::vector<IpSetting> m = ipCoreInfo("mldsa")->settings("mldsa-ntt");
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0].name, "butterflies");
    EXPECT_EQ(m[0].values, MlDsaIp::supportedButterflies());
    EXPECT_EQ(m[0].defaultValue, 2);
    EXPECT_TRUE(ascon->settings("mldsa-ntt").empty()); // not its operation
    // Defaults filled in; a value not built or a setting the core lacks is refused by name.
    EXPECT_EQ(resolveSettings(*ascon, "ascon-128", {{"unroll", 6}}),
              (IpSettings{{"unroll", 6}, {"precomputed", 0}}));
    try {
        resolveSettings(*ipCoreInfo("mldsa"), "mldsa-ntt", {{"butterflies", 3}});
        ADD_FAILURE() << "B = 3 was accepted";
    } catch (const IpSettingError& e) {
        EXPECT_STREQ(e.what(), "butterflies: '3' is not a built setting of the ML-DSA unit (built: 1, 2, 4)");
    }
    EXPECT_THROW(resolveSettings(*ascon, "ascon-128", {{"butterflies", 2}}), IpSettingError);
}

TEST(IpCores, EveryCoreRunsEveryOperationItClaimsAsTheOracleSays) {
    IpCoreSet cores;
    for (const std::string& op : ipOperations()) {
        IpCore* core = cores.coreFor(op);
        ASSERT_NE(core, nullptr) << op;
        const rs::oracle::Operation o = rs::oracle::operation(op);
        const rs::oracle::Inputs in = rs::oracle::makeInputs(op, messageBytes(op), 5);
        rs::waveform::WaveformStore store;
        IpCapture capture;
        capture.store = &store;
        const IpRunResult r = core->run(o, in, resolveSettings(*core, op, {}), &capture);
        EXPECT_TRUE(rs::oracle::verify(r.output, rs::oracle::referenceOutput(o, in))) << op;
        EXPECT_GT(r.coreClocks, 0u) << op;
        EXPECT_GT(r.busClocks, r.coreClocks) << op; // the bus around the core
        ASSERT_TRUE(r.formulaCoreClocks.has_value()) << op;
        if (r.formulaExact) EXPECT_EQ(r.coreClocks, *r.formulaCoreClocks) << op;
        EXPECT_TRUE(r.fault.empty()) << op;
        EXPECT_GE(store.endTick(), r.busClocks) << op << ": every clock captured";
    }
}

TEST(IpCores, EveryCoreWritesItsCaptureAsVcd) {
    QTemporaryDir dir;
    IpCoreSet cores;
    for (const std::string op : {"ascon-aead128", "lea-128-ctr", "mldsa-intt"}) {
        IpCore* core = cores.coreFor(op);
        IpCapture capture;
        capture.vcdPath = dir.filePath(QString::fromStdString(op + ".vcd")).toStdString();
        const rs::oracle::Inputs in = rs::oracle::makeInputs(op, messageBytes(op), 0);
        core->run(rs::oracle::operation(op), in, resolveSettings(*core, op, {}), &capture);
        ASSERT_TRUE(std::filesystem::exists(capture.vcdPath)) << op;
        EXPECT_GT(rs::waveform::readWaveformFile(capture.vcdPath).endTick(), 0u) << op;
    }
}

TEST(IpCores, AToyCoreIsItsFolderPlusOneRegistration) {
    const std::string op = rs::test::kToyIpOperation;
    const auto runner = makeIpRunner();
    ASSERT_FALSE(runner->supports(op));
    registerIpCore("toy", rs::test::makeToyIpCore); // the one registration
    EXPECT_EQ(ipCoreIds().back(), "toy");
    EXPECT_EQ(ipCoreFor(op)->id(), "toy");
    // The one runner of target "ip" runs it: ip.unroll is the toy's setting, the oracle judges its output.
    EXPECT_TRUE(runner->supports(op));
    const RunKey key{"ip", op, 64, 0};
    const rs::oracle::Inputs in = rs::oracle::makeInputs(op, 64, 0);
    rs::oracle::OutputJudge judge(rs::oracle::referenceOutput(rs::oracle::operation(op), in));
    const rs::campaign::RunOutput out = runner->run(key, in, 3, {{"ip.unroll", "2"}}, kGo, judge);
    EXPECT_TRUE(judge.ok()) << *judge.failure();
    EXPECT_EQ(judge.count(), 1); // its clocks are exact: simulated once
    EXPECT_EQ(out.parameters.at("ip.unroll"), "2");
    EXPECT_EQ(out.parameters.at("core"), "toy");
    const auto cycles = std::find_if(out.measurements.begin(), out.measurements.end(),
                                     [](const auto& m) { return m.metric == "core_cycles"; });
    ASSERT_NE(cycles, out.measurements.end());
    EXPECT_EQ(cycles->value, 4 * (1 + 20)); // 4 blocks of SKINNY-128-128's 40 rounds at 2 per clock
    EXPECT_EQ(runnerError([&] {
                  runner->run(key, in, 1, {{"ip.unroll", "3"}}, kGo, judge);
              }),
              "ip.unroll: '3' is not a built setting of the toy core (built: 1, 2, 4)");
    // Removed, it is gone from the runner too.
    registerIpCore("toy", {});
    EXPECT_FALSE(runner->supports(op));
    EXPECT_EQ(ipCoreIds(), (std::vector<std::string>{"ascon", "block", "mldsa"}));
}

} // namespace
