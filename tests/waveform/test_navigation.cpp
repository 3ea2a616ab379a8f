// Cursor navigation over a waveform store (next/previous edge and value) and the clock-cycle axis.
#include <gtest/gtest.h>

#include "core/waveform/navigation.h"

namespace {

using rs::waveform::ClockAxis;
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

} // namespace
