#pragma once
// The SQLite store of campaigns (sqlite3 C API): schema with migrations (PRAGMA user_version), WAL
// journal, foreign keys; tables campaigns, runs, measurements and provenance. Each run is committed
// in its own transaction as it finishes, so a killed campaign loses nothing committed and a resume
// skips what is done. A file that is not SQLite, is corrupt, or is an SQLite database of another
// program (no RoundScope application_id) is refused with a clear StoreError and never written.
//
// Threads: one CampaignStore per thread (an sqlite3 connection is not shared).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "campaignspec.h"
#include "runner.h"

struct sqlite3;

namespace rs::campaign {

/** @brief The file cannot be used as a campaign store; the message says why and names the file. */
class StoreError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief Where a campaign ran (one row per key in the provenance table). */
using Provenance = std::map<std::string, std::string>;

/** @brief A stored campaign. */
struct CampaignRow {
    std::int64_t id = 0;
    std::string name;
    CampaignSpec spec;
    std::string created; ///< ISO 8601 UTC
    std::string status;  ///< "running", "finished", "cancelled"
    int runsDone = 0;    ///< runs recorded (verified or failed)
    int runsFailed = 0;
    int runsTotal = 0; ///< expandRuns(spec).size()
    Provenance provenance;
};

/** @brief A stored run and, when verified, its measurements. */
struct RunRow {
    std::int64_t id = 0;
    std::int64_t campaignId = 0;
    RunKey key;
    bool verified = false;
    std::string failure;  ///< why it failed (wrong answer, runner error); empty when verified
    std::string finished; ///< ISO 8601 UTC
    std::map<std::string, std::string> parameters;
    std::vector<Measurement> measurements; ///< empty for a failed run
};

class CampaignStore {
  public:
    static constexpr int kSchemaVersion = 1;
    static constexpr std::int32_t kApplicationId = 0x52534331; ///< "RSC1" in PRAGMA application_id

    /** @brief Opens (creating when missing) and migrates to kSchemaVersion. Throws StoreError for a
     *  file that is not a RoundScope store, is corrupt, or has a newer schema. */
    explicit CampaignStore(const std::string& path);
    ~CampaignStore();
    CampaignStore(const CampaignStore&) = delete;
    CampaignStore& operator=(const CampaignStore&) = delete;

    int schemaVersion() const;
    const std::string& path() const { return m_path; }

    /** @brief A new campaign with its provenance; returns its id. */
    std::int64_t createCampaign(const CampaignSpec& spec, const Provenance& provenance);
    /** @brief The newest campaign with exactly this spec (specJson equal) that is not finished. */
    std::optional<std::int64_t> findResumable(const CampaignSpec& spec) const;
    void setStatus(std::int64_t campaign, const std::string& status);

    /** @brief Records one run in its own transaction (measurements only when verified). */
    std::int64_t recordRun(std::int64_t campaign, const RunKey& key, bool verified,
                           const std::string& failure, const std::map<std::string, std::string>& parameters,
                           const std::vector<Measurement>& measurements);
    /** @brief Whether the run is already recorded (resume skips it). */
    bool hasRun(std::int64_t campaign, const RunKey& key) const;

    std::vector<CampaignRow> campaigns() const;
    /** @brief One campaign; nullopt when there is none with that id. */
    std::optional<CampaignRow> campaign(std::int64_t id) const;
    std::vector<RunRow> runs(std::int64_t campaign) const;

  private:
    void migrate();
    std::string m_path;
    sqlite3* m_db = nullptr;
};

} // namespace rs::campaign
