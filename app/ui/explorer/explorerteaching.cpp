#include "app/ui/explorer/explorerteaching.h"

#include "app/charts/theme.h"
#include "app/ui/explorer/presentationview.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/explorer/statezoomarea.h"
#include "app/ui/explorer/stepexportdialog.h"
#include "app/ui/explorer/viewmodebar.h"
#include "core/sessions/ciphersession.h"

#include <QAction>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QProgressDialog>

#include <algorithm>
#include <climits>

namespace rs::gui {

ExplorerTeaching::ExplorerTeaching(sessions::CipherSession* session, QWidget* page, StateZoomArea* area,
                                   ViewModeBar* view, QLabel* title)
    : QObject(page), m_session(session), m_page(page), m_area(area), m_view(view), m_title(title) {
    const auto make = [page](const QString& text, const QList<QKeySequence>& keys, const QString& tip) {
        auto* a = new QAction(text, page);
        a->setShortcuts(keys);
        // Like the step keys: they act while the focus is in the page (the main window may also list them).
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        a->setToolTip(tip);
        page->addAction(a);
        return a;
    };
    m_zoomIn =
        make(tr("Zoom &in"), {QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)},
             tr("Larger state grid and labels (Ctrl++)"));
    m_zoomOut =
        make(tr("Zoom &out"), {QKeySequence(Qt::CTRL | Qt::Key_Minus)}, tr("Smaller state grid (Ctrl+-)"));
    m_zoomReset =
        make(tr("&Reset zoom"), {QKeySequence(Qt::CTRL | Qt::Key_0)}, tr("The grid fits the page (Ctrl+0)"));
    m_present = make(tr("&Presentation mode"),
                     {QKeySequence(Qt::Key_F11), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)},
                     tr("The step full screen for a projector (F11 or Ctrl+Shift+P; Esc leaves)"));
    m_present->setCheckable(true);
    m_exportStep = new QAction(tr("Export step as PNG/SVG…"), page);
    m_exportStep->setToolTip(tr("Write the current state grid as a PNG or SVG image"));
    m_exportSteps = new QAction(tr("Export steps…"), page);
    m_exportSteps->setToolTip(tr("Write a range of steps as PNG files, a PDF handout or an animated GIF"));

    connect(m_zoomIn, &QAction::triggered, m_area, &StateZoomArea::zoomIn);
    connect(m_zoomOut, &QAction::triggered, m_area, &StateZoomArea::zoomOut);
    connect(m_zoomReset, &QAction::triggered, m_area, &StateZoomArea::resetZoom);
    connect(m_present, &QAction::toggled, this, &ExplorerTeaching::setPresenting);
    connect(m_exportStep, &QAction::triggered, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(m_page, tr("Export step"), QStringLiteral("step.png"),
                                         tr("PNG image (*.png);;SVG image (*.svg)"));
        if (path.isEmpty()) return;
        const QString error = exportCurrentStep(path);
        if (!error.isEmpty()) QMessageBox::warning(m_page, tr("Export step"), error);
    });
    connect(m_exportSteps, &QAction::triggered, this, &ExplorerTeaching::exportStepsWithDialog);
}

void ExplorerTeaching::exportStepsWithDialog() {
    if (m_session->stepCount() == 0) return;
    StepExportDialog dialog(m_session->stepCount(), m_session->currentStep(), m_page);
    if (dialog.exec() != QDialog::Accepted || dialog.target().isEmpty()) return;
    QProgressDialog progress(tr("Exporting steps…"), tr("Cancel"), 0, dialog.to() - dialog.from() + 1,
                             m_page);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(400);
    const teach::ExportResult r =
        exportStepRange(dialog.target(), dialog.from(), dialog.to(), [&progress](int done, int) {
            progress.setValue(done);
            return !progress.wasCanceled();
        });
    progress.reset();
    if (!r.ok && !r.cancelled) QMessageBox::warning(m_page, tr("Export steps"), r.error);
}

teach::StepExportJob ExplorerTeaching::exportJob(int from, int to) const {
    const StateView* state = m_area->view();
    teach::StepExportJob job;
    job.trace = &m_session->trace();
    if (m_session->hasTwin()) job.twin = &m_session->twinTrace();
    job.mode = state->mode() == StateView::Mode::Twin      ? teach::GridMode::Twin
               : state->mode() == StateView::Mode::Changed ? teach::GridMode::Changed
                                                           : teach::GridMode::Value;
    job.format =
        state->cellFormat() == StateView::CellFormat::Hex ? teach::GridFormat::Hex : teach::GridFormat::Bits;
    job.colors = teach::gridColorsFrom(charts::stateColors(m_page->palette()));
    job.showMoves = m_view->showMovesAction()->isChecked();
    job.selectedBit = state->selectedBit();
    job.from = static_cast<std::size_t>(std::max(0, from));
    job.to = static_cast<std::size_t>(std::max(0, to));
    // The handout's header: what ran (teach::handoutHeaderLines).
    job.cipher = QString::fromStdString(m_session->algorithm().displayName);
    for (const sessions::ExplorerField& f : m_session->algorithm().fields) {
        const QString name = QString::fromStdString(f.name);
        const crypto::Bytes bytes = m_session->inputBytes(name);
        if (!bytes.empty())
            job.inputs << QStringLiteral("%1 = %2").arg(name, QString::fromStdString(crypto::toHex(bytes)));
    }
    if (m_session->hasTwin())
        job.flipped = tr("bit %1 of %2").arg(m_session->flipBit()).arg(m_session->flipField());
    return job;
}

QString ExplorerTeaching::exportCurrentStep(const QString& path) const {
    const auto kind = teach::exportKindFor(path, true);
    if (kind != teach::ExportKind::Png && kind != teach::ExportKind::Svg)
        return tr("'%1': choose a .png or .svg file").arg(path);
    const int i = m_session->currentStep();
    const teach::ExportResult r = teach::exportSteps(exportJob(i, i), path, *kind);
    return r.ok ? QString() : r.error;
}

teach::ExportResult ExplorerTeaching::exportStepRange(const QString& target, int from, int to,
                                                      const teach::ExportProgress& progress) const {
    const auto kind = teach::exportKindFor(target, false);
    if (!kind) {
        teach::ExportResult r;
        r.error = tr("'%1': choose a folder (PNG files), a .pdf or a .gif file").arg(target);
        return r;
    }
    return teach::exportSteps(exportJob(from, to), target, *kind, progress);
}

void ExplorerTeaching::setPresenting(bool on) {
    if (!on) {
        if (m_presentation != nullptr) m_presentation->hide();
        return;
    }
    if (m_presentation == nullptr) {
        m_presentation = new PresentationView(m_page);
        m_presentation->setObjectName(QStringLiteral("presentation"));
        connect(m_presentation, &PresentationView::leaveRequested, this,
                [this] { m_present->setChecked(false); });
        connect(m_presentation, &PresentationView::stepRequested, this, [this](int delta) {
            const int last = m_session->stepCount() - 1;
            const int i = delta == INT_MIN ? 0
                          : delta == INT_MAX
                              ? last
                              : std::clamp(m_session->currentStep() + delta, 0, std::max(0, last));
            m_session->setCurrentStep(i);
        });
    }
    refreshPresentation();
    m_presentation->showFullScreen();
    m_presentation->raise();
    m_presentation->activateWindow();
    m_presentation->setFocus();
}

void ExplorerTeaching::refreshPresentation() {
    if (m_presentation == nullptr || !m_present->isChecked()) return;
    const int i = m_session->currentStep();
    if (i < 0 || i >= m_session->stepCount()) {
        teach::GridContent empty;
        empty.emptyText = tr("No trace");
        m_presentation->setStep(-1, 0);
        m_presentation->setContent(empty, teach::gridColorsFrom(charts::stateColors(m_page->palette())));
        return;
    }
    const teach::StepExportJob job = exportJob(i, i);
    teach::GridContent c = teach::stepContent(job, static_cast<std::size_t>(i));
    c.title = m_title->text();
    m_presentation->setContent(c, job.colors);
    m_presentation->setStep(i, m_session->stepCount());
}

} // namespace rs::gui
