#include "core/waveform/guardedserver.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace rs::waveform::detail {

namespace {

constexpr std::size_t kChunk = 64 * 1024;
constexpr auto kPollInterval = std::chrono::milliseconds(250);

using Clock = std::chrono::steady_clock;

int msUntil(Clock::time_point t, Clock::time_point now) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t - now).count() + 1;
    return static_cast<int>(std::clamp<long long>(ms, 1, 250));
}

/** In the child: closes every descriptor it inherited but the standard three and fd (moved to 3), so
 *  that a process living on does not hold the program's pipes open (a pipe whose writer the program
 *  closes must reach its end). Returns where fd is now. */
int keepOnly(int fd) {
    constexpr int kKept = STDERR_FILENO + 1;
    if (fd != kKept) {
        if (::dup2(fd, kKept) < 0) return fd; // keep what there is rather than lose the socket
        ::close(fd);
    }
    if (::syscall(SYS_close_range, kKept + 1, ~0u, 0) != 0)
        for (int other = kKept + 1, top = static_cast<int>(::sysconf(_SC_OPEN_MAX)); other < top; ++other)
            ::close(other);
    return kKept;
}

} // namespace

GuardedServer::GuardedServer(const std::function<int(int fd)>& serve, const ChildLimits& limits) {
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
        throw std::runtime_error(std::string("socketpair failed: ") + std::strerror(errno));
    const pid_t pid = forkGuarded(fds, limits, [&serve](int fd) { return serve(keepOnly(fd)); });
    ::close(fds[1]);
    m_pid = pid;
    m_fd = fds[0];
    ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) | O_NONBLOCK);
}

GuardedServer::~GuardedServer() {
    stop();
}

void GuardedServer::stop() {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
    if (m_pid <= 0) return;
    ::kill(m_pid, SIGKILL);
    int status = 0;
    while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
    }
    m_pid = -1;
}

GuardedServer::Answer GuardedServer::ask(std::string_view request, double seconds,
                                         const std::function<bool(std::string_view)>& onData,
                                         const std::function<bool()>& keepGoing) {
    if (!running()) throw std::runtime_error("the reading process is not running");
    const auto start = Clock::now();
    const auto deadline =
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    auto nextAsk = start + kPollInterval;
    // Whatever ends a request early leaves the server in the middle of it: it is not used again.
    const auto give = [this](Answer a) {
        stop();
        return a;
    };
    const auto checkTime = [&](Clock::time_point now) -> std::optional<Answer> {
        if (now >= deadline) return give(Answer::TimedOut);
        if (keepGoing && now >= nextAsk) {
            nextAsk = now + kPollInterval;
            if (!keepGoing()) return give(Answer::Cancelled);
        }
        return std::nullopt;
    };
    try {
        std::size_t sent = 0;
        while (sent < request.size()) {
            const ssize_t n = ::send(m_fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
            if (n > 0) {
                sent += static_cast<std::size_t>(n);
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && errno != EAGAIN) return give(Answer::Ended); // EPIPE, ECONNRESET: it is gone
            const auto now = Clock::now();
            if (const auto a = checkTime(now)) return *a;
            pollfd pfd{m_fd, POLLOUT, 0};
            ::poll(&pfd, 1, msUntil(std::min(deadline, nextAsk), now));
        }
        std::string buf(kChunk, '\0');
        for (;;) {
            const ssize_t n = ::recv(m_fd, buf.data(), buf.size(), 0);
            if (n > 0) {
                if (onData(std::string_view(buf.data(), static_cast<std::size_t>(n))))
                    return Answer::Complete;
            } else if (n == 0) {
                return give(Answer::Ended);
            } else if (errno != EAGAIN && errno != EINTR) {
                return give(Answer::Ended);
            }
            const auto now = Clock::now();
            if (const auto a = checkTime(now)) return *a;
            if (n < 0) {
                pollfd pfd{m_fd, POLLIN, 0};
                ::poll(&pfd, 1, msUntil(std::min(deadline, nextAsk), now));
            }
        }
    } catch (...) {
        stop();
        throw;
    }
}

} // namespace rs::waveform::detail
