// The checks a store file passes before it is read or written (storeintegrity.h): SQLite's header read
// through SQLite's own handle, the connection hardened against a crafted file, application_id, schema
// version, quick_check or integrity_check, the exact schema, and for a store of an older schema (no
// checksums) a read of every row with each value of its column's type.
#include "core/campaign/storeintegrity.h"

#include <sqlite3.h>

#include <cstring>
#include <string>
#include <vector>

namespace rs::campaign::detail {

void hardenConnection(const Conn& c) {
    sqlite3_busy_timeout(c.db, 5000); // another RoundScope may be writing it (WAL readers do not block)
    sqlite3_db_config(c.db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(c.db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    // No stored value is near this; a crafted file cannot make a read allocate gigabytes.
    sqlite3_limit(c.db, SQLITE_LIMIT_LENGTH, 64 << 20);
    exec(c, "PRAGMA cell_size_check=ON; PRAGMA mmap_size=0;");
}

std::string checkHeader(const Conn& c) {
    // SQLite's own handle of the file (a wrapping VFS's too): opening and closing the file by hand would
    // drop this process's POSIX locks on it.
    sqlite3_file* f = nullptr;
    if (sqlite3_file_control(c.db, "main", SQLITE_FCNTL_FILE_POINTER, &f) != SQLITE_OK || f == nullptr ||
        f->pMethods == nullptr)
        throw StoreError(where(c) + "cannot be read (SQLite holds no handle of it); it was not changed");
    sqlite3_int64 size = 0;
    if (f->pMethods->xFileSize(f, &size) != SQLITE_OK)
        throw StoreError(where(c) + "cannot be read (its size is unknown); it was not changed");
    std::string header(100, '\0');
    if (size >= 100) {
        const int rc = f->pMethods->xRead(f, header.data(), 100, 0);
        if (rc != SQLITE_OK)
            throw StoreError(where(c) + "cannot be read (" + printable(sqlite3_errstr(rc)) +
                             " reading its header); it was not changed");
    }
    static constexpr char kMagic[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f',
                                        'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
    if (size < 100 || std::memcmp(header.data(), kMagic, sizeof kMagic) != 0)
        throw StoreError(c.path + " is not an SQLite database (nor a RoundScope campaign store): " +
                         (size < 100
                              ? std::to_string(size) + " bytes, shorter than SQLite's 100-byte header"
                              : std::string("it does not begin with SQLite's header \"SQLite format 3\"")) +
                         "; it was not changed");
    return header;
}

bool walHeader(const std::string& header) {
    return header.size() >= 20 && header[18] == 2 && header[19] == 2;
}

namespace {

const char* storageClassName(int type) {
    switch (type) {
    case SQLITE_INTEGER:
        return "an integer";
    case SQLITE_FLOAT:
        return "a real number";
    case SQLITE_TEXT:
        return "text";
    case SQLITE_BLOB:
        return "a blob";
    default:
        return "NULL";
    }
}

} // namespace

void readEveryRow(const Conn& c) {
    std::vector<std::string> tables;
    {
        Stmt s(c, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
        while (s.step())
            tables.push_back(s.text(0));
    }
    for (const std::string& table : tables) {
        struct Column {
            std::string name;
            int storage = 0; ///< the storage class its declared type asks for
            bool notNull = false;
        };
        std::vector<Column> columns;
        {
            Stmt t(c, "SELECT name, upper(type), \"notnull\", pk FROM pragma_table_xinfo(?) ORDER BY cid");
            t.bind(1, table);
            while (t.step()) {
                const std::string type = t.text(1);
                const int storage = type == "INTEGER" ? SQLITE_INTEGER
                                    : type == "REAL"  ? SQLITE_FLOAT
                                    : type == "TEXT"  ? SQLITE_TEXT
                                                      : 0;
                // An INTEGER PRIMARY KEY is the rowid: never NULL when read.
                columns.push_back({t.text(0), storage, t.integer(2) != 0 || t.integer(3) != 0});
            }
        }
        std::string quoted = "\"";
        for (const char ch : table)
            quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        quoted += '"';
        // Through the table itself (not an index): every row as stored, every value decoded.
        Stmt rows(c, ("SELECT rowid, * FROM " + quoted + " NOT INDEXED").c_str());
        if (rows.columns() != static_cast<int>(columns.size()) + 1)
            damaged(c, "table " + table + " has not the columns its schema names");
        while (rows.step()) {
            for (std::size_t i = 0; i < columns.size(); ++i) {
                const int col = static_cast<int>(i) + 1;
                const int got = rows.storageClass(col);
                const Column& want = columns[i];
                // REAL columns keep whole numbers as integers on disk and give them back as reals.
                const bool ok = got == SQLITE_NULL             ? !want.notNull
                                : want.storage == 0            ? true
                                : want.storage == SQLITE_FLOAT ? got == SQLITE_FLOAT || got == SQLITE_INTEGER
                                                               : got == want.storage;
                if (!ok)
                    damaged(c, "table " + table + ", row " + std::to_string(rows.integer(0)) + ": " +
                                   want.name + " holds " + storageClassName(got) + ", not " +
                                   storageClassName(want.storage));
                rows.text(col); // every byte read, overflow pages included
            }
        }
    }
}

int checkFile(const Conn& c, bool thorough) {
    // Through SQLite only: "file is not a database" comes back as SQLITE_NOTADB (fail() says so).
    const std::int64_t objects = queryInt(c, "SELECT count(*) FROM sqlite_master");
    const std::int64_t app = queryInt(c, "PRAGMA application_id");
    const std::int64_t version = queryInt(c, "PRAGMA user_version");
    if (app != CampaignStore::kApplicationId && objects > 0)
        throw StoreError(c.path + " is an SQLite database of another program (application_id " +
                         std::to_string(app) + "); RoundScope will not write to it");
    if (version > CampaignStore::kSchemaVersion)
        throw StoreError(c.path + " has campaign schema " + std::to_string(version) +
                         ", newer than this program's " + std::to_string(CampaignStore::kSchemaVersion) +
                         "; it was not changed");
    if (version < 0) damaged(c, "schema version " + std::to_string(version));
    // A store of an older schema has no checksums: what SQLite reads is all there is, so a damaged
    // index (which quick_check does not look into) would be read, or sealed by the migration, as data.
    const bool older = objects > 0 && version < CampaignStore::kSchemaVersion;
    {
        const bool full = thorough || older;
        Stmt check(c, full ? "PRAGMA integrity_check(1)" : "PRAGMA quick_check(1)");
        const std::string verdict = check.step() ? printable(check.text(0)) : "no answer";
        if (verdict != "ok")
            throw StoreError(c.path + " is corrupt (" + (full ? "integrity_check" : "quick_check") + ": " +
                             verdict + ")" +
                             (older ? "; a store of campaign schema " + std::to_string(version) +
                                          " carries no checksums and is read or upgraded only when sound"
                                    : std::string()) +
                             "; it was not changed");
    }
    if (schemaDescription(c) != expectedSchema(static_cast<int>(version)))
        throw StoreError(c.path +
                         " is corrupt or not a RoundScope campaign store (its tables are not those of "
                         "campaign schema " +
                         std::to_string(version) + "); it was not changed");
    if (older) readEveryRow(c);
    return static_cast<int>(version);
}

} // namespace rs::campaign::detail
