// Opening a campaign store: the checks a file passes first (storeintegrity.h), read-write (created,
// migrated) or read-only. A read-only open creates no file beside the store: SQLite's read-only
// connection to a database in WAL mode makes a -wal and a -shm file when none are there, leaves them
// behind, and cannot open the store at all where the folder cannot be written. So a store in WAL mode
// with no -wal file is read as immutable (SQLite reads the file alone, without locks or side files); a
// writer that comes later is noticed through the file (a -wal file beside it, or the file changed) before
// and after every read, and the read then goes through an ordinary read-only connection, which sees
// what the writer committed. A -wal file that is there already holds committed runs: it is read through
// an ordinary read-only connection, which needs a -shm file (the writer's own, or one it creates).
#include "core/campaign/campaignstore.h"
#include "core/fileio/safefile.h"

#include "core/campaign/storeintegrity.h"
#include "core/campaign/storesql.h"

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <new>

#include <sys/stat.h>
#include <unistd.h>

namespace rs::campaign {

using namespace detail;

namespace {

/** Opens a connection (the store's VFS when one is named); StoreError naming the file when it cannot. */
void openConn(Conn& c, const char* file, int flags, const std::string& vfs) {
    const int rc = sqlite3_open_v2(file, &c.db, flags, vfs.empty() ? nullptr : vfs.c_str());
    if (rc != SQLITE_OK) {
        const std::string msg = c.db ? printable(sqlite3_errmsg(c.db)) : "out of memory";
        sqlite3_close(c.db);
        c.db = nullptr;
        throw StoreError("cannot open campaign store " + c.path + ": " + msg + "; it was not changed");
    }
}

/** Closes the connection when it goes out of scope, unless its handle was handed on (db = nullptr). */
struct ClosingConn : Conn {
    ~ClosingConn() { closeConn(*this); }
};

CampaignStore::FileStamp stampOf(const struct stat& st) {
    return {static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
            static_cast<std::int64_t>(st.st_size),
            static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
            static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec};
}

bool exists(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0;
}

std::string folderOf(const std::string& path) {
    const std::string folder = std::filesystem::path(path).parent_path().string();
    return folder.empty() ? std::string(".") : folder;
}

/** "file:///abs/path?immutable=1", every byte of the path but [A-Za-z0-9/._~-] percent-encoded. */
std::string immutableUri(const std::string& path) {
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(path, ec);
    const std::string p = ec ? path : abs.string();
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string uri = "file://";
    for (const char ch : p) {
        const auto u = static_cast<unsigned char>(ch);
        if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
            std::strchr("/._~-", ch) != nullptr) {
            uri += ch;
        } else {
            uri += '%';
            uri += hex[u >> 4];
            uri += hex[u & 15];
        }
    }
    return uri + "?immutable=1";
}

} // namespace

// The file is looked at with stat() and through SQLite only, never opened by hand (see the header).
void CampaignStore::openChecked() {
    m_immutable = false;
    struct stat st {};
    if (::stat(m_path.c_str(), &st) != 0) {
        const int e = errno;
        if (e != ENOENT)
            throw StoreError("campaign store " + m_path + " cannot be read: " + std::strerror(e));
        if (readOnly()) throw StoreError("no campaign store at " + m_path);
        openReadWrite(); // created
        return;
    }
    if (!S_ISREG(st.st_mode))
        throw StoreError(m_path + " is " + fileio::fileKindText(st.st_mode) +
                         ", not a campaign store; it was not changed");
    if (st.st_size == 0) {
        if (!readOnly()) {
            openReadWrite(); // an empty file becomes a new store
            return;
        }
        // Nothing stored yet: an empty store in memory, the file untouched.
        openConn(*m_conn, ":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, {});
        migrate();
        return;
    }
    ClosingConn check;
    check.path = m_path;
    openConn(check, m_path.c_str(), SQLITE_OPEN_READONLY, m_options.vfs);
    // Any non-empty file that is not SQLite is refused here, whatever its size (SQLite itself would take
    // a file shorter than a page for an empty database, and a write would replace it).
    const std::string header = checkHeader(check);
    if (!readOnly()) {
        hardenConnection(check);
        const int version = checkFile(check, true);
        if (version == kSchemaVersion) verifyStore(check); // every checksum, before anything is written
        closeConn(check);
        openReadWrite();
        return;
    }
    const std::string wal = m_path + "-wal";
    if (walHeader(header) && !exists(wal)) {
        // Nobody is writing it now: read as immutable, so nothing is created beside it.
        closeConn(check);
        openConn(check, immutableUri(m_path).c_str(), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, m_options.vfs);
        m_stamp = stampOf(st);
        m_immutable = true;
    }
    int version = 0;
    try {
        hardenConnection(check);
        // Reading checks quickly and verifies the checksums of what it reads; an older schema (no
        // checksums) is checked in full (checkFile).
        version = checkFile(check, false);
    } catch (const StoreError& e) {
        const std::string shm = m_path + "-shm", folder = folderOf(m_path);
        if (m_immutable || !exists(wal) || exists(shm) || ::access(folder.c_str(), W_OK) == 0) throw;
        const int why = errno;
        throw StoreError("campaign store " + m_path + " has a write-ahead log beside it (" + wal +
                         ": runs another program is writing, or committed before it stopped) and no " + shm +
                         ", which reading the log needs and which cannot be created here: " + folder +
                         " cannot be written (" + std::strerror(why) +
                         "). Copy the store and its -wal file to a folder that can be written and read it "
                         "there; it was not changed (" +
                         e.what() + ")");
    }
    openReadOnly(check, version);
}

void CampaignStore::openReadOnly(Conn& check, int version) {
    if (version == kSchemaVersion) {
        m_conn->db = check.db;
        check.db = nullptr;
        return;
    }
    // An older schema is read through a migrated copy in memory: the file stays as it is.
    openConn(*m_conn, ":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, {});
    sqlite3_backup* copy = sqlite3_backup_init(m_conn->db, "main", check.db, "main");
    if (!copy) fail(*m_conn, "copying the store into memory");
    const int rc = sqlite3_backup_step(copy, -1);
    sqlite3_backup_finish(copy);
    if (rc != SQLITE_DONE) fail(*m_conn, "copying the store into memory");
    m_immutable = false; // a copy: what the file holds later is not read through it
    migrate();
}

void CampaignStore::openReadWrite() {
    openConn(*m_conn, m_path.c_str(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, m_options.vfs);
    hardenConnection(*m_conn);
    // WAL with synchronous=FULL: a run whose commit returned survives the process being killed and a
    // power loss (one fsync per commit; the engine commits finished runs in batches).
    exec(*m_conn, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
    m_conn->keepStatements = true; // the engine records runs through the same few statements
    migrate();
}

void CampaignStore::migrate() {
    if (queryInt(*m_conn, "PRAGMA user_version") >= kSchemaVersion) return;
    // The version is read again under the write lock: two programs opening a new file at once
    // migrate it once (the second one finds it done).
    inTransaction(*m_conn, [&] {
        for (std::int64_t v = queryInt(*m_conn, "PRAGMA user_version"); v < kSchemaVersion; ++v) {
            exec(*m_conn, migrationSql(static_cast<int>(v)));
            migrationBackfill(*m_conn, static_cast<int>(v));
            // PRAGMAs take no bound parameters; both values are constants of this program.
            exec(*m_conn, ("PRAGMA application_id=" + std::to_string(kApplicationId) +
                           "; PRAGMA user_version=" + std::to_string(v + 1))
                              .c_str());
        }
    });
}

bool CampaignStore::unchanged(bool noLog) const {
    struct stat st {};
    if (::stat(m_path.c_str(), &st) != 0 || !(stampOf(st) == m_stamp)) return false;
    return !noLog || !exists(m_path + "-wal");
}

void CampaignStore::reopen() const {
    // Reading does not change what the store is: the connection stands for the file as it is now. The
    // opening touches the connection and the mutable stamp only (never m_path or m_options).
    auto* self = const_cast<CampaignStore*>(this);
    auto before = std::make_unique<Conn>();
    before->path = m_path;
    std::swap(self->m_conn, before);
    const bool wasImmutable = m_immutable;
    const FileStamp stamp = m_stamp;
    try {
        self->openChecked();
    } catch (...) {
        // The file cannot be read now (removed, replaced, damaged): the error is this read's, and the
        // connection opened before stays for the next one.
        closeConn(*m_conn);
        std::swap(self->m_conn, before);
        m_immutable = wasImmutable;
        m_stamp = stamp;
        throw;
    }
    closeConn(*before);
}

void CampaignStore::reading(const std::string& what, const std::function<void()>& body) const {
    for (int attempt = 1;; ++attempt) {
        // A writer came since the immutable connection was opened: read what it committed.
        if (m_immutable && !unchanged(true)) reopen();
        const bool immutable = m_immutable;
        try {
            inSnapshot(*m_conn, body);
        } catch (const std::bad_alloc&) {
            throw StoreError(where(*m_conn) + "out of memory while reading " + what);
        } catch (const StoreError&) {
            // A writer folded its log into the file under an immutable read: not one snapshot; again.
            if (!immutable || unchanged(false) || attempt == 3) throw;
            continue;
        }
        if (!immutable || unchanged(false)) return;
        if (attempt == 3)
            throw StoreError(where(*m_conn) + "another program kept changing it while reading " + what +
                             "; it was not changed");
    }
}

} // namespace rs::campaign
