#pragma once
// The run area of the Campaigns page: Run (or Submit to Slurm) / Cancel, Resume and New campaign (the CLI's
// --resume / --new, one of the two at most), the progress bar and the live log. It follows the
// CampaignSession's run (started, progress, cancelling, finished, failed); the page decides what Run does
// and when it is enabled (runRequested, ended).

#include <QWidget>

#include "core/campaign/campaignstore.h"

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace rs::sessions {
class CampaignSession;
}

namespace rs::gui {

class CampaignRunBar : public QWidget {
    Q_OBJECT

  public:
    explicit CampaignRunBar(sessions::CampaignSession* session, QWidget* parent = nullptr);

    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QCheckBox* resumeBox() const { return m_resume; }
    QCheckBox* newBox() const { return m_new; }
    QProgressBar* progressBar() const { return m_progress; }
    QPlainTextEdit* log() const { return m_log; }
    /** @brief Why the last Run was refused or failed (a stored definition, a store that cannot be written),
     *  above the log, word-wrapped; hidden while nothing is wrong. */
    QLabel* banner() const { return m_banner; }
    /** @brief Appends a line to the log and shows the end of it. */
    void appendLog(const QString& line);
    /** @brief Resume, New or Fresh (neither box), as the boxes say. */
    campaign::StartMode startMode() const;
    /** @brief A cluster campaign: Run reads "Submit to Slurm" and Resume / New are hidden (a cluster
     *  campaign resumes with Resubmit failed). */
    void setOnCluster(bool onCluster);

  signals:
    /** @brief Run was clicked. */
    void runRequested();
    /** @brief The campaign run ended (finished, cancelled or failed): Run may be enabled again. */
    void ended();

  private:
    sessions::CampaignSession* m_session;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QCheckBox* m_resume = nullptr;
    QCheckBox* m_new = nullptr;
    QProgressBar* m_progress = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QLabel* m_banner = nullptr;
};

} // namespace rs::gui
