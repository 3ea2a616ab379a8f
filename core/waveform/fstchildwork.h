#pragma once
// What a guarded child does with the FST library (internal to rs_wave; fstchildwork.cpp is the only
// code that calls the library on a file to read): it reads a file's hierarchy, or the value changes
// of some of its signals, and sends them to the parent as fstwire.h records. Each function runs in
// the child only and returns its exit status.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rs::waveform::detail {

/** @brief Exit status of a child that sent an 'X' record (the library refused the file). */
inline constexpr int kChildRefused = 3;

/** @brief Sends the hierarchy: 'F', then scopes, variables and enum tables, then 'Z'. */
int sendFstHierarchy(const std::string& path, int fd);

/** @brief What the parent asks for: the handles to read (bits per handle, 0: not wanted) and what
 *  the file looked like when it was opened (a file changed since is refused). */
struct FstValueRequest {
    std::vector<std::uint32_t> bits; ///< indexed by handle; size max handle + 1
    std::uint64_t endTime = 0;
    /// a window [first, last] of time (inclusive): only the value-change blocks that reach into it are
    /// read, each from its start (its first time record carries every requested value in force there)
    std::optional<std::pair<std::uint64_t, std::uint64_t>> window;
};

/** @brief Sends the changes of the requested handles: 'T' and 'C' records in time order, then 'D'. */
int sendFstValues(const std::string& path, const FstValueRequest& request, int fd);

/** @brief Exit status of a server that found the file changed on disk since it opened it (the parent
 *  then asks a one-shot child, which checks the file afresh). */
inline constexpr int kServerStale = 4;

/** @brief A request as serveFstValues reads it: u32 length, then u64 end time, u32 handle slots,
 *  u8 window, u64 first, u64 last, u32 count, count x (u32 handle, u32 bits) for the handles wanted. */
std::string encodeValueRequest(const FstValueRequest& request);

/** @brief A GuardedServer's work: opens path once, then answers each request read from fd as
 *  sendFstValues would, until the stream ends (exit 0). Leaves with kChildRefused after an 'X', and
 *  with kServerStale, sending nothing, when the file is no longer the one it opened. */
int serveFstValues(const std::string& path, int fd);

} // namespace rs::waveform::detail
