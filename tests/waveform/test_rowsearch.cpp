// Search on bit-slice rows (a bus expanded into bits, bits grouped back into a bus): next/previous edge
// and next/previous value (equal, not equal, masked pattern) move cursor A as on a whole-signal row, and a
// change of the bus that leaves the row's bits as they were is not a change of the row (issue 32).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/waveform/navigation.h"
#include "core/waveform/rowsearch.h"
#include "core/waveform/viewstate.h"

namespace {

using rs::waveform::MatchMode;
using rs::waveform::Tick;
using rs::waveform::WaveformStore;
using rs::waveform::WaveRow;
using rs::waveform::WaveViewState;

// bus: 0x00, 0x01 from 10, 0x03 from 20, 0x02 from 30, 0x06 from 40, 0x02 from 50; flag: 1 from 35.
WaveformStore busTrace() {
    WaveformStore s;
    const auto bus = s.addSignal("bus", 8);
    const auto flag = s.addSignal("flag", 1);
    s.sample(bus, 0, 0);
    s.sample(flag, 0, 0);
    s.sample(bus, 10, 1);
    s.sample(bus, 20, 3);
    s.sample(bus, 30, 2);
    s.sample(flag, 35, 1);
    s.sample(bus, 40, 6);
    s.sample(bus, 50, 2);
    s.advance(60);
    return s;
}

int rowWithBits(const WaveViewState& v, std::size_t bits, int bit) {
    for (std::size_t i = 0; i < v.rows().size(); ++i)
        if (v.rows()[i].bits.size() == bits && v.rows()[i].bits.back().bit == bit) return static_cast<int>(i);
    return -1;
}

/** The view of busTrace's two signals, the bus (signal 0) expanded into its bits. */
WaveViewState shownWithBusBits(const WaveformStore& s) {
    WaveViewState v;
    v.setWaveArea(100, 500);
    v.reset(s);
    v.addSignal(s, 0);
    v.addSignal(s, 1);
    v.expandBits(s, 0);
    return v;
}

Tick cursorA(const WaveViewState& v) {
    return v.cursor(rs::waveform::Cursor::A).value_or(Tick{999});
}

TEST(RowSearch, ExpandedBitRowsStepThroughTheirOwnChanges) {
    const WaveformStore s = busTrace();
    WaveViewState v = shownWithBusBits(s);
    ASSERT_GE(rowWithBits(v, 1, 0), 0);
    const int bit1 = rowWithBits(v, 1, 1), bit0 = rowWithBits(v, 1, 0);
    ASSERT_GE(bit1, 0);
    ASSERT_GE(bit0, 0);

    v.setSelectedRow(bit1); // bus[1] rises at 20 and never falls
    ASSERT_TRUE(v.jumpToEdge(s, true));
    EXPECT_EQ(cursorA(v), Tick{20});
    EXPECT_FALSE(v.jumpToEdge(s, true)); // bus changes at 30, 40, 50 but bit 1 stays 1
    EXPECT_EQ(cursorA(v), Tick{20});
    v.setCursor(rs::waveform::Cursor::A, 55);
    ASSERT_TRUE(v.jumpToPreviousEdge(s));
    EXPECT_EQ(cursorA(v), Tick{20});

    v.setSelectedRow(bit0); // bus[0]: 1 at 10, 0 at 30
    v.setCursor(rs::waveform::Cursor::A, 0);
    ASSERT_TRUE(v.jumpToNextEdge(s));
    EXPECT_EQ(cursorA(v), Tick{10});
    ASSERT_TRUE(v.jumpToNextEdge(s));
    EXPECT_EQ(cursorA(v), Tick{30});
    EXPECT_FALSE(v.jumpToNextEdge(s));
    // Value 0 on bus[0]: it falls to 0 at 30 (from 10); value 1 back from 30: 10.
    v.setCursor(rs::waveform::Cursor::A, 10);
    const std::uint64_t zero = 0, one = 1;
    ASSERT_TRUE(v.jumpToValue(s, rs::waveform::Words(&zero, 1), true));
    EXPECT_EQ(cursorA(v), Tick{30});
    ASSERT_TRUE(v.jumpToValue(s, rs::waveform::Words(&one, 1), false));
    EXPECT_EQ(cursorA(v), Tick{10});
}

TEST(RowSearch, GroupedBitsMatchEqualNotEqualAndPatterns) {
    const WaveformStore s = busTrace();
    WaveViewState v = shownWithBusBits(s);
    ASSERT_GE(rowWithBits(v, 1, 0), 0);
    // {bus[2], bus[0]}: 00, 01 from 10, 00 from 30, 10 from 40, 00 from 50 (20 leaves them as they were).
    ASSERT_TRUE(v.groupBits(s, {rowWithBits(v, 1, 2), rowWithBits(v, 1, 0)}));
    const int grouped = rowWithBits(v, 2, 0);
    ASSERT_GE(grouped, 0);
    v.setSelectedRow(grouped);
    v.clearCursors();

    std::vector<Tick> edges;
    while (v.jumpToEdge(s, true))
        edges.push_back(cursorA(v));
    EXPECT_EQ(edges, (std::vector<Tick>{10, 30, 40, 50}));
    ASSERT_TRUE(v.jumpToEdge(s, false));
    EXPECT_EQ(cursorA(v), Tick{40});

    v.clearCursors();
    ASSERT_TRUE(v.jumpToMatch(s, rs::waveform::valueCondition(MatchMode::Equal, {2}), true));
    EXPECT_EQ(cursorA(v), Tick{40});
    v.setCursor(rs::waveform::Cursor::A, 0);
    ASSERT_TRUE(v.jumpToMatch(s, rs::waveform::valueCondition(MatchMode::NotEqual, {0}), true));
    EXPECT_EQ(cursorA(v), Tick{10});
    ASSERT_TRUE(v.jumpToMatch(s, rs::waveform::valueCondition(MatchMode::NotEqual, {0}), true));
    EXPECT_EQ(cursorA(v), Tick{40});
    v.setCursor(rs::waveform::Cursor::A, 59);
    ASSERT_TRUE(v.jumpToMatch(s, rs::waveform::parsePattern("b0x"), false)); // 00 at 50
    EXPECT_EQ(cursorA(v), Tick{50});
    ASSERT_TRUE(v.jumpToMatch(s, rs::waveform::parsePattern("bz1"), false)); // x1: 01 at 10
    EXPECT_EQ(cursorA(v), Tick{10});
    EXPECT_FALSE(v.jumpToMatch(s, rs::waveform::valueCondition(MatchMode::Equal, {3}), true));
}

TEST(RowSearch, RowFunctionsAnswerForWholeSignalsAsTheSignalDoes) {
    const WaveformStore s = busTrace();
    WaveRow whole;
    whole.id = 0;
    whole.name = "bus";
    for (const Tick t : {Tick{0}, Tick{10}, Tick{25}, Tick{50}})
        for (const bool forward : {true, false}) {
            EXPECT_EQ(rs::waveform::rowEdge(s, whole, t, forward),
                      forward ? rs::waveform::nextEdge(s, 0, t) : rs::waveform::previousEdge(s, 0, t));
        }
    WaveRow comment;
    comment.kind = rs::waveform::RowKind::Comment;
    EXPECT_FALSE(rs::waveform::rowEdge(s, comment, 0, true));
}

} // namespace
