#pragma once
// How long a child of the FST library may spend on a file (internal to rs_wave; public as fstReadSeconds in
// fst.h). The library loops forever on some damaged files, so every child runs under a time limit; a fixed
// 10 minutes kept a core busy that long for a damaged 786-byte file. The limit now follows what the file
// says it holds, read here in the parent by plain code that checks every field (never by the library): the
// header block (signal handles, value-change blocks) and the first bytes of every block after it, which say
// how many bytes of value changes a block unpacks to ("memory required for traversal") and how big the
// hierarchy is unpacked. Each claim counts only as far as its block's size makes it plausible (no block
// unpacks to more than kMaxExpansion times its size), so a damaged header cannot buy a small file minutes,
// while a small file of very regular changes (an FST of 130 KB can unpack to 20 MB of changes) still gets
// the time it needs. Between a floor of a few seconds and a ceiling of 10 minutes.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rs::waveform::detail {

/** @brief The header block every FST file starts with (fstapi.c fstWriterEmitHdrBytes; big-endian). */
struct FstHeader {
    std::uint64_t startTime = 0, endTime = 0;
    std::uint64_t scopes = 0;    ///< scope count
    std::uint64_t vars = 0;      ///< variable count (aliases included)
    std::uint64_t maxHandle = 0; ///< the largest signal handle
    std::uint64_t blocks = 0;    ///< value-change sections
    int timescale = 0;           ///< a power of ten
};

/** @brief Bytes of the header block (tag, section length 329, the fields). */
inline constexpr std::size_t kFstHeaderBytes = 330;

/** @brief The header in a file's first bytes; nullopt when they do not start with a whole header block. */
std::optional<FstHeader> parseFstHeader(std::string_view head);

/** @brief What the parent learns of an FST file without the library. */
struct FstFileSummary {
    std::uint64_t fileBytes = 0;
    int firstByte = -1;   ///< the first block's tag; -1 for an empty file
    bool wrapped = false; ///< the whole file is gzip (FST_BL_ZWRAPPER): nothing to read before unpacking it
    std::optional<FstHeader> header;
    std::uint64_t valueBytes = 0;     ///< value changes the blocks unpack to, each capped by its block's size
    std::uint64_t hierarchyBytes = 0; ///< the hierarchy unpacked, capped likewise
    std::uint64_t valueBlocks = 0;    ///< value-change blocks found
    std::uint64_t firstBlockEnd = 0;  ///< the last time of the first value-change block
    std::uint64_t unwalkedBytes = 0; ///< bytes past the last block that could be walked (damage, or too many)
};

/** @brief The most a block of an FST file may plausibly unpack to, per byte (zlib's limit, about 1032). */
inline constexpr std::uint64_t kMaxExpansion = 1032;

/** @brief Reads the header and every block's first bytes (bounded reads: a regular file only, at most
 *  kMaxBlocksWalked blocks); throws fileio::FileError when the file cannot be opened. */
FstFileSummary summarizeFst(const std::string& path);
inline constexpr std::uint64_t kMaxBlocksWalked = 1u << 16;

/** @brief The floor and ceiling of a child's time limit, in seconds. */
inline constexpr double kFstFloorSeconds = 5;
inline constexpr double kFstCeilingSeconds = 600;

/** @brief A child's time limit, in whole seconds, for a file that holds what `s` says. */
double fstChildSeconds(const FstFileSummary& s);

} // namespace rs::waveform::detail
