#include "core/campaign/storeintegrity.h"

#include <sqlite3.h>

#include <QByteArrayView>
#include <QCryptographicHash>

#include <array>
#include <cstring>
#include <mutex>
#include <set>

namespace rs::campaign::detail {

namespace {

// Every field length-prefixed (text) or fixed-width (numbers), after a row kind: no two different rows
// hash the same input.
class Digest {
  public:
    explicit Digest(std::string_view kind) : m_hash(QCryptographicHash::Sha256) { text(kind); }
    Digest& text(std::string_view s) {
        integer(static_cast<std::int64_t>(s.size()));
        m_hash.addData(QByteArrayView(s.data(), static_cast<qsizetype>(s.size())));
        return *this;
    }
    Digest& integer(std::int64_t v) {
        std::array<char, 8> b{};
        for (int i = 0; i < 8; ++i)
            b[static_cast<std::size_t>(i)] =
                static_cast<char>((static_cast<std::uint64_t>(v) >> (8 * i)) & 0xff);
        m_hash.addData(QByteArrayView(b.data(), 8));
        return *this;
    }
    Digest& real(double v) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        return integer(static_cast<std::int64_t>(bits));
    }
    std::string hex() const { return m_hash.result().left(16).toHex().toStdString(); }

  private:
    QCryptographicHash m_hash;
};

std::string campaignName(std::int64_t id) {
    return "campaign " + std::to_string(id);
}

} // namespace

std::string checksumOf(const RawCampaign& c) {
    Digest d("campaign");
    d.integer(c.id).text(c.name).text(c.specJson).text(c.created).text(c.status);
    d.integer(c.runsDone).integer(c.runsFailed).integer(static_cast<std::int64_t>(c.provenance.size()));
    for (const auto& [k, v] : c.provenance)
        d.text(k).text(v);
    return d.hex();
}

std::string checksumOf(const RawRun& r) {
    Digest d("run");
    d.integer(r.id).integer(r.campaignId).text(r.target).text(r.algorithm);
    d.integer(r.messageBytes).integer(r.adBytes).integer(r.verified);
    d.text(r.failure).text(r.finished).text(r.parametersJson);
    d.integer(static_cast<std::int64_t>(r.measurements.size()));
    for (const RawMeasurement& m : r.measurements)
        d.text(m.metric).real(m.value).text(m.unit);
    return d.hex();
}

std::string checksumOf(const RawSummary& s) {
    return Digest("summary").integer(s.campaigns).integer(s.lastCampaign).hex();
}

std::string checksumOf(const RawLease& l) {
    Digest d("lease");
    d.integer(l.campaignId).text(l.owner.host).integer(l.owner.pid).text(l.owner.process);
    d.text(l.since).integer(l.seconds).integer(l.expires);
    return d.hex();
}

std::string checksumOf(const RawShard& s) {
    Digest d("shard");
    d.integer(s.campaignId).integer(s.shard).text(s.target).integer(s.runs).text(s.file).text(s.job);
    d.integer(s.submissions).text(s.merged).integer(s.mergedRuns);
    return d.hex();
}

std::string checksumOf(const RawBaseline& b) {
    Digest d("baseline");
    d.text(b.host).text(b.revision).integer(b.campaignId).text(b.marked);
    return d.hex();
}

// --- raw reads ---------------------------------------------------------------------------------------

std::optional<RawCampaign> readCampaign(const Conn& c, std::int64_t id) {
    Stmt s(c, "SELECT id, name, spec_json, created, status, runs_done, runs_failed, checksum FROM campaigns "
              "WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    RawCampaign r;
    r.id = s.integer(0);
    r.name = s.text(1);
    r.specJson = s.text(2);
    r.created = s.text(3);
    r.status = s.text(4);
    r.runsDone = s.integer(5);
    r.runsFailed = s.integer(6);
    r.checksum = s.text(7);
    Stmt p(c, "SELECT key, value FROM provenance WHERE campaign_id = ? ORDER BY key");
    p.bind(1, id);
    while (p.step())
        r.provenance.emplace_back(p.text(0), p.text(1));
    return r;
}

std::vector<std::int64_t> campaignIds(const Conn& c) {
    std::vector<std::int64_t> ids;
    Stmt s(c, "SELECT id FROM campaigns ORDER BY id");
    while (s.step())
        ids.push_back(s.integer(0));
    return ids;
}

namespace {

constexpr const char* kRunColumns = "id, campaign_id, target, algorithm, message_bytes, ad_bytes, verified, "
                                    "failure, finished, parameters_json, checksum";

RawRun runFrom(const Stmt& s) {
    RawRun r;
    r.id = s.integer(0);
    r.campaignId = s.integer(1);
    r.target = s.text(2);
    r.algorithm = s.text(3);
    r.messageBytes = s.integer(4);
    r.adBytes = s.integer(5);
    r.verified = s.integer(6);
    r.failure = s.text(7);
    r.finished = s.text(8);
    r.parametersJson = s.text(9);
    r.checksum = s.text(10);
    return r;
}

} // namespace

std::vector<RawRun> readRuns(const Conn& c, std::int64_t campaign) {
    std::vector<RawRun> out;
    {
        Stmt s(
            c,
            ("SELECT " + std::string(kRunColumns) + " FROM runs WHERE campaign_id = ? ORDER BY id").c_str());
        s.bind(1, campaign);
        while (s.step())
            out.push_back(runFrom(s));
    }
    std::map<std::int64_t, std::size_t> at;
    for (std::size_t i = 0; i < out.size(); ++i)
        at.emplace(out[i].id, i);
    Stmt m(c, "SELECT m.run_id, m.metric, m.value, m.unit FROM runs r JOIN measurements m ON m.run_id = r.id "
              "WHERE r.campaign_id = ? ORDER BY m.run_id, m.rowid");
    m.bind(1, campaign);
    while (m.step()) {
        const auto it = at.find(m.integer(0));
        // A measurement of no run read above cannot belong to this campaign's runs; their checksums decide.
        if (it != at.end()) out[it->second].measurements.push_back({m.text(1), m.real(2), m.text(3)});
    }
    return out;
}

std::optional<RawRun> readRun(const Conn& c, std::int64_t runId) {
    Stmt s(c, ("SELECT " + std::string(kRunColumns) + " FROM runs WHERE id = ?").c_str());
    s.bind(1, runId);
    if (!s.step()) return std::nullopt;
    RawRun r = runFrom(s);
    Stmt m(c, "SELECT metric, value, unit FROM measurements WHERE run_id = ? ORDER BY rowid");
    m.bind(1, runId);
    while (m.step())
        r.measurements.push_back({m.text(0), m.real(1), m.text(2)});
    return r;
}

std::optional<RawSummary> readSummary(const Conn& c) {
    Stmt s(c, "SELECT campaigns, last_campaign, checksum FROM summary WHERE one = 1");
    if (!s.step()) return std::nullopt;
    return RawSummary{s.integer(0), s.integer(1), s.text(2)};
}

std::optional<RawLease> readLease(const Conn& c, std::int64_t campaign) {
    Stmt s(c, "SELECT campaign_id, host, pid, process, since, seconds, expires, checksum FROM leases "
              "WHERE campaign_id = ?");
    s.bind(1, campaign);
    if (!s.step()) return std::nullopt;
    RawLease l;
    l.campaignId = s.integer(0);
    l.owner = LeaseOwner{s.text(1), s.integer(2), s.text(3)};
    l.since = s.text(4);
    l.seconds = s.integer(5);
    l.expires = s.integer(6);
    l.checksum = s.text(7);
    return l;
}

// --- verified reads ----------------------------------------------------------------------------------

void damaged(const Conn& c, const std::string& what) {
    throw StoreError(c.path + " is corrupt (" + what +
                     "; the stored results were damaged or changed outside RoundScope); it was not changed");
}

RawSummary verifiedSummary(const Conn& c) {
    const auto s = readSummary(c);
    if (!s) damaged(c, "the summary row is missing");
    if (checksumOf(*s) != s->checksum) damaged(c, "the summary row does not match its checksum");
    return *s;
}

std::optional<RawCampaign> verifiedCampaign(const Conn& c, std::int64_t id, RunCount count) {
    auto raw = readCampaign(c, id);
    if (!raw) {
        // Absent: only when the summary agrees (a damaged table may hide a campaign).
        const RawSummary s = verifiedSummary(c);
        if (id >= 1 && id <= s.lastCampaign && queryInt(c, "SELECT count(*) FROM campaigns") != s.campaigns)
            damaged(c, "the campaigns found are not the " + std::to_string(s.campaigns) + " it holds");
        return std::nullopt;
    }
    if (raw->id != id || checksumOf(*raw) != raw->checksum)
        damaged(c, campaignName(id) + " does not match its checksum");
    if (count == RunCount::Skip) return raw;
    Stmt n(c, "SELECT count(*), sum(verified = 0) FROM runs WHERE campaign_id = ?");
    n.bind(1, id);
    n.step();
    if (n.integer(0) != raw->runsDone || n.integer(1) != raw->runsFailed)
        damaged(c, campaignName(id) + " records " + std::to_string(raw->runsDone) + " runs (" +
                       std::to_string(raw->runsFailed) + " failed) but " + std::to_string(n.integer(0)) +
                       " (" + std::to_string(n.integer(1)) + " failed) were found");
    return raw;
}

std::vector<RawRun> verifiedRuns(const Conn& c, const RawCampaign& campaign) {
    std::vector<RawRun> runs = readRuns(c, campaign.id);
    std::int64_t failed = 0, previous = 0;
    for (const RawRun& r : runs) {
        if (r.campaignId != campaign.id || r.id <= previous || checksumOf(r) != r.checksum)
            damaged(c, "run " + std::to_string(r.id) + " of " + campaignName(campaign.id) +
                           " does not match its checksum");
        previous = r.id;
        failed += r.verified == 0 ? 1 : 0;
    }
    if (static_cast<std::int64_t>(runs.size()) != campaign.runsDone || failed != campaign.runsFailed)
        damaged(c, campaignName(campaign.id) + " records " + std::to_string(campaign.runsDone) +
                       " runs but " + std::to_string(runs.size()) + " were read");
    return runs;
}

std::optional<RawLease> verifiedLease(const Conn& c, std::int64_t campaign) {
    auto l = readLease(c, campaign);
    if (l && (l->campaignId != campaign || checksumOf(*l) != l->checksum))
        damaged(c, "the lease of " + campaignName(campaign) + " does not match its checksum");
    return l;
}

void verifyStore(const Conn& c) {
    const RawSummary s = verifiedSummary(c);
    const std::vector<std::int64_t> ids = campaignIds(c);
    if (static_cast<std::int64_t>(ids.size()) != s.campaigns ||
        (ids.empty() ? 0 : ids.back()) != s.lastCampaign)
        damaged(c, "the campaigns found are not the " + std::to_string(s.campaigns) + " it holds");
    for (const std::int64_t id : ids) {
        const auto raw = verifiedCampaign(c, id);
        if (!raw) damaged(c, campaignName(id) + " cannot be read");
        verifiedRuns(c, *raw);
        verifiedLease(c, id);
    }
    verifiedBaselines(c);
}

// --- sealing -----------------------------------------------------------------------------------------

void sealCampaign(const Conn& c, std::int64_t id) {
    const auto raw = readCampaign(c, id);
    if (!raw) damaged(c, campaignName(id) + " vanished while it was written");
    Stmt u(c, "UPDATE campaigns SET checksum = ? WHERE id = ?");
    u.bind(1, checksumOf(*raw)).bind(2, id).step();
}

void sealRun(const Conn& c, std::int64_t runId) {
    const auto raw = readRun(c, runId);
    if (!raw) damaged(c, "run " + std::to_string(runId) + " vanished while it was written");
    Stmt u(c, "UPDATE runs SET checksum = ? WHERE id = ?");
    u.bind(1, checksumOf(*raw)).bind(2, runId).step();
}

void sealSummary(const Conn& c) {
    RawSummary s{queryInt(c, "SELECT count(*) FROM campaigns"),
                 queryInt(c, "SELECT coalesce(max(id), 0) FROM campaigns"),
                 {}};
    Stmt u(c, "INSERT INTO summary(one, campaigns, last_campaign, checksum) VALUES (1, ?, ?, ?) "
              "ON CONFLICT(one) DO UPDATE SET campaigns = excluded.campaigns, "
              "last_campaign = excluded.last_campaign, checksum = excluded.checksum");
    u.bind(1, s.campaigns).bind(2, s.lastCampaign).bind(3, checksumOf(s)).step();
}

// --- schema ------------------------------------------------------------------------------------------

namespace {

// Migrations: step i brings user_version i to i + 1. A later schema adds a step; none is edited.
const char* const kMigrations[] = {
    R"(CREATE TABLE campaigns (
         id INTEGER PRIMARY KEY, name TEXT NOT NULL, spec_json TEXT NOT NULL, created TEXT NOT NULL,
         status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'cancelled')));
       CREATE INDEX campaigns_spec ON campaigns(spec_json);
       CREATE TABLE runs (
         id INTEGER PRIMARY KEY,
         campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
         target TEXT NOT NULL, algorithm TEXT NOT NULL, message_bytes INTEGER NOT NULL, ad_bytes INTEGER NOT NULL,
         verified INTEGER NOT NULL, failure TEXT NOT NULL, finished TEXT NOT NULL, parameters_json TEXT NOT NULL,
         UNIQUE (campaign_id, target, algorithm, message_bytes, ad_bytes));
       CREATE TABLE measurements (
         run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
         metric TEXT NOT NULL, value REAL NOT NULL, unit TEXT NOT NULL);
       CREATE INDEX measurements_run ON measurements(run_id);
       CREATE TABLE provenance (
         campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
         key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (campaign_id, key));)",
    // Schema 2: checksums (runs, campaigns with their run counts, the summary of campaigns) and leases.
    R"(ALTER TABLE campaigns ADD COLUMN runs_done INTEGER NOT NULL DEFAULT 0;
       ALTER TABLE campaigns ADD COLUMN runs_failed INTEGER NOT NULL DEFAULT 0;
       ALTER TABLE campaigns ADD COLUMN checksum TEXT NOT NULL DEFAULT '';
       ALTER TABLE runs ADD COLUMN checksum TEXT NOT NULL DEFAULT '';
       CREATE TABLE summary (
         one INTEGER PRIMARY KEY CHECK (one = 1), campaigns INTEGER NOT NULL, last_campaign INTEGER NOT NULL,
         checksum TEXT NOT NULL);
       CREATE TABLE leases (
         campaign_id INTEGER PRIMARY KEY REFERENCES campaigns(id) ON DELETE CASCADE,
         host TEXT NOT NULL, pid INTEGER NOT NULL, process TEXT NOT NULL, since TEXT NOT NULL,
         seconds INTEGER NOT NULL, expires INTEGER NOT NULL, checksum TEXT NOT NULL);)",
    // Schema 3: the shards of a campaign run on a cluster (one Slurm array task and shard store each).
    R"(CREATE TABLE shards (
         campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
         shard INTEGER NOT NULL, target TEXT NOT NULL, runs INTEGER NOT NULL, file TEXT NOT NULL,
         job TEXT NOT NULL, submissions INTEGER NOT NULL, merged TEXT NOT NULL, merged_runs INTEGER NOT NULL,
         checksum TEXT NOT NULL, PRIMARY KEY (campaign_id, shard));)",
    // Schema 4: the baseline campaign of a machine (provenance host) and revision, one at most each.
    R"(CREATE TABLE baselines (
         host TEXT NOT NULL, revision TEXT NOT NULL,
         campaign_id INTEGER NOT NULL UNIQUE REFERENCES campaigns(id) ON DELETE CASCADE,
         marked TEXT NOT NULL, checksum TEXT NOT NULL, PRIMARY KEY (host, revision));)",
};
static_assert(std::size(kMigrations) == CampaignStore::kSchemaVersion);

} // namespace

const char* migrationSql(int step) {
    return kMigrations[step];
}

void migrationBackfill(const Conn& c, int step) {
    if (step != 1) return;
    // Rows of schema 1 are trusted as they are (the file passed integrity_check before this runs) and
    // sealed: from now on any change to them is found.
    exec(c, "UPDATE campaigns SET runs_done = (SELECT count(*) FROM runs WHERE campaign_id = campaigns.id), "
            "runs_failed = (SELECT count(*) FROM runs WHERE campaign_id = campaigns.id AND verified = 0)");
    std::vector<std::int64_t> runIds;
    {
        Stmt s(c, "SELECT id FROM runs ORDER BY id");
        while (s.step())
            runIds.push_back(s.integer(0));
    }
    for (const std::int64_t id : runIds)
        sealRun(c, id);
    for (const std::int64_t id : campaignIds(c))
        sealCampaign(c, id);
    sealSummary(c);
}

std::string schemaDescription(const Conn& c) {
    std::string out;
    std::vector<std::pair<std::string, std::string>> objects; // (type, name)
    {
        Stmt s(c, "SELECT type, name, tbl_name FROM sqlite_master ORDER BY type, name");
        while (s.step()) {
            out += s.text(0) + " " + s.text(1) + " on " + s.text(2) + "\n";
            objects.emplace_back(s.text(0), s.text(1));
        }
    }
    for (const auto& [type, name] : objects) {
        if (type == "table") {
            Stmt t(c, "SELECT name, type, \"notnull\", coalesce(dflt_value, ''), pk, hidden FROM "
                      "pragma_table_xinfo(?) ORDER BY cid");
            t.bind(1, name);
            while (t.step())
                out += "  " + t.text(0) + " " + t.text(1) + " notnull=" + std::to_string(t.integer(2)) +
                       " default=" + t.text(3) + " pk=" + std::to_string(t.integer(4)) +
                       " hidden=" + std::to_string(t.integer(5)) + "\n";
        } else if (type == "index") {
            Stmt t(c, "SELECT coalesce(name, ''), \"desc\", key FROM pragma_index_xinfo(?) ORDER BY seqno");
            t.bind(1, name);
            while (t.step())
                out += "  " + t.text(0) + " desc=" + std::to_string(t.integer(1)) +
                       " key=" + std::to_string(t.integer(2)) + "\n";
        }
    }
    return out;
}

const std::string& expectedSchema(int version) {
    static std::array<std::string, CampaignStore::kSchemaVersion + 1> described;
    static std::once_flag once;
    std::call_once(once, [] {
        Conn mem;
        mem.path = "(this program's schema)";
        if (sqlite3_open_v2(":memory:", &mem.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
            SQLITE_OK) {
            sqlite3_close(mem.db);
            throw std::bad_alloc();
        }
        const std::unique_ptr<sqlite3, int (*)(sqlite3*)> guard(mem.db, sqlite3_close);
        described[0] = schemaDescription(mem);
        for (int v = 0; v < CampaignStore::kSchemaVersion; ++v) {
            exec(mem, kMigrations[v]);
            described[static_cast<std::size_t>(v + 1)] = schemaDescription(mem);
        }
    });
    return described.at(static_cast<std::size_t>(version));
}

} // namespace rs::campaign::detail
