#pragma once
// The diffusion page of the Round Explorer: analysis controls (varied field and bit range, samples,
// SAC), progress with cancel, and the charts: twin flips per round, dependency per round, SAC
// heatmap, LEA counter diffusion. The analysis runs in the CipherSession, off the GUI thread.

#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSettings;
class QSpinBox;
class QTabWidget;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class ChartView;
class CounterDiffusionView;
class DiffusionChart;
class SacHeatmap;
class TwinFlipChart;

class DiffusionPage : public QWidget {
    Q_OBJECT

  public:
    explicit DiffusionPage(sessions::CipherSession* session, QWidget* parent = nullptr);

    TwinFlipChart* twinChart() const { return m_twinChart; }
    DiffusionChart* dependencyChart() const { return m_depChart; }
    SacHeatmap* sacHeatmap() const { return m_sac; }
    CounterDiffusionView* counterView() const { return m_counter; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QSpinBox* samplesBox() const { return m_samples; }
    QTabWidget* tabs() const { return m_tabs; }
    /** @brief The chart of the current tab, or nullptr (the counter table is no chart). */
    ChartView* currentChart() const;

    void saveSettings(QSettings& settings) const;
    void restoreSettings(QSettings& settings);

  public slots:
    /** @brief Starts the analysis the controls describe. */
    void runAnalysis();
    /** @brief Cancels the running analysis. */
    void cancelAnalysis();
    /** @brief Analyses plaintext bits first..last structurally (the LEA counter presets). */
    void runCounterAnalysis(int firstBit, int lastBit);

  private:
    void refreshFields();
    void refreshRange();
    void refreshTwin();
    void showResult();
    void setRunning(bool running);

    sessions::CipherSession* m_session;
    QComboBox* m_field = nullptr;
    QSpinBox* m_first = nullptr;
    QSpinBox* m_last = nullptr;
    QSpinBox* m_samples = nullptr;
    QCheckBox* m_keepSac = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_summary = nullptr;
    QTabWidget* m_tabs = nullptr;
    TwinFlipChart* m_twinChart = nullptr;
    DiffusionChart* m_depChart = nullptr;
    SacHeatmap* m_sac = nullptr;
    QSpinBox* m_sacRound = nullptr;
    CounterDiffusionView* m_counter = nullptr;
    QTimer m_twinTimer; ///< coalesces step changes into one chart update per 40 ms
};

} // namespace rs::gui
