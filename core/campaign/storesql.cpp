#include "core/campaign/storesql.h"
#include "core/campaign/utcclock.h"

#include <sqlite3.h>

#include <QDateTime>

namespace rs::campaign::detail {

std::string where(const Conn& c) {
    return "campaign store " + (c.path.empty() ? std::string("(unnamed)") : c.path) + ": ";
}

std::string printable(std::string text) {
    for (char& ch : text)
        if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) > 0x7e) ch = '?';
    return text;
}

void fail(const Conn& c, const std::string& context) {
    const int code = sqlite3_errcode(c.db) & 0xff;
    const std::string msg = printable(sqlite3_errmsg(c.db));
    // SQLite itself could not read it ("file is not a database", "database disk image is malformed").
    if (code == SQLITE_NOTADB)
        throw StoreError(c.path +
                         " is not an SQLite database (nor a RoundScope campaign store); it was not changed");
    if (code == SQLITE_CORRUPT) throw StoreError(c.path + " is corrupt (" + msg + "); it was not changed");
    throw StoreError(where(c) + msg + (context.empty() ? "" : " (" + context + ")"));
}

void closeConn(Conn& c) noexcept {
    for (auto& [sql, kept] : c.kept)
        sqlite3_finalize(kept.stmt);
    c.kept.clear();
    sqlite3_close(c.db);
    c.db = nullptr;
}

Stmt::Stmt(const Conn& c, const char* sql) : m_conn(c) {
    if (c.keepStatements) {
        auto [it, added] = c.kept.try_emplace(sql);
        if (!it->second.inUse) {
            if (it->second.stmt == nullptr &&
                sqlite3_prepare_v2(c.db, sql, -1, &it->second.stmt, nullptr) != SQLITE_OK) {
                c.kept.erase(it);
                fail(c, std::string("in: ") + sql);
            }
            it->second.inUse = true;
            m_kept = &it->second; // unordered_map nodes stay put while others are added
            m_stmt = it->second.stmt;
            return;
        }
    }
    if (sqlite3_prepare_v2(c.db, sql, -1, &m_stmt, nullptr) != SQLITE_OK) fail(c, std::string("in: ") + sql);
}

Stmt::~Stmt() {
    if (m_kept == nullptr) {
        sqlite3_finalize(m_stmt);
        return;
    }
    // Reset releases what the statement holds (a read snapshot, locks); bindings are cleared so that no
    // value of this use reaches the next one.
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    m_kept->inUse = false;
}

Stmt& Stmt::bind(int i, std::int64_t v) {
    sqlite3_bind_int64(m_stmt, i, v);
    return *this;
}

Stmt& Stmt::bind(int i, double v) {
    sqlite3_bind_double(m_stmt, i, v);
    return *this;
}

Stmt& Stmt::bind(int i, std::string_view v) {
    sqlite3_bind_text(m_stmt, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
}

bool Stmt::step() {
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(m_conn);
}

std::int64_t Stmt::integer(int col) const {
    return sqlite3_column_int64(m_stmt, col);
}

double Stmt::real(int col) const {
    return sqlite3_column_double(m_stmt, col);
}

std::string Stmt::text(int col) const {
    const auto* p = sqlite3_column_text(m_stmt, col);
    const int n = sqlite3_column_bytes(m_stmt, col);
    if (p == nullptr) {
        // NULL, or SQLite could not allocate the text: the two are told apart by the error code.
        if (sqlite3_errcode(m_conn.db) == SQLITE_NOMEM) throw std::bad_alloc();
        return {};
    }
    return std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
}

bool Stmt::isNull(int col) const {
    return sqlite3_column_type(m_stmt, col) == SQLITE_NULL;
}

int Stmt::columns() const {
    return sqlite3_column_count(m_stmt);
}

int Stmt::storageClass(int col) const {
    return sqlite3_column_type(m_stmt, col);
}

void exec(const Conn& c, const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(c.db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        sqlite3_free(err);
        fail(c);
    }
}

std::int64_t queryInt(const Conn& c, const char* sql) {
    Stmt s(c, sql);
    return s.step() ? s.integer(0) : 0;
}

bool autocommit(const Conn& c) noexcept {
    return sqlite3_get_autocommit(c.db) != 0;
}

void rollback(const Conn& c) noexcept {
    if (!sqlite3_get_autocommit(c.db)) sqlite3_exec(c.db, "ROLLBACK", nullptr, nullptr, nullptr);
}

std::string nowUtc() {
    return utcNowIso();
}

std::int64_t nowUnix() {
    return QDateTime::currentSecsSinceEpoch();
}

} // namespace rs::campaign::detail
