#include "app/ui/ip/pipelinelaneview.h"

#include "app/ui/waveform/waveformpainter.h"

#include <QPainter>

#include <algorithm>

namespace rs::gui {

using hw::BlockKind;
using hw::ClockSpan;

PipelineLaneView::PipelineLaneView(const waveform::WaveViewState* state, QWidget* parent)
    : QWidget(parent), m_state(state) {
    setObjectName(QStringLiteral("pipelineLanes"));
    setMinimumHeight(kPermHeight + 30);
}

void PipelineLaneView::setLanes(const hw::PipelineLanes* lanes, const QString& message) {
    m_has = lanes != nullptr;
    m_lanes = lanes ? *lanes : hw::PipelineLanes{};
    m_message = message;
    // Every block row is reachable: the scroll area scrolls instead of squeezing the chart.
    setMinimumHeight(m_has ? sizeHint().height() : kPermHeight + 30);
    updateGeometry();
    update();
}

QSize PipelineLaneView::sizeHint() const {
    const int blocks = m_has ? static_cast<int>(m_lanes.blocks.size()) : 0;
    return {600, kPermHeight + 8 + blocks * kBlockHeight};
}

int PipelineLaneView::blockAt(int y) const {
    if (!m_has || y < kPermHeight + 4) return -1;
    const int b = (y - kPermHeight - 4) / kBlockHeight;
    return b < static_cast<int>(m_lanes.blocks.size()) ? b : -1;
}

namespace {

QColor kindColor(BlockKind kind, bool dark) {
    switch (kind) {
    case BlockKind::AssociatedData:
        return dark ? QColor(0xb3, 0x8c, 0xff) : QColor(0x7e, 0x57, 0xc2);
    case BlockKind::Message:
        return dark ? QColor(0x4f, 0xc3, 0xf7) : QColor(0x02, 0x77, 0xbd);
    case BlockKind::Last:
        return dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0xe6, 0x51, 0x00);
    }
    return {};
}

} // namespace

void PipelineLaneView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const WaveColors c = waveColors(palette());
    const bool dark = c.background.lightness() < 128;
    const int left = static_cast<int>(m_state->waveLeft());
    p.fillRect(rect(), c.background);
    p.fillRect(QRect(0, 0, left, height()), c.nameBackground);
    if (!m_has) {
        p.setPen(c.mutedText);
        p.drawText(rect().adjusted(8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }
    const TickMapper map = m_state->mapper();
    const double x1 = width();
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.85));
    // A box over [span.begin, span.end) clocks: filled, outlined, labelled when it fits.
    const auto box = [&](const ClockSpan& s, int top, int h, const QColor& fill, const QString& label) {
        if (s.end <= s.begin) return;
        const double xa = std::max<double>(left, map.x(static_cast<double>(s.begin)));
        const double xb = std::min(x1, map.x(static_cast<double>(s.end)));
        if (xb <= xa) return;
        const QRectF r(xa, top, xb - xa, h);
        p.fillRect(r, fill);
        p.setPen(QPen(c.grid, 1));
        p.drawRect(r);
        if (!label.isEmpty() && p.fontMetrics().horizontalAdvance(label) + 4 < r.width()) {
            p.setPen(c.text);
            p.drawText(r, Qt::AlignCenter, label);
        }
    };
    const auto name = [&](int top, int h, const QString& text, const QColor& color) {
        p.setPen(color);
        p.drawText(QRect(6, top, left - 10, h), Qt::AlignVCenter | Qt::AlignLeft, text);
    };
    p.setClipRect(QRect(0, 0, width(), height()));

    // The permutation unit.
    name(2, kPermHeight - 4, tr("permutation"), c.text);
    QColor initFill = c.dense;
    box(m_lanes.initialisation, 2, kPermHeight - 6, initFill, tr("p^a init"));
    for (const hw::PipelineBlock& b : m_lanes.blocks) {
        QColor f = kindColor(b.kind, dark);
        f.setAlpha(110);
        box(b.permutation, 2, kPermHeight - 6, f,
            b.kind == BlockKind::Last ? tr("p^a final") : tr("p^b #%1").arg(b.index));
    }

    const int stages = m_lanes.wordsPerBlock; // delay stages = words per block
    for (std::size_t i = 0; i < m_lanes.blocks.size(); ++i) {
        const hw::PipelineBlock& b = m_lanes.blocks[i];
        const int top = kPermHeight + 4 + static_cast<int>(i) * kBlockHeight;
        if (top > height()) break;
        const QColor kc = kindColor(b.kind, dark);
        p.setPen(c.grid);
        p.drawLine(0, top + kBlockHeight - 2, width(), top + kBlockHeight - 2);
        name(top, 16, tr("block %1 · %2").arg(b.index).arg(QString::fromStdString(hw::blockKindName(b.kind))),
             kc);
        p.save();
        p.setFont(small);
        name(top + 18, 14, tr("  length (d1..d%1)").arg(stages), c.mutedText);
        name(top + 33, 14, tr("  lane 0 (words 0-1)"), c.mutedText);
        if (stages == 4) name(top + 48, 14, tr("  lane 1 (words 2-3)"), c.mutedText);
        p.restore();

        p.setClipRect(QRect(left, top, width() - left, kBlockHeight));
        QColor stageFill = kc;
        stageFill.setAlpha(60);
        box(ClockSpan{b.issue, b.issue + 1}, top + 1, 15, stageFill, tr("w0"));
        for (std::size_t k = 0; k < b.stages.size(); ++k)
            box(b.stages[k], top + 1, 15, stageFill, QStringLiteral("d%1").arg(k + 1));
        QColor waitFill = c.grid;
        box(b.waiting, top + 1, 15, waitFill, tr("wait"));
        QColor takeFill = kc;
        takeFill.setAlpha(170);
        box(ClockSpan{b.take, b.take + 1}, top + 1, 15, takeFill, tr("take"));
        // The three stage inputs, from the clock each is complete to the take edge.
        QColor laneFill = kc;
        laneFill.setAlpha(35);
        p.save();
        p.setFont(small);
        box(b.length, top + 19, 12, laneFill, tr("len"));
        box(b.lane0, top + 34, 12, laneFill, tr("lane 0"));
        if (stages == 4) box(b.lane1, top + 49, 12, laneFill, tr("lane 1"));
        p.restore();
        const double xt = map.x(static_cast<double>(b.take));
        if (xt >= left && xt <= x1) { // where they meet
            p.setPen(QPen(kc, 2));
            p.drawLine(QPointF(xt, top + 16), QPointF(xt, top + (stages == 4 ? 62 : 47)));
        }
        p.setClipRect(QRect(0, 0, width(), height()));
    }

    // The view's cursors, across every lane.
    p.setClipRect(QRect(left, 0, width() - left, height()));
    const auto cursor = [&](std::optional<waveform::Tick> t, const QColor& color, Qt::PenStyle style) {
        if (!t) return;
        const double x = map.x(static_cast<double>(*t));
        p.setPen(QPen(color, 1.5, style));
        p.drawLine(QPointF(x, 0), QPointF(x, height()));
    };
    cursor(m_state->cursorB(), c.secondCursor, Qt::DashLine);
    cursor(m_state->cursorA(), c.cursor, Qt::SolidLine);
    p.setClipping(false);
    p.setPen(c.grid);
    p.drawLine(left, 0, left, height());
}

} // namespace rs::gui
