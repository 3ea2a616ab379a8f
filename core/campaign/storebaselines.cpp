// Baselines: the campaign a machine's later campaigns are compared against, one per machine (the
// provenance's host) and revision. They live in a table of their own (schema 4) rather than in the
// provenance, which the campaign's checksum seals as it was recorded: marking one changes no campaign.
// Every baseline row carries a checksum like every other row of the store, and a read checks that the
// campaign it names is there and is of the row's machine and revision.
#include "core/campaign/campaignstore.h"

#include "core/campaign/storeintegrity.h"
#include "core/campaign/storesql.h"

#include <algorithm>

namespace rs::campaign {

using namespace detail;

std::string baselineHost(const Provenance& provenance) {
    const auto host = provenance.find("host");
    return host == provenance.end() ? std::string() : host->second;
}

std::string baselineRevision(const Provenance& provenance) {
    const auto rev = provenance.find("git_revision");
    const auto dirty = provenance.find("git_dirty");
    std::string out = rev == provenance.end() || rev->second.empty() ? std::string("unknown") : rev->second;
    if (dirty != provenance.end() && dirty->second == "yes") out += "-dirty";
    return out;
}

namespace {

Provenance provenanceOf(const RawCampaign& c) {
    return Provenance(c.provenance.begin(), c.provenance.end());
}

BaselineRow rowOf(const RawBaseline& b) {
    return BaselineRow{b.campaignId, b.host, b.revision, b.marked};
}

std::string campaignText(std::int64_t id) {
    return "campaign " + std::to_string(id);
}

} // namespace

namespace detail {

std::vector<RawBaseline> verifiedBaselines(const Conn& c) {
    std::vector<RawBaseline> out;
    {
        Stmt s(c, "SELECT host, revision, campaign_id, marked, checksum FROM baselines ORDER BY campaign_id");
        while (s.step())
            out.push_back(RawBaseline{s.text(0), s.text(1), s.integer(2), s.text(3), s.text(4)});
    }
    for (const RawBaseline& b : out) {
        if (checksumOf(b) != b.checksum)
            damaged(c, "the baseline mark of " + campaignText(b.campaignId) + " does not match its checksum");
        const auto campaign = verifiedCampaign(c, b.campaignId, RunCount::Skip);
        if (!campaign)
            damaged(c, "the baseline mark names " + campaignText(b.campaignId) + ", which is not there");
        const Provenance p = provenanceOf(*campaign);
        if (baselineHost(p) != b.host || baselineRevision(p) != b.revision)
            damaged(c, "the baseline mark of " + campaignText(b.campaignId) +
                           " is not for its machine and revision");
    }
    return out;
}

} // namespace detail

BaselineMarked CampaignStore::markBaseline(std::int64_t campaign) {
    requireWritable();
    return inTransaction(*m_conn, [&] {
        const auto raw = verifiedCampaign(*m_conn, campaign);
        if (!raw)
            throw StoreError(where(*m_conn) + "no " + campaignText(campaign) + " to mark as a baseline");
        const Provenance p = provenanceOf(*raw);
        RawBaseline row{baselineHost(p), baselineRevision(p), campaign, nowUtc(), {}};
        BaselineMarked out;
        for (const RawBaseline& b : verifiedBaselines(*m_conn)) {
            if (b.host != row.host || b.revision != row.revision) continue;
            if (b.campaignId == campaign) {
                out.baseline = rowOf(b);
                out.already = true;
                return out; // marked already: its time stays when it was first marked
            }
            out.replaced = b.campaignId;
        }
        Stmt d(*m_conn, "DELETE FROM baselines WHERE (host = ? AND revision = ?) OR campaign_id = ?");
        d.bind(1, row.host).bind(2, row.revision).bind(3, campaign).step();
        row.checksum = checksumOf(row);
        Stmt s(*m_conn,
               "INSERT INTO baselines(host, revision, campaign_id, marked, checksum) VALUES (?, ?, ?, ?, ?)");
        s.bind(1, row.host).bind(2, row.revision).bind(3, campaign).bind(4, row.marked).bind(5, row.checksum);
        s.step();
        out.baseline = rowOf(row);
        return out;
    });
}

bool CampaignStore::clearBaseline(std::int64_t campaign) {
    requireWritable();
    return inTransaction(*m_conn, [&] {
        if (!verifiedCampaign(*m_conn, campaign))
            throw StoreError(where(*m_conn) + "no " + campaignText(campaign) + " to clear as a baseline");
        const std::vector<RawBaseline> all = verifiedBaselines(*m_conn);
        if (std::none_of(all.begin(), all.end(),
                         [&](const RawBaseline& b) { return b.campaignId == campaign; }))
            return false;
        Stmt d(*m_conn, "DELETE FROM baselines WHERE campaign_id = ?");
        d.bind(1, campaign).step();
        return true;
    });
}

std::vector<BaselineRow> CampaignStore::baselines() const {
    std::vector<BaselineRow> out;
    reading("the baselines", [&] {
        out.clear();
        for (const RawBaseline& b : verifiedBaselines(*m_conn))
            out.push_back(rowOf(b));
    });
    return out;
}

std::optional<BaselineRow> CampaignStore::baselineFor(const std::string& host,
                                                      const std::string& revision) const {
    for (const BaselineRow& b : baselines())
        if (b.host == host && b.revision == revision) return b;
    return std::nullopt;
}

std::optional<BaselineRow> CampaignStore::latestBaseline(const std::string& host, std::int64_t before) const {
    std::optional<BaselineRow> out;
    for (const BaselineRow& b : baselines()) // by campaign id: the last one that qualifies is the newest
        if (b.host == host && b.campaignId < before) out = b;
    return out;
}

} // namespace rs::campaign
