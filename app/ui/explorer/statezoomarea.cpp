#include "app/ui/explorer/statezoomarea.h"

#include "app/ui/explorer/stateview.h"

#include <QResizeEvent>
#include <QScrollBar>
#include <QStyle>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace rs::gui {

namespace {
constexpr double kZoomStep = 1.25;
}

StateZoomArea::StateZoomArea(StateView* view, QWidget* parent) : QScrollArea(parent), m_view(view) {
    setFrameShape(QFrame::NoFrame);
    // The view is sized here (relayout), not by the scroll area: zoom 1 fills the visible area.
    setWidgetResizable(false);
    setWidget(view);
    setAlignment(Qt::AlignCenter);
    setFocusPolicy(Qt::NoFocus); // the view inside takes the focus (and the step keys), not the frame
    // Another grid, format or overlay: the view's minimum changed, size it again.
    connect(view, &StateView::sizeLimitsChanged, this, &StateZoomArea::relayout);
    connect(view, &StateView::zoomChanged, this, [this] {
        // Keep the point at the centre of what is visible at the centre while zooming.
        const QSize before = m_view->size();
        const double fx =
            (horizontalScrollBar()->value() + viewport()->width() / 2.0) / std::max(1, before.width());
        const double fy =
            (verticalScrollBar()->value() + viewport()->height() / 2.0) / std::max(1, before.height());
        relayout();
        horizontalScrollBar()->setValue(int(std::lround(fx * m_view->width() - viewport()->width() / 2.0)));
        verticalScrollBar()->setValue(int(std::lround(fy * m_view->height() - viewport()->height() / 2.0)));
    });
}

void StateZoomArea::zoomIn() {
    m_view->setZoom(m_view->zoom() * kZoomStep);
}

void StateZoomArea::zoomOut() {
    m_view->setZoom(m_view->zoom() / kZoomStep);
}

void StateZoomArea::resetZoom() {
    m_view->setZoom(1.0);
}

void StateZoomArea::scrollToOrigin() {
    horizontalScrollBar()->setValue(0);
    verticalScrollBar()->setValue(0);
}

void StateZoomArea::showViewRect(const QRectF& rect) {
    if (rect.isEmpty()) return;
    const QRect r = rect.toAlignedRect();
    const int mx = std::max(8, std::min(r.width() / 2 + 24, viewport()->width() / 2 - r.width() / 2));
    const int my = std::max(8, std::min(r.height() / 2 + 24, viewport()->height() / 2 - r.height() / 2));
    ensureVisible(r.center().x(), r.center().y(), std::max(8, mx), std::max(8, my));
}

QSize StateZoomArea::sizeHint() const {
    return m_view->sizeHint();
}

void StateZoomArea::resizeEvent(QResizeEvent* event) {
    QScrollArea::resizeEvent(event);
    relayout();
}

void StateZoomArea::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        const int dy = event->angleDelta().y();
        if (dy > 0) zoomIn();
        if (dy < 0) zoomOut();
        event->accept();
        return;
    }
    QScrollArea::wheelEvent(event);
}

void StateZoomArea::relayout() {
    // The visible area without scroll bars: showing a bar must not shrink the view (no feedback loop).
    QSize visible = size() - QSize(2 * frameWidth(), 2 * frameWidth());
    const double z = m_view->zoom();
    const QSize minimum = m_view->minimumSizeHint();
    const QSize want(std::max(minimum.width(), int(std::lround(visible.width() * z))),
                     std::max(minimum.height(), int(std::lround(visible.height() * z))));
    // Leave room for the bars a larger view will need.
    const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    QSize fit = want;
    if (want.width() > visible.width() && want.height() <= visible.height() && z <= 1)
        fit.setHeight(std::max(minimum.height(), visible.height() - bar));
    if (want.height() > visible.height() && want.width() <= visible.width() && z <= 1)
        fit.setWidth(std::max(minimum.width(), visible.width() - bar));
    if (m_view->size() != fit) m_view->resize(fit);
}

} // namespace rs::gui
