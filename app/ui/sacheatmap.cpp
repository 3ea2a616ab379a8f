#include "sacheatmap.h"

#include "theme.h"

#include <qcustomplot.h>

namespace rs::gui {

SacHeatmap::SacHeatmap(QWidget* parent)
    : ChartView(tr("SAC heatmap"), parent), m_margins(new QCPMarginGroup(plot())) {
    redraw();
}

void SacHeatmap::setResult(const analysis::DiffusionResult* result) {
    if (result)
        m_result = *result;
    else
        m_result.reset();
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
        showMessage(m_result ? tr("No SAC matrix: run with samples > 0 and “Keep SAC matrices”")
                             : tr("Run an analysis with samples (F5) to see the SAC matrix"));
        styleChart();
        return;
    }
    setHasData(true);
    setTitle(tr("SAC, round %1: worst |P(flip) − 0.5| = %2 (%3 samples)")
                 .arg(m_round)
                 .arg(rd->sacMaxDeviation, 0, 'f', 3)
                 .arg(m_result->samples));
    auto* map = new QCPColorMap(x, y);
    map->data()->setSize(stateBits, varied);
    map->data()->setRange(QCPRange(0, stateBits - 1), QCPRange(m_result->firstBit, m_result->lastBit));
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

} // namespace rs::gui
