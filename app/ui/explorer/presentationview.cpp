#include "app/ui/explorer/presentationview.h"

#include <QFontDatabase>
#include <QFontMetricsF>
#include <QKeyEvent>
#include <QPainter>

#include <algorithm>
#include <climits>

namespace rs::gui {

namespace {
constexpr int kMargin = 24;
constexpr int kTextFlags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
} // namespace

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

void PresentationView::setStep(int index, int count) {
    m_step = index;
    m_steps = count;
    update();
}

QString PresentationView::stepCounterText() const {
    return m_step >= 0 && m_steps > 0 ? tr("Step %1 of %2").arg(m_step + 1).arg(m_steps) : QString();
}

QFont PresentationView::textFont() const {
    // A projected line must be readable from the back of a room: about a 26th of the screen's height.
    QFont f = font();
    f.setPixelSize(std::max(28, height() / 26));
    return f;
}

QFont PresentationView::titleFont() const {
    QFont f = textFont();
    f.setPixelSize(qRound(f.pixelSize() * 1.35));
    f.setBold(true);
    return f;
}

double PresentationView::titleHeight() const {
    return m_content.title.isEmpty() && stepCounterText().isEmpty()
               ? 0
               : QFontMetricsF(titleFont()).height() * 1.3;
}

QRectF PresentationView::captionRect() const {
    if (m_content.caption.isEmpty()) return {};
    const QRectF area(kMargin, 0, width() - 2 * kMargin, height());
    QRectF r = QFontMetricsF(textFont()).boundingRect(area, kTextFlags, m_content.caption);
    // At most a third of the screen: a longer explanation is cut (the page shows it whole).
    r.setHeight(std::min(r.height(), height() / 3.0));
    r.setWidth(area.width());
    r.moveBottom(height() - kMargin);
    return r;
}

QRectF PresentationView::gridRect() const {
    const QRectF caption = captionRect();
    const double top = kMargin + titleHeight();
    const double bottom = caption.isNull() ? height() - kMargin : caption.top() - kMargin / 2.0;
    return QRectF(kMargin, top, std::max(1, width() - 2 * kMargin), std::max(1.0, bottom - top));
}

teach::StateGrid PresentationView::grid() const {
    // The grid alone (the title and caption are drawn in projector fonts around it), scaled so its usual
    // size fills its box: the lengths and the font grow together.
    teach::GridContent c = m_content;
    c.title.clear();
    c.caption.clear();
    teach::GridStyle style;
    style.colors = m_colors;
    style.mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    style.mono.setPixelSize(13);
    const QSize natural = teach::StateGrid(c, style).preferredSize();
    const QRectF box = gridRect();
    const double fit =
        std::min(box.width() / std::max(1, natural.width()), box.height() / std::max(1, natural.height()));
    style.scale = std::clamp(fit, 1.0, 8.0);
    // The labels and hex digits at least three quarters of the caption's size (a wide grid such as Ascon's
    // 64 bits a row is scaled by its width only): the cells give up what the wider labels take.
    style.mono.setPixelSize(std::max(qRound(13 * style.scale), textFont().pixelSize() * 3 / 4));
    return teach::StateGrid(c, style);
}

void PresentationView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.fillRect(rect(), m_colors.background);
    grid().paint(p, gridRect());
    const double titleH = titleHeight();
    const QString counter = stepCounterText();
    double counterW = 0;
    if (!counter.isEmpty()) {
        p.setFont(textFont());
        p.setPen(m_colors.mutedText);
        counterW = QFontMetricsF(textFont()).horizontalAdvance(counter) + 8;
        p.drawText(QRectF(width() - kMargin - counterW, kMargin, counterW, titleH),
                   Qt::AlignRight | Qt::AlignVCenter, counter);
    }
    if (!m_content.title.isEmpty()) {
        p.setFont(titleFont());
        p.setPen(m_colors.text);
        const double w = std::max(0.0, width() - 3.0 * kMargin - counterW);
        p.drawText(QRectF(kMargin, kMargin, w, titleH), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(titleFont()).elidedText(m_content.title, Qt::ElideRight, w));
    }
    if (!m_content.caption.isEmpty()) {
        const QRectF r = captionRect();
        p.setFont(textFont());
        p.setPen(m_colors.text);
        p.save();
        p.setClipRect(r);
        p.drawText(r, kTextFlags, m_content.caption);
        p.restore();
    }
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
