#pragma once
// Reader for the "Name = HEX" known-answer files: NIST LWC KATs, CAVP .rsp files and the
// re-expressed vector files under resources/vectors. KAT files are data; one reader serves every test.

#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"

namespace rs::core {

/** @brief One block of a KAT file: its fields in file order and the line it started on. */
struct KatRecord {
    int line = 0;                               ///< 1-based line of the record's first field
    std::map<std::string, std::string> section; ///< "[Name = value]" headers in force (CAVP files)
    std::vector<std::pair<std::string, std::string>> fields;

    /** @brief True when the record has a field of that name. */
    bool has(std::string_view name) const noexcept;
    /** @brief The field's raw text; throws KatError naming the field and line when absent. */
    const std::string& text(std::string_view name) const;
    /** @brief The field decoded as hex (empty value = zero bytes); throws KatError on bad hex. */
    crypto::Bytes hex(std::string_view name) const;
};

/** @brief A malformed or unreadable KAT file; the message names the file and line. */
class KatError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief The largest vector file (KAT, Wycheproof or ACVP) a reader takes; the largest official file is
 *  ACVP's ML-DSA sigGen prompt.json, about 5 MB. */
inline constexpr std::uint64_t kMaxVectorFileBytes = std::uint64_t{64} << 20;

/** @brief Parses KAT text. Blank lines separate records; '#' lines are comments; CRLF is accepted. */
std::vector<KatRecord> parseKat(std::string_view text, std::string_view sourceName = "<text>");
/** @brief Reads and parses a KAT file; throws KatError when it cannot be opened or parsed, is not a regular
 *  file, or is larger than kMaxVectorFileBytes. */
std::vector<KatRecord> readKatFile(const std::string& path);

} // namespace rs::core
