#pragma once
// ClusterSession: the Qt facade of a campaign on a Slurm cluster (core/cluster). It keeps the campaign's
// folder, and runs submit, resubmit, status and merge on its Worker (sbatch and squeue are child processes
// that may take seconds; the GUI thread never waits on them). While polling is on it asks for the status
// every few seconds, one request at a time, and hands each answer on; every error comes back as a message.
// Qt Core only.

#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

#include "core/cluster/clustercampaign.h"
#include "core/sessions/worker.h"

namespace rs::sessions {

class ClusterSession : public QObject {
    Q_OBJECT

  public:
    explicit ClusterSession(QObject* parent = nullptr);
    ~ClusterSession() override;

    /** @brief The campaign's folder (on the shared file system); polling reads it. */
    void setFolder(const QString& folder);
    QString folder() const { return m_folder; }
    /** @brief The roundscope-cli beside this program (or in its cli/ folder); empty when none is found. */
    static QString defaultCli();

    /** @brief Submits the definition into the folder (a new campaign); answers with submitted or failed. */
    void submit(const campaign::CampaignSpec& spec, const cluster::SubmitOptions& options);
    /** @brief Resubmits the shards that failed, vanished or were never submitted. */
    void resubmit(const cluster::SubmitOptions& options);
    /** @brief Merges every done shard into the folder's main store; answers with merged or failed. */
    void merge();
    /** @brief Asks for the status now (unless a request is on its way). */
    void poll();
    /** @brief Polls every `ms` milliseconds while on. */
    void setPolling(bool on, int ms = 3000);
    bool isPolling() const { return m_timer.isActive(); }
    /** @brief True while a submit, resubmit or merge has not answered. */
    bool isBusy() const { return m_busy; }
    /** @brief The last status read; empty before one arrived or after it failed. */
    const std::optional<cluster::CampaignStatus>& status() const { return m_status; }
    /** @brief The main store of the folder. */
    QString storePath() const;

  signals:
    void statusChanged();
    /** @brief The status could not be read (no campaign in the folder, squeue failed). */
    void statusFailed(const QString& message);
    void submitted(const QString& summary);
    void merged(const QString& summary, const QStringList& refused);
    void failed(const QString& message);
    void busyChanged(bool busy);

  private:
    template <class Work> void operation(const QString& what, Work work);
    QString m_folder;
    Worker m_worker{QStringLiteral("cluster")};
    QTimer m_timer;
    std::optional<cluster::CampaignStatus> m_status;
    bool m_polling = false; ///< a status request is on its way
    bool m_busy = false;
};

} // namespace rs::sessions
