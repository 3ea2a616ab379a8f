#pragma once
// Internal to the campaign store: one connection with the file it names (so every error names the
// file, also for a store read through an in-memory copy), prepared statements with bound values, and
// transactions. Not installed for other layers; campaignstore.h is the interface.

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "core/campaign/campaignstore.h"

struct sqlite3;
struct sqlite3_stmt;

namespace rs::campaign::detail {

/** @brief A connection and the store file it stands for. A connection that keeps its statements
 *  (`keepStatements`, the store's writing connection) prepares each SQL text once and reuses it; close it
 *  with closeConn. */
struct Conn {
    Conn() = default;
    Conn(const Conn&) = delete;
    Conn& operator=(const Conn&) = delete;
    sqlite3* db = nullptr;
    std::string path;
    bool keepStatements = false;
    struct Kept {
        sqlite3_stmt* stmt = nullptr;
        bool inUse = false; ///< a Stmt holds it now: a nested use of the same SQL prepares its own
    };
    mutable std::unordered_map<std::string, Kept> kept;
};

/** @brief Finalizes the kept statements and closes the connection (db becomes nullptr); never throws. */
void closeConn(Conn& c) noexcept;

/** @brief Text from a damaged file (SQLite's messages quote it) made printable: every byte outside
 *  printable ASCII becomes '?', so a message is one clean line. */
std::string printable(std::string text);

/** @brief "campaign store PATH: " */
std::string where(const Conn& c);

/** @brief The connection's last error as a StoreError naming the file; corrupt and not-a-database errors
 *  say "PATH is corrupt (...)". */
[[noreturn]] void fail(const Conn& c, const std::string& context = {});

/** @brief One prepared statement, finalized on scope exit; values are always bound, never spliced. */
class Stmt {
  public:
    Stmt(const Conn& c, const char* sql);
    ~Stmt();
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;
    Stmt& bind(int i, std::int64_t v);
    Stmt& bind(int i, double v);
    Stmt& bind(int i, std::string_view v);
    Stmt& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
    Stmt& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
    /** @brief true while a row is available; StoreError on any error. */
    bool step();
    std::int64_t integer(int col) const;
    double real(int col) const;
    /** @brief The column's bytes in full (an embedded NUL does not cut it short). */
    std::string text(int col) const;
    bool isNull(int col) const;
    /** @brief Columns of the result. */
    int columns() const;
    /** @brief The value's storage class (SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB,
     * SQLITE_NULL). */
    int storageClass(int col) const;

  private:
    const Conn& m_conn;
    sqlite3_stmt* m_stmt = nullptr;
    Conn::Kept* m_kept =
        nullptr; ///< the connection's kept statement this is, or nullptr (finalized at the end)
};

/** @brief Runs SQL without results; StoreError naming the file on failure. */
void exec(const Conn& c, const char* sql);
/** @brief The first column of the first row as an integer (0 when there is no row). */
std::int64_t queryInt(const Conn& c, const char* sql);

/** @brief ROLLBACK when a transaction is open; never throws. */
void rollback(const Conn& c) noexcept;

/** @brief Runs body between `begin` and COMMIT; any exception rolls back and propagates. */
template <class Body> auto transaction(const Conn& c, const char* begin, Body body) {
    exec(c, begin);
    try {
        if constexpr (std::is_void_v<decltype(body())>) {
            body();
            exec(c, "COMMIT");
        } else {
            auto result = body();
            exec(c, "COMMIT");
            return result;
        }
    } catch (...) {
        rollback(c);
        throw;
    }
}

/** @brief Runs body inside BEGIN IMMEDIATE ... COMMIT; any exception rolls back and propagates. */
template <class Body> auto inTransaction(const Conn& c, Body body) {
    return transaction(c, "BEGIN IMMEDIATE", body);
}

/** @brief true while the connection has no open transaction. */
bool autocommit(const Conn& c) noexcept;

/** @brief Runs a read inside one deferred transaction, so every statement in it sees the same snapshot
 *  of the file (another process committing between two SELECTs cannot make counts disagree); inside an
 *  open transaction it simply runs. */
template <class Body> auto inSnapshot(const Conn& c, Body body) {
    if (!autocommit(c)) return body();
    return transaction(c, "BEGIN DEFERRED", body);
}

/** @brief Now as ISO 8601 UTC with milliseconds. */
std::string nowUtc();
/** @brief Now in whole seconds since the epoch. */
std::int64_t nowUnix();

} // namespace rs::campaign::detail
