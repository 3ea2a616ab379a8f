#include "app/charts/diffusionchart.h"

#include "app/charts/theme.h"

#include <qcustomplot.h>

#include <memory>

namespace rs::charts {

namespace {

QString fieldTitle(const analysis::DiffusionResult& r) {
    return QStringLiteral("%1 bits %2–%3")
        .arg(QString::fromStdString(analysis::fieldName(r.field)))
        .arg(r.firstBit)
        .arg(r.lastBit);
}

} // namespace

DiffusionChart::DiffusionChart(QWidget* parent) : ChartView(tr("Dependency per round"), parent) {
    redraw();
}

void DiffusionChart::setResult(std::shared_ptr<const analysis::DiffusionResult> result) {
    m_result = std::move(result);
    redraw();
}

void DiffusionChart::rebuild() {
    clearPlot();
    QCPAxis* x = plot()->xAxis;
    QCPAxis* y = plot()->yAxis;
    x->setLabel(tr("round"));
    y->setLabel(tr("fraction"));
    y->setRange(0, 1.05);
    if (!m_result || m_result->perRound.empty()) {
        setTitle(tr("Dependency per round"));
        x->setRange(0, 12);
        showEmpty(tr("Run an analysis (F5) to see the dependency per round"));
        return;
    }
    setHasData(true);
    const auto& r = *m_result;
    setTitle(tr("%1: dependency on %2").arg(QString::fromStdString(r.algorithm), fieldTitle(r)));
    const QPalette pal = palette();
    QVector<double> keys, dep, pairs, aval;
    keys << 0;
    dep << 0;
    pairs << 0;
    aval << 0;
    for (const auto& rd : r.perRound) {
        keys << rd.round;
        dep << rd.dependentFraction;
        pairs << rd.pairFraction;
        aval << (r.stateBits > 0 ? rd.avalancheMean / r.stateBits : 0);
    }
    // Round 0 is the input: only the varied bits themselves "depend" on the varied bits (a block
    // cipher's key is not in the state; every Ascon field is).
    const int varied = r.lastBit - r.firstBit + 1;
    if (r.field != analysis::Field::Key || r.layout.name == "ascon-320")
        dep[0] = r.stateBits > 0 ? static_cast<double>(varied) / r.stateBits : 0;
    const auto addGraph = [&](const QVector<double>& values, int color, const QString& name, bool markers) {
        QCPGraph* g = plot()->addGraph(x, y);
        g->setData(keys, values, true);
        g->setPen(QPen(seriesColor(pal, color), 2.2));
        if (markers) g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        g->setName(name);
        return g;
    };
    addGraph(dep, 0, tr("state bits depending on the varied bits"), true);
    addGraph(pairs, 2, tr("dependent (state bit, input bit) pairs"), false);
    if (r.samples > 0) addGraph(aval, 1, tr("avalanche mean / state bits (%1 samples)").arg(r.samples), true);

    if (r.fullDiffusionRound > 0) {
        auto* full = new QCPItemStraightLine(plot());
        full->point1->setCoords(r.fullDiffusionRound, 0);
        full->point2->setCoords(r.fullDiffusionRound, 1);
        full->setPen(QPen(seriesColor(pal, 3), 1.5, Qt::DashLine));
        auto* label = new QCPItemText(plot());
        label->position->setCoords(r.fullDiffusionRound, 0.04);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setPadding(QMargins(4, 0, 0, 0));
        label->setText(tr("full diffusion: round %1").arg(r.fullDiffusionRound));
        label->setColor(seriesColor(pal, 3));
    }
    x->setRange(-0.3, r.rounds + 0.3);
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(r.rounds > 24 ? 4 : r.rounds > 12 ? 2 : 1);
    x->setTicker(ticker);
    plot()->legend->setVisible(true);
    plot()->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignBottom);
    styleChart();
}

bool renderDiffusionChart(const analysis::DiffusionResult& result, const QString& pngPath, QString* error) {
    return withOffscreenApplication(
        [&] {
            DiffusionChart chart;
            chart.setPalette(themePalette(Theme::Light));
            chart.resize(1000, 560);
            // The chart only borrows the result for this scope: a non-owning pointer, no copy.
            chart.setResult(
                std::shared_ptr<const analysis::DiffusionResult>(std::shared_ptr<void>(), &result));
            return chart.exportPng(pngPath, 1000, 560, error);
        },
        error);
}

} // namespace rs::charts
