// How long the FST library may run on a file (fstheader.h): a damaged 786-byte file kept a core busy for the
// guarded child's fixed 600 s before the error. The limit now follows what the file says it holds (its size,
// its header, the unpacked sizes its blocks declare, each counted only as far as its block's size makes it
// plausible), between a floor and a ceiling; a front end can ask it beforehand (waveformReadSeconds) to say
// how long it will wait. The tests check the limit's value and the error's kind, never the clock.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/fileio/safefile.h"
#include "core/waveform/fst.h"
#include "core/waveform/fstheader.h"
#include "tests/waveform/wavetest.h"

namespace {

using namespace rs::waveform;
using detail::fstChildSeconds;
using detail::FstFileSummary;
using detail::FstHeader;
using detail::kFstCeilingSeconds;
using detail::kFstFloorSeconds;
using rs::wavetest::errorOf;
using rs::wavetest::tempPath;

std::string dataFile(const std::string& name) {
    return std::string(RS_TEST_SOURCE_DIR) + "/data/wave/" + name;
}

FstFileSummary sized(std::uint64_t bytes) {
    FstFileSummary s;
    s.fileBytes = bytes;
    s.firstByte = 0;
    s.header = FstHeader{};
    return s;
}

TEST(FstTimeLimit, FollowsWhatTheFileHoldsBetweenAFloorAndACeiling) {
    EXPECT_EQ(fstChildSeconds(sized(786)), kFstFloorSeconds);
    EXPECT_EQ(fstChildSeconds(sized(0)), kFstFloorSeconds);
    // Value changes to decode: about a second per MiB unpacked (a loaded machine decodes some 10 MiB/s).
    FstFileSummary regular = sized(130 << 10);
    regular.valueBytes = std::uint64_t{20} << 20; // 130 KiB of very regular changes unpack to 20 MiB
    EXPECT_GE(fstChildSeconds(regular), 20);
    EXPECT_LT(fstChildSeconds(regular), 60);
    EXPECT_EQ(fstChildSeconds(sized(std::uint64_t{10} << 30)), kFstCeilingSeconds);
    // What cannot be sized without unpacking (a gzip-wrapped file, blocks past damage) counts as unpacking
    // as far as it plausibly can.
    FstFileSummary wrapped = sized(100 << 10);
    wrapped.wrapped = true;
    wrapped.header.reset();
    EXPECT_GE(fstChildSeconds(wrapped), 100);
}

TEST(FstTimeLimit, ClaimsBuyTimeOnlyAsFarAsTheFileCanHoldThem) {
    // 10 000 value-change blocks of a million handles each: real work for the library, in a file big enough
    // to hold them...
    FstFileSummary big = sized(std::uint64_t{10} << 20);
    big.header->blocks = 10000;
    big.header->maxHandle = 1000000;
    EXPECT_GT(fstChildSeconds(big), fstChildSeconds(sized(std::uint64_t{10} << 20)) + 60);
    // ...but the same header in a damaged 786-byte file buys (almost) nothing: at most 23 blocks of 33 bytes
    // fit, and no more than 64 handles a byte; and its blocks' claims are capped by their sizes (the walk).
    FstFileSummary liar = sized(786);
    liar.header->blocks = std::uint64_t{1} << 40;
    liar.header->maxHandle = std::uint64_t{1} << 40;
    EXPECT_LE(fstChildSeconds(liar), kFstFloorSeconds + 1);
    const std::string path = tempPath("liar.fst");
    {
        std::string bytes = rs::fileio::readFileBounded(dataFile("verilator.fst"), 1 << 20, "FST file");
        // The value block's "memory required for traversal" (+25 in the block at 330) says 2^60 bytes.
        for (int i = 0; i < 8; ++i)
            bytes[330 + 25 + static_cast<std::size_t>(i)] = i == 0 ? '\x10' : '\0';
        std::ofstream(path, std::ios::binary) << bytes;
    }
    const FstFileSummary walked = detail::summarizeFst(path);
    EXPECT_EQ(walked.valueBlocks, 1u);
    EXPECT_LE(walked.valueBytes, 1065u * detail::kMaxExpansion) << "capped by the block's size";
    EXPECT_LE(fstReadSeconds(path), kFstFloorSeconds + 2);
    std::filesystem::remove(path);
}

TEST(FstTimeLimit, TheHeaderAndBlocksAreReadFromTheFileByPlainCode) {
    const std::string head = rs::fileio::readFileBounded(dataFile("verilator.fst"), 1 << 20, "FST file");
    const auto h = detail::parseFstHeader(head);
    ASSERT_TRUE(h);
    EXPECT_EQ(h->blocks, 1u);
    EXPECT_EQ(h->maxHandle, 8u);
    EXPECT_EQ(h->vars, 11u);
    EXPECT_EQ(h->scopes, 3u);
    EXPECT_EQ(h->endTime, 245000u);
    EXPECT_FALSE(detail::parseFstHeader(head.substr(0, 100))) << "a cut header";
    std::string bad = head;
    bad[1] = 1; // the section length is 329, always
    EXPECT_FALSE(detail::parseFstHeader(bad));
    EXPECT_FALSE(detail::parseFstHeader(std::string(330, '\xfe')))
        << "a gzip-wrapped file has no header to read";
    const FstFileSummary s = detail::summarizeFst(dataFile("verilator.fst"));
    EXPECT_EQ(s.fileBytes, 1607u);
    EXPECT_EQ(s.valueBlocks, 1u);
    EXPECT_GT(s.valueBytes, 0u);
    EXPECT_GT(s.hierarchyBytes, 0u);
    EXPECT_EQ(s.unwalkedBytes, 0u) << "every block walked to the end of the file";
}

TEST(FstTimeLimit, ADamagedSmallFileFailsWithTheTimeLimitErrorAfterSeconds) {
    if (!fstSupported()) GTEST_SKIP() << "FST support was not built";
    // 786 bytes from RoundScope's own writer (3 signals, 135 ticks) whose LZ4-packed hierarchy's last byte
    // was changed (0xff -> 0x0e): the library unpacks it and then loops forever reading the hierarchy, using
    // a core; tests/fuzz/corpus/fuzz_fst holds it too.
    const std::string path = dataFile("damaged/spins-786.fst");
    ASSERT_EQ(std::filesystem::file_size(path), 786u);
    const double limit = fstReadSeconds(path);
    EXPECT_EQ(limit, kFstFloorSeconds) << "a few seconds, not 600";
    EXPECT_EQ(waveformReadSeconds(path), limit) << "what the CLI and the GUI say they will wait";
    ReadLimits fixed;
    fixed.childSeconds = 42;
    EXPECT_EQ(waveformReadSeconds(path, fixed), 42) << "a limit the caller sets is the limit";
    EXPECT_EQ(waveformReadSeconds(dataFile("verilator.vcd")), 0)
        << "a VCD is read in the program, with cancel";
    // The read fails with the time-limit error: the child was killed at the limit computed above.
    const std::string why = errorOf<FstError>([&] { (void)openWaveformFile(path); });
    EXPECT_NE(why.find("did not finish reading its signals"), std::string::npos) << why;
    EXPECT_NE(why.find("its time limit of 5 s"), std::string::npos) << why;
}

TEST(FstTimeLimit, ALegitimateFileStillReadsAndItsLimitCoversIt) {
    if (!fstSupported()) GTEST_SKIP() << "FST support was not built";
    const WaveformStore s = rs::wavetest::makeCapture(20000);
    const std::string path = tempPath("time_limit.fst");
    writeFstFile(s, path);
    EXPECT_GE(fstReadSeconds(path), kFstFloorSeconds);
    rs::wavetest::expectSameStore(s, readFstFile(path), true);
    std::filesystem::remove(path);
    // A path that is no regular file: the reader's own error, and no limit to announce.
    EXPECT_EQ(waveformReadSeconds("/dev/zero.fst"), 0);
    EXPECT_NE(errorOf<FstError>([] { (void)fstReadSeconds("/dev/null"); }).find("not a regular file"),
              std::string::npos);
}

} // namespace
