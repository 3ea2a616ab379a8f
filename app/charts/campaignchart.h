#pragma once
// A campaign chart: throughput (or any stored metric) against message size on a log2 axis, or paper
// 004's speedup E = T_base / T and efficiency S = 1 - T / T_base against a baseline target; one line
// per (campaign, target, algorithm, AD size), so two campaigns sit side by side. The same chart goes
// to PNG/PDF without a window (renderCampaignChart) for `roundscope-cli chart`.

#include "app/charts/chartview.h"

#include "core/campaign/chartdata.h"

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

  protected:
    void rebuild() override;

  private:
    campaign::ChartData m_data;
    QString m_emptyText;
};

/** @brief Writes the chart to path, PNG or PDF by extension (1000×600, light palette), without a
 *  window (see withOffscreenApplication). False and *error when it cannot. */
bool renderCampaignChart(const campaign::ChartData& data, const QString& title, const QString& path,
                         QString* error);

} // namespace rs::charts
