#pragma once
// The signal list beside the waveform view: the trace's signals under their groups (AXI, control,
// pipeline, state; a file's scopes), each with a check box that shows or hides its row in the view,
// a filter, and a double click that shows the signal and selects its row. The list is a view on
// SignalTreeModel, made on demand from the store, so a file of 10^5 signals lists at once; its groups
// start open up to kOpenGroupsUpTo signals listed, folded beyond (as GTKWave's hierarchy starts).

#include <QModelIndex>
#include <QWidget>

#include <cstddef>

class QLineEdit;
class QTreeView;

namespace rs::gui {

class SignalTreeModel;
class WaveformView;

class SignalTree : public QWidget {
    Q_OBJECT

  public:
    static constexpr std::size_t kOpenGroupsUpTo = 2000;

    explicit SignalTree(WaveformView* view, QWidget* parent = nullptr);

    /** @brief Lists the view's store's signals again (after WaveformView::setStore). */
    void rebuild();
    QTreeView* tree() const { return m_tree; }
    SignalTreeModel* model() const { return m_model; }
    QLineEdit* filter() const { return m_filter; }
    /** @brief The index (column 0) of a signal name, invalid when absent or filtered out. */
    QModelIndex index(const QString& signal) const;

  private:
    void applyFilter();
    void openGroupsIfFew();

    WaveformView* m_view;
    SignalTreeModel* m_model = nullptr;
    QLineEdit* m_filter = nullptr;
    QTreeView* m_tree = nullptr;
};

} // namespace rs::gui
