#pragma once
// The signal list beside the waveform view: the trace's signals under their groups (AXI, control,
// pipeline, state; a file's scopes), each with a check box that shows or hides its row in the view,
// a filter, and a double click that shows the signal and selects its row.

#include <QWidget>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace rs::gui {

class WaveformView;

class SignalTree : public QWidget {
    Q_OBJECT

  public:
    explicit SignalTree(WaveformView* view, QWidget* parent = nullptr);

    /** @brief Lists the view's store's signals again (after WaveformView::setStore). */
    void rebuild();
    QTreeWidget* tree() const { return m_tree; }
    QLineEdit* filter() const { return m_filter; }
    /** @brief The item of a signal name, or nullptr. */
    QTreeWidgetItem* item(const QString& signal) const;

  private:
    void syncChecks();
    void applyFilter();

    WaveformView* m_view;
    QLineEdit* m_filter = nullptr;
    QTreeWidget* m_tree = nullptr;
    bool m_syncing = false;
};

} // namespace rs::gui
