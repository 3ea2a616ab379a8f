// The shards of a campaign run on a cluster: recorded before they are submitted, given their Slurm job
// ids as they are (re)submitted, and merged back one transaction each. Every shard row carries a checksum
// like every other row of the store.
#include "core/campaign/campaignstore.h"

#include "core/campaign/storeintegrity.h"
#include "core/campaign/storesql.h"

#include <map>
#include <set>

namespace rs::campaign {

using namespace detail;

namespace {

RawShard readShardRow(const Stmt& s) {
    RawShard r;
    r.campaignId = s.integer(0);
    r.shard = s.integer(1);
    r.target = s.text(2);
    r.runs = s.integer(3);
    r.file = s.text(4);
    r.job = s.text(5);
    r.submissions = s.integer(6);
    r.merged = s.text(7);
    r.mergedRuns = s.integer(8);
    r.checksum = s.text(9);
    return r;
}

constexpr const char* kShardColumns =
    "campaign_id, shard, target, runs, file, job, submissions, merged, merged_runs, checksum";

std::vector<RawShard> verifiedShards(const Conn& c, std::int64_t campaign) {
    Stmt s(c, (std::string("SELECT ") + kShardColumns + " FROM shards WHERE campaign_id = ? ORDER BY shard")
                  .c_str());
    s.bind(1, campaign);
    std::vector<RawShard> out;
    while (s.step()) {
        RawShard r = readShardRow(s);
        if (checksumOf(r) != r.checksum)
            damaged(c, "shard " + std::to_string(r.shard) + " of campaign " + std::to_string(campaign) +
                           " does not match its checksum");
        out.push_back(std::move(r));
    }
    return out;
}

void writeShard(const Conn& c, RawShard r) {
    r.checksum = checksumOf(r);
    Stmt s(c,
           "INSERT OR REPLACE INTO shards(campaign_id, shard, target, runs, file, job, submissions, merged, "
           "merged_runs, checksum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, r.campaignId)
        .bind(2, r.shard)
        .bind(3, r.target)
        .bind(4, r.runs)
        .bind(5, r.file)
        .bind(6, r.job)
        .bind(7, r.submissions)
        .bind(8, r.merged)
        .bind(9, r.mergedRuns)
        .bind(10, r.checksum)
        .step();
}

std::string describe(const RunKey& k) {
    return k.target + " " + k.algorithm + " AD " + std::to_string(k.adBytes) + " msg " +
           std::to_string(k.messageBytes);
}

/** The fields a merged run must agree on with the stored one (ids differ between stores). */
bool sameRun(const RunRow& a, const RunRow& b) {
    return a.key == b.key && a.verified == b.verified && a.failure == b.failure && a.finished == b.finished &&
           a.parameters == b.parameters &&
           (!a.verified || (a.measurements == b.measurements && a.samples == b.samples));
}

} // namespace

void CampaignStore::addShards(std::int64_t campaign, const std::vector<ShardRow>& shards) {
    requireWritable();
    inTransaction(*m_conn, [&] {
        if (!verifiedCampaign(*m_conn, campaign))
            throw StoreError(where(*m_conn) + "no campaign " + std::to_string(campaign));
        if (!verifiedShards(*m_conn, campaign).empty())
            throw StoreError(where(*m_conn) + "campaign " + std::to_string(campaign) + " has shards already");
        for (const ShardRow& s : shards)
            writeShard(*m_conn, RawShard{campaign,
                                         s.index,
                                         s.target,
                                         s.runs,
                                         s.file,
                                         s.job,
                                         s.submissions,
                                         s.merged,
                                         s.mergedRuns,
                                         {}});
    });
}

void CampaignStore::setShardJob(std::int64_t campaign, const std::vector<int>& shards,
                                const std::string& job) {
    requireWritable();
    inTransaction(*m_conn, [&] {
        const std::set<int> wanted(shards.begin(), shards.end());
        std::size_t found = 0;
        for (RawShard r : verifiedShards(*m_conn, campaign)) {
            if (wanted.count(static_cast<int>(r.shard)) == 0) continue;
            ++found;
            r.job = job;
            ++r.submissions;
            writeShard(*m_conn, r);
        }
        if (found != wanted.size())
            throw StoreError(where(*m_conn) + "campaign " + std::to_string(campaign) +
                             " has no such shard to record job " + job + " for");
    });
}

std::vector<ShardRow> CampaignStore::shards(std::int64_t campaign) const {
    std::vector<RawShard> raw;
    reading("the shards of campaign " + std::to_string(campaign),
            [&] { raw = verifiedShards(*m_conn, campaign); });
    std::vector<ShardRow> out;
    for (const RawShard& r : raw)
        out.push_back(ShardRow{static_cast<int>(r.shard), r.target, static_cast<int>(r.runs), r.file, r.job,
                               static_cast<int>(r.submissions), r.merged, static_cast<int>(r.mergedRuns)});
    return out;
}

int CampaignStore::mergeShard(std::int64_t campaign, int shard, const std::vector<RunRow>& runs) {
    requireWritable();
    return inTransaction(*m_conn, [&] {
        const auto raw = verifiedCampaign(*m_conn, campaign);
        if (!raw) throw StoreError(where(*m_conn) + "no campaign " + std::to_string(campaign));
        RawShard row;
        bool known = false;
        for (const RawShard& r : verifiedShards(*m_conn, campaign))
            if (r.shard == shard) {
                row = r;
                known = true;
            }
        const std::string name = "shard " + std::to_string(shard);
        if (!known)
            throw MergeRefused(name + " is not a shard of campaign " + std::to_string(campaign) +
                               "; nothing was merged");
        const CampaignSpec spec = parseSpec(raw->specJson);
        const std::vector<RunKey> planned = expandRuns(spec);
        const std::set<RunKey> inSpec(planned.begin(), planned.end());
        int added = 0, failed = 0;
        std::int64_t id = nextRunId(*m_conn);
        const std::vector<RunRow> existing = this->runs(campaign);
        std::map<RunKey, const RunRow*> byKey;
        for (const RunRow& r : existing)
            byKey[r.key] = &r;
        for (const RunRow& r : runs) {
            if (inSpec.count(r.key) == 0)
                throw MergeRefused(name + ": the run " + describe(r.key) + " is not a run of campaign " +
                                   std::to_string(campaign) + "'s definition; nothing was merged");
            const auto it = byKey.find(r.key);
            if (it != byKey.end()) {
                if (!sameRun(*it->second, r))
                    throw MergeRefused(name + ": the run " + describe(r.key) +
                                       " conflicts with the one campaign " + std::to_string(campaign) +
                                       " holds (recorded " + it->second->finished + "); nothing was merged");
                continue; // merged before: adds nothing
            }
            insertRun(*m_conn, id++, campaign, r.key, r.verified, r.failure, r.finished,
                      parametersJson(r.parameters), r.measurements, r.samples);
            ++added;
            if (!r.verified) ++failed;
        }
        Stmt u(*m_conn,
               "UPDATE campaigns SET runs_done = runs_done + ?, runs_failed = runs_failed + ? WHERE id = ?");
        u.bind(1, std::int64_t{added}).bind(2, std::int64_t{failed}).bind(3, campaign).step();
        const bool complete = raw->runsDone + added == static_cast<std::int64_t>(planned.size());
        if (complete) {
            Stmt st(*m_conn, "UPDATE campaigns SET status = 'finished' WHERE id = ?");
            st.bind(1, campaign).step();
        }
        sealCampaign(*m_conn, campaign);
        if (row.merged.empty()) {
            row.merged = nowUtc();
            row.mergedRuns = added;
        } else {
            row.mergedRuns += added;
        }
        writeShard(*m_conn, row);
        return added;
    });
}

} // namespace rs::campaign
