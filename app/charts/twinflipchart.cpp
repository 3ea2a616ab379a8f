#include "app/charts/twinflipchart.h"

#include "app/charts/theme.h"
#include "core/sessions/explorermodel.h"

#include <qcustomplot.h>

#include <algorithm>

namespace rs::charts {

TwinFlipChart::TwinFlipChart(QWidget* parent)
    : ChartView(tr("Twin run: flipped state bits per round"), parent) {
    redraw();
}

void TwinFlipChart::setTraces(const crypto::Trace& main, const crypto::Trace& twin, int currentStep,
                              bool acrossPermutations) {
    m_flips.clear();
    m_stepOfPoint.clear();
    m_stateBits = 0;
    m_across = acrossPermutations;
    m_current = currentStep;
    const std::vector<int> perStep = sessions::twinFlipsPerStep(main, twin);
    if (!perStep.empty()) {
        m_stateBits = static_cast<int>(main.steps.front().state.size()) * 8;
        m_stepOfPoint.push_back(0);
        for (const int i : sessions::roundEndSteps(main))
            m_stepOfPoint.push_back(i);
        for (const int i : m_stepOfPoint)
            m_flips.push_back(perStep[static_cast<std::size_t>(i)]);
    }
    redraw();
}

void TwinFlipChart::setLinearTransform(bool linear) {
    if (linear == m_linear) return;
    m_linear = linear;
    redraw();
}

void TwinFlipChart::setCurrentStep(int step) {
    if (step == m_current) return;
    m_current = step;
    redraw();
}

void TwinFlipChart::rebuild() {
    clearPlot();
    QCPAxis* x = plot()->xAxis;
    QCPAxis* y = plot()->yAxis;
    x->setLabel(m_across ? tr("round, over every permutation in trace order (0 = input)")
                         : tr("round (0 = input)"));
    y->setLabel(tr("state bits that differ"));
    if (m_flips.empty()) {
        x->setRange(0, 12);
        y->setRange(0, 1);
        showEmpty(tr("No twin run: choose an input bit to flip"));
        return;
    }
    setHasData(true);
    const QPalette pal = palette();
    auto* bars = new QCPBars(x, y);
    QVector<double> keys, values;
    for (std::size_t i = 0; i < m_flips.size(); ++i) {
        keys << static_cast<double>(i);
        values << m_flips[i];
    }
    bars->setData(keys, values, true);
    bars->setWidth(0.7);
    QColor fill = seriesColor(pal, 0);
    bars->setPen(QPen(fill.darker(115)));
    fill.setAlphaF(0.8);
    bars->setBrush(fill);
    bars->setName(tr("differing bits"));

    auto* halfLabel = new QCPItemText(plot());
    halfLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    halfLabel->position->setCoords(0.995, 0.01);
    halfLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    halfLabel->setBrush(pal.color(QPalette::Base));
    halfLabel->setPadding(QMargins(4, 2, 4, 2));
    if (m_linear) {
        // A linear map sends one changed coefficient to a fixed set of coefficients; a random permutation's
        // n/2 would compare it with something it is not.
        halfLabel->setText(
            tr("no n/2 line: the transform is linear over Z_q, so a changed coefficient reaches\n"
               "a fixed set of coefficients (2^k after layer k), not half the bits at random"));
        halfLabel->setColor(pal.color(QPalette::Text));
        setToolTip(halfLabel->text().replace(QLatin1Char('\n'), QLatin1Char(' ')));
    } else {
        auto* half = new QCPItemStraightLine(plot());
        half->point1->setCoords(0, m_stateBits / 2.0);
        half->point2->setCoords(1, m_stateBits / 2.0);
        half->setPen(QPen(seriesColor(pal, 1), 1.5, Qt::DashLine));
        halfLabel->setText(tr("dashed: n/2 = %1 bits, what a random permutation flips").arg(m_stateBits / 2));
        halfLabel->setColor(seriesColor(pal, 1));
        setToolTip({});
    }

    // The point the current step belongs to: the first round end at or after it.
    int point = static_cast<int>(m_stepOfPoint.size()) - 1;
    for (std::size_t i = 0; i < m_stepOfPoint.size(); ++i)
        if (m_stepOfPoint[i] >= m_current) {
            point = static_cast<int>(i);
            break;
        }
    auto* marker = new QCPItemStraightLine(plot());
    marker->point1->setCoords(point, 0);
    marker->point2->setCoords(point, 1);
    marker->setPen(QPen(seriesColor(pal, 3), 2));

    x->setRange(-0.7, static_cast<double>(m_flips.size()) - 0.3);
    const int most = *std::max_element(m_flips.begin(), m_flips.end());
    y->setRange(0, m_linear ? std::max(1.0, most * 1.35) : m_stateBits * 0.75);
    styleChart();
    // The points are whole rounds (layers): ticks on whole numbers only, never 2.5.
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    ticker->setTickCount(std::min<int>(10, static_cast<int>(m_flips.size())));
    x->setTicker(ticker);
}

} // namespace rs::charts
