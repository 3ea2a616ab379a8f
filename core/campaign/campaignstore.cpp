#include "core/campaign/campaignstore.h"

#include "core/campaign/storeintegrity.h"
#include "core/campaign/storesql.h"

#include <sqlite3.h>

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <new>

namespace rs::campaign {

using namespace detail;

namespace {

/** true when text is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF). */
bool wellFormedUtf8(std::string_view text) {
    const QByteArrayView bytes(text.data(), static_cast<qsizetype>(text.size()));
    return bytes.isValidUtf8();
}

/** Appends s as a JSON string: quotes, backslashes and control characters escaped, the rest as is. */
void appendJsonString(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    out += '"';
    for (const char ch : s) {
        const auto u = static_cast<unsigned char>(ch);
        switch (ch) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (u < 0x20) {
                out += "\\u00";
                out += hex[u >> 4];
                out += hex[u & 15];
            } else {
                out += ch;
            }
        }
    }
    out += '"';
}

/** Run parameters as compact JSON with sorted keys. Written by hand (every run is stamped with it; a
 *  QJsonDocument per run was a tenth of the engine's cost); text that is not UTF-8 goes through Qt, which
 *  replaces the bad bytes, so what is stored is always valid JSON. */
std::string mapJson(const std::map<std::string, std::string>& m) {
    const bool utf8 = std::all_of(m.begin(), m.end(), [](const auto& kv) {
        return wellFormedUtf8(kv.first) && wellFormedUtf8(kv.second);
    });
    if (!utf8) {
        QJsonObject o;
        for (const auto& [k, v] : m)
            o.insert(QString::fromStdString(k), QString::fromStdString(v));
        return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
    }
    std::string out = "{";
    for (const auto& [k, v] : m) {
        if (out.size() > 1) out += ',';
        appendJsonString(out, k);
        out += ':';
        appendJsonString(out, v);
    }
    out += '}';
    return out;
}

std::map<std::string, std::string> jsonMap(const std::string& text) {
    std::map<std::string, std::string> m;
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    for (auto it = o.begin(); it != o.end(); ++it)
        m[it.key().toStdString()] = it.value().toString().toStdString();
    return m;
}

/** A stored campaign as the program sees it; a definition it cannot read is reported, not thrown. */
CampaignRow rowFrom(const RawCampaign& raw) {
    CampaignRow c;
    c.id = raw.id;
    c.name = raw.name;
    try {
        c.spec = parseSpec(raw.specJson);
        c.runsTotal = static_cast<int>(countRuns(c.spec)); // never expanded just to count
    } catch (const SpecError& e) {
        c.spec = CampaignSpec{};
        c.specError = e.what();
    }
    c.created = raw.created;
    c.status = raw.status;
    c.runsDone = static_cast<int>(raw.runsDone);
    c.runsFailed = static_cast<int>(raw.runsFailed);
    for (const auto& [k, v] : raw.provenance)
        c.provenance[k] = v;
    return c;
}

RunRow runFrom(const RawRun& raw) {
    RunRow r;
    r.id = raw.id;
    r.campaignId = raw.campaignId;
    r.key = RunKey{raw.target, raw.algorithm, static_cast<std::uint64_t>(raw.messageBytes),
                   static_cast<std::uint64_t>(raw.adBytes)};
    r.verified = raw.verified != 0;
    r.failure = raw.failure;
    r.finished = raw.finished;
    r.parameters = jsonMap(raw.parametersJson);
    r.measurements.reserve(raw.measurements.size());
    for (const RawMeasurement& m : raw.measurements) {
        if (m.metric == kSampleMetric)
            r.samples.push_back(m.value);
        else
            r.measurements.push_back(Measurement{m.metric, m.value, m.unit});
    }
    return r;
}

} // namespace

namespace detail {

std::int64_t nextRunId(const Conn& c) {
    // The id SQLite would choose, so that each row is written once, with its checksum.
    return queryInt(c, "SELECT coalesce(max(id), 0) + 1 FROM runs");
}

void insertRun(const Conn& c, std::int64_t id, std::int64_t campaign, const RunKey& key, bool verified,
               const std::string& failure, const std::string& finished, const std::string& parametersJson,
               const std::vector<Measurement>& measurements, const std::vector<double>& samples) {
    // A run that did not verify keeps no figure: a wrong answer is never a timing.
    RawRun raw{id,
               campaign,
               key.target,
               key.algorithm,
               static_cast<std::int64_t>(key.messageBytes),
               static_cast<std::int64_t>(key.adBytes),
               verified ? 1 : 0,
               failure,
               finished,
               parametersJson,
               {},
               {}};
    if (verified) {
        for (const Measurement& m : measurements)
            raw.measurements.push_back({m.metric, m.value, m.unit});
        // Each repeat's time is one more row, in the order of the repeats (read back in rowid order).
        for (const double ns : samples)
            raw.measurements.push_back({std::string(kSampleMetric), ns, "ns"});
    }
    // The checksum covers the row as every read will see it. Integers, text (bound with its length) and
    // finite doubles come back from SQLite exactly as bound, so the row is sealed from these values; a
    // non-finite figure or a negative zero (which may come back as +0) is sealed from what SQLite gives
    // back, after the insert.
    const bool exact =
        std::all_of(raw.measurements.begin(), raw.measurements.end(), [](const RawMeasurement& m) {
            return std::isfinite(m.value) && !(m.value == 0 && std::signbit(m.value));
        });
    Stmt r(c,
           "INSERT INTO runs(id, campaign_id, target, algorithm, message_bytes, ad_bytes, verified, failure, "
           "finished, parameters_json, checksum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    r.bind(1, id)
        .bind(2, campaign)
        .bind(3, key.target)
        .bind(4, key.algorithm)
        .bind(5, raw.messageBytes)
        .bind(6, raw.adBytes)
        .bind(7, raw.verified)
        .bind(8, failure)
        .bind(9, finished)
        .bind(10, parametersJson)
        .bind(11, exact ? checksumOf(raw) : std::string())
        .step();
    for (const RawMeasurement& m : raw.measurements) {
        Stmt s(c, "INSERT INTO measurements(run_id, metric, value, unit) VALUES (?, ?, ?, ?)");
        s.bind(1, id).bind(2, m.metric).bind(3, m.value).bind(4, m.unit).step();
    }
    if (!exact) sealRun(c, id);
}

std::string parametersJson(const std::map<std::string, std::string>& parameters) {
    return mapJson(parameters);
}

} // namespace detail

CampaignStore::CampaignStore(const std::string& path, const StoreOptions& options)
    : m_conn(std::make_unique<Conn>()), m_path(path), m_options(options) {
    m_conn->path = path;
    try {
        openChecked();
    } catch (const std::bad_alloc&) {
        closeConn(*m_conn);
        throw StoreError("campaign store " + path + ": out of memory while opening it; it was not changed");
    } catch (...) {
        closeConn(*m_conn);
        throw;
    }
}

CampaignStore::~CampaignStore() {
    closeConn(*m_conn);
}

void CampaignStore::requireWritable() const {
    if (readOnly()) throw StoreError(where(*m_conn) + "opened read-only; nothing can be written to it");
}

int CampaignStore::schemaVersion() const {
    return static_cast<int>(queryInt(*m_conn, "PRAGMA user_version"));
}

namespace detail {

std::int64_t insertCampaign(const Conn& c, const CampaignSpec& spec, const Provenance& provenance) {
    const RawSummary before = verifiedSummary(c);
    Stmt s(c, "INSERT INTO campaigns(name, spec_json, created, status) VALUES (?, ?, ?, 'running')");
    s.bind(1, spec.name).bind(2, specJson(spec)).bind(3, nowUtc()).step();
    const std::int64_t id = sqlite3_last_insert_rowid(c.db);
    for (const auto& [k, v] : provenance) {
        Stmt p(c, "INSERT INTO provenance(campaign_id, key, value) VALUES (?, ?, ?)");
        p.bind(1, id).bind(2, k).bind(3, v).step();
    }
    sealCampaign(c, id);
    if (queryInt(c, "SELECT count(*) FROM campaigns") != before.campaigns + 1)
        damaged(c, "the campaigns found are not the " + std::to_string(before.campaigns) + " it holds");
    sealSummary(c);
    return id;
}

} // namespace detail

std::int64_t CampaignStore::createCampaign(const CampaignSpec& spec, const Provenance& provenance) {
    requireWritable();
    checkRunCount(spec); // a definition is never stored that could not be expanded
    return inTransaction(*m_conn, [&] { return insertCampaign(*m_conn, spec, provenance); });
}

std::optional<std::int64_t> CampaignStore::findResumable(const CampaignSpec& spec) const {
    Stmt s(*m_conn,
           "SELECT id FROM campaigns WHERE spec_json = ? AND status != 'finished' ORDER BY id DESC LIMIT 1");
    s.bind(1, specJson(spec));
    if (s.step()) return s.integer(0);
    return std::nullopt;
}

void CampaignStore::setStatus(std::int64_t campaign, const std::string& status) {
    requireWritable();
    inTransaction(*m_conn, [&] {
        if (!verifiedCampaign(*m_conn, campaign))
            throw StoreError(where(*m_conn) + "no campaign " + std::to_string(campaign));
        Stmt s(*m_conn, "UPDATE campaigns SET status = ? WHERE id = ?");
        s.bind(1, status).bind(2, campaign).step();
        sealCampaign(*m_conn, campaign);
    });
}

std::int64_t CampaignStore::recordRun(std::int64_t campaign, const RunKey& key, bool verified,
                                      const std::string& failure,
                                      const std::map<std::string, std::string>& parameters,
                                      const std::vector<Measurement>& measurements,
                                      const std::vector<double>& samples) {
    return recordRuns(campaign,
                      {PendingRun{key, verified, failure, parameters, measurements, nowUtc(), samples}})
        .front();
}

std::vector<std::int64_t> CampaignStore::recordRuns(std::int64_t campaign,
                                                    const std::vector<PendingRun>& runs) {
    requireWritable();
    if (runs.empty()) return {};
    const LeaseOwner self = LeaseOwner::self();
    return inTransaction(*m_conn, [&] {
        // Counting the campaign's runs here would read all of them for every batch (quadratic in a long
        // campaign); the counts written below are checked against the rows by every read of the campaign.
        if (!verifiedCampaign(*m_conn, campaign, RunCount::Skip))
            throw StoreError(where(*m_conn) + "no campaign " + std::to_string(campaign) +
                             " to record a run in");
        holdLease(*m_conn, campaign, self);
        std::vector<std::int64_t> ids;
        ids.reserve(runs.size());
        std::int64_t failed = 0, id = nextRunId(*m_conn);
        for (const PendingRun& run : runs) {
            const RunKey& key = run.key;
            if (hasRun(campaign, key))
                throw StoreError(where(*m_conn) + "campaign " + std::to_string(campaign) + " has the run " +
                                 key.target + " " + key.algorithm + " AD " + std::to_string(key.adBytes) +
                                 " msg " + std::to_string(key.messageBytes) +
                                 " already; a run is recorded once");
            insertRun(*m_conn, id, campaign, key, run.verified, run.failure,
                      run.finished.empty() ? nowUtc() : run.finished, mapJson(run.parameters),
                      run.measurements, run.samples);
            ids.push_back(id++);
            failed += run.verified ? 0 : 1;
        }
        Stmt u(*m_conn,
               "UPDATE campaigns SET runs_done = runs_done + ?, runs_failed = runs_failed + ? WHERE id = ?");
        u.bind(1, static_cast<std::int64_t>(runs.size())).bind(2, failed).bind(3, campaign).step();
        sealCampaign(*m_conn, campaign);
        return ids;
    });
}

bool CampaignStore::hasRun(std::int64_t campaign, const RunKey& key) const {
    Stmt s(*m_conn,
           "SELECT 1 FROM runs WHERE campaign_id = ? AND target = ? AND algorithm = ? AND message_bytes = ? "
           "AND ad_bytes = ?");
    s.bind(1, campaign)
        .bind(2, key.target)
        .bind(3, key.algorithm)
        .bind(4, static_cast<std::int64_t>(key.messageBytes))
        .bind(5, static_cast<std::int64_t>(key.adBytes));
    return s.step();
}

std::vector<CampaignRow> CampaignStore::campaigns() const {
    std::vector<CampaignRow> out;
    reading("the campaigns", [&] {
        out.clear();
        const RawSummary s = verifiedSummary(*m_conn);
        const std::vector<std::int64_t> ids = campaignIds(*m_conn);
        if (static_cast<std::int64_t>(ids.size()) != s.campaigns ||
            (ids.empty() ? 0 : ids.back()) != s.lastCampaign)
            damaged(*m_conn, "the campaigns found are not the " + std::to_string(s.campaigns) + " it holds");
        out.reserve(ids.size());
        for (const std::int64_t id : ids) {
            const auto raw = verifiedCampaign(*m_conn, id);
            if (!raw) damaged(*m_conn, "campaign " + std::to_string(id) + " cannot be read");
            out.push_back(rowFrom(*raw));
        }
    });
    return out;
}

std::optional<CampaignRow> CampaignStore::campaign(std::int64_t id) const {
    std::optional<CampaignRow> out;
    reading("campaign " + std::to_string(id), [&] {
        const auto raw = verifiedCampaign(*m_conn, id);
        out = raw ? std::optional<CampaignRow>(rowFrom(*raw)) : std::nullopt;
    });
    return out;
}

std::vector<RunRow> CampaignStore::runs(std::int64_t campaign) const {
    std::vector<RunRow> out;
    reading("the runs of campaign " + std::to_string(campaign), [&] {
        out.clear();
        const auto raw = verifiedCampaign(*m_conn, campaign);
        if (!raw) return;
        const std::vector<RawRun> runs = verifiedRuns(*m_conn, *raw);
        out.reserve(runs.size());
        for (const RawRun& r : runs)
            out.push_back(runFrom(r));
    });
    return out;
}

void CampaignStore::verifyAll() const {
    reading("the whole store", [&] { verifyStore(*m_conn); });
}

} // namespace rs::campaign
