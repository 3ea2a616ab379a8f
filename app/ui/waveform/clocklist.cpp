#include "app/ui/waveform/clocklist.h"

#include "core/waveform/foldedmatch.h"

#include <string>
#include <string_view>

namespace rs::gui {

using waveform::containsFolded;
using waveform::equalsFolded;

void ClockListModel::reset(const QString& first, std::shared_ptr<const waveform::WaveformStore> store) {
    beginResetModel();
    m_first = first;
    m_store = std::move(store);
    m_ids.clear();
    if (m_store)
        for (waveform::SignalId id = 0; id < m_store->signalCount(); ++id)
            if (m_store->signal(id).width == 1) m_ids.push_back(id);
    endResetModel();
}

int ClockListModel::likelyClockRow() const {
    int pick = 0;
    for (std::size_t i = 0; i < m_ids.size(); ++i) {
        const std::string& n = m_store->signal(m_ids[i]).name;
        if (equalsFolded(n, "clk") || equalsFolded(n, "clock")) return static_cast<int>(i) + 1;
        if (pick == 0 && (containsFolded(n, "clk") || containsFolded(n, "clock")))
            pick = static_cast<int>(i) + 1;
    }
    return pick;
}

int ClockListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_ids.size()) + 1;
}

QVariant ClockListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() < 0 || index.row() > static_cast<int>(m_ids.size())) return {};
    if (index.row() == 0)
        return role == Qt::DisplayRole || role == Qt::EditRole ? QVariant(m_first) : QVariant();
    const waveform::SignalId id = m_ids[static_cast<std::size_t>(index.row() - 1)];
    if (role == Qt::UserRole) return QVariant::fromValue<qulonglong>(id);
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    return QString::fromStdString(waveform::qualifiedName(m_store->signal(id)));
}

} // namespace rs::gui
