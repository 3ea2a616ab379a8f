#include "app/ui/waveform/signaltreemodel.h"

#include "app/ui/waveform/waveformview.h"
#include "core/waveform/foldedmatch.h"

#include <algorithm>
#include <iterator>
#include <numeric>
#include <string>
#include <string_view>
#include <unordered_map>

namespace rs::gui {

using waveform::containsFolded;

SignalTreeModel::SignalTreeModel(WaveformView* view, QObject* parent)
    : QAbstractItemModel(parent), m_view(view) {}

void SignalTreeModel::rebuild() {
    beginResetModel();
    m_groups.clear();
    const auto& store = m_view->store();
    const std::size_t n = store.signalCount();
    // Each signal's group as met (a design's signals come scope by scope: most have the group of the
    // one before, so the name lookup is the exception), then the groups in name order and the signals
    // placed group after group in one list.
    std::vector<std::uint32_t> met(n);
    std::unordered_map<std::string_view, std::uint32_t> byName;
    std::string_view lastName;
    std::uint32_t last = 0;
    for (waveform::SignalId id = 0; id < n; ++id) {
        const std::string& g = store.signal(id).group;
        if (id == 0 || g != lastName) {
            const auto [it, added] = byName.try_emplace(g, static_cast<std::uint32_t>(m_groups.size()));
            if (added)
                m_groups.push_back({g.empty() ? QStringLiteral("(top)") : QString::fromStdString(g),
                                    g.empty() ? std::string("(top)") : g});
            last = it->second;
            lastName = g;
        }
        met[id] = last;
        ++m_groups[last].count;
    }
    std::vector<std::uint32_t> order(m_groups.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(),
              [this](std::uint32_t a, std::uint32_t b) { return m_groups[a].name < m_groups[b].name; });
    std::vector<Group> sorted;
    sorted.reserve(m_groups.size());
    std::vector<std::uint32_t> rank(m_groups.size());
    std::vector<std::uint32_t> next(m_groups.size());
    std::uint32_t first = 0;
    for (const std::uint32_t g : order) {
        rank[g] = static_cast<std::uint32_t>(sorted.size());
        next[rank[g]] = first;
        sorted.push_back(std::move(m_groups[g]));
        sorted.back().first = first;
        first += sorted.back().count;
    }
    m_groups = std::move(sorted);
    m_byGroup.assign(n, 0);
    m_groupOf.assign(n, 0);
    for (waveform::SignalId id = 0; id < n; ++id) {
        const std::uint32_t g = rank[met[id]];
        m_byGroup[next[g]++] = id;
        m_groupOf[id] = g;
    }
    m_checked = m_view->state().shownSignals();
    applyFilter();
    endResetModel();
}

void SignalTreeModel::setFilter(const QString& text) {
    beginResetModel();
    m_filter = text.trimmed();
    applyFilter();
    endResetModel();
}

void SignalTreeModel::applyFilter() {
    const std::string part = m_filter.toLower().toStdString();
    const auto& store = m_view->store();
    m_shown.clear();
    m_listedIds.clear();
    if (part.empty()) m_listedIds = m_byGroup;
    for (std::uint32_t g = 0; g < m_groups.size(); ++g) {
        Group& group = m_groups[g];
        if (part.empty()) {
            group.listedFirst = group.first;
            group.listedCount = group.count;
        } else {
            group.listedFirst = static_cast<std::uint32_t>(m_listedIds.size());
            const auto all = m_byGroup.begin() + group.first;
            if (containsFolded(group.key, part)) { // the whole group
                m_listedIds.insert(m_listedIds.end(), all, all + group.count);
            } else {
                for (auto it = all; it != all + group.count; ++it)
                    if (containsFolded(store.signal(*it).name, part)) m_listedIds.push_back(*it);
            }
            group.listedCount = static_cast<std::uint32_t>(m_listedIds.size()) - group.listedFirst;
        }
        if (group.listedCount > 0) m_shown.push_back(g);
    }
    m_listed = m_listedIds.size();
}

void SignalTreeModel::syncChecks() {
    // Only the signals whose box changes: a view change must not touch 10^5 rows.
    std::vector<waveform::SignalId> now = m_view->state().shownSignals(), changed;
    std::set_symmetric_difference(m_checked.begin(), m_checked.end(), now.begin(), now.end(),
                                  std::back_inserter(changed));
    m_checked = std::move(now);
    for (const waveform::SignalId id : changed)
        if (const QModelIndex i = indexOf(id); i.isValid()) emit dataChanged(i, i, {Qt::CheckStateRole});
}

QModelIndex SignalTreeModel::indexOf(waveform::SignalId id) const {
    if (id >= m_groupOf.size()) return {};
    const std::uint32_t g = m_groupOf[id];
    const auto row = std::lower_bound(m_shown.begin(), m_shown.end(), g);
    if (row == m_shown.end() || *row != g) return {};
    const std::span<const waveform::SignalId> ids = listed(m_groups[g]); // in id order
    const auto at = std::lower_bound(ids.begin(), ids.end(), id);
    if (at == ids.end() || *at != id) return {};
    return index(static_cast<int>(at - ids.begin()), 0, index(static_cast<int>(row - m_shown.begin()), 0));
}

QModelIndex SignalTreeModel::indexOf(const QString& signal) const {
    const auto id = m_view->store().find(signal.toStdString());
    return id ? indexOf(*id) : QModelIndex();
}

const SignalTreeModel::Group* SignalTreeModel::groupOf(const QModelIndex& index) const {
    const QAbstractItemModel* owner = index.model(); // an index of this model only
    if (!index.isValid() || owner != this || index.internalId() == 0) return nullptr;
    const auto g = static_cast<std::size_t>(index.internalId() - 1);
    return g < m_groups.size() ? &m_groups[g] : nullptr;
}

bool SignalTreeModel::signalOf(const QModelIndex& index, waveform::SignalId* id) const {
    const Group* g = groupOf(index);
    if (!g || index.row() < 0 || static_cast<std::size_t>(index.row()) >= g->listedCount) return false;
    *id = listed(*g)[static_cast<std::size_t>(index.row())];
    return true;
}

QModelIndex SignalTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column > 1) return {};
    if (!parent.isValid())
        return static_cast<std::size_t>(row) < m_shown.size() ? createIndex(row, column, quintptr{0})
                                                              : QModelIndex();
    if (parent.internalId() != 0 || static_cast<std::size_t>(parent.row()) >= m_shown.size()) return {};
    const std::uint32_t g = m_shown[static_cast<std::size_t>(parent.row())];
    if (static_cast<std::size_t>(row) >= m_groups[g].listedCount) return {};
    return createIndex(row, column, quintptr{g} + 1);
}

QModelIndex SignalTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0) return {};
    const auto g = static_cast<std::uint32_t>(child.internalId() - 1);
    const auto it = std::lower_bound(m_shown.begin(), m_shown.end(), g); // m_shown is in group order
    if (it == m_shown.end() || *it != g) return {};
    return createIndex(static_cast<int>(it - m_shown.begin()), 0, quintptr{0});
}

int SignalTreeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(m_shown.size());
    if (parent.internalId() != 0 || parent.column() != 0) return 0;
    const auto row = static_cast<std::size_t>(parent.row());
    return row < m_shown.size() ? static_cast<int>(m_groups[m_shown[row]].listedCount) : 0;
}

int SignalTreeModel::columnCount(const QModelIndex&) const {
    return 2;
}

QVariant SignalTreeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    if (index.internalId() == 0) {
        if (role != Qt::DisplayRole || index.column() != 0) return {};
        const auto row = static_cast<std::size_t>(index.row());
        return row < m_shown.size() ? QVariant(m_groups[m_shown[row]].name) : QVariant();
    }
    waveform::SignalId id = 0;
    if (!signalOf(index, &id) || id >= m_view->store().signalCount()) return {}; // a store not listed yet
    const auto& info = m_view->store().signal(id);
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == 0 ? QVariant(QString::fromStdString(info.name)) : QVariant(info.width);
    case Qt::CheckStateRole:
        if (index.column() != 0) return {};
        return m_view->isShown(id) ? Qt::Checked : Qt::Unchecked;
    case Qt::ToolTipRole:
        if (index.column() != 0 || info.valueNames.empty()) return {};
        return tr("FSM state: values are shown by name");
    case kIdRole:
        return QVariant::fromValue<qulonglong>(id);
    default:
        return {};
    }
}

bool SignalTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    waveform::SignalId id = 0;
    if (role != Qt::CheckStateRole || index.column() != 0 || !signalOf(index, &id)) return false;
    if (value.toInt() == Qt::Checked)
        m_view->addSignal(id);
    else
        m_view->removeSignal(id);
    return true; // the view's rowsChanged tells the box (syncChecks)
}

Qt::ItemFlags SignalTreeModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    if (index.internalId() == 0) return Qt::ItemIsEnabled;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable |
           (index.column() == 0 ? Qt::ItemIsUserCheckable : Qt::NoItemFlags);
}

QVariant SignalTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    return section == 0 ? tr("Signal") : tr("Bits");
}

} // namespace rs::gui
