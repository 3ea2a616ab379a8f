#pragma once
// The results table of the Campaigns page and the word filter it shares with the Charts page's series
// list: every stored metric of the shown runs as a column (in human units, sorted by the stored value),
// whether its figures are simulated, the spread of its repeats (flagged unstable as a comparison would flag
// it), the run's parameters and the campaign's provenance; a filter of
// several words keeps the rows that contain every word (case-insensitive, in any column).

#include <QSortFilterProxyModel>
#include <QStringList>

#include <vector>

#include "core/campaign/campaignstore.h"

class QStandardItemModel;

namespace rs::gui {

/** @brief The words of a filter line (split on white space). */
QStringList filterWords(const QString& filter);
/** @brief True when every word occurs (case-insensitive) in at least one of the texts. */
bool matchesAllWords(const QStringList& texts, const QStringList& words);

/** @brief Keeps the rows in which every word of the filter occurs in some column. */
class WordFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT

  public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setFilterText(const QString& text);

  protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

  private:
    QStringList m_words;
};

/** @brief The role of a header that names its column in CSV ("time_median (ns)"). */
inline constexpr int kCsvHeaderRole = Qt::UserRole + 1;
/** @brief The role of a cell holding the stored value, written to CSV as it is (also the sort role). */
inline constexpr int kValueRole = Qt::UserRole;

/** @brief Fills model with the runs: Target, Algorithm, AD (B), Message (B), Verified, Figures (measured or
 *  the simulation note), one column per stored metric, Failure, Finished, one per run parameter and one
 *  per provenance key. */
void fillRunTable(QStandardItemModel* model, const std::vector<campaign::RunRow>& runs,
                  const campaign::Provenance& provenance);

/** @brief The model's rows (through the proxy: as filtered and sorted) as CSV: the header's CSV names,
 *  stored values (never rounded), fields quoted where needed. */
std::string runTableCsv(const QAbstractItemModel* model);

} // namespace rs::gui
