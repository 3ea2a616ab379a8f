#pragma once
// The waveform page's clock box's list: "none" (or the IP's own clock) and then every 1-bit signal of
// the trace by its group and name, made on demand (a file of 10^5 signals has tens of thousands of
// 1-bit nets; a combo box item each cost seconds). Qt::UserRole of a signal entry is its SignalId.

#include "core/waveform/waveformstore.h"

#include <QAbstractListModel>
#include <QString>

#include <memory>
#include <vector>

namespace rs::gui {

class ClockListModel : public QAbstractListModel {
    Q_OBJECT

  public:
    using QAbstractListModel::QAbstractListModel;

    /** @brief Lists `first`, then the 1-bit signals of store (kept alive by the model). */
    void reset(const QString& first, std::shared_ptr<const waveform::WaveformStore> store);
    /** @brief The row of the first signal that looks like the clock: "clk" or "clock" exactly, else the
     *  first 1-bit name with clk/clock in it (clk_i, aclk, sys_clk, clock_in); 0 when none. */
    int likelyClockRow() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;

  private:
    QString m_first;
    std::shared_ptr<const waveform::WaveformStore> m_store;
    std::vector<waveform::SignalId> m_ids;
};

} // namespace rs::gui
