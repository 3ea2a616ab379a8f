#include "app/charts/sacheatmap.h"

#include "app/charts/theme.h"

#include <qcustomplot.h>

namespace rs::charts {

SacHeatmap::SacHeatmap(QWidget* parent)
    : ChartView(tr("SAC heatmap"), parent), m_margins(new QCPMarginGroup(plot())) {
    redraw();
}

void SacHeatmap::setResult(std::shared_ptr<const analysis::DiffusionResult> result) {
    m_result = std::move(result);
    if (m_result) m_round = std::clamp(m_round, 1, std::max(1, m_result->rounds));
    redraw();
}

void SacHeatmap::setRound(int round) {
    if (round == m_round) return;
    m_round = round;
    redraw();
}

bool SacHeatmap::hasSac() const {
    if (!m_result) return false;
    for (const auto& r : m_result->perRound)
        if (!r.sac.empty()) return true;
    return false;
}

void SacHeatmap::rebuild() {
    clearPlot();
    QCPAxis* x = plot()->xAxis;
    QCPAxis* y = plot()->yAxis;
    x->setLabel(tr("state bit"));
    y->setLabel(tr("flipped input bit"));
    const analysis::RoundDiffusion* rd = nullptr;
    if (m_result && m_round >= 1 && m_round <= static_cast<int>(m_result->perRound.size()))
        rd = &m_result->perRound[static_cast<std::size_t>(m_round - 1)];
    const int stateBits = m_result ? m_result->stateBits : 0;
    const int varied = m_result ? m_result->lastBit - m_result->firstBit + 1 : 0;
    if (rd == nullptr || rd->sac.empty() || stateBits <= 0 || varied <= 0 ||
        rd->sac.size() != static_cast<std::size_t>(stateBits) * static_cast<std::size_t>(varied)) {
        setTitle(tr("SAC heatmap"));
        x->setRange(0, 1);
        y->setRange(0, 1);
        showEmpty(m_result ? tr("No SAC matrix: run with samples > 0 and “Keep SAC matrices”")
                           : tr("Run an analysis with samples (F5) to see the SAC matrix"));
        return;
    }
    setHasData(true);
    setTitle(tr("%1 SAC, round %2: worst |P(flip) − 0.5| = %3 (%4 samples)")
                 .arg(QString::fromStdString(m_result->algorithm))
                 .arg(m_round)
                 .arg(rd->sacMaxDeviation, 0, 'f', 3)
                 .arg(m_result->samples));
    auto* map = new QCPColorMap(x, y);
    map->data()->setSize(stateBits, varied);
    // The ranges are cell centres, except for a single row or column: QCustomPlot then spans the
    // whole range with that one cell, so it needs the cell's own extent (a zero range draws nothing).
    const auto cells = [](int first, int last) {
        return first == last ? QCPRange(first - 0.5, first + 0.5) : QCPRange(first, last);
    };
    map->data()->setRange(cells(0, stateBits - 1), cells(m_result->firstBit, m_result->lastBit));
    for (int v = 0; v < varied; ++v)
        for (int s = 0; s < stateBits; ++s)
            map->data()->setCell(s, v, rd->sac[static_cast<std::size_t>(v) * stateBits + s]);
    map->setInterpolate(false);
    map->setTightBoundary(false);

    const bool dark = isDarkPalette(palette());
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorStopAt(0.0, QColor(0x21, 0x66, 0xac));
    gradient.setColorStopAt(0.5, dark ? QColor(0x3a, 0x3d, 0x42) : QColor(0xf4, 0xf4, 0xf4));
    gradient.setColorStopAt(1.0, QColor(0xc6, 0x28, 0x28));
    auto* scale = new QCPColorScale(plot());
    plot()->plotLayout()->addElement(1, 1, scale);
    scale->setType(QCPAxis::atRight);
    scale->axis()->setLabel(tr("P(flip)"));
    map->setColorScale(scale);
    map->setGradient(gradient);
    map->setDataRange(QCPRange(0, 1));
    plot()->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, m_margins);
    scale->setMarginGroup(QCP::msBottom | QCP::msTop, m_margins);
    styleAxis(scale->axis());
    x->setRange(-0.5, stateBits - 0.5);
    y->setRange(m_result->firstBit - 0.5, m_result->lastBit + 0.5);
    styleChart();
}

} // namespace rs::charts
