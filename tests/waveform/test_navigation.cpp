// Cursor navigation over a waveform store (next/previous edge and value) and the clock-cycle axis.
#include <gtest/gtest.h>

#include "core/waveform/navigation.h"
#include "core/waveform/viewstate.h"

namespace {

using rs::waveform::ClockAxis;
using rs::waveform::MatchMode;
using rs::waveform::SignalId;
using rs::waveform::Tick;
using rs::waveform::WaveformStore;

TEST(Navigation, EdgesAndValues) {
    WaveformStore s;
    const auto bus = s.addSignal("bus", 8);
    // 0 until 10, 5 from 10, 7 from 20, 5 from 30.
    s.sample(bus, 0, 0);
    s.sample(bus, 10, 5);
    s.sample(bus, 20, 7);
    s.sample(bus, 30, 5);
    s.advance(40);
    EXPECT_EQ(rs::waveform::nextEdge(s, bus, 0), Tick{10});
    EXPECT_EQ(rs::waveform::nextEdge(s, bus, 10), Tick{20}); // strictly after
    EXPECT_FALSE(rs::waveform::nextEdge(s, bus, 30));
    EXPECT_EQ(rs::waveform::previousEdge(s, bus, 20), Tick{10}); // strictly before
    EXPECT_EQ(rs::waveform::previousEdge(s, bus, 25), Tick{20});
    EXPECT_FALSE(rs::waveform::previousEdge(s, bus, 0));
    EXPECT_EQ(rs::waveform::nextValue(s, bus, 0, 5), Tick{10});
    EXPECT_EQ(rs::waveform::nextValue(s, bus, 10, 5), Tick{30});
    EXPECT_FALSE(rs::waveform::nextValue(s, bus, 30, 5));
    EXPECT_EQ(rs::waveform::previousValue(s, bus, 30, 5), Tick{10});
    EXPECT_EQ(rs::waveform::previousValue(s, bus, 39, 5), Tick{30});
    EXPECT_FALSE(rs::waveform::previousValue(s, bus, 39, 9));
}

TEST(Navigation, ClockAxisNumbersRisingEdges) {
    WaveformStore s;
    const auto clk = s.addSignal("clk", 1);
    const auto bus = s.addSignal("bus", 4);
    // Period 10 ticks, rising at 5, 15, 25, ... 95.
    for (Tick t = 0; t < 100; t += 5)
        s.sample(clk, t, (t / 5) % 2);
    s.advance(100);
    const ClockAxis axis = ClockAxis::fromClock(s, clk);
    EXPECT_FALSE(axis.isIdentity());
    EXPECT_EQ(axis.edgeCount(), 10u);
    EXPECT_DOUBLE_EQ(axis.period(), 10.0);
    EXPECT_DOUBLE_EQ(axis.cycleAt(5), 0.0);
    EXPECT_DOUBLE_EQ(axis.cycleAt(20), 1.5);
    EXPECT_DOUBLE_EQ(axis.cycleAt(0), -0.5);
    EXPECT_DOUBLE_EQ(axis.cycleAt(99), 9.4);
    EXPECT_EQ(axis.tickOfCycle(3), Tick{35});
    EXPECT_EQ(axis.tickOfCycle(12), Tick{125}); // extrapolated with the period
    EXPECT_EQ(axis.tickOfCycle(-1), Tick{0});   // clamped
    const ClockAxis identity;
    EXPECT_TRUE(identity.isIdentity());
    EXPECT_DOUBLE_EQ(identity.cycleAt(42), 42.0);
    EXPECT_EQ(identity.tickOfCycle(42), Tick{42});

    EXPECT_THROW(ClockAxis::fromClock(s, bus), std::invalid_argument); // not 1 bit
    WaveformStore flat;
    const auto low = flat.addSignal("low", 1);
    flat.sample(low, 0, 0);
    EXPECT_THROW(ClockAxis::fromClock(flat, low), std::invalid_argument); // never rises
}

// A bus that is 0 until 10, 0x5A from 10, 0x3C from 20, 0x5F from 30, 0x5A from 40, and a 1-bit flag
// rising at 15 and falling at 25; the trace ends at 50.
struct SearchTrace {
    WaveformStore s;
    SignalId bus = s.addSignal("bus", 8);
    SignalId flag = s.addSignal("flag", 1);
    SearchTrace() {
        for (auto [t, v] :
             {std::pair<Tick, std::uint64_t>{0, 0}, {10, 0x5A}, {20, 0x3C}, {30, 0x5F}, {40, 0x5A}})
            s.sample(bus, t, v);
        s.sample(flag, 0, 0);
        s.sample(flag, 15, 1);
        s.sample(flag, 25, 0);
        s.advance(50);
    }
};

TEST(NavigationSearch, EdgesAcrossSeveralRowsTakeTheNearest) {
    SearchTrace t;
    const std::vector<SignalId> both{t.bus, t.flag};
    EXPECT_EQ(rs::waveform::findEdge(t.s, both, 10, true), Tick{15});     // the flag's, before the bus's 20
    EXPECT_EQ(rs::waveform::findEdge(t.s, both, 15, true), Tick{20});     // strictly after
    EXPECT_EQ(rs::waveform::findEdge(t.s, both, 30, false), Tick{25});    // strictly before
    EXPECT_EQ(rs::waveform::findEdge(t.s, both, 40, true), std::nullopt); // the end of the trace
    EXPECT_EQ(rs::waveform::findEdge(t.s, both, 0, false), std::nullopt); // its start
    const std::vector<SignalId> flagOnly{t.flag};
    EXPECT_EQ(rs::waveform::findEdge(t.s, flagOnly, 15, true), Tick{25});
    EXPECT_EQ(rs::waveform::findEdge(t.s, std::vector<SignalId>{}, 0, true), std::nullopt); // no row
}

TEST(NavigationSearch, EqualAndNotEqual) {
    SearchTrace t;
    const std::vector<SignalId> bus{t.bus};
    const auto eq = rs::waveform::valueCondition(MatchMode::Equal, {0x5A});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 0, eq, true), Tick{10});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 10, eq, true), Tick{40});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 40, eq, true), std::nullopt); // past the last hit
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 40, eq, false), Tick{10});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 10, eq, false), std::nullopt); // before the first hit
    const auto ne = rs::waveform::valueCondition(MatchMode::NotEqual, {0x5A});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 10, ne, true), Tick{20});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 20, ne, true), Tick{30}); // each change to another value
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 30, ne, true), std::nullopt);
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 40, ne, false), Tick{30});
    const auto never = rs::waveform::valueCondition(MatchMode::Equal, {0x77});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 0, never, true), std::nullopt); // no hit
    EXPECT_THROW(rs::waveform::valueCondition(MatchMode::Pattern, {1}), std::invalid_argument);
}

TEST(NavigationSearch, MaskedPatternsWithXAndZ) {
    SearchTrace t;
    const std::vector<SignalId> bus{t.bus};
    // "5?" : high nibble 5, low nibble don't care: 0x5A at 10, 0x5F at 30, 0x5A at 40.
    const auto hex = rs::waveform::parsePattern("5?");
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 0, hex, true), Tick{10});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 10, hex, true), Tick{30});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 30, hex, false), Tick{10});
    EXPECT_EQ(rs::waveform::parsePattern("0x5z").care, rs::waveform::parsePattern("h5X").care);
    // Binary with x and z as don't-care bits: xx11_1100 matches 0x3C only; 0101_1x1x matches 0x5A and 0x5F.
    const auto bin = rs::waveform::parsePattern("b0101_1x1z");
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 0, bin, true), Tick{10});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 10, bin, true), Tick{30});
    EXPECT_EQ(rs::waveform::findMatch(t.s, bus, 0, rs::waveform::parsePattern("0bxx111100"), true), Tick{20});
    EXPECT_TRUE(rs::waveform::parsePattern("b1x0z").matches(std::vector<std::uint64_t>{0b1100}));
    EXPECT_TRUE(rs::waveform::parsePattern("b1x0z").matches(std::vector<std::uint64_t>{0b1001}));
    EXPECT_FALSE(rs::waveform::parsePattern("b1x0z").matches(std::vector<std::uint64_t>{0b1010}));
    EXPECT_FALSE(
        rs::waveform::parsePattern("b1x0z").matches(std::vector<std::uint64_t>{0b11000})); // above: 0
    // A wide pattern reaches the second word.
    const auto wide = rs::waveform::parsePattern("1" + std::string(15, '?') + "?");
    EXPECT_TRUE(wide.matches(std::vector<std::uint64_t>{0xFFFF'FFFF'FFFF'FFFF, 1}));
    EXPECT_FALSE(wide.matches(std::vector<std::uint64_t>{0, 0}));
    EXPECT_EQ(wide.bitsNeeded(), 65);
    // Bad patterns say what is wrong.
    for (const char* bad : {"", "_", "b102", "5G", "0b2"})
        EXPECT_THROW(rs::waveform::parsePattern(bad), std::invalid_argument) << bad;
    try {
        rs::waveform::parsePattern("b1021");
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("'2'"), std::string::npos) << e.what();
    }
}

TEST(NavigationSearch, ValuesAcrossSeveralRows) {
    SearchTrace t;
    const std::vector<SignalId> both{t.bus, t.flag};
    // Bit 0 set: the flag at 15, the bus never (0x5A, 0x3C even; 0x5F at 30 odd).
    const auto odd = rs::waveform::parsePattern("b???????1");
    EXPECT_EQ(rs::waveform::findMatch(t.s, both, 0, odd, true), Tick{15});
    EXPECT_EQ(rs::waveform::findMatch(t.s, both, 15, odd, true), Tick{30});
    EXPECT_EQ(rs::waveform::findMatch(t.s, both, 30, odd, true), std::nullopt);
    EXPECT_EQ(rs::waveform::findMatch(t.s, both, 49, odd, false), Tick{30});
    // Equal to 0: the flag's fall at 25 (the bus never returns to 0).
    const auto zero = rs::waveform::valueCondition(MatchMode::Equal, {0});
    EXPECT_EQ(rs::waveform::findMatch(t.s, both, 0, zero, true), Tick{25});
}

TEST(NavigationSearch, GoToTimeAndCycle) {
    EXPECT_DOUBLE_EQ(rs::waveform::parseTimeSeconds("12.5 ns"), 12.5e-9);
    EXPECT_DOUBLE_EQ(rs::waveform::parseTimeSeconds("3us"), 3e-6);
    EXPECT_DOUBLE_EQ(rs::waveform::parseTimeSeconds("40ps"), 40e-12);
    EXPECT_DOUBLE_EQ(rs::waveform::parseTimeSeconds("2 ms"), 2e-3);
    EXPECT_DOUBLE_EQ(rs::waveform::parseTimeSeconds("1 s"), 1.0);
    for (const char* bad : {"100", "ns", "", "5 parsecs", "-3 ns", "nan ns"})
        EXPECT_THROW(rs::waveform::parseTimeSeconds(bad), std::invalid_argument) << bad;
    try {
        rs::waveform::parseTimeSeconds("100");
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("no unit"), std::string::npos) << e.what();
    }
    EXPECT_EQ(rs::waveform::parseCycle("42"), 42);
    for (const char* bad : {"", "-1", "4.5", "x", "12 ns"})
        EXPECT_THROW(rs::waveform::parseCycle(bad), std::invalid_argument) << bad;

    // A tick of 1 ns: 12.6 ns is tick 13 (rounded); a 100 MHz clock over the identity axis: 30 ns is
    // cycle 3; over a clock rising at 5, 15, 25: 20 ns is cycle 2 (tick 25); nothing known: none.
    EXPECT_EQ(rs::waveform::tickAtSeconds(12.6e-9, ClockAxis{}, 0, 1e-9), Tick{13});
    EXPECT_EQ(rs::waveform::tickAtSeconds(30e-9, ClockAxis{}, 100, 0), Tick{3});
    WaveformStore s;
    const auto clk = s.addSignal("clk", 1);
    for (Tick tk = 0; tk < 40; tk += 5)
        s.sample(clk, tk, (tk / 5) % 2);
    s.advance(40);
    EXPECT_EQ(rs::waveform::tickAtSeconds(20e-9, ClockAxis::fromClock(s, clk), 100, 0), Tick{25});
    EXPECT_EQ(rs::waveform::tickAtSeconds(1e-9, ClockAxis{}, 0, 0), std::nullopt);
}

TEST(NavigationSearch, TheViewStateSearchesTheSelectedRowAndTheRowsBesideIt) {
    SearchTrace t;
    rs::waveform::WaveViewState v;
    v.reset(t.s);
    v.addSignal(t.s, t.bus);
    v.addSignal(t.s, t.flag);
    EXPECT_FALSE(v.jumpToEdge(t.s, true)); // no row selected
    v.setSelectedRow(0);
    EXPECT_EQ(v.searchSignals(), std::vector<SignalId>{t.bus});
    EXPECT_TRUE(v.jumpToEdge(t.s, true));
    EXPECT_EQ(v.cursorA(), Tick{10});
    EXPECT_TRUE(v.jumpToEdge(t.s, true));
    EXPECT_EQ(v.cursorA(), Tick{20}); // the bus alone: flag's 15 is not searched
    EXPECT_TRUE(v.toggleSearchRow(1));
    EXPECT_TRUE(v.isSearchRow(1));
    EXPECT_FALSE(v.toggleSearchRow(7));
    EXPECT_EQ(v.searchSignals(), (std::vector<SignalId>{t.bus, t.flag}));
    EXPECT_TRUE(v.jumpToEdge(t.s, false));
    EXPECT_EQ(v.cursorA(), Tick{15}); // now flag's rise is nearer
    const auto zero = rs::waveform::valueCondition(MatchMode::Equal, {0});
    EXPECT_TRUE(v.jumpToMatch(t.s, zero, true));
    EXPECT_EQ(v.cursorA(), Tick{25});
    EXPECT_FALSE(v.jumpToMatch(t.s, zero, true)); // no later hit: cursor A stays
    EXPECT_EQ(v.cursorA(), Tick{25});
    // From no cursor, forward, a value held from tick 0 counts; backward finds nothing.
    v.clearCursors();
    EXPECT_FALSE(v.jumpToMatch(t.s, zero, false));
    EXPECT_TRUE(v.jumpToMatch(t.s, zero, true));
    EXPECT_EQ(v.cursorA(), Tick{0});
    EXPECT_TRUE(v.jumpToMatch(t.s, rs::waveform::parsePattern("5?"), true));
    EXPECT_EQ(v.cursorA(), Tick{10});
    // Toggled out again, and dropped with its row.
    EXPECT_TRUE(v.toggleSearchRow(1));
    EXPECT_EQ(v.searchSignals(), std::vector<SignalId>{t.bus});
    v.toggleSearchRow(1);
    v.removeRow(1);
    EXPECT_EQ(v.searchSignals(), std::vector<SignalId>{t.bus});
    v.addSignal(t.s, t.flag); // shown again: not searched until Ctrl+clicked again
    EXPECT_FALSE(v.isSearchRow(1));
    EXPECT_EQ(v.searchSignals(), std::vector<SignalId>{t.bus});
}

} // namespace
