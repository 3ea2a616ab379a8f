#pragma once
// Runs an ACVP ML-DSA vector set (core/acvpmldsa.h) through the ML-DSA code (core/crypto/mldsa.h) and judges
// every case against the expected results with the oracle (oracle::verify): keyGen's pk and sk, sigGen's
// signature byte for byte, sigVer's verdict against testPassed.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/acvpmldsa.h"
#include "core/crypto/mldsa.h"

namespace rs::core {

/** @brief The judgement of one case. */
struct AcvpMlDsaCaseResult {
    int tgId = 0;
    int tcId = 0;
    bool passed = false;
    /** What differed when it failed: "signature: output byte 17 is 3a, the ACVP expected results give 3b",
     *  "sk: ...", "verified, the expected result is testPassed false", "threw: <message>"; empty when passed.
     */
    std::string detail;
};

/** @brief The totals of one test group. */
struct AcvpMlDsaGroupTotals {
    int tgId = 0;
    std::string description; ///< AcvpMlDsaGroup::describe: "ML-DSA-65 hedged external preHash"
    int cases = 0;
    int passed = 0;
};

/** @brief What a run of one vector set gave. */
struct AcvpMlDsaRun {
    AcvpMlDsaMode mode = AcvpMlDsaMode::KeyGen;
    crypto::MlDsaImpl impl = crypto::MlDsaImpl::Reference;
    std::vector<AcvpMlDsaCaseResult> cases; ///< every case of every group, in file order
    std::vector<AcvpMlDsaGroupTotals> groups;
    int total = 0; ///< cases run (every case of the set; none is skipped)
    int passed = 0;
    int failed = 0;
    bool cancelled = false; ///< the progress callback stopped the run; `cases` holds those run so far

    /** @brief True when every case of the set ran and passed. */
    bool allPassed() const noexcept { return !cancelled && failed == 0 && total > 0; }
};

/** @brief Called after each case with the number done and the set's total; return false to stop. */
using AcvpMlDsaProgress = std::function<bool(int done, int total)>;

/**
 * @brief Runs NIST ACVP ML-DSA vectors: reads `promptPath` (prompt.json) and `expectedPath`
 * (expectedResults.json) with readAcvpMlDsa, runs every case of every group with `impl`, and judges it
 * against the expected results. What each mode runs (core/crypto/mldsa.h):
 *  - keyGen: mldsaKeyGen(seed), pk and sk judged;
 *  - sigGen: external pure -> mldsaSign(sk, message, context, rnd); external preHash -> mldsaHashSign(...,
 *    hashAlg, rnd); internal -> mldsaSignInternal(sk, message, rnd) (M' = message); internal with externalMu
 *    -> mldsaSignMu(sk, mu, rnd). rnd is the prompt's (hedged) or 32 zero bytes (deterministic); the
 *    signature is judged byte for byte;
 *  - sigVer: the matching mldsaVerify / mldsaHashVerify / mldsaVerifyInternal / mldsaVerifyMu; the verdict is
 *    judged against testPassed (a verify that throws counts as "not verified", with its message in detail).
 * A case whose call throws fails with "threw: ..."; the run goes on. Throws KatError when the files cannot be
 * read or parsed (the message names file, tgId, tcId and field). `progress`, when given, is called after
 * every case and can stop the run.
 */
AcvpMlDsaRun runMlDsaAcvp(const std::string& promptPath, const std::string& expectedPath,
                          crypto::MlDsaImpl impl, const AcvpMlDsaProgress& progress = {});

/** @brief The same on a set already read. */
AcvpMlDsaRun runMlDsaAcvp(const AcvpMlDsaVectorSet& set, crypto::MlDsaImpl impl,
                          const AcvpMlDsaProgress& progress = {});

} // namespace rs::core
