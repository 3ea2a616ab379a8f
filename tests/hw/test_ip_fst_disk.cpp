// `ip run --fst` on a full disk (issue 30): Verilator's FST writer ran in the simulating process, died of
// SIGBUS when the disk filled and left hidden temporary files beside the target. A file-size limit
// (RLIMIT_FSIZE, with SIGXFSZ ignored as the front ends do: a write past it fails with EFBIG) stands in for
// the full disk, and every run happens in a forked child, so a crash is seen rather than suffered. For each
// Verilated core and each limit, a run either writes a whole FST file that reads back, or fails with
// IpTraceError naming the file; either way its folder holds nothing else (no hidden temporary file), and a
// target that was there before a failed run is left as it was.
#include "tests/hw/hwtest.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>

#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/fileio/safefile.h"
#include "core/waveform/fst.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/block/blockip.h"
#include "hw/ip/iptrace.h"
#include "hw/ip/mldsa/mldsaip.h"

namespace {

namespace fs = std::filesystem;
using rs::crypto::Bytes;

constexpr int kWritten = 0, kTraceError = 10, kOtherError = 11;

struct Outcome {
    bool exited = false; ///< false: killed by a signal (the old writer's SIGBUS)
    int code = 0;        ///< exit status, or the signal
    std::string message;
};

constexpr int kCannotMount = 77;

/** Runs `run` in a child whose files may not grow past limitBytes (0: no limit); with tmpfsBytes, the child
 *  first mounts a tmpfs of that size on `tmpfsAt` in a mount namespace of its own (a real full disk:
 *  ENOSPC), runs, and exits with kCannotMount when it may not mount, or 1 when `after` (run in the child,
 * where the tmpfs is) returns false. */
Outcome runInChild(std::uint64_t limitBytes, const std::function<void()>& run, std::uint64_t tmpfsBytes = 0,
                   const std::string& tmpfsAt = {},
                   const std::function<bool(int, std::string&)>& after = {}) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe");
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        if (limitBytes > 0) {
            const rlimit r{static_cast<rlim_t>(limitBytes), static_cast<rlim_t>(limitBytes)};
            ::setrlimit(RLIMIT_FSIZE, &r);
        }
        std::signal(SIGXFSZ, SIG_IGN); // as roundscope and roundscope-cli do at start-up
        if (tmpfsBytes > 0) {
            const std::string size = "size=" + std::to_string(tmpfsBytes);
            if (::unshare(CLONE_NEWNS) != 0 ||
                ::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
                ::mount("tmpfs", tmpfsAt.c_str(), "tmpfs", 0, size.c_str()) != 0)
                ::_exit(kCannotMount);
        }
        int code = kWritten;
        std::string message;
        try {
            run();
        } catch (const rs::hw::IpTraceError& e) {
            code = kTraceError;
            message = e.what();
        } catch (const std::exception& e) {
            code = kOtherError;
            message = e.what();
        }
        if (after && !after(code, message)) code = 1;
        if (!message.empty()) (void)!::write(fds[1], message.data(), message.size());
        ::_exit(code);
    }
    ::close(fds[1]);
    Outcome o;
    char buf[4096];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;)
        o.message.append(buf, static_cast<std::size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    o.exited = WIFEXITED(status);
    o.code = o.exited ? WEXITSTATUS(status) : WTERMSIG(status);
    return o;
}

/** Every entry of the folder, hidden ones too. */
std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir))
        names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

struct Core {
    const char* name;
    std::function<void(const std::string& fst)> run;
    int widest; ///< a net every full trace of the core holds
};

std::vector<Core> cores() {
    return {
        {"ascon",
         [](const std::string& fst) {
             rs::hw::AsconIp ip;
             rs::hw::AsconIpOptions opt;
             opt.fstPath = fst;
             ip.encrypt(rs::crypto::AsconAeadVariant::AsconAead128, Bytes(16, 1), Bytes(16, 2), {},
                        Bytes(4, 3), opt);
         },
         320},
        {"lea-128",
         [](const std::string& fst) {
             rs::hw::BlockIp ip;
             ip.traceNextTo(fst);
             ip.ecb("lea-128", Bytes(16, 1), Bytes(16, 2), 1);
         },
         128},
        {"mldsa",
         [](const std::string& fst) {
             rs::hw::MlDsaIp ip;
             ip.traceNextTo(fst);
             rs::crypto::MlDsaPoly a{};
             for (std::size_t i = 0; i < a.size(); ++i)
                 a[i] = static_cast<std::int32_t>(i * 31);
             ip.run(rs::oracle::MlDsaKind::Ntt, a, a, 2);
         },
         23},
    };
}

TEST(IpFstDisk, AFullDiskGivesAnErrorAndLeavesNoFile) {
    if (!rs::waveform::fstSupported()) GTEST_SKIP() << "FST support was not built";
    const fs::path dir = fs::temp_directory_path() / ("rs_test_fst_disk_" + std::to_string(::getpid()));
    for (const Core& core : cores()) {
        int failed = 0;
        for (const std::uint64_t limit :
             {std::uint64_t{2} << 10, std::uint64_t{32} << 10, std::uint64_t{256} << 10, std::uint64_t{0}}) {
            SCOPED_TRACE(std::string(core.name) + ", file-size limit " + std::to_string(limit));
            fs::remove_all(dir);
            fs::create_directories(dir);
            const std::string fst = (dir / "trace.fst").string();
            const Outcome o = runInChild(limit, [&] { core.run(fst); });
            ASSERT_TRUE(o.exited) << "killed by signal " << o.code << " (" << ::strsignal(o.code) << ")";
            if (o.code == kWritten) {
                EXPECT_EQ(entries(dir), std::vector<std::string>{"trace.fst"});
                const rs::waveform::WaveformStore s = rs::waveform::readFstFile(fst);
                EXPECT_GT(s.signalCount(), 10u);
                int widest = 0;
                for (std::size_t i = 0; i < s.signalCount(); ++i)
                    widest = std::max(widest, s.signal(i).width);
                EXPECT_GE(widest, core.widest);
                EXPECT_GT(s.endTick(), 0u);
            } else {
                ++failed;
                EXPECT_EQ(o.code, kTraceError) << o.message;
                EXPECT_NE(o.message.find("cannot write FST file " + fst), std::string::npos) << o.message;
                EXPECT_NE(o.message.find("nothing was written"), std::string::npos) << o.message;
                EXPECT_EQ(entries(dir), std::vector<std::string>{}) << "a failed trace leaves no file";
            }
            if (limit == 0) {
                EXPECT_EQ(o.code, kWritten) << "no limit: the trace is written; " << o.message;
            }
            if (limit == (std::uint64_t{2} << 10)) {
                EXPECT_NE(o.code, kWritten) << "a 2 KiB disk holds no trace";
            }
        }
        EXPECT_GE(failed, 1) << core.name;
    }
    // A target that was there before a failed run is left untouched.
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string fst = (dir / "trace.fst").string();
    std::ofstream(fst) << "an older trace";
    const Outcome o = runInChild(std::uint64_t{2} << 10, [&] { cores().front().run(fst); });
    ASSERT_TRUE(o.exited) << "killed by signal " << o.code;
    EXPECT_EQ(o.code, kTraceError) << o.message;
    EXPECT_EQ(entries(dir), std::vector<std::string>{"trace.fst"});
    EXPECT_EQ(rs::fileio::readFileBounded(fst, 1024, "old trace"), "an older trace");
    fs::remove_all(dir);
}

TEST(IpFstDisk, AFullTmpfsGivesAnErrorAndLeavesNoFile) {
    // A real full disk (ENOSPC) where the test may mount: a 16 KiB tmpfs in a mount namespace of the child's
    // own (the old writer: SIGBUS, ".trace.fst.tmp-XXXXXX" and its ".hier" left behind, or a cut-off file).
    if (!rs::waveform::fstSupported()) GTEST_SKIP() << "FST support was not built";
    const fs::path dir = fs::temp_directory_path() / ("rs_test_fst_tmpfs_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string fst = (dir / "trace.fst").string();
    for (const Core& core : cores()) {
        SCOPED_TRACE(core.name);
        const Outcome o = runInChild(
            0, [&] { core.run(fst); }, std::uint64_t{16} << 10, dir.string(),
            [&](int code, std::string& message) {
                const std::vector<std::string> left = entries(dir); // inside the child: the tmpfs
                if (code == kTraceError && left.empty()) return true;
                message += " | left:";
                for (const std::string& n : left)
                    message += " " + n;
                return false;
            });
        if (o.exited && o.code == kCannotMount) {
            fs::remove_all(dir);
            GTEST_SKIP()
                << "no mount namespace here (not root, or not allowed): the file-size limit test stands in";
        }
        ASSERT_TRUE(o.exited) << "killed by signal " << o.code << " (" << ::strsignal(o.code) << ")";
        EXPECT_EQ(o.code, kTraceError) << "an error, and no file: " << o.message;
        EXPECT_NE(o.message.find("nothing was written"), std::string::npos) << o.message;
    }
    EXPECT_TRUE(entries(dir).empty());
    fs::remove_all(dir);
}

TEST(IpFstDisk, ATargetThatIsNoRegularFileIsRefusedBeforeTheRun) {
    // A device or a folder: refused before anything is simulated or written, naming the file.
    for (const char* target : {"/dev/null", "/tmp"}) {
        rs::hw::AsconIp ip;
        rs::hw::AsconIpOptions opt;
        opt.fstPath = target;
        try {
            ip.encrypt(rs::crypto::AsconAeadVariant::AsconAead128, Bytes(16, 1), Bytes(16, 2), {},
                       Bytes(4, 3), opt);
            ADD_FAILURE() << target << " was written";
        } catch (const rs::hw::IpTraceError& e) {
            EXPECT_NE(std::string(e.what()).find(target), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("only a regular file can be written"), std::string::npos)
                << e.what();
        }
    }
}

} // namespace
