// The yosys resource report: parsing `stat -json`, the run's plumbing with a stand-in yosys, a
// missing yosys, and one real synthesis of the RTL when yosys is installed (the setup script installs it).
#include "tests/hw/hwtest.h"

#include <cstdlib>
#include <filesystem>

#include "hw/ip/resourcereport.h"

namespace {

const std::string kFakeYosys = std::string(RS_TEST_SOURCE_DIR) + "/fake_yosys.sh";

TEST(IpResources, ParsesTheDesignTotals) {
    const auto r = rs::hw::parseYosysStat(R"({"modules": {"\\top": {"num_cells_by_type": {"LUT1": 7}}},
        "design": {"num_cells_by_type": {"LUT3": 2, "LUT5": 3, "FDRE": 4, "FDSE": 1, "MUXF7": 5,
        "MUXF8": 6, "CARRY4": 8, "RAM64M": 9, "BUFG": 1}}})");
    EXPECT_EQ(r.luts, 5);
    EXPECT_EQ(r.ffs, 5);
    EXPECT_EQ(r.muxf7, 5);
    EXPECT_EQ(r.muxf8, 6);
    EXPECT_EQ(r.carry4, 8);
    EXPECT_EQ(r.lutRam, 9);
    EXPECT_EQ(r.cells.at("BUFG"), 1);
    EXPECT_THROW(rs::hw::parseYosysStat("{}"), std::runtime_error);
}

TEST(IpResources, CountsDspsAndBlockRamsApartFromLutRam) {
    const auto r = rs::hw::parseYosysStat(R"({"design": {"num_cells_by_type": {"DSP48E1": 8, "RAMB18E1": 3,
        "RAMB36E1": 1, "RAM32M": 5, "LUT6": 2}}})");
    EXPECT_EQ(r.dsp48, 8);
    EXPECT_EQ(r.blockRam, 4);
    EXPECT_EQ(r.lutRam, 5);
    EXPECT_EQ(r.luts, 2);
}

TEST(IpResources, RunsYosysInATemporaryDirectory) {
    rs::hw::ResourceOptions opt;
    opt.unroll = 6;
    opt.yosys = kFakeYosys;
    const auto r = rs::hw::synthesizeResources(opt);
    EXPECT_EQ(r.unroll, 6);
    EXPECT_EQ(r.luts, 10);
    EXPECT_EQ(r.ffs, 15);
    EXPECT_EQ(r.carry4, 3);
    EXPECT_EQ(r.lutRam, 2);
    EXPECT_EQ(r.yosysVersion, "Yosys 0.0 (RoundScope test stand-in)");
    EXPECT_FALSE(std::filesystem::exists(r.workDir)) << "the temporary directory is removed";
    for (const auto& f : rs::hw::rtlFiles())
        EXPECT_TRUE(std::filesystem::exists(f)) << f;
}

TEST(IpResources, MissingYosysIsNamed) {
    rs::hw::ResourceOptions opt;
    opt.yosys = "/nonexistent/yosys";
    try {
        rs::hw::synthesizeResources(opt);
        FAIL() << "expected ToolMissing";
    } catch (const rs::hw::ToolMissing& e) {
        EXPECT_NE(std::string(e.what()).find("yosys"), std::string::npos);
    }
    opt.yosys = kFakeYosys;
    opt.unroll = 13;
    EXPECT_THROW(rs::hw::synthesizeResources(opt), std::invalid_argument);
}

TEST(IpResources, RealYosysSynthesisesTheCore) {
    if (std::system("yosys -V > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "yosys not installed: real synthesis skipped";
    rs::hw::ResourceOptions opt;
    opt.unroll = 1;
    const auto r = rs::hw::synthesizeResources(opt);
    // The round unit alone is 64 five-bit S-boxes plus the linear layer on 320 bits: far more than
    // a thousand LUTs; the state, key and FIFO registers are well over a thousand flip-flops.
    EXPECT_GT(r.luts, 1000);
    EXPECT_GT(r.ffs, 1000);
    EXPECT_GT(r.muxf7 + r.muxf8 + r.carry4, 0);
    EXPECT_NE(r.yosysVersion.find("Yosys"), std::string::npos) << r.yosysVersion;
    EXPECT_EQ(r.yosysVersion.find("stand-in"), std::string::npos);
}

} // namespace
