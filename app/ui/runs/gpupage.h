#pragma once
// The CUDA page: whether there is a device (or why not, as roundscope-gpu's probe says), a sweep of one
// algorithm's kernels (one variant or all, sizes doubling, repeats) run through GpuSession with a live
// table and a chart (throughput, kernel throughput, or paper 004's speedup E and efficiency S against the
// single-thread CPU), cancel. Campaign target "cuda" runs from the Campaigns page.

#include <QJsonObject>
#include <QList>

#include "app/ui/runs/runpage.h"

class QComboBox;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace rs::gpu {
class GpuSession;
}

namespace rs::charts {
class CampaignChart;
}

namespace rs::gui {

class GpuPage : public RunPage {
    Q_OBJECT

  public:
    explicit GpuPage(gpu::GpuSession* session, QWidget* parent = nullptr);

    QComboBox* algorithmBox() const { return m_algorithm; }
    QComboBox* variantBox() const { return m_variant; }
    QComboBox* plotBox() const { return m_plot; }
    QLineEdit* toEdit() const { return m_to; }
    QTableWidget* table() const { return m_table; }
    charts::CampaignChart* chart() const { return m_chart; }
    /** @brief The sweep's lines so far. */
    const QList<QJsonObject>& points() const { return m_points; }

  public slots:
    void run() override;

  private:
    void fillVariants();
    void addPoint(const QJsonObject& line);
    void replot();

    gpu::GpuSession* m_session;
    QComboBox* m_algorithm = nullptr;
    QComboBox* m_variant = nullptr;
    QComboBox* m_plot = nullptr;
    QLineEdit* m_from = nullptr;
    QLineEdit* m_to = nullptr;
    QSpinBox* m_repeats = nullptr;
    QTableWidget* m_table = nullptr;
    charts::CampaignChart* m_chart = nullptr;
    QList<QJsonObject> m_points;
};

} // namespace rs::gui
