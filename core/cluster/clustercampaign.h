#pragma once
// A campaign run on a Slurm cluster, kept in one folder on the shared file system:
//   DIR/campaign.db        the main store, the authority: the campaign (definition, uid in its provenance),
//                          its shards and their Slurm job ids; merged runs. Written by the submit host only
//   DIR/plan.json          the shards' runs, read by the array tasks; checked against the main store (opened
//                          read-only by a task) before a shard runs or is merged
//   DIR/jobs/TARGET.sbatch the job script of each target's array
//   DIR/shards/shard-NNNN.db[.done]  one store per shard, written by one task; .done once it is complete
//   DIR/shards/shard-NNNN.db.refused[-N]  a refused shard: the marker with the reason; its store kept aside
//   DIR/logs/JOB_TASK.out  the tasks' output
// submit writes the plan and the shards, then one job array per target; run-shard (in each task) runs a
// shard into its own store; status reads the queue and the shard files; merge folds finished shards into
// the main store and refuses (moves aside, marks) the ones that do not belong; resume resubmits only the
// shards that failed, vanished or were refused.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/campaign/campaignengine.h"
#include "core/campaign/campaignstore.h"
#include "core/cluster/clustercheck.h"
#include "core/cluster/shardplan.h"
#include "core/cluster/slurm.h"

namespace rs::cluster {

struct SubmitOptions {
    std::string partition;               ///< --partition for every array (a target's own option wins)
    int maxParallel = 0;                 ///< at most this many tasks of one array at a time; 0: no limit
    int perTask = 0;                     ///< runs per shard; 0: defaultPerTask
    std::vector<std::string> sbatchArgs; ///< more sbatch arguments, for every array
    std::string cli;                     ///< the roundscope-cli the tasks run (absolute path)
    SlurmTools tools;
};

/** @brief What one target's array asks Slurm for, from the spec's options "TARGET.slurm.*", else from the
 *  target's declaration (campaign::TargetDeclaration::slurm: cuda asks for gpu:1, board needs its node). */
struct TargetResources {
    std::string partition; ///< TARGET.slurm.partition
    std::string gres;      ///< TARGET.slurm.gres; else the declaration's ("gpu:1" for cuda)
    std::string nodelist;  ///< TARGET.slurm.nodelist; required where the declaration says so (board)
    int cpus = 1;          ///< TARGET.slurm.cpus (1..256)
};
/** @brief ClusterError naming the option when a value is bad or a target that needs its node (the board)
 *  has none. A target not registered in this program has no defaults. */
TargetResources targetResources(const campaign::CampaignSpec& spec, const std::string& target);

/** @brief The job script of one target's array. */
std::string jobScript(const CampaignDir& dir, const ClusterPlan& plan, const std::string& target,
                      const TargetResources& res, const SubmitOptions& options);

struct SubmittedArray {
    std::string target, job, array;
};
struct SubmitResult {
    std::int64_t campaignId = 0;
    int shards = 0;
    std::vector<SubmittedArray> arrays;
    std::vector<int> skipped; ///< resume: shards left as they are (pending, running, done, merged)
};

/** @brief Everything submit does before it submits: DIR created (ClusterError when it holds a campaign
 *  already), the main store with the campaign and its shards (none submitted), the plan. */
ClusterPlan prepareCampaign(const std::string& dir, const campaign::CampaignSpec& spec, int perTask);

/** @brief prepareCampaign, then one array per target. Creates DIR (refused when it holds a campaign already:
 * use resume), the main store with the campaign and its shards, the plan and job scripts, then submits one
 * array per target. When a submission fails, the arrays submitted so far stay recorded and the error says
 * which; `resume` submits the rest. */
SubmitResult submitCampaign(const std::string& dir, const campaign::CampaignSpec& spec,
                            const SubmitOptions& options);

/** @brief A shard's state; Refused: merge or run-shard refused its store (moved aside, reason in detail). */
enum class ShardState { Unsubmitted, Pending, Running, Done, Failed, Merged, Refused };
/** @brief The state's one word, as status prints it and its JSON carries it: "unsubmitted", "pending",
 *  "running", "done", "failed", "merged", "refused". */
const char* shardStateName(ShardState s);

struct ShardStatus {
    campaign::ShardRow row;
    ShardState state = ShardState::Unsubmitted;
    std::string queueState; ///< squeue's word while queued
    std::string detail;     ///< why failed or refused; the done marker's summary
};
struct CampaignStatus {
    ClusterPlan plan;
    campaign::CampaignRow campaign;
    std::vector<ShardStatus> shards;
};

/** @brief Every shard's state from squeue, the done and refusal markers and the main store. ClusterError
 *  when plan.json does not match the main store (checkPlan); SlurmError when squeue cannot be asked (the
 *  controller is unreachable). */
CampaignStatus campaignStatus(const std::string& dir, const SlurmTools& tools);

/** @brief Resubmits the shards that failed, vanished (not queued and not done), were refused or were never
 *  submitted; the others are left alone. A resubmitted task continues its shard store (no committed run
 *  is repeated); a refused shard's store was moved aside, so it runs into a fresh one. */
SubmitResult resumeCampaign(const std::string& dir, const SubmitOptions& options);

struct MergeReport {
    int merged = 0; ///< shards merged by this call (a shard merged before counts again, adding nothing)
    int runsAdded = 0;
    int notReady = 0; ///< shards not done yet
    std::vector<std::string>
        refused;                    ///< one line per shard refused now (corrupt, another campaign, conflict)
    campaign::CampaignRow campaign; ///< after the merge
};

/** @brief Folds every done shard into the main store, one transaction each (idempotent). ClusterError
 *  before anything is merged when plan.json does not match the main store (checkPlan). A shard that cannot
 *  be read or does not belong is refused (refuseShard: its store moved aside, its done marker replaced by
 *  a refusal marker, so it is not looked at again until it reran) and named; the others are merged. A
 *  StoreError of the main store itself stops the merge. */
MergeReport mergeCampaign(const std::string& dir);

/** @brief Runs shard `index` of the campaign in DIR into its shard store (continuing it when it has runs
 *  already), with the Slurm job and task ids from the environment in its provenance and in every run's
 *  parameters; writes the done marker when every run of the shard is recorded. Before it runs: plan.json
 *  is checked against the main store (opened read-only, closed again; ClusterError when they differ), and
 *  an existing shard store must hold this shard's campaign only: one of another campaign or shard (even
 *  of the same definition) or one that cannot be read is refused (refuseShard, then ClusterError), never
 *  resumed. A rerun removes the shard's refusal marker. */
campaign::EngineResult runShard(const std::string& dir, int index, campaign::EngineOptions options);

} // namespace rs::cluster
