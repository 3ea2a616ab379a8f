#pragma once
// CampaignSession: the Qt facade of the campaign domain (docs/CONVENTIONS.md rule 3). It holds the store the
// Campaigns and Charts pages show (a local SQLite file, by default in the user's data folder) and never
// touches the file on the GUI thread. Two Workers: one runs campaigns (each on its own read-write
// connection; SQLite in WAL mode lets others read meanwhile, and the CLI may read and write the same file),
// the other opens the store (creating, migrating and checking it in full there) and reads it through a
// read-only connection that lives on its thread. A read must not wait for a campaign, hence two threads.
//
// The pages read a cache of the last read: the campaigns, and the runs (verified as they are read) of each
// campaign asked for. A read re-reads the runs of a campaign only when its row changed (a run committed by
// this session or another program changes its counts), at most one read at a time, so at most ~25 reads a
// second while a campaign runs; storeChanged says a read arrived. Progress and log lines are coalesced at
// ~25 Hz; cancel stops between runs. Another program writing the store (the CLI, a second app, a merge) is
// noticed: the store's file, its -wal and its folder are watched, and a change is read ~0.3 s later.
// Store errors (a damaged store, another program's lease) come back as
// results, never as exceptions. Widgets talk only to it; it knows nothing of widgets.

#include <QObject>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "core/campaign/campaignengine.h"
#include "core/campaign/campaignstore.h"
#include "core/campaign/chartdata.h"
#include "core/sessions/worker.h"

class QFileSystemWatcher;
class QTimer;

namespace rs::sessions {

class CampaignSession : public QObject {
    Q_OBJECT

  public:
    explicit CampaignSession(QObject* parent = nullptr);
    /** @brief Cancels a running campaign and waits for it (every finished run is committed). */
    ~CampaignSession() override;

    /** @brief The default store: campaigns.sqlite in the application's data folder. */
    static QString defaultStorePath();
    /** @brief Opens a store off the GUI thread (created when missing and checked in full once read-write,
     *  then read read-only); answers with storeOpened and storeChanged, or storeFailed (a foreign, corrupt
     *  or damaged file is refused, never written; the store open before stays open). False with the
     *  reason while a campaign runs. */
    bool openStore(const QString& path, QString* error = nullptr);
    /** @brief True while an openStore has not answered. */
    bool isOpening() const { return m_opening > 0; }
    /** @brief The open store's path; empty before one is open. */
    QString storePath() const { return m_path; }
    /** @brief True once a store is open. */
    bool hasStore() const { return !m_path.isEmpty(); }
    /** @brief Reads the store again, every cached campaign's runs included (another program may have
     *  changed it); storeChanged follows. */
    void refresh();

    /** @brief The stored campaigns as last read; empty with the reason in `error` when the store cannot be
     *  read. */
    std::vector<campaign::CampaignRow> campaigns(QString* error = nullptr) const;
    /** @brief The baselines as last read (campaign, machine, revision, when marked); empty when the store
     *  cannot be read. */
    std::vector<campaign::BaselineRow> baselines() const { return m_baselines; }
    /** @brief Marks the campaign as the baseline of its machine and revision (the one marked before for them
     *  is replaced), or clears its mark: a write off the GUI thread on a read-write connection of its own
     *  (on the store's reading thread, so it never waits for a running campaign), then a read.
     *  baselineChanged says what was done or why not. False with the reason without a store, on a store this
     *  process cannot write, or while another mark is being written. */
    bool setBaseline(std::int64_t campaign, bool baseline, QString* error = nullptr);
    /** @brief True from setBaseline until baselineChanged. */
    bool isMarkingBaseline() const { return m_marking; }
    /** @brief The runs of a campaign as last read; empty with the reason in `error` when they cannot be read.
     *  A campaign not read yet is read now off the GUI thread: empty until storeChanged. */
    std::vector<campaign::RunRow> runs(std::int64_t campaign, QString* error = nullptr);
    /** @brief The chart of the request over the runs as last read (chartData's rules and errors); throws
     *  std::runtime_error while a campaign of it is still being read. */
    campaign::ChartData chartData(const campaign::ChartRequest& request);

    /** @brief Starts a campaign on its worker by the rules of `mode` (Fresh refuses a stored definition,
     *  Resume continues it, New starts another; see StartMode); false while one runs or without a store.
     *  A refusal comes back through failed(). */
    bool start(const campaign::CampaignSpec& spec, campaign::StartMode mode);
    /** @brief Asks a running campaign to stop (the run in progress stops too, within a second: every runner
     *  polls the flag); cancelling() says so at once, finished() when the worker is done. */
    void cancel();
    /** @brief True from cancel() until the campaign ended. */
    bool isCancelling() const { return m_cancelling; }
    /** @brief True from start() until finished() or failed() (which come after the store was read again). */
    bool isRunning() const { return m_running; }

  signals:
    /** @brief A read of the store arrived (or another store was opened): read campaigns() and runs() again.
     */
    void storeChanged();
    void storeOpened(const QString& path);
    /** @brief openStore(path) failed; `message` says why (and names the file). */
    void storeFailed(const QString& path, const QString& message);
    void started();
    /** @brief cancel() was asked while running: finished() follows when the worker is done. */
    void cancelling();
    /** @brief Coalesced: runs done of total, and the log lines since the last signal. */
    void progress(int done, int total, const QStringList& lines);
    /** @brief The campaign ended; nothingToDo: Resume found it finished and ran nothing. */
    void finished(qint64 campaign, int runs, int failed, bool cancelled, bool nothingToDo);
    void failed(const QString& message);
    /** @brief setBaseline ended: `ok` with what was done ("campaign 3 is the baseline of host h at revision
     *  r, replacing campaign 1"), or why it was not (the store's error); the store is being read again. */
    void baselineChanged(qint64 campaign, bool ok, const QString& message);

  private:
    /** What one read brings: the campaigns and the runs it re-read. */
    struct Snapshot {
        std::string path;
        std::vector<campaign::CampaignRow> campaigns;
        QString campaignsError;
        std::vector<campaign::BaselineRow> baselines;
        struct Runs {
            std::optional<campaign::CampaignRow> row; ///< the campaign's row when they were read
            std::vector<campaign::RunRow> runs;
            QString error;
        };
        std::map<std::int64_t, Runs> runs;
    };
    struct Ending {
        std::optional<campaign::EngineResult> result;
        QString error;
    };
    /** Reads the campaigns and, of the `wanted` ones, the runs whose row is not the one given (all when
     *  `force`); on the reader thread. */
    static Snapshot read(const campaign::CampaignStore& store, bool force,
                         const std::map<std::int64_t, std::optional<campaign::CampaignRow>>& wanted);
    void requestRead(bool force);
    void onRead(int seq, JobResult<Snapshot> r);
    void accept(Snapshot&& s);
    const Snapshot::Runs* cachedRuns(std::int64_t campaign);
    void end();
    /** Watches the open store's file, its -wal and its folder: another program's commit is read. */
    void watchStore();

    QString m_path;
    QFileSystemWatcher* m_watcher = nullptr;
    QTimer* m_changedSoon = nullptr; ///< one read for a burst of file changes
    int m_opening = 0;
    // The cache (GUI thread only).
    std::vector<campaign::CampaignRow> m_campaigns;
    QString m_campaignsError;
    std::vector<campaign::BaselineRow> m_baselines;
    bool m_marking = false; ///< a setBaseline has not answered
    std::map<std::int64_t, Snapshot::Runs> m_runs;
    std::set<std::int64_t> m_asked; ///< asked for, not read yet
    // Reads: one in flight, numbered; another asked for meanwhile follows it.
    bool m_reading = false, m_readAgain = false, m_forceAgain = false;
    int m_readsSubmitted = 0;
    // The campaign run: ended, told once a read submitted after its end has arrived.
    bool m_running = false;
    bool m_cancelling = false;
    std::optional<Ending> m_ending;
    int m_endAfterRead = 0;

    std::unique_ptr<campaign::CampaignStore> m_readStore; ///< the reader thread's connection (only there)
    Worker m_runner{QStringLiteral("campaign")};
    Worker m_reader{QStringLiteral("campaign store")};
};

} // namespace rs::sessions
