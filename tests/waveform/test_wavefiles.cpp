// Waveform files from the real world: Verilator's own VCD and FST of one small simulation, GTKWave's
// fst2vcd and vcd2fst of them (tests/hw/data/wave, made by make-data.sh), which must load with the
// right signals, widths and values and agree with each other; identifier codes with '$'; a VCD cut off
// mid-way (a killed simulation) loading up to its last complete time step; names that only differ in
// scope; devices, FIFOs and over-limit files refused with a clear message.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/stat.h>

#include "core/waveform/fst.h"
#include "core/waveform/vcd.h"
#include "tests/waveform/wavetest.h"

namespace {

using namespace rs::waveform;
using rs::wavetest::errorOf;
using rs::wavetest::expectSameStore;
using rs::wavetest::tempPath;
using rs::wavetest::words;
using W = std::vector<std::uint64_t>;

std::string dataFile(const std::string& name) {
    return std::string(RS_TEST_SOURCE_DIR) + "/data/wave/" + name;
}

std::string bytesOf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The simulation (top.sv): a 10 ns clock in 1 ps ticks, count += 1 per rising edge (at 5 ns, 15 ns, ...).
constexpr Tick kCycle = 10000;
const W kBlock0{0xfedcba9876543210ull, 0x0123456789abcdefull};
const W kState0{0x8899aabbccddeeffull, 0x0011223344556677ull, 0x08090a0b0c0d0e0full, 0x0001020304050607ull,
                0x80400c0600000000ull};

void expectTheSimulation(const WaveformStore& s) {
    EXPECT_EQ(s.tickSeconds(), 1e-12);
    const auto block = s.find("block"), state = s.find("state"), count = s.find("count");
    ASSERT_TRUE(block && state && count);
    EXPECT_EQ(s.signal(*block).width, 128);
    EXPECT_EQ(s.signal(*state).width, 320);
    EXPECT_EQ(s.signal(*state).group, "top");
    EXPECT_EQ(words(s.wordsAt(*block, 0)), kBlock0);
    EXPECT_EQ(words(s.wordsAt(*state, 0)), kState0);
    // One rising edge later: block rotated left by one and count (0) XORed in; state rotated with ~msb.
    W block1{kBlock0[0] << 1 | kBlock0[1] >> 63, kBlock0[1] << 1 | kBlock0[0] >> 63};
    EXPECT_EQ(words(s.wordsAt(*block, kCycle / 2)), block1);
    EXPECT_EQ(s.valueAt(*count, kCycle / 2 + 3 * kCycle), 4u);
    // The sub-module's signals: a unique name stays bare, one the top module has is qualified.
    const auto countQ = s.find("count_q");
    ASSERT_TRUE(countQ);
    EXPECT_EQ(s.signal(*countQ).group, "top.u_sub");
    ASSERT_TRUE(s.find("top.u_sub.clk"));
    EXPECT_EQ(s.changeCount(*s.find("top.u_sub.clk")), s.changeCount(*s.find("clk")));
    EXPECT_EQ(s.valueAt(*s.find("done"), kCycle / 2 + 19 * kCycle), 1u); // count == 20 after the 20th edge
    EXPECT_EQ(s.valueAt(*s.find("done"), kCycle / 2 + 20 * kCycle), 0u);
    EXPECT_FALSE(s.truncation());
}

TEST(OtherTools, VerilatorVcdWithDollarCodesAndWideBusesLoads) {
    // Verilator hands the code '$' to "block": this file was refused as "$var has no $end".
    ASSERT_NE(bytesOf(dataFile("verilator.vcd")).find("$var wire 128 $ block"), std::string::npos);
    expectTheSimulation(readVcdFile(dataFile("verilator.vcd")));
}

TEST(OtherTools, Fst2VcdOutputLoads) {
    ASSERT_NE(bytesOf(dataFile("fst2vcd.vcd")).find("$var logic 320 $ state"), std::string::npos);
    expectTheSimulation(readVcdFile(dataFile("fst2vcd.vcd")));
}

TEST(OtherTools, VerilatorAndGtkwaveFstAgreeWithTheVcd) {
    if (!fstSupported()) GTEST_SKIP() << "FST support was not built";
    const WaveformStore vcd = readVcdFile(dataFile("verilator.vcd"));
    for (const char* name : {"verilator.fst", "gtkwave.fst"}) {
        SCOPED_TRACE(name);
        const WaveformStore fst = readFstFile(dataFile(name));
        expectTheSimulation(fst);
        expectSameStore(vcd, fst, false, false);
        expectSameStore(fst, openFstFile(dataFile(name)), false, false); // lazily, signal by signal
    }
    expectSameStore(vcd, readVcdFile(dataFile("fst2vcd.vcd")), false, false);
}

TEST(VcdCodes, EveryPrintableCharacterIsACode) {
    std::string text = "$timescale 1ns $end\n$scope module t $end\n";
    for (char c = '!'; c <= '~'; ++c)
        text += std::string("$var wire 2 ") + c + " s" + std::to_string(c - '!') + " $end\n";
    text += "$var wire 1 $$ two $end\n$upscope $end\n$enddefinitions $end\n#0\n$dumpvars\n";
    for (char c = '!'; c <= '~'; ++c)
        text += std::string("b") + (c % 2 ? "10 " : "1 ") + c + "\n";
    text += "1$$\n$end\n#4\n";
    std::istringstream in(text);
    const WaveformStore s = readVcd(in);
    ASSERT_EQ(s.signalCount(), 95u);
    for (char c = '!'; c <= '~'; ++c)
        EXPECT_EQ(s.valueAt(*s.find("s" + std::to_string(c - '!')), 0), c % 2 ? 2u : 1u) << c;
    EXPECT_EQ(s.valueAt(*s.find("two"), 0), 1u);
}

// ---------------------------------------------------------------------------------------------
// Cut off mid-way

TEST(VcdCut, LoadsUpToTheLastCompleteTimeStepAndSaysWhere) {
    const std::string full = bytesOf(dataFile("verilator.vcd"));
    std::istringstream fullIn(full);
    const WaveformStore whole = readVcd(fullIn);
    const std::size_t body = full.find("#0");
    ASSERT_NE(body, std::string::npos);
    int cuts = 0;
    for (std::size_t at = body + 5; at + 1 < full.size(); at += 211) {
        if (full[at - 1] == '\n') continue; // cut exactly at a line end: a complete file
        std::istringstream in(full.substr(0, at));
        const WaveformStore cut = readVcd(in); // was refused ("unknown identifier", "bad bit", ...)
        ASSERT_TRUE(cut.truncation()) << "cut at byte " << at;
        const Truncation& t = *cut.truncation();
        EXPECT_EQ(cut.endTick(), t.end);
        EXPECT_EQ(t.line,
                  static_cast<std::uint64_t>(
                      std::count(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1));
        EXPECT_NE(t.message().find("cut off at line " + std::to_string(t.line)), std::string::npos)
            << t.message();
        // The time step in progress at the cut: everything before it, nothing of it.
        const std::size_t stepStart = full.rfind("\n#", at - 2) + 1; // '#' is also an identifier code
        const Tick step = std::stoull(full.substr(stepStart + 1));
        const bool inTimeWord = full.find('\n', stepStart) >= at;
        if (!inTimeWord) {
            EXPECT_EQ(t.end, step) << "cut at byte " << at;
        }
        for (SignalId i = 0; i < whole.signalCount(); ++i) {
            const auto j = *cut.find(whole.signal(i).name);
            const auto before = whole.lowerBound(i, t.end);
            ASSERT_EQ(cut.changeCount(j), before) << whole.signal(i).name << " cut at byte " << at;
            for (std::size_t k = 0; k < before; ++k)
                ASSERT_EQ(words(cut.changeWords(j, k)), words(whole.changeWords(i, k)));
        }
        ++cuts;
    }
    EXPECT_GT(cuts, 40);
}

TEST(VcdCut, EndsBetweenAValueAndItsCodeOrInsideAComment) {
    const std::string header =
        "$timescale 1ns $end\n$scope module t $end\n$var wire 4 # n $end\n$upscope $end\n"
        "$enddefinitions $end\n#0\nb1 #\n#5\nb10 #\n";
    for (const std::string& tail :
         {std::string("#9\nb11"), std::string("#9\nb11\n"), std::string("#9\nb11 #\n$comment x\n")}) {
        std::istringstream in(header + tail);
        const WaveformStore s = readVcd(in);
        ASSERT_TRUE(s.truncation()) << tail;
        EXPECT_EQ(s.endTick(), 9u);
        EXPECT_EQ(s.changeCount(0), 2u) << "the step at #9 is dropped";
        EXPECT_EQ(s.valueAt(0, 8), 2u);
    }
    std::istringstream complete(header + "#9\n");
    EXPECT_FALSE(readVcd(complete).truncation());
    std::istringstream cutTime(header + "#1"); // the next step had begun: #5 is complete
    const WaveformStore s = readVcd(cutTime);
    ASSERT_TRUE(s.truncation());
    EXPECT_EQ(s.endTick(), 6u);
    EXPECT_EQ(s.valueAt(0, 5), 2u);
}

// ---------------------------------------------------------------------------------------------
// Names

TEST(SignalNames, ATopSignalNamedLikeAnEarlierSubScopeSignalLoads) {
    // tb.dut.clk first, then tb.clk: was refused as "duplicate signal 'clk'".
    std::istringstream in(
        "$scope module tb $end\n$scope module dut $end\n$var wire 1 ! clk $end\n$upscope $end\n"
        "$var wire 1 \" clk $end\n$upscope $end\n"
        "$enddefinitions $end\n#0\n1!\n0\"\n#3\n0!\n1\"\n");
    const WaveformStore s = readVcd(in);
    ASSERT_EQ(s.signalCount(), 2u);
    const auto sub = *s.find("clk"), top = *s.find("tb.clk");
    EXPECT_EQ(s.signal(sub).group, "dut");
    EXPECT_EQ(s.signal(top).group, "");
    EXPECT_EQ(s.valueAt(sub, 0), 1u);
    EXPECT_EQ(s.valueAt(top, 0), 0u);
    EXPECT_EQ(s.valueAt(top, 3), 1u);
    // A name with a dot (an escaped identifier, or a tool's flattened scopes) is not a scope path: "t.q"
    // in tb and "q" in tb.t are two signals (fuzz_vcd: the writer's output of such a store was refused).
    std::istringstream dotted(
        "$scope module tb $end\n$var wire 1 ! t.q $end\n$scope module t $end\n"
        "$var wire 1 \" q $end\n$upscope $end\n$upscope $end\n$enddefinitions $end\n#0\n1!\n0\"\n");
    const WaveformStore d = readVcd(dotted);
    ASSERT_EQ(d.signalCount(), 2u);
    EXPECT_EQ(d.valueAt(*d.find("t.q"), 0), 1u);
    EXPECT_EQ(d.signal(*d.find("t.q")).group, "");
    ASSERT_TRUE(d.find("q"));
    EXPECT_EQ(d.signal(*d.find("q")).group, "t");
    std::stringstream text;
    writeVcd(d, text);
    const WaveformStore back = readVcd(text);
    EXPECT_EQ(back.signalCount(), 2u);
    std::istringstream dup("$scope module tb $end\n$var wire 1 ! a $end\n$var wire 1 \" a $end\n");
    EXPECT_NE(errorOf<VcdError>([&] { readVcd(dup); }).find("duplicate signal 'a'"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Files that are not files, and files past the limit

TEST(WaveformFiles, DevicesAndFifosAreRefusedWithoutReading) {
    const std::string zeroVcd = tempPath("zero.vcd"), zeroFst = tempPath("zero.fst"),
                      fifo = tempPath("fifo.vcd");
    std::filesystem::remove(zeroVcd);
    std::filesystem::remove(zeroFst);
    std::filesystem::remove(fifo);
    std::filesystem::create_symlink("/dev/zero", zeroVcd); // `wave info` on it never ended
    std::filesystem::create_symlink("/dev/zero", zeroFst);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::string why = errorOf<WaveformFileError>([&] { readWaveformFile(zeroVcd); });
    EXPECT_NE(why.find("character device"), std::string::npos) << why;
    why = errorOf<WaveformFileError>([&] { readWaveformFile(fifo); }); // no writer: a plain open would block
    EXPECT_NE(why.find("FIFO"), std::string::npos) << why;
    if (fstSupported()) {
        why = errorOf<WaveformFileError>([&] { openWaveformFile(zeroFst); });
        EXPECT_NE(why.find("character device"), std::string::npos) << why;
    }
    why = errorOf<WaveformFileError>(
        [] { readWaveformFile(std::filesystem::temp_directory_path().string() + "/.vcd"); });
    EXPECT_NE(why, "(no error)");
    for (const auto& p : {zeroVcd, zeroFst, fifo})
        std::filesystem::remove(p);
}

TEST(WaveformFiles, ReadersHoldNoMoreThanTheirLimit) {
    const WaveformStore s = rs::wavetest::makeCapture(2000);
    const std::string vcd = tempPath("limit.vcd"), fst = tempPath("limit.fst");
    writeVcdFile(s, vcd);
    ReadLimits small;
    small.maxBytes = 64 * 1024;
    std::string why = errorOf<VcdError>([&] { readVcdFile(vcd, {}, small); });
    EXPECT_NE(why.find("limit of 0 MiB"), std::string::npos) << why;
    EXPECT_EQ(readVcdFile(vcd).endTick(), s.endTick()); // the default limit is far above
    if (fstSupported()) {
        writeFstFile(s, fst);
        why = errorOf<FstError>([&] { readFstFile(fst, {}, small); });
        EXPECT_NE(why.find("limit"), std::string::npos) << why;
        std::filesystem::remove(fst);
    }
    std::filesystem::remove(vcd);
}

} // namespace
