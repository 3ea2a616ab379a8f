#pragma once
// A forked child process for code that must not run in the program itself (internal to rs_wave):
// the FST library, which trusts its input, reads untrusted files only there. The child dies with the
// thread that started it (PR_SET_PDEATHSIG, checked with getppid), runs under CPU, address-space and
// file-size limits (setrlimit), never dumps core, writes nothing to the terminal, and hands its
// results to the parent through a pipe only. The parent reads that pipe as it fills, kills the child
// when it runs past its time or the caller cancels, and always reaps it.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace rs::waveform::detail {

/** @brief What a guarded child may spend. */
struct ChildLimits {
    double seconds = 600;          ///< wall clock (the parent kills it) and CPU time (RLIMIT_CPU)
    std::uint64_t memoryBytes = 0; ///< address space beyond what it inherits; 0: no limit
    std::uint64_t fileBytes = 0;   ///< largest file it may write (temporary files); 0: no limit
};

/** @brief How a guarded child ended. */
struct ChildEnd {
    enum class Kind { Exited, Signalled, TimedOut, Cancelled };
    Kind kind = Kind::Exited;
    int code = 0; ///< exit status (Exited) or signal number (Signalled)
    /** @brief "exit status 3", "signal 11 (Segmentation fault)", "ran past its 5 s limit", "cancelled". */
    std::string describe(double seconds) const;
};

/** @brief Buffered, checked writes to the parent's pipe from inside the child; when the parent is
 *  gone the child leaves at once (_exit). */
class PipeOut {
  public:
    explicit PipeOut(int fd) : m_fd(fd) {}
    ~PipeOut() { flush(); }
    PipeOut(const PipeOut&) = delete;
    PipeOut& operator=(const PipeOut&) = delete;

    void put(const void* bytes, std::size_t n);
    void flush();

  private:
    int m_fd;
    std::string m_buf;
};

/** @brief Exit status of a child whose parent went away before it started. */
inline constexpr int kChildOrphaned = 120;

/**
 * @brief Runs work(fd) in a forked child under limits, work's return value its exit status (an
 * exception out of work exits with 121). The parent passes every byte the child writes to fd to
 * onData as it arrives, and asks keepGoing (when set) at least every 250 ms: false kills the child
 * (Cancelled). An exception from onData or keepGoing kills and reaps the child and propagates.
 * Throws std::runtime_error when no child can be started.
 */
ChildEnd runGuardedChild(const std::function<int(int fd)>& work, const ChildLimits& limits,
                         const std::function<void(std::string_view)>& onData,
                         const std::function<bool()>& keepGoing = {});

/** @brief The address space the process holds now (a child inherits the parent's mappings). */
std::uint64_t currentAddressSpace();

/** @brief In a child, before any work: die with the thread that forked it (parent), bounded resources
 *  (inherited: the address space held at the fork), no core dump, stdout and stderr to /dev/null. */
void guardChild(int parent, const ChildLimits& limits, std::uint64_t inherited);

/** @brief Forks a guarded child (guardChild) that runs body(fds[1]) and exits with its value (121 on an
 *  exception); returns its pid to the parent, which still holds both ends. When no child can be
 *  started, closes both ends and throws std::runtime_error. */
int forkGuarded(const int fds[2], const ChildLimits& limits, const std::function<int(int fd)>& body);

/** @brief Guarded children (and servers, guardedserver.h) started by this process so far. */
std::uint64_t guardedChildrenStarted();

} // namespace rs::waveform::detail
