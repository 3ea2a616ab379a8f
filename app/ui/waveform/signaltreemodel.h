#pragma once
// The signal list's model: the store's signals under their groups, made on demand from the store (a
// file of 10^5 signals makes no item per signal: opening one listed them in 1.3 s and 150 MB as widget
// items). Groups are top-level rows in name order, each signal a child with its width and a check box
// that shows or hides its row in the view; a filter keeps the signals (or groups) whose name holds a text.

#include "core/waveform/waveformstore.h"

#include <QAbstractItemModel>
#include <QString>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace rs::gui {

class WaveformView;

class SignalTreeModel : public QAbstractItemModel {
    Q_OBJECT

  public:
    static constexpr int kIdRole = Qt::UserRole + 1; ///< a signal row's SignalId (qulonglong)

    explicit SignalTreeModel(WaveformView* view, QObject* parent = nullptr);

    /** @brief Lists the view's store's signals again, keeping the filter. */
    void rebuild();
    /** @brief Keeps the signals whose name, or whose group's name, holds text (case-insensitive). */
    void setFilter(const QString& text);
    /** @brief The check boxes follow the view's rows again. */
    void syncChecks();
    /** @brief The index of the signal of that name (column 0), invalid when absent or filtered out. */
    QModelIndex indexOf(const QString& signal) const;
    /** @brief The index of a signal (column 0), invalid when absent or filtered out. */
    QModelIndex indexOf(waveform::SignalId id) const;
    /** @brief The signal of a signal row; false for a group row or an invalid index. */
    bool signalOf(const QModelIndex& index, waveform::SignalId* id) const;
    /** @brief Signals listed (after the filter). */
    std::size_t listedSignals() const { return m_listed; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  private:
    /** A group's signals are a run of m_byGroup, those the filter keeps a run of m_listedIds: two
     *  lists for the whole store rather than two per group (10^4 groups in a big design). */
    struct Group {
        QString name;
        std::string key; ///< the store's group name ("(top)" for none): filtered without converting name
        std::uint32_t first = 0, count = 0;             ///< in m_byGroup
        std::uint32_t listedFirst = 0, listedCount = 0; ///< in m_listedIds
    };

    /** The signals of a group that the filter keeps, in id order. */
    std::span<const waveform::SignalId> listed(const Group& g) const {
        return {m_listedIds.data() + g.listedFirst, g.listedCount};
    }
    void applyFilter();
    /** Group of a child index (internalId is the group's position + 1; 0 for a group row). */
    const Group* groupOf(const QModelIndex& index) const;

    WaveformView* m_view;
    std::vector<Group> m_groups;                 ///< in name order
    std::vector<waveform::SignalId> m_byGroup;   ///< every signal, group after group, in id order in each
    std::vector<waveform::SignalId> m_listedIds; ///< those the filter keeps, in the same order
    std::vector<std::uint32_t> m_shown;          ///< the groups with listed signals, in name order
    std::vector<std::uint32_t> m_groupOf;        ///< by SignalId: its group
    std::vector<waveform::SignalId> m_checked;   ///< the view's shownSignals() when the boxes were last told
    QString m_filter;
    std::size_t m_listed = 0;
};

} // namespace rs::gui
