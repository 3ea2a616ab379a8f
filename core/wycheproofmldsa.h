#pragma once
// Reader and runner for Wycheproof's ML-DSA files (testvectors_v1/mldsa_{44,65,87}_{sign_noseed,sign_seed,
// verify}_test.json; copies in resources/vectors/mldsa-wycheproof): the schemas mldsa_sign_noseed_schema
// (a group's privateKey is skEncode), mldsa_sign_seed_schema (a group's privateSeed is the KeyGen seed) and
// mldsa_verify_schema. Errors are KatError (core/katfile.h) naming the file, the test's tcId and the field.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/crypto/mldsa.h"

namespace rs::core {

/** @brief Which schema a file follows. */
enum class WycheproofMlDsaKind { SignNoSeed, SignSeed, Verify };

/** @brief One test. Sign tests: msg (absent for "Internal" tests, which sign mu with Sign_internal), ctx,
 *  rnd (absent: 32 zero bytes), the expected mu and sig (empty for an invalid test). Verify tests: msg, ctx,
 *  sig. */
struct WycheproofMlDsaTest {
    int tcId = 0;
    std::string comment;
    std::optional<crypto::Bytes> msg;
    crypto::Bytes ctx;
    std::optional<crypto::Bytes> rnd;
    std::optional<crypto::Bytes> mu;
    crypto::Bytes sig;
    std::string result; ///< "valid", "invalid" or "acceptable"
    std::vector<std::string> flags;
};

/** @brief A group: the key its tests use. */
struct WycheproofMlDsaGroup {
    crypto::Bytes privateKey;               ///< SignNoSeed: skEncode (possibly of a wrong length)
    crypto::Bytes privateSeed;              ///< SignSeed: the 32-byte seed (possibly of a wrong length)
    std::optional<crypto::Bytes> publicKey; ///< absent in some invalid-key groups
    std::vector<WycheproofMlDsaTest> tests;
};

/** @brief A whole file. */
struct WycheproofMlDsaFile {
    std::string algorithm; ///< "ML-DSA-44", ...
    crypto::MlDsaParamSet set = crypto::MlDsaParamSet::MlDsa44;
    WycheproofMlDsaKind kind = WycheproofMlDsaKind::Verify;
    int numberOfTests = 0; ///< as the file declares it
    std::vector<WycheproofMlDsaGroup> groups;

    /** @brief The number of tests read. */
    std::size_t testCount() const noexcept;
};

/** @brief Reads a file (fileio::readFileBounded, at most kMaxVectorFileBytes) and parses it. */
WycheproofMlDsaFile readWycheproofMlDsa(const std::string& path);
/** @brief Parses a file's JSON text; `path` names it in errors. Throws KatError for bad JSON, an unknown
 *  schema or algorithm, a missing or mistyped field, bad hex, or a file without tests. */
WycheproofMlDsaFile parseWycheproofMlDsa(std::string_view json, const std::string& path = "<text>");

/** @brief The judgement of one test. */
struct WycheproofMlDsaResult {
    int tcId = 0;
    bool passed = false;
    std::string detail; ///< what went wrong when it failed; empty when passed
};

/** @brief What a run of one file gave. */
struct WycheproofMlDsaRun {
    std::vector<WycheproofMlDsaResult> tests; ///< every test, in file order
    int total = 0;
    int passed = 0;
    int failed = 0;
    bool allPassed() const noexcept { return failed == 0 && total > 0; }
};

/**
 * @brief Runs every test of a file with `impl` and judges it with the oracle:
 *  - sign, valid/acceptable: the signature (mldsaSign with ctx and rnd, or mldsaSignMu for Internal tests) is
 *    the file's sig byte for byte, and, for a message, mldsaMu(pk, M') is the file's mu; a SignSeed group's
 *    key comes from mldsaKeyGen(privateSeed) and its pk must be the group's publicKey;
 *  - sign, invalid: signing (or, for a seed of the wrong length, key generation) must be refused (throw);
 *  - verify: valid/acceptable tests must verify; invalid ones must not (false, or a refused public key).
 */
WycheproofMlDsaRun runWycheproofMlDsa(const WycheproofMlDsaFile& file, crypto::MlDsaImpl impl);

} // namespace rs::core
