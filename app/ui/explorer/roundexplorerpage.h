#pragma once
// The Round Explorer page: inputs on the left; on the right the current step (phase, block, round,
// spec step name), the state view with its modes, the stepping controls and the twin run's input
// bits (click one to flip it). The page owns the bare step keys (←/→, Home/End, Space): they act
// while the focus is inside the page, except on a focused button, combo box, tab bar, item view,
// spin box or slider, which keeps the keys it uses. The state view sits in a zooming scroll area
// (Ctrl+plus / Ctrl+minus / Ctrl+0); F11 or Ctrl+Shift+P shows the step full screen for a projector;
// the export actions write the step (PNG, SVG) or a range of steps (PNG folder, PDF handout, GIF).

#include <QWidget>

#include "app/teach/stepexport.h"
#include "app/ui/common/pagehelpers.h"

#include <string>

class QAction;
class QActionGroup;
class QComboBox;
class QLabel;
class QTimer;
class QSettings;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class InputBitsView;
class InputPanel;
class PresentationView;
class StateView;
class StateZoomArea;
class StepControls;

class RoundExplorerPage : public QWidget, public PersistentPage {
    Q_OBJECT

  public:
    explicit RoundExplorerPage(sessions::CipherSession* session, QWidget* parent = nullptr);

    StateView* stateView() const { return m_state; }
    StepControls* stepControls() const { return m_steps; }
    InputPanel* inputPanel() const { return m_inputs; }
    InputBitsView* inputBits() const { return m_inputBits; }
    QComboBox* twinFieldBox() const { return m_twinField; }
    /** @brief "Round 3 · substitution layer" */
    QLabel* stepTitle() const { return m_stepTitle; }
    /** @brief "initialization · block — · step 12 of 38 · round key ..." */
    QLabel* stepDetail() const { return m_stepDetail; }
    /** @brief The step's one-line explanation (core/teach/explain.h). */
    QLabel* stepExplanation() const { return m_explanation; }
    QAction* valueModeAction() const { return m_valueMode; }
    QAction* changedModeAction() const { return m_changedMode; }
    QAction* twinModeAction() const { return m_twinMode; }
    /** @brief Checked: hex cells, unchecked: bits. */
    QAction* hexAction() const { return m_hex; }
    /** @brief Checkable "Show where bits move": the state view's overlay of the step's bit moves
     *  (SKINNY ShiftRows, Ascon p_L, LEA rotations); the exports and the presentation show it too. */
    QAction* showMovesAction() const { return m_showMoves; }
    /** @brief Ctrl+plus, Ctrl+minus, Ctrl+0: zoom the state grid (its scroll area scrolls). */
    QAction* zoomInAction() const { return m_zoomIn; }
    QAction* zoomOutAction() const { return m_zoomOut; }
    QAction* zoomResetAction() const { return m_zoomReset; }
    /** @brief Checkable, F11 / Ctrl+Shift+P: the step full screen (Esc leaves). */
    QAction* presentationAction() const { return m_present; }
    /** @brief "Export step as PNG/SVG…" (a file dialog; the extension decides). */
    QAction* exportStepAction() const { return m_exportStep; }
    /** @brief "Export steps…" (range, PNG folder / PDF / GIF, progress with cancel). */
    QAction* exportStepsAction() const { return m_exportSteps; }
    StateZoomArea* stateArea() const { return m_stateArea; }
    /** @brief The presentation window (nullptr until first shown). */
    PresentationView* presentationView() const { return m_presentation; }

    /** @brief The export of steps from..to (0-based, inclusive) in the page's view (mode, hex) and palette.
     */
    teach::StepExportJob exportJob(int from, int to) const;
    /** @brief Writes the current step to path (.png or .svg); an empty string, or why not. */
    QString exportCurrentStep(const QString& path) const;
    /** @brief Writes steps from..to (0-based) to target (folder, .pdf, .gif). */
    teach::ExportResult exportStepRange(const QString& target, int from, int to,
                                        const teach::ExportProgress& progress = {}) const;

    /** @brief Writes the session's algorithm, rounds and every algorithm's inputs ("session/", "inputs/")
     *  and the page's view choices (modes, speed, flipped bit) under "explorer/". */
    void saveSettings(QSettings& settings) const override;
    /** @brief Reads what saveSettings wrote. */
    void restoreSettings(QSettings& settings) override;
    /** @brief How many times the page redrew the step (tests check that updates are coalesced). */
    int refreshCount() const { return m_refreshes; }

  protected:
    bool event(QEvent* event) override;

  private:
    void refresh();
    void refreshTwinField();
    void refreshTwinSummary();
    void createTeachingActions(); // roundexplorerteach.cpp, with the exports and the presentation
    void setPresenting(bool on);
    void refreshPresentation();
    void refreshMoves();
    /** @brief What the shown layout allows: the ML-DSA polynomial forces hex cells and has no "where bits
     *  move" (both actions disabled with the reason in their tooltips). */
    void applyLayoutLimits();
    static QString kMovesTip();

    sessions::CipherSession* m_session;
    InputPanel* m_inputs = nullptr;
    StateView* m_state = nullptr;
    StepControls* m_steps = nullptr;
    InputBitsView* m_inputBits = nullptr;
    QComboBox* m_twinField = nullptr;
    QLabel* m_twinSummary = nullptr;
    QLabel* m_stepTitle = nullptr;
    QLabel* m_stepDetail = nullptr;
    QLabel* m_explanation = nullptr;
    QLabel* m_geometryTitle = nullptr;
    QActionGroup* m_modes = nullptr;
    QAction* m_valueMode = nullptr;
    QAction* m_changedMode = nullptr;
    QAction* m_twinMode = nullptr;
    QAction* m_hex = nullptr;
    bool m_hexBefore = false; ///< the hex choice to restore after the ML-DSA polynomial
    QAction* m_showMoves = nullptr;
    QAction* m_zoomIn = nullptr;
    QAction* m_zoomOut = nullptr;
    QAction* m_zoomReset = nullptr;
    QAction* m_present = nullptr;
    QAction* m_exportStep = nullptr;
    QAction* m_exportSteps = nullptr;
    StateZoomArea* m_stateArea = nullptr;
    PresentationView* m_presentation = nullptr;
    std::string m_layoutName;        ///< the state layout the state view has, set only when it changes
    QTimer* m_refreshSoon = nullptr; ///< one redraw on the next event loop pass for a burst of changes
    int m_refreshes = 0;
};

} // namespace rs::gui
