#include "app/ui/ip/mldsalaneview.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <bit>

namespace rs::gui {

MlDsaLaneView::MlDsaLaneView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("mldsaLaneView"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_message = tr("Run the unit to see its lanes");
}

void MlDsaLaneView::setLanes(std::optional<hw::MlDsaLanes> lanes, const QString& message) {
    m_lanes = std::move(lanes);
    m_message = message;
    updateGeometry();
    update();
}

QStringList MlDsaLaneView::rowNames() const {
    QStringList rows{tr("layers")};
    for (int s = 0; s < hw::kMlDsaStages; ++s)
        rows << QString::fromLatin1(hw::mldsaStageName(s));
    if (m_lanes)
        for (int k = 0; k < 2 * m_lanes->butterflies; ++k)
            rows << tr("bank%1 rd").arg(k) << tr("bank%1 wr").arg(k);
    return rows;
}

QSize MlDsaLaneView::sizeHint() const {
    return {600, (static_cast<int>(rowNames().size()) + 1) * kRowHeight + 4};
}

QSize MlDsaLaneView::minimumSizeHint() const {
    return {200, sizeHint().height()};
}

std::optional<waveform::Tick> MlDsaLaneView::clockAt(int x) const {
    if (!m_lanes || m_lanes->end <= m_lanes->start) return std::nullopt;
    const int w = width() - kLabelWidth - 4;
    if (x < kLabelWidth || x >= kLabelWidth + w || w <= 0) return std::nullopt;
    const auto clocks = static_cast<double>(m_lanes->end - m_lanes->start);
    return m_lanes->start + static_cast<waveform::Tick>((x - kLabelWidth) * clocks / w);
}

bool MlDsaLaneView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip && m_lanes) {
        auto* help = static_cast<QHelpEvent*>(e);
        const auto t = clockAt(help->pos().x());
        if (!t) {
            QToolTip::hideText();
            return true;
        }
        const auto i = static_cast<std::size_t>(*t - m_lanes->start);
        const hw::MlDsaLaneClock& c = m_lanes->clocks.at(std::min(i, m_lanes->clocks.size() - 1));
        QStringList stages;
        for (int s = 0; s < hw::kMlDsaStages; ++s)
            if (c.stages & (1u << s)) stages << QString::fromLatin1(hw::mldsaStageName(s));
        QToolTip::showText(
            help->globalPos(),
            tr("clock %1 after START (tick %2): layer register %3; stages %4; %5 banks read, %6 "
               "written")
                .arg(*t - m_lanes->start)
                .arg(*t)
                .arg(c.layer + 1)
                .arg(stages.isEmpty() ? tr("none") : stages.join(QStringLiteral(", ")))
                .arg(std::popcount(c.bankReads))
                .arg(std::popcount(c.bankWrites)),
            this);
        return true;
    }
    return QWidget::event(e);
}

void MlDsaLaneView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().text().color());
    if (!m_lanes) {
        p.drawText(rect().adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                   m_message);
        return;
    }
    const hw::MlDsaLanes& l = *m_lanes;
    const int w = std::max(1, width() - kLabelWidth - 4);
    const double clocks = static_cast<double>(std::max<waveform::Tick>(1, l.end - l.start));
    const auto xOf = [&](waveform::Tick t) {
        return kLabelWidth + static_cast<int>((t - l.start) * w / clocks);
    };
    const auto span = [&](int row, waveform::Tick b, waveform::Tick e, const QBrush& brush) {
        const int x0 = xOf(b), x1 = std::max(xOf(e), x0 + 1);
        p.fillRect(QRect(x0, row * kRowHeight + 2, x1 - x0, kRowHeight - 2), brush);
    };
    const QStringList rows = rowNames();
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.75));
    p.setFont(small);
    for (int r = 0; r < rows.size(); ++r)
        p.drawText(QRect(2, r * kRowHeight, kLabelWidth - 4, kRowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   rows[r]);
    const QColor accent = palette().highlight().color();
    for (std::size_t i = 0; i < l.layers.size(); ++i) {
        const auto& s = l.layers[i];
        QColor c = accent;
        c.setAlpha(i % 2 ? 150 : 255);
        span(0, s.issue.begin, s.issue.end, c);
        span(0, s.issue.end, s.span.end, QBrush(c, Qt::BDiagPattern));
    }
    // Runs of set bits per row, so a long run is one rectangle.
    const auto rowRuns = [&](int row, auto bitOf, const QBrush& brush) {
        std::optional<waveform::Tick> from;
        for (const auto& c : l.clocks) {
            const bool on = bitOf(c);
            if (on && !from) from = c.tick;
            if (!on && from) {
                span(row, *from, c.tick, brush);
                from.reset();
            }
        }
        if (from) span(row, *from, l.end, brush);
    };
    const QColor stageColour = palette().text().color();
    for (int s = 0; s < hw::kMlDsaStages; ++s)
        rowRuns(
            1 + s, [s](const hw::MlDsaLaneClock& c) { return (c.stages >> s) & 1u; }, stageColour);
    for (int k = 0; k < 2 * l.butterflies; ++k) {
        rowRuns(
            1 + hw::kMlDsaStages + 2 * k,
            [k](const hw::MlDsaLaneClock& c) { return (c.bankReads >> k) & 1u; }, QColor(40, 120, 200));
        rowRuns(
            2 + hw::kMlDsaStages + 2 * k,
            [k](const hw::MlDsaLaneClock& c) { return (c.bankWrites >> k) & 1u; }, QColor(200, 90, 40));
    }
    // The layer boundaries across every row.
    p.setPen(QPen(palette().mid().color(), 1, Qt::DashLine));
    for (const waveform::Tick b : l.boundaries())
        p.drawLine(xOf(b), 0, xOf(b), static_cast<int>(rows.size()) * kRowHeight);
    p.setPen(palette().text().color());
    p.drawText(
        QRect(kLabelWidth, static_cast<int>(rows.size()) * kRowHeight, w, kRowHeight + 4),
        Qt::AlignLeft | Qt::AlignVCenter,
        tr("%1 clocks from START; dashed: layer boundaries; hatched: a layer's drain to its last write")
            .arg(l.end - l.start));
}

} // namespace rs::gui
