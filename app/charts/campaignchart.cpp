#include "app/charts/campaignchart.h"

#include "app/charts/theme.h"

#include "core/campaign/units.h"

#include <QToolTip>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace rs::charts {

namespace {

// Byte sizes as the papers write them: 16 B, 4 KiB, 64 MiB.
QString bytesLabel(double v) {
    static const char* units[] = {"B", "KiB", "MiB", "GiB"};
    int u = 0;
    while (v >= 1024 && u < 3) {
        v /= 1024;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(v, 0, 'g', 4).arg(QLatin1String(units[u]));
}

class BytesTicker : public QCPAxisTickerLog {
  protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return bytesLabel(tick); }
};

// Value axes in one human scale (the axis label names it): "250" on an axis "throughput (MB/s)".
class HumanTicker : public QCPAxisTicker {
  public:
    explicit HumanTicker(campaign::HumanScale scale) : m_scale(std::move(scale)) {}

  protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return QString::fromStdString(campaign::formatScaled(std::abs(tick) < 1e-12 ? 0 : tick, m_scale));
    }

  private:
    campaign::HumanScale m_scale;
};

class HumanLogTicker : public QCPAxisTickerLog {
  public:
    explicit HumanLogTicker(campaign::HumanScale scale) : m_scale(std::move(scale)) {}

  protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return QString::fromStdString(campaign::formatScaled(tick, m_scale));
    }

  private:
    campaign::HumanScale m_scale;
};

QString human(double v, const std::string& unit) {
    return QString::fromStdString(unit.empty() ? campaign::formatScaled(v, campaign::humanScale("", v))
                                               : campaign::formatValue(v, unit));
}

// A relative figure: "×1.234".
QString times(double v) {
    return QStringLiteral("×") +
           QString::fromStdString(campaign::formatScaled(v, campaign::humanScale("", v)));
}

} // namespace

CampaignChart::CampaignChart(QWidget* parent) : ChartView(tr("Campaign"), parent) {
    // The legend beside the plot, never over the data: a grid cell right of the axis rect.
    QCPLegend* legend = plot()->legend;
    // Above an empty cell that takes the rest of the height, so the legend keeps its own height.
    plot()->axisRect()->insetLayout()->take(legend);
    auto* side = new QCPLayoutGrid;
    plot()->plotLayout()->addElement(1, 1, side);
    plot()->plotLayout()->setColumnStretchFactor(1, 0.001);
    side->addElement(0, 0, legend);
    side->addElement(1, 0, new QCPLayoutElement(plot()));
    side->setRowStretchFactor(0, 0.001);
    side->setRowSpacing(0);
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    legend->setWrap(20); // many series (the NIST grid) wrap into further columns
    plot()->setMouseTracking(true);
    m_defaultTip = plot()->toolTip();
    connect(plot(), &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const QString text = hoverAt(e->position());
        // The plot's own tooltip ("Right-click to export…") would replace the point's text when the mouse
        // rests: near a point, the point's text is the tooltip.
        plot()->setToolTip(text.isEmpty() ? m_defaultTip : text);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(e->globalPosition().toPoint(), text, plot());
        plot()->replot(QCustomPlot::rpQueuedReplot);
    });
    redraw();
}

void CampaignChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    if (m_data.series.empty()) redraw();
}

void CampaignChart::setData(const campaign::ChartData& data, const QString& title) {
    m_data = data;
    if (!title.isEmpty()) setTitle(title);
    redraw();
}

void CampaignChart::setHiddenSeries(const QSet<QString>& labels) {
    if (labels == m_hidden) return;
    m_hidden = labels;
    redraw();
}

void CampaignChart::setLogY(bool on) {
    if (on == m_logY) return;
    m_logY = on;
    redraw();
}

QCPErrorBars* CampaignChart::errorBars(int graph) const {
    return graph >= 0 && graph < static_cast<int>(m_bars.size()) ? m_bars[static_cast<std::size_t>(graph)]
                                                                 : nullptr;
}

int CampaignChart::seriesOfGraph(int graph) const {
    return graph >= 0 && graph < static_cast<int>(m_graphSeries.size())
               ? m_graphSeries[static_cast<std::size_t>(graph)]
               : -1;
}

QString CampaignChart::noteText() const {
    return m_note ? m_note->text() : QString();
}

QString CampaignChart::pointText(int series, int point) const {
    if (series < 0 || series >= static_cast<int>(m_data.series.size())) return {};
    const auto& s = m_data.series[static_cast<std::size_t>(series)];
    if (point < 0 || point >= static_cast<int>(s.points.size())) return {};
    const auto& p = s.points[static_cast<std::size_t>(point)];
    const std::string& unit = m_data.yUnit;
    if (m_data.kind == campaign::ChartKind::Relative) {
        // "throughput: ×1.23 of ascon-aead128 (higher is faster)"
        const QString of = tr(" of %1").arg(QString::fromStdString(m_data.baseline));
        QString text = QStringLiteral("%1\n%2\n%3: %4%5 %6")
                           .arg(QString::fromStdString(s.label), bytesLabel(p.x),
                                QString::fromStdString(m_data.metric), times(p.y), of,
                                m_data.higherIsFaster ? tr("(higher is faster)") : tr("(lower is faster)"));
        if (p.yMin != p.yMax)
            text +=
                tr("\nmin / median / max: %1 / %2 / %3%4").arg(times(p.yMin), times(p.y), times(p.yMax), of);
        if (!s.simulated.empty()) text += QLatin1Char('\n') + QString::fromStdString(s.simulated);
        return text;
    }
    QString text = QStringLiteral("%1\n%2\n%3: %4")
                       .arg(QString::fromStdString(s.label), bytesLabel(p.x),
                            QString::fromStdString(m_data.yName), human(p.y, unit));
    if (p.yMin != p.yMax)
        text += tr("\nmin / median / max: %1 / %2 / %3")
                    .arg(human(p.yMin, unit), human(p.y, unit), human(p.yMax, unit));
    if (!s.simulated.empty()) text += QLatin1Char('\n') + QString::fromStdString(s.simulated);
    return text;
}

QString CampaignChart::hoverAt(const QPointF& pos) {
    double best = 24 * 24;
    int bestGraph = -1, bestPoint = -1;
    for (int g = 0; g < plot()->graphCount(); ++g) {
        QCPGraph* graph = plot()->graph(g);
        int i = 0;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++i) {
            double px = 0, py = 0;
            graph->coordsToPixels(it->key, it->value, px, py);
            const double d = (px - pos.x()) * (px - pos.x()) + (py - pos.y()) * (py - pos.y());
            if (d < best) {
                best = d;
                bestGraph = g;
                bestPoint = i;
            }
        }
    }
    if (bestGraph < 0) {
        if (m_tracer) m_tracer->setVisible(false);
        return {};
    }
    if (m_tracer) {
        QCPGraph* graph = plot()->graph(bestGraph);
        m_tracer->setGraph(graph);
        m_tracer->setGraphKey((graph->data()->constBegin() + bestPoint)->key);
        m_tracer->setVisible(true);
    }
    const auto& points = m_graphPoint[static_cast<std::size_t>(bestGraph)];
    return pointText(seriesOfGraph(bestGraph), points[static_cast<std::size_t>(bestPoint)]);
}

void CampaignChart::rebuild() {
    clearPlot();
    m_graphSeries.clear();
    m_graphPoint.clear();
    m_bars.clear();
    m_reference = nullptr;
    m_note = nullptr;
    m_tracer = nullptr;
    m_logSkipped = 0;
    QCPAxis* x = plot()->xAxis;
    QCPAxis* y = plot()->yAxis;
    x->setLabel(tr("message size"));
    y->setLabel(QString::fromStdString(m_data.yLabel));
    y->setScaleType(QCPAxis::stLinear);
    y->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    if (m_data.series.empty()) {
        x->setRange(16, 1024);
        showEmpty(m_emptyText.isEmpty() ? tr("Run a campaign, then choose it to chart its results")
                                        : m_emptyText);
        return;
    }
    setHasData(true);
    const QPalette pal = palette();
    double xmin = 1e300, xmax = 0, ymin = 1e300, ymax = -1e300;
    const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    const QCPScatterStyle::ScatterShape shapes[] = {QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
                                                    QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond};
    // A series' colour follows what it measures (target, algorithm, AD), not its place: the same series of
    // two compared campaigns has one colour, and the campaigns differ by line style.
    std::map<std::tuple<std::string, std::string, std::uint64_t>, int> identity;
    std::map<std::int64_t, int> campaignOrder;
    for (const auto& s : m_data.series) {
        identity.emplace(std::tuple{s.target, s.algorithm, s.adBytes}, static_cast<int>(identity.size()));
        campaignOrder.emplace(s.campaign, static_cast<int>(campaignOrder.size()));
    }
    for (int i = 0; i < static_cast<int>(m_data.series.size()); ++i) {
        const auto& s = m_data.series[static_cast<std::size_t>(i)];
        const QString label = QString::fromStdString(s.label);
        if (m_hidden.contains(label)) continue;
        const int k = identity.at({s.target, s.algorithm, s.adBytes});
        const int style = campaignOrder.size() > 1 ? campaignOrder.at(s.campaign) : k / 4;
        QVector<double> keys, values, minus, plus;
        std::vector<int> index;
        for (int j = 0; j < static_cast<int>(s.points.size()); ++j) {
            const auto& pt = s.points[static_cast<std::size_t>(j)];
            // A log axis has no place for an empty message: it is left out of the chart (not of the data).
            if (pt.x <= 0) continue;
            if (m_logY && pt.y <= 0) { // nor for a value at or below zero on a log y axis: counted, noted
                ++m_logSkipped;
                continue;
            }
            // On a log axis the bar stops short of zero rather than reaching below it.
            const double lo = m_logY && pt.yMin <= 0 ? pt.y : pt.yMin;
            keys << pt.x;
            values << pt.y;
            minus << std::max(0.0, pt.y - lo);
            plus << std::max(0.0, pt.yMax - pt.y);
            index.push_back(j);
            xmin = std::min(xmin, pt.x);
            xmax = std::max(xmax, pt.x);
            // A point without a stored spread (yMin = yMax = 0 by default) still spans its own value.
            ymin = std::min({ymin, lo, pt.y});
            ymax = std::max({ymax, pt.yMax, pt.y});
        }
        // Styles by the series' place in the data, so hiding others does not recolour it.
        QCPGraph* g = plot()->addGraph(x, y);
        g->setData(keys, values, true);
        g->setPen(QPen(seriesColor(pal, k % 4), 2.0, styles[style % 4]));
        g->setScatterStyle(QCPScatterStyle(shapes[(k / 4) % 4], 6));
        g->setName(label);
        auto* bars = new QCPErrorBars(x, y);
        bars->removeFromLegend();
        bars->setDataPlottable(g);
        bars->setData(minus, plus);
        bars->setPen(QPen(seriesColor(pal, k % 4), 1.0));
        bars->setWhiskerWidth(6);
        bars->setName(label + tr(" min–max"));
        m_graphSeries.push_back(i);
        m_graphPoint.push_back(std::move(index));
        m_bars.push_back(bars);
    }
    if (xmax <= 0) { // every series hidden, or nothing drawable
        xmin = 16;
        xmax = 1024;
    }
    if (ymax < ymin) {
        ymin = m_logY ? 0.1 : 0;
        ymax = 1;
    }
    QSharedPointer<BytesTicker> ticker(new BytesTicker);
    ticker->setLogBase(2);
    ticker->setSubTickCount(0);
    x->setTicker(ticker);
    x->setScaleType(QCPAxis::stLogarithmic);
    if (xmax <= xmin) xmax = xmin * 2;
    x->setRange(xmin / 1.3, xmax * 1.3);

    const bool speedup = m_data.kind == campaign::ChartKind::Speedup;
    const bool relative = m_data.kind == campaign::ChartKind::Relative;
    if (speedup || relative) { // E = 1 (as fast as the baseline), 1.0 (the baseline): always in view
        ymin = std::min(ymin, 1.0);
        ymax = std::max(ymax, 1.0);
    }
    const campaign::HumanScale scale =
        campaign::humanScale(m_data.yUnit, std::max(std::abs(ymin), std::abs(ymax)));
    // "throughput (MB/s)"; a count named as its unit ("instructions") is not named twice.
    const bool bare = scale.label.empty() || scale.label == m_data.yName;
    y->setLabel(QString::fromStdString(m_data.yName) +
                (bare ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(scale.label))));
    if (m_logY) {
        QSharedPointer<HumanLogTicker> logTicker(new HumanLogTicker(scale));
        logTicker->setLogBase(10);
        y->setTicker(logTicker);
        y->setScaleType(QCPAxis::stLogarithmic);
        y->setRange(ymin / 1.5, ymax * 1.5);
    } else {
        y->setTicker(QSharedPointer<QCPAxisTicker>(new HumanTicker(scale)));
        const double pad = (ymax - ymin) * 0.08 + (ymax == ymin ? std::abs(ymax) * 0.1 + 1e-9 : 0);
        // Throughput, times and counts are never negative: such an axis starts at 0, not below it.
        y->setRange(ymin >= 0 ? 0.0 : ymin - pad, ymax + pad);
    }
    if (speedup || relative) {
        m_reference = new QCPItemStraightLine(plot());
        m_reference->setObjectName(speedup ? QStringLiteral("speedupReference")
                                           : QStringLiteral("relativeReference"));
        m_reference->point1->setCoords(1, 1);
        m_reference->point2->setCoords(2, 1);
        QColor c = pal.color(QPalette::Text);
        c.setAlphaF(0.6);
        m_reference->setPen(QPen(c, 1.2, Qt::DashLine));
        auto* label = new QCPItemText(plot());
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setTypeY(QCPItemPosition::ptPlotCoords);
        label->position->setCoords(0.01, 1);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setText(speedup ? tr("E = 1: as fast as %1").arg(QString::fromStdString(m_data.baseline))
                               : tr("×1: %1 on each target").arg(QString::fromStdString(m_data.baseline)));
        label->setColor(c);
    }
    QStringList notes;
    for (const auto& n : m_data.notes)
        notes << QString::fromStdString(n);
    if (m_logSkipped > 0)
        notes << tr("%n value(s) at or below zero not shown on the log axis", nullptr, m_logSkipped);
    if (!notes.isEmpty()) {
        m_note = new QCPItemText(plot());
        m_note->setObjectName(QStringLiteral("chartNote"));
        m_note->position->setType(QCPItemPosition::ptAxisRectRatio);
        m_note->position->setCoords(0.99, 0.01);
        m_note->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        m_note->setTextAlignment(Qt::AlignRight);
        m_note->setText(notes.join(QLatin1Char('\n')));
        m_note->setColor(m_logSkipped > 0 ? errorColor(pal) : pal.color(QPalette::Text));
        QFont f = font();
        f.setItalic(true);
        m_note->setFont(f);
    }
    m_tracer = new QCPItemTracer(plot());
    m_tracer->setStyle(QCPItemTracer::tsCircle);
    m_tracer->setSize(10);
    m_tracer->setPen(QPen(pal.color(QPalette::Text), 1.5));
    m_tracer->setVisible(false);
    plot()->legend->setVisible(plot()->graphCount() > 0);
    styleChart();
}

bool renderCampaignChart(const campaign::ChartData& data, const QString& title, const QString& path,
                         QString* error) {
    return withOffscreenApplication(
        [&] {
            CampaignChart chart;
            chart.setPalette(themePalette(Theme::Light));
            chart.resize(1000, 600);
            chart.setData(data, title);
            return path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)
                       ? chart.exportPdf(path, error)
                       : chart.exportPng(path, 1000, 600, error);
        },
        error);
}

} // namespace rs::charts
