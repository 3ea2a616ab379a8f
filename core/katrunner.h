#pragma once
// The one KAT comparator (docs/CONVENTIONS.md rule 7): a KAT file's records become the oracle's inputs and
// known answers for one operation (AEAD, or a block cipher in ECB or CTR), a back end computes the
// outputs, and oracle::verify judges each one. The C++ model, the Verilated cores, the board and any later
// back end are judged by this code; a back end only says how it computes (KatDevice).

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/katfile.h"
#include "core/oracle/algorithms.h"
#include "core/oracle/operation.h"

namespace rs::core {

/** @brief Result of a KAT run: counts plus one line per failed record. */
struct KatOutcome {
    int passed = 0;
    int failed = 0;
    int skipped = 0; ///< records for another algorithm, key size or mode (KISA's mixed files)
    /// records for the operation that cannot be run (a CT shorter than the tag, a nonce of another size, an
    /// MD of another length): the file is bad input, not the back end wrong; counted in `failed` too
    int malformed = 0;
    std::vector<std::string> failures; ///< "Count = 17 (line 120): output byte 3 is 5a, the KAT gives 5b"
};

/** @brief One record as the operation's inputs and its known answer. */
struct KatCase {
    const KatRecord* record = nullptr;
    oracle::Inputs inputs;
    crypto::Bytes expected; ///< ciphertext‖tag (AEAD), the ciphertext (ECB, CTR)
    std::string problem;    ///< why the record cannot be run although it is for the operation ("nonce is 8
                            ///< bytes"); it then counts as failed
};

/** @brief The record's case for `op`. AEAD records: LWC fields (Key, Nonce, AD, PT, CT = ct‖tag) or
 *  KISA/CAVP GCM fields (Key, IV, AAD, PT, CT, Tag). Block records: Key (or Tweakey), PT, CT, and IV exactly
 *  for CTR. ML-DSA ring records: Algorithm (the operation id), A, B (two-operand operations), Out, 1024
 *  bytes per polynomial (oracle::Inputs' layout). nullopt (skipped) when the record names another algorithm
 * ("Algorithm = LEA-192"), has another key size, or is for the other block mode. */
std::optional<KatCase> katCase(const oracle::Operation& op, const KatRecord& record);

/** @brief The block mode a file's records of `cipher` are in: CTR when they carry an IV, else ECB (for
 *  `kat --alg lea-128` and `ip kat`, which take the cipher and read the mode from the file). */
oracle::Operation blockKatOperation(const oracle::BlockAlgorithm& cipher,
                                    const std::vector<KatRecord>& records);

/** @brief A back end under a KAT: computes the operation's output (ciphertext‖tag, or the ciphertext) for
 *  the first n >= 1 of `inputs` and returns those n outputs in order. A back end that batches (the board
 *  fills a frame) takes as many as it can; others take one (oneAtATime). Throws to stop the run. */
using KatDevice = std::function<std::vector<crypto::Bytes>(std::span<const oracle::Inputs> inputs)>;
/** @brief A device that computes one input per call. */
KatDevice oneAtATime(std::function<crypto::Bytes(const oracle::Inputs&)> compute);
/** @brief The C++ model (oracle::referenceOutput) as a device: `kat` judges the model against the files. */
KatDevice modelDevice(const oracle::Operation& op);

/** @brief Progress and cancellation of a KAT run. */
struct KatControl {
    std::function<void(int done, int total)> progress; ///< after every device call; total = cases that apply
    std::function<bool()> cancelled;                   ///< asked before every device call: stops early
    /** @brief More checks of a case whose output verified (AEAD: decryption); returns the problem or "". */
    std::function<std::string(const KatCase&)> alsoCheck;
};

/** @brief The records of `op` through `device`, every output judged by oracle::verify against the record's
 *  known answer; KatError when there are no records at all. */
KatOutcome runKat(const oracle::Operation& op, const std::vector<KatRecord>& records, const KatDevice& device,
                  const KatControl& control = {});

/** @brief AEAD records through an AEAD scheme (the model, or a back end dressed as one, e.g. the IP): each
 *  must encrypt to the expected output, decrypt back to the plaintext, and have a tampered tag rejected. */
KatOutcome runAeadKat(const oracle::AeadAlgorithm& alg, const std::vector<KatRecord>& records);

/** @brief Hash/XOF records (Msg, MD): the digest of Msg, with MD's length, must equal MD. */
KatOutcome runHashKat(const oracle::HashAlgorithm& alg, const std::vector<KatRecord>& records);

/** @brief "N passed, N failed" (", N skipped" when any were skipped). */
std::string summaryLine(const KatOutcome& outcome);

} // namespace rs::core
