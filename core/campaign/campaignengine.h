#pragma once
// Runs a campaign: every run of the spec on its target's runner, each first checked against the C++
// model's output for the same inputs (a wrong answer is recorded as a failed run, never as a timing),
// each committed to the store as it finishes; a resumed campaign skips the runs already recorded. The
// campaign is claimed (a lease in the store) while it runs, so no two processes run it at once.
// Plain C++; CampaignSession (Qt) runs it off the GUI thread and the CLI runs it directly.

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/campaign/campaignstore.h"
#include "core/campaign/runner.h"

namespace rs::campaign {

/** @brief Progress of a campaign. */
struct EngineProgress {
    int done = 0; ///< runs finished in this campaign (including skipped ones)
    int total = 0;
    int skipped = 0; ///< already recorded (resume)
    int failed = 0;
    /** @brief Runs of the campaign in the store now: the skipped ones and those of this session committed
     *  so far (finished runs are committed in batches, EngineOptions::batchRuns). */
    int stored = 0;
    /** @brief Interleaved campaigns (CampaignSpec::interleaveSeed): timed calls made so far and in all
     *  (runs x rounds, less the rounds a failed run skips); a run is done only after its last round, so
     *  these show the progress. 0 and 0 run after run. */
    int step = 0, steps = 0;
    /** @brief What a progress bar shows: the timed calls (and the skipped runs) when interleaved, the runs
     *  otherwise. */
    int barDone() const { return steps > 0 ? skipped + step : done; }
    int barTotal() const { return steps > 0 ? skipped + steps : total; }
    RunKey current;   ///< the run that just finished (interleaved: the run a round just timed)
    std::string line; ///< a log line for it ("cpu ascon-aead128 AD 0 B msg 64 B: 412 ns median (verified)";
                      ///< interleaved: "round 3/9: " first)
};

struct EngineOptions {
    /** @brief Fresh: a new campaign, refused (CampaignRefused) when the definition is stored already;
     *  Resume: continue the newest campaign of this definition ("nothing to do" when it is finished, a new
     *  one when there is none); New: always a new campaign. */
    StartMode start = StartMode::Fresh;
    /** @brief How long the campaign's lease holds without a refresh (refreshed every run and every quarter
     *  of this while a run takes long). */
    int leaseSeconds = CampaignStore::kLeaseSeconds;
    std::function<void(const EngineProgress&)> progress; ///< after every run (from the engine's thread)
    const std::atomic<bool>* cancel = nullptr;           ///< stops between runs (and between repeats)
    /** @brief Makes the runner of a target (tests inject wrong-answer runners); default makeRunner. */
    std::function<std::unique_ptr<Runner>(const std::string& target)> runnerFactory;
    /** @brief A shard: only these runs of the definition (each must be one of its runs: SpecError
     *  otherwise), and runners only for their targets; empty: every run. The campaign counts as finished
     *  when these are recorded. */
    std::vector<RunKey> only;
    /** @brief Added to every recorded run's parameters (a cluster task's host, job and task id). */
    std::map<std::string, std::string> runParameters;
    /** @brief Added to the campaign's provenance (the cluster campaign a shard belongs to). */
    Provenance provenance;
    /** @brief Finished runs are committed together, in one transaction, once this many wait or
     *  batchSeconds passed since the last commit (a run that long is committed when it ends), and always
     *  when the campaign finishes or is cancelled (not after a lost lease or a store error). A process
     *  killed mid-batch loses only that batch, which a resume runs again; nothing committed is lost.
     *  1 commits every run on its own. */
    int batchRuns = 256;
    double batchSeconds = 0.5;
};

/** @brief What a campaign run did. */
struct EngineResult {
    std::int64_t campaignId = 0;
    int runs = 0, skipped = 0, failed = 0;
    bool cancelled = false;
    bool alreadyFinished = false; ///< Resume found the campaign finished: nothing was run
};

/** @brief Runs (or resumes) the campaign into the store, holding its lease while it runs. Throws SpecError
 *  for a target no runner provides, a target x algorithm pair its runner does not run (checkSupported) or a
 *  definition over the run cap (before anything is stored),
 *  CampaignRefused when the start mode's rules or another runner's lease refuse it, StoreError when the
 *  store fails. */
EngineResult runCampaign(CampaignStore& store, const CampaignSpec& spec, const EngineOptions& options = {});

/** @brief Host, CPU model, compiler and flags, git revision (when known), Qt/SQLite versions. */
Provenance hostProvenance();

} // namespace rs::campaign
