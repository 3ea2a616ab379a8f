#pragma once
// The Charts page: a campaign (and optionally a second one beside it) charted as a stored metric
// against message size (throughput, median time, cycles/byte, ...) or as paper 004's speedup and
// efficiency against a baseline target, or relative to a baseline algorithm (a metric divided by that
// algorithm's at the same target: 1.0 on every target); PNG/PDF from the chart's menu, CSV of the plotted
// series. Beside
// the chart: a filter line and a checkable list of the series (the NIST grid has 51), a log y axis box.

#include <QString>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;

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
    /** @brief The baseline algorithm of the "relative" kind (enabled for that kind only): the algorithms of
     *  the chosen campaigns. */
    QComboBox* relativeToBox() const { return m_relativeTo; }
    charts::CampaignChart* chart() const { return m_chart; }
    QLabel* noteLabel() const { return m_note; }
    /** @brief Words that a series' label must all contain to be drawn. */
    QLineEdit* seriesFilter() const { return m_seriesFilter; }
    /** @brief One checkable row per series; unchecked ones are hidden, rows the filter rejects too. */
    QListWidget* seriesList() const { return m_seriesList; }
    QCheckBox* logYBox() const { return m_logY; }
    /** @brief Writes the plotted (shown) series as CSV (series, message bytes, value, min, max, unit,
     *  simulated), all or nothing; false with the reason in the note. */
    bool exportCsv(const QString& path);

  public slots:
    void refresh();

  private:
    void refillCampaigns();
    /** @brief The list follows the chart's series, keeping what was unchecked. */
    void refillSeriesList();
    void applySeriesFilter();

    sessions::CampaignSession* m_session;
    QComboBox* m_first = nullptr;
    QComboBox* m_second = nullptr;
    QComboBox* m_kind = nullptr;
    QComboBox* m_metric = nullptr;
    QComboBox* m_baseline = nullptr;
    QComboBox* m_relativeTo = nullptr;
    charts::CampaignChart* m_chart = nullptr;
    QLabel* m_note = nullptr;
    QLineEdit* m_seriesFilter = nullptr;
    QListWidget* m_seriesList = nullptr;
    QCheckBox* m_logY = nullptr;
    QStringList m_unchecked; ///< series the user unchecked (kept across refreshes)
    QString m_storeError;    ///< why the store cannot be read; empty when it can
};

} // namespace rs::gui
