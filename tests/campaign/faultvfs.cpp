#include "tests/campaign/faultvfs.h"

#include <sqlite3.h>

#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

namespace rs::test {

namespace {

struct State {
    std::mutex mutex;
    int counts[3] = {0, 0, 0};
    int failOp = -1, failAt = 0;
    int powerLossAt = 0;
    bool powerFailed = false;
    bool triggered = false;
    // Files changed since their last sync: their content then (nullopt: the file did not exist).
    std::map<std::string, std::optional<std::string>> synced;
};

State& state() {
    static State s;
    return s;
}

sqlite3_vfs* g_real = nullptr;
sqlite3_vfs g_vfs;

struct FaultFile {
    sqlite3_file base;
    sqlite3_file* real;
    std::string* path; // empty for temporary files (never restored)
};

sqlite3_file* realOf(sqlite3_file* f) {
    return reinterpret_cast<FaultFile*>(f)->real;
}

const std::string& pathOf(sqlite3_file* f) {
    return *reinterpret_cast<FaultFile*>(f)->path;
}

/** Decides for one operation: SQLITE_OK to go on, or the error to return. Takes the lock. */
int decide(FaultVfs::Op op, int error, bool countIt = true) {
    State& s = state();
    if (s.powerFailed) return error;
    if (!countIt) return SQLITE_OK;
    const int n = ++s.counts[static_cast<int>(op)];
    if (op == FaultVfs::Op::Write && s.powerLossAt == n) {
        s.powerFailed = s.triggered = true;
        return error;
    }
    if (s.failOp == static_cast<int>(op) && s.failAt == n) {
        s.triggered = true;
        return error;
    }
    return SQLITE_OK;
}

/** Before the first change of a file since its last sync: remember its content. */
void rememberBeforeChange(sqlite3_file* f) {
    const std::string& path = pathOf(f);
    State& s = state();
    if (path.empty() || s.synced.count(path)) return;
    sqlite3_int64 size = 0;
    realOf(f)->pMethods->xFileSize(realOf(f), &size);
    std::string content(static_cast<std::size_t>(size), '\0');
    if (size > 0) realOf(f)->pMethods->xRead(realOf(f), content.data(), static_cast<int>(size), 0);
    s.synced[path] = content;
}

int xClose(sqlite3_file* f) {
    const int rc = realOf(f)->pMethods->xClose(realOf(f));
    delete reinterpret_cast<FaultFile*>(f)->path;
    return rc;
}

int xRead(sqlite3_file* f, void* buf, int n, sqlite3_int64 off) {
    return realOf(f)->pMethods->xRead(realOf(f), buf, n, off);
}

int xWrite(sqlite3_file* f, const void* buf, int n, sqlite3_int64 off) {
    const std::lock_guard<std::mutex> lock(state().mutex);
    if (const int rc = decide(FaultVfs::Op::Write, SQLITE_IOERR_WRITE)) return rc;
    rememberBeforeChange(f);
    return realOf(f)->pMethods->xWrite(realOf(f), buf, n, off);
}

int xTruncate(sqlite3_file* f, sqlite3_int64 size) {
    const std::lock_guard<std::mutex> lock(state().mutex);
    if (const int rc = decide(FaultVfs::Op::Truncate, SQLITE_IOERR_TRUNCATE)) return rc;
    rememberBeforeChange(f);
    return realOf(f)->pMethods->xTruncate(realOf(f), size);
}

int xSync(sqlite3_file* f, int flags) {
    const std::lock_guard<std::mutex> lock(state().mutex);
    if (const int rc = decide(FaultVfs::Op::Sync, SQLITE_IOERR_FSYNC)) return rc;
    const int rc = realOf(f)->pMethods->xSync(realOf(f), flags);
    if (rc == SQLITE_OK) state().synced.erase(pathOf(f)); // durable from here on
    return rc;
}

int xFileSize(sqlite3_file* f, sqlite3_int64* size) {
    return realOf(f)->pMethods->xFileSize(realOf(f), size);
}
int xLock(sqlite3_file* f, int level) {
    return realOf(f)->pMethods->xLock(realOf(f), level);
}
int xUnlock(sqlite3_file* f, int level) {
    return realOf(f)->pMethods->xUnlock(realOf(f), level);
}
int xCheckReservedLock(sqlite3_file* f, int* out) {
    return realOf(f)->pMethods->xCheckReservedLock(realOf(f), out);
}
int xFileControl(sqlite3_file* f, int op, void* arg) {
    return realOf(f)->pMethods->xFileControl(realOf(f), op, arg);
}
int xSectorSize(sqlite3_file* f) {
    return realOf(f)->pMethods->xSectorSize(realOf(f));
}
int xDeviceCharacteristics(sqlite3_file* f) {
    return realOf(f)->pMethods->xDeviceCharacteristics(realOf(f));
}
int xShmMap(sqlite3_file* f, int page, int size, int extend, void volatile** out) {
    return realOf(f)->pMethods->xShmMap(realOf(f), page, size, extend, out);
}
int xShmLock(sqlite3_file* f, int offset, int n, int flags) {
    return realOf(f)->pMethods->xShmLock(realOf(f), offset, n, flags);
}
void xShmBarrier(sqlite3_file* f) {
    realOf(f)->pMethods->xShmBarrier(realOf(f));
}
int xShmUnmap(sqlite3_file* f, int deleteFlag) {
    return realOf(f)->pMethods->xShmUnmap(realOf(f), deleteFlag);
}

// Version 2: shared memory (WAL), no memory-mapped reads (every access goes through xRead/xWrite).
const sqlite3_io_methods g_methods = {2,
                                      xClose,
                                      xRead,
                                      xWrite,
                                      xTruncate,
                                      xSync,
                                      xFileSize,
                                      xLock,
                                      xUnlock,
                                      xCheckReservedLock,
                                      xFileControl,
                                      xSectorSize,
                                      xDeviceCharacteristics,
                                      xShmMap,
                                      xShmLock,
                                      xShmBarrier,
                                      xShmUnmap,
                                      nullptr,
                                      nullptr};

int vfsOpen(sqlite3_vfs*, const char* name, sqlite3_file* file, int flags, int* outFlags) {
    auto* f = reinterpret_cast<FaultFile*>(file);
    f->real = reinterpret_cast<sqlite3_file*>(reinterpret_cast<char*>(f) + sizeof(FaultFile));
    f->path = new std::string(name ? name : "");
    struct stat st {};
    const bool existed = name && ::stat(name, &st) == 0;
    const int rc = g_real->xOpen(g_real, name, f->real, flags, outFlags);
    if (rc != SQLITE_OK) {
        delete f->path;
        f->base.pMethods = nullptr; // SQLite then never calls xClose
        return rc;
    }
    f->base.pMethods = &g_methods;
    if (name && !existed) {
        const std::lock_guard<std::mutex> lock(state().mutex);
        state().synced.emplace(name, std::nullopt); // created: gone again if the power fails before a sync
    }
    return SQLITE_OK;
}

int vfsDelete(sqlite3_vfs*, const char* name, int syncDir) {
    {
        const std::lock_guard<std::mutex> lock(state().mutex);
        if (state().powerFailed) return SQLITE_IOERR_DELETE;
        state().synced.erase(name);
    }
    return g_real->xDelete(g_real, name, syncDir);
}

int vfsAccess(sqlite3_vfs*, const char* name, int flags, int* out) {
    return g_real->xAccess(g_real, name, flags, out);
}
int vfsFullPathname(sqlite3_vfs*, const char* name, int n, char* out) {
    return g_real->xFullPathname(g_real, name, n, out);
}
int vfsRandomness(sqlite3_vfs*, int n, char* out) {
    return g_real->xRandomness(g_real, n, out);
}
int vfsSleep(sqlite3_vfs*, int us) {
    return g_real->xSleep(g_real, us);
}
int vfsCurrentTime(sqlite3_vfs*, double* t) {
    return g_real->xCurrentTime(g_real, t);
}
int vfsGetLastError(sqlite3_vfs*, int n, char* out) {
    return g_real->xGetLastError(g_real, n, out);
}
int vfsCurrentTimeInt64(sqlite3_vfs*, sqlite3_int64* t) {
    return g_real->xCurrentTimeInt64(g_real, t);
}

} // namespace

void FaultVfs::install() {
    static std::once_flag once;
    std::call_once(once, [] {
        g_real = sqlite3_vfs_find(nullptr);
        std::memset(&g_vfs, 0, sizeof g_vfs);
        g_vfs.iVersion = 2;
        g_vfs.szOsFile = static_cast<int>(sizeof(FaultFile)) + g_real->szOsFile;
        g_vfs.mxPathname = g_real->mxPathname;
        g_vfs.zName = kName;
        g_vfs.xOpen = vfsOpen;
        g_vfs.xDelete = vfsDelete;
        g_vfs.xAccess = vfsAccess;
        g_vfs.xFullPathname = vfsFullPathname;
        g_vfs.xRandomness = vfsRandomness;
        g_vfs.xSleep = vfsSleep;
        g_vfs.xCurrentTime = vfsCurrentTime;
        g_vfs.xGetLastError = vfsGetLastError;
        g_vfs.xCurrentTimeInt64 = vfsCurrentTimeInt64;
        sqlite3_vfs_register(&g_vfs, 0);
    });
}

void FaultVfs::reset() {
    State& s = state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    s.counts[0] = s.counts[1] = s.counts[2] = 0;
    s.failOp = -1;
    s.failAt = 0;
    s.powerLossAt = 0;
    s.powerFailed = false;
    s.triggered = false;
    s.synced.clear();
}

void FaultVfs::failAt(Op op, int n) {
    const std::lock_guard<std::mutex> lock(state().mutex);
    state().failOp = static_cast<int>(op);
    state().failAt = n;
}

void FaultVfs::powerLossAt(int n) {
    const std::lock_guard<std::mutex> lock(state().mutex);
    state().powerLossAt = n;
}

int FaultVfs::count(Op op) {
    const std::lock_guard<std::mutex> lock(state().mutex);
    return state().counts[static_cast<int>(op)];
}

bool FaultVfs::triggered() {
    const std::lock_guard<std::mutex> lock(state().mutex);
    return state().triggered;
}

void FaultVfs::restore() {
    const std::lock_guard<std::mutex> lock(state().mutex);
    for (const auto& [path, content] : state().synced) {
        if (!content) {
            ::unlink(path.c_str());
            continue;
        }
        std::ofstream f(path, std::ios::binary | std::ios::trunc);
        f.write(content->data(), static_cast<std::streamsize>(content->size()));
    }
    state().synced.clear();
}

} // namespace rs::test
