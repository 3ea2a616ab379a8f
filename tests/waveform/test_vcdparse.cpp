// The VCD reader on large and malformed input: an exact export/import round trip, timescales,
// progress and cancel, and a VcdError naming the right line for every kind of bad file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/waveform/vcd.h"
#include "tests/waveform/wavetest.h"

namespace {

using namespace rs::waveform;
using rs::wavetest::expectSameStore;
using rs::wavetest::makeCapture;
using rs::wavetest::tempPath;
using rs::wavetest::totalChanges;

constexpr Tick kTicks = 18000; // about 110k changes

// ---------------------------------------------------------------------------------------------
// Round trip

TEST(VcdParse, ExportImportRoundTripIsExact) {
    const WaveformStore s = makeCapture(kTicks);
    ASSERT_GE(totalChanges(s), 100000u);
    const std::string path = tempPath("roundtrip.vcd");
    writeVcdFile(s, path);
    const WaveformStore back = readVcdFile(path);
    expectSameStore(s, back, false);
    EXPECT_EQ(back.signal(*back.find("x0")).group, "core.state");
    EXPECT_EQ(back.signal(*back.find("late")).group, "");
    EXPECT_EQ(back.change(*back.find("zero_late"), 0).tick, 3u); // x before it, not a 0 at tick 0
    EXPECT_EQ(back.changeCount(*back.find("silent")), 0u);
    std::filesystem::remove(path);
}

TEST(VcdParse, AValueWhoseCodeStartsTheNextBlock) {
    // The reader takes the file in 256 KiB blocks. With the separator after "b1010" the block's last
    // byte, reading the code refilled the buffer under the value's text ("bad bit in '011 '" on a
    // 200 MB file).
    const std::string head =
        "$scope module t $end\n$var wire 1 ! a $end\n$var wire 4 # n $end\n$upscope $end\n"
        "$enddefinitions $end\n#0\n";
    for (std::size_t shift = 0; shift < 4; ++shift) {
        std::string text = head;
        const std::size_t block = 256 * 1024,
                          value = block - 1 - 5 - shift; // "b1010" ends at block - 1 - shift
        for (Tick t = 1; text.size() + 12 < value; ++t)
            text += "#" + std::to_string(t) + "\n" + (t % 2 ? "1!" : "0!") + "\n";
        text +=
            std::string(value - text.size(), '\n') + "b1010" + std::string(shift + 1, ' ') + "#\n#999999\n";
        ASSERT_EQ(text[block - 1], ' ');
        std::istringstream in(text);
        const WaveformStore s = readVcd(in);
        EXPECT_EQ(s.valueAt(*s.find("n"), 999998), 10u) << shift;
    }
}

TEST(VcdParse, StreamAndFileReadersAgree) {
    const WaveformStore s = makeCapture(500);
    std::stringstream text;
    writeVcd(s, text);
    expectSameStore(s, readVcd(text), false);
}

// ---------------------------------------------------------------------------------------------
// Timescale

TEST(VcdTimescale, ParsesEveryUnitWithAndWithoutSpace) {
    EXPECT_EQ(parseTimescale("1ns"), 1e-9);
    EXPECT_EQ(parseTimescale("10 ns"), 1e-8);
    EXPECT_EQ(parseTimescale(" 1 ps "), 1e-12);
    EXPECT_EQ(parseTimescale("100fs"), 1e-13);
    EXPECT_EQ(parseTimescale("1 s"), 1.0);
    EXPECT_EQ(parseTimescale("100 ms"), 0.1);
    EXPECT_EQ(parseTimescale("10us"), 1e-5);
    for (const char* bad : {"3ns", "1000 ns", "ns", "", "10 xs", "1.5ns", "10 ns ns", "-1 ns", "01 ns"})
        EXPECT_FALSE(parseTimescale(bad)) << bad;
}

TEST(VcdTimescale, WriterUsesTickSecondsOrTheNearestUnit) {
    EXPECT_EQ(timescaleText(1e-8), "10 ns");
    EXPECT_EQ(timescaleText(1e-13), "100 fs");
    EXPECT_EQ(timescaleText(2.5e-9), "1 ns"); // ratio 2.5 below, 4 above
    EXPECT_EQ(timescaleText(4e-9), "10 ns");  // ratio 4 below, 2.5 above
    EXPECT_EQ(timescaleText(1e-20), "1 fs");  // clamped
    EXPECT_EQ(timescaleText(1e5), "100 s");   // clamped
    EXPECT_EQ(timescaleExponent(1e-8), -8);
    EXPECT_EQ(timescaleExponent(1e-12), -12);

    WaveformStore s;
    s.sample(s.addSignal("a", 1), 0, 1);
    auto roundTrip = [&s] {
        std::stringstream text;
        writeVcd(s, text);
        return std::make_pair(text.str(), readVcd(text).tickSeconds());
    };
    auto [text, seconds] = roundTrip(); // tickSeconds 0: the options' timescale
    EXPECT_NE(text.find("$timescale 10 ns $end"), std::string::npos);
    EXPECT_EQ(seconds, 1e-8);
    s.setTickSeconds(1e-12);
    std::tie(text, seconds) = roundTrip();
    EXPECT_NE(text.find("$timescale 1 ps $end"), std::string::npos);
    EXPECT_EQ(seconds, 1e-12);
    s.setTickSeconds(2.5e-9); // not a VCD unit: the nearest one
    std::tie(text, seconds) = roundTrip();
    EXPECT_NE(text.find("$timescale 1 ns $end"), std::string::npos);
    EXPECT_EQ(seconds, 1e-9);
}

TEST(VcdTimescale, ReadsMultiLineTimescale) {
    std::istringstream in("$timescale\n  100 us\n$end\n$scope module t $end\n$var wire 1 ! a $end\n"
                          "$upscope $end\n$enddefinitions $end\n#0\n1!\n");
    EXPECT_EQ(readVcd(in).tickSeconds(), 1e-4);
}

// ---------------------------------------------------------------------------------------------
// Progress and cancel

class VcdProgress : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        s_store = new WaveformStore(makeCapture(kTicks));
        s_path = tempPath("progress.vcd");
        writeVcdFile(*s_store, s_path);
    }
    static void TearDownTestSuite() {
        std::filesystem::remove(s_path);
        delete s_store;
    }
    static WaveformStore* s_store;
    static std::string s_path;
};
WaveformStore* VcdProgress::s_store = nullptr;
std::string VcdProgress::s_path;

TEST_F(VcdProgress, ReportsRisingFractionsAboutEveryBlock) {
    const auto size = std::filesystem::file_size(s_path);
    ASSERT_GT(size, 1u << 20) << "the test needs several blocks";
    std::vector<double> fractions;
    const WaveformStore back = readVcdFile(s_path, [&](double f) {
        fractions.push_back(f);
        return true;
    });
    expectSameStore(*s_store, back, false);
    ASSERT_GE(fractions.size(), 3u);
    EXPECT_LE(fractions.size(), size / (64 * 1024) + 2) << "at most about one call per 64 KiB";
    for (std::size_t i = 1; i < fractions.size(); ++i) {
        EXPECT_GT(fractions[i], fractions[i - 1]);
        if (i + 1 < fractions.size()) { // the last block may be short
            EXPECT_GE(fractions[i] - fractions[i - 1], (64.0 * 1024) / static_cast<double>(size) - 1e-9);
        }
    }
    EXPECT_GT(fractions.front(), 0.0);
    EXPECT_EQ(fractions.back(), 1.0);
}

TEST_F(VcdProgress, CancelThrowsAndALaterReadStillWorks) {
    int calls = 0;
    EXPECT_THROW(readVcdFile(s_path, [&](double) { return ++calls < 2; }), WaveformCancelled);
    EXPECT_EQ(calls, 2) << "stops at the first false";
    EXPECT_THROW(readVcdFile(s_path, [](double) { return false; }), WaveformCancelled);
    expectSameStore(*s_store, readVcdFile(s_path, [](double) { return true; }), false);
}

// ---------------------------------------------------------------------------------------------
// Malformed input: a VcdError whose message starts "VCD line N:" with the right N

struct BadVcd {
    const char* name;
    std::string text;
    int line;
    const char* says; ///< part of the message
};

void PrintTo(const BadVcd& b, std::ostream* os) {
    *os << b.name;
}

constexpr const char* kHeader = "$timescale 1ns $end\n"    // 1
                                "$scope module top $end\n" // 2
                                "$var wire 1 ! clk $end\n" // 3
                                "$var wire 4 \" n [3:0] $end\n"
                                "$upscope $end\n"
                                "$enddefinitions $end\n" // 6
                                "#0\n"                   // 7
                                "$dumpvars\n0!\nb0 \"\n$end\n";
constexpr int kBody = 12; // first line after kHeader

std::string binaryFile() {
    std::string s("\x7f"
                  "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0",
                  24);
    for (int i = 0; i < 4096; ++i)
        s.push_back(static_cast<char>((i * 7919) >> 3));
    return s;
}

const BadVcd kBad[] = {
    {"EmptyFile", "", 1, "empty file"},
    {"BlankFile", "\n\n  \n", 1, "empty file"},
    {"BinaryFile", binaryFile(), 1, "unexpected '\\x7fELF"},
    {"TruncatedHeader", "$timescale 1ns $end\n$scope module top $end\n$var wire 1 ! clk $end\n", 3,
     "without $enddefinitions"},
    {"TruncatedVar", "$scope module top $end\n$var wire 8 # data", 2, "$var has no $end (end of file)"},
    {"MissingEnd", "$timescale 1ns\n$scope module top $end\n", 1,
     "$timescale has no $end (found '$scope' on line 2)"},
    {"MissingEndOfComment", "$comment\nhello\n", 1, "$comment has no $end"},
    {"VarBadWidth", "$scope module top $end\n$var wire abc ! x $end\n", 2, "bad width 'abc'"},
    {"VarZeroWidth", "$scope module top $end\n\n$var wire 0 ! x $end\n", 3, "x is 0 bits wide"},
    {"VarTooWide", "$var wire 65537 ! w $end\n", 1, "w is 65537 bits wide (at most 65536)"},
    {"VarTooFewWords", "$scope module top $end\n$var wire 8 # $end\n", 2, "$var needs a type"},
    {"VarReal", "$scope module top $end\n$var real 64 ! r $end\n", 2, "r is a real variable"},
    {"DuplicateSignal", "$var wire 1 ! a $end\n$var wire 1 \" a $end\n", 2, "duplicate signal 'a'"},
    {"UpscopeWithoutScope", "$timescale 1ns $end\n$upscope $end\n", 2, "$upscope without $scope"},
    {"ScopeWithoutName", "$scope module $end\n", 1, "$scope needs a type and a name"},
    {"BadTimescale", "$comment ok $end\n$timescale 3 ns $end\n", 2, "bad timescale '3ns'"},
    {"BadTimescaleUnit", "$timescale\n 10 xs\n$end\n", 1, "bad timescale '10xs'"},
    {"GarbageInHeader", "$timescale 1ns $end\nhello\n", 2, "unexpected 'hello' in the header"},
    {"UnknownCode", std::string(kHeader) + "#1\n1!\n1?\n", kBody + 2, "unknown identifier '?'"},
    {"UnknownVectorCode", std::string(kHeader) + "#1\nb11 %\n", kBody + 1, "unknown identifier '%'"},
    {"BadTime", std::string(kHeader) + "#5\n1!\n#12a\n", kBody + 2, "bad time '#12a'"},
    {"EmptyTime", std::string(kHeader) + "#\n", kBody, "bad time '#'"},
    {"HugeTime", std::string(kHeader) + "#99999999999999999999999\n", kBody, "too large"},
    {"TimeGoesBack", std::string(kHeader) + "#10\n1!\n#11\n0!\n#5\n1!\n", kBody + 4, "time #5 goes back"},
    {"VectorWiderThanDeclared", std::string(kHeader) + "#1\nb101 \"\n#2\nb10101 \"\n", kBody + 3,
     "a 5-bit value for the 4-bit signal n"},
    {"VectorOver64Bits", std::string(kHeader) + "#1\nb" + std::string(65, '1') + " \"\n", kBody + 1,
     "a 65-bit value for the 4-bit signal n"},
    {"VectorBadBit", std::string(kHeader) + "#1\nb1021 \"\n", kBody + 1, "bad bit in 'b1021'"},
    {"ScalarWithoutCode", std::string(kHeader) + "#1\n1\n", kBody + 1, "scalar change without an identifier"},
    {"RealValue", std::string(kHeader) + "#1\nr1.5 !\n", kBody + 1, "real values are not supported"},
    {"GarbageInBody", std::string(kHeader) + "#1\n\n\nhello\n", kBody + 3, "unexpected 'hello'"},
};

class VcdMalformed : public ::testing::TestWithParam<BadVcd> {};

TEST_P(VcdMalformed, GivesAVcdErrorNamingTheLine) {
    const BadVcd& bad = GetParam();
    std::istringstream in(bad.text);
    try {
        readVcd(in);
        ADD_FAILURE() << "no error";
    } catch (const VcdError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.rfind("VCD line " + std::to_string(bad.line) + ": ", 0), 0u) << what;
        EXPECT_NE(what.find(bad.says), std::string::npos) << what;
    } catch (const std::exception& e) {
        ADD_FAILURE() << "not a VcdError: " << e.what();
    }
}

INSTANTIATE_TEST_SUITE_P(Vcd, VcdMalformed, ::testing::ValuesIn(kBad),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(VcdParse, RandomBinaryFilesGiveVcdErrors) {
    std::uint64_t r = 12345;
    for (int file = 0; file < 20; ++file) {
        std::string bytes(64 * 1024, '\0');
        for (char& c : bytes) {
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            c = static_cast<char>(r >> 56);
        }
        // The first word decides: not '$': unexpected in the header; '$': no $end before the end.
        int line = 1;
        std::size_t i = 0;
        for (; static_cast<unsigned char>(bytes[i]) <= ' '; ++i)
            line += bytes[i] == '\n';
        std::istringstream in(bytes);
        try {
            readVcd(in);
            ADD_FAILURE() << "file " << file << ": no error";
        } catch (const VcdError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("VCD line " + std::to_string(line) + ": ", 0), 0u)
                << e.what();
        }
    }
}

TEST(VcdParse, MissingFileAndDirectoryAreVcdErrors) {
    EXPECT_THROW(readVcdFile("/nonexistent/file.vcd"), VcdError);
    EXPECT_THROW(readVcdFile(std::filesystem::temp_directory_path().string()), VcdError);
}

TEST(VcdParse, KeepsSimulatorConventions) {
    // Aliases share a code; x before the first value stores nothing, x after it reads 0.
    std::istringstream in(
        "$scope module tb $end\n$scope module dut $end\n"
        "$var wire 1 ! clk $end\n$var wire 1 ! clk_alias $end\n"
        "$var wire 8 \"# bus [7:0] $end\n$upscope $end\n$upscope $end\n$enddefinitions $end\n"
        "#0\n$dumpvars\nx!\nbx \"#\n$end\n#3\n1!\nb1010 \"#\n#4\nbx \"#\n$comment c $end\n#9\n");
    const WaveformStore s = readVcd(in);
    for (const char* name : {"clk", "clk_alias"}) {
        const auto id = *s.find(name);
        EXPECT_EQ(s.signal(id).group, "dut");
        ASSERT_EQ(s.changeCount(id), 1u) << name;
        EXPECT_EQ(s.change(id, 0).tick, 3u);
    }
    const auto bus = *s.find("bus");
    ASSERT_EQ(s.changeCount(bus), 2u);
    EXPECT_EQ(s.change(bus, 0).value, 10u);
    EXPECT_EQ(s.change(bus, 1).tick, 4u);
    EXPECT_EQ(s.change(bus, 1).value, 0u);
    EXPECT_EQ(s.endTick(), 9u);
}

} // namespace
