// The LEA-128/192/256 and SKINNY-128-256 IP cores, Verilated: every KISA LEA ECB and CTR vector and the
// SKINNY paper vector through the cores at every built rounds-per-clock setting, random keys, blocks and
// CTR lengths against rs_crypto, the clock count against 1 + ceil(rounds / RPC), and the refusals.
#include <gtest/gtest.h>

#include <random>

#include "core/campaign/campaignengine.h"
#include "core/crypto/blockmodes.h"
#include "core/crypto/lea.h"
#include "core/crypto/skinny.h"
#include "hw/ip/asconiprunner.h"
#include "hw/ip/axilite.h"
#include "hw/ip/blockip.h"
#include "hw/ip/roundlink.h"
#include "tests/campaign/runnertest.h"

#include "tests/testsupport.h"
#include <QTemporaryDir>

namespace {

using namespace rs::hw;
using rs::crypto::Bytes;
using rs::crypto::toHex;

std::string leaId(std::size_t keyBytes) {
    return "lea-" + std::to_string(keyBytes * 8);
}

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& v : b)
        v = static_cast<std::uint8_t>(rng());
    return b;
}

TEST(BlockIp, BuiltSettings) {
    EXPECT_EQ(BlockIp::supportedRpc(BlockCore::Lea), (std::vector<int>{1, 4}));
    EXPECT_EQ(BlockIp::supportedRpc(BlockCore::Skinny128_256), (std::vector<int>{1, 4}));
    EXPECT_EQ(blockIpCycles(24, 1), 25u);
    EXPECT_EQ(blockIpCycles(28, 4), 8u);
    EXPECT_EQ(blockIpCycles(48, 4), 13u);
}

TEST(BlockIp, KisaLeaVectorsAtEverySetting) {
    BlockIp ip;
    for (const int rpc : BlockIp::supportedRpc(BlockCore::Lea)) {
        rs::test::forEachKatRecord("lea/lea_kisa_ecb.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
            const Bytes key = r.hex("Key");
            const BlockIpResult res = ip.ecb(leaId(key.size()), key, r.hex("PT"), rpc);
            EXPECT_EQ(toHex(res.output), toHex(r.hex("CT"))) << rpc;
            const int rounds = blockIpAlgorithm(leaId(key.size()))->rounds;
            EXPECT_EQ(res.coreCycles, static_cast<std::uint64_t>(res.blocks) * blockIpCycles(rounds, rpc));
        });
        rs::test::forEachKatRecord("lea/lea_kisa_ctr.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
            const Bytes key = r.hex("Key");
            EXPECT_EQ(toHex(ip.ctr(leaId(key.size()), key, r.hex("IV"), r.hex("PT"), rpc).output),
                      toHex(r.hex("CT")));
        });
    }
}

TEST(BlockIp, SkinnyPaperVectorAndRandomInputsAgainstTheModels) {
    BlockIp ip;
    for (const auto& rec : rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"))) {
        if (rec.text("Algorithm") != "SKINNY-128-256") continue;
        for (const int rpc : BlockIp::supportedRpc(BlockCore::Skinny128_256)) {
            const BlockIpResult r = ip.ecb("skinny-128-256", rec.hex("Tweakey"), rec.hex("PT"), rpc);
            EXPECT_EQ(toHex(r.output), toHex(rec.hex("CT")));
            EXPECT_EQ(r.coreCycles, blockIpCycles(48, rpc));
        }
    }
    std::mt19937 rng(10);
    for (int trial = 0; trial < 40; ++trial) {
        const std::size_t len = rng() % 100;
        const Bytes iv = randomBytes(rng, 16), msg = randomBytes(rng, len), tk = randomBytes(rng, 32);
        const rs::crypto::Skinny skinny(rs::crypto::SkinnyVariant::S128_256, tk);
        for (const int rpc : {1, 4}) {
            EXPECT_EQ(toHex(ip.ctr("skinny-128-256", tk, iv, msg, rpc).output),
                      toHex(rs::crypto::ctrXor(skinny, iv, msg)));
            for (const std::size_t kb : {16u, 24u, 32u}) {
                const Bytes key = randomBytes(rng, kb);
                const rs::crypto::Lea lea(key);
                EXPECT_EQ(toHex(ip.ctr(leaId(kb), key, iv, msg, rpc).output),
                          toHex(rs::crypto::ctrXor(lea, iv, msg)))
                    << kb;
                const Bytes blocks = randomBytes(rng, 32);
                EXPECT_EQ(toHex(ip.ecb(leaId(kb), key, blocks, rpc).output),
                          toHex(rs::crypto::ecbEncrypt(lea, blocks)));
            }
        }
    }
}

TEST(BlockIp, Refusals) {
    BlockIp ip;
    EXPECT_THROW(ip.ecb("lea-128", Bytes(16, 0), Bytes(16, 0), 3), rs::crypto::InvalidArgument); // not built
    EXPECT_THROW(ip.ecb("lea-128", Bytes(24, 0), Bytes(16, 0), 1), rs::crypto::InvalidArgument); // key length
    EXPECT_THROW(ip.ecb("lea-128", Bytes(16, 0), Bytes(15, 0), 1),
                 rs::crypto::InvalidArgument); // partial block
    EXPECT_THROW(ip.ecb("aes-128", Bytes(16, 0), Bytes(16, 0), 1), rs::crypto::InvalidArgument);
    EXPECT_THROW(ip.ctr("skinny-128-256", Bytes(32, 0), Bytes(8, 0), Bytes(16, 0), 1),
                 rs::crypto::InvalidArgument);
    try {
        ip.ecb("skinny-128-256", Bytes(32, 0), Bytes(16, 0), 2);
        FAIL();
    } catch (const rs::crypto::InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("built: 1, 4"), std::string::npos) << e.what();
    }
}

TEST(BlockIp, CampaignTargetIpRunsTheBlockCores) {
    registerIpRunner();
    QTemporaryDir dir;
    rs::campaign::CampaignStore store(dir.filePath(QStringLiteral("c.sqlite")).toStdString());
    const auto spec = rs::campaign::targetSpec("ip", {"lea-128-ecb", "lea-256-ctr", "skinny-128-256-ctr"},
                                               {32, 100}, 1, {{"ip.unroll", "4"}});
    const auto r = rs::campaign::runCampaign(store, spec);
    const auto runs = store.runs(r.campaignId);
    ASSERT_EQ(runs.size(), 6u);
    for (const auto& row : runs) {
        if (row.key.algorithm == "lea-128-ecb" && row.key.messageBytes == 100) {
            EXPECT_FALSE(row.verified); // ECB of a partial block is refused, not guessed
            continue;
        }
        EXPECT_TRUE(row.verified) << row.key.algorithm << ": " << row.failure;
        double core = 0;
        for (const auto& m : row.measurements)
            if (m.metric == "core_cycles") core = m.value;
        const auto alg = blockIpAlgorithm(row.key.algorithm.substr(0, row.key.algorithm.size() - 4));
        ASSERT_TRUE(alg.has_value());
        const double blocks = static_cast<double>((row.key.messageBytes + 15) / 16);
        EXPECT_EQ(core, blocks * static_cast<double>(blockIpCycles(alg->rounds, 4)));
    }
}

TEST(BlockIp, CaptureAndRoundLink) {
    std::mt19937 rng(77);
    for (const int rpc : {1, 4}) {
        for (const std::string alg : {"lea-128", "lea-256", "skinny-128-256"}) {
            SCOPED_TRACE(alg + " rpc " + std::to_string(rpc));
            const bool lea = alg.rfind("lea", 0) == 0;
            const Bytes key = randomBytes(rng, lea ? (alg == "lea-128" ? 16u : 32u) : 32u),
                        pt = randomBytes(rng, 16);
            BlockIp ip;
            rs::waveform::WaveformStore store;
            ip.captureInto(&store);
            const BlockIpResult r = ip.ecb(alg, key, pt, rpc);
            ASSERT_TRUE(store.find("x3").has_value());
            EXPECT_EQ(store.endTick(), r.busClocks); // one tick per bus clock
            EXPECT_DOUBLE_EQ(store.tickSeconds(), 10e-9);
            rs::crypto::Trace trace;
            Bytes out(16);
            if (lea)
                rs::crypto::Lea(key).encryptBlockTraced(pt.data(), out.data(), trace);
            else
                rs::crypto::Skinny(rs::crypto::SkinnyVariant::S128_256, key)
                    .encryptBlockTraced(pt.data(), out.data(), trace);
            EXPECT_EQ(out, r.output);
            const auto links = linkBlockTraceToCycles(trace, store);
            ASSERT_EQ(links.size(), trace.steps.size());
            // The register holds the input and the state after every RPC-th round, in order.
            const int rounds = blockIpAlgorithm(alg)->rounds;
            int exact = 0;
            std::optional<rs::waveform::Tick> last;
            for (const auto& l : links) {
                if (!l.exact) continue;
                ++exact;
                if (last) {
                    EXPECT_GT(*l.cycle, *last);
                }
                last = l.cycle;
            }
            EXPECT_EQ(exact, 1 + rounds / rpc);
            EXPECT_TRUE(links.back().exact);  // the output
            EXPECT_TRUE(links.front().exact); // the input block
        }
    }
    rs::crypto::Trace ascon;
    ascon.layout.name = "ascon-320";
    rs::waveform::WaveformStore empty;
    EXPECT_THROW(linkBlockTraceToCycles(ascon, empty), std::invalid_argument);
}

} // namespace
