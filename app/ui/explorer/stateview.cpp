#include "app/ui/explorer/stateview.h"

#include "app/charts/theme.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace rs::gui {

namespace {
teach::GridMode gridMode(StateView::Mode m) {
    switch (m) {
    case StateView::Mode::Value:
        return teach::GridMode::Value;
    case StateView::Mode::Changed:
        return teach::GridMode::Changed;
    case StateView::Mode::Twin:
        return teach::GridMode::Twin;
    }
    return teach::GridMode::Value;
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
        m_selectedBit = -1; // a bit of another cipher's grid
    }
    m_geometry = g;
    m_framed.clear();
    ++m_geometryUpdates;
    updateGeometry();
    update();
    emit sizeLimitsChanged();
}

void StateView::setHexShowsDelta(bool delta) {
    if (delta == m_hexDelta) return;
    m_hexDelta = delta;
    update();
}

void StateView::setFramedBits(const std::vector<int>& bits, const QString& label) {
    if (bits == m_framed && label == m_framedLabel) return;
    m_framed = bits;
    m_framedLabel = label;
    update();
}

QRectF StateView::framedRect() const {
    const teach::StateGrid g = grid();
    const teach::StateGrid::Metrics m = g.metrics(size());
    QRectF r;
    for (const int bit : m_framed) {
        int row = 0, col = 0;
        if (g.bitPosition(bit, &row, &col)) r = r.united(g.unitRect(m, row, col / g.unitBits()));
    }
    return r;
}

QRectF StateView::unitRectAt(int row, int unit) const {
    const teach::StateGrid g = grid();
    return g.unitRect(g.metrics(size()), row, unit);
}

QFont StateView::gridFont() const {
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setPointSizeF((font().pointSizeF() > 0 ? font().pointSizeF() : 10) * m_zoom);
    return f;
}

teach::StateGrid StateView::grid() const {
    teach::GridContent c;
    c.geometry = m_geometry;
    c.state = m_state;
    c.reference = m_reference;
    c.mode = gridMode(m_mode);
    c.format = m_format == CellFormat::Hex ? teach::GridFormat::Hex : teach::GridFormat::Bits;
    c.emptyText = tr("No state: enter valid inputs");
    c.referenceName = m_referenceName;
    c.hexDelta = m_hexDelta;
    c.framedBits = m_framed;
    c.framedLabel = m_framedLabel;
    c.overlay.show = m_showMoves;
    c.overlay.moves = m_moves;
    c.overlay.selectedBit = m_selectedBit;
    teach::GridStyle style;
    style.colors = teach::gridColorsFrom(charts::stateColors(palette()));
    style.mono = gridFont();
    style.scale = m_zoom;
    return teach::StateGrid(std::move(c), std::move(style));
}

void StateView::setMoves(bool show, const teach::BitMoves& moves) {
    // The legend lines below the grid come, go or wrap to another number of lines.
    const bool relayout = show != m_showMoves || show;
    const QSize before = minimumSizeHint();
    m_showMoves = show;
    m_moves = moves;
    if (relayout && minimumSizeHint() != before) {
        updateGeometry();
        emit sizeLimitsChanged();
    }
    update();
}

void StateView::setSelectedBit(int bit) {
    if (bit == m_selectedBit) return;
    m_selectedBit = bit;
    update();
    emit selectedBitChanged(bit);
}

void StateView::mousePressEvent(QMouseEvent* event) {
    int row = 0;
    const int u = event->button() == Qt::LeftButton ? unitAt(event->position().toPoint(), &row) : -1;
    if (u >= 0) {
        // A hex cell selects its first (most significant) bit.
        const int bit = m_geometry.bitIndex(row, u * grid().unitBits());
        setSelectedBit(bit == m_selectedBit ? -1 : bit);
    }
    QWidget::mousePressEvent(event);
}

void StateView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && m_selectedBit >= 0) {
        setSelectedBit(-1);
        event->accept();
        return;
    }
    // Shift+arrows move the selected bit (the bare arrows step the trace); the first press selects the
    // top-left bit. In hex format a step is one cell.
    const int dx = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    const int dy = event->key() == Qt::Key_Up ? -1 : event->key() == Qt::Key_Down ? 1 : 0;
    const teach::StateGrid g = grid();
    if ((event->modifiers() & ~Qt::KeypadModifier) == Qt::ShiftModifier && (dx != 0 || dy != 0) &&
        g.hasState()) {
        int row = 0, col = 0;
        if (m_selectedBit >= 0 && g.bitPosition(m_selectedBit, &row, &col)) {
            row = std::clamp(row + dy, 0, m_geometry.rows - 1);
            col = std::clamp(col + dx * g.unitBits(), 0, m_geometry.rowBits - 1);
        }
        setSelectedBit(m_geometry.bitIndex(row, col));
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void StateView::setZoom(double zoom) {
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    if (qFuzzyCompare(zoom, m_zoom)) return;
    m_zoom = zoom;
    updateGeometry();
    update();
    emit zoomChanged(m_zoom);
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
    emit sizeLimitsChanged();
}

bool StateView::isHighlighted(int bit) const {
    if (m_mode == Mode::Value || m_reference.empty()) return false;
    return stateBit(m_state, bit) != stateBit(m_reference, bit);
}

int StateView::highlightedBits() const {
    return grid().highlightedBits();
}

QSize StateView::sizeHint() const {
    // The font already carries the zoom; the fixed lengths are scaled by it.
    const QFontMetrics fm(gridFont());
    const int rows = std::max(1, m_geometry.rows);
    const double z = m_zoom;
    // The overlay's legend line, under the grid's legend.
    const int extra = m_showMoves ? fm.height() + qRound(8 * z) : 0;
    if (m_format == CellFormat::Bits) {
        const int cell = m_geometry.rowBits <= 16 ? 28 : m_geometry.rowBits <= 32 ? 22 : 14;
        const int w =
            qRound((60 + m_geometry.rowBits * (cell + 2) + 80) * z) + fm.horizontalAdvance(QString(16, 'F'));
        return {w, qRound((rows * (cell + cell / 3 + 2) + 40) * z) + 3 * fm.height() + extra};
    }
    return {std::max(qRound(900 * z), qCeil(grid().minimumWidth())),
            qRound((rows * 6 + 40) * z) + rows * fm.height() * 2 + 3 * fm.height() + extra};
}

QSize StateView::minimumSizeHint() const {
    // Every unit with its text whole (the ML-DSA polynomial's 16 coefficients a row: the area scrolls) and,
    // at the width the view has, every row, the legend and the overlay's wrapped lines.
    const QFontMetrics fm(gridFont());
    const teach::StateGrid g = grid();
    const int w = std::max(qRound(360 * m_zoom), qCeil(g.minimumWidth()));
    const int h = std::max(qRound((std::max(1, m_geometry.rows) * 16 + 30) * m_zoom) + 3 * fm.height(),
                           qCeil(g.minimumHeight(std::max(w, width()))));
    return {w, h};
}

void StateView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const teach::StateGrid g = grid();
    g.paint(p, rect());
    if (g.hasState() && hasFocus()) {
        // The step keys act here now: say so with a thin frame in the highlight colour.
        p.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(rect()).adjusted(0.75, 0.75, -0.75, -0.75));
    }
}

int StateView::unitAt(const QPoint& pos, int* row) const {
    const teach::StateGrid g = grid();
    if (!g.hasState()) return -1;
    const teach::StateGrid::Metrics m = g.metrics(size());
    for (int r = 0; r < m_geometry.rows; ++r)
        for (int u = 0; u < g.unitsPerRow(); ++u)
            if (g.unitRect(m, r, u).adjusted(-1, -1, 1, 1).contains(pos)) {
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
        const teach::StateGrid g = grid();
        const int nb = g.unitBits();
        // The polynomial's column label names the coefficient itself ("w[35] bit 31").
        QString text =
            m_geometry.kind == StateGeometry::Kind::Polynomial
                ? m_geometry.columnLabel(row, u * nb)
                : QStringLiteral("%1 %2").arg(m_geometry.rowLabel(row), m_geometry.columnLabel(row, u * nb));
        if (nb == 1) {
            const int bit = m_geometry.bitIndex(row, u);
            text += tr(" (state bit %1) = %2").arg(bit).arg(stateBit(m_state, bit) ? 1 : 0);
            if (isHighlighted(bit))
                text += m_mode == Mode::Twin ? tr(", differs from %1").arg(m_referenceName) : tr(", changed");
        } else {
            text += tr(": %1").arg(g.unitText(row, u, false));
            if (!m_reference.empty() && m_mode != Mode::Value)
                text += tr(", Δ %1").arg(g.unitText(row, u, true));
        }
        if (m_showMoves) text += QLatin1Char('\n') + g.overlayLegend();
        QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    if (event->type() == QEvent::PaletteChange) update();
    return QWidget::event(event);
}

} // namespace rs::gui
