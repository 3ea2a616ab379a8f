#pragma once
// Internal to the campaign store: the rows as stored (raw), their checksums, the checks a file passes
// before it is read or written (storecheck.cpp: SQLite header through SQLite itself, application_id,
// schema version, integrity, the exact schema, every row of an older schema), and the verification of
// every row read. Tests use it to build stores
// of older schemas and to check the checksums; other layers use campaignstore.h.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/campaign/storesql.h"

namespace rs::campaign::detail {

struct RawCampaign {
    std::int64_t id = 0;
    std::string name, specJson, created, status;
    std::int64_t runsDone = 0, runsFailed = 0;
    std::string checksum;
    std::vector<std::pair<std::string, std::string>> provenance; ///< by key
};

struct RawMeasurement {
    std::string metric;
    double value = 0;
    std::string unit;
};

struct RawRun {
    std::int64_t id = 0, campaignId = 0;
    std::string target, algorithm;
    std::int64_t messageBytes = 0, adBytes = 0, verified = 0;
    std::string failure, finished, parametersJson, checksum;
    std::vector<RawMeasurement> measurements; ///< in the order they were recorded
};

struct RawSummary {
    std::int64_t campaigns = 0, lastCampaign = 0;
    std::string checksum;
};

struct RawLease {
    std::int64_t campaignId = 0;
    LeaseOwner owner;
    std::string since;
    std::int64_t seconds = 0, expires = 0;
    std::string checksum;
};

struct RawShard {
    std::int64_t campaignId = 0, shard = 0;
    std::string target;
    std::int64_t runs = 0;
    std::string file, job;
    std::int64_t submissions = 0;
    std::string merged;
    std::int64_t mergedRuns = 0;
    std::string checksum;
};

struct RawBaseline {
    std::string host, revision;
    std::int64_t campaignId = 0;
    std::string marked, checksum;
};

/** @brief The checksums: SHA-256 over every field (length-prefixed, numbers by value), 128 bits in hex. */
std::string checksumOf(const RawCampaign& c);
std::string checksumOf(const RawRun& r);
std::string checksumOf(const RawSummary& s);
std::string checksumOf(const RawLease& l);
std::string checksumOf(const RawShard& s);
std::string checksumOf(const RawBaseline& b);

/** @brief The rows as stored, not verified (schema 2). */
std::optional<RawCampaign> readCampaign(const Conn& c, std::int64_t id);
std::vector<std::int64_t> campaignIds(const Conn& c);
/** @brief The runs of a campaign by id, each with its measurements. */
std::vector<RawRun> readRuns(const Conn& c, std::int64_t campaign);
std::optional<RawRun> readRun(const Conn& c, std::int64_t runId);
std::optional<RawSummary> readSummary(const Conn& c);
std::optional<RawLease> readLease(const Conn& c, std::int64_t campaign);

/** @brief StoreError "PATH is corrupt (what ...); it was not changed". */
[[noreturn]] void damaged(const Conn& c, const std::string& what);

/** @brief How much of a campaign verifiedCampaign checks. */
enum class RunCount {
    Check, ///< the runs found must be the runs the campaign row counts (reads all its run rows)
    Skip   ///< the row and its checksum only: for writes of every batch, whose counts the next read checks
};
/** @brief Verified reads: StoreError (damaged) when a row does not match its checksum, the runs found are
 *  not the runs the campaign counts (unless told to Skip), or the campaigns are not those the summary
 *  counts. */
std::optional<RawCampaign> verifiedCampaign(const Conn& c, std::int64_t id, RunCount count = RunCount::Check);
std::vector<RawRun> verifiedRuns(const Conn& c, const RawCampaign& campaign);
RawSummary verifiedSummary(const Conn& c);
std::optional<RawLease> verifiedLease(const Conn& c, std::int64_t campaign);
/** @brief Every baseline row by campaign id (storebaselines.cpp), each matching its checksum and naming a
 *  campaign whose machine and revision are the row's. */
std::vector<RawBaseline> verifiedBaselines(const Conn& c);
/** @brief Every campaign with its runs, and the baselines. */
void verifyStore(const Conn& c);

/** @brief Recomputes and stores the checksum of a row after the store changed it (in its transaction). */
void sealCampaign(const Conn& c, std::int64_t id);
void sealRun(const Conn& c, std::int64_t runId);
void sealSummary(const Conn& c);

/** @brief A new campaign row with its provenance, sealed, and the summary updated (in a transaction). */
std::int64_t insertCampaign(const Conn& c, const CampaignSpec& spec, const Provenance& provenance);
/** @brief The id the next run row gets (max + 1): asked once per write transaction, in which nobody else
 *  adds a row, and counted up by the caller for each insertRun. */
std::int64_t nextRunId(const Conn& c);
/** @brief Inserts run row `id` (from nextRunId; its measurements and its repeats' times, as kSampleMetric
 *  rows after them, when verified) and seals it; the caller updates the campaign's counts. */
void insertRun(const Conn& c, std::int64_t id, std::int64_t campaign, const RunKey& key, bool verified,
               const std::string& failure, const std::string& finished, const std::string& parametersJson,
               const std::vector<Measurement>& measurements, const std::vector<double>& samples);
/** @brief Run parameters as stored (compact JSON, sorted keys). */
std::string parametersJson(const std::map<std::string, std::string>& parameters);
/** @brief Before a run is recorded: CampaignRefused when another owner holds the campaign's lease; the
 *  owner's own lease is extended. */
void holdLease(const Conn& c, std::int64_t campaign, const LeaseOwner& owner);

/** @brief The tables, their columns and indexes as text (sqlite_master and table_xinfo), to compare. */
std::string schemaDescription(const Conn& c);
/** @brief The description of schema `version` as this program's migrations create it. */
const std::string& expectedSchema(int version);

/** @brief The SQL of migration step i (user_version i -> i + 1). */
const char* migrationSql(int step);
/** @brief What migration step i computes after its SQL (schema 2: counts and checksums of the rows). */
void migrationBackfill(const Conn& c, int step);

/** @brief The first 100 bytes of the connection's file, read through SQLite's own handle of it (the
 *  file is never opened by hand). StoreError naming the file when it is shorter or does not begin with
 *  "SQLite format 3\0": whatever else it is, it is not a store, and it is never taken for an empty one. */
std::string checkHeader(const Conn& c);

/** @brief Whether a header says the database is in WAL mode (read and write versions 2). */
bool walHeader(const std::string& header);

/** @brief Checks an existing, non-empty file through a read-only connection before anything else
 *  touches it: an SQLite database, intact (quick_check, or integrity_check when `thorough` or the
 *  schema is older than this program's), RoundScope's application_id or an empty database, a schema
 *  exactly as RoundScope's of its version and not newer than this program's, and for an older schema
 *  (no checksums) every row of every table readable with each value of its column's type. Returns the
 *  schema version; StoreError ("...; it was not changed") naming the damage otherwise. */
int checkFile(const Conn& c, bool thorough);

/** @brief Reads every row of every table, each value checked against its column's declared type
 *  (INTEGER, REAL, TEXT; NULL only where allowed); StoreError (damaged) naming the table, row and column. */
void readEveryRow(const Conn& c);

/** @brief Sets the connection up for a file that may be damaged or crafted: defensive mode, no trusted
 *  schema, cell size checks, no memory mapping, a busy timeout. */
void hardenConnection(const Conn& c);

} // namespace rs::campaign::detail
