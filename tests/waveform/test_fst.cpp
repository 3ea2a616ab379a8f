// FST export and import (core/waveform/fst.h) and the format choice by file name.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/waveform/fst.h"
#include "core/waveform/vcd.h"
#include "tests/waveform/wavetest.h"

#if RS_TEST_HAVE_FSTAPI
#include <fstapi.h>
#endif

namespace {

using namespace rs::waveform;
using rs::wavetest::errorOf;
using rs::wavetest::expectSameStore;
using rs::wavetest::makeCapture;
using rs::wavetest::tempPath;
using rs::wavetest::totalChanges;

void writeBytes(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

TEST(Fst, WithoutSupportEveryFunctionSaysWhy) {
    if (fstSupported()) GTEST_SKIP() << "FST support is built";
    const std::string why = errorOf<FstError>([] { readFstFile(tempPath("x.fst")); });
    EXPECT_EQ(why.rfind("FST support was not built: ", 0), 0u) << why;
    EXPECT_THROW(writeFstFile(WaveformStore{}, tempPath("x.fst")), FstError);
}

TEST(Fst, WriteReadRoundTripIsExact) {
    RS_REQUIRE_FST();
    const WaveformStore s = makeCapture(18000);
    ASSERT_GE(totalChanges(s), 100000u);
    const std::string path = tempPath("roundtrip.fst");
    writeFstFile(s, path);
    const WaveformStore back = readFstFile(path);
    expectSameStore(s, back, true);
    EXPECT_EQ(back.signal(*back.find("fsm")).valueNames.at(5), "squeeze out");
    EXPECT_EQ(back.change(*back.find("zero_late"), 0).tick, 3u);
    const std::string vcd = tempPath("roundtrip_size.vcd");
    writeVcdFile(s, vcd);
    EXPECT_LT(std::filesystem::file_size(path) * 3, std::filesystem::file_size(vcd)) << "compressed";
    std::filesystem::remove(vcd);
    std::filesystem::remove(path);
}

TEST(Fst, ManySmallBlocksRoundTripExactly) {
    RS_REQUIRE_FST();
    const WaveformStore s = makeCapture(5000);
    const std::string path = tempPath("blocks.fst");
    FstOptions options;
    options.changesPerBlock = 1000;
    writeFstFile(s, path, options);
    expectSameStore(s, readFstFile(path), true);
    std::filesystem::remove(path);
}

TEST(Fst, TimescaleFromTickSecondsOrOptions) {
    RS_REQUIRE_FST();
    WaveformStore s;
    s.sample(s.addSignal("a", 1), 0, 1);
    s.advance(10);
    const std::string path = tempPath("timescale.fst");
    writeFstFile(s, path); // tickSeconds 0: the options' 10 ns
    EXPECT_EQ(readFstFile(path).tickSeconds(), 1e-8);
    s.setTickSeconds(1e-12);
    writeFstFile(s, path);
    EXPECT_EQ(readFstFile(path).tickSeconds(), 1e-12);
    s.setTickSeconds(3e-6); // the nearest VCD unit: 1 us
    writeFstFile(s, path);
    EXPECT_EQ(readFstFile(path).tickSeconds(), 1e-6);
    EXPECT_EQ(readFstFile(path).endTick(), 10u);
    std::filesystem::remove(path);
}

TEST(Fst, ProgressRisesAndCancelStopsTheRead) {
    RS_REQUIRE_FST();
    const WaveformStore s = makeCapture(40000);
    const std::string path = tempPath("progress.fst");
    FstOptions options;
    options.changesPerBlock = 20000;
    writeFstFile(s, path, options);
    std::vector<double> fractions;
    expectSameStore(s,
                    readFstFile(path,
                                [&](double f) {
                                    fractions.push_back(f);
                                    return true;
                                }),
                    true);
    ASSERT_GE(fractions.size(), 4u);
    // Two passes (the checking child, then the read), each at most every 64 Ki changes, plus the
    // parent's cancel polls (every 250 ms at most).
    EXPECT_LE(fractions.size(), 2 * (totalChanges(s) / 65536) + 12) << "not per change";
    EXPECT_EQ(fractions.front(), 0.0);
    EXPECT_EQ(fractions.back(), 1.0);
    for (std::size_t i = 1; i < fractions.size(); ++i)
        EXPECT_GE(fractions[i], fractions[i - 1]);

    for (int stopAt : {1, 2, 3}) {
        int calls = 0;
        EXPECT_THROW(readFstFile(path, [&](double) { return ++calls < stopAt; }), WaveformCancelled);
        EXPECT_EQ(calls, stopAt);
    }
    expectSameStore(s, readFstFile(path), true); // a later read still works
    std::filesystem::remove(path);
}

TEST(Fst, RejectsFilesThatAreNotFst) {
    RS_REQUIRE_FST();
    const std::string path = tempPath("bad.fst");
    EXPECT_NE(errorOf<FstError>([] { readFstFile("/nonexistent/x.fst"); }).find("cannot open"),
              std::string::npos);
    writeBytes(path, "");
    EXPECT_NE(errorOf<FstError>([&] { readFstFile(path); }).find("empty"), std::string::npos);
    writeBytes(path, "$date today $end\n");
    EXPECT_NE(errorOf<FstError>([&] { readFstFile(path); }).find("not an FST file"), std::string::npos);
    writeBytes(path, std::string("\0\0\0\0garbage", 11));
    EXPECT_THROW(readFstFile(path), FstError);
    // A real FST file cut short after its header block.
    WaveformStore s = makeCapture(100);
    writeFstFile(s, path);
    std::string bytes;
    {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    writeBytes(path, bytes.substr(0, 400));
    EXPECT_THROW(readFstFile(path), FstError);
    std::filesystem::remove(path);
}

TEST(Fst, DamagedValueBlocksNeverEndTheProgram) {
    RS_REQUIRE_FST();
    // The fstapi library exit()s or crashes on some damaged value blocks; the reader must turn every
    // damaged file into an FstError (or, where the damage is invisible, a store) and return.
    const WaveformStore s = makeCapture(3000);
    const std::string good = tempPath("damaged_src.fst"), path = tempPath("damaged.fst");
    FstOptions small;
    small.changesPerBlock = 4096; // many value blocks to hit
    writeFstFile(s, good, small);
    std::string bytes;
    {
        std::ifstream in(good, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    ASSERT_GT(bytes.size(), 4000u);
    int errors = 0, stores = 0;
    for (int k = 1; k <= 24; ++k) {
        std::string damaged = bytes;
        const std::size_t at = damaged.size() * static_cast<std::size_t>(k) / 26;
        for (std::size_t i = at; i < std::min(damaged.size(), at + 48); ++i)
            damaged[i] = static_cast<char>(damaged[i] ^ 0x5a);
        writeBytes(path, damaged);
        try {
            readFstFile(path);
            ++stores;
        } catch (const FstError&) {
            ++errors;
        }
    }
    EXPECT_EQ(errors + stores, 24);
    EXPECT_GT(errors, 0) << "damage that the library cannot read must be reported";
    // The program is still here, and still reads a good file.
    expectSameStore(s, readFstFile(good), true);
    std::filesystem::remove(good);
    std::filesystem::remove(path);
}

#if RS_TEST_HAVE_FSTAPI

using Changes = std::vector<std::pair<Tick, std::uint64_t>>;

Changes changesOf(const WaveformStore& s, SignalId id) {
    Changes out;
    for (const Change& c : s.changesIn(id, 0, s.endTick()))
        out.emplace_back(c.tick, c.value);
    return out;
}

/** Writes an FST file the way Verilator does: TOP scope, nested modules, " [msb:lsb]" names.
 *  declare() creates the vars inside tb.dut; emit() writes values once the hierarchy is closed. */
void writeSimulatorFst(const std::string& path, std::vector<fstHandle> (*declare)(void* f),
                       void (*emit)(void* f, const std::vector<fstHandle>& h)) {
    void* f = fstWriterCreate(path.c_str(), 1);
    ASSERT_NE(f, nullptr);
    fstWriterSetPackType(f, FST_WR_PT_LZ4);
    fstWriterSetTimescale(f, -9);
    fstWriterSetScope(f, FST_ST_VCD_SCOPE, "TOP", nullptr);
    fstWriterSetScope(f, FST_ST_VCD_MODULE, "tb", nullptr);
    fstWriterSetScope(f, FST_ST_VCD_MODULE, "dut", nullptr);
    const std::vector<fstHandle> handles = declare(f);
    fstWriterSetUpscope(f);
    fstWriterSetUpscope(f);
    fstWriterSetUpscope(f);
    emit(f, handles);
    fstWriterClose(f);
}

TEST(Fst, ReadsNestedScopesAliasesAndBusNames) {
    const std::string path = tempPath("sim.fst");
    writeSimulatorFst(
        path,
        [](void* f) {
            const fstHandle clk = fstWriterCreateVar(f, FST_VT_VCD_WIRE, FST_VD_INPUT, 1, "clk", 0);
            const fstHandle count =
                fstWriterCreateVar(f, FST_VT_VCD_REG, FST_VD_IMPLICIT, 4, "count [3:0]", 0);
            fstWriterCreateVar(f, FST_VT_VCD_WIRE, FST_VD_OUTPUT, 4, "count_out [3:0]", count); // alias
            const fstHandle u = fstWriterCreateVar(f, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, 2, "u [1:0]", 0);
            return std::vector<fstHandle>{clk, count, u};
        },
        [](void* f, const std::vector<fstHandle>& h) {
            const char* values[3][3] = {{"0", "0000", "xx"}, {"1", "0101", "1z"}, {"0", "1x10", "xx"}};
            for (int t = 0; t < 3; ++t) {
                fstWriterEmitTimeChange(f, 5u * static_cast<unsigned>(t));
                for (int i = 0; i < 3; ++i)
                    fstWriterEmitValueChange(f, h[static_cast<std::size_t>(i)], values[t][i]);
            }
        });
    const WaveformStore s = readFstFile(path);
    EXPECT_EQ(s.tickSeconds(), 1e-9);
    EXPECT_EQ(s.endTick(), 11u);
    ASSERT_EQ(s.signalCount(), 4u);
    for (const char* name : {"count", "count_out"}) {
        const auto id = s.find(name);
        ASSERT_TRUE(id) << name;
        EXPECT_EQ(s.signal(*id).group, "tb.dut");
        EXPECT_EQ(s.signal(*id).width, 4);
        EXPECT_EQ(changesOf(s, *id), (Changes{{0, 0}, {5, 5}, {10, 0b1010}})) << name;
    }
    const auto u = *s.find("u"); // x at first stores nothing, x after a value is 0
    EXPECT_EQ(changesOf(s, u), (Changes{{5, 0b10}, {10, 0}}));
    EXPECT_EQ(changesOf(s, *s.find("clk")), (Changes{{0, 0}, {5, 1}, {10, 0}}));
    std::filesystem::remove(path);
}

TEST(Fst, ReadsWideSignalsAndRejectsRealOnesByName) {
    const std::string path = tempPath("wide.fst");
    writeSimulatorFst(
        path,
        [](void* f) {
            return std::vector<fstHandle>{
                fstWriterCreateVar(f, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, 65, "wide_bus [64:0]", 0)};
        },
        [](void* f, const std::vector<fstHandle>& h) {
            fstWriterEmitTimeChange(f, 0);
            fstWriterEmitValueChange(f, h[0], std::string(65, '1').c_str());
            fstWriterEmitTimeChange(f, 3);
            fstWriterEmitValueChange(f, h[0], ("1" + std::string(64, '0')).c_str());
        });
    const WaveformStore wide = readFstFile(path);
    const SignalId bus = *wide.find("wide_bus");
    EXPECT_EQ(wide.signal(bus).width, 65); // was refused: "wide_bus is 65 bits wide (at most 64)"
    ASSERT_EQ(wide.changeCount(bus), 2u);
    EXPECT_EQ(std::vector<std::uint64_t>(wide.changeWords(bus, 0).begin(), wide.changeWords(bus, 0).end()),
              (std::vector<std::uint64_t>{~0ull, 1}));
    EXPECT_EQ(std::vector<std::uint64_t>(wide.changeWords(bus, 1).begin(), wide.changeWords(bus, 1).end()),
              (std::vector<std::uint64_t>{0, 1}));
    std::string why;
    writeSimulatorFst(
        path,
        [](void* f) {
            return std::vector<fstHandle>{
                fstWriterCreateVar(f, FST_VT_VCD_REAL, FST_VD_IMPLICIT, 64, "temperature", 0)};
        },
        [](void* f, const std::vector<fstHandle>& h) {
            const double v = 21.5;
            fstWriterEmitTimeChange(f, 0);
            fstWriterEmitValueChange(f, h[0], &v);
        });
    why = errorOf<FstError>([&] { readFstFile(path); });
    EXPECT_NE(why.find("temperature is a real variable"), std::string::npos) << why;
    std::filesystem::remove(path);
}

/** The scopes of an FST file as the library reads them: each scope's full path, in file order. */
std::vector<std::string> scopesOf(const std::string& path) {
    std::vector<std::string> out, open;
    void* r = fstReaderOpen(path.c_str());
    EXPECT_NE(r, nullptr);
    if (r == nullptr) return out;
    while (const fstHier* h = fstReaderIterateHier(r)) {
        if (h->htyp == FST_HT_SCOPE) {
            open.emplace_back(h->u.scope.name, h->u.scope.name_length);
            std::string full;
            for (const std::string& s : open)
                full += (full.empty() ? "" : "/") + s;
            out.push_back(full);
        } else if (h->htyp == FST_HT_UPSCOPE) {
            open.pop_back();
        }
    }
    fstReaderClose(r);
    return out;
}

TEST(Fst, WritesGroupsAsNestedScopesEachOpenedOnce) {
    RS_REQUIRE_FST();
    WaveformStore s;
    // First appearances interleaved: "dut.u_core" comes after "tb", yet belongs under "dut".
    for (const auto& [name, group] :
         std::vector<std::pair<std::string, std::string>>{{"clk", ""},
                                                          {"state", "dut"},
                                                          {"go", "tb"},
                                                          {"round", "dut.u_core"},
                                                          {"s_in", "dut.u_core.u_perm"}})
        s.sample(s.addSignal(name, 4, group), 0, 1);
    const std::string path = tempPath("nested.fst");
    FstOptions o;
    o.topModule = "TOP";
    writeFstFile(s, path, o);
    EXPECT_EQ(scopesOf(path), (std::vector<std::string>{"TOP", "TOP/dut", "TOP/dut/u_core",
                                                        "TOP/dut/u_core/u_perm", "TOP/tb"}));
    const WaveformStore back = readFstFile(path);
    ASSERT_EQ(back.signalCount(), 5u);
    EXPECT_EQ(back.signal(*back.find("s_in")).group, "dut.u_core.u_perm");
    EXPECT_EQ(back.signal(*back.find("round")).group, "dut.u_core");
    EXPECT_EQ(back.signal(*back.find("go")).group, "tb");
    EXPECT_EQ(back.signal(*back.find("clk")).group, "");
    std::filesystem::remove(path);
}

#endif

TEST(WaveformFile, ChoosesTheFormatByExtension) {
    const WaveformStore s = makeCapture(300);
    const std::string vcd = tempPath("pick.VCD");
    writeWaveformFile(s, vcd);
    {
        std::ifstream in(vcd);
        std::string first;
        in >> first;
        EXPECT_EQ(first, "$date");
    }
    expectSameStore(s, readWaveformFile(vcd), false);
    std::filesystem::remove(vcd);
    const std::string bad = tempPath("pick.txt");
    const std::string why = errorOf<WaveformFileError>([&] { writeWaveformFile(s, bad); });
    EXPECT_NE(why.find(".vcd"), std::string::npos) << why;
    EXPECT_NE(why.find(".fst"), std::string::npos) << why;
    EXPECT_THROW(readWaveformFile(tempPath("noextension")), WaveformFileError);
    EXPECT_THROW(readWaveformFile(tempPath("dir.fst/x")), WaveformFileError);

    RS_REQUIRE_FST();
    const std::string fst = tempPath("pick.Fst");
    writeWaveformFile(s, fst);
    {
        std::ifstream in(fst, std::ios::binary);
        EXPECT_EQ(in.get(), 0) << "an FST header block";
    }
    int calls = 0;
    expectSameStore(s, readWaveformFile(fst, [&](double) { return ++calls > 0; }), true);
    EXPECT_GE(calls, 2);
    std::filesystem::remove(fst);
}

} // namespace
