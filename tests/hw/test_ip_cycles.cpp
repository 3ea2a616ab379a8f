// Measured clocks equal the documented formula (hw/CYCLES.md, hw/ip/ascon/asconipcycles.h) for every variant,
// every Verilated unroll setting, full and precomputed mode, encryption and decryption: per phase
// (probe counts and the CYC_* registers), in AXI transactions and in total bus clocks.
#include "tests/hw/hwtest.h"

#include <tuple>

#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/asconipcycles.h"
#include "hw/ip/ascon/ipregisters.h"
#include "hw/ip/bus/axilite.h"
#include "hw/ip/bus/buswords.h"

namespace {

using rs::crypto::Bytes;

class AsconIpCycles : public testing::TestWithParam<int> {};

TEST_P(AsconIpCycles, MeasuredClocksEqualTheFormula) {
    const int unroll = GetParam();
    const std::pair<std::size_t, std::size_t> lengths[] = {{0, 0},   {1, 0},   {0, 1},   {7, 9},
                                                           {8, 8},   {15, 16}, {16, 15}, {16, 16},
                                                           {17, 33}, {32, 32}, {40, 0},  {0, 40}};
    std::mt19937 rng(static_cast<unsigned>(unroll));
    rs::hw::AsconIp ip;
    for (const auto& v : rs::test::ipVariants()) {
        for (int mode = 0; mode < 3; ++mode) {
            rs::hw::AsconIpOptions opt;
            opt.unroll = unroll;
            opt.precomputed = mode > 0;
            opt.adPrecomputed = mode == 2;
            for (const auto& [adLen, msgLen] : lengths) {
                const Bytes key = rs::test::randomBytes(rng, 16), nonce = rs::test::randomBytes(rng, 16);
                const Bytes ad = rs::test::randomBytes(rng, adLen), pt = rs::test::randomBytes(rng, msgLen);
                for (bool decrypt : {false, true}) {
                    const rs::hw::AsconIpCycleQuery q{v.variant, unroll, opt.precomputed, opt.adPrecomputed,
                                                      decrypt,   adLen,  msgLen};
                    ASSERT_TRUE(rs::hw::fitsFifos(q));
                    const auto f = rs::hw::expectedCycles(q);
                    rs::hw::AsconIpRunInfo run;
                    if (!decrypt) {
                        run = ip.encrypt(v.variant, key, nonce, ad, pt, opt).run;
                    } else {
                        const auto e = rs::crypto::asconEncrypt(v.variant, key, nonce, ad, pt);
                        const auto d = ip.decrypt(v.variant, key, nonce, ad, e.ct, e.tag, opt);
                        ASSERT_TRUE(d.pt.has_value());
                        run = d.run;
                    }
                    const std::string what =
                        std::string(v.id) + " unroll " + std::to_string(unroll) + " mode " +
                        std::to_string(mode) + (decrypt ? " decrypt" : " encrypt") +
                        " |A|=" + std::to_string(adLen) + " |P|=" + std::to_string(msgLen);
                    EXPECT_EQ(run.cycles.init, f.core.init) << what;
                    EXPECT_EQ(run.cycles.ad, f.core.ad) << what;
                    EXPECT_EQ(run.cycles.data, f.core.data) << what;
                    EXPECT_EQ(run.cycles.final, f.core.final) << what;
                    EXPECT_EQ(run.axiTransactions, f.axiTransactions) << what;
                    EXPECT_EQ(run.cycles.total, f.totalCycles) << what;
                    EXPECT_EQ(run.cycles.axi, run.cycles.total - run.cycles.core()) << what;
                    EXPECT_FALSE(run.stalled) << what;
                    EXPECT_FALSE(run.streamed) << what;
                    if (HasFailure()) return;
                }
            }
        }
    }
}

TEST_P(AsconIpCycles, CycleRegistersAgreeWithTheProbe) {
    const int unroll = GetParam();
    rs::hw::AsconIp ip;
    const Bytes key(16, 1), nonce(16, 2), ad(23, 3), pt(37, 4);
    rs::hw::AsconIpOptions opt;
    opt.unroll = unroll;
    for (const auto& v : rs::test::ipVariants()) {
        const auto r = ip.encrypt(v.variant, key, nonce, ad, pt, opt);
        rs::hw::AxiLiteMaster bus(ip.device(unroll));
        namespace reg = rs::hw::reg;
        EXPECT_EQ(bus.read(reg::kCycles), r.run.cycles.core());
        EXPECT_EQ(bus.read(reg::kCycInit), r.run.cycles.init);
        EXPECT_EQ(bus.read(reg::kCycAd), r.run.cycles.ad);
        EXPECT_EQ(bus.read(reg::kCycData), r.run.cycles.data);
        EXPECT_EQ(bus.read(reg::kCycFinal), r.run.cycles.final);
        EXPECT_EQ(bus.read(reg::kCycStall), 0u) << "everything fit the FIFOs: no waiting";
        EXPECT_EQ(r.run.cycles.stall, 0u);
    }
}

TEST_P(AsconIpCycles, StreamedRunsAreExactWithTheStallCount) {
    // A master too slow for the core: the input (and, for a long message, the output) moves a word
    // at a time with idle clocks between, so the core waits. CYCLES - CYC_STALL is then still the
    // formula's core total, and CYC_STALL counts the waiting.
    const int unroll = GetParam();
    namespace reg = rs::hw::reg;
    std::mt19937 rng(static_cast<unsigned>(100 + unroll));
    for (const auto& v : rs::test::ipVariants()) {
        for (const auto& [adLen, msgLen, gap] : {std::tuple{std::size_t{40}, std::size_t{200}, 7},
                                                 std::tuple{std::size_t{0}, std::size_t{300}, 3},
                                                 std::tuple{std::size_t{21}, std::size_t{17}, 11}}) {
            rs::hw::AsconIpDevice dev(unroll);
            rs::hw::AxiLiteMaster bus(dev);
            const Bytes key = rs::test::randomBytes(rng, 16), nonce = rs::test::randomBytes(rng, 16);
            const Bytes ad = rs::test::randomBytes(rng, adLen), pt = rs::test::randomBytes(rng, msgLen);
            const auto word = [](const Bytes& b, std::size_t i) { return rs::hw::packBusWords(b).at(i); };
            bus.write(reg::kConfig, static_cast<std::uint32_t>(v.variant));
            bus.write(reg::kAdLen, static_cast<std::uint32_t>(adLen));
            bus.write(reg::kMsgLen, static_cast<std::uint32_t>(msgLen));
            for (std::uint8_t i = 0; i < 4; ++i) {
                bus.write(static_cast<std::uint8_t>(reg::kKey + 4 * i), word(key, i));
                bus.write(static_cast<std::uint8_t>(reg::kNonce + 4 * i), word(nonce, i));
            }
            std::vector<std::uint32_t> in;
            for (std::size_t i = 0; i < (adLen + 3) / 4; ++i)
                in.push_back(word(ad, i));
            for (std::size_t i = 0; i < (msgLen + 3) / 4; ++i)
                in.push_back(word(pt, i));
            bus.write(reg::kCtrl, reg::kCtrlStart);
            std::size_t sent = 0, got = 0;
            const std::size_t outWords = (msgLen + 3) / 4;
            std::uint32_t status = 0;
            for (int guard = 0; guard < 100000; ++guard) {
                status = bus.read(reg::kStatus);
                if (sent < in.size() && reg::statusInFree(status) > 0) bus.write(reg::kDin, in[sent++]);
                if (got < outWords && reg::statusOutCount(status) > 0 && (guard % 2 == 0)) {
                    bus.read(reg::kDout);
                    ++got;
                }
                if ((status & reg::kStDone) && got == outWords) break;
                bus.idle(static_cast<std::uint64_t>(gap));
            }
            ASSERT_TRUE(status & reg::kStDone);
            const rs::hw::AsconIpCycleQuery q{v.variant, unroll, false, false, false, adLen, msgLen};
            const std::uint64_t formula = rs::hw::expectedCycles(q).core.total();
            const std::uint32_t cycles = bus.read(reg::kCycles), stall = bus.read(reg::kCycStall);
            EXPECT_GT(stall, 0u) << v.id << " a starved core waits";
            EXPECT_EQ(cycles - stall, formula)
                << v.id << " unroll " << unroll << " (" << adLen << ", " << msgLen << ") gap " << gap;
            EXPECT_TRUE(status & reg::kStStalled);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Unroll, AsconIpCycles, testing::ValuesIn(rs::hw::AsconIpDevice::supportedUnrolls()),
                         [](const testing::TestParamInfo<int>& p) {
                             return "unroll" + std::to_string(p.param);
                         });

TEST(AsconIpCycleFormula, TermsFollowTheDocumentedTable) {
    using V = rs::crypto::AsconAeadVariant;
    // hw/CYCLES.md, table rows: (|A|, |P|) = (0, 0) and (32, 32) in full mode.
    EXPECT_EQ(rs::hw::expectedCycles({V::Ascon128v12, 1, false, false, false, 0, 0}).core.total(), 25u);
    EXPECT_EQ(rs::hw::expectedCycles({V::Ascon128v12, 1, false, false, false, 32, 32}).core.total(), 79u);
    EXPECT_EQ(rs::hw::expectedCycles({V::Ascon128av12, 6, false, false, false, 32, 32}).core.total(), 27u);
    EXPECT_EQ(rs::hw::expectedCycles({V::AsconAead128, 12, true, true, false, 32, 32}).core.total(), 14u);
    const auto t = rs::hw::expectedCycles({V::AsconAead128, 3, false, false, false, 33, 17}).terms;
    EXPECT_EQ(t.initClocks, 4);
    EXPECT_EQ(t.blockPermClocks, 3);
    EXPECT_EQ(t.blockClocks, 4); // four 32-bit words per 16-byte block: the bus width binds
    EXPECT_EQ(t.adBlocks, 3u);
    EXPECT_EQ(t.fullBlocks, 1u);
    EXPECT_THROW(rs::hw::expectedCycles({V::AsconAead128, 13, false, false, false, 0, 0}),
                 std::invalid_argument);
}

} // namespace
