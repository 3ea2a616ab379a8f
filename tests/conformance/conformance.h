#pragma once
// The co-simulation check docs/CONVENTIONS.md promises (rules 6 and 17; Ripes' tst_cosimulate): a campaign
// target runs every operation it claims on random inputs and on records of the official vector files, and
// every run must pass the engine's own verification (campaign::judgeRun: an oracle::OutputJudge over the
// oracle's reference output, every repeat judged). Plain C++ over rs_campaign and rs_core.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/campaign/runner.h"
#include "core/oracle/operation.h"

namespace rs::conformance {

/** @brief One run of the check. */
struct Check {
    std::string operation;
    std::string inputs; ///< "random: 51 B message, 0 B AD" or "lea/lea_kisa_ctr.txt Count = 3 (line 30)"
    bool passed = false;
    std::string failure; ///< the engine's reason, the runner's error, or the model disagreeing with the file
    std::map<std::string, std::string> parameters; ///< what the runner ran with ("simulations", "threads")
};

/** @brief What one target did. */
struct Report {
    std::string target;
    std::vector<std::string> operations; ///< the operations it claims (campaign::supportedOperations)
    std::vector<Check> checks;
    std::vector<std::string> notes; ///< "skinny-128-256-ctr: no official vectors; random inputs only"
    /** @brief "op, inputs: failure" for every failed check. */
    std::vector<std::string> failures() const;
};

/** @brief The (message, AD) sizes of an operation's random runs: empty, a partial block where the mode takes
 *  one (CTR, AEAD), one block, and several blocks plus a tail. */
std::vector<std::pair<std::uint64_t, std::uint64_t>> randomSizes(const oracle::Operation& op);

/** @brief The official vector files (under resources/vectors) that hold `op`'s records, as the registry row
 *  names them (AlgorithmInfo::vectorFiles, BlockAlgorithm::ctrVectorFiles); empty where there are none. */
std::vector<std::string> katFiles(const oracle::Operation& op);

/** @brief Runs every operation the runner claims on random and KAT inputs, each through campaign::judgeRun
 *  with `repeats` repeats; `vectorsDir` is the folder of the official vector files. */
Report checkTarget(campaign::Runner& runner, const std::string& vectorsDir,
                   const std::map<std::string, std::string>& options = {}, int repeats = 2);

} // namespace rs::conformance
