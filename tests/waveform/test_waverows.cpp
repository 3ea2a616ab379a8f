// The waveform view's rows beyond one signal in hex (issue 32): the one value formatter of core/waveform/
// rowvalue.h in every radix (hex, unsigned, signed, binary, ASCII, state names, an enum mapping file's
// names) and the mapping file's format; a bus expanded into its bits, collapsed back, and bits of several
// signals grouped into one bus row; renamed rows, separators and comments (harmless to searches); and the
// saved view's version 2 (every kind of row round-trips; version 1 files still read).
#include <gtest/gtest.h>

#include <string>

#include "core/waveform/rowvalue.h"
#include "core/waveform/viewstate.h"

namespace {

using rs::waveform::BitRef;
using rs::waveform::EnumFileError;
using rs::waveform::Radix;
using rs::waveform::RowKind;
using rs::waveform::SignalId;
using rs::waveform::Tick;
using rs::waveform::ViewStateError;
using rs::waveform::WaveformStore;
using rs::waveform::WaveRow;
using rs::waveform::WaveViewState;
using rs::waveform::Words;

// 100 ticks: count (8 bits) steps by 3 every 10 ticks; a and b are 1-bit (a toggles every 10, b every
// 20); phase (2 bits) 0 then 3 from tick 50; text (16 bits) "Hi".
WaveformStore trace() {
    WaveformStore s;
    const SignalId count = s.addSignal("count", 8, "top");
    const SignalId a = s.addSignal("a", 1, "top");
    const SignalId b = s.addSignal("b", 1, "top");
    const SignalId phase = s.addSignal("phase", 2, "top");
    const SignalId text = s.addSignal("text", 16, "top");
    for (Tick t = 0; t < 100; t += 10) {
        s.sample(count, t, (t / 10) * 3);
        s.sample(a, t, (t / 10) % 2);
        s.sample(b, t, (t / 20) % 2);
    }
    s.sample(phase, 0, 0);
    s.sample(phase, 50, 3);
    s.sample(text, 0, 0x4869);
    s.advance(100);
    return s;
}

WaveViewState viewOf(const WaveformStore& s) {
    WaveViewState v;
    v.setWaveArea(100, 500);
    v.reset(s);
    for (SignalId id = 0; id < s.signalCount(); ++id)
        v.addSignal(s, id);
    return v;
}

std::string fmt(std::uint64_t v, int width, Radix radix,
                const std::map<std::uint64_t, std::string>* names = nullptr) {
    return rs::waveform::formatValue(Words(&v, 1), width, radix, names);
}

TEST(WaveRows, OneFormatterWritesEveryRadix) {
    EXPECT_EQ(fmt(0xFE, 8, Radix::Hex), "FE");
    EXPECT_EQ(fmt(0xA, 16, Radix::Hex), "000A");
    EXPECT_EQ(fmt(0xFE, 8, Radix::Dec), "254"); // Dec stays unsigned
    EXPECT_EQ(fmt(0xFE, 8, Radix::Signed), "-2");
    EXPECT_EQ(fmt(0x80, 8, Radix::Signed), "-128");
    EXPECT_EQ(fmt(0x7F, 8, Radix::Signed), "127");
    EXPECT_EQ(fmt(0x1, 1, Radix::Signed), "-1");
    EXPECT_EQ(fmt(~std::uint64_t{0}, 64, Radix::Signed), "-1");
    const std::uint64_t wide[2] = {~std::uint64_t{0}, 0x3F}; // 70 bits, all ones: -1
    EXPECT_EQ(rs::waveform::formatValue(Words(wide, 2), 70, Radix::Signed), "-1");
    EXPECT_EQ(fmt(5, 4, Radix::Bin), "0101");
    EXPECT_EQ(fmt(0x4869, 16, Radix::Ascii), "Hi");
    EXPECT_EQ(fmt(0x0A41, 16, Radix::Ascii), ".A"); // a byte not printable: '.'
    EXPECT_EQ(fmt(0x41, 12, Radix::Ascii), ".A");   // 12 bits: two bytes, the top one partial
    const std::map<std::uint64_t, std::string> names{{3, "FINAL"}};
    EXPECT_EQ(fmt(3, 2, Radix::Enum, &names), "FINAL");
    EXPECT_EQ(fmt(2, 8, Radix::Enum, &names), "2"); // no name: hex without leading zeros
    EXPECT_EQ(fmt(3, 2, Radix::Named, &names), "FINAL");
    EXPECT_EQ(fmt(0x2A, 8, Radix::Enum), "2A"); // no names at all: hex
}

TEST(WaveRows, EnumMappingFileFormat) {
    const auto names =
        rs::waveform::parseEnumMap("# the phase register\n\n0x0 IDLE\n1 LOAD ROUNDS \r\n0b11  FINAL\n"
                                   "0x1_0 SIXTEEN\n",
                                   "phase.txt");
    const std::map<std::uint64_t, std::string> want{
        {0, "IDLE"}, {1, "LOAD ROUNDS"}, {3, "FINAL"}, {16, "SIXTEEN"}};
    EXPECT_EQ(names, want);
    const auto error = [](std::string_view text) {
        try {
            rs::waveform::parseEnumMap(text, "phase.txt");
        } catch (const EnumFileError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error("0x1 A\nzz B\n"), "phase.txt, line 2: 'zz' is not a value (decimal, 0x hex or 0b binary, "
                                      "at most 64 bits)");
    EXPECT_EQ(error("3\n"), "phase.txt, line 1: '3' has no name after its value");
    EXPECT_EQ(error("3 A\n0x3 B\n"), "phase.txt, line 2: the value 0x3 is given a name twice");
    EXPECT_NE(error("# nothing\n").find("no mapping"), std::string::npos);
    EXPECT_NE(error("0x10000000000000000 BIG\n").find("at most 64 bits"), std::string::npos);
    try {
        rs::waveform::loadEnumFile("/nonexistent/phase.txt");
        FAIL() << "a missing file must throw";
    } catch (const EnumFileError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/phase.txt"), std::string::npos) << e.what();
    }
}

TEST(WaveRows, RadixPerRowAndEnumNames) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    EXPECT_FALSE(v.setRadix(3, Radix::Enum)); // no names loaded yet
    EXPECT_TRUE(v.setEnum(3, "phase.txt", {{0, "IDLE"}, {3, "FINAL"}}));
    EXPECT_EQ(v.rows()[3].radix, Radix::Enum);
    EXPECT_EQ(rs::waveform::rowValueText(s, v.rows()[3], 0), "IDLE");
    EXPECT_EQ(rs::waveform::rowValueText(s, v.rows()[3], 60), "FINAL");
    EXPECT_TRUE(v.setRadix(3, Radix::Hex)); // the names stay for a later Enum
    EXPECT_EQ(rs::waveform::rowValueText(s, v.rows()[3], 60), "3");
    EXPECT_TRUE(v.setRadix(3, Radix::Enum));
    EXPECT_TRUE(v.setRadix(0, Radix::Signed));
    EXPECT_EQ(rs::waveform::rowValueText(s, v.rows()[0], 90), "27");
    EXPECT_TRUE(v.setRadix(4, Radix::Ascii));
    EXPECT_EQ(rs::waveform::rowValueText(s, v.rows()[4], 0), "Hi");
}

TEST(WaveRows, BusExpandsIntoBitsCollapsesAndGroups) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s); // count, a, b, phase, text
    v.setSelectedRow(1);
    EXPECT_FALSE(v.expandBits(s, 1)); // a is one bit
    ASSERT_TRUE(v.expandBits(s, 0));
    ASSERT_EQ(v.rows().size(), 12u); // 8 bits, a, b, phase, text
    EXPECT_EQ(v.selectedRow(), 8);   // still on a
    EXPECT_EQ(v.rows()[0].bits, (std::vector<BitRef>{{0, 7, "count"}}));
    EXPECT_EQ(v.rows()[7].bits, (std::vector<BitRef>{{0, 0, "count"}}));
    EXPECT_EQ(rs::waveform::rowTitle(s, v.rows()[7]), "count[0]");
    EXPECT_EQ(rs::waveform::rowWidth(s, v.rows()[7]), 1);
    // count = 3 at tick 10: bit 0 and bit 1 set, bit 2 clear.
    EXPECT_EQ(rs::waveform::rowValueText(s, v.rows()[7], 10), "1");
    EXPECT_EQ(rs::waveform::rowValueText(s, v.rows()[5], 10), "0");
    EXPECT_TRUE(v.isShown(0));
    EXPECT_FALSE(v.addSignal(s, 0)); // its bits are shown
    // Bit 7 of count never changes (count <= 27): no items; bit 0 changes where count is odd/even.
    EXPECT_TRUE(rs::waveform::rowViewItems(s, v.rows()[0], 0, 100, 500).empty());
    const auto items = rs::waveform::rowViewItems(s, v.rows()[7], 0, 100, 500);
    ASSERT_EQ(items.size(), 9u); // 0,3,6,9,...,27: bit 0 flips at every step
    EXPECT_EQ(items[0].first, 10u);
    EXPECT_EQ(items[0].value, 1u);
    // Bits grouped into one bus row: {count[1], count[0], a}, MSB first.
    ASSERT_TRUE(v.groupBits(s, {7, 6, 8}));
    ASSERT_EQ(v.rows().size(), 10u);
    const WaveRow& bus = v.rows()[6];
    EXPECT_EQ(rs::waveform::rowWidth(s, bus), 3);
    EXPECT_EQ(rs::waveform::rowTitle(s, bus), "{count[1], count[0], a}");
    EXPECT_EQ(v.selectedRow(), 6); // a was selected: the bus row now
    // Tick 10: count 3 (bits 1,0 = 11), a = 1: 0b111 = 7; tick 20: count 6 (10), a 0: 0b100 = 4.
    EXPECT_EQ(rs::waveform::rowValueText(s, bus, 10), "7");
    EXPECT_EQ(rs::waveform::rowValueText(s, bus, 20), "4");
    EXPECT_FALSE(v.groupBits(s, {6}));    // one row
    EXPECT_FALSE(v.groupBits(s, {6, 8})); // phase is a whole bus
    // Collapse: the six bit rows of count left give its whole row back.
    ASSERT_TRUE(v.collapseBits(2));
    EXPECT_EQ(v.rows()[0].bits.size(), 0u);
    EXPECT_EQ(v.rows()[0].id, 0u);
    EXPECT_EQ(rs::waveform::rowTitle(s, v.rows()[0]), "count[7:0]");
    EXPECT_EQ(v.rows().size(), 5u);  // count, the bus, b, phase, text
    EXPECT_FALSE(v.collapseBits(1)); // the bus row is not one bit
}

TEST(WaveRows, RenamedRowsSeparatorsAndCommentsAreHarmlessToSearches) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    EXPECT_TRUE(v.renameRow(0, "counter"));
    EXPECT_EQ(rs::waveform::rowTitle(s, v.rows()[0]), "counter");
    EXPECT_EQ(v.rows()[0].name, "count"); // the signal's name stays
    EXPECT_TRUE(v.renameRow(0, ""));
    EXPECT_EQ(rs::waveform::rowTitle(s, v.rows()[0]), "count[7:0]");
    v.setSelectedRow(1);
    EXPECT_EQ(v.insertSeparator(1), 1);
    EXPECT_EQ(v.insertComment(0, "-- the counter --"), 0);
    EXPECT_EQ(v.selectedRow(), 3); // still on a
    EXPECT_EQ(v.rows()[0].kind, RowKind::Comment);
    EXPECT_EQ(v.rows()[2].kind, RowKind::Separator);
    EXPECT_FALSE(v.renameRow(2, "x"));
    EXPECT_TRUE(v.renameRow(0, "counter"));
    EXPECT_EQ(rs::waveform::rowTitle(s, v.rows()[0]), "counter");
    EXPECT_EQ(rs::waveform::rowValueText(s, v.rows()[0], 10), "");
    EXPECT_FALSE(v.setRadix(2, Radix::Dec));
    EXPECT_FALSE(v.toggleSearchRow(2));
    EXPECT_FALSE(v.isShown(0) && v.rowOf(0) != 1); // signal 0 is count's row, not a separator's id 0
    EXPECT_EQ(v.rowOf(0), 1);
    v.setSelectedRow(2);
    EXPECT_FALSE(v.selectedSignal());
    EXPECT_TRUE(v.searchSignals().empty());
    EXPECT_FALSE(v.jumpToNextEdge(s));
    EXPECT_FALSE(v.jumpToEdge(s, true));
    EXPECT_TRUE(v.removeRow(2));
    EXPECT_EQ(v.rows().size(), 6u);
}

TEST(WaveRows, GroupsCollapseAndMoveAsOne) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s); // count, a, b, phase, text
    v.setSelectedRow(2);         // b
    EXPECT_EQ(v.groupRows(1, 2, "inputs"), 1);
    ASSERT_EQ(v.rows().size(), 6u); // count, [inputs], a, b, phase, text
    EXPECT_EQ(v.rows()[1].kind, RowKind::Group);
    EXPECT_EQ(v.groupSize(1), 2);
    EXPECT_EQ(v.selectedRow(), 3);
    EXPECT_EQ(v.groupRows(2, 4, "nested"), -1); // groups do not nest
    EXPECT_TRUE(v.setCollapsed(1, true));
    EXPECT_EQ(v.selectedRow(), 1); // the hidden selection moves to the header
    EXPECT_TRUE(v.isHidden(2));
    EXPECT_FALSE(v.isHidden(4));
    EXPECT_EQ(v.shownRows(), (std::vector<int>{0, 1, 4, 5}));
    EXPECT_FALSE(v.selectedSignal()); // a header: nothing to search
    // The header moves with its rows, past a row or a whole group at a time.
    EXPECT_TRUE(v.moveRow(1, 1));
    EXPECT_EQ(v.rows()[0].name, "count");
    EXPECT_EQ(v.rows()[1].name, "phase");
    EXPECT_EQ(v.rows()[2].kind, RowKind::Group);
    EXPECT_EQ(v.rows()[3].name, "a");
    EXPECT_EQ(v.rows()[4].name, "b");
    EXPECT_EQ(v.selectedRow(), 2);
    // phase moved down jumps the collapsed group as one and stays out of it.
    EXPECT_TRUE(v.moveRow(1, 1));
    EXPECT_EQ(v.rows()[1].kind, RowKind::Group);
    EXPECT_EQ(v.rows()[4].name, "phase");
    EXPECT_FALSE(v.rows()[4].grouped);
    // Expanded, a row moved up next to a member joins the group; moved above the header it leaves.
    v.setCollapsed(1, false);
    EXPECT_TRUE(v.moveRow(4, -1)); // phase between a... b and phase swap: phase after a
    EXPECT_TRUE(v.rows()[3].grouped);
    EXPECT_EQ(v.groupSize(1), 3);
    EXPECT_TRUE(v.moveRow(2, -1)); // a above the header: out of the group
    EXPECT_EQ(v.rows()[1].name, "a");
    EXPECT_FALSE(v.rows()[1].grouped);
    EXPECT_EQ(v.groupSize(2), 2);
    // Saved and read back; removing the header takes its rows; ungroup keeps them.
    EXPECT_EQ(WaveViewState::fromJson(v.toJson(), s).rows(), v.rows());
    WaveViewState u = v;
    EXPECT_TRUE(u.ungroup(2));
    EXPECT_EQ(u.rows().size(), 5u);
    EXPECT_FALSE(u.rows()[2].grouped);
    EXPECT_TRUE(v.removeRow(2));
    EXPECT_EQ(v.rows().size(), 3u); // count, a, text
}

TEST(WaveRows, AnalogRowsAreScaledToTheirValues) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    EXPECT_TRUE(v.setAnalog(0, rs::waveform::Analog::Linear, rs::waveform::AnalogScale::Visible));
    EXPECT_EQ(v.rows()[0].analog, rs::waveform::Analog::Linear);
    v.insertSeparator(0);
    EXPECT_FALSE(v.setAnalog(0, rs::waveform::Analog::Step));
    // count: 0, 3, ..., 27; over [20, 50): 6, 9, 12 (the value at 20, and changes at 30 and 40).
    EXPECT_EQ(rs::waveform::rowNumberRange(s, v.rows()[1], 0, 100), (std::pair<double, double>{0, 27}));
    EXPECT_EQ(rs::waveform::rowNumberRange(s, v.rows()[1], 20, 50), (std::pair<double, double>{6, 12}));
    const std::uint64_t minus2 = 0xFE;
    EXPECT_EQ(rs::waveform::rowNumber(Words(&minus2, 1), 8, Radix::Signed), -2);
    EXPECT_EQ(rs::waveform::rowNumber(Words(&minus2, 1), 8, Radix::Hex), 254);
    const std::string json = v.toJson();
    EXPECT_NE(json.find("\"analog\": {\"mode\": \"linear\", \"scale\": \"visible\"}"), std::string::npos)
        << json;
    EXPECT_EQ(WaveViewState::fromJson(json, s).rows(), v.rows());
}

TEST(WaveRows, SavedViewVersion2KeepsEveryRowAndReadsVersion1) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    v.setEnum(3, "/work/phase.txt", {{0, "IDLE"}, {3, "FINAL"}});
    v.setRadix(0, Radix::Signed);
    v.setRadix(4, Radix::Ascii);
    v.renameRow(4, "greeting");
    v.groupBits(s, {1, 2});
    v.insertSeparator(1);
    v.insertComment(0, "a \"quoted\" note");
    const std::string json = v.toJson();
    EXPECT_NE(json.find("\"version\": 2"), std::string::npos);
    EXPECT_NE(json.find("{\"kind\": \"separator\"}"), std::string::npos) << json;
    EXPECT_NE(json.find("\"bits\": [{\"signal\": \"a\", \"bit\": 0}, {\"signal\": \"b\", \"bit\": 0}]"),
              std::string::npos)
        << json;
    EXPECT_NE(
        json.find(
            "\"enum\": {\"file\": \"/work/phase.txt\", \"values\": {\"0\": \"IDLE\", \"3\": \"FINAL\"}}"),
        std::string::npos)
        << json;
    const WaveViewState back = WaveViewState::fromJson(json, s);
    EXPECT_EQ(back.rows(), v.rows());

    // A version 1 file (before rows had kinds, labels and bits) reads as it did.
    const std::string v1 = R"({"format": "roundscope-wave-view", "version": 1,
        "rows": [{"signal": "count", "radix": "dec"}, {"signal": "phase", "radix": "hex"}],
        "range": {"begin": 0, "end": 100, "fitted": true}, "cursors": {}, "markers": [],
        "clock": {"mhz": 0, "ticks_are_cycles": true}, "unit": "cycles"})";
    const WaveViewState old = WaveViewState::fromJson(v1, s);
    ASSERT_EQ(old.rows().size(), 2u);
    EXPECT_EQ(old.rows()[0].radix, Radix::Dec);
    EXPECT_EQ(old.rows()[1].name, "phase");
    // Version 1 knows no "kind"; version 3 is refused; enum needs its values; a bit past the width drops.
    const auto error = [&](std::string text) {
        try {
            WaveViewState::fromJson(text, s);
        } catch (const ViewStateError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    std::string bad = v1;
    bad.replace(bad.find("{\"signal\": \"count\""), 1, "{\"kind\": \"separator\", ");
    EXPECT_EQ(error(bad), "wave view: rows[0].kind: unknown key");
    bad = v1;
    bad.replace(bad.find("\"version\": 1"), 12, "\"version\": 3");
    EXPECT_EQ(error(bad), "wave view: version: 3; this RoundScope reads versions 1 to 2");
    std::string v2 = v1;
    v2.replace(v2.find("\"version\": 1"), 12, "\"version\": 2");
    bad = v2;
    bad.replace(bad.find("\"radix\": \"hex\""), 14, "\"radix\": \"enum\"");
    EXPECT_EQ(error(bad), "wave view: rows[1].radix: enum without its \"enum\" values");
    bad = v2;
    bad.replace(bad.find("{\"signal\": \"phase\""), 18, "{\"bits\": [{\"signal\": \"phase\", \"bit\": 2}]");
    std::vector<std::string> dropped;
    EXPECT_EQ(WaveViewState::fromJson(bad, s, &dropped).rows().size(), 1u);
    ASSERT_EQ(dropped.size(), 1u);
    EXPECT_EQ(dropped[0], "row 'phase[2]': the signal has 2 bits");
}

} // namespace
