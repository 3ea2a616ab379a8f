#pragma once
// What a guarded child does with the FST library (internal to rs_wave; fstchildwork.cpp is the only
// code that calls the library on a file to read): it reads a file's hierarchy, or the value changes
// of some of its signals, and sends them to the parent as fstwire.h records. Each function runs in
// the child only and returns its exit status.

#include <cstdint>
#include <optional>
#include <string>
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

} // namespace rs::waveform::detail
