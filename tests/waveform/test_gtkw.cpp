// GTKWave's save files (core/waveform/gtkw.h): the file GTKWave 3.3.118 itself wrote for verilator.vcd
// (data/wave/gtkwave-made.gtkw, made by make-gtkw.sh) is read and mapped onto the dump's signals; a view
// written and read back is the same view; malformed lines are noted and read past, a file that is not a
// save file is refused with a clear message; and GTKWave reads the file we write with the same signals
// (run headless under xvfb-run; skipped when gtkwave or xvfb-run is missing).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/fileio/safefile.h"
#include "core/waveform/gtkw.h"
#include "core/waveform/waveformfile.h"
#include "tests/waveform/wavetest.h"

namespace {

using namespace rs::waveform;

std::string dataFile(const std::string& name) {
    return std::string(RS_TEST_SOURCE_DIR) + "/data/wave/" + name;
}

int rowOfName(const WaveViewState& view, const std::string& name) {
    for (std::size_t i = 0; i < view.rows().size(); ++i)
        if (view.rows()[i].name == name) return static_cast<int>(i);
    return -1;
}

WaveViewState viewOf(const WaveformStore& store) {
    WaveViewState view;
    view.setWaveArea(0, 1000);
    view.reset(store);
    return view;
}

bool hasNote(const std::vector<std::string>& notes, const std::string& part) {
    for (const std::string& n : notes)
        if (n.find(part) != std::string::npos) return true;
    return false;
}

TEST(Gtkw, ReadsTheFileGtkwaveWrote) {
    const GtkwFile file =
        parseGtkw(rs::fileio::readFileBounded(dataFile("gtkwave-made.gtkw"), 1 << 20, "gtkw"));
    EXPECT_TRUE(file.dumpFile.ends_with("verilator.vcd")) << file.dumpFile;
    ASSERT_TRUE(file.timeStart);
    EXPECT_EQ(*file.timeStart, 10000u);
    ASSERT_TRUE(file.zoom);
    EXPECT_DOUBLE_EQ(*file.zoom, -4.0);
    ASSERT_TRUE(file.cursor);
    EXPECT_EQ(*file.cursor, 50000u);
    ASSERT_EQ(file.markers.size(), 2u);
    EXPECT_EQ(file.markers[0], (GtkwMarker{0, 20000, "first"}));
    EXPECT_EQ(file.markers[1], (GtkwMarker{1, 120000, ""}));
    using K = GtkwTrace::Kind;
    std::vector<std::pair<K, std::string>> traces;
    for (const GtkwTrace& t : file.traces)
        traces.emplace_back(t.kind, t.name);
    const std::vector<std::pair<K, std::string>> expected = {{K::Signal, "TOP.top.clk"},
                                                             {K::Signal, "TOP.top.phase[2:0]"},
                                                             {K::Signal, "TOP.top.count[7:0]"},
                                                             {K::Signal, "TOP.top.mix[15:0]"},
                                                             {K::GroupBegin, "regs"},
                                                             {K::Signal, "TOP.top.state[319:0]"},
                                                             {K::Signal, "TOP.top.u_sub.count_q[7:0]"},
                                                             {K::GroupEnd, "regs"}};
    EXPECT_EQ(traces, expected);
    EXPECT_TRUE(file.skipped.empty());
    EXPECT_EQ(file.traces[2].flags, gtkwflag::kBin | gtkwflag::kRjustify);    // @28
    EXPECT_EQ(file.traces[3].flags, gtkwflag::kSigned | gtkwflag::kRjustify); // @420
    EXPECT_EQ(file.traces[5].flags, gtkwflag::kHex | gtkwflag::kRjustify);    // @22
    EXPECT_EQ(file.traces[6].flags, gtkwflag::kDec | gtkwflag::kRjustify);    // @24

    // Mapped onto the dump GTKWave had open: every trace found, by its scopes below TOP.
    const WaveformStore store = readWaveformFile(dataFile("verilator.vcd"));
    WaveViewState view = viewOf(store);
    std::vector<std::string> notes;
    applyGtkw(file, store, view, &notes);
    ASSERT_EQ(view.rows().size(), 7u); // six signals and the group's header
    std::vector<std::string> names;
    for (const WaveRow& r : view.rows())
        names.push_back(r.isSignal() ? gtkwaveName(store.signal(r.id), "TOP") : "group " + r.label);
    EXPECT_EQ(names, (std::vector<std::string>{"TOP.top.clk", "TOP.top.phase[2:0]", "TOP.top.count[7:0]",
                                               "TOP.top.mix[15:0]", "group regs", "TOP.top.state[319:0]",
                                               "TOP.top.u_sub.count_q[7:0]"}));
    EXPECT_EQ(view.rows()[4].kind, RowKind::Group);
    EXPECT_FALSE(view.rows()[4].collapsed);
    EXPECT_TRUE(view.rows()[5].grouped && view.rows()[6].grouped);
    EXPECT_FALSE(view.rows()[3].grouped);
    EXPECT_EQ(view.rows()[2].radix, Radix::Bin);
    EXPECT_EQ(view.rows()[3].radix, Radix::Signed);
    EXPECT_EQ(view.rows()[5].radix, Radix::Hex);
    EXPECT_EQ(view.rows()[6].radix, Radix::Dec);
    EXPECT_TRUE(notes.empty()) << notes.front();
    EXPECT_EQ(view.cursorA(), Tick{50000});
    ASSERT_EQ(view.markers().size(), 2u);
    EXPECT_EQ(view.markers()[0], (WaveMarker{20000, "first"}));
    EXPECT_EQ(view.markers()[1].tick, 120000u);
    EXPECT_DOUBLE_EQ(view.ticksPerPixel(), 16.0);
    EXPECT_DOUBLE_EQ(view.beginTick(), 10000.0);
}

TEST(Gtkw, AViewWrittenAndReadBackIsTheSameView) {
    const WaveformStore store = readWaveformFile(dataFile("verilator.vcd"));
    WaveViewState view = viewOf(store);
    for (const char* name : {"state", "clk", "count_q", "phase"}) {
        const auto id = store.find(name);
        ASSERT_TRUE(id) << name;
        view.addSignal(store, *id);
    }
    view.setRadix(0, Radix::Bin);
    view.setRadix(2, Radix::Dec);
    view.setRadix(3, Radix::Signed);
    view.renameRow(1, "the clock");
    view.insertComment(2, "the sub-module");
    view.insertSeparator(4);
    ASSERT_GE(view.groupRows(5, 5, "late"), 0); // phase in a closed group
    view.setCollapsed(5, true);
    view.setCursor(Cursor::A, 35000);
    view.addMarker(15000, "start");
    view.addMarker(90000);
    view.setVisibleRange(8000, 8000 + 64 * view.waveWidth());

    const GtkwFile written = gtkwFromView(view, store, "/tmp/dump.vcd", "TOP");
    const std::string text = writeGtkw(written);
    EXPECT_NE(text.find("[dumpfile] \"/tmp/dump.vcd\""), std::string::npos) << text;
    EXPECT_NE(
        text.find("@28\nTOP.top.state[319:0]\n@22\n+{the clock} TOP.top.clk\n@200\n-the sub-module\n@24\n"
                  "TOP.top.u_sub.count_q[7:0]\n@200\n-\n@c00200\n-late\n@420\nTOP.top.phase[2:0]\n@1401200\n-"
                  "late\n"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find("[markername] Astart"), std::string::npos) << text;
    const GtkwFile read = parseGtkw(text);
    // The same lines; a group's or comment's flags are what the writer derives from its kind.
    ASSERT_EQ(read.traces.size(), written.traces.size());
    for (std::size_t i = 0; i < read.traces.size(); ++i) {
        GtkwTrace w = written.traces[i];
        if (w.kind != GtkwTrace::Kind::Signal) w.flags = read.traces[i].flags;
        EXPECT_EQ(read.traces[i], w) << i << " " << w.name;
    }
    EXPECT_EQ(read.markers, written.markers);
    EXPECT_EQ(read.cursor, written.cursor);
    EXPECT_EQ(read.timeStart, written.timeStart);
    EXPECT_EQ(read.dumpFile, written.dumpFile);
    EXPECT_TRUE(read.skipped.empty());

    WaveViewState back = viewOf(store);
    std::vector<std::string> notes;
    applyGtkw(read, store, back, &notes);
    EXPECT_TRUE(notes.empty()) << notes.front();
    EXPECT_EQ(back.rows(), view.rows());
    EXPECT_EQ(back.markers(), view.markers());
    EXPECT_EQ(back.cursorA(), view.cursorA());
    EXPECT_DOUBLE_EQ(back.ticksPerPixel(), 64.0);
    EXPECT_DOUBLE_EQ(back.beginTick(), 8000.0);

    // Groups, comments and blank lines survive our own write and read.
    GtkwFile grouped;
    grouped.traces = {{GtkwTrace::Kind::GroupBegin, "bus", 0, true},
                      {GtkwTrace::Kind::Signal, "TOP.top.clk", gtkwFlagsOf(Radix::Bin), false},
                      {GtkwTrace::Kind::GroupEnd, "bus", 0, true},
                      {GtkwTrace::Kind::Comment, "a note", 0, false},
                      {GtkwTrace::Kind::Blank, "", 0, false}};
    const GtkwFile again = parseGtkw(writeGtkw(grouped));
    ASSERT_EQ(again.traces.size(), grouped.traces.size());
    for (std::size_t i = 0; i < again.traces.size(); ++i) {
        EXPECT_EQ(again.traces[i].kind, grouped.traces[i].kind) << i;
        EXPECT_EQ(again.traces[i].name, grouped.traces[i].name) << i;
        EXPECT_EQ(again.traces[i].closed, grouped.traces[i].closed) << i;
    }
}

TEST(Gtkw, MalformedLinesAreNotedAndReadPast) {
    const GtkwFile file = parseGtkw("[timestart] soon\n"
                                    "*zoom 1 2\n"
                                    "@zz\n"
                                    "TOP.top.clk\n"
                                    "[markername] Qnobody\n"
                                    "[unterminated\n"
                                    "#{TOP.top.bits} TOP.top.count[7] TOP.top.count[6]\n"
                                    "@28\n"
                                    "TOP.top.nosuch[3:0]\n"
                                    "TOP.top.count[7:0]\n");
    ASSERT_EQ(file.skipped.size(), 6u);
    EXPECT_EQ(file.skipped[0], "line 1: [timestart] is not a time: 'soon'");
    EXPECT_TRUE(file.skipped[1].starts_with("line 2: the marker line")) << file.skipped[1];
    EXPECT_TRUE(file.skipped[2].starts_with("line 3: '@zz' is not a flag line")) << file.skipped[2];
    EXPECT_TRUE(file.skipped[3].starts_with("line 5: [markername] names marker Q")) << file.skipped[3];
    EXPECT_TRUE(file.skipped[4].starts_with("line 6:")) << file.skipped[4];
    EXPECT_TRUE(file.skipped[5].starts_with("line 7: GTKWave's '#' line")) << file.skipped[5];
    ASSERT_EQ(file.traces.size(), 3u);

    const WaveformStore store = readWaveformFile(dataFile("verilator.vcd"));
    WaveViewState view = viewOf(store);
    std::vector<std::string> notes;
    applyGtkw(file, store, view, &notes);
    ASSERT_EQ(view.rows().size(), 2u); // clk and count; nosuch is reported
    EXPECT_EQ(view.rows()[1].radix, Radix::Bin);
    EXPECT_TRUE(hasNote(notes, "'TOP.top.nosuch[3:0]': no such signal in this dump"));
    EXPECT_TRUE(hasNote(notes, "line 1:"));

    EXPECT_THROW(parseGtkw(std::string("\x7f"
                                       "ELF\0\0",
                                       6)),
                 GtkwError);
    try {
        parseGtkw("");
        FAIL() << "an empty file is not a save file";
    } catch (const GtkwError& e) {
        EXPECT_NE(std::string(e.what()).find("not a GTKWave save file"), std::string::npos) << e.what();
    }
}

TEST(Gtkw, NamesAndTopScopes) {
    SignalInfo bus{"count_q", 8, "top.u_sub", {}};
    EXPECT_EQ(gtkwaveName(bus, "TOP"), "TOP.top.u_sub.count_q[7:0]");
    SignalInfo prefixed{"top.u_sub.clk", 1, "top.u_sub", {}}; // the store's name for a second "clk"
    EXPECT_EQ(gtkwaveName(prefixed, "TOP"), "TOP.top.u_sub.clk");
    SignalInfo ip{"phase", 3, "", {}};
    EXPECT_EQ(gtkwaveName(ip, "roundscope"), "roundscope.phase[2:0]");
    EXPECT_EQ(vcdTopScope("$timescale 1ps $end\n $scope module TOP $end\n  $scope module top $end"), "TOP");
    EXPECT_EQ(vcdTopScope("no scopes"), "");
    EXPECT_EQ(radixOfGtkwFlags(gtkwFlagsOf(Radix::Hex)), Radix::Hex);
    EXPECT_EQ(radixOfGtkwFlags(gtkwFlagsOf(Radix::Dec)), Radix::Dec);
    EXPECT_EQ(radixOfGtkwFlags(gtkwFlagsOf(Radix::Bin)), Radix::Bin);
}

// GTKWave itself opens the dump with the .gtkw we write and shows the same signals.
TEST(Gtkw, GtkwaveReadsTheFileWeWrite) {
    if (std::system("command -v gtkwave >/dev/null 2>&1") != 0 ||
        std::system("command -v xvfb-run >/dev/null 2>&1") != 0 ||
        std::system("command -v timeout >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "gtkwave, xvfb-run or timeout is not installed (Debian: apt-get install gtkwave xvfb "
                        "coreutils): GTKWave's reading of our .gtkw is not checked";
    const WaveformStore store = readWaveformFile(dataFile("verilator.vcd"));
    WaveViewState view = viewOf(store);
    for (const char* name : {"state", "clk", "count_q", "phase", "done"})
        view.addSignal(store, *store.find(name));
    view.setRadix(1, Radix::Bin);
    view.setCursor(Cursor::A, 35000);
    const std::string dir = rs::wavetest::tempPath("gtkw-check");
    std::filesystem::create_directories(dir);
    const std::string gtkw = dir + "/view.gtkw";
    const std::string tcl = dir + "/print.tcl";
    rs::fileio::writeFileAtomic(gtkw, writeGtkw(gtkwFromView(view, store, dataFile("verilator.vcd"), "TOP")));
    rs::fileio::writeFileAtomic(tcl, "foreach s [gtkwave::getDisplayedSignals] { puts \"SHOWN $s\" }\n"
                                     "puts \"MARKER [gtkwave::getMarker]\"\n"
                                     "gtkwave::/File/Quit\n");
    const std::string command = "cd '" + dir + "' && timeout 120 xvfb-run -a gtkwave -S print.tcl '" +
                                dataFile("verilator.vcd") + "' view.gtkw 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string output;
    char buf[4096];
    while (const std::size_t n = std::fread(buf, 1, sizeof buf, pipe))
        output.append(buf, n);
    const int status = pclose(pipe);
    ASSERT_EQ(status, 0) << "gtkwave failed or timed out (120 s):\n" << output;
    std::vector<std::string> shown;
    std::size_t at = 0;
    while ((at = output.find("SHOWN ", at)) != std::string::npos) {
        const auto end = output.find('\n', at);
        shown.push_back(output.substr(at + 6, end - at - 6));
        at = end;
    }
    EXPECT_EQ(shown,
              (std::vector<std::string>{"TOP.top.state[319:0]", "TOP.top.clk", "TOP.top.u_sub.count_q[7:0]",
                                        "TOP.top.phase[2:0]", "TOP.top.done"}))
        << output;
    EXPECT_NE(output.find("MARKER 35000"), std::string::npos) << output;
}

} // namespace
