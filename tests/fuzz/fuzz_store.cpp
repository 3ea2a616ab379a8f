// Fuzz target: the input bytes as a campaign store file, opened read-only, listed and exported (every
// campaign, every run). Invariants: a StoreError, or data that holds together (each campaign reads the
// same listed and alone, its runs are the runs it counts, of that campaign); never a crash, never another
// exception. The file is written to a private folder; -wal/-shm files SQLite may make are removed.
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include <unistd.h>

#include "core/campaign/campaignstore.h"

namespace {

const char* const kSuffixes[] = {"", "-wal", "-shm", "-journal"};

std::string& folder() {
    static std::string dir;
    return dir;
}

void removeStore() {
    for (const char* suffix : kSuffixes)
        ::unlink((folder() + "/store.sqlite" + suffix).c_str());
}

void removeFolder() {
    removeStore();
    ::rmdir(folder().c_str());
}

const std::string& storePath() {
    static const std::string path = [] {
        char dir[] = "/tmp/rs-fuzz-store-XXXXXX";
        if (!::mkdtemp(dir)) std::abort();
        folder() = dir;
        std::atexit(removeFolder);
        return folder() + "/store.sqlite";
    }();
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace rs::campaign;
    const std::string& path = storePath();
    removeStore();
    {
        std::ofstream f(path, std::ios::binary);
        f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    try {
        const CampaignStore store(path, StoreOptions{OpenMode::ReadOnly, {}});
        for (const CampaignRow& c : store.campaigns()) {
            const auto alone = store.campaign(c.id);
            if (!alone || !(*alone == c)) std::abort();
            if (c.specError.empty() && c.runsTotal < 0) std::abort();
            const auto runs = store.runs(c.id);
            int failed = 0;
            for (const RunRow& r : runs) {
                if (r.campaignId != c.id) std::abort();
                failed += r.verified ? 0 : 1;
            }
            if (static_cast<int>(runs.size()) != c.runsDone || failed != c.runsFailed) std::abort();
        }
    } catch (const StoreError&) {
    }
    removeStore();
    return 0;
}
