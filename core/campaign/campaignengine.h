#pragma once
// Runs a campaign: every run of the spec on its target's runner, each first checked against the C++
// model's output for the same inputs (a wrong answer is recorded as a failed run, never as a timing),
// each committed to the store as it finishes; a resumed campaign skips the runs already recorded.
// Plain C++; CampaignSession (Qt) runs it off the GUI thread and the CLI runs it directly.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "campaignstore.h"
#include "runner.h"

namespace rs::campaign {

/** @brief Progress of a campaign. */
struct EngineProgress {
    int done = 0; ///< runs finished in this campaign (including skipped ones)
    int total = 0;
    int skipped = 0; ///< already recorded (resume)
    int failed = 0;
    RunKey current;   ///< the run that just finished
    std::string line; ///< a log line for it ("cpu ascon-aead128 AD 0 B msg 64 B: 412 ns median (verified)")
};

struct EngineOptions {
    bool resume = false; ///< continue the newest unfinished campaign with the same spec
    std::function<void(const EngineProgress&)> progress; ///< after every run (from the engine's thread)
    const std::atomic<bool>* cancel = nullptr;           ///< stops between runs (and between repeats)
    /** @brief Makes the runner of a target (tests inject wrong-answer runners); default makeRunner. */
    std::function<std::unique_ptr<Runner>(const std::string& target)> runnerFactory;
};

/** @brief What a campaign run did. */
struct EngineResult {
    std::int64_t campaignId = 0;
    int runs = 0, skipped = 0, failed = 0;
    bool cancelled = false;
};

/** @brief Runs (or resumes) the campaign into the store. Throws SpecError for a target no runner
 *  provides (before anything is stored). */
EngineResult runCampaign(CampaignStore& store, const CampaignSpec& spec, const EngineOptions& options = {});

/** @brief Host, CPU model, compiler and flags, git revision (when known), Qt/SQLite versions. */
Provenance hostProvenance();

} // namespace rs::campaign
