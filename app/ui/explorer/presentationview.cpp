#include "app/ui/explorer/presentationview.h"

#include <QFontDatabase>
#include <QKeyEvent>
#include <QPainter>

#include <algorithm>
#include <climits>

namespace rs::gui {

PresentationView::PresentationView(QWidget* parent) : QWidget(parent, Qt::Window) {
    setWindowTitle(tr("RoundScope presentation"));
    setAccessibleName(tr("Presentation: the state grid of the current step"));
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void PresentationView::setContent(const teach::GridContent& content, const teach::GridColors& colors) {
    m_content = content;
    m_colors = colors;
    update();
}

teach::StateGrid PresentationView::grid() const {
    // Scale the grid so its usual size fills the screen: the lengths and the font grow together.
    teach::GridStyle style;
    style.colors = m_colors;
    style.mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    style.mono.setPixelSize(13);
    const QSize natural = teach::StateGrid(m_content, style).preferredSize();
    const double fit = std::min(double(width()) / std::max(1, natural.width()),
                                double(height()) / std::max(1, natural.height()));
    style.scale = std::clamp(fit, 1.0, 8.0);
    style.mono.setPixelSize(std::max(6, qRound(13 * style.scale)));
    return teach::StateGrid(m_content, style);
}

void PresentationView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    grid().paint(p, rect());
}

void PresentationView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Escape:
    case Qt::Key_F11:
        emit leaveRequested();
        return;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
        emit stepRequested(-1);
        return;
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        emit stepRequested(1);
        return;
    case Qt::Key_Home:
        emit stepRequested(INT_MIN);
        return;
    case Qt::Key_End:
        emit stepRequested(INT_MAX);
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

} // namespace rs::gui
