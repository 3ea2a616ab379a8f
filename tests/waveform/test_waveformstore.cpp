// The chunked, append-only waveform store and its x16 summary levels (core/waveform).
#include <gtest/gtest.h>

#include "core/waveform/waveformstore.h"

namespace {

using rs::waveform::Tick;
using rs::waveform::WaveformStore;

TEST(WaveformStore, StoresChangesOnly) {
    WaveformStore s;
    const auto a = s.addSignal("a", 4, "g");
    for (Tick t = 0; t < 10; ++t)
        s.sample(a, t, t < 5 ? 3 : 0x1f); // 0x1f is cut to 4 bits
    EXPECT_EQ(s.changeCount(a), 2u);
    EXPECT_EQ(s.change(a, 0).tick, 0u);
    EXPECT_EQ(s.change(a, 1).tick, 5u);
    EXPECT_EQ(s.change(a, 1).value, 0xfu);
    EXPECT_EQ(s.endTick(), 10u);
    EXPECT_EQ(s.valueAt(a, 4), 3u);
    EXPECT_EQ(s.valueAt(a, 5), 0xfu);
    EXPECT_EQ(s.valueAt(a, 1000), 0xfu);
    s.advance(20);
    EXPECT_EQ(s.endTick(), 20u);
}

TEST(WaveformStore, RejectsBadSignalsAndOutOfOrderTicks) {
    WaveformStore s;
    EXPECT_THROW(s.addSignal("", 1), std::invalid_argument);
    EXPECT_THROW(s.addSignal("w", WaveformStore::kMaxWidth + 1), std::invalid_argument);
    EXPECT_THROW(s.addSignal("w", 0), std::invalid_argument);
    const auto x = s.addSignal("x", 64, "state");
    EXPECT_THROW(s.addSignal("x", 1), std::invalid_argument);
    s.sample(x, 10, 1);
    EXPECT_THROW(s.sample(x, 9, 2), std::invalid_argument);
    s.sample(x, 10, 2); // same tick: replaces
    EXPECT_EQ(s.changeCount(x), 1u);
    EXPECT_EQ(s.valueAt(x, 10), 2u);
    EXPECT_THROW(s.change(x, 1), std::out_of_range);
    EXPECT_THROW(s.signal(7), std::out_of_range);
    EXPECT_EQ(s.find("x"), x);
    EXPECT_FALSE(s.find("y"));
    EXPECT_EQ(s.group("state"), std::vector<rs::waveform::SignalId>{x});
}

TEST(WaveformStore, ChunksAndSummaryLevelsGrowBySixteen) {
    WaveformStore s;
    const auto clk = s.addSignal("toggle", 1);
    const std::size_t n = 3 * WaveformStore::kChunkSize + 17;
    for (Tick t = 0; t < n; ++t)
        s.sample(clk, t, t & 1);
    EXPECT_EQ(s.changeCount(clk), n);
    EXPECT_EQ(s.chunkCount(clk), 4u);
    EXPECT_EQ(s.summaryLevels(clk), 3); // 16^3 = 4096 <= n < 16^4
    EXPECT_EQ(s.summaryEntries(clk, 1), n / 16);
    EXPECT_EQ(s.summaryEntries(clk, 2), n / 256);
    EXPECT_EQ(s.summaryEntries(clk, 3), n / 4096);
    EXPECT_EQ(s.summaryEntry(clk, 2, 1), (std::pair<Tick, Tick>{256, 511}));
    EXPECT_THROW(s.summaryEntry(clk, 4, 0), std::out_of_range);
    EXPECT_EQ(s.lowerBound(clk, 5000), 5000u);
    EXPECT_EQ(s.changesIn(clk, 100, 104).size(), 4u);
    EXPECT_EQ(s.valueAt(clk, 4097), 1u);
}

TEST(WaveformStore, ZeroTimeGlitchLeavesNoChange) {
    WaveformStore s;
    const auto a = s.addSignal("a", 1);
    const auto b = s.addSignal("b", 1);
    s.sample(a, 0, 0);
    s.sample(a, 10, 1);
    s.sample(a, 10, 0); // back to the value before tick 10 in the same tick: no edge at 10
    EXPECT_EQ(s.changeCount(a), 1u);
    EXPECT_EQ(s.valueAt(a, 10), 0u);
    s.sample(a, 11, 1);
    EXPECT_EQ(s.change(a, 1).tick, 11u);
    // Exactly at a summary boundary: the entry that closed with the glitch goes with it.
    for (Tick t = 0; t < 15; ++t)
        s.sample(b, t, t & 1); // 15 changes
    s.sample(b, 15, 1);        // the 16th closes a level-1 entry ...
    EXPECT_EQ(s.summaryEntries(b, 1), 1u);
    s.sample(b, 15, 0); // ... and the glitch takes it back
    EXPECT_EQ(s.changeCount(b), 15u);
    EXPECT_EQ(s.summaryLevels(b), 0);
    s.sample(b, 16, 1);
    EXPECT_EQ(s.summaryEntry(b, 1, 0), (std::pair<Tick, Tick>{0, 16}));
}

TEST(WaveformStore, ManyQuietSignalsStaySmallAndFindStaysFast) {
    // A big design's VCD: tens of thousands of nets with one value each.
    WaveformStore s;
    constexpr std::size_t kSignals = 20000;
    for (std::size_t i = 0; i < kSignals; ++i) {
        const auto id = s.addSignal("net" + std::to_string(i), 8, "top");
        s.sample(id, 0, i & 0xff);
    }
    EXPECT_EQ(s.find("net19999"), rs::waveform::SignalId{19999});
    EXPECT_FALSE(s.find("net20000"));
    // Well under a kilobyte a signal (a whole 64 KiB chunk each would be 1.3 GB).
    EXPECT_LT(s.memoryBytes(), kSignals * 1024);
    EXPECT_EQ(s.valueAt(*s.find("net300"), 5), 300u & 0xff);
    s.clear();
    EXPECT_FALSE(s.find("net1"));
    EXPECT_EQ(s.addSignal("net1", 1), rs::waveform::SignalId{0});
}

TEST(WaveformStore, ViewItemsStayNearOnePerPixel) {
    WaveformStore s;
    const auto fast = s.addSignal("fast", 1), slow = s.addSignal("slow", 8);
    for (Tick t = 0; t < 100000; ++t) {
        s.sample(fast, t, t & 1);
        s.sample(slow, t, (t / 10000) & 0xff);
    }
    const auto dense = s.viewItems(fast, 0, 100000, 500);
    EXPECT_LE(dense.size(), 520u);
    std::size_t total = 0;
    for (const auto& it : dense)
        total += it.changes;
    EXPECT_EQ(total, 100000u) << "every change is accounted for";
    EXPECT_EQ(dense.back().value, 1u);
    const auto sparse = s.viewItems(slow, 0, 100000, 500);
    ASSERT_EQ(sparse.size(), 10u); // far apart: each change is its own item
    EXPECT_EQ(sparse[3].first, 30000u);
    EXPECT_EQ(sparse[3].changes, 1u);
    const auto zoomed = s.viewItems(fast, 1000, 1010, 100); // zoomed in: exact edges
    ASSERT_EQ(zoomed.size(), 10u);
    EXPECT_EQ(zoomed[0].first, 1000u);
    EXPECT_TRUE(s.viewItems(fast, 10, 10, 100).empty());
}

} // namespace
