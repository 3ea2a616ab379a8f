#pragma once
// The Campaigns page: the store's campaigns, a definition editor (JSON, from a preset or a file,
// validated as you type), Run on this machine or a Slurm cluster (ClusterPanel: submit, shard table,
// merge), Run (Resume / New campaign as the CLI's --resume / --new) / Cancel with a
// progress bar and a live log, and the runs of the chosen campaign in a table that sorts and filters and
// exports CSV. A store that cannot be read is shown as such. Talks only to CampaignSession.

#include <QWidget>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/campaignspec.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QStandardItemModel;
class QTableView;
class QTableWidget;

namespace rs::sessions {
class CampaignSession;
class ClusterSession;
} // namespace rs::sessions

namespace rs::gui {

class CampaignForm;
class ClusterPanel;
class WordFilterProxy;

class CampaignsPage : public QWidget {
    Q_OBJECT

  public:
    explicit CampaignsPage(sessions::CampaignSession* session, QWidget* parent = nullptr);

    QComboBox* presetBox() const { return m_preset; }
    QPlainTextEdit* editor() const { return m_editor; }
    /** @brief The same definition as a form (kept in step with the JSON editor). */
    CampaignForm* form() const { return m_form; }
    QTabWidget* editorTabs() const { return m_tabs; }
    /** @brief Why the definition is invalid; empty when valid. */
    QLabel* specError() const { return m_specError; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    /** @brief Resume: continue the newest campaign of this definition ("nothing to do" when finished). */
    QCheckBox* resumeBox() const { return m_resume; }
    /** @brief New campaign: start another even when the store holds this definition. Without either box,
     *  a stored definition is refused (the CLI's run / --resume / --new rules). */
    QCheckBox* newBox() const { return m_new; }
    /** @brief The store's path, or why it cannot be read. */
    QLabel* storeLabel() const { return m_storeLabel; }
    QProgressBar* progressBar() const { return m_progress; }
    QPlainTextEdit* log() const { return m_log; }
    QTableWidget* campaignTable() const { return m_campaigns; }
    QTableView* runTable() const { return m_runs; }
    QLineEdit* runFilter() const { return m_filter; }
    /** @brief Run on this machine or a Slurm cluster, and the cluster campaign's shards. */
    ClusterPanel* clusterPanel() const { return m_cluster; }
    /** @brief The campaign whose runs are shown. */
    std::optional<std::int64_t> selectedCampaign() const;
    /** @brief Writes the shown runs as CSV, all or nothing (the previous file stays when it cannot); false
     *  with the reason in the log. */
    bool exportCsv(const QString& path);

  public slots:
    /** @brief Runs the definition in the editor (when valid). */
    void run();

  private:
    void loadPreset();
    void validate();
    /** Shows the preset whose definition the editor holds, else "(custom definition)". */
    void showPresetOf(const std::optional<campaign::CampaignSpec>& spec);
    void formEdited();
    void loadFile(const QString& path);
    void showSpecMessage(const QString& text, bool isError);
    void refreshCampaigns();
    /** @brief A store that could not be opened: the log and the store label say why (until one opens). */
    void showStoreFailure(const QString& path, const QString& error);
    void showRuns();

    sessions::CampaignSession* m_session;
    QLabel* m_storeLabel = nullptr;
    QString m_storeFailure;
    QComboBox* m_preset = nullptr;
    std::vector<std::string> m_presetJson; ///< each preset's definition, as specJson writes it
    QPlainTextEdit* m_editor = nullptr;
    CampaignForm* m_form = nullptr;
    sessions::ClusterSession* m_clusterSession = nullptr;
    ClusterPanel* m_cluster = nullptr;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_specError = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QCheckBox* m_resume = nullptr;
    QCheckBox* m_new = nullptr;
    QProgressBar* m_progress = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QTableWidget* m_campaigns = nullptr;
    QStandardItemModel* m_model = nullptr;
    WordFilterProxy* m_proxy = nullptr;
    QTableView* m_runs = nullptr;
    QLineEdit* m_filter = nullptr;
    bool m_valid = false;
    bool m_fromForm = false; ///< the JSON text is being rewritten from the form
};

} // namespace rs::gui
