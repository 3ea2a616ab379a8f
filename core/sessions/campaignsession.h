#pragma once
// CampaignSession: the Qt facade of the campaign domain (docs/CONVENTIONS.md rule 3). It holds the store the
// Campaigns and Charts pages show (a local SQLite file, by default in the user's data folder; the pages
// read it through a read-only connection), runs a campaign off the GUI thread on its own read-write
// connection (SQLite in WAL mode lets the pages read while it writes; the CLI may read and write the
// same file meanwhile), re-emits progress and log lines coalesced at ~25 Hz, and cancels between runs.
// Store errors (a damaged store, another program's lease) come back as results, never as exceptions.
// Widgets talk only to it; it knows nothing of widgets.

#include <QFutureWatcher>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <memory>
#include <vector>

#include "campaignengine.h"
#include "campaignstore.h"

namespace rs::sessions {

class CampaignSession : public QObject {
    Q_OBJECT

  public:
    explicit CampaignSession(QObject* parent = nullptr);
    /** @brief Cancels a running campaign and waits for it (every finished run is committed). */
    ~CampaignSession() override;

    /** @brief The default store: campaigns.sqlite in the application's data folder. */
    static QString defaultStorePath();
    /** @brief Opens (creating and checking it once read-write, then reading it read-only) a store; false
     *  with the reason (a foreign, corrupt or damaged file is refused, never written). Not while a
     *  campaign runs. */
    bool openStore(const QString& path, QString* error = nullptr);
    QString storePath() const;
    /** @brief The open store (read-only), or nullptr (read it on the GUI thread only; its reads throw
     *  StoreError on damage: prefer campaigns() and runs()). */
    const campaign::CampaignStore* store() const { return m_store.get(); }
    /** @brief The stored campaigns; empty with the reason in `error` when the store cannot be read. */
    std::vector<campaign::CampaignRow> campaigns(QString* error = nullptr) const;
    /** @brief The runs of a campaign; empty with the reason in `error` when the store cannot be read. */
    std::vector<campaign::RunRow> runs(std::int64_t campaign, QString* error = nullptr) const;

    /** @brief Starts a campaign on a worker by the rules of `mode` (Fresh refuses a stored definition,
     *  Resume continues it, New starts another; see StartMode); false while one runs or without a store.
     *  A refusal comes back through failed(). */
    bool start(const campaign::CampaignSpec& spec, campaign::StartMode mode);
    void cancel();
    bool isRunning() const { return m_job != nullptr; }

  signals:
    void storeChanged();
    void started();
    /** @brief Coalesced: runs done of total, and the log lines since the last signal. */
    void progress(int done, int total, const QStringList& lines);
    /** @brief The campaign ended; nothingToDo: Resume found it finished and ran nothing. */
    void finished(qint64 campaign, int runs, int failed, bool cancelled, bool nothingToDo);
    void failed(const QString& message);

  private:
    struct Job {
        std::atomic<bool> cancel{false};
        QMutex mutex;
        int done = 0, total = 0;
        QStringList lines;
    };
    struct Outcome {
        campaign::EngineResult result;
        QString error;
    };
    void publish();
    void onDone();

    std::unique_ptr<campaign::CampaignStore> m_store;
    std::shared_ptr<Job> m_job;
    QFutureWatcher<Outcome> m_watcher;
    QTimer m_timer;
};

} // namespace rs::sessions
