// The RV32 back end under QEMU (installed by .ci/setup, so these run in CI): every kernel of both images
// against the official vectors (KISA LEA ECB/CTR/GCM, the SKINNY paper vector, Ascon-AEAD128 KAT records)
// through the real emulator, random lengths against the C++ model, the counter carry, paper 003's
// orderings, the campaign targets, and every error path. Spike cases skip with a message where Spike is
// absent.
#include <gtest/gtest.h>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <set>
#include <tuple>

#include "core/campaign/campaignengine.h"
#include "core/oracle/operation.h"
#include "riscv/papers/paper003.h"
#include "riscv/runner/riscvprogram.h"
#include "riscv/runner/riscvrunner.h"
#include "tests/campaign/runnertest.h"
#include "tests/testsupport.h"

namespace {

using namespace rs::riscv;
using rs::crypto::Bytes;
using rs::crypto::toHex;

RiscvResult run(const std::string& kernel, const Bytes& key, const Bytes& nonce, const Bytes& ad,
                const Bytes& msg, const std::string& isa = "rv32im", bool verify = true) {
    RiscvRequest r;
    r.kernel = kernel, r.key = key, r.nonce = nonce, r.ad = ad, r.message = msg, r.isa = isa;
    return runKernel(r, nullptr, verify);
}

std::string rvError(const std::function<void()>& f) {
    try {
        f();
    } catch (const RiscvError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no RiscvError";
    return {};
}

TEST(RiscvKernels, EveryKernelRunsOnBothImagesAndNamesItself) {
    for (const char* isa : {"rv32im", "rv32i"})
        for (const RiscvKernel& k : kernels()) {
            RiscvRequest r = requestFor(k.id, 48, 5);
            r.isa = isa;
            const RiscvResult res = runKernel(r);
            EXPECT_EQ(res.kernel, k.id);
            EXPECT_EQ(res.isa, isa);
            EXPECT_EQ(res.sim, "qemu");
            EXPECT_TRUE(res.verified);
            EXPECT_GT(res.instructions, 100u);
            EXPECT_FALSE(res.phases.empty());
        }
}

TEST(RiscvKernels, KisaLeaEcbAndCtrVectorsThroughEveryVariant) {
    int ctr = 0, ecb = 0;
    rs::test::forEachKatRecord("lea/lea_kisa_ctr.txt", 30, "Source", [&](const rs::core::KatRecord& rec) {
        if (rec.hex("Key").size() != 16) return; // the RV32 kernels are LEA-128
        for (const char* k :
             {"lea-128-ctr-c", "lea-128-ctr-asm", "lea-128-ctr-pre", "lea-128-ctr-pre-fixed"}) {
            const RiscvResult r = run(k, rec.hex("Key"), rec.hex("IV"), {}, rec.hex("PT"), "rv32im", false);
            EXPECT_EQ(toHex(r.output), toHex(rec.hex("CT"))) << k;
            ++ctr;
        }
    });
    rs::test::forEachKatRecord("lea/lea_kisa_ecb.txt", 30, "Source", [&](const rs::core::KatRecord& rec) {
        if (rec.hex("Key").size() != 16) return;
        EXPECT_EQ(toHex(run("lea-128-ecb-c", rec.hex("Key"), {}, {}, rec.hex("PT"), "rv32i", false).output),
                  toHex(rec.hex("CT")));
        ++ecb;
    });
    EXPECT_EQ(ctr, 40);
    EXPECT_EQ(ecb, 10);
}

TEST(RiscvKernels, KisaLeaGcmVectorsThroughBothGhashVariants) {
    int checked = 0;
    rs::test::forEachKatRecord("lea/lea_kisa_gcm.txt", 30, "Source", [&](const rs::core::KatRecord& rec) {
        if (rec.hex("Key").size() != 16) return;
        Bytes want = rec.hex("CT");
        const Bytes tag = rec.hex("Tag");
        want.insert(want.end(), tag.begin(), tag.end());
        for (const char* k : {"lea-128-gcm", "lea-128-gcm-table"}) {
            const RiscvResult r =
                run(k, rec.hex("Key"), rec.hex("IV"), rec.hex("AAD"), rec.hex("PT"), "rv32im", false);
            EXPECT_EQ(toHex(r.output), toHex(want)) << k;
            ++checked;
        }
    });
    EXPECT_EQ(checked, 20);
}

TEST(RiscvKernels, SkinnyPaperVectorAndAsconKatRecords) {
    for (const auto& rec : rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"))) {
        if (rec.text("Algorithm") != "SKINNY-128-256") continue;
        EXPECT_EQ(
            toHex(
                run("skinny-128-256-ecb", rec.hex("Tweakey"), {}, {}, rec.hex("PT"), "rv32im", false).output),
            toHex(rec.hex("CT")));
    }
    // Every 32nd record of the 1089 (all AD and message lengths 0..32 in turn), through the emulator.
    int checked = 0;
    rs::test::forEachKatRecord(
        "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt", 1089, "Count", [&](const rs::core::KatRecord& rec) {
            if (std::stoi(rec.text("Count")) % 32 != 1) return;
            const RiscvResult r = run("ascon-aead128", rec.hex("Key"), rec.hex("Nonce"), rec.hex("AD"),
                                      rec.hex("PT"), "rv32i", false);
            EXPECT_EQ(toHex(r.output), toHex(rec.hex("CT")));
            ++checked;
        });
    EXPECT_EQ(checked, 35);
}

TEST(RiscvKernels, RandomLengthsAndTheCounterCarryMatchTheModel) {
    for (const RiscvKernel& k : kernels())
        for (const std::uint64_t n : {0u, 1u, 15u, 16u, 17u, 100u, 1000u}) {
            if (k.algorithm.find("-ecb") != std::string::npos && n % 16) continue;
            EXPECT_TRUE(runKernel(requestFor(k.id, n, n % 19)).verified) << k.id << " " << n;
        }
    // The low counter word wraps inside the message: the carry reaches bytes 0..11 (and the
    // precomputation is redone) exactly as rs::crypto::ctrXor increments the whole block.
    for (const char* k : {"lea-128-ctr-c", "lea-128-ctr-asm", "lea-128-ctr-pre", "lea-128-ctr-pre-fixed"}) {
        RiscvRequest r = requestFor(k, 80, 0);
        std::fill(r.nonce.begin() + 10, r.nonce.end(), 0xff);
        EXPECT_TRUE(runKernel(r).verified) << k;
    }
}

TEST(RiscvKernels, TheKernelTableSaysWhatEachComputesAndWhatACampaignRuns) {
    // One row per kernel: the operation it computes is a registry operation, and the kernel a campaign
    // runs for an operation is the row marked so (the fastest of paper 003's variants), else its only one.
    std::set<std::string> operations;
    for (const RiscvKernel& k : kernels()) {
        EXPECT_TRUE(rs::oracle::findOperation(k.algorithm).has_value()) << k.id;
        operations.insert(k.algorithm);
    }
    for (const std::string& op : operations) {
        const std::vector<const RiscvKernel*> all = kernelsFor(op);
        int marked = 0;
        for (const RiscvKernel* k : all)
            marked += k->campaignDefault;
        EXPECT_LE(marked, 1) << op;
        EXPECT_TRUE(marked == 1 || all.size() == 1) << op << ": several kernels and none marked";
    }
    EXPECT_EQ(defaultKernel("lea-128-ctr")->id, "lea-128-ctr-pre-fixed");
    EXPECT_EQ(defaultKernel("lea-128-gcm")->id, "lea-128-gcm-table");
    EXPECT_EQ(defaultKernel("skinny-128-256-ctr")->id, "skinny-128-256-ctr");
    EXPECT_EQ(defaultKernel("lea-192-ctr"), nullptr);
    EXPECT_TRUE(kernelsFor("lea-192-ctr").empty());
}

TEST(RiscvKernels, Paper003RowsAreItsPresetsOperationsThroughTheKernelTable) {
    // The rows the CLI and the page run: the preset's CTR operation's kernels at 64 bytes, then its AEAD's
    // kernels at the preset's sizes with its 16 bytes of AD (no simulator needed to list them).
    const std::vector<RiscvRequest> rows = paper003Requests("spike", "rv32i");
    const std::vector<std::tuple<std::string, std::size_t, std::size_t>> expected = {
        {"lea-128-ctr-c", 64, 0},         {"lea-128-ctr-asm", 64, 0},    {"lea-128-ctr-pre", 64, 0},
        {"lea-128-ctr-pre-fixed", 64, 0}, {"lea-128-gcm", 16, 16},       {"lea-128-gcm", 64, 16},
        {"lea-128-gcm", 128, 16},         {"lea-128-gcm-table", 16, 16}, {"lea-128-gcm-table", 64, 16},
        {"lea-128-gcm-table", 128, 16}};
    ASSERT_EQ(rows.size(), expected.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& [kernel, bytes, ad] = expected[i];
        EXPECT_EQ(rows[i].kernel, kernel) << i;
        EXPECT_EQ(rows[i].message.size(), bytes) << i;
        EXPECT_EQ(rows[i].ad.size(), ad) << i;
        EXPECT_EQ(rows[i].sim, "spike");
        EXPECT_EQ(rows[i].isa, "rv32i");
        const RiscvRequest same = requestFor(kernel, bytes, ad); // the oracle's inputs, as a campaign's
        EXPECT_EQ(rows[i].key, same.key);
        EXPECT_EQ(rows[i].message, same.message);
    }
    std::vector<std::string> ctr;
    for (const RiscvKernel* k : paper003CtrKernels())
        ctr.push_back(k->id);
    EXPECT_EQ(ctr, (std::vector<std::string>{"lea-128-ctr-c", "lea-128-ctr-asm", "lea-128-ctr-pre",
                                             "lea-128-ctr-pre-fixed"}));
}

TEST(RiscvKernels, Paper003OrderingsHold) {
    const Paper003 t = paper003("qemu", "rv32im");
    ASSERT_EQ(t.ctr.size(), 4u);
    ASSERT_EQ(t.gcm.size(), 6u);
    // C reference > plain assembly > precomputed > precomputed + fixed registers, per block.
    for (std::size_t i = 0; i + 1 < t.ctr.size(); ++i)
        EXPECT_GT(*t.ctr[i].perBlock, *t.ctr[i + 1].perBlock) << t.ctr[i].kernel;
    // Fixed registers remove the four moves of every round from round 5 on (20 rounds), round 4's too.
    EXPECT_EQ(*t.ctr[2].perBlock - *t.ctr[3].perBlock, 21u * 4u);
    const std::uint64_t sizes[3] = {16, 64, 128};
    for (std::size_t i = 0; i < 3; ++i) {
        const auto phase = [](const RiscvResult& r, const std::string& n) {
            for (const auto& [name, v] : r.phases)
                if (name == n) return v;
            ADD_FAILURE() << "no phase " << n;
            return std::uint64_t(0);
        };
        EXPECT_GT(phase(t.gcm[i], "gf_mult"), 3 * phase(t.gcm[3 + i], "gf_mult")); // tables beat bit-serial
        EXPECT_EQ(phase(t.gcm[i], "ctr"), phase(t.gcm[3 + i], "ctr"));             // same CTR
        EXPECT_EQ(t.gcm[i].bytes, sizes[i]);
        EXPECT_EQ(t.gcm[i].adBytes, 16u);
    }
}

TEST(RiscvErrors, EveryBadInputSaysWhy) {
    EXPECT_EQ(rvError([] { imagePath("rv64"); }), "isa: expected rv32im or rv32i, got 'rv64'");
    EXPECT_NE(rvError([] { requestFor("aes", 16, 0); }).find("kernel: unknown 'aes'"), std::string::npos);
    RiscvRequest big = requestFor("lea-128-ctr-c", 16, 0);
    big.message.resize(70000);
    EXPECT_NE(rvError([&] { runKernel(big); }).find("the image holds 65536"), std::string::npos);
    EXPECT_NE(rvError([] {
                  patchImage(std::vector<char>(100, 'x'), requestFor("lea-128-ctr-c", 16, 0));
              }).find("not a 32-bit little-endian ELF"),
              std::string::npos);
    // The program's own checks: ECB of a partial block, GCM with a 16-byte IV.
    RiscvRequest ecb = requestFor("lea-128-ecb-c", 16, 0);
    ecb.message.resize(20);
    EXPECT_EQ(rvError([&] { runKernel(ecb); }),
              "the program refused the run: ECB needs whole 16-byte blocks");
    RiscvRequest gcm = requestFor("lea-128-gcm", 16, 0);
    gcm.nonce.resize(16);
    EXPECT_EQ(rvError([&] { runKernel(gcm); }), "the program refused the run: GCM takes a 12-byte IV here");
    // A wrong answer is caught: the model's output for other inputs.
    RiscvRequest wrong = requestFor("ascon-aead128", 16, 0);
    RiscvResult res = runKernel(wrong);
    wrong.key[0] ^= 1;
    const RiscvResult other = runKernel(wrong, nullptr, false);
    EXPECT_NE(toHex(other.output), toHex(res.output));
    EXPECT_EQ(rvError([] { simulatorPath("bochs"); }), "sim: expected qemu or spike, got 'bochs'");
}

TEST(RiscvErrors, AnUnpatchedImageRefusesToRun) {
    // The image as built holds no parameters: it must say so and exit 2 instead of running made-up inputs.
    QProcess p;
    p.start(QString::fromStdString(simulatorPath("qemu")),
            {QStringLiteral("-M"), QStringLiteral("virt"), QStringLiteral("-bios"), QStringLiteral("none"),
             QStringLiteral("-nographic"), QStringLiteral("-kernel"),
             QString::fromStdString(imagePath("rv32im"))});
    ASSERT_TRUE(p.waitForFinished(30000));
    EXPECT_EQ(p.exitCode(), 2);
    EXPECT_EQ(p.readAllStandardOutput().trimmed().toStdString(),
              R"j({"error":"no parameters (the host did not patch .rsparams)"})j");
}

TEST(RiscvSpike, RunsWhenSpikeIsPresent) {
    std::string why;
    try {
        simulatorPath("spike");
    } catch (const RiscvError& e) {
        why = e.what();
    }
    if (!why.empty()) GTEST_SKIP() << why;
    RiscvRequest r = requestFor("lea-128-ctr-pre-fixed", 64, 0);
    r.sim = "spike";
    const RiscvResult res = runKernel(r);
    EXPECT_EQ(res.sim, "spike");
    EXPECT_TRUE(res.verified);
}

TEST(RiscvCampaign, TheTargetsDeclareTheirSimulatorAndSimulatedFigures) {
    registerRiscvRunners();
    for (const std::string sim : {"qemu", "spike"}) {
        const auto d = rs::campaign::findTarget("riscv-" + sim);
        ASSERT_TRUE(d.has_value()) << sim;
        EXPECT_EQ(d->figures, rs::campaign::Figures::Simulated);
        EXPECT_EQ(rs::campaign::claimedOperations(*d),
                  rs::campaign::supportedOperations(*makeRiscvRunner(sim)));
        // Its tool: the simulator and the rv32im image, found as a run finds them.
        std::string why;
        try {
            simulatorPath(sim);
            imagePath("rv32im");
        } catch (const RiscvError& e) {
            why = e.what();
        }
        EXPECT_EQ(rs::campaign::toolAbsent(*d).value_or(""), why) << sim;
    }
}

TEST(RiscvCampaign, QemuTargetVerifiesAndCountsInstructions) {
    registerRiscvRunners();
    QTemporaryDir dir;
    rs::campaign::CampaignStore store(dir.filePath(QStringLiteral("c.sqlite")).toStdString());
    rs::campaign::CampaignSpec spec = rs::campaign::presetSpec("paper003");
    spec.targets = {"riscv-qemu", "riscv-spike"};
    spec.options = {{"riscv-qemu.isa", "rv32i"}};
    const auto result = rs::campaign::runCampaign(store, spec);
    const auto runs = store.runs(result.campaignId);
    ASSERT_EQ(runs.size(), 12u);
    bool spike = true;
    try {
        simulatorPath("spike");
    } catch (const RiscvError&) {
        spike = false;
    }
    for (const auto& row : runs) {
        if (row.key.target == "riscv-spike" && !spike) {
            EXPECT_FALSE(row.verified);
            EXPECT_NE(row.failure.find("Spike not found"), std::string::npos) << row.failure;
            continue;
        }
        EXPECT_TRUE(row.verified) << row.failure;
        bool instructions = false;
        for (const auto& m : row.measurements)
            instructions =
                instructions || (m.metric == "instructions" && m.unit == "instructions" && m.value > 0);
        EXPECT_TRUE(instructions);
        for (const auto& m : row.measurements)
            EXPECT_EQ(m.unit.find("cycle"), std::string::npos) << m.metric; // never cycles
    }
    const auto bad = makeRiscvRunner("qemu");
    const std::atomic<bool> no{false};
    const rs::campaign::RunKey key{"riscv-qemu", "lea-128-ctr", 16, 0};
    EXPECT_THROW(
        runJudged(*bad, key, rs::campaign::makeInputs(key), 1, {{"riscv-qemu.kernel", "lea-128-gcm"}}, no),
        rs::campaign::RunnerError);
    EXPECT_FALSE(bad->supports("ascon-128"));
    EXPECT_TRUE(bad->supports("lea-128-gcm"));
}

} // namespace

namespace {

TEST(RiscvBuild, ImagesBuildFromTheSourcesAndAreUsed) {
    QTemporaryDir dir;
    const std::string log = buildImages(dir.path().toStdString());
    EXPECT_NE(log.find("rv32im: "), std::string::npos) << log;
    EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("roundscope-rv32i.elf"))));
    EXPECT_EQ(imagePath("rv32im"), dir.filePath(QStringLiteral("roundscope-rv32im.elf")).toStdString());
    EXPECT_TRUE(runKernel(requestFor("lea-128-ctr-pre", 32, 0)).verified);
    // A folder that cannot be created is an error, not a crash.
    EXPECT_THROW(buildImages("/proc/roundscope-cannot-write-here"), RiscvError);
}

} // namespace
