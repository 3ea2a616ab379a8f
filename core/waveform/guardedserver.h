#pragma once
// A guarded child that stays (internal to rs_wave): started once, it answers request after request
// over a socket, so that a caller asking often (the FST library reading the window in view) pays for
// neither a fork of the whole program nor the library opening the file again each time. It is guarded
// as a one-shot child is (guardedchild.h: dies with the thread that started it, limits, no core, quiet);
// every request has its own time limit, and a server that runs past it, is cancelled, or ends is
// killed and reaped, never reused: the caller then starts another or falls back to a one-shot child.

#include "core/waveform/guardedchild.h"

#include <functional>
#include <string_view>
#include <sys/types.h>

namespace rs::waveform::detail {

class GuardedServer {
  public:
    /** @brief How a request ended. */
    enum class Answer {
        Complete,  ///< onData said the reply is all there; the server waits for the next request
        Ended,     ///< the server closed its end or exited before the reply was complete
        TimedOut,  ///< it ran past the request's seconds: killed
        Cancelled, ///< keepGoing said stop: killed
    };

    /** @brief Forks a child that runs serve(fd) (its return value the exit status; an exception out of
     *  it exits with 121), reading requests from fd and writing replies to it until it reads the end of
     *  the stream. limits.seconds is its CPU time over all requests. Throws std::runtime_error when no
     *  child can be started. */
    GuardedServer(const std::function<int(int fd)>& serve, const ChildLimits& limits);
    /** @brief Kills and reaps the child. */
    ~GuardedServer();
    GuardedServer(const GuardedServer&) = delete;
    GuardedServer& operator=(const GuardedServer&) = delete;

    /** @brief False once the child has ended or was killed; it takes no requests then. */
    bool running() const { return m_pid > 0; }
    /** @brief The child's process id while it runs (tests). */
    pid_t pid() const { return m_pid; }

    /**
     * @brief Sends request, then passes every byte of the reply to onData as it arrives until onData
     * returns true (Complete). Asks keepGoing (when set) at least every 250 ms. An exception from onData
     * or keepGoing kills the server and propagates. Throws std::runtime_error when it is not running.
     */
    Answer ask(std::string_view request, double seconds, const std::function<bool(std::string_view)>& onData,
               const std::function<bool()>& keepGoing = {});

    /** @brief Kills and reaps the child (nothing when it is not running). */
    void stop();

  private:
    pid_t m_pid = -1;
    int m_fd = -1;
};

} // namespace rs::waveform::detail
