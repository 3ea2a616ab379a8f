// AXI4-Lite transactions decoded from bus pins (core/waveform/axitransactions): a clocked s_axi_ bus with
// ready and resp, a capture without them (one tick per clock), a trace without a bus.
#include <gtest/gtest.h>

#include "core/waveform/axitransactions.h"

namespace {

using rs::waveform::AxiRegisterMap;
using rs::waveform::axiResponseName;
using rs::waveform::decodeAxiTransactions;
using rs::waveform::SignalId;
using rs::waveform::Tick;
using rs::waveform::WaveformStore;

/** A bus driven clock by clock: the value of each pin during clock k is set at tick 10k + 1 (after the rising
 *  edge at 10k), as a simulator writes it. */
struct ClockedBus {
    WaveformStore s;
    SignalId clk;
    std::map<std::string, SignalId> pin;
    ClockedBus() {
        clk = s.addSignal("top.s_axi_aclk", 1);
        for (const auto& [n, w] : {std::pair{"awvalid", 1},
                                   {"awready", 1},
                                   {"awaddr", 8},
                                   {"wvalid", 1},
                                   {"wready", 1},
                                   {"wdata", 32},
                                   {"wstrb", 4},
                                   {"bvalid", 1},
                                   {"bready", 1},
                                   {"bresp", 2},
                                   {"arvalid", 1},
                                   {"arready", 1},
                                   {"araddr", 8},
                                   {"rvalid", 1},
                                   {"rready", 1},
                                   {"rdata", 32},
                                   {"rresp", 2}})
            pin[n] = s.addSignal(std::string("top.s_axi_") + n, w);
        s.addSignal("top.awvalid_unrelated_x", 1); // not a pin: nothing after the suffix
    }
    void set(int clock, const char* name, std::uint64_t v) {
        s.sample(pin.at(name), Tick(10 * clock + 1), v);
    }
    void finish(int clocks) {
        for (int k = 0; k < clocks; ++k) {
            s.sample(clk, Tick(10 * k), 1);
            s.sample(clk, Tick(10 * k + 5), 0);
        }
        s.advance(Tick(10 * clocks));
    }
};

TEST(AxiTransactions, AClockedBusWithReadyAndResponses) {
    ClockedBus b;
    // Clock 0: idle. Write to 0x08 (STATUS) of 0xAB with strobe 0xF: valid in clocks 1..3, ready in clock 3;
    // BVALID in clock 4 with SLVERR, BREADY in clock 5.
    for (const char* n : {"awvalid", "wvalid"})
        b.set(1, n, 1);
    b.set(1, "awaddr", 0x08);
    b.set(1, "wdata", 0xAB);
    b.set(1, "wstrb", 0xF);
    for (const char* n : {"awready", "wready"})
        b.set(3, n, 1);
    for (const char* n : {"awvalid", "wvalid", "awready", "wready"})
        b.set(4, n, 0);
    b.set(4, "bvalid", 1);
    b.set(4, "bresp", 2);
    b.set(5, "bready", 1);
    b.set(6, "bvalid", 0);
    // Read of 0x31 (KEY0; ADDR[1:0] ignored) in clock 7, data 0x1234 OKAY in clock 8 (RREADY high).
    b.set(7, "arvalid", 1);
    b.set(7, "arready", 1);
    b.set(7, "araddr", 0x31);
    b.set(7, "rready", 1);
    b.set(8, "arvalid", 0);
    b.set(8, "rvalid", 1);
    b.set(8, "rdata", 0x1234);
    b.set(9, "rvalid", 0);
    // A read in clock 11 whose data never comes.
    b.set(11, "arvalid", 1);
    b.set(11, "araddr", 0x70);
    b.set(12, "arvalid", 0);
    // The edge that samples clock k's pins is the rising edge at 10(k + 1).
    b.finish(15);
    const AxiRegisterMap map{"test", {{0x08, "STATUS"}, {0x30, "KEY0"}}};
    const auto d = decodeAxiTransactions(b.s, &map);
    ASSERT_TRUE(d.error.empty()) << d.error;
    EXPECT_EQ(d.prefix, "top.s_axi_");
    EXPECT_EQ(d.clock, "top.s_axi_aclk");
    EXPECT_TRUE(d.notes.empty());
    ASSERT_EQ(d.transactions.size(), 3u);
    const auto& w = d.transactions[0];
    EXPECT_TRUE(w.write);
    EXPECT_EQ(w.address, 0x08u);
    EXPECT_EQ(w.registerName, "STATUS");
    EXPECT_EQ(w.data, 0xABu);
    EXPECT_EQ(w.strobe, std::optional<std::uint64_t>(0xF));
    EXPECT_EQ(axiResponseName(w.response), "SLVERR");
    EXPECT_EQ(w.startCycle, 3u); // the handshake, not the first clock of AWVALID
    EXPECT_EQ(w.start, Tick{30});
    EXPECT_EQ(w.end, Tick{60}); // the clock of BVALID && BREADY ends at the edge at 60
    EXPECT_EQ(w.latency, 3u);   // clocks 3, 4, 5
    const auto& r = d.transactions[1];
    EXPECT_FALSE(r.write);
    EXPECT_EQ(r.address, 0x31u);
    EXPECT_EQ(r.registerName, "KEY0");
    EXPECT_EQ(r.data, 0x1234u);
    EXPECT_EQ(axiResponseName(r.response), "OKAY");
    EXPECT_EQ(r.start, Tick{70});
    EXPECT_EQ(r.end, Tick{90});
    EXPECT_EQ(r.latency, 2u);
    const auto& open = d.transactions[2];
    EXPECT_FALSE(open.complete);
    EXPECT_EQ(open.registerName, ""); // 0x70 is not in the map
    EXPECT_EQ(axiResponseName(open.response), "?");
    EXPECT_EQ(open.end, b.s.endTick());
}

TEST(AxiTransactions, ACaptureWithoutReadyOrClockCountsTicks) {
    // Our block/ML-DSA captures: no ready, no resp, no clock; one tick per clock.
    WaveformStore s;
    std::map<std::string, SignalId> p;
    for (const auto& [n, w] : {std::pair{"awvalid", 1},
                               {"awaddr", 8},
                               {"wvalid", 1},
                               {"wdata", 32},
                               {"bvalid", 1},
                               {"arvalid", 1},
                               {"araddr", 8},
                               {"rvalid", 1},
                               {"rdata", 32}})
        p[n] = s.addSignal(n, w, "axi");
    // Back-to-back writes: valid in 2 and in 4, BVALID one clock later; a read in 7, RVALID in 8.
    for (const Tick t : {Tick{2}, Tick{4}}) {
        s.sample(p["awvalid"], t, 1);
        s.sample(p["wvalid"], t, 1);
        s.sample(p["awaddr"], t, t == 2 ? 0x00 : 0x80);
        s.sample(p["wdata"], t, t);
        s.sample(p["awvalid"], t + 1, 0);
        s.sample(p["wvalid"], t + 1, 0);
        s.sample(p["bvalid"], t + 1, 1);
        s.sample(p["bvalid"], t + 2, 0);
    }
    s.sample(p["arvalid"], 7, 1);
    s.sample(p["araddr"], 7, 0x84);
    s.sample(p["arvalid"], 8, 0);
    s.sample(p["rvalid"], 8, 1);
    s.sample(p["rdata"], 8, 0xC0FFEE);
    s.sample(p["rvalid"], 9, 0);
    s.advance(12);
    const auto d = decodeAxiTransactions(s);
    ASSERT_TRUE(d.error.empty()) << d.error;
    EXPECT_EQ(d.prefix, "");
    EXPECT_EQ(d.clock, "");
    EXPECT_EQ(d.notes.size(), 7u); // five readies and two resps missing
    ASSERT_EQ(d.transactions.size(), 3u);
    EXPECT_EQ(d.transactions[0].address, 0x00u);
    EXPECT_EQ(d.transactions[0].start, Tick{2});
    EXPECT_EQ(d.transactions[0].end, Tick{4});
    EXPECT_EQ(d.transactions[0].latency, 2u);
    EXPECT_EQ(d.transactions[1].address, 0x80u);
    EXPECT_EQ(d.transactions[1].data, 4u);
    EXPECT_EQ(d.transactions[1].registerName, ""); // no map
    EXPECT_FALSE(d.transactions[1].response);
    EXPECT_EQ(d.transactions[2].data, 0xC0FFEEu);
    EXPECT_EQ(d.transactions[2].start, Tick{7});
    EXPECT_EQ(d.transactions[2].end, Tick{9});
}

TEST(AxiTransactions, ATraceWithoutABusSaysWhatItNeeds) {
    WaveformStore s;
    s.addSignal("clk", 1);
    s.addSignal("m_axi_awvalid", 1);
    const auto d = decodeAxiTransactions(s);
    EXPECT_TRUE(d.transactions.empty());
    EXPECT_EQ(d.error,
              "no AXI4-Lite bus in this trace: it needs awvalid, awaddr, wvalid, wdata and bvalid (writes) "
              "or arvalid, araddr, rvalid and rdata (reads), after any prefix such as s_axi_; found only "
              "m_axi_awvalid");
    EXPECT_FALSE(decodeAxiTransactions(WaveformStore{}).error.empty());
}

} // namespace
