#pragma once
// The diffusion page of the Round Explorer: analysis controls (varied field and bit range, samples,
// SAC), progress with cancel, and the charts: twin flips per round, dependency per round, SAC
// heatmap, LEA counter diffusion. The analysis runs in the DiffusionSession, off the GUI thread; the
// explorer's CipherSession gives the algorithm, rounds, flipped field and the twin run. Contributes
// File ▸ Export chart as PNG/PDF (Ctrl+E, Ctrl+Shift+E) and Run ▸ Analyze (F5) / Cancel (Esc).

#include <QTimer>
#include <QWidget>

#include "app/ui/common/menucontributor.h"
#include "app/ui/common/pagehelpers.h"
#include "core/analysis/diffusion.h"

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSettings;
class QSpinBox;
class QTabWidget;

namespace rs::sessions {
class CipherSession;
class DiffusionSession;
} // namespace rs::sessions

namespace rs::charts {
class ChartView;
class DiffusionChart;
class SacHeatmap;
class TwinFlipChart;
} // namespace rs::charts

namespace rs::gui {

class CounterDiffusionView;

class DiffusionPage : public QWidget, public PersistentPage, public MenuContributor {
    Q_OBJECT

  public:
    /** @brief session: the explorer run the page follows; diffusion: the analysis it starts and shows. */
    DiffusionPage(sessions::CipherSession* session, sessions::DiffusionSession* diffusion,
                  QWidget* parent = nullptr);

    charts::TwinFlipChart* twinChart() const { return m_twinChart; }
    charts::DiffusionChart* dependencyChart() const { return m_depChart; }
    charts::SacHeatmap* sacHeatmap() const { return m_sac; }
    CounterDiffusionView* counterView() const { return m_counter; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QSpinBox* samplesBox() const { return m_samples; }
    QTabWidget* tabs() const { return m_tabs; }
    /** @brief The chart of the current tab, or nullptr (the counter table is no chart). */
    charts::ChartView* currentChart() const;

    /** @brief The Vary box (one entry per analysis::fieldsFor of the algorithm's analysis id). */
    QComboBox* fieldBox() const { return m_field; }
    QSpinBox* firstBitBox() const { return m_first; }
    QSpinBox* lastBitBox() const { return m_last; }
    QLabel* summaryLabel() const { return m_summary; }

    void saveSettings(QSettings& settings) const override;
    void restoreSettings(QSettings& settings) override;
    QList<MenuActions> menuActions() const override { return m_menus; }
    QList<ShortcutRow> shortcutRows() const override;

  public slots:
    /** @brief Starts the analysis the controls describe; while one runs it says why not, and right
     *  after a cancel it queues the new one. */
    void runAnalysis();
    /** @brief Cancels the running analysis. */
    void cancelAnalysis();
    /** @brief Analyses plaintext bits first..last structurally (the LEA counter presets); the
     *  controls show the preset once the analysis has started. */
    void runCounterAnalysis(int firstBit, int lastBit);

  signals:
    /** @brief A short note for the status bar (e.g. why F5 did not start an analysis). */
    void notice(const QString& text);

  private:
    void createMenuActions();
    /** @brief Enables the chart exports while the current tab shows a chart, and says why not. */
    void updateExports();
    /** @brief Starts or queues r; false (with a notice) while an analysis runs uncancelled or an explorer
     *  input is invalid (the notice names the field). */
    bool start(const analysis::DiffusionRequest& r);
    void refreshFields();
    void refreshRange();
    void refreshTwin();
    void showResult();
    /** @brief Sets the summary, adding a note when the charts' result is for another algorithm or
     *  round count than the explorer shows now. */
    void setSummary(const QString& text);
    void setRunning(bool running);

    sessions::CipherSession* m_session;
    sessions::DiffusionSession* m_diffusion;
    QComboBox* m_field = nullptr;
    QSpinBox* m_first = nullptr;
    QSpinBox* m_last = nullptr;
    QSpinBox* m_samples = nullptr;
    QCheckBox* m_keepSac = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QList<QPushButton*> m_exportButtons; ///< Export PNG/PDF: enabled while the current tab is a chart
    QList<QAction*> m_exportActions;     ///< File > Export chart as PNG/PDF (Ctrl+E, Ctrl+Shift+E)
    QProgressBar* m_progress = nullptr;
    QLabel* m_summary = nullptr;
    QTabWidget* m_tabs = nullptr;
    charts::TwinFlipChart* m_twinChart = nullptr;
    charts::DiffusionChart* m_depChart = nullptr;
    charts::SacHeatmap* m_sac = nullptr;
    QSpinBox* m_sacRound = nullptr;
    QLabel* m_sacNote = nullptr;          ///< why a transform has no SAC heatmap (shown instead of it)
    QHBoxLayout* m_sacRoundRow = nullptr; ///< the heatmap's round choice, hidden with it
    CounterDiffusionView* m_counter = nullptr;
    QTimer* m_stepSoon = nullptr; ///< coalesces step changes into one chart update per 40 ms
    QTimer* m_twinSoon = nullptr; ///< one chart rebuild on the next event loop pass for a recomputation
    QString m_resultText;         ///< the summary of the result the charts show (empty before the first)
    QList<MenuActions> m_menus;
};

} // namespace rs::gui
