#include "app/ui/explorer/stateview.h"

#include "app/charts/theme.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace rs::gui {

namespace {
constexpr double kPad = 8;

QFont monoFont(const QFont& base) {
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() : 10);
    return f;
}
} // namespace

StateView::StateView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setAccessibleName(tr("Cipher state"));
    // Click or Tab here and the bare step keys (arrows, Home/End, Space) step the trace.
    setFocusPolicy(Qt::StrongFocus);
}

void StateView::setStateLayout(const crypto::StateLayout& layout) {
    const StateGeometry g = StateGeometry::fromLayout(layout);
    const bool sameGrid =
        g.kind == m_geometry.kind && g.rows == m_geometry.rows && g.rowBits == m_geometry.rowBits;
    if (sameGrid && g.cellBits == m_geometry.cellBits && g.byteGroup == m_geometry.byteGroup &&
        g.title == m_geometry.title)
        return;
    if (!sameGrid) {
        m_state.clear();
        m_reference.clear();
    }
    m_geometry = g;
    ++m_geometryUpdates;
    updateGeometry();
    update();
}

QRectF StateView::unitRectAt(int row, int unit) const {
    return unitRect(metrics(), row, unit);
}

void StateView::setState(const Bytes& state, const Bytes& reference) {
    m_state = state;
    m_reference = reference.size() == state.size() ? reference : Bytes{};
    update();
}

void StateView::clearState() {
    m_state.clear();
    m_reference.clear();
    update();
}

void StateView::setMode(Mode mode) {
    if (mode == m_mode) return;
    m_mode = mode;
    update();
}

void StateView::setCellFormat(CellFormat format) {
    if (format == m_format) return;
    m_format = format;
    updateGeometry();
    update();
}

bool StateView::isHighlighted(int bit) const {
    if (m_mode == Mode::Value || m_reference.empty()) return false;
    return stateBit(m_state, bit) != stateBit(m_reference, bit);
}

int StateView::highlightedBits() const {
    int n = 0;
    for (int i = 0; i < m_geometry.stateBits(); ++i)
        n += isHighlighted(i) ? 1 : 0;
    return n;
}

int StateView::unitBits() const {
    return m_format == CellFormat::Bits ? 1 : std::max(1, m_geometry.cellBits);
}

int StateView::unitsPerRow() const {
    return m_geometry.rowBits / unitBits();
}

StateView::Metrics StateView::metrics() const {
    const QFontMetricsF fm(monoFont(font()));
    Metrics m;
    m.left = kPad;
    m.top = kPad;
    m.labelW = fm.horizontalAdvance(QStringLiteral("X[3]")) + 14;
    m.headerH = fm.height() + 6;
    m.legendH = fm.height() + 14;
    const int units = std::max(1, unitsPerRow());
    const bool bits = m_format == CellFormat::Bits;
    m.rightW = bits ? fm.horizontalAdvance(QString(m_geometry.rowBits / 4, QLatin1Char('F'))) + 20 : 0;
    const double avail = width() - 2 * kPad - m.labelW - m.rightW;
    const int groupUnits = std::max(1, m_geometry.byteGroup / unitBits());
    const int groups = std::max(1, units / groupUnits);
    const double small = bits ? 2 : 4, wide = bits ? 6 : 10;
    const double cellW = (avail - (units - groups) * small - (groups - 1) * wide) / units;
    const int rows = std::max(1, m_geometry.rows);
    const double availH = height() - 2 * kPad - m.headerH - m.legendH;
    if (bits) {
        m.cellW = std::clamp(cellW, 4.0, 30.0);
        // Bits may grow taller than wide to use the height the page gives the view.
        m.rowGap = std::max(4.0, m.cellW * 0.35);
        m.rowH = std::clamp(availH / rows - m.rowGap, std::min(m.cellW, 26.0), std::max(m.cellW * 2.4, 28.0));
    } else {
        const double textW = fm.horizontalAdvance(QString(unitBits() / 4, QLatin1Char('F')));
        // At least the text, at most 64 px unless the text itself is wider (a large font).
        m.cellW = std::min(std::max(cellW, textW + 8), std::max(textW + 8, 64.0));
        m.rowGap = 6;
        m.rowH = std::clamp(availH / rows - m.rowGap, fm.height() * 1.6, fm.height() * 3.0);
    }
    m.cell = small;
    // Centre the grid vertically in whatever height is left over.
    const double content = m.headerH + rows * (m.rowH + m.rowGap) + m.legendH;
    m.top = std::max(kPad, (height() - content) / 2);
    return m;
}

double StateView::columnX(const Metrics& m, int unit) const {
    const bool bits = m_format == CellFormat::Bits;
    const int groupUnits = std::max(1, m_geometry.byteGroup / unitBits());
    const double small = m.cell, wide = bits ? 6 : 10;
    const int group = unit / groupUnits;
    return m.left + m.labelW + unit * (m.cellW + small) + group * (wide - small);
}

QRectF StateView::unitRect(const Metrics& m, int row, int unit) const {
    const double y = m.top + m.headerH + row * (m.rowH + m.rowGap);
    return QRectF(columnX(m, unit), y, m.cellW, m.rowH);
}

QString StateView::unitText(int row, int unit, bool delta) const {
    const int nb = unitBits();
    int v = 0;
    for (int k = 0; k < nb; ++k) {
        const int bit = m_geometry.bitIndex(row, unit * nb + k);
        bool b = stateBit(m_state, bit);
        if (delta) b = b != stateBit(m_reference, bit);
        v = v << 1 | (b ? 1 : 0);
    }
    return QStringLiteral("%1").arg(v, std::max(1, nb / 4), 16, QLatin1Char('0')).toUpper();
}

QSize StateView::sizeHint() const {
    const QFontMetrics fm(monoFont(font()));
    const int rows = std::max(1, m_geometry.rows);
    if (m_format == CellFormat::Bits) {
        const int cell = m_geometry.rowBits <= 16 ? 28 : m_geometry.rowBits <= 32 ? 22 : 14;
        const int w = 60 + m_geometry.rowBits * (cell + 2) + 80 + fm.horizontalAdvance(QString(16, 'F'));
        return {w, rows * (cell + cell / 3 + 2) + 3 * fm.height() + 40};
    }
    return {900, rows * (fm.height() * 2 + 6) + 3 * fm.height() + 40};
}

QSize StateView::minimumSizeHint() const {
    const QFontMetrics fm(monoFont(font()));
    return {360, std::max(1, m_geometry.rows) * 16 + 3 * fm.height() + 30};
}

void StateView::paintHeader(QPainter& p, const Metrics& m) const {
    const charts::StateColors c = charts::stateColors(palette());
    p.setPen(c.mutedText);
    const int nb = unitBits();
    const bool bits = m_format == CellFormat::Bits;
    const int groupBits = std::max(m_geometry.byteGroup, nb);
    const int groups = m_geometry.rowBits / std::max(1, groupBits);
    for (int g = 0; g < groups; ++g) {
        QString label;
        switch (m_geometry.kind) {
        case StateGeometry::Kind::Ascon:
            label = QString::number(63 - g * 8);
            break;
        case StateGeometry::Kind::Lea:
            label = QString::number(31 - g * 8);
            break;
        case StateGeometry::Kind::Skinny:
            label = tr("col %1").arg(g);
            break;
        case StateGeometry::Kind::Generic:
            label = QString::number(g * groupBits);
            break;
        }
        const double x = columnX(m, g * groupBits / nb);
        p.drawText(QRectF(x, m.top, 80, m.headerH), Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    if (bits && m.rightW > 0)
        p.drawText(QRectF(width() - kPad - m.rightW + 12, m.top, m.rightW, m.headerH),
                   Qt::AlignLeft | Qt::AlignVCenter, tr("hex"));
}

void StateView::paintLegend(QPainter& p, const Metrics& m) const {
    const charts::StateColors c = charts::stateColors(palette());
    const QFontMetricsF fm(p.font());
    const double y = m.top + m.headerH + m_geometry.rows * (m.rowH + m.rowGap) + 4;
    double x = m.left + m.labelW;
    const auto swatch = [&](const QColor& col, const QString& text) {
        p.fillRect(QRectF(x, y + (m.legendH - 12) / 2, 12, 12), col);
        x += 17;
        p.setPen(c.text);
        p.drawText(QRectF(x, y, 1000, m.legendH), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += fm.horizontalAdvance(text) + 22;
    };
    const bool compare = m_mode != Mode::Value;
    if (compare && m_reference.empty()) {
        swatch(c.dimOne, m_mode == Mode::Changed ? tr("first step: nothing to compare")
                                                 : tr("no twin run: choose a bit of the input"));
        return;
    }
    if (m_mode == Mode::Changed)
        swatch(c.changed, tr("changed since previous step: %1 bits").arg(highlightedBits()));
    if (m_mode == Mode::Twin) {
        const QString what = m_format == CellFormat::Hex ? tr("Δ = state ⊕ twin, ") : QString();
        swatch(c.differs, tr("%1differs from twin: %2 bits").arg(what).arg(highlightedBits()));
    }
    swatch(compare ? c.dimOne : c.one, tr("1"));
    swatch(compare ? c.dimZero : c.zero, tr("0"));
}

void StateView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const charts::StateColors c = charts::stateColors(palette());
    p.fillRect(rect(), c.background);
    const QFont mono = monoFont(font());
    p.setFont(mono);
    if (m_geometry.rows == 0 || m_state.empty()) {
        p.setPen(c.mutedText);
        p.drawText(rect(), Qt::AlignCenter, tr("No state: enter valid inputs"));
        return;
    }
    const Metrics m = metrics();
    if (hasFocus()) {
        // The step keys act here now: say so with a thin frame in the highlight colour.
        p.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(rect()).adjusted(0.75, 0.75, -0.75, -0.75));
    }
    paintHeader(p, m);
    const bool bits = m_format == CellFormat::Bits;
    const bool compare = m_mode != Mode::Value && !m_reference.empty();
    const QColor accent = m_mode == Mode::Twin ? c.differs : c.changed;
    const int units = unitsPerRow(), nb = unitBits();
    for (int row = 0; row < m_geometry.rows; ++row) {
        const QRectF first = unitRect(m, row, 0);
        p.setPen(c.text);
        p.drawText(QRectF(m.left, first.top(), m.labelW - 8, m.rowH), Qt::AlignRight | Qt::AlignVCenter,
                   m_geometry.rowLabel(row));
        for (int u = 0; u < units; ++u) {
            const QRectF r = unitRect(m, row, u);
            bool hi = false;
            for (int k = 0; k < nb; ++k)
                hi = hi || isHighlighted(m_geometry.bitIndex(row, u * nb + k));
            if (bits) {
                const bool one = stateBit(m_state, m_geometry.bitIndex(row, u));
                QColor fill = compare ? (one ? c.dimOne : c.dimZero) : (one ? c.one : c.zero);
                if (hi) {
                    fill = accent;
                    if (!one) fill.setAlphaF(0.45);
                }
                p.fillRect(r, fill);
            } else {
                QColor fill = hi ? accent : c.zero;
                p.setPen(Qt::NoPen);
                p.setBrush(fill);
                p.drawRoundedRect(r, 3, 3);
                p.setPen(hi ? QColor(Qt::white) : c.text);
                p.drawText(r, Qt::AlignCenter, unitText(row, u, m_mode == Mode::Twin && compare));
            }
        }
        if (bits && m.rightW > 0) {
            QString hex;
            for (int u = 0; u < m_geometry.rowBits / 4; ++u) {
                int v = 0;
                for (int k = 0; k < 4; ++k)
                    v = v << 1 | (stateBit(m_state, m_geometry.bitIndex(row, 4 * u + k)) ? 1 : 0);
                hex += QString::number(v, 16).toUpper();
            }
            p.setPen(c.text);
            p.drawText(QRectF(width() - kPad - m.rightW + 12, first.top(), m.rightW, m.rowH),
                       Qt::AlignLeft | Qt::AlignVCenter, hex);
        }
    }
    paintLegend(p, m);
}

int StateView::unitAt(const QPoint& pos, int* row) const {
    if (m_state.empty()) return -1;
    const Metrics m = metrics();
    for (int r = 0; r < m_geometry.rows; ++r)
        for (int u = 0; u < unitsPerRow(); ++u)
            if (unitRect(m, r, u).adjusted(-1, -1, 1, 1).contains(pos)) {
                *row = r;
                return u;
            }
    return -1;
}

bool StateView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        int row = 0;
        const int u = unitAt(help->pos(), &row);
        if (u < 0) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        const int nb = unitBits();
        QString text =
            QStringLiteral("%1 %2").arg(m_geometry.rowLabel(row), m_geometry.columnLabel(row, u * nb));
        if (nb == 1) {
            const int bit = m_geometry.bitIndex(row, u);
            text += tr(" (state bit %1) = %2").arg(bit).arg(stateBit(m_state, bit) ? 1 : 0);
            if (isHighlighted(bit))
                text += m_mode == Mode::Twin ? tr(", differs from twin") : tr(", changed");
        } else {
            text += tr(": %1").arg(unitText(row, u, false));
            if (!m_reference.empty() && m_mode != Mode::Value)
                text += tr(", Δ %1").arg(unitText(row, u, true));
        }
        QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    if (event->type() == QEvent::PaletteChange) update();
    return QWidget::event(event);
}

} // namespace rs::gui
