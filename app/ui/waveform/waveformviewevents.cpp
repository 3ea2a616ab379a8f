// The waveform view's input: resize, wheel (zoom around the mouse, Shift: pan), mouse (cursors,
// row selection, box zoom), keys and the rows' tooltips, each a change of the view's WaveViewState.
// Painting: waveformview.cpp; the row context menu and row edits: waveformviewrows.cpp.
#include "app/ui/waveform/waveformview.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QRubberBand>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace rs::gui {

using waveform::Tick;

void WaveformView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    const int left = std::clamp(viewport()->width() / 5, 120, 220);
    m_state.setWaveArea(left, std::max(1, viewport()->width() - left));
    m_state.keepInTrace(); // a fitted view fits again
    rangeChanged();
}

bool WaveformView::event(QEvent* event) {
    // Esc leaves a box zoom before any window-wide Esc shortcut (cancel analysis) sees it.
    if (event->type() == QEvent::ShortcutOverride && m_bandStart >= 0 &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        event->accept();
        return true;
    }
    if (event->type() == QEvent::ToolTip) { // over a row's name: the signal it shows
        const auto* help = static_cast<QHelpEvent*>(event);
        const QPoint pos = viewport()->mapFrom(this, help->pos());
        const QString tip = pos.x() < waveLeft() ? rowToolTip(rowAt(pos.y())) : QString();
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QAbstractScrollArea::event(event);
}

void WaveformView::wheelEvent(QWheelEvent* event) {
    const QPoint d = event->angleDelta();
    // The larger axis: Alt turns a vertical wheel horizontal on some platforms.
    const int delta = std::abs(d.x()) > std::abs(d.y()) ? d.x() : d.y();
    const bool overNames = event->position().x() < waveLeft();
    if (event->modifiers() & Qt::AltModifier || overNames) { // scroll the rows
        verticalScrollBar()->setValue(verticalScrollBar()->value() -
                                      static_cast<int>(std::lround(delta * 3.0 * kRowHeight / 120.0)));
    } else if (event->modifiers() & Qt::ShiftModifier || std::abs(d.x()) > std::abs(d.y())) {
        syncArea();
        panPixels(-delta / 120.0 * m_state.waveWidth() / 8);
    } else if (d.y() != 0) {
        const double x = std::max<double>(waveLeft(), event->position().x());
        zoomBy(std::pow(1.25, d.y() / 120.0), mapper().tick(x));
    }
    event->accept();
}

void WaveformView::mousePressEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    const bool inWave = pos.x() >= waveLeft();
    if (event->button() == Qt::RightButton ||
        (event->button() == Qt::LeftButton && event->modifiers() & Qt::ControlModifier)) {
        if (inWave) { // box zoom
            m_bandStart = pos.x();
            m_band->setGeometry(QRect(pos.x(), 0, 1, viewport()->height()));
            m_band->show();
        } else if (event->button() == Qt::LeftButton) { // Ctrl+click on a name: search that row too
            toggleSearchRow(rowAt(pos.y()));
        }
        return;
    }
    const int row = rowAt(pos.y());
    if (row >= 0) setSelectedRow(row);
    if (!inWave) return;
    const Tick t = m_state.clampTick(std::floor(mapper().tick(pos.x()))); // the cycle under the mouse
    if (event->button() == Qt::MiddleButton ||
        (event->button() == Qt::LeftButton && event->modifiers() & Qt::ShiftModifier))
        setSecondCursor(t);
    else if (event->button() == Qt::LeftButton)
        setCursor(t);
}

void WaveformView::mouseMoveEvent(QMouseEvent* event) {
    if (m_bandStart < 0) return;
    const int x = std::max(waveLeft(), static_cast<int>(event->position().x()));
    m_band->setGeometry(
        QRect(QPoint(std::min(x, m_bandStart), 0), QPoint(std::max(x, m_bandStart), viewport()->height())));
}

void WaveformView::mouseReleaseEvent(QMouseEvent* event) {
    if (m_bandStart < 0) return;
    const int x = std::max(waveLeft(), static_cast<int>(event->position().x()));
    const int a = std::min(x, m_bandStart), b = std::max(x, m_bandStart);
    m_band->hide();
    m_bandStart = -1;
    if (b - a >= 4) setVisibleRange(mapper().tick(a), mapper().tick(b));
}

void WaveformView::keyPressEvent(QKeyEvent* event) {
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    syncArea();
    const double width = m_state.waveWidth(), span = width * m_state.ticksPerPixel();
    const double end = static_cast<double>(m_state.traceEnd());
    const int selected = selectedRow();
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_F:
        fitAll();
        break;
    case Qt::Key_Left:
        panPixels(-width / 8);
        break;
    case Qt::Key_Right:
        panPixels(width / 8);
        break;
    case Qt::Key_Home:
        setVisibleRange(0, span);
        break;
    case Qt::Key_End:
        setVisibleRange(end - span, end);
        break;
    case Qt::Key_N:
        jumpToEdge(!shift);
        break;
    case Qt::Key_Up:
    case Qt::Key_Down: { // to the shown row above / below (rows in a collapsed group are skipped)
        const int dir = event->key() == Qt::Key_Up ? -1 : 1;
        if (ctrl) {
            moveRow(selected, dir);
            break;
        }
        const auto shown = m_state.shownRows();
        const auto it = std::lower_bound(shown.begin(), shown.end(), selected);
        const auto k = static_cast<int>(it - shown.begin()) + (selected < 0 ? 0 : dir);
        if (!shown.empty())
            setSelectedRow(
                shown[static_cast<std::size_t>(std::clamp(k, 0, static_cast<int>(shown.size()) - 1))]);
        break;
    }
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        removeRow(selected);
        break;
    case Qt::Key_F2:
        if (selected >= 0) editRowName(selected);
        break;
    case Qt::Key_M:
        if (cursor()) addMarker(*cursor());
        break;
    case Qt::Key_B:
        if (cursor()) setSecondCursor(*cursor());
        break;
    case Qt::Key_Escape:
        if (m_bandStart >= 0) {
            m_band->hide();
            m_bandStart = -1;
            break;
        }
        [[fallthrough]];
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

} // namespace rs::gui
