#pragma once
// The Round Explorer page: inputs on the left; on the right the current step in words (StepHeader), the
// "Show:" bar of view choices (ViewModeBar: the view mode as a value), the state view in a zooming scroll
// area, the stepping controls (StepControls) and the twin run (TwinPanel: click an input bit to flip it).
// The teaching tools (zoom, presentation, step exports) are ExplorerTeaching's. The page owns the bare step
// keys (←/→, Home/End, Space): they act while the focus is inside the page, except on a focused button,
// combo box, tab bar, item view, spin box or slider, which keeps the keys it uses. It contributes its
// actions to the main window's File, View and Run menus (MenuContributor).

#include <QWidget>

#include "app/teach/stepexport.h"
#include "app/ui/common/menucontributor.h"
#include "app/ui/common/pagehelpers.h"
#include "app/ui/explorer/explorerteaching.h"
#include "app/ui/explorer/stepheader.h"
#include "app/ui/explorer/twinpanel.h"
#include "app/ui/explorer/viewmodebar.h"

#include <string>

class QAction;
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
class NormBars;
class PresentationView;
class StateView;
class StateZoomArea;
class StepControls;

class RoundExplorerPage : public QWidget, public PersistentPage, public MenuContributor {
    Q_OBJECT

  public:
    explicit RoundExplorerPage(sessions::CipherSession* session, QWidget* parent = nullptr);

    // The page's parts.
    StateView* stateView() const { return m_state; }
    StateZoomArea* stateArea() const { return m_stateArea; }
    StepControls* stepControls() const { return m_steps; }
    InputPanel* inputPanel() const { return m_inputs; }
    StepHeader* stepHeader() const { return m_header; }
    ViewModeBar* viewModes() const { return m_view; }
    TwinPanel* twinPanel() const { return m_twin; }
    ExplorerTeaching* teaching() const { return m_teaching; }

    /** @brief How the state is drawn: the value, the bits this step changed, or the twin difference. */
    StateView::Mode viewMode() const { return m_view->mode(); }
    /** @brief Shows the state in this mode (the mode actions follow); viewModeChanged when it changes. */
    void setViewMode(StateView::Mode mode) { m_view->setMode(mode); }

    // What the tests and the app reach, by its old names.
    InputBitsView* inputBits() const { return m_twin->inputBits(); }
    QComboBox* twinFieldBox() const { return m_twin->fieldBox(); }
    QLabel* stepTitle() const { return m_header->title(); }
    QLabel* stepDetail() const { return m_header->detail(); }
    QLabel* stepExplanation() const { return m_header->explanation(); }
    QAction* valueModeAction() const { return m_view->modeAction(StateView::Mode::Value); }
    QAction* changedModeAction() const { return m_view->modeAction(StateView::Mode::Changed); }
    QAction* twinModeAction() const { return m_view->modeAction(StateView::Mode::Twin); }
    QAction* hexAction() const { return m_view->hexAction(); }
    QAction* showMovesAction() const { return m_view->showMovesAction(); }
    QAction* zoomInAction() const { return m_teaching->zoomInAction(); }
    QAction* zoomOutAction() const { return m_teaching->zoomOutAction(); }
    QAction* zoomResetAction() const { return m_teaching->zoomResetAction(); }
    QAction* presentationAction() const { return m_teaching->presentationAction(); }
    QAction* exportStepAction() const { return m_teaching->exportStepAction(); }
    QAction* exportStepsAction() const { return m_teaching->exportStepsAction(); }
    PresentationView* presentationView() const { return m_teaching->presentationView(); }
    teach::StepExportJob exportJob(int from, int to) const { return m_teaching->exportJob(from, to); }
    QString exportCurrentStep(const QString& path) const { return m_teaching->exportCurrentStep(path); }
    teach::ExportResult exportStepRange(const QString& target, int from, int to,
                                        const teach::ExportProgress& progress = {}) const {
        return m_teaching->exportStepRange(target, from, to, progress);
    }

    /** @brief File: the step exports; View: the view choices, zoom and presentation; Run: stepping, random
     *  inputs (Ctrl+R, while the focus is in the page) and the spec example (Ctrl+Shift+R). */
    QList<MenuActions> menuActions() const override { return m_menus; }
    QList<ShortcutRow> shortcutRows() const override;

    /** @brief Writes the session's algorithm, rounds and every algorithm's inputs ("session/", "inputs/")
     *  and the page's view choices (modes, speed, flipped bit) under "explorer/". */
    void saveSettings(QSettings& settings) const override;
    /** @brief Reads what saveSettings wrote. */
    void restoreSettings(QSettings& settings) override;
    /** @brief How many times the page redrew the step (tests check that updates are coalesced). */
    int refreshCount() const { return m_refreshes; }

  signals:
    void viewModeChanged(StateView::Mode mode);

  protected:
    bool event(QEvent* event) override;

  private:
    void buildMenus();
    void refresh();
    void refreshMoves();

    sessions::CipherSession* m_session;
    InputPanel* m_inputs = nullptr;
    StepHeader* m_header = nullptr;
    NormBars* m_normBars = nullptr;
    ViewModeBar* m_view = nullptr;
    StateView* m_state = nullptr;
    StateZoomArea* m_stateArea = nullptr;
    StepControls* m_steps = nullptr;
    TwinPanel* m_twin = nullptr;
    ExplorerTeaching* m_teaching = nullptr;
    QList<MenuActions> m_menus;
    std::string m_layoutName;        ///< the state layout the state view has, set only when it changes
    QTimer* m_refreshSoon = nullptr; ///< one redraw on the next event loop pass for a burst of changes
    int m_refreshes = 0;
};

} // namespace rs::gui
