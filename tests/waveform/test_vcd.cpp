// VCD export and import of the waveform store.
#include <gtest/gtest.h>

#include <sstream>

#include "core/waveform/vcd.h"

namespace {

using rs::waveform::WaveformStore;

TEST(Vcd, RoundTripsGroupsWidthsAndChanges) {
    WaveformStore s;
    const auto a = s.addSignal("valid", 1, "axi");
    const auto b = s.addSignal("data", 32, "axi");
    const auto c = s.addSignal("x0", 64, "state");
    const auto d = s.addSignal("free", 3);
    for (rs::waveform::Tick t = 0; t < 50; ++t) {
        s.sample(a, t, (t / 3) & 1);
        s.sample(b, t, t * 0x01010101u);
        s.sample(c, t, t % 7 ? ~0ull : t);
        if (t > 4) s.sample(d, t, 5);
    }
    s.advance(60);
    std::stringstream vcd;
    rs::waveform::writeVcd(s, vcd);
    const std::string text = vcd.str();
    EXPECT_NE(text.find("$timescale 10 ns $end"), std::string::npos);
    EXPECT_NE(text.find("$scope module axi $end"), std::string::npos);
    EXPECT_NE(text.find("$var wire 64"), std::string::npos);

    const WaveformStore back = rs::waveform::readVcd(vcd);
    ASSERT_EQ(back.signalCount(), 4u);
    EXPECT_EQ(back.endTick(), 60u);
    for (rs::waveform::SignalId id = 0; id < 4; ++id) {
        const auto other = *back.find(s.signal(id).name);
        EXPECT_EQ(back.signal(other).group, s.signal(id).group);
        EXPECT_EQ(back.signal(other).width, s.signal(id).width);
        for (rs::waveform::Tick t = 0; t < 60; ++t)
            EXPECT_EQ(back.valueAt(other, t), s.valueAt(id, t)) << s.signal(id).name << " @" << t;
    }
}

TEST(Vcd, ReadsSimulatorOutputAndRejectsGarbage) {
    std::istringstream sim(R"($date today $end
$timescale 1ns $end
$scope module tb $end
$scope module dut $end
$var wire 1 ! clk $end
$var reg 4 " count [3:0] $end
$upscope $end
$upscope $end
$enddefinitions $end
$dumpvars
x!
bxxxx "
$end
#5
1!
b101 "
#10
0!
z!
)");
    const auto s = rs::waveform::readVcd(sim);
    const auto clk = *s.find("clk"), count = *s.find("count");
    EXPECT_EQ(s.signal(count).group, "dut");
    EXPECT_EQ(s.valueAt(clk, 7), 1u);
    EXPECT_EQ(s.valueAt(clk, 10), 0u);
    EXPECT_EQ(s.valueAt(count, 5), 5u);

    std::istringstream bad("$enddefinitions $end\n#1\n1?\n");
    EXPECT_THROW(rs::waveform::readVcd(bad), rs::waveform::VcdError);
    std::istringstream wide("$var wire 65 ! w $end\n");
    EXPECT_THROW(rs::waveform::readVcd(wide), rs::waveform::VcdError);
    EXPECT_THROW(rs::waveform::readVcdFile("/nonexistent/file.vcd"), rs::waveform::VcdError);
}

} // namespace
