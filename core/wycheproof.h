#pragma once
// Reader for Wycheproof aead_test_schema_v1 JSON files (the Ascon files in resources/vectors).

#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"

namespace rs::core {

/** @brief One Wycheproof AEAD test case. */
struct WycheproofAeadCase {
    int tcId = 0;
    std::string comment;
    crypto::Bytes key, iv, aad, msg, ct, tag;
    std::string result; ///< "valid", "invalid" or "acceptable"
    std::vector<std::string> flags;
};

/** @brief Reads every test of every group; throws KatError (katfile.h) on unreadable or malformed files
 *  (also a file that is not regular or is larger than kMaxVectorFileBytes). */
std::vector<WycheproofAeadCase> readWycheproofAead(const std::string& path);
/** @brief Parses the JSON text of such a file; `path` names it in errors. */
std::vector<WycheproofAeadCase> parseWycheproofAead(std::string_view json,
                                                    const std::string& path = "<text>");

} // namespace rs::core
