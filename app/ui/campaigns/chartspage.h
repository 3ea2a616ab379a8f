#pragma once
// The Charts page: a campaign (and optionally a second one beside it) charted as a stored metric
// against message size (throughput, median time, cycles/byte, ...) or as paper 004's speedup and
// efficiency against a baseline target; PNG/PDF from the chart's menu, CSV of the plotted series.

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;

namespace rs::sessions {
class CampaignSession;
}

namespace rs::charts {
class CampaignChart;
}

namespace rs::gui {

class ChartsPage : public QWidget {
    Q_OBJECT

  public:
    explicit ChartsPage(sessions::CampaignSession* session, QWidget* parent = nullptr);

    QComboBox* campaignBox() const { return m_first; }
    QComboBox* secondCampaignBox() const { return m_second; }
    QComboBox* kindBox() const { return m_kind; }
    QComboBox* metricBox() const { return m_metric; }
    QComboBox* baselineBox() const { return m_baseline; }
    charts::CampaignChart* chart() const { return m_chart; }
    QLabel* noteLabel() const { return m_note; }
    /** @brief Writes the plotted series as CSV (series, message bytes, value), all or nothing; false with
     *  the reason in the note. */
    bool exportCsv(const QString& path);

  public slots:
    void refresh();

  private:
    void refillCampaigns();

    sessions::CampaignSession* m_session;
    QComboBox* m_first = nullptr;
    QComboBox* m_second = nullptr;
    QComboBox* m_kind = nullptr;
    QComboBox* m_metric = nullptr;
    QComboBox* m_baseline = nullptr;
    charts::CampaignChart* m_chart = nullptr;
    QLabel* m_note = nullptr;
    QString m_storeError; ///< why the store cannot be read; empty when it can
};

} // namespace rs::gui
