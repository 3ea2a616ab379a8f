#include "campaignstore.h"

#include <sqlite3.h>

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <type_traits>

namespace rs::campaign {

namespace {

// "campaign store FILE: ", so every error names the file.
std::string where(sqlite3* db) {
    const char* file = sqlite3_db_filename(db, "main");
    return std::string("campaign store ") + (file && *file ? file : "(unnamed)") + ": ";
}

// One prepared statement, finalized on scope exit; values are always bound, never spliced.
class Stmt {
  public:
    Stmt(sqlite3* db, const char* sql) : m_db(db) {
        if (sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr) != SQLITE_OK)
            throw StoreError(where(db) + sqlite3_errmsg(db) + " in: " + sql);
    }
    ~Stmt() { sqlite3_finalize(m_stmt); }
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;
    Stmt& bind(int i, std::int64_t v) {
        sqlite3_bind_int64(m_stmt, i, v);
        return *this;
    }
    Stmt& bind(int i, double v) {
        sqlite3_bind_double(m_stmt, i, v);
        return *this;
    }
    Stmt& bind(int i, const std::string& v) {
        sqlite3_bind_text(m_stmt, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    /** true while a row is available */
    bool step() {
        const int rc = sqlite3_step(m_stmt);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw StoreError(where(m_db) + sqlite3_errmsg(m_db));
    }
    std::int64_t integer(int col) const { return sqlite3_column_int64(m_stmt, col); }
    double real(int col) const { return sqlite3_column_double(m_stmt, col); }
    std::string text(int col) const {
        const auto* p = sqlite3_column_text(m_stmt, col);
        return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
    }

  private:
    sqlite3* m_db;
    sqlite3_stmt* m_stmt = nullptr;
};

void exec(sqlite3* db, const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        const std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw StoreError(where(db) + msg);
    }
}

/** Binds a run key's four fields from parameter `first` on. */
void bindKey(Stmt& s, int first, const RunKey& key) {
    s.bind(first, key.target)
        .bind(first + 1, key.algorithm)
        .bind(first + 2, static_cast<std::int64_t>(key.messageBytes))
        .bind(first + 3, static_cast<std::int64_t>(key.adBytes));
}

/** Runs body inside BEGIN IMMEDIATE ... COMMIT; any exception rolls back and propagates. */
template <class Body> auto inTransaction(sqlite3* db, Body body) {
    exec(db, "BEGIN IMMEDIATE");
    try {
        if constexpr (std::is_void_v<decltype(body())>) {
            body();
            exec(db, "COMMIT");
        } else {
            auto result = body();
            exec(db, "COMMIT");
            return result;
        }
    } catch (...) {
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

std::int64_t pragmaInt(sqlite3* db, const char* pragma) {
    Stmt s(db, pragma);
    return s.step() ? s.integer(0) : 0;
}

std::string nowUtc() {
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
}

std::string mapJson(const std::map<std::string, std::string>& m) {
    QJsonObject o;
    for (const auto& [k, v] : m)
        o.insert(QString::fromStdString(k), QString::fromStdString(v));
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

std::map<std::string, std::string> jsonMap(const std::string& text) {
    std::map<std::string, std::string> m;
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    for (auto it = o.begin(); it != o.end(); ++it)
        m[it.key().toStdString()] = it.value().toString().toStdString();
    return m;
}

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
};
static_assert(std::size(kMigrations) == CampaignStore::kSchemaVersion);

// Checks an existing file before SQLite may write to it: an SQLite header (read by hand, so SQLite
// never touches a foreign file), then, through a read-only connection, an intact database
// (quick_check), RoundScope's application_id (or an empty database), a schema not newer than this
// program's. Only when all pass does the caller reopen it read-write.
void checkExisting(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return; // missing: created
    std::ifstream f(path, std::ios::binary);
    if (!f) throw StoreError(path + " cannot be read; it was not changed");
    char header[16] = {};
    f.read(header, sizeof header);
    const auto got = f.gcount();
    if (got == 0) return; // empty file: a new store
    if (got < 16 || std::memcmp(header, "SQLite format 3", 16) != 0)
        throw StoreError(path +
                         " is not an SQLite database (nor a RoundScope campaign store); it was not changed");
    f.close();
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    const std::unique_ptr<sqlite3, int (*)(sqlite3*)> guard(db, sqlite3_close);
    if (rc != SQLITE_OK)
        throw StoreError(path + ": cannot be opened (" + (db ? sqlite3_errmsg(db) : "out of memory") +
                         "); it was not changed");
    sqlite3_busy_timeout(db, 5000); // another RoundScope may be writing it (WAL readers do not block)
    std::string integrity;
    std::int64_t app = 0, tables = 0, version = 0;
    try {
        Stmt check(db, "PRAGMA quick_check");
        integrity = check.step() ? check.text(0) : "no answer";
        app = pragmaInt(db, "PRAGMA application_id");
        tables = pragmaInt(db, "SELECT count(*) FROM sqlite_master");
        version = pragmaInt(db, "PRAGMA user_version");
    } catch (const StoreError&) {
        const int code = sqlite3_errcode(db) & 0xff;
        // SQLite itself could not read it ("database disk image is malformed", "file is not a database").
        if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
            throw StoreError(path + " is corrupt (" + sqlite3_errmsg(db) + "); it was not changed");
        throw StoreError(path + " cannot be read as a campaign store (" + sqlite3_errmsg(db) +
                         "); it was not changed");
    }
    if (integrity != "ok") throw StoreError(path + " is corrupt (" + integrity + "); it was not changed");
    if (app != CampaignStore::kApplicationId && tables > 0)
        throw StoreError(path + " is an SQLite database of another program (application_id " +
                         std::to_string(app) + "); RoundScope will not write to it");
    if (version > CampaignStore::kSchemaVersion)
        throw StoreError(path + " has campaign schema " + std::to_string(version) +
                         ", newer than this program's " + std::to_string(CampaignStore::kSchemaVersion) +
                         "; it was not changed");
}

} // namespace

CampaignStore::CampaignStore(const std::string& path) : m_path(path) {
    checkExisting(path);
    if (sqlite3_open_v2(path.c_str(), &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
        const std::string msg = m_db ? sqlite3_errmsg(m_db) : "out of memory";
        sqlite3_close(m_db);
        throw StoreError("cannot open campaign store " + path + ": " + msg);
    }
    try {
        sqlite3_busy_timeout(m_db, 5000);
        // WAL with synchronous=NORMAL: a committed run survives the process being killed (kill -9,
        // a crash); a power loss may roll back the last few commits but never corrupts the file. Those
        // runs are then simply missing and a resume runs them again (never twice in the store), so
        // FULL's fsync per run buys nothing a resume does not already give.
        exec(m_db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
        migrate();
    } catch (...) {
        sqlite3_close(m_db);
        throw;
    }
}

CampaignStore::~CampaignStore() {
    sqlite3_close(m_db);
}

void CampaignStore::migrate() {
    if (pragmaInt(m_db, "PRAGMA user_version") >= kSchemaVersion) return;
    // The version is read again under the write lock: two programs opening a new file at once
    // migrate it once (the second one finds it done).
    inTransaction(m_db, [&] {
        for (std::int64_t v = pragmaInt(m_db, "PRAGMA user_version"); v < kSchemaVersion; ++v) {
            exec(m_db, kMigrations[v]);
            // PRAGMAs take no bound parameters; both values are constants of this program.
            exec(m_db, ("PRAGMA application_id=" + std::to_string(kApplicationId) +
                        "; PRAGMA user_version=" + std::to_string(v + 1))
                           .c_str());
        }
    });
}

int CampaignStore::schemaVersion() const {
    return static_cast<int>(pragmaInt(m_db, "PRAGMA user_version"));
}

std::int64_t CampaignStore::createCampaign(const CampaignSpec& spec, const Provenance& provenance) {
    return inTransaction(m_db, [&] {
        Stmt c(m_db, "INSERT INTO campaigns(name, spec_json, created, status) VALUES (?, ?, ?, 'running')");
        c.bind(1, spec.name).bind(2, specJson(spec)).bind(3, nowUtc()).step();
        const std::int64_t id = sqlite3_last_insert_rowid(m_db);
        for (const auto& [k, v] : provenance) {
            Stmt p(m_db, "INSERT INTO provenance(campaign_id, key, value) VALUES (?, ?, ?)");
            p.bind(1, id).bind(2, k).bind(3, v).step();
        }
        return id;
    });
}

std::optional<std::int64_t> CampaignStore::findResumable(const CampaignSpec& spec) const {
    Stmt s(m_db,
           "SELECT id FROM campaigns WHERE spec_json = ? AND status != 'finished' ORDER BY id DESC LIMIT 1");
    s.bind(1, specJson(spec));
    if (s.step()) return s.integer(0);
    return std::nullopt;
}

void CampaignStore::setStatus(std::int64_t campaign, const std::string& status) {
    Stmt s(m_db, "UPDATE campaigns SET status = ? WHERE id = ?");
    s.bind(1, status).bind(2, campaign).step();
}

std::int64_t CampaignStore::recordRun(std::int64_t campaign, const RunKey& key, bool verified,
                                      const std::string& failure,
                                      const std::map<std::string, std::string>& parameters,
                                      const std::vector<Measurement>& measurements) {
    return inTransaction(m_db, [&] {
        Stmt r(m_db,
               "INSERT INTO runs(campaign_id, target, algorithm, message_bytes, ad_bytes, verified, failure, "
               "finished, parameters_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        r.bind(1, campaign);
        bindKey(r, 2, key);
        r.bind(6, std::int64_t{verified ? 1 : 0})
            .bind(7, failure)
            .bind(8, nowUtc())
            .bind(9, mapJson(parameters))
            .step();
        const std::int64_t id = sqlite3_last_insert_rowid(m_db);
        // A run that did not verify keeps no figure: a wrong answer is never a timing.
        if (verified)
            for (const Measurement& m : measurements) {
                Stmt s(m_db, "INSERT INTO measurements(run_id, metric, value, unit) VALUES (?, ?, ?, ?)");
                s.bind(1, id).bind(2, m.metric).bind(3, m.value).bind(4, m.unit).step();
            }
        return id;
    });
}

bool CampaignStore::hasRun(std::int64_t campaign, const RunKey& key) const {
    Stmt s(m_db,
           "SELECT 1 FROM runs WHERE campaign_id = ? AND target = ? AND algorithm = ? AND message_bytes = ? "
           "AND ad_bytes = ?");
    s.bind(1, campaign);
    bindKey(s, 2, key);
    return s.step();
}

std::vector<CampaignRow> CampaignStore::campaigns() const {
    std::vector<CampaignRow> out;
    std::vector<std::int64_t> ids;
    {
        Stmt s(m_db, "SELECT id FROM campaigns ORDER BY id");
        while (s.step())
            ids.push_back(s.integer(0));
    }
    for (const auto id : ids)
        if (auto c = campaign(id)) out.push_back(std::move(*c));
    return out;
}

std::optional<CampaignRow> CampaignStore::campaign(std::int64_t id) const {
    Stmt s(m_db, "SELECT name, spec_json, created, status, "
                 "(SELECT count(*) FROM runs WHERE campaign_id = c.id), "
                 "(SELECT count(*) FROM runs WHERE campaign_id = c.id AND verified = 0) FROM campaigns c "
                 "WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    CampaignRow c;
    c.id = id;
    c.name = s.text(0);
    try {
        c.spec = parseSpec(s.text(1));
        c.runsTotal = static_cast<int>(expandRuns(c.spec).size());
    } catch (const SpecError& e) {
        throw StoreError(m_path + ": campaign " + std::to_string(id) +
                         " has a definition this program cannot read (" + e.what() + ")");
    }
    c.created = s.text(2);
    c.status = s.text(3);
    c.runsDone = static_cast<int>(s.integer(4));
    c.runsFailed = static_cast<int>(s.integer(5));
    Stmt p(m_db, "SELECT key, value FROM provenance WHERE campaign_id = ?");
    p.bind(1, id);
    while (p.step())
        c.provenance[p.text(0)] = p.text(1);
    return c;
}

std::vector<RunRow> CampaignStore::runs(std::int64_t campaign) const {
    std::vector<RunRow> out;
    Stmt s(
        m_db,
        "SELECT id, target, algorithm, message_bytes, ad_bytes, verified, failure, finished, parameters_json "
        "FROM runs WHERE campaign_id = ? ORDER BY id");
    s.bind(1, campaign);
    while (s.step()) {
        RunRow r;
        r.id = s.integer(0);
        r.campaignId = campaign;
        r.key = RunKey{s.text(1), s.text(2), static_cast<std::uint64_t>(s.integer(3)),
                       static_cast<std::uint64_t>(s.integer(4))};
        r.verified = s.integer(5) != 0;
        r.failure = s.text(6);
        r.finished = s.text(7);
        r.parameters = jsonMap(s.text(8));
        out.push_back(std::move(r));
    }
    for (RunRow& r : out) {
        Stmt m(m_db, "SELECT metric, value, unit FROM measurements WHERE run_id = ? ORDER BY rowid");
        m.bind(1, r.id);
        while (m.step())
            r.measurements.push_back(Measurement{m.text(0), m.real(1), m.text(2)});
    }
    return out;
}

} // namespace rs::campaign
