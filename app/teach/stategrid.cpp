#include "app/teach/stategrid.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStringList>

#include <algorithm>

namespace rs::teach {

namespace {
// The strings keep the state view's translation context.
QString tr(const char* text) {
    return QCoreApplication::translate("rs::gui::StateView", text);
}

GridItem boxItem(const QRectF& r, const QColor& c) {
    GridItem it;
    it.kind = GridItem::Kind::Box;
    it.rect = r;
    it.color = c;
    return it;
}
} // namespace

StateGrid::StateGrid(GridContent content, GridStyle style) : m_c(std::move(content)), m_s(std::move(style)) {
    if (m_c.reference.size() != m_c.state.size()) m_c.reference.clear();
    if (m_s.scale <= 0) m_s.scale = 1;
}

QFont StateGrid::titleFont() const {
    QFont f = m_s.mono;
    f.setFamily(QFont().defaultFamily());
    if (f.pixelSize() > 0)
        f.setPixelSize(qRound(f.pixelSize() * 1.45));
    else
        f.setPointSizeF(f.pointSizeF() * 1.45);
    f.setBold(true);
    return f;
}

QFont StateGrid::captionFont() const {
    QFont f = m_s.mono;
    f.setFamily(QFont().defaultFamily());
    return f;
}

int StateGrid::unitBits() const {
    return m_c.format == GridFormat::Bits ? 1 : std::max(1, m_c.geometry.cellBits);
}

int StateGrid::unitsPerRow() const {
    return m_c.geometry.rowBits / unitBits();
}

bool StateGrid::isHighlighted(int bit) const {
    if (m_c.mode == GridMode::Value || m_c.reference.empty()) return false;
    return stateBit(m_c.state, bit) != stateBit(m_c.reference, bit);
}

int StateGrid::highlightedBits() const {
    int n = 0;
    for (int i = 0; i < m_c.geometry.stateBits(); ++i)
        n += isHighlighted(i) ? 1 : 0;
    return n;
}

QString StateGrid::unitText(int row, int unit, bool delta) const {
    const int nb = unitBits();
    quint64 v = 0;
    for (int k = 0; k < nb; ++k) {
        const int bit = m_c.geometry.bitIndex(row, unit * nb + k);
        bool b = stateBit(m_c.state, bit);
        if (delta) b = b != stateBit(m_c.reference, bit);
        v = v << 1 | (b ? 1u : 0u);
    }
    const int digits = m_c.geometry.hexDigits > 0 && nb > 1 ? m_c.geometry.hexDigits : std::max(1, nb / 4);
    return QStringLiteral("%1").arg(v, digits, 16, QLatin1Char('0')).toUpper();
}

double StateGrid::hexTextWidth() const {
    const int digits =
        m_c.geometry.hexDigits > 0 && unitBits() > 1 ? m_c.geometry.hexDigits : std::max(1, unitBits() / 4);
    return QFontMetricsF(m_s.mono).horizontalAdvance(QString(digits, QLatin1Char('F')));
}

double StateGrid::smallGap() const {
    return (m_c.format == GridFormat::Bits ? 2 : 4) * m_s.scale;
}

double StateGrid::wideGap() const {
    // The polynomial's 16 coefficients a row: narrower gaps, so a row fits the explorer at 1366 px.
    const bool poly = m_c.geometry.kind == StateGeometry::Kind::Polynomial;
    return (m_c.format == GridFormat::Bits ? 6 : poly ? 8 : 10) * m_s.scale;
}

double StateGrid::hexPadding() const {
    return (m_c.geometry.kind == StateGeometry::Kind::Polynomial ? 6 : 8) * m_s.scale;
}

std::vector<QString> StateGrid::wrapCaption(double width) const {
    return wrapText(m_c.caption, captionFont(), width);
}

std::vector<QString> StateGrid::wrapText(const QString& textIn, const QFont& font, double width) {
    std::vector<QString> lines;
    if (textIn.isEmpty()) return lines;
    const QFontMetricsF fm(font);
    for (const QString& para : textIn.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString& word : para.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString next = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && fm.horizontalAdvance(next) > width) {
                lines.push_back(line);
                line = word;
            } else {
                line = next;
            }
        }
        lines.push_back(line);
    }
    return lines;
}

StateGrid::Metrics StateGrid::metrics(QSizeF size) const {
    const double s = m_s.scale;
    const QFontMetricsF fm(m_s.mono);
    const StateGeometry& g = m_c.geometry;
    Metrics m;
    const double pad = 8 * s;
    m.width = size.width();
    m.left = pad;
    m.top = pad;
    m.titleH = m_c.title.isEmpty() ? 0 : QFontMetricsF(titleFont()).height() * 1.4;
    m.captionLines = wrapCaption(size.width() - 2 * pad);
    const double captionH =
        m.captionLines.empty()
            ? 0
            : QFontMetricsF(captionFont()).lineSpacing() * double(m.captionLines.size()) + 6 * s;
    // Wide enough for the longest row label ("w[240]"), at least "X[3]".
    double labelText = fm.horizontalAdvance(QStringLiteral("X[3]"));
    for (int r = 0; r < g.rows; ++r)
        labelText = std::max(labelText, fm.horizontalAdvance(g.rowLabel(r)));
    m.labelW = labelText + 14 * s;
    m.headerH = fm.height() + 6 * s;
    m.legendH = fm.height() + 14 * s;
    const int units = std::max(1, unitsPerRow());
    const bool bits = m_c.format == GridFormat::Bits;
    // A row's hex beside its bits, up to 32 digits (Keccak's 80-digit rows show their lanes in hex cells).
    m.rightW = bits && g.rowBits <= 128
                   ? fm.horizontalAdvance(QString(g.rowBits / 4, QLatin1Char('F'))) + 20 * s
                   : 0;
    const double avail = size.width() - 2 * pad - m.labelW - m.rightW;
    const int groupUnits = std::max(1, g.byteGroup / unitBits());
    const int groups = std::max(1, units / groupUnits);
    const double small = smallGap(), wide = wideGap();
    m.wideGap = wide;
    const double cellW = (avail - (units - groups) * small - (groups - 1) * wide) / units;
    const int rows = std::max(1, g.rows);
    // The overlay's legend line takes its height off the bottom: in a box that much taller the grid is
    // laid out exactly as without the overlay.
    // It wraps to the width right of the row labels (after its swatch).
    if (m_c.overlay.show) {
        m.overlayLines = wrapText(overlayLegend(), m_s.mono,
                                  std::max(40 * s, size.width() - pad - m.left - m.labelW - 17 * s));
        m.overlayH = fm.height() * double(std::max<std::size_t>(1, m.overlayLines.size())) + 8 * s;
    }
    const double height = size.height() - m.overlayH;
    const double availH = height - 2 * pad - m.headerH - m.legendH - m.titleH - captionH;
    if (bits) {
        m.cellW = std::clamp(cellW, 4.0 * s, 30.0 * s);
        // Bits may grow taller than wide to use the height the box gives the grid.
        m.rowGap = std::max(4.0 * s, m.cellW * 0.35);
        m.rowH = std::clamp(availH / rows - m.rowGap, std::min(m.cellW, 26.0 * s),
                            std::max(m.cellW * 2.4, 28.0 * s));
    } else {
        const double textW = hexTextWidth();
        // At least the text, at most 64 px (scaled) unless the text itself is wider (a large font).
        m.cellW = std::min(std::max(cellW, textW + hexPadding()), std::max(textW + hexPadding(), 64.0 * s));
        m.rowGap = 6 * s;
        // The polynomial's 16 rows may be lower, so more of them fit the explorer.
        const double lowest = g.kind == StateGeometry::Kind::Polynomial ? 1.3 : 1.6;
        m.rowH = std::clamp(availH / rows - m.rowGap, fm.height() * lowest, fm.height() * 3.0);
    }
    m.cell = small;
    // Centre the grid vertically in whatever height is left over below the title.
    const double content = m.headerH + rows * (m.rowH + m.rowGap) + m.legendH;
    m.top = std::max(pad + m.titleH, m.titleH + (height - m.titleH - captionH - content) / 2);
    m.overlayTop = m.top + content;
    m.captionTop = m.top + content + m.overlayH + 4 * s;
    return m;
}

double StateGrid::columnX(const Metrics& m, int unit) const {
    const int groupUnits = std::max(1, m_c.geometry.byteGroup / unitBits());
    const double small = m.cell, wide = m.wideGap;
    const int group = unit / groupUnits;
    return m.left + m.labelW + unit * (m.cellW + small) + group * (wide - small);
}

QRectF StateGrid::unitRect(const Metrics& m, int row, int unit) const {
    const double y = m.top + m.headerH + row * (m.rowH + m.rowGap);
    return QRectF(columnX(m, unit), y, m.cellW, m.rowH);
}

void StateGrid::addHeader(GridScene& sc, const Metrics& m) const {
    const StateGeometry& g = m_c.geometry;
    const int nb = unitBits();
    // The polynomial labels every column with its offset in the row (w[16r + c]).
    const int groupBits = g.kind == StateGeometry::Kind::Polynomial ? nb : std::max(g.byteGroup, nb);
    const int groups = g.rowBits / std::max(1, groupBits);
    for (int i = 0; i < groups; ++i) {
        QString label;
        switch (g.kind) {
        case StateGeometry::Kind::Ascon:
            label = QString::number(63 - i * 8);
            break;
        case StateGeometry::Kind::Lea:
            label = QString::number(31 - i * 8);
            break;
        case StateGeometry::Kind::Skinny:
            label = tr("col %1").arg(i);
            break;
        case StateGeometry::Kind::Polynomial:
            label = QStringLiteral("+%1").arg(i);
            break;
        case StateGeometry::Kind::Keccak:
            label = QStringLiteral("x=%1").arg(i);
            break;
        case StateGeometry::Kind::Generic:
            label = QString::number(i * groupBits);
            break;
        }
        const double x = columnX(m, i * groupBits / nb);
        sc.items.push_back({GridItem::Kind::Text, QRectF(x, m.top, 80 * m_s.scale, m.headerH),
                            m_s.colors.mutedText, label, Qt::AlignLeft | Qt::AlignVCenter});
    }
    if (m_c.format == GridFormat::Bits && m.rightW > 0)
        sc.items.push_back(
            {GridItem::Kind::Text,
             QRectF(m.width - 8 * m_s.scale - m.rightW + 12 * m_s.scale, m.top, m.rightW, m.headerH),
             m_s.colors.mutedText, tr("hex"), Qt::AlignLeft | Qt::AlignVCenter});
}

void StateGrid::addRows(GridScene& sc, const Metrics& m) const {
    const GridColors& c = m_s.colors;
    const StateGeometry& g = m_c.geometry;
    const bool bits = m_c.format == GridFormat::Bits;
    const bool compare = m_c.mode != GridMode::Value && !m_c.reference.empty();
    const QColor accent = m_c.mode == GridMode::Twin ? c.differs : c.changed;
    const int units = unitsPerRow(), nb = unitBits();
    const auto text = [&](const QRectF& r, const QColor& col, const QString& t, int align) {
        sc.items.push_back({GridItem::Kind::Text, r, col, t, align});
    };
    for (int row = 0; row < g.rows; ++row) {
        const QRectF first = unitRect(m, row, 0);
        text(QRectF(m.left, first.top(), m.labelW - 8 * m_s.scale, m.rowH), c.text, g.rowLabel(row),
             Qt::AlignRight | Qt::AlignVCenter);
        for (int u = 0; u < units; ++u) {
            const QRectF r = unitRect(m, row, u);
            bool hi = false;
            for (int k = 0; k < nb; ++k)
                hi = hi || isHighlighted(g.bitIndex(row, u * nb + k));
            if (bits) {
                const bool one = stateBit(m_c.state, g.bitIndex(row, u));
                QColor fill = compare ? (one ? c.dimOne : c.dimZero) : (one ? c.one : c.zero);
                if (hi) {
                    fill = accent;
                    if (!one) fill.setAlphaF(0.45);
                }
                sc.items.push_back(boxItem(r, fill));
            } else {
                sc.items.push_back({GridItem::Kind::RoundedBox,
                                    r,
                                    hi ? accent : c.zero,
                                    {},
                                    0,
                                    GridItem::Font::Mono,
                                    3 * m_s.scale});
                text(r, hi ? QColor(Qt::white) : c.text,
                     unitText(row, u, m_c.mode == GridMode::Twin && compare && m_c.hexDelta),
                     Qt::AlignCenter);
            }
        }
        if (bits && m.rightW > 0) {
            QString hex;
            for (int u = 0; u < g.rowBits / 4; ++u) {
                int v = 0;
                for (int k = 0; k < 4; ++k)
                    v = v << 1 | (stateBit(m_c.state, g.bitIndex(row, 4 * u + k)) ? 1 : 0);
                hex += QString::number(v, 16).toUpper();
            }
            text(QRectF(m.width - 8 * m_s.scale - m.rightW + 12 * m_s.scale, first.top(), m.rightW, m.rowH),
                 c.text, hex, Qt::AlignLeft | Qt::AlignVCenter);
        }
    }
}

void StateGrid::addLegend(GridScene& sc, const Metrics& m) const {
    const GridColors& c = m_s.colors;
    const double s = m_s.scale;
    const QFontMetricsF fm(m_s.mono);
    const double y = m.top + m.headerH + m_c.geometry.rows * (m.rowH + m.rowGap) + 4 * s;
    double x = m.left + m.labelW;
    const auto label = [&](const QString& text, const QColor& col) {
        const double w = fm.horizontalAdvance(text);
        sc.items.push_back({GridItem::Kind::Text, QRectF(x, y, w + 4 * s, m.legendH), col, text,
                            Qt::AlignLeft | Qt::AlignVCenter});
        x += w + 12 * s;
    };
    const auto swatch = [&](const QColor& col, const QString& text) {
        sc.items.push_back(boxItem(QRectF(x, y + (m.legendH - 12 * s) / 2, 12 * s, 12 * s), col));
        x += 17 * s;
        label(text, c.text);
        x += 10 * s;
    };
    const bool compare = m_c.mode != GridMode::Value;
    if (compare && m_c.reference.empty()) {
        // A note, not a shade: the bits are drawn in their plain colours.
        label(m_c.mode == GridMode::Changed ? tr("first step: nothing to compare")
                                            : tr("no twin run: choose a bit of the input"),
              c.mutedText);
        return;
    }
    const bool hex = m_c.format == GridFormat::Hex;
    const QColor accent = m_c.mode == GridMode::Twin ? c.differs : c.changed;
    if (m_c.mode == GridMode::Changed)
        label(tr("changed since previous step: %1 bits").arg(highlightedBits()), c.text);
    if (m_c.mode == GridMode::Twin) {
        const QString what = hex && m_c.hexDelta ? tr("Δ = state ⊕ %1, ").arg(m_c.referenceName) : QString();
        label(tr("%1differs from %2: %3 bits").arg(what, m_c.referenceName).arg(highlightedBits()), c.text);
    }
    if (compare) {
        // Each shade the cells use has its own swatch: a highlighted bit that is now 1 or 0, a plain 1 or 0.
        if (hex) {
            swatch(accent, m_c.mode == GridMode::Changed ? tr("changed cell") : tr("differing cell"));
            swatch(c.zero, m_c.mode == GridMode::Changed ? tr("unchanged") : tr("same"));
        } else {
            QColor accentZero = accent;
            accentZero.setAlphaF(0.45);
            swatch(accent, tr("1"));
            swatch(accentZero, tr("0"));
            label(m_c.mode == GridMode::Changed ? tr("unchanged") : tr("same"), c.mutedText);
            swatch(c.dimOne, tr("1"));
            swatch(c.dimZero, tr("0"));
        }
    } else if (!hex) {
        // (Hex cells have one shade whatever their value: no 1 / 0 swatches for them.)
        swatch(c.one, tr("1"));
        swatch(c.zero, tr("0"));
    }
    if (!m_c.framedBits.empty() && !m_c.framedLabel.isEmpty()) {
        GridItem frame;
        frame.kind = GridItem::Kind::Frame;
        frame.rect = QRectF(x, y + (m.legendH - 12 * s) / 2, 12 * s, 12 * s);
        frame.color = c.overlay;
        frame.penWidth = 2 * s;
        sc.items.push_back(frame);
        x += 17 * s;
        label(m_c.framedLabel, c.text);
    }
}

void StateGrid::addFrames(GridScene& sc, const Metrics& m) const {
    const double s = m_s.scale;
    for (const int bit : m_c.framedBits) {
        int row = 0, col = 0;
        if (!bitPosition(bit, &row, &col)) continue;
        GridItem frame;
        frame.kind = GridItem::Kind::Frame;
        frame.rect = unitRect(m, row, col / unitBits()).adjusted(-2 * s, -2 * s, 2 * s, 2 * s);
        frame.color = m_s.colors.overlay;
        frame.penWidth = 2.5 * s;
        sc.items.push_back(frame);
    }
}

double StateGrid::minimumWidth() const {
    const double s = m_s.scale;
    const Metrics m = metrics(QSizeF(0, 0));
    const int units = std::max(1, unitsPerRow());
    const int groupUnits = std::max(1, m_c.geometry.byteGroup / unitBits());
    const int groups = std::max(1, units / groupUnits);
    const double cell = m_c.format == GridFormat::Bits ? 4 * s : hexTextWidth() + hexPadding();
    return 16 * s + m.labelW + m.rightW + units * cell + (units - groups) * smallGap() +
           (groups - 1) * wideGap();
}

double StateGrid::minimumHeight(double width) const {
    // Laid out in a box 0 high, every row takes its lowest height and the grid starts right below the title.
    const Metrics m = metrics(QSizeF(width, 0));
    const double captionH =
        m.captionLines.empty()
            ? 0
            : QFontMetricsF(captionFont()).lineSpacing() * double(m.captionLines.size()) + 6 * m_s.scale;
    return m.captionTop + captionH + 8 * m_s.scale;
}

GridScene StateGrid::scene(QSizeF size) const {
    GridScene sc;
    sc.size = size;
    sc.background = m_s.colors.background;
    sc.mono = m_s.mono;
    sc.title = titleFont();
    sc.caption = captionFont();
    const QRectF all(QPointF(0, 0), size);
    if (!hasState()) {
        sc.items.push_back({GridItem::Kind::Text, all, m_s.colors.mutedText, m_c.emptyText, Qt::AlignCenter});
        return sc;
    }
    const Metrics m = metrics(size);
    const double pad = 8 * m_s.scale;
    if (!m_c.title.isEmpty())
        sc.items.push_back({GridItem::Kind::Text, QRectF(pad, pad, size.width() - 2 * pad, m.titleH),
                            m_s.colors.text, m_c.title, Qt::AlignLeft | Qt::AlignVCenter,
                            GridItem::Font::Title});
    addHeader(sc, m);
    addRows(sc, m);
    addFrames(sc, m);
    addLegend(sc, m);
    if (m_c.overlay.show) addOverlay(sc, m);
    const double lineH = QFontMetricsF(captionFont()).lineSpacing();
    for (std::size_t i = 0; i < m.captionLines.size(); ++i)
        sc.items.push_back({GridItem::Kind::Text,
                            QRectF(pad, m.captionTop + double(i) * lineH, size.width() - 2 * pad, lineH),
                            m_s.colors.text, m.captionLines[i], Qt::AlignLeft | Qt::AlignVCenter,
                            GridItem::Font::Caption});
    return sc;
}

void StateGrid::paint(QPainter& p, const QRectF& target) const {
    p.save();
    p.translate(target.topLeft());
    paintGridScene(p, scene(target.size()));
    p.restore();
}

QSize StateGrid::preferredSize() const {
    const double s = m_s.scale;
    const QFontMetricsF fm(m_s.mono);
    const StateGeometry& g = m_c.geometry;
    const bool bits = m_c.format == GridFormat::Bits;
    const int units = std::max(1, unitsPerRow());
    const double cell =
        bits ? (g.rowBits <= 16   ? 28
                : g.rowBits <= 32 ? 22
                                  : 14) *
                   s
             : std::max(hexTextWidth() + hexPadding(), g.rowBits / unitBits() <= 8 ? 64 * s : 40 * s);
    const double labelW = metrics(QSizeF(0, 0)).labelW;
    const double rightW = bits && g.rowBits <= 128
                              ? fm.horizontalAdvance(QString(g.rowBits / 4, QLatin1Char('F'))) + 20 * s
                              : 0;
    const double w = 16 * s + labelW + units * (cell + (bits ? 6 : 10) * s) + rightW;
    const double width = std::max(w, 480 * s);
    const double rowH = bits ? std::max(cell * 1.6, 26 * s) : fm.height() * 2.2;
    double h =
        16 * s + fm.height() * 2 + 20 * s + std::max(1, g.rows) * (rowH + std::max(6 * s, cell * 0.35));
    if (!m_c.title.isEmpty()) h += QFontMetricsF(titleFont()).height() * 1.4;
    if (m_c.overlay.show) h += metrics(QSizeF(width, 0)).overlayH;
    const auto lines = wrapCaption(width - 16 * s);
    if (!lines.empty()) h += QFontMetricsF(captionFont()).lineSpacing() * double(lines.size()) + 10 * s;
    return QSize(qCeil(width), qCeil(h));
}

void paintGridScene(QPainter& p, const GridScene& sc) {
    p.fillRect(QRectF(QPointF(0, 0), sc.size), sc.background);
    for (const GridItem& it : sc.items) {
        switch (it.kind) {
        case GridItem::Kind::Box:
            p.fillRect(it.rect, it.color);
            break;
        case GridItem::Kind::RoundedBox:
            p.setPen(Qt::NoPen);
            p.setBrush(it.color);
            p.drawRoundedRect(it.rect, it.radius, it.radius);
            break;
        case GridItem::Kind::Text:
            p.setFont(it.font == GridItem::Font::Title     ? sc.title
                      : it.font == GridItem::Font::Caption ? sc.caption
                                                           : sc.mono);
            p.setPen(it.color);
            p.drawText(it.rect, it.align, it.text);
            break;
        case GridItem::Kind::Frame:
        case GridItem::Kind::Path:
            paintOverlayItem(p, it);
            break;
        }
    }
}

} // namespace rs::teach
