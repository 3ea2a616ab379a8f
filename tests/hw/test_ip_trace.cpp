// Waveform capture into the store, VCD export (read back and compared), Verilator FST traces, and
// the front end's input alignment (the paper's Fig. 7) seen on the captured pipeline signals.
#include "tests/hw/hwtest.h"

#include <filesystem>
#include <set>

#include <unistd.h>

#include "core/waveform/vcd.h"
#include "hw/ip/ascon/asconip.h"

namespace {

namespace fs = std::filesystem;
using rs::crypto::AsconAeadVariant;
using rs::crypto::Bytes;

fs::path tempFile(const std::string& name) {
    return fs::temp_directory_path() / ("rs_test_hw_" + std::to_string(::getpid()) + "_" + name);
}

TEST(IpTrace, CaptureRecordsEveryClockOfTheChosenSignals) {
    rs::hw::AsconIp ip;
    rs::waveform::WaveformStore store;
    rs::hw::AsconIpOptions opt;
    opt.capture = &store;
    const Bytes key(16, 7), nonce(16, 8), ad(5, 9), pt(20, 10);
    const auto r = ip.encrypt(AsconAeadVariant::Ascon128av12, key, nonce, ad, pt, opt);
    EXPECT_EQ(store.signalCount(), 32u); // with held, auth_ok and out_count (the release rule, issue 32)
    EXPECT_EQ(store.endTick(), r.run.cycles.total);
    for (const char* g : {"axi", "control", "pipeline", "state"})
        EXPECT_FALSE(store.group(g).empty()) << g;
    const auto phase = *store.find("phase");
    std::set<std::uint64_t> seen;
    for (std::size_t i = 0; i < store.changeCount(phase); ++i)
        seen.insert(store.change(phase, i).value);
    EXPECT_EQ(seen, (std::set<std::uint64_t>{0, 1, 2, 3, 4, 5}));
    // Every AXI write handshake is in the capture: AWVALID high with AWREADY high.
    const auto awv = *store.find("awvalid"), awr = *store.find("awready");
    std::size_t handshakes = 0;
    for (rs::waveform::Tick t = 0; t < store.endTick(); ++t)
        handshakes += store.valueAt(awv, t) && store.valueAt(awr, t);
    EXPECT_EQ(handshakes, r.run.axiWrites);

    // A second run into the same store follows the first.
    const auto again = ip.encrypt(AsconAeadVariant::Ascon128av12, key, nonce, ad, pt, opt);
    EXPECT_EQ(store.endTick(), r.run.cycles.total + again.run.cycles.total);

    rs::waveform::WaveformStore axiOnly;
    opt.capture = &axiOnly;
    opt.captureGroups = {"axi"};
    ip.encrypt(AsconAeadVariant::Ascon128av12, key, nonce, ad, pt, opt);
    EXPECT_EQ(axiOnly.signalCount(), axiOnly.group("axi").size());
    opt.captureGroups = {"nonsense"};
    EXPECT_THROW(ip.encrypt(AsconAeadVariant::Ascon128av12, key, nonce, ad, pt, opt), std::invalid_argument);
    // The failed run left the device usable.
    opt.captureGroups.clear();
    opt.capture = nullptr;
    EXPECT_EQ(ip.encrypt(AsconAeadVariant::Ascon128av12, key, nonce, ad, pt, opt).tag, r.tag);
}

TEST(IpTrace, VcdFileAppearsAndParsesBackToTheCaptureWithItsClock) {
    rs::hw::AsconIp ip;
    rs::waveform::WaveformStore store;
    rs::hw::AsconIpOptions opt;
    opt.unroll = 3;
    opt.capture = &store;
    opt.vcdPath = tempFile("run.vcd").string();
    ip.encrypt(AsconAeadVariant::AsconAead128, Bytes(16, 1), Bytes(16, 2), Bytes(3, 3), Bytes(33, 4), opt);
    ASSERT_TRUE(fs::exists(opt.vcdPath));
    EXPECT_GT(fs::file_size(opt.vcdPath), 1000u);
    const auto back = rs::waveform::readVcdFile(opt.vcdPath);
    // The file adds a toggling clk (as the GUI's export does): a cycle of the capture (one tick, 10 ns at the
    // IP's 100 MHz when the capture does not say) is 10 units of 1 ns; clk rises at the start of each cycle,
    // falls half a cycle later, and every signal changes at its cycle's rising edge.
    const double cycle = store.tickSeconds() > 0 ? store.tickSeconds() : 10e-9;
    ASSERT_NEAR(cycle, 10e-9, 1e-15) << "the IP's capture is 100 MHz";
    const rs::waveform::Tick units = 10;
    EXPECT_NEAR(back.tickSeconds(), 1e-9, 1e-18);
    ASSERT_GT(store.endTick(), 10u);
    EXPECT_EQ(back.endTick(), units * store.endTick());
    ASSERT_EQ(back.signalCount(), store.signalCount() + 1);
    const auto clk = back.find("clk");
    ASSERT_TRUE(clk) << "the VCD has no clock";
    EXPECT_EQ(back.signal(*clk).width, 1);
    ASSERT_EQ(back.changeCount(*clk), 2 * store.endTick());
    std::size_t rising = 0;
    for (std::size_t k = 0; k < back.changeCount(*clk); ++k) {
        const auto c = back.change(*clk, k);
        EXPECT_EQ(c.tick, k / 2 * units + (k % 2) * units / 2) << k;
        EXPECT_EQ(c.value, k % 2 == 0 ? 1U : 0U) << k;
        rising += c.value == 1 ? 1 : 0;
    }
    EXPECT_EQ(rising, store.endTick()) << "one rising edge a cycle";
    for (std::size_t i = 0; i < store.signalCount(); ++i) {
        const auto& info = store.signal(i);
        const auto id = back.find(info.name);
        ASSERT_TRUE(id) << info.name;
        EXPECT_EQ(back.signal(*id).width, info.width);
        EXPECT_EQ(back.signal(*id).group, info.group);
        ASSERT_EQ(back.changeCount(*id), store.changeCount(i)) << info.name;
        for (std::size_t k = 0; k < store.changeCount(i); ++k) {
            EXPECT_EQ(back.change(*id, k).tick, units * store.change(i, k).tick);
            EXPECT_EQ(back.change(*id, k).value, store.change(i, k).value);
        }
    }
    fs::remove(opt.vcdPath);
}

TEST(IpTrace, FstFileAppearsForEachRun) {
    rs::hw::AsconIp ip;
    for (int run = 0; run < 2; ++run) {
        rs::hw::AsconIpOptions opt;
        opt.unroll = 6;
        opt.fstPath = tempFile("run" + std::to_string(run) + ".fst").string();
        const auto r =
            ip.encrypt(AsconAeadVariant::Ascon128v12, Bytes(16, 1), Bytes(16, 2), {}, Bytes(9, 3), opt);
        ASSERT_TRUE(fs::exists(opt.fstPath)) << opt.fstPath;
        EXPECT_GT(fs::file_size(opt.fstPath), 200u);
        EXPECT_EQ(r.tag, rs::crypto::asconEncrypt(AsconAeadVariant::Ascon128v12, Bytes(16, 1), Bytes(16, 2),
                                                  {}, Bytes(9, 3))
                             .tag);
        fs::remove(opt.fstPath);
    }
}

// First tick at or after from where the signal holds value.
rs::waveform::Tick firstTick(const rs::waveform::WaveformStore& s, const char* name, std::uint64_t value,
                             rs::waveform::Tick from = 0) {
    const auto id = *s.find(name);
    for (rs::waveform::Tick t = from; t < s.endTick(); ++t)
        if (s.valueAt(id, t) == value) return t;
    return s.endTick();
}

TEST(IpTrace, FrontEndAlignsLengthAndLanesWithTheLastWord) {
    // Fig. 7: a block's descriptor walks the delay stages d1..d4 (fe_stage bits) while its words
    // arrive, and the block is presented (blk_valid) when the length meets the last word:
    // 4 clocks after issue for a 16-byte rate, 2 for Ascon-128's 8 bytes.
    for (const auto& [variant, words] :
         {std::pair{AsconAeadVariant::Ascon128av12, 4}, std::pair{AsconAeadVariant::Ascon128v12, 2}}) {
        rs::hw::AsconIp ip;
        rs::waveform::WaveformStore store;
        rs::hw::AsconIpOptions opt;
        opt.capture = &store;
        opt.captureGroups = {"control", "pipeline"};
        ip.encrypt(variant, Bytes(16, 0), Bytes(16, 0), {}, Bytes(20, 1), opt);
        const auto load = firstTick(store, "phase", 1);
        const auto d1 = firstTick(store, "fe_stage", 1, load);
        EXPECT_EQ(d1, load + 2) << "issued in the clock after LOAD, so in d1 one clock later";
        for (int k = 1; k < words; ++k)
            EXPECT_EQ(store.valueAt(*store.find("fe_stage"), d1 + static_cast<unsigned>(k)), 1u << k);
        EXPECT_EQ(firstTick(store, "blk_valid", 1, load), d1 + static_cast<unsigned>(words) - 1);
    }
}

} // namespace
