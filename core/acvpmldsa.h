#pragma once
// Reader for NIST ACVP's ML-DSA (FIPS 204) vector sets: a prompt.json (the inputs) and its
// expectedResults.json (the answers), as the ACVP server's gen-val/json-files folders hold them
// (pages.nist.gov/ACVP/draft-celi-acvp-ml-dsa.html; the copies are in resources/vectors/mldsa-acvp).
// The two files are parsed into one typed vector set: keyGen (seed -> pk, sk), sigGen (sk, message or mu,
// context, hashAlg, rnd -> signature) and sigVer (pk, message or mu, context, hashAlg, signature ->
// testPassed). Errors are KatError (core/katfile.h) naming the file and, where there is one, the group's
// tgId, the case's tcId and the field.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/crypto/mldsa.h"

namespace rs::core {

/** @brief What a vector set tests: its "mode". */
enum class AcvpMlDsaMode { KeyGen, SigGen, SigVer };
/** @brief "keyGen", "sigGen", "sigVer" (ACVP's names). */
const char* acvpMlDsaModeName(AcvpMlDsaMode mode) noexcept;

/** @brief A group's "signatureInterface": Sign/Verify (Algorithms 2-5) or Sign_internal/Verify_internal
 *  (Algorithms 7-8) on the message as M' directly, or on a given mu when externalMu is set. */
enum class AcvpMlDsaInterface { External, Internal };

/** @brief One keyGen case: the seed xi, and the expected encodings. */
struct AcvpMlDsaKeyGenCase {
    int tcId = 0;
    crypto::Bytes seed;   ///< 32 bytes
    crypto::Bytes pk, sk; ///< expected (expectedResults.json)
};

/** @brief One sigGen case. Exactly one of message and mu is set: mu in the groups with externalMu. */
struct AcvpMlDsaSigGenCase {
    int tcId = 0;
    crypto::Bytes sk;
    std::optional<crypto::Bytes> message;
    std::optional<crypto::Bytes> mu;             ///< 64 bytes (externalMu groups)
    crypto::Bytes context;                       ///< external interface only (may be empty)
    std::optional<crypto::MlDsaPreHash> hashAlg; ///< pre-hash groups only
    crypto::Bytes rnd;                           ///< the prompt's rnd; 32 zero bytes when deterministic
    crypto::Bytes signature;                     ///< expected (expectedResults.json)
};

/** @brief One sigVer case. Exactly one of message and mu is set. */
struct AcvpMlDsaSigVerCase {
    int tcId = 0;
    crypto::Bytes pk;
    std::optional<crypto::Bytes> message;
    std::optional<crypto::Bytes> mu;
    crypto::Bytes context;
    std::optional<crypto::MlDsaPreHash> hashAlg;
    crypto::Bytes signature;
    bool testPassed = false; ///< expected (expectedResults.json): whether the signature verifies
};

/** @brief One test group (tgId) with its cases; only the case list of the set's mode is filled. */
struct AcvpMlDsaGroup {
    int tgId = 0;
    std::string testType; ///< "AFT"
    crypto::MlDsaParamSet parameterSet = crypto::MlDsaParamSet::MlDsa44;
    bool deterministic = false; ///< sigGen: rnd is 32 zero bytes
    AcvpMlDsaInterface signatureInterface = AcvpMlDsaInterface::External;
    bool preHash = false;    ///< "preHash": "preHash" (HashML-DSA), else "pure"
    bool externalMu = false; ///< internal interface on a given mu
    std::vector<AcvpMlDsaKeyGenCase> keyGen;
    std::vector<AcvpMlDsaSigGenCase> sigGen;
    std::vector<AcvpMlDsaSigVerCase> sigVer;

    /** @brief The number of cases in the group. */
    std::size_t caseCount() const noexcept { return keyGen.size() + sigGen.size() + sigVer.size(); }
    /** @brief "ML-DSA-65 hedged external preHash", "ML-DSA-44 internal externalMu", "ML-DSA-87" (keyGen). */
    std::string describe(AcvpMlDsaMode mode) const;
};

/** @brief A prompt and its expected results, read together. */
struct AcvpMlDsaVectorSet {
    int vsId = 0;
    AcvpMlDsaMode mode = AcvpMlDsaMode::KeyGen;
    std::string revision; ///< "FIPS204"
    bool isSample = false;
    std::vector<AcvpMlDsaGroup> groups;

    /** @brief The number of cases over all groups. */
    std::size_t caseCount() const noexcept;
};

/** @brief Reads prompt.json and expectedResults.json (each through fileio::readFileBounded, at most
 *  kMaxVectorFileBytes) and parses them as parseAcvpMlDsa does. Throws KatError. */
AcvpMlDsaVectorSet readAcvpMlDsa(const std::string& promptPath, const std::string& expectedPath);

/** @brief Parses the two files' JSON text. Throws KatError, naming the file (`promptName` or
 *  `expectedName`), the group's tgId, the case's tcId and the field, when:
 *  - a file is not JSON (a truncated file), or its algorithm is not ML-DSA or its mode is unknown;
 *  - a field the mode needs is missing or has the wrong type (hex strings, booleans, integers), a hex field
 *    is not hex, a parameterSet / signatureInterface / preHash / hashAlg value is unknown;
 *  - the expected file's mode or vsId is not the prompt's, or its groups and cases are not the prompt's
 *    tgIds and tcIds in the same order (the first mismatch is named);
 *  - the prompt holds no case. */
AcvpMlDsaVectorSet parseAcvpMlDsa(std::string_view promptJson, std::string_view expectedJson,
                                  const std::string& promptName = "<prompt>",
                                  const std::string& expectedName = "<expected>");

} // namespace rs::core
