#pragma once
// The markers of the waveform view as a list beside it (issue 32, "Markers"): per marker its name, its time
// (ticks, and ns where the trace's time step or the clock frequency is known), its cycle on the clock axis,
// and Δ from cursor A (cycles, and ns where known), updated as cursors move and markers come and go.
// Double-click or Enter goes to a marker (cursor A there, scrolled into view); F2 (or a click on the
// selected name) renames it in place, an empty name gives back its M<n> label; Delete removes it; Insert adds
// one at cursor A. The markers are the view's WaveViewState's: the list holds none of its own.

#include <QTableWidget>

#include <cstddef>

class QAction;

namespace rs::gui {

class WaveformView;

class MarkerList : public QTableWidget {
    Q_OBJECT

  public:
    enum Column { Name, Time, Cycle, DeltaA, ColumnCount };

    explicit MarkerList(WaveformView* view, QWidget* parent = nullptr);

    /** @brief "Marker at cursor A" (Ctrl+M while the focus is in the widget that holds the action). */
    QAction* markerAction() const { return m_markerAction; }
    /** @brief Adds a marker at cursor A and selects it; false when cursor A is not set. */
    bool addAtCursor();
    /** @brief Moves cursor A to the marker (scrolled into view); false for no such marker. */
    bool goToMarker(int index);
    /** @brief Removes the marker; false for no such marker. */
    bool removeMarker(int index);
    /** @brief Renames the marker ("" gives back its M<n> label); false for no such marker. */
    bool renameMarker(int index, const QString& name);

  protected:
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

  private:
    /** Rewrites every row from the view's state (the markers, cursor A, the clock axis and unit). */
    void refresh();
    void onItemChanged(QTableWidgetItem* item);

    WaveformView* m_view;
    QAction* m_markerAction = nullptr;
    bool m_filling = false;
};

} // namespace rs::gui
