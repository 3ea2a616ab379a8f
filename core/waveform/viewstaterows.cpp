// WaveViewState's row order and groups: moving a row or a whole group, grouping rows under a named
// header, collapsing a group (its members hidden) and the rows shown. The rest of the rows: viewstate.cpp.
#include "core/waveform/viewstate.h"

#include <algorithm>
#include <cstdlib>

namespace rs::waveform {

bool WaveViewState::moveRow(int row, int delta) {
    const int n = static_cast<int>(m_rows.size());
    if (row < 0 || row >= n || delta == 0) return false;
    // The order of the old rows, changed a step at a time: the moving unit (a row, or a group's header with
    // its members) swaps with the unit next to it (a row, or a whole group when the moving unit is a group
    // or that group is collapsed).
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        order[static_cast<std::size_t>(i)] = i;
    std::vector<WaveRow> rows = m_rows;
    const auto at = [&rows](int i) -> const WaveRow& { return rows[static_cast<std::size_t>(i)]; };
    const auto headerOf = [&](int i) { // the header of the group row i is a member of, or -1
        if (!at(i).grouped) return -1;
        while (i >= 0 && at(i).kind != RowKind::Group)
            --i;
        return i;
    };
    const bool movingGroup = at(row).kind == RowKind::Group;
    int first = row;
    int last = movingGroup ? row + groupSize(row) : row;
    bool moved = false;
    for (int step = 0; step < std::abs(delta); ++step) {
        int nFirst = 0, nLast = 0; // the neighbouring unit
        if (delta < 0) {
            if (first == 0) break;
            nFirst = nLast = first - 1;
            const int h = at(nLast).kind == RowKind::Group ? nLast : headerOf(nLast);
            if (h >= 0 && (movingGroup || at(h).collapsed || (at(nLast).grouped && movingGroup))) nFirst = h;
        } else {
            if (last == n - 1) break;
            nFirst = nLast = last + 1;
            if (at(nFirst).kind == RowKind::Group) {
                int end = nFirst;
                while (end + 1 < n && at(end + 1).grouped)
                    ++end;
                if (movingGroup || at(nFirst).collapsed) nLast = end;
            } else if (movingGroup && at(nFirst).grouped) {
                break; // not reached: a group's members follow its header
            }
        }
        // Swap the units [first, last] and [nFirst, nLast].
        const int lo = std::min(first, nFirst), mid = delta < 0 ? first : nFirst, hi = std::max(last, nLast);
        std::rotate(rows.begin() + lo, rows.begin() + mid, rows.begin() + hi + 1);
        std::rotate(order.begin() + lo, order.begin() + mid, order.begin() + hi + 1);
        const int size = last - first;
        first = delta < 0 ? lo : hi - size;
        last = first + size;
        moved = true;
    }
    if (!moved) return false;
    if (!movingGroup) { // joins the group it now sits in, or leaves the one it left
        WaveRow& r = rows[static_cast<std::size_t>(first)];
        r.grouped = false;
        if (first > 0) {
            const WaveRow& above = at(first - 1);
            const int h = above.kind == RowKind::Group ? first - 1 : headerOf(first - 1);
            r.grouped = h >= 0 && !at(h).collapsed && r.kind != RowKind::Group;
        }
    }
    m_rows = std::move(rows);
    if (m_selected >= 0)
        m_selected = static_cast<int>(std::find(order.begin(), order.end(), m_selected) - order.begin());
    return true;
}

int WaveViewState::groupSize(int header) const {
    if (header < 0 || header >= static_cast<int>(m_rows.size()) ||
        m_rows[static_cast<std::size_t>(header)].kind != RowKind::Group)
        return 0;
    int size = 0;
    while (header + size + 1 < static_cast<int>(m_rows.size()) &&
           m_rows[static_cast<std::size_t>(header + size + 1)].grouped)
        ++size;
    return size;
}

int WaveViewState::groupRows(int first, int last, std::string name) {
    const int n = static_cast<int>(m_rows.size());
    if (first < 0 || last < first || last >= n) return -1;
    for (int i = first; i <= last; ++i) {
        const WaveRow& r = m_rows[static_cast<std::size_t>(i)];
        if (r.kind == RowKind::Group || r.grouped) return -1; // groups do not nest
    }
    for (int i = first; i <= last; ++i)
        m_rows[static_cast<std::size_t>(i)].grouped = true;
    WaveRow header;
    header.kind = RowKind::Group;
    header.label = std::move(name);
    return insertRow(first, std::move(header));
}

bool WaveViewState::ungroup(int header) {
    const int size = groupSize(header);
    if (header < 0 || header >= static_cast<int>(m_rows.size()) ||
        m_rows[static_cast<std::size_t>(header)].kind != RowKind::Group)
        return false;
    for (int i = 1; i <= size; ++i)
        m_rows[static_cast<std::size_t>(header + i)].grouped = false;
    m_rows.erase(m_rows.begin() + header);
    if (m_selected > header) --m_selected;
    if (m_selected >= static_cast<int>(m_rows.size())) m_selected = static_cast<int>(m_rows.size()) - 1;
    return true;
}

bool WaveViewState::setCollapsed(int header, bool collapsed) {
    if (header < 0 || header >= static_cast<int>(m_rows.size()) ||
        m_rows[static_cast<std::size_t>(header)].kind != RowKind::Group)
        return false;
    m_rows[static_cast<std::size_t>(header)].collapsed = collapsed;
    if (collapsed && m_selected > header && m_selected <= header + groupSize(header)) m_selected = header;
    return true;
}

bool WaveViewState::isHidden(int row) const {
    if (row < 0 || row >= static_cast<int>(m_rows.size()) || !m_rows[static_cast<std::size_t>(row)].grouped)
        return false;
    while (row >= 0 && m_rows[static_cast<std::size_t>(row)].kind != RowKind::Group)
        --row;
    return row >= 0 && m_rows[static_cast<std::size_t>(row)].collapsed;
}

std::vector<int> WaveViewState::shownRows() const {
    std::vector<int> shown;
    bool hiding = false;
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i) {
        const WaveRow& r = m_rows[static_cast<std::size_t>(i)];
        if (r.kind == RowKind::Group)
            hiding = r.collapsed;
        else if (!r.grouped)
            hiding = false;
        if (!(r.grouped && hiding)) shown.push_back(i);
    }
    return shown;
}

} // namespace rs::waveform
