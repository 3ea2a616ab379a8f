// VCD -> FST streamed (convertVcdToFst, fst.h): the FST it writes reads back equal, signal by signal and
// change by change, to readVcdFile of the input and to what writeFstFile of that store writes; it holds
// only a time step at a time (a file whose changes are far over ReadLimits::maxBytes converts, where
// reading it into a store is refused); bad input, a cancel or a missing folder leave no file.

#include <gtest/gtest.h>

#include "core/waveform/fst.h"
#include "core/waveform/vcd.h"
#include "tests/waveform/wavetest.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace rs::waveform;
using rs::wavetest::expectSameStore;
using rs::wavetest::tempPath;

#define NEED_FST()                                                                                           \
    if (!fstSupported()) GTEST_SKIP() << "FST support was not built"

std::string dataFile(const std::string& name) {
    return std::string(RS_TEST_SOURCE_DIR) + "/data/wave/" + name;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

void spit(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

/** Nothing but `keep` in dir whose name starts with stem (no output, no temporary file left). */
std::vector<std::string> leftovers(const std::string& path) {
    const std::filesystem::path p(path);
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(p.parent_path()))
        if (e.path().filename().string().rfind(p.filename().string(), 0) == 0)
            out.push_back(e.path().string());
    return out;
}

/** Converts vcd streamed and checks the FST against readVcdFile(vcd) and against today's whole-store path. */
void expectStreamedEqual(const std::string& vcd, const std::string& label) {
    SCOPED_TRACE(label);
    const std::string streamed = tempPath("streamed.fst"), whole = tempPath("whole.fst");
    const WaveformStore read = readVcdFile(vcd);
    const VcdToFst done = convertVcdToFst(vcd, streamed);
    EXPECT_EQ(done.signalCount, read.signalCount());
    EXPECT_EQ(done.endTick, read.endTick());
    ASSERT_EQ(done.truncation.has_value(), read.truncation().has_value());
    if (done.truncation) {
        EXPECT_EQ(done.truncation->end, read.truncation()->end);
        EXPECT_EQ(done.truncation->line, read.truncation()->line);
        EXPECT_EQ(done.truncation->detail, read.truncation()->detail);
    }
    writeFstFile(read, whole);
    const WaveformStore back = readFstFile(streamed), wholeBack = readFstFile(whole);
    expectSameStore(read, back, true, false); // the FST's end is its last time, as writeFstFile's
    expectSameStore(wholeBack, back, true, true);
    std::filesystem::remove(streamed);
    std::filesystem::remove(whole);
}

TEST(VcdToFst, SimulatorFilesConvertAsTheStoreDoes) {
    NEED_FST();
    // Verilator's trace (320- and 128-bit nets, the code '$') and fst2vcd's rewrite of GTKWave's FST.
    expectStreamedEqual(dataFile("verilator.vcd"), "verilator.vcd");
    expectStreamedEqual(dataFile("fst2vcd.vcd"), "fst2vcd.vcd");
    // The tests' capture: nested groups, a late first change, a first value of 0, a silent signal.
    const std::string capture = tempPath("capture.vcd");
    writeVcdFile(rs::wavetest::makeCapture(3000), capture);
    expectStreamedEqual(capture, "capture");
    std::filesystem::remove(capture);
}

TEST(VcdToFst, WideValuesXzAliasesAndGlitchesAsTheStoreDoes) {
    NEED_FST();
    // x/z before and after a first value, aliases of different widths on one code, a 130-bit bus,
    // several values of one signal in one time step (the last counts; a return to the value before the
    // step is no change), a bare '#' at the end, a $comment in the values.
    const std::string vcd = tempPath("cases.vcd");
    spit(vcd, "$timescale 100ps $end\n$scope module top $end\n$scope module core $end\n"
              "$var wire 1 ! clk $end\n$var wire 4 \" bus $end\n$var wire 8 \" bus8 $end\n"
              "$var wire 130 # wide [129:0] $end\n$upscope $end\n"
              "$var wire 3 %% st $end\n$var wire 1 $ late $end\n$upscope $end\n$enddefinitions $end\n"
              "$dumpvars\nx!\nbxxxx \"\nbz #\nb0 %%\n$end\n"
              "#5\n1!\nb1x1 \"\nb1" +
                  std::string(129, '0') +
                  " #\nb111 %%\nb010 %%\nb0 %%\n"
                  "#6\n0!\nb11111111 \"\n$comment a note $end\nb" +
                  std::string(64, '1') +
                  " #\nz$\n"
                  "#7\n1!\nb0 \"\nb1 \"\nb11111111 \"\nb101 %%\n1$\n0$\n"
                  "#9\nb11 #\nx!\n#20\n");
    expectStreamedEqual(vcd, "cases");
    std::filesystem::remove(vcd);
}

TEST(VcdToFst, CutOffFilesKeepTheirCompleteSteps) {
    NEED_FST();
    // A killed simulation: cut mid-line, between a value and its code, right after a '#', in a $comment.
    const std::string full = slurp(dataFile("verilator.vcd"));
    const std::string body = full.substr(full.find("$enddefinitions"));
    const std::size_t start = full.size() - body.size();
    const std::string cut = tempPath("cut.vcd");
    int checked = 0;
    for (std::size_t at = start + (full.size() - start) / 8; at < full.size();
         at += (full.size() - start) / 7 + 3) {
        spit(cut, full.substr(0, at));
        expectStreamedEqual(cut, "cut at byte " + std::to_string(at));
        ++checked;
    }
    spit(cut, full.substr(0, full.find('\n', full.find("#15000")) + 1) + "b10");
    expectStreamedEqual(cut, "between a value and its code");
    const VcdToFst done = convertVcdToFst(cut, tempPath("cut.fst"));
    ASSERT_TRUE(done.truncation);
    EXPECT_EQ(done.truncation->end, 15000u) << "the step being read when the file ends is left out";
    std::filesystem::remove(tempPath("cut.fst"));
    std::filesystem::remove(cut);
    EXPECT_GE(checked, 5);
}

/** A VCD of `ticks` steps with `width`-bit counters: about 24 bytes of store per change, per signal. */
std::string generatedVcd(int signals, int ticks) {
    std::ostringstream o;
    o << "$timescale 1 ns $end\n$scope module gen $end\n";
    for (int s = 0; s < signals; ++s)
        o << "$var wire 16 s" << s << " v" << s << " $end\n";
    o << "$upscope $end\n$enddefinitions $end\n";
    for (int t = 0; t < ticks; ++t) {
        o << '#' << t << '\n';
        for (int s = 0; s < signals; ++s) {
            o << 'b';
            const unsigned v = static_cast<unsigned>(t * 7 + s * 13) & 0xffffu;
            for (int b = 15; b >= 0; --b)
                o << ((v >> b) & 1u);
            o << " s" << s << '\n';
        }
    }
    return o.str();
}

TEST(VcdToFst, HoldsOneTimeStepNotTheFile) {
    NEED_FST();
    // 400 000 changes: some 6 MiB in a store, refused under a 1 MiB limit; the streamed conversion holds
    // two values per signal and converts it under the same limit.
    const std::string vcd = tempPath("long.vcd"), fst = tempPath("long.fst");
    spit(vcd, generatedVcd(40, 10000));
    ReadLimits small;
    small.maxBytes = std::uint64_t{1} << 20;
    EXPECT_NE(rs::wavetest::errorOf<VcdError>([&] { readVcdFile(vcd, {}, small); }).find("limit of 1 MiB"),
              std::string::npos);
    const VcdToFst done = convertVcdToFst(vcd, fst, {}, small);
    EXPECT_EQ(done.signalCount, 40u);
    EXPECT_EQ(done.endTick, 10000u);
    const WaveformStore read = readVcdFile(vcd);
    EXPECT_EQ(rs::wavetest::totalChanges(read), 400000u);
    expectSameStore(read, readFstFile(fst), true, false);
    std::filesystem::remove(vcd);
    std::filesystem::remove(fst);
}

TEST(VcdToFst, ReportsProgressAndStopsWhenCancelled) {
    NEED_FST();
    const std::string vcd = tempPath("progress.vcd"), fst = tempPath("progress.fst");
    spit(vcd, generatedVcd(8, 20000)); // about 4 MiB: several 256 KiB blocks
    std::vector<double> seen;
    convertVcdToFst(vcd, fst, [&](double f) {
        seen.push_back(f);
        return true;
    });
    ASSERT_GE(seen.size(), 4u);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_DOUBLE_EQ(seen.back(), 1.0);
    std::filesystem::remove(fst);
    EXPECT_THROW(convertVcdToFst(vcd, fst, [](double f) { return f < 0.3; }), WaveformCancelled);
    EXPECT_EQ(leftovers(fst), std::vector<std::string>{}) << "a cancelled conversion leaves nothing";
    std::filesystem::remove(vcd);
}

TEST(VcdToFst, BadInputOrOutputLeavesNoFile) {
    NEED_FST();
    const std::string fst = tempPath("bad.fst");
    // No input file, a directory: refused before the writer starts.
    const std::string missing =
        rs::wavetest::errorOf<VcdError>([&] { convertVcdToFst(tempPath("none.vcd"), fst); });
    EXPECT_NE(missing.find("none.vcd"), std::string::npos) << missing;
    EXPECT_NE(rs::wavetest::errorOf<VcdError>([&] { convertVcdToFst("/tmp", fst); }), "(no error)");
    EXPECT_EQ(leftovers(fst), std::vector<std::string>{});

    // A VCD that goes bad after many steps were written: the reader's message, no file, and an FST already
    // at the target stays as it was.
    const std::string vcd = tempPath("bad.vcd");
    spit(vcd, generatedVcd(4, 3000) + "#2999\nb1 s0\nq bad\n");
    const std::string why = rs::wavetest::errorOf<VcdError>([&] { convertVcdToFst(vcd, fst); });
    EXPECT_NE(why.find("VCD line"), std::string::npos) << why;
    EXPECT_NE(why.find("unexpected 'q'"), std::string::npos) << why;
    EXPECT_EQ(why, rs::wavetest::errorOf<VcdError>([&] { readVcdFile(vcd); })) << "the reader's own message";
    EXPECT_EQ(leftovers(fst), std::vector<std::string>{});
    spit(fst, "old");
    EXPECT_THROW(convertVcdToFst(vcd, fst), VcdError);
    EXPECT_EQ(slurp(fst), "old");
    std::filesystem::remove(fst);

    // A folder that does not exist, a device: the writer's errors name the target.
    const std::string noDir = tempPath("no-such-dir") + "/out.fst";
    const std::string out =
        rs::wavetest::errorOf<FstError>([&] { convertVcdToFst(dataFile("verilator.vcd"), noDir); });
    EXPECT_NE(out.find("out.fst"), std::string::npos) << out;
    EXPECT_FALSE(std::filesystem::exists(noDir));
    EXPECT_NE(
        rs::wavetest::errorOf<FstError>([&] { convertVcdToFst(dataFile("verilator.vcd"), "/dev/null"); }),
        "(no error)");
    std::filesystem::remove(vcd);
}

} // namespace
