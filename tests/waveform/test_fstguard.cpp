// The FST library treated as hostile: damaged files (tests/hw/data/wave/damaged, found by mutating
// real files) that make it loop forever, write out of bounds without crashing, or crash; the child
// that reads them is killed at its time limit and dies with its parent; lazy opening; and writers
// that fail cleanly on a full disk (a file-size limit stands in for it) and never touch a device.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <csignal>
#include <dirent.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/fileio/safefile.h"
#include "core/waveform/fst.h"
#include "core/waveform/guardedchild.h"
#include "core/waveform/vcd.h"
#include "tests/waveform/wavetest.h"

namespace {

using namespace rs::waveform;
using rs::wavetest::childrenOf;
using rs::wavetest::errorOf;
using rs::wavetest::expectSameStore;
using rs::wavetest::makeCapture;
using rs::wavetest::tempPath;

std::string damaged(const std::string& name) {
    return std::string(RS_TEST_SOURCE_DIR) + "/data/wave/damaged/" + name;
}

TEST(FstGuard, ALoopingFileEndsInAnError) {
    RS_REQUIRE_FST();
    // The library unpacks this file's hierarchy forever (gigabytes of temporary file beside it): the
    // old reader waited for its child with no limit. The child's file-size limit stops it now (and
    // its time limit would).
    ReadLimits limits;
    limits.childSeconds = 20;
    for (int lazy = 0; lazy < 2; ++lazy) {
        const std::string why = errorOf<FstError>([&] {
            lazy ? (void)openFstFile(damaged("loops.fst"), {}, limits)
                 : (void)readFstFile(damaged("loops.fst"), {}, limits);
        });
        EXPECT_TRUE(why.find("could not unpack") != std::string::npos ||
                    why.find("did not finish") != std::string::npos)
            << why;
    }
}

TEST(GuardedChild, IsKilledAtItsTimeLimitOrWhenCancelled) {
    detail::ChildLimits limits;
    limits.seconds = 1;
    const auto spin = [](int) {
        volatile unsigned i = 0;
        for (;;)
            i = i + 1;
        return 0;
    };
    detail::ChildEnd end = detail::runGuardedChild(spin, limits, [](std::string_view) {});
    EXPECT_EQ(end.kind, detail::ChildEnd::Kind::TimedOut);
    EXPECT_EQ(end.describe(1), "ran past its time limit of 1 s");
    limits.seconds = 600;
    int asked = 0;
    end = detail::runGuardedChild(
        spin, limits, [](std::string_view) {}, [&] { return ++asked < 2; });
    EXPECT_EQ(end.kind, detail::ChildEnd::Kind::Cancelled);
    // What the child writes arrives in order, whatever the pipe's chunks.
    std::string got;
    end = detail::runGuardedChild(
        [](int fd) {
            detail::PipeOut out(fd);
            for (int i = 0; i < 100000; ++i)
                out.put(&i, sizeof i);
            return 7;
        },
        limits, [&](std::string_view d) { got.append(d); });
    EXPECT_EQ(end.kind, detail::ChildEnd::Kind::Exited);
    EXPECT_EQ(end.code, 7);
    ASSERT_EQ(got.size(), 100000 * sizeof(int));
    int last = 0;
    std::memcpy(&last, got.data() + got.size() - sizeof(int), sizeof(int));
    EXPECT_EQ(last, 99999);
}

TEST(GuardedChild, RunsUnderAMemoryLimit) {
#if defined(__SANITIZE_ADDRESS__) || defined(RS_TEST_SANITIZED)
    GTEST_SKIP() << "sanitizers reserve their shadow memory: no address-space limit";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    GTEST_SKIP() << "sanitizers reserve their shadow memory: no address-space limit"; // clang's spelling
#endif
#endif
    detail::ChildLimits limits;
    limits.memoryBytes = 64u << 20;
    const detail::ChildEnd end = detail::runGuardedChild(
        [](int) {
            std::vector<char> big(std::size_t{1} << 30, 1); // 1 GiB: refused
            return big[12345] == 1 ? 0 : 2;
        },
        limits, [](std::string_view) {});
    EXPECT_FALSE(end.kind == detail::ChildEnd::Kind::Exited && end.code == 0) << end.describe(0);
}

TEST(FstGuard, CorruptingFilesNeverRunTheLibraryInTheProgram) {
    RS_REQUIRE_FST();
    // The first passed the old child's check (the library writes past a heap block and carries on) and
    // was then read again in the program itself; the others crash the library. Each must end as an
    // FstError or a store, with the program intact (under ASan the old reader aborted here).
    for (const char* name : {"overflows-silently.fst", "crashes.fst", "smashes-stack.fst"}) {
        try {
            const WaveformStore s = readFstFile(damaged(name));
            SUCCEED() << name << ": read, " << s.signalCount() << " signals";
        } catch (const FstError& e) {
            SUCCEED() << name << ": " << e.what();
        }
    }
    const WaveformStore s = makeCapture(200);
    const std::string path = tempPath("after_damage.fst");
    writeFstFile(s, path);
    expectSameStore(s, readFstFile(path), true);
    std::filesystem::remove(path);
}

TEST(GuardedChild, DiesWithItsParent) {
    // A program killed while its reader child loops must not leave the child spinning. We become the
    // subreaper of what the helper leaves, so we can see the orphan end (or not).
    ASSERT_EQ(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    const pid_t helper = ::fork();
    ASSERT_GE(helper, 0);
    if (helper == 0) {
        detail::ChildLimits limits; // ten minutes: a looping reader, as the library does on damaged files
        detail::runGuardedChild(
            [](int) {
                volatile unsigned i = 0;
                for (;;)
                    i = i + 1;
                return 0;
            },
            limits, [](std::string_view) {});
        ::_exit(0);
    }
    std::vector<pid_t> kids;
    for (int i = 0; i < 3000 && kids.empty(); ++i) {
        ::usleep(10000);
        kids = childrenOf(helper);
    }
    ASSERT_FALSE(kids.empty()) << "no reader child";
    ::kill(helper, SIGKILL);
    int status = 0;
    ASSERT_EQ(::waitpid(helper, &status, 0), helper);
    const pid_t orphan = kids.front();
    bool ended = false;
    for (int i = 0; i < 3000 && !ended; ++i) { // a liveness bound, not a timing assertion
        const pid_t r = ::waitpid(orphan, &status, WNOHANG);
        ended = r == orphan ||
                (r < 0 && errno == ECHILD && !std::filesystem::exists("/proc/" + std::to_string(orphan)));
        if (!ended) ::usleep(10000);
    }
    if (!ended) ::kill(orphan, SIGKILL);
    ::prctl(PR_SET_CHILD_SUBREAPER, 0);
    ASSERT_TRUE(ended) << "the reader child outlived its parent";
}

TEST(FstLazy, OpensSignalsFirstAndReadsEachOnDemand) {
    RS_REQUIRE_FST();
    const WaveformStore s = makeCapture(3000);
    const std::string path = tempPath("lazy.fst");
    writeFstFile(s, path);
    WaveformStore lazy = openFstFile(path);
    ASSERT_EQ(lazy.signalCount(), s.signalCount());
    EXPECT_EQ(lazy.endTick(), s.endTick());
    EXPECT_EQ(lazy.tickSeconds(), s.tickSeconds());
    EXPECT_EQ(lazy.signal(*lazy.find("fsm")).valueNames, s.signal(*s.find("fsm")).valueNames);
    for (SignalId i = 0; i < lazy.signalCount(); ++i)
        EXPECT_FALSE(lazy.isLoaded(i)) << lazy.signal(i).name;
    const SignalId x0 = *lazy.find("x0"), addr = *lazy.find("addr"), data = *lazy.find("data");
    EXPECT_EQ(lazy.changeCount(x0), s.changeCount(*s.find("x0"))); // a query loads it
    EXPECT_TRUE(lazy.isLoaded(x0));
    EXPECT_FALSE(lazy.isLoaded(addr));
    lazy.load({addr, data}); // one child for both
    EXPECT_TRUE(lazy.isLoaded(addr) && lazy.isLoaded(data));
    EXPECT_FALSE(lazy.isLoaded(*lazy.find("clk")));
    expectSameStore(s, lazy, true); // loads the rest as it goes
    std::filesystem::remove(path);
}

TEST(FstLazy, AFileChangedAfterOpeningIsNotMixedIn) {
    RS_REQUIRE_FST();
    const std::string path = tempPath("changed.fst");
    writeFstFile(makeCapture(300), path);
    WaveformStore lazy = openFstFile(path);
    writeFstFile(makeCapture(500), path);
    EXPECT_THROW(lazy.load({0}), FstError);
    EXPECT_NE(lazy.loadError(0).find("changed since it was opened"), std::string::npos) << lazy.loadError(0);
    std::filesystem::remove(path);
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Runs f in a forked process whose files may grow to `limit` bytes (a full disk, without root);
 *  the process's exit status: 0 when f returned true. */
int withFileSizeLimit(rlim_t limit, const std::function<bool()>& f) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        rlimit r{limit, limit};
        ::setrlimit(RLIMIT_FSIZE, &r);
        rs::fileio::ignoreFileSizeSignal();
        bool ok = false;
        try {
            ok = f();
        } catch (...) {
        }
        ::_exit(ok ? 0 : 1);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::size_t filesIn(const std::string& dir) {
    std::size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        (void)e;
        ++n;
    }
    return n;
}

TEST(WaveWriters, AFullDiskFailsCleanlyAndKeepsTheTarget) {
    const WaveformStore s = makeCapture(20000);
    const std::string dir = tempPath("fulldisk");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directory(dir);
    for (const char* name : {"capture.vcd", "capture.fst"}) {
        if (std::string(name).ends_with(".fst") && !fstSupported()) continue;
        const std::string target = dir + "/" + name;
        std::ofstream(target) << "the previous capture";
        // The FST library wrote through mmap: SIGBUS killed the program (status 135).
        const int status = withFileSizeLimit(256 * 1024, [&] {
            const std::string why = errorOf<WaveformFileError>([&] { writeWaveformFile(s, target); });
            return why.find("nothing was written") != std::string::npos ||
                   why.find("write failed") != std::string::npos;
        });
        EXPECT_EQ(status, 0) << name;
        std::ifstream in(target);
        std::string text;
        std::getline(in, text);
        EXPECT_EQ(text, "the previous capture") << name;
        EXPECT_EQ(filesIn(dir), std::string(name).ends_with(".fst") ? 2u : 1u) << "no temporary file is left";
        writeWaveformFile(s, target); // without the limit it writes
        expectSameStore(s, readWaveformFile(target), std::string(name).ends_with(".fst"));
    }
    std::filesystem::remove_all(dir);
}

TEST(WaveWriters, NeverReplaceADeviceOrFifo) {
    const WaveformStore s = makeCapture(50);
    const std::string fifo = tempPath("out_fifo.fst"), link = tempPath("null_link.vcd");
    std::filesystem::remove(fifo);
    std::filesystem::remove(link);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::filesystem::create_symlink("/dev/null", link);
    // fstWriterCreate unlinks its path first: as root, `--fst /dev/full` replaced the device node.
    if (fstSupported()) {
        const std::string why = errorOf<FstError>([&] { writeFstFile(s, fifo); });
        EXPECT_NE(why.find("FIFO"), std::string::npos) << why;
        EXPECT_TRUE(std::filesystem::is_fifo(fifo));
    }
    const std::string why = errorOf<VcdError>([&] { writeVcdFile(s, link); });
    EXPECT_NE(why.find("character device"), std::string::npos) << why;
    EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
    EXPECT_TRUE(std::filesystem::is_symlink(link));
    std::filesystem::remove(fifo);
    std::filesystem::remove(link);
}

} // namespace
