#pragma once
// The waveform page: the trace WaveformSession holds (the last IP run, or a VCD/FST file) in the
// waveform view, the signal list beside it and the pipeline lane chart below, on one time axis.
// Toolbar: open (Ctrl+O, off the GUI thread with progress and cancel), export VCD/FST (Ctrl+Shift+W),
// open in GTKWave (when installed), capture the explorer's inputs on the IP, fit/zoom, the clock that
// numbers cycles, the unit (cycles or ns at a clock frequency), find a value (equal, not equal, a masked
// pattern; Ctrl+F, F3 / Shift+F3) on the selected row and the rows Ctrl+clicked beside it, go to a cycle or
// a time (Ctrl+G), markers. It follows the
// Round Explorer: a step moves cursor A to the clock where the IP's state register holds that state.

#include <QWidget>

#include <optional>

#include "app/ui/common/menucontributor.h"
#include "core/waveform/waveformstore.h"

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;

namespace rs::hw {
class WaveformSession;
}

namespace rs::gui {

class PipelineLaneView;
class AxiTransactionList;
class ClockListModel;
class ComparePanel;
class MarkerList;
class SavedViews;
class SignalTree;
class WaveformView;
class WaveReloader;

class WaveformPage : public QWidget, public MenuContributor {
    Q_OBJECT

  public:
    explicit WaveformPage(hw::WaveformSession* session, QWidget* parent = nullptr);

    WaveformView* view() const { return m_view; }
    SignalTree* signalTree() const { return m_tree; }
    PipelineLaneView* laneView() const { return m_lanes; }
    QComboBox* clockBox() const { return m_clock; }
    QComboBox* unitBox() const { return m_unit; }
    QDoubleSpinBox* mhzBox() const { return m_mhz; }
    QLineEdit* findEdit() const { return m_find; }
    /** @brief =, ≠ or pattern (data: waveform::MatchMode). */
    QComboBox* findModeBox() const { return m_findMode; }
    /** @brief Go to a cycle (index 0) or a time (index 1). */
    QComboBox* gotoModeBox() const { return m_gotoMode; }
    QLineEdit* gotoEdit() const { return m_goto; }
    QCheckBox* followBox() const { return m_follow; }
    /** @brief Origin, cursors and Δ. */
    QLabel* statusLabel() const { return m_status; }
    /** @brief The last error (bad file, failed export), empty when none. */
    QLabel* messageLabel() const { return m_message; }
    QProgressBar* progressBar() const { return m_progress; }
    QAction* openAction() const { return m_openAction; }
    QAction* exportAction() const { return m_exportAction; }
    QAction* gtkwaveAction() const { return m_gtkwaveAction; }
    QAction* captureAction() const { return m_captureAction; }
    /** @brief The AXI4-Lite transactions of the trace (axitransactionlist.h). */
    AxiTransactionList* axiList() const { return m_axi; }
    /** @brief Two dumps in one view (comparepanel.h). */
    ComparePanel* comparePanel() const { return m_compare; }
    /** @brief "Add computed row…" (computedrow.h). */
    QAction* computedRowAction() const { return m_computedRowAction; }
    /** @brief The markers' list beside the signals. */
    MarkerList* markerList() const { return m_markers; }
    /** @brief Reload of the file on view (Ctrl+Shift+L; by itself when it changes on disk). */
    WaveReloader* reloader() const { return m_reload; }
    /** @brief Save / open a view, its autosave beside the file and GTKWave's .gtkw (savedviews.h). */
    SavedViews* savedViews() const { return m_saved; }

    /** @brief Opens a file (asynchronously) as if chosen in the dialog. */
    void openFile(const QString& path);
    /** @brief Exports to path (VCD or FST by extension); false and the reason shown on failure. */
    bool exportFile(const QString& path);
    /** @brief Finds the value typed in the find box in the selected signal and the rows Ctrl+clicked
     *  beside it, by the mode: equal or not equal to it (hex, or the row's radix, or a state name), or a
     *  masked pattern (waveform::parsePattern). A bad value is shown in the message line. */
    bool findValue(bool forward);
    /** @brief Moves cursor A to the cycle or time typed in the go-to box; a bad one (no unit, no clock
     *  numbering cycles, past the trace) is shown in the message line. */
    bool goTo();
    /** @brief Moves cursor A to the cycle linked to the explorer's step (when linked). */
    void followStep(int step);

    /** @brief File: open and export (window-wide, they show the page) and Open in GTKWave. */
    QList<MenuActions> menuActions() const override;
    QList<ShortcutRow> shortcutRows() const override;

  signals:
    /** @brief The user asked to capture the explorer's inputs on the IP (the window does it). */
    void captureRequested();
    void notice(const QString& message);

  private:
    void onStoreChanged();
    void refillClocks();
    void updateStatus();
    /** @brief Export and Open in GTKWave: enabled only with a trace loaded (and GTKWave installed). */
    void updateTraceActions();
    /** @brief Hides the message when it is a Find complaint (edited or answered since). */
    void clearFindError();
    void showError(const QString& message);
    /** @brief showError() for a Find or Go to complaint (hidden again once the box is edited). */
    void showFindError(const QString& message);
    /** @brief Ctrl+F, F3 / Shift+F3, Ctrl+G while the focus is in the page. */
    void addSearchShortcuts();

    hw::WaveformSession* m_session;
    WaveformView* m_view = nullptr;
    SignalTree* m_tree = nullptr;
    PipelineLaneView* m_lanes = nullptr;
    QScrollArea* m_laneScroll = nullptr;
    QComboBox* m_clock = nullptr;
    ClockListModel* m_clockModel = nullptr;
    QComboBox* m_unit = nullptr;
    QDoubleSpinBox* m_mhz = nullptr;
    QLineEdit* m_find = nullptr;
    QComboBox* m_findMode = nullptr;
    QComboBox* m_gotoMode = nullptr;
    QLineEdit* m_goto = nullptr;
    QCheckBox* m_follow = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_message = nullptr;
    bool m_findError = false; ///< m_message holds a Find complaint
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_gtkwaveAction = nullptr;
    QAction* m_captureAction = nullptr;
    QAction* m_computedRowAction = nullptr;
    AxiTransactionList* m_axi = nullptr;
    ComparePanel* m_compare = nullptr;
    MarkerList* m_markers = nullptr;
    WaveReloader* m_reload = nullptr;
    SavedViews* m_saved = nullptr;
};

} // namespace rs::gui
