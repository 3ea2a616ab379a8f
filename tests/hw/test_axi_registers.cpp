// AXI4-Lite transactions of every IP core (issue 32): the register maps the viewer names addresses with agree
// with hw/rtl/REGISTERS.md's tables, and each core's capture decodes into its bus transactions, every address
// a register of its map, two clocks each; Verilator's own trace of every net (FST, s_axi_* pins and aclk)
// decodes into the same transactions as the capture.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "core/oracle/operation.h"
#include "core/waveform/axitransactions.h"
#include "core/waveform/waveformfile.h"
#include "hw/ip/axiregistermaps.h"
#include "hw/ip/ipcores.h"

namespace {

using namespace rs::hw;
using rs::waveform::AxiTransaction;
using rs::waveform::decodeAxiTransactions;

/** REGISTERS.md's tables, per core ("ascon", "block", "mldsa"): offset -> name, ranges expanded (KEY0..3 at
 *  0x30–0x3C is KEY0 at 0x30 ... KEY3 at 0x3C). */
std::map<std::string, std::map<std::uint32_t, std::string>> registersMd() {
    std::ifstream in(RS_REGISTERS_MD);
    EXPECT_TRUE(in) << RS_REGISTERS_MD;
    std::map<std::string, std::map<std::uint32_t, std::string>> maps;
    std::string line, core;
    const std::regex row(
        R"(^\| *0x([0-9A-Fa-f]+)(?:–0x([0-9A-Fa-f]+))? *\| *([A-Z_]+?)(?:(\d+)\.\.(\d+))? *\|.*)");
    while (std::getline(in, line)) {
        if (line.rfind("# ", 0) == 0) {
            core = line.find("Ascon") != std::string::npos    ? "ascon"
                   : line.find("ML-DSA") != std::string::npos ? "mldsa"
                   : line.find("SKINNY") != std::string::npos ? "block"
                                                              : "";
            continue;
        }
        std::smatch m;
        if (core.empty() || !std::regex_match(line, m, row)) continue;
        const std::uint32_t first = static_cast<std::uint32_t>(std::stoul(m[1], nullptr, 16));
        if (!m[4].matched) {
            maps[core][first] = m[3];
            continue;
        }
        const int a = std::stoi(m[4]), b = std::stoi(m[5]);
        EXPECT_EQ(std::stoul(m[2], nullptr, 16), first + 4u * static_cast<std::uint32_t>(b - a)) << line;
        for (int i = a; i <= b; ++i)
            maps[core][first + 4u * static_cast<std::uint32_t>(i - a)] =
                std::string(m[3]) + std::to_string(i);
    }
    return maps;
}

TEST(AxiRegisterMaps, AgreeWithRegistersMd) {
    const auto md = registersMd();
    ASSERT_EQ(md.size(), 3u) << "one table per core in REGISTERS.md";
    EXPECT_EQ(axiRegisterMapCores(), (std::vector<std::string>{"ascon", "block", "mldsa"}));
    for (const std::string& core : axiRegisterMapCores()) {
        const auto* map = axiRegisterMap(core);
        ASSERT_NE(map, nullptr) << core;
        std::map<std::uint32_t, std::string> ours;
        for (const auto& r : map->registers)
            EXPECT_TRUE(ours.emplace(r.offset, r.name).second)
                << core << ": offset declared twice " << r.offset;
        EXPECT_EQ(ours, md.at(core)) << core;
    }
    EXPECT_EQ(md.at("ascon").at(0x90), "TAG0");
    EXPECT_EQ(md.at("block").at(0x8C), "KEY11");
    EXPECT_EQ(axiRegisterMap("ascon")->nameOf(0x86), "DOUT"); // ADDR[1:0] ignored
    EXPECT_EQ(axiRegisterMap("mldsa")->nameOf(0x3C), "");     // unmapped
    EXPECT_EQ(axiRegisterMap("riscv"), nullptr);
}

/** Runs the core's first operation with a capture; the capture's transactions, named by the core's map. */
std::vector<AxiTransaction> capture(const std::string& core, rs::waveform::WaveformStore& store,
                                    const std::string& fstPath = {}) {
    IpCoreSet cores;
    const std::string op = ipCoreInfo(core)->operations().front();
    IpCore* c = cores.core(core);
    IpCapture cap;
    cap.store = &store;
    cap.fstPath = fstPath;
    const auto o = rs::oracle::operation(op);
    const auto in = rs::oracle::makeInputs(op, o.mldsa != nullptr ? 1024 : 32, 3);
    c->run(o, in, resolveSettings(*c, op, {}), &cap);
    EXPECT_EQ(axiCoreOf(store), core);
    const auto d = decodeAxiTransactions(store, axiRegisterMap(axiCoreOf(store)));
    EXPECT_TRUE(d.error.empty()) << core << ": " << d.error;
    return d.transactions;
}

TEST(AxiTransactions, EveryCoresCaptureDecodesIntoItsRegisters) {
    for (const std::string& core : axiRegisterMapCores()) {
        rs::waveform::WaveformStore store;
        const auto ts = capture(core, store);
        ASSERT_GT(ts.size(), 10u) << core;
        bool started = false;
        for (const AxiTransaction& t : ts) {
            EXPECT_FALSE(t.registerName.empty()) << core << ": unmapped address " << t.address;
            EXPECT_TRUE(t.complete) << core;
            // REGISTERS.md: a master that keeps BREADY and RREADY high spends exactly 2 clocks per
            // transaction.
            EXPECT_EQ(t.latency, 2u) << core << " " << t.registerName;
            EXPECT_EQ(t.end - t.start, 2u) << core; // one tick per clock
            started = started || (t.write && t.registerName == "CTRL" && (t.data & 1) != 0);
            if (t.response) EXPECT_EQ(*t.response, 0u) << core << " " << t.registerName;
        }
        EXPECT_TRUE(started) << core << ": a CTRL.START write";
        EXPECT_TRUE(
            std::is_sorted(ts.begin(), ts.end(), [](const AxiTransaction& a, const AxiTransaction& b) {
                return a.start < b.start;
            }));
    }
    // The Ascon capture has the responses (BRESP/RRESP); the bus-driven cores' captures leave them unknown.
    rs::waveform::WaveformStore ascon;
    EXPECT_TRUE(capture("ascon", ascon).front().response.has_value());
}

TEST(AxiTransactions, VerilatorsTraceOfEveryNetDecodesLikeTheCapture) {
    QTemporaryDir dir;
    const std::string fst = dir.filePath("ascon.fst").toStdString();
    rs::waveform::WaveformStore store;
    const auto fromCapture = capture("ascon", store, fst);
    const auto file = rs::waveform::readWaveformFile(fst);
    EXPECT_EQ(axiCoreOf(file), "ascon");
    const auto d = decodeAxiTransactions(file, axiRegisterMap("ascon"));
    ASSERT_TRUE(d.error.empty()) << d.error;
    EXPECT_NE(d.prefix.find("s_axi_"), std::string::npos) << d.prefix;
    EXPECT_NE(d.clock.find("aclk"), std::string::npos) << d.clock;
    EXPECT_TRUE(d.notes.empty());
    ASSERT_EQ(d.transactions.size(), fromCapture.size());
    for (std::size_t i = 0; i < fromCapture.size(); ++i) {
        const auto &a = fromCapture[i], &b = d.transactions[i];
        EXPECT_EQ(a.write, b.write) << i;
        EXPECT_EQ(a.registerName, b.registerName) << i;
        EXPECT_EQ(a.data, b.data) << i << " " << a.registerName;
        EXPECT_EQ(a.response, b.response) << i;
        EXPECT_EQ(a.latency, b.latency) << i;
    }
}

} // namespace
