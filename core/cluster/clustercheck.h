#pragma once
// What merge, run-shard and status check before they trust a campaign's folder, and what they do with a
// shard they refuse:
//  - plan.json against the main store, which is the authority: the plan's campaign must be there, made by
//    submit with the plan's uid, with the plan's definition, and the plan's shards must be the ones the
//    stored definition splits into and the store recorded (an edited plan is refused, naming what differs);
//  - a shard store against the shard it should hold: only campaigns of this shard (its uid and index in
//    their provenance) and of the campaign's definition;
//  - a refused shard is moved aside (kept for inspection), its done marker removed and a refusal marker
//    written with the reason, so status shows it as refused and `submit --resume` reruns it into a fresh
//    shard store.

#include <optional>
#include <string>
#include <vector>

#include "core/campaign/campaignstore.h"
#include "core/cluster/shardplan.h"

namespace rs::cluster {

/** @brief The text with every control character shown as '?': one line, safe in a comment or message. */
std::string printableLine(std::string text);

/** @brief The plan's campaign in the main store, once plan.json was found to say what the store says: the
 *  campaign exists, its provenance "cluster.uid" is the plan's uid, its stored definition is the plan's
 *  (canonical JSON equal: name, targets, sizes, repeats, options), the plan's shards are the stored
 *  definition split with the plan's per_task, and they are the shards the store recorded. ClusterError
 *  naming plan.json and what differs otherwise. */
campaign::CampaignRow checkPlan(const CampaignDir& dir, const ClusterPlan& plan,
                                const campaign::CampaignStore& main);

/** @brief The differences between two definitions, one phrase each ("repeats: 3 in plan.json, 1 in the
 *  main store"); empty when they are equal. */
std::vector<std::string> specDifferences(const campaign::CampaignSpec& plan,
                                         const campaign::CampaignSpec& stored);

/** @brief A shard store's campaigns: the shard's own and a description of every other one. */
struct ShardOwners {
    std::vector<campaign::CampaignRow> mine; ///< this shard's (plan uid and index) with the plan's definition
    std::vector<std::string> others;         ///< "campaign UID shard I" for every other campaign
};
ShardOwners shardOwners(const campaign::CampaignStore& shard, const ClusterPlan& plan, int index);

/** @brief Why a shard was refused, as its refusal marker (shard-NNNN.db.refused, JSON) keeps it. */
struct Refusal {
    std::string by;     ///< "merge" or "run-shard"
    std::string reason; ///< what was wrong with it
    std::string kept;   ///< where its store was moved (empty when there was none)
    std::string when;   ///< ISO 8601 UTC
    /** @brief One line for status: who refused it, why, where the store is kept, how to rerun it. */
    std::string describe() const;
};

/** @brief Refuses shard `index`: moves its store (with its -wal, -shm and -journal) aside to the first free
 *  shard-NNNN.db.refused-N, writes the refusal marker, then removes the done marker. ClusterError when a
 *  file cannot be moved or written. */
Refusal refuseShard(const CampaignDir& dir, int index, const std::string& by, const std::string& reason);

/** @brief The shard's refusal marker; nullopt when it has none. A marker that cannot be read or parsed
 *  is reported with its text as the reason. */
std::optional<Refusal> readRefusal(const CampaignDir& dir, int index);

/** @brief Removes the refusal marker: a rerun of the shard starts (its old store is aside already). */
void clearRefusal(const CampaignDir& dir, int index);

} // namespace rs::cluster
