#include "app/charts/campaignchart.h"

#include "app/charts/theme.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace rs::charts {

CampaignChart::CampaignChart(QWidget* parent) : ChartView(tr("Campaign"), parent) {
    redraw();
}

void CampaignChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    if (m_data.series.empty()) rebuild();
}

void CampaignChart::setData(const campaign::ChartData& data, const QString& title) {
    m_data = data;
    if (!title.isEmpty()) setTitle(title);
    redraw();
}

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

} // namespace

void CampaignChart::rebuild() {
    clearPlot();
    QCPAxis* x = plot()->xAxis;
    QCPAxis* y = plot()->yAxis;
    x->setLabel(tr("message size"));
    y->setLabel(QString::fromStdString(m_data.yLabel));
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
    int i = 0;
    for (const auto& s : m_data.series) {
        QVector<double> keys, values;
        for (const auto& pt : s.points) {
            // A log axis has no place for an empty message: it is left out of the chart (not of the data).
            if (pt.x <= 0) continue;
            keys << pt.x;
            values << pt.y;
            xmin = std::min(xmin, pt.x);
            xmax = std::max(xmax, pt.x);
            ymin = std::min(ymin, pt.y);
            ymax = std::max(ymax, pt.y);
        }
        QCPGraph* g = plot()->addGraph(x, y);
        g->setData(keys, values, true);
        g->setPen(QPen(seriesColor(pal, i % 4), 2.0, styles[(i / 4) % 4]));
        g->setScatterStyle(QCPScatterStyle(shapes[(i / 4) % 4], 6));
        g->setName(QString::fromStdString(s.label));
        ++i;
    }
    QSharedPointer<BytesTicker> ticker(new BytesTicker);
    ticker->setLogBase(2);
    ticker->setSubTickCount(0);
    x->setTicker(ticker);
    x->setScaleType(QCPAxis::stLogarithmic);
    if (xmax <= xmin) xmax = xmin * 2;
    x->setRange(xmin / 1.3, xmax * 1.3);
    const double pad = (ymax - ymin) * 0.08 + (ymax == ymin ? std::abs(ymax) * 0.1 + 1e-9 : 0);
    y->setRange(std::min(0.0, ymin - pad), ymax + pad);
    plot()->legend->setVisible(true);
    plot()->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignLeft | Qt::AlignTop);
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
