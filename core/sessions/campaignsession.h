#pragma once
// CampaignSession: the Qt facade of the campaign domain (conventions rule 3). It holds the store the
// Campaigns and Charts pages show (a local SQLite file, by default in the user's data folder), runs
// a campaign off the GUI thread on its own store connection (SQLite in WAL mode lets the pages read
// while it writes), re-emits progress and log lines coalesced at ~25 Hz, and cancels between runs.
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
    /** @brief Opens (creating) a store; false with the reason (a foreign or corrupt file is refused,
     *  never written). Not while a campaign runs. */
    bool openStore(const QString& path, QString* error = nullptr);
    QString storePath() const;
    /** @brief The open store, or nullptr (read it on the GUI thread only). */
    const campaign::CampaignStore* store() const { return m_store.get(); }
    std::vector<campaign::CampaignRow> campaigns() const;
    std::vector<campaign::RunRow> runs(std::int64_t campaign) const;

    /** @brief Starts (or resumes) a campaign on a worker; false while one runs or without a store. */
    bool start(const campaign::CampaignSpec& spec, bool resume);
    void cancel();
    bool isRunning() const { return m_job != nullptr; }

  signals:
    void storeChanged();
    void started();
    /** @brief Coalesced: runs done of total, and the log lines since the last signal. */
    void progress(int done, int total, const QStringList& lines);
    void finished(qint64 campaign, int runs, int failed, bool cancelled);
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
