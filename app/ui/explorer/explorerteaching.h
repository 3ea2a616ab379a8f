#pragma once
// The Round Explorer's teaching tools: the zoom of the state grid (Ctrl+plus / Ctrl+minus / Ctrl+0), the
// presentation mode (F11 or Ctrl+Shift+P: the step full screen for a projector, Esc leaves) and the step
// exports (the step as PNG or SVG; a range of steps as a PNG folder, a PDF handout or a GIF), all in the
// page's view (mode, cells, overlay) and palette. The actions' keys act while the focus is in the page.

#include <QObject>

#include "app/teach/stepexport.h"

class QAction;
class QLabel;
class QWidget;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class PresentationView;
class StateZoomArea;
class ViewModeBar;

class ExplorerTeaching : public QObject {
    Q_OBJECT

  public:
    /** @brief The tools of `page` (their actions are added to it) over the grid in `area`, drawn as `view`
     *  says; the presentation's title is `title`'s text. */
    ExplorerTeaching(sessions::CipherSession* session, QWidget* page, StateZoomArea* area, ViewModeBar* view,
                     QLabel* title);

    QAction* zoomInAction() const { return m_zoomIn; }
    QAction* zoomOutAction() const { return m_zoomOut; }
    QAction* zoomResetAction() const { return m_zoomReset; }
    /** @brief Checkable: the step full screen. */
    QAction* presentationAction() const { return m_present; }
    /** @brief "Export step as PNG/SVG…" (a file dialog; the extension decides). */
    QAction* exportStepAction() const { return m_exportStep; }
    /** @brief "Export steps…" (range, PNG folder / PDF / GIF, progress with cancel). */
    QAction* exportStepsAction() const { return m_exportSteps; }
    /** @brief The presentation window (nullptr until first shown). */
    PresentationView* presentationView() const { return m_presentation; }

    /** @brief The export of steps from..to (0-based, inclusive) in the page's view and palette. */
    teach::StepExportJob exportJob(int from, int to) const;
    /** @brief Writes the current step to path (.png or .svg); an empty string, or why not. */
    QString exportCurrentStep(const QString& path) const;
    /** @brief Writes steps from..to (0-based) to target (folder, .pdf, .gif). */
    teach::ExportResult exportStepRange(const QString& target, int from, int to,
                                        const teach::ExportProgress& progress = {}) const;
    /** @brief Shows the current step in the presentation, when it is on. */
    void refreshPresentation();

  private:
    void setPresenting(bool on);
    void exportStepsWithDialog();

    sessions::CipherSession* m_session;
    QWidget* m_page;
    StateZoomArea* m_area;
    ViewModeBar* m_view;
    QLabel* m_title;
    QAction* m_zoomIn = nullptr;
    QAction* m_zoomOut = nullptr;
    QAction* m_zoomReset = nullptr;
    QAction* m_present = nullptr;
    QAction* m_exportStep = nullptr;
    QAction* m_exportSteps = nullptr;
    PresentationView* m_presentation = nullptr;
};

} // namespace rs::gui
