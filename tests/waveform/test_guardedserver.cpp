// The reading process kept open between reads (core/waveform/guardedserver.h): one process answers
// request after request; a reply cut over many reads arrives whole; one that runs past its time, is
// cancelled, ends, or is killed from outside is never used again and its process is gone; and the FST
// windows a view reads go through one such process, falling back to a one-shot child when it is gone.
#include "core/waveform/fst.h"
#include "core/waveform/guardedserver.h"
#include "tests/waveform/wavetest.h"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <stdexcept>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using namespace rs::waveform;
using detail::GuardedServer;
using rs::wavetest::childrenOf;
using rs::wavetest::makeCapture;
using rs::wavetest::tempPath;

[[noreturn]] void spinForever() {
    volatile unsigned i = 0;
    for (;;)
        i = i + 1;
}

/** A server that answers a request "n" (one byte) with n x 64 KiB of the byte 'a' + n, then a '.'. */
int bulkServer(int fd) {
    for (;;) {
        unsigned char n = 0;
        if (::read(fd, &n, 1) != 1) return 0;
        if (n == 255) return 7;      // asked to end
        if (n == 254) spinForever(); // asked to hang
        const std::string part(64 * 1024, static_cast<char>('a' + n % 26));
        for (unsigned k = 0; k < n; ++k)
            if (::write(fd, part.data(), part.size()) != static_cast<ssize_t>(part.size())) return 1;
        if (::write(fd, ".", 1) != 1) return 1;
    }
}

/** Asks for n parts and returns the reply (up to its '.') and how the request ended. */
std::pair<GuardedServer::Answer, std::string> ask(GuardedServer& s, unsigned char n, double seconds = 30,
                                                  const std::function<bool()>& keepGoing = {}) {
    std::string got;
    const auto a = s.ask(
        std::string_view(reinterpret_cast<const char*>(&n), 1), seconds,
        [&](std::string_view d) {
            got.append(d);
            return !got.empty() && got.back() == '.';
        },
        keepGoing);
    return {a, got};
}

/** Children of this process that were not among before. */
std::vector<pid_t> newChildren(const std::vector<pid_t>& before) {
    std::vector<pid_t> out;
    for (pid_t p : childrenOf(::getpid()))
        if (std::find(before.begin(), before.end(), p) == before.end()) out.push_back(p);
    return out;
}

bool gone(pid_t pid) {
    return !std::filesystem::exists("/proc/" + std::to_string(pid)) || ::kill(pid, 0) != 0;
}

TEST(GuardedServer, AnswersRequestAfterRequestFromOneProcess) {
    const std::uint64_t before = detail::guardedChildrenStarted();
    GuardedServer s(bulkServer, {});
    ASSERT_TRUE(s.running());
    for (unsigned char n : {1, 40, 0, 3}) { // 40 parts: 2.5 MiB, far more than a socket holds at once
        const auto [answer, reply] = ask(s, n);
        EXPECT_EQ(answer, GuardedServer::Answer::Complete);
        ASSERT_EQ(reply.size(), n * 64u * 1024 + 1) << int(n);
        EXPECT_EQ(reply.find_first_not_of(static_cast<char>('a' + n % 26)), n * 64u * 1024) << int(n);
    }
    EXPECT_EQ(detail::guardedChildrenStarted(), before + 1) << "one process for every request";
    EXPECT_TRUE(s.running());
    const pid_t pid = s.pid();
    s.stop();
    EXPECT_FALSE(s.running());
    EXPECT_TRUE(gone(pid));
    EXPECT_THROW(ask(s, 1), std::runtime_error);
}

TEST(GuardedServer, ARequestPastItsTimeOrCancelledKillsIt) {
    {
        GuardedServer s(bulkServer, {});
        const pid_t pid = s.pid();
        EXPECT_EQ(ask(s, 254, 0.5).first, GuardedServer::Answer::TimedOut);
        EXPECT_FALSE(s.running());
        EXPECT_TRUE(gone(pid));
    }
    {
        GuardedServer s(bulkServer, {});
        const pid_t pid = s.pid();
        int asked = 0;
        EXPECT_EQ(ask(s, 254, 60, [&] { return ++asked < 2; }).first, GuardedServer::Answer::Cancelled);
        EXPECT_EQ(asked, 2);
        EXPECT_FALSE(s.running());
        EXPECT_TRUE(gone(pid));
    }
}

TEST(GuardedServer, OneThatEndsOrIsKilledIsNotUsedAgain) {
    GuardedServer s(bulkServer, {});
    EXPECT_EQ(ask(s, 255).first, GuardedServer::Answer::Ended); // it exits instead of answering
    EXPECT_FALSE(s.running());

    GuardedServer t(bulkServer, {});
    EXPECT_EQ(ask(t, 2).first, GuardedServer::Answer::Complete);
    ASSERT_EQ(::kill(t.pid(), SIGKILL), 0); // killed from outside between two requests
    EXPECT_EQ(ask(t, 2).first, GuardedServer::Answer::Ended);
    EXPECT_FALSE(t.running());
}

TEST(GuardedServer, AnErrorOfTheCallerStopsItAndPropagates) {
    GuardedServer s(bulkServer, {});
    const pid_t pid = s.pid();
    const unsigned char n = 3;
    EXPECT_THROW(s.ask(std::string_view(reinterpret_cast<const char*>(&n), 1), 30,
                       [](std::string_view) -> bool { throw std::invalid_argument("bad reply"); }),
                 std::invalid_argument);
    EXPECT_FALSE(s.running());
    EXPECT_TRUE(gone(pid));
}

TEST(GuardedServer, IsReapedWhenDestroyed) {
    pid_t pid = 0;
    {
        GuardedServer s(bulkServer, {});
        pid = s.pid();
        EXPECT_EQ(ask(s, 1).first, GuardedServer::Answer::Complete);
    }
    EXPECT_TRUE(gone(pid));
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, WNOHANG), -1) << "reaped already, no zombie left";
}

TEST(GuardedServer, HoldsNoneOfTheProgramsPipesOpen) {
    // A pipe the program made before the server started, whose write end the program then closes:
    // its reader must see the end even while the server lives on (a process fed on stdin would wait).
    int p[2];
    ASSERT_EQ(::pipe(p), 0);
    GuardedServer s(bulkServer, {});
    EXPECT_EQ(ask(s, 1).first, GuardedServer::Answer::Complete); // it has started and serves
    ::close(p[1]);
    ::fcntl(p[0], F_SETFL, O_NONBLOCK);
    char c = 0;
    EXPECT_EQ(::read(p[0], &c, 1), 0) << "the server still holds the pipe's write end";
    ::close(p[0]);
    EXPECT_TRUE(s.running());
}

// ---------------------------------------------------------------------------------------------
// FST windows through a kept reading process

struct BlockFst : rs::wavetest::BlockFstFile {
    BlockFst() : BlockFstFile("server.fst") {}
};

/** Every signal's values over [b, e) in the lazily opened store equal the whole capture's. */
void expectWindow(const WaveformStore& whole, WaveformStore& lazy, Tick b, Tick e) {
    std::vector<SignalId> ids(lazy.signalCount());
    for (SignalId id = 0; id < ids.size(); ++id)
        ids[id] = id;
    lazy.loadWindow(ids, b, e);
    for (SignalId id : ids) {
        const SignalId w = *whole.find(lazy.signal(id).name);
        for (Tick t = b; t < e; t += 3)
            EXPECT_EQ(lazy.wordsForView(id, t), rs::wavetest::words(whole.wordsAt(w, t)))
                << lazy.signal(id).name << " at " << t;
    }
}

TEST(FstServer, WindowsAreReadByOneProcessKeptOpen) {
    RS_REQUIRE_FST();
    const BlockFst f;
    WaveformStore lazy = openFstFile(f.path);
    const std::vector<pid_t> kids = childrenOf(::getpid());
    const std::uint64_t before = detail::guardedChildrenStarted();
    expectWindow(f.whole, lazy, 0, 200);
    expectWindow(f.whole, lazy, 9000, 9300);
    expectWindow(f.whole, lazy, 19800, 20001);
    expectWindow(f.whole, lazy, 4000, 4100);
    EXPECT_EQ(detail::guardedChildrenStarted(), before + 1) << "one reading process for every window";
    EXPECT_EQ(newChildren(kids).size(), 1u) << "the reading process waits for the next window";
}

TEST(FstServer, AKilledReaderIsReplacedAndTheWindowStillRight) {
    RS_REQUIRE_FST();
    const BlockFst f;
    WaveformStore lazy = openFstFile(f.path);
    const std::vector<pid_t> before = childrenOf(::getpid());
    expectWindow(f.whole, lazy, 0, 200);
    const std::vector<pid_t> kids = newChildren(before);
    ASSERT_EQ(kids.size(), 1u);
    ASSERT_EQ(::kill(kids.front(), SIGKILL), 0);
    const std::uint64_t started = detail::guardedChildrenStarted();
    expectWindow(f.whole, lazy, 12000, 12400); // read by a one-shot child
    expectWindow(f.whole, lazy, 5000, 5100);   // by a new kept one
    EXPECT_EQ(detail::guardedChildrenStarted(), started + 2);
}

TEST(FstServer, AFileChangedAfterOpeningIsRefusedNotMixedIn) {
    RS_REQUIRE_FST();
    const BlockFst f;
    WaveformStore lazy = openFstFile(f.path);
    expectWindow(f.whole, lazy, 0, 200); // the kept reader has the file open
    FstOptions o;
    o.changesPerBlock = BlockFst::kChangesPerBlock;
    writeFstFile(makeCapture(30000), f.path, o);
    std::vector<SignalId> ids{0, 1};
    const std::string why = rs::wavetest::errorOf<FstError>([&] { lazy.loadWindow(ids, 15000, 15100); });
    EXPECT_NE(why.find("changed since it was opened"), std::string::npos) << why;
}

TEST(FstServer, ItEndsWithTheStore) {
    RS_REQUIRE_FST();
    const BlockFst f;
    const std::vector<pid_t> before = childrenOf(::getpid());
    {
        WaveformStore lazy = openFstFile(f.path);
        expectWindow(f.whole, lazy, 0, 200);
        EXPECT_EQ(newChildren(before).size(), 1u);
    }
    for (pid_t p : newChildren(before))
        ADD_FAILURE() << "process " << p << " outlived the store that read through it";
}

} // namespace
