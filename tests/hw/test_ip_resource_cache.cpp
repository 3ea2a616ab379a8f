// The resource cache (hw/ip/resourcecache.h): its key follows the RTL's content, the parameters and the yosys
// version; a configuration is synthesised once and read back after; a damaged cache file is recomputed; a
// cancelled synthesis stops yosys. With the stand-in yosys (fake_yosys.sh), and once with the real one.
#include "tests/hw/hwtest.h"

#include <QTemporaryDir>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/fileio/safefile.h"
#include "hw/ip/resourcecache.h"

namespace {

namespace fs = std::filesystem;
using rs::hw::ResourceCache;
using rs::hw::ResourceOptions;
using rs::hw::ResourceReport;

const std::string kFakeYosys = std::string(RS_TEST_SOURCE_DIR) + "/fake_yosys.sh";

void writeText(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

/** A synthesis that counts its calls and returns figures of the options (no yosys). */
struct CountingSynthesis {
    int calls = 0;
    ResourceCache::Synthesize fn() {
        return [this](const ResourceOptions& o) {
            ++calls;
            ResourceReport r;
            r.unroll = o.unroll;
            r.luts = 100L * o.unroll + o.core;
            r.ffs = 7;
            r.dsp48 = o.core == 3 ? 4 : 0;
            r.cells = {{"LUT6", r.luts}, {"FDRE", 7}};
            r.yosysVersion = "counted";
            return r;
        };
    }
};

TEST(ResourceCache, KeyFollowsTheRtlContentTheParametersAndTheYosysVersion) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string rtl = dir.filePath("core.sv").toStdString();
    writeText(rtl, "module core; endmodule\n");
    ResourceOptions opt;
    const std::string base = rs::hw::resourceCacheKey(opt, "Yosys 1", {rtl});
    EXPECT_EQ(base.size(), 64u) << "SHA-256 in hex";
    EXPECT_EQ(rs::hw::resourceCacheKey(opt, "Yosys 1", {rtl}), base) << "the same inputs, the same key";

    writeText(rtl, "module core; wire w; endmodule\n");
    const std::string edited = rs::hw::resourceCacheKey(opt, "Yosys 1", {rtl});
    EXPECT_NE(edited, base) << "an RTL edit is another key";
    writeText(rtl, "module core; endmodule\n");
    EXPECT_EQ(rs::hw::resourceCacheKey(opt, "Yosys 1", {rtl}), base);

    EXPECT_NE(rs::hw::resourceCacheKey(opt, "Yosys 2", {rtl}), base) << "another yosys";
    ResourceOptions other = opt;
    other.unroll = 2;
    EXPECT_NE(rs::hw::resourceCacheKey(other, "Yosys 1", {rtl}), base) << "unroll / RPC / B";
    other = opt;
    other.core = 1;
    EXPECT_NE(rs::hw::resourceCacheKey(other, "Yosys 1", {rtl}), base) << "another core";
    other = opt;
    other.detail = true;
    EXPECT_NE(rs::hw::resourceCacheKey(other, "Yosys 1", {rtl}), base) << "--detail";
    other = opt;
    other.params = {{"OUT_DEPTH", 4}};
    const std::string withParam = rs::hw::resourceCacheKey(other, "Yosys 1", {rtl});
    EXPECT_NE(withParam, base) << "a parameter";
    other.params = {{"OUT_DEPTH", 8}};
    EXPECT_NE(rs::hw::resourceCacheKey(other, "Yosys 1", {rtl}), withParam) << "its value";
    // What does not shape the netlist is not in the key.
    other = opt;
    other.yosys = "/somewhere/else/yosys";
    other.keepFiles = true;
    EXPECT_EQ(rs::hw::resourceCacheKey(other, "Yosys 1", {rtl}), base);
    // The RTL the core elaborates: the block cores' files are not the Ascon IP's.
    other = opt;
    other.core = 1;
    EXPECT_NE(rs::hw::resourceCacheKey(opt, "Yosys 1"), rs::hw::resourceCacheKey(other, "Yosys 1"));
    EXPECT_THROW(rs::hw::resourceCacheKey(opt, "Yosys 1", {dir.filePath("missing.sv").toStdString()}),
                 std::runtime_error);
}

TEST(ResourceCache, SynthesisesOnceThenReadsBack) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const ResourceCache cache(dir.path().toStdString());
    CountingSynthesis synth;
    ResourceOptions opt;
    opt.core = 1;
    opt.unroll = 2;
    opt.yosys = kFakeYosys; // its version is part of the key
    const auto first = cache.get(opt, synth.fn());
    EXPECT_FALSE(first.cached);
    EXPECT_EQ(synth.calls, 1);
    EXPECT_TRUE(fs::exists(cache.pathOf(first.key)));
    const auto second = cache.get(opt, synth.fn());
    EXPECT_TRUE(second.cached);
    EXPECT_EQ(synth.calls, 1) << "a hit runs no synthesis";
    EXPECT_EQ(second.key, first.key);
    EXPECT_EQ(second.report.luts, 201);
    EXPECT_EQ(second.report.ffs, 7);
    EXPECT_EQ(second.report.unroll, 2);
    EXPECT_EQ(second.report.cells, first.report.cells);
    EXPECT_EQ(second.report.yosysVersion, "counted");

    opt.unroll = 4; // another configuration: a miss
    const auto third = cache.get(opt, synth.fn());
    EXPECT_FALSE(third.cached);
    EXPECT_EQ(synth.calls, 2);
    EXPECT_EQ(third.report.luts, 401);
}

TEST(ResourceCache, DamagedFilesAreRecomputed) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const ResourceCache cache(dir.path().toStdString());
    CountingSynthesis synth;
    ResourceOptions opt;
    opt.core = 3;
    opt.yosys = kFakeYosys;
    const std::string key = cache.get(opt, synth.fn()).key;
    const std::string good = rs::fileio::readFileBounded(cache.pathOf(key), 1u << 20, "cache");
    for (const std::string& damage :
         {std::string(), std::string("{\"format\": 1, \"luts\": "), std::string("[1, 2]"),
          std::string("{\"format\": 99}"), good.substr(0, good.size() / 2), std::string("\x00\xff\x10", 3),
          std::string(R"({"format": 1, "luts": "many", "lut_ram": 0, "ffs": 0, "muxf7": 0, "muxf8": 0,
                          "carry4": 0, "dsp48": 0, "block_ram": 0, "cells": {}, "unroll": 1,
                          "yosys": "x", "seconds": 0})")}) {
        writeText(cache.pathOf(key), damage);
        EXPECT_FALSE(cache.lookup(key)) << damage;
        const int before = synth.calls;
        const auto r = cache.get(opt, synth.fn());
        EXPECT_FALSE(r.cached) << damage;
        EXPECT_EQ(synth.calls, before + 1) << damage;
        EXPECT_EQ(r.report.dsp48, 4);
        EXPECT_TRUE(cache.lookup(key)) << "the damaged file is replaced";
    }
    EXPECT_THROW(rs::hw::resourceReportFromJson("not json"), std::runtime_error);
}

TEST(ResourceCache, TheReportSurvivesTheRoundTripWithBothScopes) {
    ResourceOptions opt;
    opt.core = 1;
    opt.detail = true;
    opt.yosys = kFakeYosys;
    const ResourceReport r = rs::hw::synthesizeResources(opt);
    ASSERT_TRUE(r.ip && r.core);
    const ResourceReport back = rs::hw::resourceReportFromJson(rs::hw::resourceReportToJson(r));
    EXPECT_EQ(back.luts, r.luts);
    EXPECT_EQ(back.lutRam, r.lutRam);
    EXPECT_EQ(back.carry4, r.carry4);
    EXPECT_EQ(back.cells, r.cells);
    EXPECT_EQ(back.yosysVersion, r.yosysVersion);
    ASSERT_TRUE(back.ip && back.core);
    EXPECT_EQ(back.core->top, "lea_core");
    EXPECT_EQ(back.core->abc9.luts, r.core->abc9.luts);
    EXPECT_EQ(back.ip->lutDepth, r.ip->lutDepth);
}

TEST(ResourceCache, MissingYosysAndBadParametersAreNamedNotCached) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const ResourceCache cache(dir.path().toStdString());
    CountingSynthesis synth;
    ResourceOptions opt;
    opt.yosys = "/nonexistent/yosys";
    EXPECT_THROW(cache.get(opt, synth.fn()), rs::hw::ToolMissing);
    opt.yosys = kFakeYosys;
    opt.params = {{"NO_SUCH", 1}};
    EXPECT_THROW(cache.get(opt, synth.fn()), std::invalid_argument);
    EXPECT_EQ(synth.calls, 0);
    EXPECT_FALSE(fs::exists(dir.filePath("resources").toStdString()));
}

TEST(ResourceCache, TheDefaultDirectoryFollowsTheEnvironment) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QByteArray old = qgetenv("ROUNDSCOPE_CACHE_DIR");
    qputenv("ROUNDSCOPE_CACHE_DIR", dir.path().toUtf8());
    EXPECT_EQ(ResourceCache().directory(), (fs::path(dir.path().toStdString()) / "resources").string());
    qunsetenv("ROUNDSCOPE_CACHE_DIR");
    EXPECT_NE(ResourceCache().directory().find("RoundScope"), std::string::npos);
    if (!old.isEmpty()) qputenv("ROUNDSCOPE_CACHE_DIR", old);
}

TEST(ResourceCache, ACancelStopsYosys) {
    // A yosys that never finishes a synthesis: only the cancel ends the call.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string slow = dir.filePath("slow_yosys.sh").toStdString();
    writeText(slow, "#!/bin/sh\n[ \"$1\" = \"-V\" ] && { echo 'Yosys slow'; exit 0; }\nexec sleep 600\n");
    fs::permissions(slow, fs::perms::owner_all);
    std::atomic<bool> cancel{false};
    ResourceOptions opt;
    opt.core = 1;
    opt.yosys = slow;
    opt.cancel = &cancel;
    std::thread canceller([&cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel = true;
    });
    EXPECT_THROW(rs::hw::synthesizeResources(opt), rs::hw::ResourceCancelled);
    canceller.join();
}

/** The real tool once: LEA at one round per clock (about 10 s), synthesised, then read back. */
TEST(ResourceCacheRealYosys, TheSecondRunIsReadBack) {
    if (std::system("yosys -V > /dev/null 2>&1") != 0) GTEST_SKIP() << "yosys not installed";
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const ResourceCache cache(dir.path().toStdString());
    ResourceOptions opt;
    opt.core = 1;
    opt.yosys = "yosys";
    const auto first = cache.get(opt);
    EXPECT_FALSE(first.cached);
    EXPECT_GT(first.report.luts, 300);
    EXPECT_EQ(first.report.yosysVersion.find("stand-in"), std::string::npos);
    const auto second = cache.get(opt);
    EXPECT_TRUE(second.cached);
    EXPECT_EQ(second.report.luts, first.report.luts);
    EXPECT_EQ(second.report.ffs, first.report.ffs);
    EXPECT_EQ(second.report.cells, first.report.cells);
}

} // namespace

namespace {

TEST(ResourceCache, BlockCiphersMapToTheirResourceCore) {
    EXPECT_EQ(rs::hw::blockResourceCore("lea-192"), 1); // one LEA core for every key size
    EXPECT_EQ(rs::hw::blockResourceCore("skinny-128-256"), 2);
    EXPECT_EQ(rs::hw::blockResourceCore("skinny-128-384"), 4); // 3 is the ML-DSA unit
    EXPECT_THROW(rs::hw::blockResourceCore("ascon-aead128"), std::invalid_argument);
}

} // namespace
