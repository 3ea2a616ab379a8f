#include "core/waveform/guardedchild.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#define RS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RS_SANITIZED 1
#endif

// Set by sanitizers, and by libFuzzer to save the input of a crash: a child that crashes (the point of
// running the library there) must not report its crash as the program's.
extern "C" void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

namespace rs::waveform::detail {

namespace {

constexpr std::size_t kPipeChunk = 64 * 1024;
constexpr int kChildThrew = 121;
constexpr auto kPollInterval = std::chrono::milliseconds(250);

std::atomic<std::uint64_t> g_started{0};

void setLimit(int resource, std::uint64_t soft, std::uint64_t hard) {
    rlimit r{static_cast<rlim_t>(soft), static_cast<rlim_t>(hard)};
    ::setrlimit(resource, &r);
}

} // namespace

std::uint64_t currentAddressSpace() {
    std::ifstream statm("/proc/self/statm");
    std::uint64_t pages = 0;
    statm >> pages;
    return pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

void guardChild(int parent, const ChildLimits& limits, std::uint64_t inherited) {
    // Death with the parent: the kernel sends SIGKILL when the thread that forked dies; a parent
    // that died before prctl took effect is seen by getppid() no longer being it.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(kChildOrphaned);
    const auto cpu = static_cast<std::uint64_t>(std::ceil(limits.seconds)) + 1;
    setLimit(RLIMIT_CPU, cpu, cpu + 1);
    setLimit(RLIMIT_CORE, 0, 0);
#ifndef RS_SANITIZED
    // Sanitizers reserve terabytes of address space for their shadow memory; no limit there.
    if (limits.memoryBytes > 0)
        setLimit(RLIMIT_AS, inherited + limits.memoryBytes, inherited + limits.memoryBytes);
#else
    (void)inherited;
#endif
    if (limits.fileBytes > 0) setLimit(RLIMIT_FSIZE, limits.fileBytes, limits.fileBytes);
    if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(nullptr);
    for (const int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM, SIGINT, SIGTERM})
        std::signal(sig, SIG_DFL); // the parent's handlers (a fuzzer's, a sanitizer's) are not ours
    std::signal(SIGXFSZ, SIG_IGN); // a write past the limit fails with EFBIG
    std::signal(SIGPIPE, SIG_IGN); // a write to a parent that is gone fails with EPIPE
    // The library reports to stderr; its messages mean nothing to a user (the parent says what failed).
    const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null >= 0) {
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        ::close(null);
    }
}

std::uint64_t guardedChildrenStarted() {
    return g_started.load();
}

namespace {

/** Kills and reaps the child unless it was reaped; never leaves a zombie or a runaway process. */
class ChildGuard {
  public:
    explicit ChildGuard(pid_t pid) : m_pid(pid) {}
    ~ChildGuard() {
        if (m_pid > 0) {
            ::kill(m_pid, SIGKILL);
            int status = 0;
            while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
            }
        }
    }
    ChildGuard(const ChildGuard&) = delete;
    ChildGuard& operator=(const ChildGuard&) = delete;

    /** Reaps the child if it has ended (blocking when wait); true once reaped. */
    bool reap(bool wait, int& status) {
        for (;;) {
            const pid_t r = ::waitpid(m_pid, &status, wait ? 0 : WNOHANG);
            if (r == m_pid) {
                m_pid = -1;
                return true;
            }
            if (r == 0) return false;
            if (errno != EINTR)
                throw std::runtime_error(std::string("waitpid failed: ") + std::strerror(errno));
        }
    }
    int killAndReap() {
        ::kill(m_pid, SIGKILL);
        int status = 0;
        reap(true, status);
        return status;
    }

  private:
    pid_t m_pid;
};

class FdGuard {
  public:
    explicit FdGuard(int fd) : m_fd(fd) {}
    ~FdGuard() {
        if (m_fd >= 0) ::close(m_fd);
    }
    FdGuard(const FdGuard&) = delete;
    FdGuard& operator=(const FdGuard&) = delete;
    int get() const { return m_fd; }

  private:
    int m_fd;
};

} // namespace

std::string ChildEnd::describe(double seconds) const {
    switch (kind) {
    case Kind::Exited:
        return "exit status " + std::to_string(code);
    case Kind::Signalled:
        return "signal " + std::to_string(code) + " (" + ::strsignal(code) + ")";
    case Kind::TimedOut: {
        std::string s = std::to_string(seconds);
        s.erase(s.find_last_not_of('0') + 1);
        if (!s.empty() && s.back() == '.') s.pop_back();
        return "ran past its time limit of " + s + " s";
    }
    case Kind::Cancelled:
        return "cancelled";
    }
    return {};
}

void PipeOut::put(const void* bytes, std::size_t n) {
    m_buf.append(static_cast<const char*>(bytes), n);
    if (m_buf.size() >= kPipeChunk) flush();
}

void PipeOut::flush() {
    std::size_t done = 0;
    while (done < m_buf.size()) {
        const ssize_t n = ::write(m_fd, m_buf.data() + done, m_buf.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) ::_exit(kChildOrphaned); // the parent stopped reading: nobody wants the rest
        done += static_cast<std::size_t>(n);
    }
    m_buf.clear();
}

int forkGuarded(const int fds[2], const ChildLimits& limits, const std::function<int(int fd)>& body) {
    const pid_t parent = ::getpid();
    const std::uint64_t inherited = limits.memoryBytes > 0 ? currentAddressSpace() : 0;
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        ::close(fds[0]);
        ::close(fds[1]);
        throw std::runtime_error(std::string("fork failed: ") + std::strerror(e));
    }
    if (pid == 0) {
        ::close(fds[0]);
        guardChild(parent, limits, inherited);
        int code = kChildThrew;
        try {
            code = body(fds[1]);
        } catch (...) {
        }
        ::_exit(code);
    }
    ++g_started;
    return pid;
}

ChildEnd runGuardedChild(const std::function<int(int fd)>& work, const ChildLimits& limits,
                         const std::function<void(std::string_view)>& onData,
                         const std::function<bool()>& keepGoing) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        throw std::runtime_error(std::string("pipe failed: ") + std::strerror(errno));
    const pid_t pid = forkGuarded(fds, limits, work);
    ::close(fds[1]);
    FdGuard in(fds[0]);
    ChildGuard child(pid);
    ::fcntl(in.get(), F_SETFL, ::fcntl(in.get(), F_GETFL) | O_NONBLOCK);

    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto deadline =
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.seconds));
    auto nextAsk = start + kPollInterval;
    std::string buf(kPipeChunk, '\0');
    int status = 0;
    bool reaped = false, eof = false;
    while (!eof) {
        const ssize_t n = ::read(in.get(), buf.data(), buf.size());
        if (n > 0) {
            onData(std::string_view(buf.data(), static_cast<std::size_t>(n)));
        } else if (n == 0) {
            eof = true; // the child closed its end (it is ending)
        } else if (errno != EAGAIN && errno != EINTR) {
            throw std::runtime_error(std::string("reading from the child failed: ") + std::strerror(errno));
        }
        const auto now = Clock::now();
        if (now >= deadline) {
            child.killAndReap();
            return ChildEnd{ChildEnd::Kind::TimedOut, SIGKILL};
        }
        if (keepGoing && now >= nextAsk) {
            nextAsk = now + kPollInterval;
            if (!keepGoing()) {
                child.killAndReap();
                return ChildEnd{ChildEnd::Kind::Cancelled, 0};
            }
        }
        if (n < 0) {
            // Nothing to read: the child may have ended while another process forked meanwhile still
            // holds a copy of the pipe's write end; drain what is left and stop then.
            if (!reaped && child.reap(false, status)) reaped = true;
            if (reaped) {
                for (ssize_t m; (m = ::read(in.get(), buf.data(), buf.size())) > 0;)
                    onData(std::string_view(buf.data(), static_cast<std::size_t>(m)));
                break;
            }
            const auto wait = std::min(deadline, nextAsk) - now;
            pollfd pfd{in.get(), POLLIN, 0};
            ::poll(&pfd, 1,
                   static_cast<int>(std::clamp<long long>(
                       std::chrono::duration_cast<std::chrono::milliseconds>(wait).count() + 1, 1, 250)));
        }
    }
    if (!reaped) {
        // The pipe is closed: the child is exiting; wait for it within the time limit.
        while (!child.reap(false, status)) {
            if (Clock::now() >= deadline) {
                child.killAndReap();
                return ChildEnd{ChildEnd::Kind::TimedOut, SIGKILL};
            }
            ::usleep(1000);
        }
    }
    if (WIFSIGNALED(status)) return ChildEnd{ChildEnd::Kind::Signalled, WTERMSIG(status)};
    return ChildEnd{ChildEnd::Kind::Exited, WEXITSTATUS(status)};
}

} // namespace rs::waveform::detail
