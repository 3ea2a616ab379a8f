// The waveform view's state as data (core/waveform/viewstate.h): zoom, pan and fit arithmetic at the
// trace's edges and the zoom limits, rows and the selection, cursors and named markers, the cycle axis
// of a clock signal and ns, cursor placement by condition, and the saved-view JSON: a round trip, what
// a trace lacks dropped with a note, and every kind of bad file refused with the key named. A scan of the
// widgets holds rule 19: the waveform view and the lane chart keep no view state of their own.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "core/fileio/safefile.h"
#include "core/waveform/expression.h"
#include "core/waveform/viewstate.h"

namespace {

using rs::waveform::Cursor;
using rs::waveform::Radix;
using rs::waveform::SignalId;
using rs::waveform::Tick;
using rs::waveform::TimeUnit;
using rs::waveform::ViewStateError;
using rs::waveform::WaveformStore;
using rs::waveform::WaveMarker;
using rs::waveform::WaveViewState;
using rs::waveform::Words;

// 1000 ticks of 1 ns: clk rises at 5, 15, 25, ... (period 10); count steps every 10 ticks; fsm idle, run
// from 250, done from 500.
WaveformStore trace() {
    WaveformStore s;
    const SignalId clk = s.addSignal("clk", 1, "top");
    const SignalId count = s.addSignal("count", 16, "top");
    const SignalId fsm = s.addSignal("fsm", 2, "top");
    s.setValueNames(fsm, {{0, "idle"}, {1, "run"}, {2, "done"}});
    for (Tick t = 0; t < 1000; t += 5)
        s.sample(clk, t, (t / 5) % 2);
    for (Tick t = 0; t < 1000; t += 10)
        s.sample(count, t, t / 10);
    s.sample(fsm, 0, 0);
    s.sample(fsm, 250, 1);
    s.sample(fsm, 500, 2);
    s.advance(1000);
    s.setTickSeconds(1e-9);
    return s;
}

WaveViewState viewOf(const WaveformStore& s, double left = 100, double width = 500) {
    WaveViewState v;
    v.setWaveArea(left, width);
    v.reset(s);
    return v;
}

Words word(const std::uint64_t& v) {
    return Words(&v, 1);
}

TEST(ViewState, FitZoomAndPanStayInTheTrace) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s); // 500 px over 1000 ticks
    EXPECT_TRUE(v.isFitted());
    EXPECT_DOUBLE_EQ(v.beginTick(), 0);
    EXPECT_DOUBLE_EQ(v.ticksPerPixel(), 2);
    EXPECT_DOUBLE_EQ(v.endTick(), 1000);
    // x <-> tick over the wave area that starts at x = 100.
    EXPECT_DOUBLE_EQ(v.xOfTick(0), 100);
    EXPECT_DOUBLE_EQ(v.xOfTick(1000), 600);
    EXPECT_DOUBLE_EQ(v.tickOfX(350), 500);
    // Zoom x4 about tick 200: it keeps its pixel, the range shrinks to 250 ticks.
    const double x200 = v.xOfTick(200);
    ASSERT_TRUE(v.zoomBy(4, 200.0));
    EXPECT_FALSE(v.isFitted());
    EXPECT_DOUBLE_EQ(v.endTick() - v.beginTick(), 250);
    EXPECT_DOUBLE_EQ(v.xOfTick(200), x200);
    // Zoom about a tick near the start: the range cannot begin before tick 0.
    v.fit();
    v.zoomBy(2, 10.0);
    EXPECT_DOUBLE_EQ(v.beginTick(), 5);
    v.zoomBy(1, 0.0);
    v.panPixels(-1e6);
    EXPECT_DOUBLE_EQ(v.beginTick(), 0);
    // ...nor end after the trace.
    v.panPixels(1e9);
    EXPECT_DOUBLE_EQ(v.endTick(), 1000);
    // Deepest zoom: 40 px per tick; widest: the whole trace.
    for (int i = 0; i < 40; ++i)
        v.zoomBy(2);
    EXPECT_DOUBLE_EQ(v.ticksPerPixel(), 1.0 / WaveViewState::kMaxPixelsPerTick);
    v.zoomBy(1e-9);
    EXPECT_DOUBLE_EQ(v.ticksPerPixel(), 2);
    EXPECT_DOUBLE_EQ(v.beginTick(), 0);
    EXPECT_FALSE(v.zoomBy(0));
    EXPECT_FALSE(v.zoomBy(-2));
    // A range is set as asked, within the trace; an empty or reversed one is refused.
    ASSERT_TRUE(v.setVisibleRange(900, 1100));
    EXPECT_DOUBLE_EQ(v.beginTick(), 800); // 200 ticks wide, ending at the trace's end
    EXPECT_DOUBLE_EQ(v.endTick(), 1000);
    EXPECT_FALSE(v.setVisibleRange(10, 10));
    EXPECT_FALSE(v.setVisibleRange(20, 10));
    EXPECT_DOUBLE_EQ(v.beginTick(), 800);
    v.scrollTo(-5);
    EXPECT_DOUBLE_EQ(v.beginTick(), 0);
}

TEST(ViewState, ResizeKeepsAFittedViewFittedAndTheScaleOfAnother) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    v.setWaveArea(100, 250);
    v.keepInTrace();
    EXPECT_DOUBLE_EQ(v.endTick(), 1000); // still the whole trace
    EXPECT_DOUBLE_EQ(v.ticksPerPixel(), 4);
    v.setVisibleRange(500, 600); // 0.4 ticks per pixel
    v.setWaveArea(100, 500);
    v.keepInTrace();
    EXPECT_DOUBLE_EQ(v.ticksPerPixel(), 0.4);
    EXPECT_DOUBLE_EQ(v.beginTick(), 500);
    EXPECT_DOUBLE_EQ(v.endTick(), 700);
    v.setWaveArea(100, 5000); // 5000 px at 0.4 would pass the trace's end: pulled back to its start
    v.keepInTrace();
    EXPECT_DOUBLE_EQ(v.beginTick(), 0);
    // ensureVisible centres a tick outside the range, and leaves one inside alone.
    v.setWaveArea(100, 500);
    v.setVisibleRange(0, 100);
    EXPECT_FALSE(v.ensureVisible(99));
    EXPECT_TRUE(v.ensureVisible(300));
    EXPECT_DOUBLE_EQ(v.beginTick(), 250);
    EXPECT_TRUE(v.ensureVisible(999));
    EXPECT_DOUBLE_EQ(v.endTick(), 1000);
}

TEST(ViewState, AnEmptyTraceHasOneTickOfRange) {
    WaveViewState v;
    v.setWaveArea(0, 100);
    v.reset(WaveformStore());
    EXPECT_EQ(v.traceEnd(), Tick{0});
    EXPECT_DOUBLE_EQ(v.beginTick(), 0);
    EXPECT_GT(v.endTick(), 0);
    v.setCursor(Cursor::A, 50);
    EXPECT_EQ(v.cursorA(), Tick{0});
    EXPECT_EQ(v.clampTick(-3.0), Tick{0});
}

TEST(ViewState, RowsAndTheSelection) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    EXPECT_TRUE(v.addSignal(s, 0));
    EXPECT_TRUE(v.addSignal(s, 1));
    EXPECT_TRUE(v.addSignal(s, 2));
    EXPECT_FALSE(v.addSignal(s, 2)); // shown already
    EXPECT_FALSE(v.addSignal(s, 3)); // no such signal
    ASSERT_EQ(v.rows().size(), 3u);
    EXPECT_EQ(v.rows()[0].radix, Radix::Hex);
    EXPECT_EQ(v.rows()[2].radix, Radix::Named); // FSM states by name
    EXPECT_EQ(v.rows()[2].name, "fsm");
    EXPECT_EQ(v.rowOf(1), 1);
    EXPECT_EQ(v.rowOf(7), -1);

    EXPECT_FALSE(v.setSelectedRow(-5)); // none selected already
    EXPECT_TRUE(v.setSelectedRow(99));  // clamped to the last row
    EXPECT_EQ(v.selectedRow(), 2);
    EXPECT_EQ(v.selectedSignal(), SignalId{2});
    // Removing a row above the selection keeps it on its signal.
    EXPECT_TRUE(v.removeRow(0));
    EXPECT_EQ(v.selectedRow(), 1);
    EXPECT_EQ(v.selectedSignal(), SignalId{2});
    EXPECT_FALSE(v.removeRow(5));
    // Moving a row: the selection follows the selected signal.
    v.addSignal(s, 0); // count, fsm, clk
    EXPECT_TRUE(v.moveRow(2, -2));
    EXPECT_EQ(v.rows()[0].id, SignalId{0});
    EXPECT_EQ(v.selectedSignal(), SignalId{2});
    EXPECT_EQ(v.selectedRow(), 2);
    EXPECT_TRUE(v.moveRow(2, -1));
    EXPECT_EQ(v.selectedRow(), 1);
    EXPECT_FALSE(v.moveRow(0, -1)); // already first
    EXPECT_FALSE(v.moveRow(-1, 1));
    EXPECT_TRUE(v.setRadix(0, Radix::Bin));
    EXPECT_EQ(v.rows()[0].radix, Radix::Bin);
    EXPECT_FALSE(v.setRadix(3, Radix::Dec));
    // Removing the last row while it is selected selects the one above.
    v.setSelectedRow(2);
    v.removeRow(2);
    EXPECT_EQ(v.selectedRow(), 1);
    v.removeRow(0);
    v.removeRow(0);
    EXPECT_EQ(v.selectedRow(), -1);
    EXPECT_FALSE(v.selectedSignal());
}

TEST(ViewState, CursorsAndNamedMarkers) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    EXPECT_FALSE(v.cursorDelta());
    v.setCursor(Cursor::A, 100);
    v.setCursor(Cursor::B, 5000); // clamped to the last tick
    EXPECT_EQ(v.cursorB(), Tick{999});
    EXPECT_DOUBLE_EQ(*v.cursorDelta(), 899);
    EXPECT_TRUE(v.clearCursor(Cursor::B));
    EXPECT_FALSE(v.clearCursor(Cursor::B));
    EXPECT_EQ(v.cursor(Cursor::A), Tick{100});

    v.addMarker(300);
    v.addMarker(100, "load");
    v.addMarker(300); // one marker per tick
    v.addMarker(200);
    ASSERT_EQ(v.markers().size(), 3u);
    EXPECT_EQ(v.markers()[0], (WaveMarker{100, "load"}));
    EXPECT_EQ(v.markerLabel(0), "load");
    EXPECT_EQ(v.markerLabel(1), "M2"); // its place in tick order
    EXPECT_EQ(v.markerLabel(2), "M3");
    v.addMarker(300, "take"); // a name given renames the marker there
    EXPECT_EQ(v.markerLabel(2), "take");
    EXPECT_TRUE(v.renameMarker(1, "issue"));
    EXPECT_FALSE(v.renameMarker(3, "x"));
    EXPECT_TRUE(v.removeMarker(0));
    EXPECT_FALSE(v.removeMarker(2));
    EXPECT_EQ(v.markers()[0].name, "issue");
    v.addMarker(99999);
    EXPECT_EQ(v.markers().back().tick, Tick{999});
    v.clearMarkers();
    v.clearCursors();
    EXPECT_TRUE(v.markers().empty());
    EXPECT_FALSE(v.cursorA());
}

TEST(ViewState, CyclesOfAClockSignalAndNanoseconds) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    v.setTicksAreCycles(false); // a file: simulator time units
    EXPECT_FALSE(v.countsCycles());
    v.setCursor(Cursor::A, 15);
    v.setCursor(Cursor::B, 115);
    EXPECT_DOUBLE_EQ(*v.cursorDelta(), 100);   // ticks
    EXPECT_DOUBLE_EQ(*v.cursorDeltaNs(), 100); // 1 ns ticks
    v.setClock(s, 0);
    EXPECT_TRUE(v.countsCycles());
    EXPECT_EQ(v.clockSignal(), SignalId{0});
    EXPECT_EQ(v.clockName(), "clk");
    EXPECT_DOUBLE_EQ(*v.cursorDelta(), 10); // 10 periods of clk
    EXPECT_DOUBLE_EQ(v.cycleAt(15), 1);
    EXPECT_EQ(v.tickOfCycle(3), Tick{35});
    EXPECT_DOUBLE_EQ(*v.cursorDeltaNs(), 100); // still by the tick length: no frequency given
    v.setClockMHz(200);                        // 10 cycles at 200 MHz
    EXPECT_DOUBLE_EQ(*v.cursorDeltaNs(), 50);
    EXPECT_DOUBLE_EQ(*v.tickNs(35), 15); // cycle 3
    v.setClockMHz(-1);
    EXPECT_DOUBLE_EQ(v.clockMHz(), 0);
    // A signal that cannot clock leaves the axis as it was.
    EXPECT_THROW(v.setClock(s, 1), std::invalid_argument);
    EXPECT_EQ(v.clockName(), "clk");
    v.clearClock();
    EXPECT_FALSE(v.clockSignal());
    EXPECT_TRUE(v.clockAxis().isIdentity());
    // Without a tick length or a frequency there are no ns.
    WaveformStore bare;
    bare.addSignal("x", 1);
    bare.advance(10);
    WaveViewState b = viewOf(bare);
    b.setCursor(Cursor::A, 1);
    b.setCursor(Cursor::B, 2);
    EXPECT_FALSE(b.cursorDeltaNs());
    EXPECT_FALSE(b.tickNs(3));
    b.setTimeUnit(TimeUnit::Nanoseconds);
    EXPECT_EQ(b.timeUnit(), TimeUnit::Nanoseconds);
}

TEST(ViewState, NanosecondsComeFromTheDifference) {
    // Two absolute times far into a trace differ from their difference in the last bits; Δ is exact.
    WaveformStore s;
    s.addSignal("x", 1);
    s.advance(20'000);
    s.setTickSeconds(1e-8);
    WaveViewState v = viewOf(s);
    v.setCursor(Cursor::A, 12'345);
    v.setCursor(Cursor::B, 12'350);
    EXPECT_DOUBLE_EQ(*v.cursorDeltaNs(), 50);
    v.setClockMHz(300);
    EXPECT_DOUBLE_EQ(*v.cursorDeltaNs(), 50.0 / 3);
}

TEST(ViewState, CursorPlacementByConditionAndJumps) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    // wave delta's events: the first tick >= from where the signal starts to hold the value.
    const std::uint64_t idle = 0, run = 1, c25 = 25, c30 = 30, c12 = 12;
    EXPECT_TRUE(v.placeCursor(Cursor::A, s, 2, word(idle), 0)); // held from tick 0: tick 0 counts
    EXPECT_EQ(v.cursorA(), Tick{0});
    EXPECT_TRUE(v.placeCursor(Cursor::A, s, 2, word(run), 0));
    EXPECT_EQ(v.cursorA(), Tick{250});
    EXPECT_TRUE(v.placeCursor(Cursor::B, s, 1, word(c30), *v.cursorA()));
    EXPECT_EQ(v.cursorB(), Tick{300});
    EXPECT_DOUBLE_EQ(*v.cursorDelta(), 50);
    EXPECT_TRUE(v.placeCursor(Cursor::B, s, 1, word(c25), 250)); // starts at from: counts
    EXPECT_EQ(v.cursorB(), Tick{250});
    EXPECT_FALSE(v.placeCursor(Cursor::B, s, 1, word(c25), 255)); // held at from, started before it
    EXPECT_FALSE(v.placeCursor(Cursor::B, s, 1, word(c12), 250)); // only before from
    EXPECT_EQ(v.cursorB(), Tick{250});                            // unchanged when not found
    EXPECT_FALSE(v.placeCursor(Cursor::A, s, 2, word(idle), 1));  // idle never starts again
    EXPECT_EQ(v.cursorA(), Tick{250});
}

TEST(ViewState, JumpsMoveCursorAOnTheSelectedSignal) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    const std::uint64_t done = 2, idle = 0;
    EXPECT_FALSE(v.jumpToNextEdge(s)); // no row selected
    v.addSignal(s, 2);
    v.setSelectedRow(0);
    EXPECT_TRUE(v.jumpToValue(s, word(idle))); // from no cursor, the value held from tick 0
    EXPECT_EQ(v.cursorA(), Tick{0});
    EXPECT_TRUE(v.jumpToNextEdge(s));
    EXPECT_EQ(v.cursorA(), Tick{250});
    EXPECT_TRUE(v.jumpToValue(s, word(done)));
    EXPECT_EQ(v.cursorA(), Tick{500});
    EXPECT_FALSE(v.jumpToNextEdge(s)); // the last change
    EXPECT_TRUE(v.jumpToPreviousEdge(s));
    EXPECT_EQ(v.cursorA(), Tick{250});
    EXPECT_FALSE(v.jumpToValue(s, word(done), false));
    EXPECT_EQ(v.cursorA(), Tick{250});
}

TEST(ViewState, TheWidgetsKeepNoViewStateOfTheirOwn) {
    // Rows, range, cursors, markers and the axis live in WaveViewState (docs/CONVENTIONS.md rule 19): a
    // member for any of them in the widgets is a second copy that the saved view and the CLI would not see.
    const std::regex member(
        R"(\bm_(begin|perPixel|fitted|nameWidth|rows|selected|cursor|second|markers|axis|unit|mhz|ticksAreCycles)\b)");
    const std::string root = std::string(RS_TEST_SOURCE_DIR) + "/../../app/ui/";
    for (const char* file :
         {"waveform/waveformview.h", "waveform/waveformview.cpp", "waveform/waveformviewevents.cpp",
          "ip/pipelinelaneview.h", "ip/pipelinelaneview.cpp"}) {
        const std::string text = rs::fileio::readFileBounded(root + file, 1 << 20, "a widget's source");
        std::smatch m;
        EXPECT_FALSE(std::regex_search(text, m, member)) << file << " holds view state: " << m.str();
        // The lane chart reads the state, not the widget.
        if (std::string(file).rfind("ip/", 0) == 0)
            EXPECT_EQ(text.find("waveformview.h"), std::string::npos) << file;
    }
}

// A view with something in every field: rows of every radix, a range, both cursors, named and unnamed
// markers, a clock, a frequency, ns.
WaveViewState fullView(const WaveformStore& s) {
    WaveViewState v;
    v.setWaveArea(0, 1); // the area a read view has (it is not saved)
    v.reset(s);
    v.addSignal(s, 2);
    v.addSignal(s, 0);
    v.addSignal(s, 1);
    v.setRadix(2, Radix::Dec);
    v.setRadix(1, Radix::Bin);
    v.setVisibleRange(100, 100.5); // exact in binary: the round trip compares doubles exactly
    v.setCursor(Cursor::A, 250);
    v.setCursor(Cursor::B, 500);
    v.addMarker(300, "take \"1\"\\ \n µ");
    v.addMarker(40);
    v.setClock(s, 0);
    v.setClockMHz(100);
    v.setTicksAreCycles(false);
    v.setTimeUnit(TimeUnit::Nanoseconds);
    return v;
}

TEST(ViewStateJson, RoundTrip) {
    const WaveformStore s = trace();
    const WaveViewState v = fullView(s);
    const std::string json = v.toJson();
    EXPECT_NE(json.find("\"format\": \"roundscope-wave-view\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"version\": 2"), std::string::npos) << json;
    std::vector<std::string> dropped{"stale"};
    const WaveViewState back = WaveViewState::fromJson(json, s, &dropped);
    EXPECT_TRUE(dropped.empty());
    EXPECT_EQ(back, v) << json << "\n" << back.toJson();
    EXPECT_EQ(back.toJson(), json);
    // A fitted view reads back fitted; one with nothing in it too.
    WaveViewState plain = viewOf(s, 0, 1);
    EXPECT_EQ(WaveViewState::fromJson(plain.toJson(), s), plain) << plain.toJson();
    // The range of a wider view: its ticks, whatever the reader's width.
    WaveViewState wide = viewOf(s, 190, 800);
    wide.setVisibleRange(100, 500);
    const WaveViewState read = WaveViewState::fromJson(wide.toJson(), s);
    EXPECT_DOUBLE_EQ(read.beginTick(), 100);
    EXPECT_DOUBLE_EQ(read.endTick(), 500);
    EXPECT_FALSE(read.isFitted());
}

TEST(ViewStateJson, WhatTheTraceLacksIsDroppedWithANote) {
    const WaveformStore s = trace();
    const std::string json = fullView(s).toJson();
    // Another trace: no "count", a "clk" that is a bus, and only 200 ticks.
    WaveformStore other;
    other.addSignal("clk", 4);
    other.addSignal("fsm", 2);
    other.addSignal("extra", 1);
    other.advance(200);
    std::vector<std::string> dropped;
    const WaveViewState v = WaveViewState::fromJson(json, other, &dropped);
    ASSERT_EQ(dropped.size(), 2u);
    EXPECT_NE(dropped[0].find("row 'count'"), std::string::npos) << dropped[0];
    EXPECT_NE(dropped[1].find("clock 'clk'"), std::string::npos) << dropped[1];
    ASSERT_EQ(v.rows().size(), 2u); // fsm and clk, found by name: their ids in this trace
    EXPECT_EQ(v.rows()[0].id, SignalId{1});
    EXPECT_EQ(v.rows()[1].id, SignalId{0});
    EXPECT_FALSE(v.clockSignal());
    EXPECT_EQ(v.cursorB(), Tick{199}); // clamped into the trace
    EXPECT_EQ(v.markers().back().tick, Tick{199});
    EXPECT_LE(v.endTick(), 200);
}

TEST(ViewStateJson, BadFilesAreRefusedNamingTheKey) {
    const WaveformStore s = trace();
    const std::string good = fullView(s).toJson();
    const auto replaced = [&good](const std::string& from, const std::string& to) {
        const std::size_t at = good.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return good.substr(0, at) + to + good.substr(at + from.size());
    };
    const struct {
        std::string json;
        std::string says;
    } cases[] = {
        {"", "line 1, column 1: the text ends"},
        {"{", "expected a string"},
        {"[1,]", "unexpected character ']'"},
        {"{\"a\": 1,}", "expected a string"},
        {"{\"a\": 01}", "expected '}'"},
        {"{\"a\": 1.}", "digits after '.'"},
        {"{\"a\": NaN}", "unexpected character 'N'"},
        {"{\"a\": \"x\ty\"}", "control character"},
        {"{\"a\": \"\\ud800\"}", "high surrogate"},
        {"{\"a\": \"\\q\"}", "unknown escape"},
        {"{\"a\": 1, \"a\": 2}", "\"a\" appears twice"},
        {good + "x", "text after the JSON value"},
        {std::string(100, '[') + std::string(100, ']'), "nested deeper"},
        {"[]", "the file: expected an object"},
        {replaced("roundscope-wave-view", "gtkwave-save"), "format: 'gtkwave-save' is not"},
        {replaced("\"version\": 2", "\"version\": 3"), "version: 3; this RoundScope reads versions 1 to 2"},
        {replaced("\"version\": 2", "\"version\": \"2\""), "version: expected a number"},
        {replaced("\"rows\"", "\"lines\""), "rows: missing"},
        {replaced("\"radix\": \"named\"", "\"radx\": \"named\""), "rows[0].radix: missing"},
        {replaced("\"radix\": \"named\"", "\"radix\": \"octal\""),
         "rows[0].radix: 'octal' is not one of hex, dec, bin, named, signed, ascii, enum"},
        {replaced("\"radix\": \"named\"}", "\"radix\": \"named\", \"colour\": 1}"),
         "rows[0].colour: unknown key"},
        {replaced("{\"signal\": \"clk\"", "{\"signal\": \"fsm\""), "rows[1].signal: 'fsm' is shown twice"},
        {replaced("{\"signal\": \"clk\"", "{\"signal\": \"\""), "rows[1].signal: empty"},
        {replaced("\"begin\": 100", "\"begin\": -1"), "range.begin: -1 is negative"},
        {replaced("\"begin\": 100", "\"begin\": 1e999"), "range.begin: 1e999 is out of range"},
        {replaced("\"begin\": 100", "\"begin\": 200"), "range.end: not after begin"},
        {replaced("\"fitted\": false", "\"fitted\": 0"), "range.fitted: expected true/false, found a number"},
        {replaced("\"a\": 250", "\"a\": 2.5"), "cursors.a: 2.5 is not a tick"},
        {replaced("\"a\": 250", "\"a\": -250"), "cursors.a: -250 is not a tick"},
        {replaced("\"a\": 250", "\"a\": 18446744073709551616"), "cursors.a: 18446744073709551616 is not"},
        {replaced("\"a\": 250", "\"c\": 250"), "cursors.c: unknown key"},
        {replaced("{\"tick\": 300", "{\"tick\": 40"), "markers[1].tick: a second marker at tick 40"},
        {replaced("\"markers\": [", "\"markers\": [7, "), "markers[0]: expected an object, found a number"},
        {replaced("\"mhz\": 100", "\"mhz\": null"), "clock.mhz: expected a number, found null"},
        {replaced("\"unit\": \"ns\"", "\"unit\": \"ps\""), "unit: 'ps' is not one of cycles, ns"},
        {replaced("\"unit\": \"ns\"", "\"unit\": \"ns\", \"zoom\": 2"), "zoom: unknown key"},
    };
    for (const auto& c : cases) {
        try {
            WaveViewState::fromJson(c.json, s);
            ADD_FAILURE() << "accepted: " << c.json;
        } catch (const ViewStateError& e) {
            EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos)
                << "said: " << e.what() << "\nexpected: " << c.says;
        }
    }
    // What JSON allows is read: whitespace anywhere, escapes, keys in any order, an exponent.
    const WaveViewState v = WaveViewState::fromJson(
        " {\"unit\":\"cycles\",\"version\":1,\"format\":\"roundscope-wave-view\",\r\n\t\"rows\":[{\"radix\":"
        "\"hex\",\"signal\":\"\\u0063ount\"}],\"range\":{\"begin\":1E1,\"end\":2.5e2,\"fitted\":false},"
        "\"cursors\":{},\"markers\":[],\"clock\":{\"mhz\":0,\"ticks_are_cycles\":true}} ",
        s);
    ASSERT_EQ(v.rows().size(), 1u);
    EXPECT_EQ(v.rows()[0].id, SignalId{1});
    EXPECT_DOUBLE_EQ(v.beginTick(), 10);
    EXPECT_DOUBLE_EQ(v.endTick(), 250);
}

} // namespace

namespace {

std::shared_ptr<WaveformStore> twoBuses(std::uint64_t a0, std::uint64_t a1, bool withB = true) {
    auto s = std::make_shared<WaveformStore>();
    const auto a = s->addSignal("a", 8);
    s->sample(a, 0, a0);
    s->sample(a, 10, a1);
    if (withB) {
        const auto b = s->addSignal("b", 8);
        s->sample(b, 0, 1);
    }
    s->advance(20);
    return s;
}

} // namespace

TEST(ViewState, ComputedRowsAreSavedAndRecomputedOverTheNewTrace) {
    const auto s = twoBuses(2, 3);
    WaveViewState v;
    v.reset(*s);
    ASSERT_TRUE(v.addSignal(*s, rs::waveform::addComputedSignal(*s, "a + b")));
    const std::string json = v.toJson();
    EXPECT_NE(json.find("\"expression\": \"a + b\", \"width\": 9"), std::string::npos) << json;

    // The same view over another file: the row is computed again from that file's a and b.
    const auto other = twoBuses(40, 50);
    std::vector<std::string> dropped;
    const WaveViewState back = WaveViewState::fromJson(json, *other, &dropped);
    EXPECT_TRUE(dropped.empty());
    ASSERT_EQ(back.rows().size(), std::size_t{1});
    EXPECT_EQ(back.rows()[0].expression, "a + b");
    EXPECT_EQ(back.rows()[0].expressionWidth, 9);
    const SignalId id = back.rows()[0].id;
    EXPECT_EQ(other->signal(id).group, "computed");
    EXPECT_EQ(other->wordsAt(id, 0)[0], 41u);
    EXPECT_EQ(other->wordsAt(id, 15)[0], 51u);
    EXPECT_EQ(back.toJson(), json);

    // A file without b: the row is dropped with a note naming the expression.
    const auto noB = twoBuses(1, 2, false);
    dropped.clear();
    const WaveViewState without = WaveViewState::fromJson(json, *noB, &dropped);
    EXPECT_TRUE(without.rows().empty());
    ASSERT_EQ(dropped.size(), std::size_t{1});
    EXPECT_NE(dropped[0].find("computed row 'a + b'"), std::string::npos) << dropped[0];
}

TEST(ViewState, ShownSignalsAreThoseOfSignalRowsWholeOrAsBitsOnceEach) {
    const WaveformStore s = trace();
    WaveViewState v = viewOf(s);
    EXPECT_TRUE(v.shownSignals().empty());
    ASSERT_TRUE(v.addSignal(s, 2)); // fsm
    ASSERT_TRUE(v.addSignal(s, 1)); // count
    v.insertSeparator(0);           // a separator's id (0, clk's) shows nothing
    v.insertComment(0, "note");
    EXPECT_EQ(v.shownSignals(), (std::vector<SignalId>{1, 2}));
    ASSERT_TRUE(v.expandBits(s, v.rowOf(1))); // count as 16 bit rows: still count, once
    EXPECT_EQ(v.shownSignals(), (std::vector<SignalId>{1, 2}));
    ASSERT_TRUE(v.addSignal(s, 0));
    EXPECT_EQ(v.shownSignals(), (std::vector<SignalId>{0, 1, 2}));
    for (const SignalId id : v.shownSignals())
        EXPECT_TRUE(v.isShown(id));
}
