// StateGrid's "where bits move" overlay (issue 17): drawn from the step's teach::BitMoves into the same
// scene as the cells, so the state view, the presentation view and every export show it alike.
//   SKINNY ShiftRows: an arrow from each moving cell's previous position to its new one (row 0 stays);
//     a cell that wraps past the row's end leaves at the right edge and comes in at the left (dashed).
//   Ascon p_L, LEA rotations: the selected bit framed; its sources framed where they were in the
//     previous state (same grid positions) and joined to it above the row; wrapped sources dashed.
// The overlay draws over the cells only with its own colour; a legend line below says what it shows.
#include "app/teach/stategrid.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLineF>
#include <QPainter>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace rs::teach {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("rs::gui::StateView", text);
}

GridItem overlayItem(GridItem::Kind kind, const QColor& c, double width, bool dashed) {
    GridItem it;
    it.kind = kind;
    it.color = c;
    it.penWidth = width;
    it.dashed = dashed;
    it.overlay = true;
    return it;
}

QString operationName(const BitMoves& m) {
    return QString::fromStdString(m.operation);
}

} // namespace

bool StateGrid::bitPosition(int bit, int* row, int* col) const {
    const StateGeometry& g = m_c.geometry;
    for (int r = 0; r < g.rows; ++r)
        for (int c = 0; c < g.rowBits; ++c)
            if (g.bitIndex(r, c) == bit) {
                *row = r;
                *col = c;
                return true;
            }
    return false;
}

QRectF StateGrid::cellRect(const Metrics& m, int firstBit, int bits) const {
    // The drawn units covering bits firstBit.. of one row (a SKINNY cell, or one bit of a word).
    QRectF r;
    for (int b = firstBit; b < firstBit + bits; ++b) {
        int row = 0, col = 0;
        if (!bitPosition(b, &row, &col)) continue;
        r = r.united(unitRect(m, row, col / unitBits()));
    }
    return r;
}

QString StateGrid::overlayLegend() const {
    const GridOverlay& o = m_c.overlay;
    if (!o.show) return {};
    if (o.moves.empty())
        return tr("Where bits move: nothing to show for this step (ShiftRows, Ascon p_L, LEA rotations, "
                  "Keccak ρ and π have a model)");
    const QString op = operationName(o.moves);
    if (!o.moves.cells.empty())
        return op.startsWith(QLatin1String("inverse"))
                   ? tr("%1: row i moves i cells left; dashed arrows wrap around").arg(op)
                   : tr("%1: row i moves i cells right; dashed arrows wrap around").arg(op);
    int row = 0, col = 0;
    if (o.selectedBit < 0 || !bitPosition(o.selectedBit, &row, &col))
        return tr("Where bits move (%1): click a bit to see its sources").arg(op);
    const StateGeometry& g = m_c.geometry;
    const auto wordBit = [&](int c) { return g.rowBits - 1 - c; };
    QStringList sources;
    QString sourceRow;
    bool wrapped = false;
    for (const BitMove& mv : o.moves.sourcesOf(o.selectedBit)) {
        int sr = 0, sc = 0;
        if (!bitPosition(mv.from, &sr, &sc)) continue;
        sources << QString::number(wordBit(sc));
        sourceRow = g.rowLabel(sr);
        wrapped = wrapped || mv.wrapped;
    }
    const QString line = tr("%1 bit %2 ← %3 %4 of %5 before %6")
                             .arg(g.rowLabel(row))
                             .arg(wordBit(col))
                             .arg(sources.size() == 1 ? tr("bit") : tr("bits"),
                                  sources.join(QStringLiteral(", ")), sourceRow, op);
    return wrapped ? line + tr(" (dashed: wrapped around the word)") : line;
}

void StateGrid::addOverlay(GridScene& sc, const Metrics& m) const {
    const GridOverlay& o = m_c.overlay;
    const QColor colour = m_s.colors.overlay;
    const double s = m_s.scale;
    const double pen = 2 * s;
    if (!o.moves.empty() && !o.moves.cells.empty()) {
        const int cellBits = std::max(1, m_c.geometry.cellBits);
        const double leftEdge = unitRect(m, 0, 0).left() - 4 * s;
        const double rightEdge = unitRect(m, 0, unitsPerRow() - 1).right() + 4 * s;
        for (const CellMove& c : o.moves.cells) {
            if (c.from == c.to) continue;
            const QPointF from = cellRect(m, c.from * cellBits, cellBits).center();
            const QPointF to = cellRect(m, c.to * cellBits, cellBits).center();
            if (!c.wrapped) {
                // Bow above the centre line so arrows of one row do not lie on each other.
                const double bow =
                    m.rowH * std::min(0.45, 0.12 + 0.1 * std::abs(to.x() - from.x()) / m.width * 4);
                GridItem it = overlayItem(GridItem::Kind::Path, colour, pen, false);
                it.points = {from, QPointF((from.x() + to.x()) / 2, from.y() - bow), to};
                it.arrowHead = true;
                sc.items.push_back(it);
                continue;
            }
            GridItem out = overlayItem(GridItem::Kind::Path, colour, pen, true);
            out.points = {from, QPointF(rightEdge, from.y())};
            sc.items.push_back(out);
            GridItem in = overlayItem(GridItem::Kind::Path, colour, pen, true);
            in.points = {QPointF(leftEdge, to.y()), to};
            in.arrowHead = true;
            sc.items.push_back(in);
        }
    } else if (!o.moves.empty() && o.selectedBit >= 0) {
        int row = 0, col = 0;
        if (bitPosition(o.selectedBit, &row, &col)) {
            const QRectF sel = unitRect(m, row, col / unitBits());
            GridItem frame = overlayItem(GridItem::Kind::Frame, colour, pen * 1.5, false);
            frame.rect = sel.adjusted(-pen, -pen, pen, pen);
            sc.items.push_back(frame);
            const std::vector<BitMove> sources = o.moves.sourcesOf(o.selectedBit);
            for (std::size_t i = 0; i < sources.size(); ++i) {
                int sr = 0, scol = 0;
                if (!bitPosition(sources[i].from, &sr, &scol)) continue;
                const QRectF r = unitRect(m, sr, scol / unitBits());
                GridItem mark = overlayItem(GridItem::Kind::Frame, colour, pen, sources[i].wrapped);
                mark.rect = r.adjusted(-pen / 2, -pen / 2, pen / 2, pen / 2);
                sc.items.push_back(mark);
                if (r == sel) continue;
                // Source → selected bit, above the row (one level a source so the joins stay apart).
                const double up = std::max(m.rowGap * 0.5, 3 * s) + double(i) * 3 * s;
                GridItem join = overlayItem(GridItem::Kind::Path, colour, pen * 0.75, sources[i].wrapped);
                join.points = {QPointF(r.center().x(), r.top()), QPointF(r.center().x(), r.top() - up),
                               QPointF(sel.center().x(), sel.top() - up),
                               QPointF(sel.center().x(), sel.top())};
                join.arrowHead = true;
                sc.items.push_back(join);
            }
        }
    }
    // The legend line: a swatch in the overlay colour and what it shows (or why nothing).
    const QFontMetricsF fm(m_s.mono);
    const double x = m.left + m.labelW;
    GridItem sw = overlayItem(GridItem::Kind::Box, colour, 0, false);
    sw.rect = QRectF(x, m.overlayTop + 4 * s + (fm.height() - 12 * s) / 2, 12 * s, 12 * s);
    sc.items.push_back(sw);
    // One text item a line, wrapped to the box's width (metrics), so no line runs past its right edge.
    const double lineH = fm.height();
    for (std::size_t i = 0; i < m.overlayLines.size(); ++i) {
        GridItem t = overlayItem(GridItem::Kind::Text, m_s.colors.text, 0, false);
        t.text = m.overlayLines[i];
        t.rect = QRectF(x + 17 * s, m.overlayTop + 4 * s + double(i) * lineH,
                        fm.horizontalAdvance(t.text) + 2 * s, lineH);
        t.align = Qt::AlignLeft | Qt::AlignVCenter;
        sc.items.push_back(t);
    }
}

std::vector<QPointF> arrowHeadOf(const GridItem& it) {
    if (it.kind != GridItem::Kind::Path || !it.arrowHead || it.points.size() < 2) return {};
    const QPointF tip = it.points.back();
    const QLineF last(it.points[it.points.size() - 2], tip);
    if (last.length() <= 0) return {};
    const QPointF dir = (tip - last.p1()) / last.length();
    const QPointF side(-dir.y(), dir.x());
    const double len = std::max(6.0, it.penWidth * 3.5), half = len * 0.5;
    return {tip, tip - dir * len + side * half, tip - dir * len - side * half};
}

void paintOverlayItem(QPainter& p, const GridItem& it) {
    p.save();
    QPen pen(it.color, it.penWidth);
    pen.setStyle(it.dashed ? Qt::DashLine : Qt::SolidLine);
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::MiterJoin);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    if (it.kind == GridItem::Kind::Frame) {
        p.drawRect(it.rect);
    } else {
        p.drawPolyline(it.points.data(), static_cast<int>(it.points.size()));
        const std::vector<QPointF> head = arrowHeadOf(it);
        if (!head.empty()) {
            p.setPen(Qt::NoPen);
            p.setBrush(it.color);
            p.drawPolygon(head.data(), static_cast<int>(head.size()));
        }
    }
    p.restore();
}

} // namespace rs::teach
