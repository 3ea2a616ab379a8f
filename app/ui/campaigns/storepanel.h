#pragma once
// The store side of the Campaigns page: the store's path (or why it cannot be read) with Open store…, the
// store's campaigns (a baseline marked "★ baseline"; Mark as baseline / Clear baseline on the chosen one, a
// button and the list's context menu), and the runs of the chosen one in a table that sorts, filters (several
// words, all must appear) and exports CSV as shown; the chosen campaign against another as an HTML report
// or, with Compare…, as a table of verdicts (ComparisonDialog). Talks only to CampaignSession; what it has
// to say beyond its labels (a store that cannot be opened, an export that failed) goes out as logLine for
// the page's log.

#include <QWidget>

#include <cstdint>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStandardItemModel;
class QTableView;
class QTableWidget;

namespace rs::sessions {
class CampaignSession;
}
namespace rs::campaign {
struct CampaignSide;
}

namespace rs::gui {

class ComparisonDialog;
class WordFilterProxy;

class StorePanel : public QWidget {
    Q_OBJECT

  public:
    explicit StorePanel(sessions::CampaignSession* session, QWidget* parent = nullptr);

    /** @brief The store's path, or why it cannot be read. */
    QLabel* storeLabel() const { return m_storeLabel; }
    QTableWidget* campaignTable() const { return m_campaigns; }
    QTableView* runTable() const { return m_runs; }
    QLineEdit* runFilter() const { return m_filter; }
    /** @brief The campaign whose runs are shown. */
    std::optional<std::int64_t> selectedCampaign() const;
    /** @brief Writes the shown runs as CSV, all or nothing (the previous file stays when it cannot); false
     *  with the reason as a logLine. */
    bool exportCsv(const QString& path);
    /** @brief Campaign to compare the selected one against in a report (the baseline); none: a report of the
     *  selected campaign alone. */
    QComboBox* reportAgainst() const { return m_against; }
    /** @brief Writes the HTML report (campaign report) of the selected campaign, or of it against the chosen
     *  baseline, all or nothing; false with the reason as a logLine. */
    bool exportReport(const QString& path);
    /** @brief Asks for a file and writes the report (File > Export report…, the Export report… button). */
    void exportReportWithDialog();
    /** @brief Opens the comparison of the selected campaign (B) against the one chosen in reportAgainst()
     *  (A): the table of verdicts (ComparisonDialog, not modal); nullptr with the reason as a logLine when
     *  either is missing. */
    ComparisonDialog* compareWithChosen();
    QPushButton* compareButton() const { return m_compareButton; }
    /** @brief Marks the selected campaign as the baseline of its machine and revision, or clears its mark
     *  when it is one (through the session, off the GUI thread; the log says what was done). */
    QAction* baselineAction() const { return m_baselineAction; }
    QPushButton* baselineButton() const { return m_baselineButton; }
    /** @brief Opens (or creates) the store at path; a failure is said in the store label and the log. */
    void openStore(const QString& path);
    /** @brief Reads the store's campaigns again (keeping the chosen one, else the newest) and its runs. */
    void refreshCampaigns();

  signals:
    /** @brief A line for the page's log. */
    void logLine(const QString& line);
    /** @brief The campaign list was read again (the store opened, changed or failed). */
    void refreshed();

  private:
    /** @brief A store that could not be opened: the log and the store label say why (until one opens). */
    void showStoreFailure(const QString& path, const QString& error);
    void showRuns();
    /** @brief The baseline action's text, tooltip and state for the selected campaign. */
    void updateBaselineAction();
    void toggleBaseline();
    /** @brief A campaign of the store with its runs; nullopt (error set when the store failed) when gone. */
    std::optional<campaign::CampaignSide> sideOf(std::int64_t id, QString* error) const;

    sessions::CampaignSession* m_session;
    QLabel* m_storeLabel = nullptr;
    QString m_storeFailure;
    std::optional<std::int64_t> m_follow; ///< the campaign the next refresh selects (one that just ran)
    QTableWidget* m_campaigns = nullptr;
    QStandardItemModel* m_model = nullptr;
    WordFilterProxy* m_proxy = nullptr;
    QTableView* m_runs = nullptr;
    QLineEdit* m_filter = nullptr;
    QComboBox* m_against = nullptr;
    QAction* m_baselineAction = nullptr;
    QPushButton* m_baselineButton = nullptr;
    QPushButton* m_compareButton = nullptr;
};

} // namespace rs::gui
