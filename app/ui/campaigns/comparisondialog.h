#pragma once
// Two campaigns compared inside the app: the selected campaign (B) against the chosen baseline (A), as
// `roundscope-cli campaign compare A B` prints it and the HTML report tabulates it — per point the
// verdict, the two medians, the ratio B/A with its 95 % interval, the U test's p, Cliff's δ and the
// repeats, why the verdict is what it is, and the points that could not be compared with the reason;
// above the table the geometric mean of the ratios, the counts of each verdict and the conditions the
// two campaigns differ in. Sortable and filterable; the table copies as tab-separated text.

#include <QDialog>

#include "core/campaign/campaigncompare.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace rs::gui {

/** @brief Fills `table` with the comparison's points (one row each; columns as comparisonHeaders()). */
void fillComparisonTable(QTableWidget* table, const campaign::CampaignComparison& c);
/** @brief The comparison's summary line: counts of each verdict and the geometric mean with its interval. */
QString comparisonSummary(const campaign::CampaignComparison& c);

class ComparisonDialog : public QDialog {
    Q_OBJECT

  public:
    /** @brief B against A, with the metric and threshold (percent) the dialog starts with. */
    ComparisonDialog(campaign::CampaignSide a, campaign::CampaignSide b, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }
    QLabel* summary() const { return m_summary; }
    QLabel* warnings() const { return m_warnings; }
    QComboBox* metricBox() const { return m_metric; }
    QLineEdit* filterEdit() const { return m_filter; }
    /** @brief The table as tab-separated text, header first (what Copy puts on the clipboard). */
    QString tableText() const;

  private:
    void recompare();
    void applyFilter();

    campaign::CampaignSide m_a, m_b;
    QComboBox* m_metric = nullptr;
    QDoubleSpinBox* m_threshold = nullptr;
    QLineEdit* m_filter = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_warnings = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace rs::gui
