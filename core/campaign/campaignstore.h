#pragma once
// The SQLite store of campaigns (sqlite3 C API): schema with migrations (PRAGMA user_version), WAL
// journal, foreign keys; tables campaigns, runs, measurements, provenance, leases, shards, baselines and
// summary. Each run is committed in its own transaction as it finishes (synchronous=FULL: a commit that
// returned survives a power loss), so a killed campaign loses nothing committed and a resume skips what is
// done.
//
// Trust: the stored results carry their own integrity check. Every run row carries a checksum over the
// run and its measurements, every campaign row one over the campaign, its definition, status, run
// counts and provenance, and the summary row one over the number of campaigns; each read verifies them
// (and that the runs found are the runs counted), so a damaged store is refused with a StoreError naming
// the file and never read as sound. Before anything is written into an existing file, SQLite's
// integrity_check and a full verification run; a file that is not SQLite, is corrupt or damaged, is an
// SQLite database of another program (no RoundScope application_id), has a schema other than
// RoundScope's or a newer one is refused and never written. The database file is only ever opened
// through SQLite (opening and closing it by hand would drop this process's POSIX locks on it and let
// another program delete the WAL a connection here still uses).
//
// A store is opened ReadWrite (created when missing, migrated) or ReadOnly (list, export, charts:
// never creates, migrates or writes anything, and creates no file beside the store either: a store
// in WAL mode with no -wal file beside it is read as immutable, so it reads on a read-only medium and
// leaves no -wal or -shm behind; a writer that comes later is noticed before and after every read,
// which then goes through an ordinary read-only connection; a store of an older schema is read through
// a migrated copy in memory). A store of an older schema carries no checksums: before it is read or
// migrated it passes integrity_check and a read of every row of every table (each value of its
// column's type). Every non-empty file must begin with SQLite's header ("SQLite format 3"), whatever
// the mode. A campaign being run is claimed by one process at a time through a lease (owner host, pid
// and process start, refreshed while it runs).
//
// Threads: one CampaignStore per thread (an sqlite3 connection is not shared).

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/campaign/campaignspec.h"
#include "core/campaign/runner.h"

namespace rs::campaign {

namespace detail {
struct Conn;
}

/** @brief The file cannot be used as a campaign store (missing, foreign, corrupt, damaged); the message
 *  says why and names the file. */
class StoreError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief A campaign cannot be started or continued as asked: its definition is stored already (resume
 *  it or start a new one), or another process runs it. The store itself is fine. */
class CampaignRefused : public std::runtime_error {
  public:
    enum class Reason {
        DefinitionStored, ///< a new campaign was asked for without saying new or resume
        Busy,             ///< another process runs it (its lease is held)
        LeaseLost         ///< the lease of the campaign being run was taken over
    };
    CampaignRefused(Reason reason, const std::string& what) : std::runtime_error(what), m_reason(reason) {}
    Reason reason() const { return m_reason; }

  private:
    Reason m_reason;
};

/** @brief Where a campaign ran (one row per key in the provenance table). */
using Provenance = std::map<std::string, std::string>;

/** @brief A stored campaign. */
struct CampaignRow {
    std::int64_t id = 0;
    std::string name;
    CampaignSpec spec;     ///< empty when specError is set
    std::string specError; ///< why this program cannot read the stored definition; empty when it can
    std::string created;   ///< ISO 8601 UTC
    std::string status;    ///< "running", "finished", "cancelled"
    int runsDone = 0;      ///< runs recorded (verified or failed)
    int runsFailed = 0;
    int runsTotal = 0; ///< countRuns(spec)
    Provenance provenance;
    bool operator==(const CampaignRow&) const = default;
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
    std::vector<double>
        samples; ///< every timed repeat's time in ns, in order (RunOutput::samples); may be empty
    bool operator==(const RunRow&) const = default;
};

enum class OpenMode {
    ReadWrite, ///< created when missing, migrated, checked in full before the first write
    ReadOnly   ///< never created, migrated or written; "no campaign store at PATH" when missing
};

struct StoreOptions {
    OpenMode mode = OpenMode::ReadWrite;
    /** @brief An sqlite3_vfs registered under this name (tests inject I/O faults); empty: the default. */
    std::string vfs;
};

/** @brief A shard cannot be merged into the campaign: it belongs to another campaign, or one of its runs
 *  differs from the run the store holds already. Nothing was merged; the message names the shard and run. */
class MergeRefused : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief One shard of a campaign run on a cluster: a slice of its runs given to one array task, which
 *  writes them into a shard store of its own (schema 3). */
struct ShardRow {
    int index = 0; ///< 0.. within the campaign; also the Slurm array task id that runs it
    std::string target;
    int runs = 0;        ///< runs in the shard
    std::string file;    ///< the shard store, relative to the campaign's folder
    std::string job;     ///< Slurm job id of the latest submission; empty when never submitted
    int submissions = 0; ///< how often it was submitted (1 + resubmissions)
    std::string merged;  ///< when it was merged into this store (ISO 8601 UTC); empty when not yet
    int mergedRuns = 0;  ///< the runs that merge added
    bool operator==(const ShardRow&) const = default;
};

/** @brief A campaign marked as the baseline of its machine and revision (schema 4): the campaign later ones
 *  of that machine are compared against (`campaign regressions`). A machine and revision has one baseline at
 *  most; marking another replaces it. */
struct BaselineRow {
    std::int64_t campaignId = 0;
    std::string host; ///< the machine: the campaign's provenance "host" (baselineHost); empty when unknown
    std::string revision; ///< the campaign's revision (baselineRevision); "unknown" when it has none
    std::string marked;   ///< when it was marked (ISO 8601 UTC)
    bool operator==(const BaselineRow&) const = default;
};

/** @brief What markBaseline did. */
struct BaselineMarked {
    BaselineRow baseline;
    std::optional<std::int64_t>
        replaced;         ///< the campaign that was the machine and revision's baseline before
    bool already = false; ///< the campaign was that baseline already: nothing changed
};

/** @brief The machine a campaign's baseline is for: its provenance's "host" (empty when it has none). The CPU
 *  is not part of it: a host's campaigns are compared whatever CPU they report, and a comparison names the
 *  CPUs when they differ. */
std::string baselineHost(const Provenance& provenance);
/** @brief The revision a campaign's baseline is for: its provenance's "git_revision" with "-dirty" appended
 *  when it was built from changed files (git_dirty "yes"); "unknown" when it has none. */
std::string baselineRevision(const Provenance& provenance);

/** @brief Who runs a campaign: a process on a host. */
struct LeaseOwner {
    std::string host;
    std::int64_t pid = 0;
    std::string process; ///< the process's boot and start time, so a reused pid is not mistaken for it
    /** @brief This process. */
    static LeaseOwner self();
    bool operator==(const LeaseOwner&) const = default;
};

/** @brief A campaign's claim by one runner. */
struct Lease {
    LeaseOwner owner;
    std::string since;        ///< when the owner claimed it (ISO 8601 UTC)
    std::int64_t expires = 0; ///< seconds since the epoch; refreshed while the owner runs the campaign
    int seconds = 0;          ///< how long one refresh holds it
};

/** @brief How a campaign run finds its campaign (the rules of `campaign run` and the Campaigns page). */
enum class StartMode {
    Fresh,  ///< a new campaign; CampaignRefused when the store has one with this definition already
    Resume, ///< the newest campaign with this definition: continue it, "nothing to do" when finished; a new
            ///< one when there is none
    New     ///< always a new campaign, even when the definition is stored
};

/** @brief What claimCampaign found. */
struct Claim {
    enum class Outcome { Created, Resumed, AlreadyFinished };
    std::int64_t id = 0;
    Outcome outcome = Outcome::Created;
};

class CampaignStore {
  public:
    static constexpr int kSchemaVersion = 4;
    static constexpr std::int32_t kApplicationId = 0x52534331; ///< "RSC1" in PRAGMA application_id
    static constexpr int kLeaseSeconds = 600; ///< a lease not refreshed for this long expires

    /** @brief Opens the store (ReadWrite: creating it when missing and migrating it to kSchemaVersion).
     *  Throws StoreError for a missing file (ReadOnly), a file that is not a RoundScope store, is corrupt
     *  or damaged, or has a newer schema; the file is then not changed. */
    explicit CampaignStore(const std::string& path, const StoreOptions& options = {});
    ~CampaignStore();
    CampaignStore(const CampaignStore&) = delete;
    CampaignStore& operator=(const CampaignStore&) = delete;

    int schemaVersion() const;
    const std::string& path() const { return m_path; }
    bool readOnly() const { return m_options.mode == OpenMode::ReadOnly; }
    const StoreOptions& options() const { return m_options; }

    // --- writing (ReadWrite stores; StoreError otherwise) ------------------------------------------
    /** @brief A new campaign with its provenance, not claimed by anyone; returns its id. */
    std::int64_t createCampaign(const CampaignSpec& spec, const Provenance& provenance);
    /** @brief The newest campaign with exactly this spec (specJson equal) that is not finished. */
    std::optional<std::int64_t> findResumable(const CampaignSpec& spec) const;
    /** @brief Finds or creates the campaign of `spec` as `mode` says and claims it for `owner`, all in one
     *  transaction (two processes starting at once cannot both create or both claim it). A claimed
     *  campaign is marked "running". CampaignRefused: the definition is stored and mode is Fresh, or a
     *  live owner holds an unexpired lease ("campaign N is being run by pid P on HOST since T"). A lease is
     *  taken over when it expired or its owner is provably gone (same host, process no longer there). */
    Claim claimCampaign(const CampaignSpec& spec, StartMode mode, const Provenance& provenance,
                        const LeaseOwner& owner, int leaseSeconds = kLeaseSeconds);
    /** @brief Extends the owner's lease; CampaignRefused when another owner holds it now. */
    void refreshLease(std::int64_t campaign, const LeaseOwner& owner);
    /** @brief Gives the lease up (when the owner holds it); never throws. */
    void releaseLease(std::int64_t campaign, const LeaseOwner& owner) noexcept;
    /** @brief The campaign's lease, if one is held. */
    std::optional<Lease> lease(std::int64_t campaign) const;
    void setStatus(std::int64_t campaign, const std::string& status);

    /** @brief Records one run in its own transaction (measurements only when verified), refreshing this
     *  process's lease; CampaignRefused when another process holds the campaign's lease. */
    std::int64_t recordRun(std::int64_t campaign, const RunKey& key, bool verified,
                           const std::string& failure, const std::map<std::string, std::string>& parameters,
                           const std::vector<Measurement>& measurements,
                           const std::vector<double>& samples = {});
    /** @brief One finished run waiting to be recorded (recordRuns). */
    struct PendingRun {
        RunKey key;
        bool verified = false;
        std::string failure;
        std::map<std::string, std::string> parameters;
        std::vector<Measurement> measurements;
        std::string finished;        ///< ISO 8601 UTC, when the run ended (not when its batch was committed)
        std::vector<double> samples; ///< every repeat's time (RunOutput::samples)
    };
    /** @brief Records several runs in one transaction (all or none), as recordRun does each; the ids in
     *  order. One commit (one fsync) for the batch: the engine's cost per run. */
    std::vector<std::int64_t> recordRuns(std::int64_t campaign, const std::vector<PendingRun>& runs);
    /** @brief Whether the run is already recorded. */
    bool hasRun(std::int64_t campaign, const RunKey& key) const;

    // --- shards of a campaign run on a cluster (storeshards.cpp) -----------------------------------
    /** @brief Records the campaign's shards (once, before they are submitted); StoreError when the
     *  campaign has shards already. */
    void addShards(std::int64_t campaign, const std::vector<ShardRow>& shards);
    /** @brief The shards were submitted as (part of) Slurm job `job`: stored with one more submission. */
    void setShardJob(std::int64_t campaign, const std::vector<int>& shards, const std::string& job);
    /** @brief The campaign's shards by index, each verified against its checksum. */
    std::vector<ShardRow> shards(std::int64_t campaign) const;
    /** @brief Folds a finished shard's runs into the campaign in one transaction and marks it merged.
     *  Idempotent: a run the store holds already, equal in every field, is not added again (merging a shard
     *  twice adds nothing). MergeRefused (nothing merged) when a run differs from the stored one or is not
     *  a run of the campaign's definition. The campaign is marked finished when it holds every run.
     *  Returns the runs added. */
    int mergeShard(std::int64_t campaign, int shard, const std::vector<RunRow>& runs);

    // --- baselines (storebaselines.cpp): one campaign per machine (host) and revision -----------------
    /** @brief Marks the campaign as the baseline of its machine and revision, replacing the one marked
     *  before (said in the result); StoreError when there is no such campaign. */
    BaselineMarked markBaseline(std::int64_t campaign);
    /** @brief Unmarks the campaign; false when it was no baseline (nothing changed). StoreError when there
     *  is no such campaign. */
    bool clearBaseline(std::int64_t campaign);
    /** @brief Every baseline, by campaign id, each verified against its checksum and its campaign. */
    std::vector<BaselineRow> baselines() const;
    /** @brief The baseline of this machine and revision, if one is marked. */
    std::optional<BaselineRow> baselineFor(const std::string& host, const std::string& revision) const;
    /** @brief The machine's newest baseline (by its campaign's id: the latest to have run) among those whose
     *  campaign ran before campaign `before` (any, by default): what a later campaign is compared against. */
    std::optional<BaselineRow> latestBaseline(const std::string& host, std::int64_t before = INT64_MAX) const;

    // --- reading (every row verified against its checksum) ------------------------------------------
    /** @brief Every campaign, by id. A campaign whose definition this program cannot read is listed with
     *  specError set. */
    std::vector<CampaignRow> campaigns() const;
    /** @brief One campaign; nullopt when there is none with that id. */
    std::optional<CampaignRow> campaign(std::int64_t id) const;
    std::vector<RunRow> runs(std::int64_t campaign) const;
    /** @brief Reads and verifies every campaign and run; StoreError naming the first damaged one. */
    void verifyAll() const;

    /** @brief The file as the store last opened it (device, inode, size, change time): a read-only store
     *  read as immutable is opened again when it differs. */
    struct FileStamp {
        std::uint64_t device = 0, inode = 0;
        std::int64_t size = 0, mtimeNs = 0, ctimeNs = 0;
        bool operator==(const FileStamp&) const = default;
    };

  private:
    void openChecked();
    void openReadWrite();
    void openReadOnly(detail::Conn& check, int version);
    void migrate();
    void requireWritable() const;
    /** @brief Runs a read (body assigns its results; it may run again) on one snapshot of the file. An
     *  immutable connection is opened again first when a writer has come since (a -wal file, or the file
     *  changed), and the read is run again when the file changed under it. */
    void reading(const std::string& what, const std::function<void()>& body) const;
    /** @brief Whether the immutable connection still stands for the file (stamp equal; with `noLog`,
     *  no -wal file beside it either). */
    bool unchanged(bool noLog) const;
    void reopen() const;
    std::unique_ptr<detail::Conn> m_conn;
    std::string m_path;
    StoreOptions m_options;
    mutable bool m_immutable = false; ///< read-only, opened with immutable=1 (no -wal file was there)
    mutable FileStamp m_stamp;        ///< the file when the immutable connection was opened
};

} // namespace rs::campaign
