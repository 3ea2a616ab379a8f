#pragma once
// The CUDA page: whether there is a device (or why not, as roundscope-gpu's probe says), a sweep of one
// algorithm's kernels (one variant or all, sizes doubling, repeats) run through GpuSession with a live
// table and a chart (throughput, kernel throughput, or paper 004's speedup E and efficiency S against the
// single-thread CPU), cancel. Campaign target "cuda" runs from the Campaigns page.

#include <QJsonObject>
#include <QList>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace rs::gpu {
class GpuSession;
}

namespace rs::charts {
class CampaignChart;
}

namespace rs::gui {


class CudaPage : public QWidget {
    Q_OBJECT

  public:
    explicit CudaPage(gpu::GpuSession* session, QWidget* parent = nullptr);

    QLabel* statusLabel() const { return m_status; }
    QComboBox* algorithmBox() const { return m_algorithm; }
    QComboBox* variantBox() const { return m_variant; }
    QComboBox* plotBox() const { return m_plot; }
    QLineEdit* fromEdit() const { return m_from; }
    QLineEdit* toEdit() const { return m_to; }
    QSpinBox* repeatsBox() const { return m_repeats; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QTableWidget* table() const { return m_table; }
    charts::CampaignChart* chart() const { return m_chart; }
    /** @brief The sweep's lines so far. */
    const QList<QJsonObject>& points() const { return m_points; }

  public slots:
    void run();

  private:
    void fillVariants();
    void addPoint(const QJsonObject& line);
    void replot();

    gpu::GpuSession* m_session;
    QLabel* m_status = nullptr;
    QComboBox* m_algorithm = nullptr;
    QComboBox* m_variant = nullptr;
    QComboBox* m_plot = nullptr;
    QLineEdit* m_from = nullptr;
    QLineEdit* m_to = nullptr;
    QSpinBox* m_repeats = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QTableWidget* m_table = nullptr;
    charts::CampaignChart* m_chart = nullptr;
    QList<QJsonObject> m_points;
};

} // namespace rs::gui
