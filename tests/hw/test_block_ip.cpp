// The LEA-128/192/256, SKINNY-128-256 and SKINNY-128-384 IP cores, Verilated: every KISA LEA ECB and CTR
// vector and the SKINNY paper vectors through the cores at every built rounds-per-clock setting, random keys,
// blocks and CTR lengths against rs_crypto, the clock count against 1 + ceil(rounds / RPC), the register
// map's cipher-specific part (INFO, KEY8..11) and the refusals.
#include <gtest/gtest.h>

#include <random>

#include "core/campaign/campaignengine.h"
#include "core/crypto/blockmodes.h"
#include "core/crypto/lea.h"
#include "core/crypto/skinny.h"
#include "hw/ip/block/blockip.h"
#include "hw/ip/block/blockmodels.h"
#include "hw/ip/bus/axilite.h"
#include "hw/ip/iprunner.h"
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
    EXPECT_EQ(BlockIp::supportedRpc(BlockCore::Skinny128_384), (std::vector<int>{1, 4}));
    EXPECT_EQ(blockIpCycles(24, 1), 25u);
    EXPECT_EQ(blockIpCycles(28, 4), 8u);
    EXPECT_EQ(blockIpCycles(48, 4), 13u);
    EXPECT_EQ(blockIpCycles(56, 1), 57u);
    EXPECT_EQ(blockIpCycles(56, 4), 15u);
    const auto s384 = blockIpAlgorithm("skinny-128-384");
    ASSERT_TRUE(s384.has_value());
    EXPECT_EQ(s384->core, BlockCore::Skinny128_384);
    EXPECT_EQ(s384->keyBytes, 48u);
    EXPECT_EQ(s384->rounds, 56);
}

TEST(BlockIp, InfoNamesTheCipherAndKey8To11AreSkinny384s) {
    // INFO = {version 1, 0, CIPHER, RPC}; KEY8..11 (0x80-0x8C, TK3) exist only in the CIPHER 3 build.
    for (const auto& [cipher, rpc] : detail::builtBlockModels()) {
        SCOPED_TRACE("cipher " + std::to_string(cipher) + " rpc " + std::to_string(rpc));
        const auto m = detail::makeBlockModel(cipher, rpc);
        ASSERT_TRUE(m);
        AxiLiteMaster bus(*m);
        EXPECT_EQ(bus.read(0x28),
                  (1u << 24) | (static_cast<std::uint32_t>(cipher) << 8) | static_cast<std::uint32_t>(rpc));
        for (std::uint8_t a = 0x80; a <= 0x8c; a += 4) {
            std::uint32_t data = 1;
            if (cipher == 3) {
                EXPECT_EQ(bus.writeResp(a, 0x12345678), kAxiOkay);
                EXPECT_EQ(bus.readResp(a, &data), kAxiOkay); // write-only: reads 0
                EXPECT_EQ(data, 0u);
            } else {
                EXPECT_EQ(bus.writeResp(a, 0x12345678), kAxiSlvErr);
                EXPECT_EQ(bus.readResp(a, &data), kAxiSlvErr);
            }
        }
        std::uint32_t data = 0;
        EXPECT_EQ(bus.writeResp(0x90, 1), kAxiSlvErr); // past KEY11: unmapped for every cipher
        EXPECT_EQ(bus.readResp(0x90, &data), kAxiSlvErr);
    }
    EXPECT_EQ(detail::makeBlockModel(3, 2), nullptr); // not built
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

TEST(BlockIp, SkinnyPaperVectorsAtEverySetting) {
    BlockIp ip;
    int checked = 0;
    for (const auto& rec : rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"))) {
        const std::string name = rec.text("Algorithm");
        if (name != "SKINNY-128-256" && name != "SKINNY-128-384") continue;
        const std::string id = name == "SKINNY-128-256" ? "skinny-128-256" : "skinny-128-384";
        const BlockIpAlgorithm alg = *blockIpAlgorithm(id);
        ASSERT_EQ(rec.hex("Tweakey").size(), alg.keyBytes);
        ASSERT_EQ(std::stoi(rec.text("Rounds")), alg.rounds);
        for (const int rpc : BlockIp::supportedRpc(alg.core)) {
            const BlockIpResult r = ip.ecb(id, rec.hex("Tweakey"), rec.hex("PT"), rpc);
            EXPECT_EQ(toHex(r.output), toHex(rec.hex("CT"))) << id << " rpc " << rpc;
            EXPECT_EQ(r.coreCycles, blockIpCycles(alg.rounds, rpc)); // 49 / 13, 57 / 15
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4); // one vector per size, RPC 1 and 4
}

TEST(BlockIp, Skinny384RandomInputsAgainstTheModel) {
    BlockIp ip;
    std::mt19937 rng(384);
    for (int trial = 0; trial < 30; ++trial) {
        const std::size_t len = rng() % 100;
        const Bytes iv = randomBytes(rng, 16), msg = randomBytes(rng, len), tk = randomBytes(rng, 48),
                    blocks = randomBytes(rng, 48);
        const rs::crypto::Skinny skinny(rs::crypto::SkinnyVariant::S128_384, tk);
        for (const int rpc : BlockIp::supportedRpc(BlockCore::Skinny128_384)) {
            SCOPED_TRACE("trial " + std::to_string(trial) + " rpc " + std::to_string(rpc));
            EXPECT_EQ(toHex(ip.ctr("skinny-128-384", tk, iv, msg, rpc).output),
                      toHex(rs::crypto::ctrXor(skinny, iv, msg)));
            const BlockIpResult r = ip.ecb("skinny-128-384", tk, blocks, rpc);
            EXPECT_EQ(toHex(r.output), toHex(rs::crypto::ecbEncrypt(skinny, blocks)));
            EXPECT_EQ(r.coreCycles, 3 * blockIpCycles(56, rpc));
        }
    }
}

TEST(BlockIp, RandomInputsAgainstTheModels) {
    BlockIp ip;
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
    // SKINNY-128-384 takes the whole 48-byte tweakey: SKINNY-128-256's 32 bytes (or 64) are refused.
    for (const std::size_t kb : {0u, 32u, 47u, 64u})
        EXPECT_THROW(ip.ecb("skinny-128-384", Bytes(kb, 0), Bytes(16, 0), 1), rs::crypto::InvalidArgument)
            << kb;
    EXPECT_THROW(ip.ecb("skinny-128-256", Bytes(48, 0), Bytes(16, 0), 1), rs::crypto::InvalidArgument);
    EXPECT_THROW(ip.ecb("skinny-128-384", Bytes(48, 0), Bytes(17, 0), 1), rs::crypto::InvalidArgument);
    EXPECT_THROW(ip.ecb("skinny-128-128", Bytes(16, 0), Bytes(16, 0), 1), rs::crypto::InvalidArgument);
    for (const char* alg : {"skinny-128-256", "skinny-128-384"}) {
        const std::size_t kb = blockIpAlgorithm(alg)->keyBytes;
        try {
            ip.ecb(alg, Bytes(kb, 0), Bytes(16, 0), 2);
            FAIL() << alg;
        } catch (const rs::crypto::InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find("built: 1, 4"), std::string::npos) << e.what();
        }
    }
}

TEST(BlockIp, CampaignTargetIpRunsTheBlockCores) {
    registerIpRunner();
    QTemporaryDir dir;
    rs::campaign::CampaignStore store(dir.filePath(QStringLiteral("c.sqlite")).toStdString());
    const auto spec = rs::campaign::targetSpec(
        "ip",
        {"lea-128-ecb", "lea-256-ctr", "skinny-128-256-ctr", "skinny-128-384-ecb", "skinny-128-384-ctr"},
        {32, 100}, 1, {{"ip.unroll", "4"}});
    const auto r = rs::campaign::runCampaign(store, spec);
    const auto runs = store.runs(r.campaignId);
    ASSERT_EQ(runs.size(), 10u);
    for (const auto& row : runs) {
        const bool ecb = row.key.algorithm.size() > 4 &&
                         row.key.algorithm.compare(row.key.algorithm.size() - 4, 4, "-ecb") == 0;
        if (ecb && row.key.messageBytes == 100) {
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
        for (const std::string alg : {"lea-128", "lea-256", "skinny-128-256", "skinny-128-384"}) {
            SCOPED_TRACE(alg + " rpc " + std::to_string(rpc));
            const bool lea = alg.rfind("lea", 0) == 0;
            const Bytes key = randomBytes(rng, blockIpAlgorithm(alg)->keyBytes), pt = randomBytes(rng, 16);
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
                rs::crypto::Skinny(alg == "skinny-128-256" ? rs::crypto::SkinnyVariant::S128_256
                                                           : rs::crypto::SkinnyVariant::S128_384,
                                   key)
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
