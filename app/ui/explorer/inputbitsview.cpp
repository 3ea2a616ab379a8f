#include "app/ui/explorer/inputbitsview.h"

#include "app/charts/theme.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QToolTip>

#include <algorithm>

namespace rs::gui {

namespace {
constexpr int kCell = 11, kGap = 2, kByteGap = 6, kLabelW = 66, kRowH = 16, kPad = 4;
}

InputBitsView::InputBitsView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setCursor(Qt::PointingHandCursor);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    // A scroll area sizes the view by heightForWidth only when the policy says so.
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Input bits: click one, or move with the arrow keys and press Space, to flip it "
                         "in the twin run"));
}

void InputBitsView::setFocusBit(int bit) {
    const int bits = bitCount();
    if (bits == 0) return;
    m_focus = std::clamp(bit, 0, bits - 1);
    // Inside a scroll area (viewport -> area), bring the focus bit into view.
    if (parentWidget() != nullptr)
        if (auto* area = qobject_cast<QScrollArea*>(parentWidget()->parentWidget())) {
            const QRect r = bitRect(m_focus);
            area->ensureVisible(r.center().x(), r.center().y(), kCell + kLabelW / 2, kRowH);
        }
    update();
}

void InputBitsView::setBytes(const Bytes& bytes) {
    const bool resized = bytes.size() != m_bytes.size();
    m_bytes = bytes;
    if (resized) {
        m_focus = std::min(m_focus, bitCount() - 1);
        updateGeometry();
    }
    update();
}

void InputBitsView::setSelectedBit(int bit) {
    m_selected = bit;
    update();
}

int InputBitsView::bitsPerLine(int width) const {
    const int full = kLabelW + 64 * (kCell + kGap) + 7 * kByteGap + kPad;
    return width >= full ? 64 : 32;
}

QRect InputBitsView::bitRect(int bit, int width) const {
    const int perLine = bitsPerLine(width);
    const int line = bit / perLine, col = bit % perLine;
    const int x = kPad + kLabelW + col * (kCell + kGap) + (col / 8) * kByteGap;
    return QRect(x, kPad + line * kRowH, kCell, kCell);
}

int InputBitsView::heightForWidth(int width) const {
    const int bits = static_cast<int>(m_bytes.size()) * 8;
    const int lines = std::max(1, (bits + bitsPerLine(width) - 1) / bitsPerLine(width));
    return 2 * kPad + lines * kRowH;
}

QSize InputBitsView::sizeHint() const {
    const int w = kLabelW + 64 * (kCell + kGap) + 7 * kByteGap + 2 * kPad;
    return {w, heightForWidth(w)};
}

QSize InputBitsView::minimumSizeHint() const {
    const int w = kLabelW + 32 * (kCell + kGap) + 3 * kByteGap + 2 * kPad;
    return {w, kRowH + 2 * kPad};
}

int InputBitsView::bitAt(const QPoint& pos) const {
    const int bits = static_cast<int>(m_bytes.size()) * 8;
    for (int b = 0; b < bits; ++b)
        if (bitRect(b, width()).adjusted(-1, -1, 1, 1).contains(pos)) return b;
    return -1;
}

QPoint InputBitsView::bitCenter(int bit) const {
    return bitRect(bit, width()).center();
}

void InputBitsView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const charts::StateColors c = charts::stateColors(palette());
    p.fillRect(rect(), c.background);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(std::max(7.0, font().pointSizeF() - 1));
    p.setFont(mono);
    const int bits = static_cast<int>(m_bytes.size()) * 8;
    if (bits == 0) {
        p.setPen(c.mutedText);
        p.drawText(rect(), Qt::AlignCenter, tr("(empty field: nothing to flip)"));
        return;
    }
    const int perLine = bitsPerLine(width());
    for (int b = 0; b < bits; ++b) {
        const QRect r = bitRect(b, width());
        if (b % perLine == 0) {
            p.setPen(c.mutedText);
            p.drawText(QRect(kPad, r.top() - 2, kLabelW - 8, kCell + 4), Qt::AlignRight | Qt::AlignVCenter,
                       tr("bit %1").arg(b));
        }
        const bool one = (m_bytes[static_cast<std::size_t>(b / 8)] >> (7 - b % 8)) & 1u;
        p.fillRect(r, one ? c.one : c.zero);
        if (b == m_selected) {
            p.setPen(QPen(c.selection, 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(r).adjusted(-1.5, -1.5, 1.5, 1.5));
        }
        if (b == m_focus && hasFocus()) {
            // The keyboard's bit: a dashed frame in the highlight colour, outside the selection's.
            QPen pen(palette().color(QPalette::Highlight), 1.5, Qt::DashLine);
            p.setPen(pen);
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(r).adjusted(-3, -3, 3, 3));
        }
    }
}

void InputBitsView::keyPressEvent(QKeyEvent* event) {
    const int bits = bitCount();
    if (bits == 0 || (event->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) {
        QWidget::keyPressEvent(event);
        return;
    }
    const int at = m_focus >= 0 ? m_focus : std::max(0, m_selected);
    const int perLine = bitsPerLine(width());
    switch (event->key()) {
    case Qt::Key_Left:
        setFocusBit(m_focus < 0 ? at : at - 1);
        return;
    case Qt::Key_Right:
        setFocusBit(m_focus < 0 ? at : at + 1);
        return;
    case Qt::Key_Up:
        setFocusBit(m_focus < 0 ? at : at - perLine);
        return;
    case Qt::Key_Down:
        setFocusBit(m_focus < 0 ? at : at + perLine);
        return;
    case Qt::Key_Home:
        setFocusBit(0);
        return;
    case Qt::Key_End:
        setFocusBit(bits - 1);
        return;
    case Qt::Key_Space:
    case Qt::Key_Return:
    case Qt::Key_Enter:
        setFocusBit(at);
        setSelectedBit(m_focus);
        emit bitClicked(m_focus);
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void InputBitsView::mousePressEvent(QMouseEvent* event) {
    const int b = bitAt(event->position().toPoint());
    if (b >= 0 && event->button() == Qt::LeftButton) {
        m_focus = b;
        setSelectedBit(b);
        emit bitClicked(b);
    }
}

bool InputBitsView::event(QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride) {
        // The arrows, Home/End and Space are the page's step keys elsewhere; here they move and flip.
        const auto* k = static_cast<QKeyEvent*>(event);
        if ((k->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) switch (k->key()) {
            case Qt::Key_Left:
            case Qt::Key_Right:
            case Qt::Key_Up:
            case Qt::Key_Down:
            case Qt::Key_Home:
            case Qt::Key_End:
            case Qt::Key_Space:
                event->accept();
                return true;
            default:
                break;
            }
    }
    if (event->type() == QEvent::FocusIn || event->type() == QEvent::FocusOut) update();
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int b = bitAt(help->pos());
        if (b >= 0)
            QToolTip::showText(help->globalPos(),
                               tr("bit %1 (byte %2, bit %3 of it): click to flip it in the twin")
                                   .arg(b)
                                   .arg(b / 8)
                                   .arg(7 - b % 8),
                               this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace rs::gui
