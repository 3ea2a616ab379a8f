#pragma once
// Where a campaign runs: this machine (the Campaigns page's own engine) or a Slurm cluster. For the
// cluster: the campaign's folder on the shared file system, tasks at a time, runs per task, partition and
// the roundscope-cli the tasks run; the shard table with each shard's live state (polled through
// ClusterSession), Resubmit failed, Merge, and Open merged store (the Charts page then reads it as any
// store). Talks only to ClusterSession.

#include <QWidget>

#include "core/campaign/campaignspec.h"
#include "core/cluster/clustercampaign.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace rs::sessions {
class ClusterSession;
}

namespace rs::gui {

class ClusterPanel : public QWidget {
    Q_OBJECT

  public:
    explicit ClusterPanel(sessions::ClusterSession* session, QWidget* parent = nullptr);

    /** @brief True when "Run on" says Slurm cluster. */
    bool onCluster() const;
    /** @brief Submits the definition to the cluster (into the chosen folder). */
    void submit(const campaign::CampaignSpec& spec);
    /** @brief The options as the fields say (CLI path, partition, tasks at a time, runs per task). */
    cluster::SubmitOptions options() const;

    QComboBox* whereBox() const { return m_where; }
    QLineEdit* folderEdit() const { return m_folder; }
    QSpinBox* maxParallelBox() const { return m_maxParallel; }
    QSpinBox* perTaskBox() const { return m_perTask; }
    QLineEdit* cliEdit() const { return m_cli; }
    QTableWidget* shardTable() const { return m_shards; }
    QLabel* statusLabel() const { return m_status; }
    QPushButton* resubmitButton() const { return m_resubmit; }
    QPushButton* mergeButton() const { return m_merge; }
    QPushButton* openStoreButton() const { return m_openStore; }

  signals:
    /** @brief "Run on" changed. */
    void whereChanged(bool onCluster);
    /** @brief A line for the page's log. */
    void logLine(const QString& line);
    /** @brief Open this store on the Campaigns and Charts pages (the folder's merged store). */
    void openStoreRequested(const QString& path);

  private:
    void showStatus();
    void updatePolling();
    void updateButtons();

    sessions::ClusterSession* m_session;
    QComboBox* m_where = nullptr;
    QWidget* m_clusterBox = nullptr;
    QLineEdit* m_folder = nullptr;
    QSpinBox* m_maxParallel = nullptr;
    QSpinBox* m_perTask = nullptr;
    QLineEdit* m_partition = nullptr;
    QLineEdit* m_cli = nullptr;
    QTableWidget* m_shards = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_resubmit = nullptr;
    QPushButton* m_merge = nullptr;
    QPushButton* m_openStore = nullptr;
};

} // namespace rs::gui
