#include "core/waveform/fstheader.h"

#include "core/fileio/safefile.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <memory>

#include <unistd.h>

namespace rs::waveform::detail {

namespace {

/// Speeds of the library and the parent that takes its records, with a margin of about ten over what a
/// loaded machine does (tests/waveform/test_fsttime.cpp checks the limits, never the clock): bytes of file
/// read, bytes of value changes decoded, bytes of hierarchy unpacked and parsed, per second.
constexpr double kFileBytesPerSecond = 4 << 20;
constexpr double kValueBytesPerSecond = 1 << 20;
constexpr double kHierarchyBytesPerSecond = 1 << 20;
/// Handles walked per second: the library visits every handle of every value-change block.
constexpr double kHandleStepsPerSecond = 20e6;
/// The least a value-change block takes in a file (tag, length, times, sizes), and the most handles a byte
/// of (compressed) hierarchy can hold.
constexpr std::uint64_t kMinBlockBytes = 33;
constexpr std::uint64_t kMaxHandlesPerByte = 64;

// Block tags (fstapi.h enum fstBlockType).
constexpr unsigned kVcData = 1, kGeometry = 3, kHierGz = 4, kVcDataAlias = 5, kHierLz4 = 6, kHierLz4Duo = 7,
                   kVcDataAlias2 = 8, kWrapper = 254;

std::uint64_t be64(std::string_view s, std::size_t at) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < 8; ++i)
        v = (v << 8) | static_cast<unsigned char>(s[at + i]);
    return v;
}

/** Up to n bytes at offset (fewer at the end of the file or on an error). */
std::string readAt(int fd, std::uint64_t offset, std::size_t n) {
    std::string b(n, '\0');
    std::size_t have = 0;
    while (have < n) {
        const ssize_t got = ::pread(fd, b.data() + have, n - have, static_cast<off_t>(offset + have));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        have += static_cast<std::size_t>(got);
    }
    b.resize(have);
    return b;
}

std::uint64_t capped(std::uint64_t claim, std::uint64_t blockBytes) {
    return std::min(claim, blockBytes > UINT64_MAX / kMaxExpansion ? UINT64_MAX : blockBytes * kMaxExpansion);
}

} // namespace

std::optional<FstHeader> parseFstHeader(std::string_view head) {
    if (head.size() < kFstHeaderBytes || static_cast<unsigned char>(head[0]) != 0 || be64(head, 1) != 329)
        return std::nullopt;
    FstHeader h;
    h.startTime = be64(head, 9);
    h.endTime = be64(head, 17);
    // +25: the endian test double; +33: the writer's memory use
    h.scopes = be64(head, 41);
    h.vars = be64(head, 49);
    h.maxHandle = be64(head, 57);
    h.blocks = be64(head, 65);
    h.timescale = static_cast<signed char>(head[73]);
    return h;
}

FstFileSummary summarizeFst(const std::string& path) {
    FstFileSummary s;
    int fd = fileio::openRegularFile(path, "FST file", s.fileBytes);
    const std::unique_ptr<int, void (*)(int*)> closer(&fd, [](int* d) { ::close(*d); });
    const std::string head = readAt(fd, 0, kFstHeaderBytes);
    s.firstByte = head.empty() ? -1 : static_cast<unsigned char>(head[0]);
    s.wrapped = s.firstByte == static_cast<int>(kWrapper);
    s.header = parseFstHeader(head);
    if (!s.header) {
        s.unwalkedBytes = s.fileBytes;
        return s;
    }
    // Every block: a tag, its length (8 bytes, counting itself), then fields the tag decides.
    std::uint64_t at = kFstHeaderBytes;
    for (std::uint64_t walked = 0; at < s.fileBytes && walked < kMaxBlocksWalked; ++walked) {
        const std::string b = readAt(fd, at, 33);
        if (b.size() < 9) break;
        const auto tag = static_cast<unsigned char>(b[0]);
        const std::uint64_t length = be64(b, 1);
        if (length < 8 || length > s.fileBytes - at - 1) break; // damaged: the library meets it there
        if ((tag == kVcData || tag == kVcDataAlias || tag == kVcDataAlias2) && b.size() >= 33) {
            s.valueBytes += capped(be64(b, 25), length); // +9 begin, +17 end time, +25 memory for traversal
            if (s.valueBlocks == 0) s.firstBlockEnd = be64(b, 17);
            ++s.valueBlocks;
        } else if ((tag == kHierGz || tag == kHierLz4 || tag == kHierLz4Duo || tag == kGeometry) &&
                   b.size() >= 17) {
            s.hierarchyBytes += capped(be64(b, 9), length); // +9: the unpacked length
        }
        at += 1 + length;
    }
    s.unwalkedBytes = s.fileBytes - std::min(at, s.fileBytes);
    return s;
}

double fstChildSeconds(const FstFileSummary& s) {
    const auto bytes = static_cast<double>(s.fileBytes);
    double seconds = kFstFloorSeconds + bytes / kFileBytesPerSecond;
    // What cannot be sized without unpacking counts as unpacking as far as it plausibly can.
    const double unknown = static_cast<double>(s.wrapped ? s.fileBytes : s.unwalkedBytes);
    seconds += unknown * kMaxExpansion / kValueBytesPerSecond;
    seconds += static_cast<double>(s.valueBytes) / kValueBytesPerSecond +
               static_cast<double>(s.hierarchyBytes) / kHierarchyBytesPerSecond;
    if (s.header) {
        const auto blocks = static_cast<double>(std::min(s.header->blocks, s.fileBytes / kMinBlockBytes));
        const auto handles =
            static_cast<double>(std::min(s.header->maxHandle, s.fileBytes * kMaxHandlesPerByte));
        seconds += blocks * handles / kHandleStepsPerSecond;
    }
    return std::min(std::round(seconds), kFstCeilingSeconds); // whole seconds: "up to 37 s"
}

} // namespace rs::waveform::detail
