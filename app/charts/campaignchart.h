#pragma once
// A campaign chart: throughput (or any stored metric) against message size on a log2 axis, or paper
// 004's speedup E = T_base / T and efficiency S = 1 - T / T_base against a baseline target, or a metric
// relative to a baseline algorithm (×1 on each target, hover "×1.23 of ascon-aead128"); one line
// per (campaign, target, algorithm, AD size), so two campaigns sit side by side. Like a benchmark
// dashboard: values in human units (MB/s, µs, grouped counts), the repeats' min–max as error bars,
// hover values (series, size, value, min / median / max), the legend beside the plot, series that can be
// hidden, an optional log y axis (non-positive values are left out and said so), the E = 1 line on
// speedup charts (×1 on relative ones) and a note when the figures are simulated. The same chart goes to
// PNG/PDF without a window (renderCampaignChart) for `roundscope-cli chart`.

#include "app/charts/chartview.h"

#include "core/campaign/chartdata.h"

#include <QSet>

class QCPErrorBars;
class QCPItemStraightLine;
class QCPItemText;
class QCPItemTracer;

namespace rs::charts {

class CampaignChart : public ChartView {
    Q_OBJECT

  public:
    explicit CampaignChart(QWidget* parent = nullptr);

    /** @brief Shows the series (a copy); an empty ChartData shows a hint instead. */
    void setData(const campaign::ChartData& data, const QString& title = {});
    /** @brief What an empty chart says (by default: run a campaign, then choose it). */
    void setEmptyText(const QString& text);
    const campaign::ChartData& data() const { return m_data; }

    /** @brief Series (by label) left out of the plot and its legend. */
    void setHiddenSeries(const QSet<QString>& labels);
    const QSet<QString>& hiddenSeries() const { return m_hidden; }
    /** @brief A logarithmic y axis: points at or below zero cannot be drawn and are left out (counted in
     *  logSkipped(), and a note on the chart says so). */
    void setLogY(bool on);
    bool logY() const { return m_logY; }
    int logSkipped() const { return m_logSkipped; }

    /** @brief The error bars (min–max of the stored repeats) of graph i, in the order of the graphs. */
    QCPErrorBars* errorBars(int graph) const;
    /** @brief The series of data() that graph i draws. */
    int seriesOfGraph(int graph) const;
    /** @brief The E = 1 line of speedup charts, the ×1 line (the baseline algorithm) of relative charts;
     *  nullptr otherwise. */
    QCPItemStraightLine* referenceLine() const { return m_reference; }
    /** @brief The chart's notes (simulated figures, log axis); empty when none. */
    QString noteText() const;
    /** @brief What hovering over point `point` of series `series` of data() shows. */
    QString pointText(int series, int point) const;
    /** @brief The hover text of the point nearest to pos (plot pixels, within 24 px), shown by the
     *  tracer; empty (and the tracer hidden) when no point is that close. */
    QString hoverAt(const QPointF& pos);

  protected:
    void rebuild() override;

  private:
    campaign::ChartData m_data;
    QString m_emptyText;
    QString m_defaultTip; ///< the plot's tooltip away from every point
    QSet<QString> m_hidden;
    bool m_logY = false;
    int m_logSkipped = 0;
    std::vector<int> m_graphSeries;             ///< data() series of each graph
    std::vector<std::vector<int>> m_graphPoint; ///< data() point of each graph's point
    std::vector<QCPErrorBars*> m_bars;
    QCPItemStraightLine* m_reference = nullptr;
    QCPItemText* m_note = nullptr;
    QCPItemTracer* m_tracer = nullptr;
};

/** @brief Writes the chart to path, PNG or PDF by extension (1000×600, light palette), without a
 *  window (see withOffscreenApplication). False and *error when it cannot. */
bool renderCampaignChart(const campaign::ChartData& data, const QString& title, const QString& path,
                         QString* error);

} // namespace rs::charts
