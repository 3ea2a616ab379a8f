#pragma once
// A campaign cut into shards for a cluster: the runs of each target packed into shards of at most
// `perTask` runs (one Slurm array task each, so many small runs do not flood the scheduler), and the plan
// file the array tasks read (plan.json in the campaign's folder; a task opens the main store read-only, only
// to check the plan against it, so no database file is written from many nodes). Plain C++ + Qt Core's JSON.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/campaignspec.h"

namespace rs::cluster {

/** @brief A bad plan, folder or request; the message says what and where. */
class ClusterError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief One shard: a slice of one target's runs, run by one array task into its own store. */
struct Shard {
    int index = 0; ///< 0.. within the campaign: the array task id that runs it
    std::string target;
    std::vector<campaign::RunKey> runs;
    bool operator==(const Shard&) const = default;
};

/** @brief What `campaign submit` decided: the definition, its shards, where the campaign lives. */
struct ClusterPlan {
    std::string uid;             ///< random; a shard store carries it, so one of another campaign is refused
    std::int64_t campaignId = 0; ///< the campaign in the folder's main store
    campaign::CampaignSpec spec;
    int perTask = 0;
    std::vector<Shard> shards; ///< by index
    bool operator==(const ClusterPlan&) const = default;
};

/** @brief The default runs per task: one target's runs in at most 100 tasks, at least 5 runs each. */
int defaultPerTask(std::size_t runsOfTarget);

/** @brief The spec's runs, target by target in the spec's order, in shards of at most `perTask` runs
 *  (perTask 0: defaultPerTask for each target). ClusterError when perTask is negative. */
std::vector<Shard> splitShards(const campaign::CampaignSpec& spec, int perTask);

/** @brief The plan as JSON and back; parsePlan checks every field (ClusterError naming it) and that the
 *  shards hold exactly the runs of the definition, each once. */
std::string planJson(const ClusterPlan& plan);
ClusterPlan parsePlan(std::string_view json);

/** @brief The files of a campaign's folder. */
struct CampaignDir {
    std::string root;
    std::string store() const { return root + "/campaign.db"; }
    std::string plan() const { return root + "/plan.json"; }
    std::string jobs() const { return root + "/jobs"; }
    std::string logs() const { return root + "/logs"; }
    std::string shards() const { return root + "/shards"; }
    /** @brief Relative to root: shards/shard-0007.db */
    static std::string shardFile(int index);
    std::string shardStore(int index) const { return root + "/" + shardFile(index); }
    /** @brief Written by the task after its shard store is complete and closed. */
    std::string doneMarker(int index) const { return shardStore(index) + ".done"; }
    /** @brief Written when merge or run-shard refused the shard (JSON: who, why, where its store was moved);
     *  removed when the shard runs again. */
    std::string refusedMarker(int index) const { return shardStore(index) + ".refused"; }
};

/** @brief Reads DIR/plan.json; ClusterError naming the file when it is missing or not a plan. */
ClusterPlan readPlan(const CampaignDir& dir);
/** @brief Writes DIR/plan.json all or nothing. */
void writePlan(const CampaignDir& dir, const ClusterPlan& plan);

} // namespace rs::cluster
