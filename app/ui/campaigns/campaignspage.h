#pragma once
// The Campaigns page: the store's campaigns and the runs of the chosen one (StorePanel: sorts, filters,
// exports CSV; a store that cannot be read is shown as such), a definition editor (JSON or CampaignForm,
// from a preset or a file, validated as you type), Run on this machine or a Slurm cluster (ClusterPanel:
// submit, shard table, merge), and the run area (CampaignRunBar: Run with Resume / New campaign as the
// CLI's --resume / --new, Cancel, a progress bar and a live log). The page owns the definition and decides
// when Run is enabled and what it does. Talks only to CampaignSession (and its own ClusterSession).

#include <QWidget>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/ui/campaigns/campaignrunbar.h"
#include "app/ui/campaigns/storepanel.h"
#include "app/ui/common/menucontributor.h"
#include "core/campaign/campaignspec.h"

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTabWidget;

namespace rs::sessions {
class CampaignSession;
class ClusterSession;
} // namespace rs::sessions

namespace rs::gui {

class CampaignForm;
class ClusterPanel;

class CampaignsPage : public QWidget, public MenuContributor {
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
    /** @brief The run area: Run / Cancel, Resume / New campaign, progress and log. */
    CampaignRunBar* runBar() const { return m_runBar; }
    /** @brief The store's campaigns and the chosen one's runs. */
    StorePanel* storePanel() const { return m_store; }
    QPushButton* runButton() const { return m_runBar->runButton(); }
    QPushButton* cancelButton() const { return m_runBar->cancelButton(); }
    /** @brief Resume: continue the newest campaign of this definition ("nothing to do" when finished). */
    QCheckBox* resumeBox() const { return m_runBar->resumeBox(); }
    /** @brief New campaign: start another even when the store holds this definition. Without either box,
     *  a stored definition is refused (the CLI's run / --resume / --new rules). */
    QCheckBox* newBox() const { return m_runBar->newBox(); }
    /** @brief The store's path, or why it cannot be read. */
    QLabel* storeLabel() const { return m_store->storeLabel(); }
    QProgressBar* progressBar() const { return m_runBar->progressBar(); }
    QPlainTextEdit* log() const { return m_runBar->log(); }
    QTableWidget* campaignTable() const { return m_store->campaignTable(); }
    QTableView* runTable() const { return m_store->runTable(); }
    QLineEdit* runFilter() const { return m_store->runFilter(); }
    /** @brief Run on this machine or a Slurm cluster, and the cluster campaign's shards. */
    ClusterPanel* clusterPanel() const { return m_cluster; }
    /** @brief The campaign whose runs are shown. */
    std::optional<std::int64_t> selectedCampaign() const { return m_store->selectedCampaign(); }
    /** @brief Writes the shown runs as CSV, all or nothing (the previous file stays when it cannot); false
     *  with the reason in the log. */
    bool exportCsv(const QString& path) { return m_store->exportCsv(path); }

    /** @brief File > Export report… (the store panel's report of the selected campaign). */
    QList<MenuActions> menuActions() const override { return m_menus; }

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

    sessions::CampaignSession* m_session;
    StorePanel* m_store = nullptr;
    QComboBox* m_preset = nullptr;
    std::vector<std::string> m_presetJson; ///< each preset's definition, as specJson writes it
    QPlainTextEdit* m_editor = nullptr;
    CampaignForm* m_form = nullptr;
    sessions::ClusterSession* m_clusterSession = nullptr;
    ClusterPanel* m_cluster = nullptr;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_specError = nullptr;
    CampaignRunBar* m_runBar = nullptr;
    QList<MenuActions> m_menus;
    bool m_valid = false;
    bool m_fromForm = false; ///< the JSON text is being rewritten from the form
};

} // namespace rs::gui
