#pragma once
// The one comparator: runs a KAT file's records through an algorithm and counts what matched.
// Every back end (C++ model now; Verilated IP, GPU, RV32 and board later) is judged by this code.

#include <string>
#include <vector>

#include "katfile.h"
#include "oracle/algorithms.h"

namespace rs::core {

/** @brief Result of a KAT run: counts plus one line per failed record. */
struct KatOutcome {
    int passed = 0;
    int failed = 0;
    int skipped = 0;                   ///< records for another key size (mixed-size files such as KISA's)
    std::vector<std::string> failures; ///< "Count = 17 (line 120): ciphertext differs"
};

/** @brief AEAD records: LWC fields (Key, Nonce, PT, AD, CT = ct‖tag) or KISA/CAVP GCM fields
 *  (Key, IV, AAD, PT, CT, Tag). Each record must encrypt to the expected output, decrypt back to the
 *  plaintext, and have a tampered tag rejected. Records whose key length is not the algorithm's are
 *  skipped; an empty record list throws KatError. */
KatOutcome runAeadKat(const oracle::AeadAlgorithm& alg, const std::vector<KatRecord>& records);

/** @brief Hash/XOF records (Msg, MD): the digest of Msg, with MD's length, must equal MD. */
KatOutcome runHashKat(const oracle::HashAlgorithm& alg, const std::vector<KatRecord>& records);

/** @brief "N passed, N failed" (", N skipped" when any were skipped). */
std::string summaryLine(const KatOutcome& outcome);

} // namespace rs::core
