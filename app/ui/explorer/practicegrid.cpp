#include "app/ui/explorer/practicegrid.h"

#include <QPaintEvent>
#include <QPainter>

#include <algorithm>

namespace rs::gui {

namespace {
constexpr int kSquare = 15;   // a bit's square
constexpr int kStep = 16;     // square plus the gap to the next
constexpr int kNibbleGap = 4; // extra space after every fourth bit
constexpr int kLineGap = 2;   // between two lines of one cell
constexpr int kCellGap = 5;   // between two cells
constexpr int kMargin = 2;

int lineWidth(int bits) {
    return bits * kStep + (bits - 1) / 4 * kNibbleGap;
}
} // namespace

PracticeBitGrid::PracticeBitGrid(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("practiceGrid"));
    QSizePolicy p(QSizePolicy::Preferred, QSizePolicy::Preferred);
    p.setHeightForWidth(true);
    setSizePolicy(p);
}

void PracticeBitGrid::setTarget(const teach::PracticeTarget& target) {
    m_cells = target.cells;
    m_marks.clear();
    m_values.clear();
    updateGeometry();
    update();
}

void PracticeBitGrid::clearTarget() {
    m_cells.clear();
    m_marks.clear();
    m_values.clear();
    updateGeometry();
    update();
}

void PracticeBitGrid::showCheck(const std::map<int, bool>& written, const std::vector<int>& wrongBits) {
    m_marks.clear();
    m_values = written;
    for (const teach::PracticeCell& c : m_cells)
        for (int b : c.bits)
            m_marks[b] =
                std::binary_search(wrongBits.begin(), wrongBits.end(), b) ? Mark::Wrong : Mark::Right;
    update();
}

void PracticeBitGrid::showAnswer(const std::map<int, bool>& answer) {
    m_marks.clear();
    m_values = answer;
    for (const teach::PracticeCell& c : m_cells)
        for (int b : c.bits)
            m_marks[b] = Mark::Revealed;
    update();
}

PracticeBitGrid::Mark PracticeBitGrid::mark(int bit) const {
    const auto it = m_marks.find(bit);
    return it == m_marks.end() ? Mark::Unchecked : it->second;
}

std::vector<int> PracticeBitGrid::bitsMarked(Mark m) const {
    std::vector<int> out;
    for (const auto& entry : m_marks)
        if (entry.second == m) out.push_back(entry.first);
    return out;
}

QColor PracticeBitGrid::fillOf(Mark m) const {
    switch (m) {
    case Mark::Right:
        return QColor(0x2e, 0x9d, 0x4f);
    case Mark::Wrong:
        return QColor(0xd6, 0x36, 0x36);
    case Mark::Revealed:
        return palette().color(QPalette::Highlight);
    case Mark::Unchecked:
        break;
    }
    return palette().color(QPalette::Base);
}

int PracticeBitGrid::labelWidth() const {
    int w = 0;
    for (const teach::PracticeCell& c : m_cells)
        w = std::max(w, fontMetrics().horizontalAdvance(QString::fromStdString(c.label)));
    return w + 8;
}

int PracticeBitGrid::bitsPerLine(int width) const {
    const int room = width - labelWidth() - 2 * kMargin;
    int n = 64;
    while (n > 4 && lineWidth(n) > room)
        n /= 2;
    return n;
}

template <class F> int PracticeBitGrid::layOut(int width, F&& f) const {
    const int perLine = bitsPerLine(width), x0 = kMargin + labelWidth();
    int y = kMargin;
    for (std::size_t c = 0; c < m_cells.size(); ++c) {
        const std::vector<int>& bits = m_cells[c].bits;
        const int n = static_cast<int>(bits.size());
        for (int k = 0; k < n; ++k) {
            const int line = k / perLine, col = k % perLine;
            const QRect r(x0 + col * kStep + col / 4 * kNibbleGap, y + line * (kSquare + kLineGap), kSquare,
                          kSquare);
            f(c, k, r);
        }
        const int lines = std::max(1, (n + perLine - 1) / perLine);
        y += lines * (kSquare + kLineGap) - kLineGap + kCellGap;
    }
    return m_cells.empty() ? 0 : y - kCellGap + kMargin;
}

int PracticeBitGrid::heightForWidth(int width) const {
    return layOut(width, [](std::size_t, int, const QRect&) {});
}

QSize PracticeBitGrid::sizeHint() const {
    int widest = 1;
    for (const teach::PracticeCell& c : m_cells)
        widest = std::max(widest, static_cast<int>(c.bits.size()));
    const int w = 2 * kMargin + labelWidth() + lineWidth(std::min(widest, 32));
    return {w, heightForWidth(w)};
}

QSize PracticeBitGrid::minimumSizeHint() const {
    const int w = 2 * kMargin + labelWidth() + lineWidth(4);
    return {w, m_cells.empty() ? 0 : kSquare + 2 * kMargin};
}

QRect PracticeBitGrid::bitRect(int bit) const {
    QRect found;
    layOut(width(), [&](std::size_t c, int k, const QRect& r) {
        if (m_cells[c].bits[static_cast<std::size_t>(k)] == bit) found = r;
    });
    return found;
}

void PracticeBitGrid::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // The lines wrap with the width: the height the layout gives follows (heightForWidth).
    if (height() != heightForWidth(width())) updateGeometry();
}

void PracticeBitGrid::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    QFont small = font();
    small.setPixelSize(10);
    const QColor frame = palette().color(QPalette::Mid);
    std::size_t labelled = m_cells.size();
    layOut(width(), [&](std::size_t c, int k, const QRect& r) {
        if (c != labelled) { // the cell's label, once, level with its first line
            labelled = c;
            p.setFont(font());
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(QRect(kMargin, r.top() - 2, labelWidth() - 6, kSquare + 4),
                       Qt::AlignRight | Qt::AlignVCenter, QString::fromStdString(m_cells[c].label));
        }
        const int bit = m_cells[c].bits[static_cast<std::size_t>(k)];
        const Mark m = mark(bit);
        p.fillRect(r, fillOf(m));
        p.setPen(frame);
        p.drawRect(r.adjusted(0, 0, -1, -1));
        if (const auto v = m_values.find(bit); v != m_values.end()) {
            p.setFont(small);
            p.setPen(m == Mark::Unchecked  ? palette().color(QPalette::Text)
                     : m == Mark::Revealed ? palette().color(QPalette::HighlightedText)
                                           : QColor(Qt::white));
            p.drawText(r, Qt::AlignCenter, v->second ? QStringLiteral("1") : QStringLiteral("0"));
        }
    });
}

} // namespace rs::gui
