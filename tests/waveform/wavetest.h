#pragma once
// Helpers of the waveform file tests: a synthetic capture with every case a file format must keep
// (first change after tick 0, first value 0, a silent signal, nested groups, 1..64-bit values),
// an exact comparison of two stores, and temporary file names.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <dirent.h>
#include <unistd.h>

#include "core/waveform/fst.h"
#include "core/waveform/waveformstore.h"

/** Skips a test in a build without FST, with the library's own reason. */
#define RS_REQUIRE_FST()                                                                                     \
    if (!rs::waveform::fstSupported()) {                                                                     \
        try {                                                                                                \
            rs::waveform::readFstFile(rs::wavetest::tempPath("none.fst"));                                   \
        } catch (const rs::waveform::FstError& e) {                                                          \
            GTEST_SKIP() << e.what();                                                                        \
        }                                                                                                    \
    }

namespace rs::wavetest {

using waveform::SignalId;
using waveform::Tick;
using waveform::WaveformStore;

/** @brief The tests' deterministic value source (xorshift64, fixed seed): the same capture every run. */
struct XorShift {
    std::uint64_t r = 0x9e3779b97f4a7c15ull;
    std::uint64_t operator()() {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        return r;
    }
};

/** @brief A capture of about 9 changes per tick over `ticks` ticks (>= 100k changes at 18 000). */
inline WaveformStore makeCapture(Tick ticks) {
    WaveformStore s;
    s.setTickSeconds(1e-8);
    const SignalId clk = s.addSignal("clk", 1, "tb");
    const SignalId valid = s.addSignal("valid", 1, "axi");
    const SignalId addr = s.addSignal("addr", 8, "axi");
    const SignalId data = s.addSignal("data", 32, "axi");
    const SignalId x0 = s.addSignal("x0", 64, "core.state");
    const SignalId x1 = s.addSignal("x1", 64, "core.state");
    const SignalId fsm = s.addSignal("fsm", 3, "core");
    const SignalId late = s.addSignal("late", 5);          // first change at tick 7
    const SignalId zeroLate = s.addSignal("zero_late", 4); // first change at tick 3, value 0
    s.addSignal("silent", 16, "axi");                      // never changes
    const SignalId dup = s.addSignal("data2", 63, "core");
    s.setValueNames(fsm, {{0, "idle"}, {1, "load"}, {2, "round"}, {5, "squeeze out"}});
    XorShift next;
    for (Tick t = 0; t < ticks; ++t) {
        s.sample(clk, t, t & 1);
        s.sample(valid, t, (next() & 3) == 0);
        s.sample(addr, t, next());
        s.sample(data, t, t % 3 ? next() : 0);
        s.sample(x0, t, next());
        s.sample(x1, t, t % 5 ? ~0ull : next());
        s.sample(fsm, t, (t / 7) % 6);
        if (t >= 7) s.sample(late, t, (t / 11) + 1);
        if (t >= 3) s.sample(zeroLate, t, (t / 13) & 0xf);
        s.sample(dup, t, next() >> 3);
    }
    s.advance(ticks + 17);
    return s;
}

/** @brief A value's words as a vector (comparable, printable). */
inline std::vector<std::uint64_t> words(waveform::Words w) {
    return std::vector<std::uint64_t>(w.begin(), w.end());
}

/** @brief The message of the Error f throws; "(no error)" when it throws none. */
template <class Error> std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

/** @brief Every signal of a by name in b with the same group, width and change list (every word of
 *  every value); the same signal count and tick length, and the same end tick when withEnd; value
 *  names too when withValueNames. */
inline void expectSameStore(const WaveformStore& a, const WaveformStore& b, bool withValueNames,
                            bool withEnd = true) {
    ASSERT_EQ(b.signalCount(), a.signalCount());
    if (withEnd) {
        EXPECT_EQ(b.endTick(), a.endTick());
    }
    EXPECT_EQ(b.tickSeconds(), a.tickSeconds());
    for (SignalId i = 0; i < a.signalCount(); ++i) {
        const auto& info = a.signal(i);
        const auto j = b.find(info.name);
        ASSERT_TRUE(j) << info.name;
        EXPECT_EQ(b.signal(*j).group, info.group) << info.name;
        EXPECT_EQ(b.signal(*j).width, info.width) << info.name;
        if (withValueNames) {
            EXPECT_EQ(b.signal(*j).valueNames, info.valueNames) << info.name;
        }
        ASSERT_EQ(b.changeCount(*j), a.changeCount(i)) << info.name;
        for (std::size_t k = 0; k < a.changeCount(i); ++k) {
            const auto x = a.change(i, k), y = b.change(*j, k);
            ASSERT_EQ(y.tick, x.tick) << info.name << " change " << k;
            ASSERT_EQ(words(b.changeWords(*j, k)), words(a.changeWords(i, k)))
                << info.name << " change " << k;
        }
    }
}

/** @brief Total changes of every signal. */
inline std::size_t totalChanges(const WaveformStore& s) {
    std::size_t n = 0;
    for (SignalId i = 0; i < s.signalCount(); ++i)
        n += s.changeCount(i);
    return n;
}

/** @brief A file name in the temp directory, unique to this process. */
inline std::string tempPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("rs_wave_" + std::to_string(::getpid()) + "_" + name))
        .string();
}

/** @brief An FST of many value-change blocks (a few thousand changes each) of makeCapture(20000),
 *  written when made and removed when gone. */
struct BlockFstFile {
    static constexpr std::uint32_t kChangesPerBlock = 4096;
    WaveformStore whole = makeCapture(20000);
    std::string path;
    explicit BlockFstFile(const std::string& name) : path(tempPath(name)) {
        waveform::FstOptions o;
        o.changesPerBlock = kChangesPerBlock;
        waveform::writeFstFile(whole, path, o);
    }
    ~BlockFstFile() { std::filesystem::remove(path); }
    BlockFstFile(const BlockFstFile&) = delete;
    BlockFstFile& operator=(const BlockFstFile&) = delete;
};

/** @brief The processes whose parent is pid (from /proc). */
inline std::vector<pid_t> childrenOf(pid_t pid) {
    std::vector<pid_t> out;
    DIR* proc = ::opendir("/proc");
    if (!proc) return out;
    while (const dirent* e = ::readdir(proc)) {
        const pid_t p = static_cast<pid_t>(std::atoi(e->d_name));
        if (p <= 0) continue;
        std::ifstream stat("/proc/" + std::string(e->d_name) + "/stat");
        std::string line;
        std::getline(stat, line);
        const auto close = line.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(line.substr(close + 2));
        char state = 0;
        pid_t ppid = 0;
        rest >> state >> ppid;
        if (ppid == pid) out.push_back(p);
    }
    ::closedir(proc);
    return out;
}

} // namespace rs::wavetest
