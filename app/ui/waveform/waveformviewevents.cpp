// The waveform view's input: resize, wheel (zoom around the mouse, Shift: pan), mouse (cursors,
// row selection, box zoom), keys and the row context menu. Painting and state: waveformview.cpp.
#include "app/ui/waveform/waveformview.h"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QRubberBand>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace rs::gui {

using waveform::Tick;

void WaveformView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    m_nameWidth = std::clamp(viewport()->width() / 5, 120, 220);
    if (m_fitted) return fitAll();
    clampRange();
    syncScrollBars();
    emit viewChanged();
}

bool WaveformView::event(QEvent* event) {
    // Esc leaves a box zoom before any window-wide Esc shortcut (cancel analysis) sees it.
    if (event->type() == QEvent::ShortcutOverride && m_bandStart >= 0 &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        event->accept();
        return true;
    }
    return QAbstractScrollArea::event(event);
}

void WaveformView::wheelEvent(QWheelEvent* event) {
    const QPoint d = event->angleDelta();
    // The larger axis: Alt turns a vertical wheel horizontal on some platforms.
    const int delta = std::abs(d.x()) > std::abs(d.y()) ? d.x() : d.y();
    const bool overNames = event->position().x() < m_nameWidth;
    if (event->modifiers() & Qt::AltModifier || overNames) { // scroll the rows
        verticalScrollBar()->setValue(verticalScrollBar()->value() -
                                      static_cast<int>(std::lround(delta * 3.0 * kRowHeight / 120.0)));
    } else if (event->modifiers() & Qt::ShiftModifier || std::abs(d.x()) > std::abs(d.y())) {
        panPixels(-delta / 120.0 * waveWidth() / 8);
    } else if (d.y() != 0) {
        const double x = std::max<double>(m_nameWidth, event->position().x());
        zoomBy(std::pow(1.25, d.y() / 120.0), mapper().tick(x));
    }
    event->accept();
}

void WaveformView::mousePressEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    const bool inWave = pos.x() >= m_nameWidth;
    if (event->button() == Qt::RightButton ||
        (event->button() == Qt::LeftButton && event->modifiers() & Qt::ControlModifier)) {
        if (inWave) { // box zoom
            m_bandStart = pos.x();
            m_band->setGeometry(QRect(pos.x(), 0, 1, viewport()->height()));
            m_band->show();
        }
        return;
    }
    const int row = rowAt(pos.y());
    if (row >= 0) setSelectedRow(row);
    if (!inWave) return;
    const Tick t = clampTick(std::floor(mapper().tick(pos.x()))); // the cycle under the mouse
    if (event->button() == Qt::MiddleButton ||
        (event->button() == Qt::LeftButton && event->modifiers() & Qt::ShiftModifier))
        setSecondCursor(t);
    else if (event->button() == Qt::LeftButton)
        setCursor(t);
}

void WaveformView::mouseMoveEvent(QMouseEvent* event) {
    if (m_bandStart < 0) return;
    const int x = std::max(m_nameWidth, static_cast<int>(event->position().x()));
    m_band->setGeometry(
        QRect(QPoint(std::min(x, m_bandStart), 0), QPoint(std::max(x, m_bandStart), viewport()->height())));
}

void WaveformView::mouseReleaseEvent(QMouseEvent* event) {
    if (m_bandStart < 0) return;
    const int x = std::max(m_nameWidth, static_cast<int>(event->position().x()));
    const int a = std::min(x, m_bandStart), b = std::max(x, m_bandStart);
    m_band->hide();
    m_bandStart = -1;
    if (b - a >= 4) setVisibleRange(mapper().tick(a), mapper().tick(b));
}

void WaveformView::keyPressEvent(QKeyEvent* event) {
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    const bool shift = event->modifiers() & Qt::ShiftModifier;
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
        panPixels(-waveWidth() / 8);
        break;
    case Qt::Key_Right:
        panPixels(waveWidth() / 8);
        break;
    case Qt::Key_Home:
        setVisibleRange(0, waveWidth() * m_perPixel);
        break;
    case Qt::Key_End:
        setVisibleRange(static_cast<double>(m_store->endTick()) - waveWidth() * m_perPixel,
                        static_cast<double>(m_store->endTick()));
        break;
    case Qt::Key_N:
        shift ? jumpToPreviousEdge() : jumpToNextEdge();
        break;
    case Qt::Key_Up:
        ctrl ? moveRow(m_selected, -1) : setSelectedRow(std::max(0, m_selected - 1));
        break;
    case Qt::Key_Down:
        ctrl ? moveRow(m_selected, 1) : setSelectedRow(m_selected + 1);
        break;
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        removeRow(m_selected);
        break;
    case Qt::Key_M:
        if (m_cursor) addMarker(*m_cursor);
        break;
    case Qt::Key_B:
        if (m_cursor) setSecondCursor(*m_cursor);
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

void WaveformView::contextMenuEvent(QContextMenuEvent* event) {
    const int row = rowAt(event->pos().y());
    if (row < 0 || event->pos().x() >= m_nameWidth) return; // the right button zooms in the wave area
    setSelectedRow(row);
    const WaveRow r = m_rows[static_cast<std::size_t>(row)];
    const auto& info = m_store->signal(r.id);
    QMenu menu(this);
    if (info.width > 1) {
        const auto radix = [&](const QString& text, Radix x) {
            QAction* a = menu.addAction(text, this, [this, row, x] { setRadix(row, x); });
            a->setCheckable(true);
            a->setChecked(r.radix == x);
        };
        radix(tr("Hexadecimal"), Radix::Hex);
        radix(tr("Decimal"), Radix::Dec);
        radix(tr("Binary"), Radix::Bin);
        if (!info.valueNames.empty()) radix(tr("State names"), Radix::Named);
        menu.addSeparator();
    } else {
        menu.addAction(tr("Count cycles by this clock"), this,
                       [this, id = r.id] { emit clockRequested(id); });
        menu.addSeparator();
    }
    menu.addAction(tr("Move up\tCtrl+↑"), this, [this, row] { moveRow(row, -1); });
    menu.addAction(tr("Move down\tCtrl+↓"), this, [this, row] { moveRow(row, 1); });
    menu.addAction(tr("Remove\tDel"), this, [this, row] { removeRow(row); });
    menu.exec(event->globalPos());
}

} // namespace rs::gui
