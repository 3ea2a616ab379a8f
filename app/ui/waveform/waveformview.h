#pragma once
// The waveform view: a custom widget over the chunked WaveformStore (docs/CONVENTIONS.md rule 12). Rows of
// signals (1-bit levels, buses in hex/dec/bin, named FSM states) under a time ruler in clock cycles
// of a chosen clock (or ns at a clock frequency); two cursors with Δ, markers, zoom (wheel around the
// mouse, +/-, box zoom with the right button or Ctrl+drag), pan (Shift+wheel, ←/→, scroll bar), fit
// (F), and jumps to the next/previous edge or value of the selected signal. Only the visible time
// range is painted, at about one item per pixel, so a 1 M-cycle trace stays smooth.
//
// What it shows is a waveform::WaveViewState (rule 19: rows, range, cursors, markers, clock axis, unit,
// and the tick <-> pixel arithmetic, plain data); the widget paints it and turns input into its methods.
// The methods below change the state, then repaint and notify; the lane chart reads the same state().
//
// Keys (focus in the view): + / - zoom, F fit, ←/→ pan, Home/End start/end, N / Shift+N next /
// previous edge (of the selected row and the rows Ctrl+clicked beside it), ↑/↓ select a row, Ctrl+↑/↓ move
// it, Delete remove it, F2 rename it, M marker at cursor A, B cursor B at cursor A, Esc leaves a box zoom.
// The row context menu: radix (hex, unsigned, signed, binary, ASCII, state names, an enum mapping file),
// rename, expand a bus into bits / collapse them, group the rows from the selected one to this one into a
// bus or into a named group (collapsible: one row; moved as one), insert a separator or a comment. Rows are
// edited in waveformviewrows.cpp.

#include <QAbstractScrollArea>

#include <memory>
#include <optional>
#include <vector>

#include "app/ui/waveform/waveformpainter.h"
#include "core/waveform/viewstate.h"
#include "core/waveform/waveformstore.h"

class QRubberBand;

namespace rs::gui {

using waveform::TimeUnit;
using WaveRow = waveform::WaveRow;

class WaveformView : public QAbstractScrollArea {
    Q_OBJECT

  public:
    static constexpr int kRowHeight = 22;
    static constexpr int kRulerHeight = 26;
    static constexpr int kAnalogRowHeight = 3 * kRowHeight; ///< a bus drawn as an analog line

    explicit WaveformView(QWidget* parent = nullptr);

    /** @brief Shows a trace: no rows, cursors or markers yet; the whole range fitted. */
    void setStore(std::shared_ptr<const waveform::WaveformStore> store);
    const waveform::WaveformStore& store() const { return *m_store; }
    /** @brief What is shown: rows, range, cursors, markers, clock axis, unit. */
    const waveform::WaveViewState& state() const { return m_state; }

    // --- rows -------------------------------------------------------------------------------------
    const std::vector<WaveRow>& rows() const { return m_state.rows(); }
    /** @brief Appends the signal (FSM states named, buses in hex); no-op when shown. */
    void addSignal(waveform::SignalId id);
    /** @brief Removes the rows showing the signal or bits of it, if any. */
    void removeSignal(waveform::SignalId id);
    bool isShown(waveform::SignalId id) const { return m_state.isShown(id); }
    void removeRow(int row);
    /** @brief Moves a row by delta places (clamped); the selection follows it. */
    void moveRow(int row, int delta);
    int selectedRow() const { return m_state.selectedRow(); }
    void setSelectedRow(int row);
    /** @brief The selected row's signal, if any. */
    std::optional<waveform::SignalId> selectedSignal() const { return m_state.selectedSignal(); }
    void setRadix(int row, Radix radix);
    /** @brief Shows a row's values by the names of an enum mapping file (core/waveform/rowvalue.h's
     *  format, e.g. lines `0x3 FINAL`); false, the row unchanged, with *error naming the file and line
     *  when it cannot be read. */
    bool setEnumFile(int row, const QString& path, QString* error = nullptr);
    /** @brief Gives a row a display name ("" restores the signal's name; the signal's name stays in the
     *  tooltip); a comment row's text. */
    void renameRow(int row, const QString& label);
    /** @brief Asks for a row's display name (F2, the context menu). */
    void editRowName(int row);
    /** @brief Inserts a blank separator / a comment row before row `at` (rows().size(): at the end). */
    void insertSeparator(int at);
    void insertComment(int at, const QString& text);
    /** @brief A bus row becomes one row per bit (MSB first); collapseBits() puts the bits of a signal
     *  around a bit row back into one row. */
    void expandBits(int row);
    void collapseBits(int row);
    /** @brief The chosen rows (1-bit signals or bit slices, at most 64 bits) become one bus row, the top
     *  row its MSB, shown in hex; false when they cannot. */
    bool groupBits(std::vector<int> rows);
    /** @brief Puts rows first..last under a group header named `name` (no nesting); the header's row or -1.
     */
    int groupRows(int first, int last, const QString& name);
    /** @brief Removes a group's header, keeping its rows. */
    void ungroup(int header);
    /** @brief Draws a bus row as an analog line (step or linear; Analog::Off: value boxes again), scaled to
     *  its min..max over the trace or the visible range, in a taller row. */
    void setAnalog(int row, waveform::Analog analog,
                   waveform::AnalogScale scale = waveform::AnalogScale::Trace);
    /** @brief A row's height in pixels (kAnalogRowHeight for an analog row). */
    int rowHeight(int row) const;
    /** @brief The row at a viewport y (-1: the ruler or below the rows). */
    int rowAt(int y) const;
    /** @brief Collapses a group (its rows hidden, the group one row) or expands it. */
    void setGroupCollapsed(int header, bool collapsed);
    /** @brief The text shown for a row's value at a tick (core's rowValueText; "" for a separator or a
     *  comment). */
    QString valueText(int row, waveform::Tick tick) const;
    /** @brief What a row is called in the name column (core's rowTitle). */
    QString rowTitle(int row) const;
    /** @brief A row's tooltip: the signal's name and width (the bits it shows), its enum mapping file. */
    QString rowToolTip(int row) const;

    // --- time range -------------------------------------------------------------------------------
    double beginTick() const { return m_state.beginTick(); }
    double ticksPerPixel() const { return m_state.ticksPerPixel(); }
    /** @brief Tick at the right edge of the wave area. */
    double endTickVisible() const { return m_state.endTick(); }
    /** @brief Shows [begin, end) (clamped to the trace). */
    void setVisibleRange(double begin, double end);
    /** @brief Zooms by factor (> 1 zooms in) keeping anchor (a tick; default: the middle) in place. */
    void zoomBy(double factor, std::optional<double> anchor = std::nullopt);
    void zoomIn() { zoomBy(2.0); }
    void zoomOut() { zoomBy(0.5); }
    void fitAll();
    /** @brief Pans by a number of pixels (positive: later). */
    void panPixels(double pixels);
    /** @brief The x of the wave area's left edge (the name column's width). */
    int waveLeft() const { return static_cast<int>(m_state.waveLeft()); }
    /** @brief The mapping ticks <-> x the view paints with. */
    TickMapper mapper() const { return m_state.mapper(); }

    // --- time axis --------------------------------------------------------------------------------
    /** @brief Numbers cycles by a 1-bit signal's rising edges (nullopt: one tick per cycle). Throws
     *  std::invalid_argument, the axis unchanged, for a signal that cannot clock. */
    void setClock(std::optional<waveform::SignalId> clock);
    void setTimeUnit(TimeUnit unit);
    /** @brief Whether one tick is one clock cycle (the IP's captures) when no clock is chosen;
     *  otherwise (a file's simulator time units) the ruler and Δ say ticks. */
    void setTicksAreCycles(bool on);
    /** @brief Clock frequency for ns; 0 uses the trace's timescale (ticks x tickSeconds). */
    void setClockMHz(double mhz);
    /** @brief A tick as the ruler labels it: "12" cycles or "120 ns". */
    QString formatTick(double tick) const;
    /** @brief Ticks b - a in the current unit: "7 cycles (70 ns)". */
    QString formatDelta(waveform::Tick a, waveform::Tick b) const;

    // --- cursors and markers ----------------------------------------------------------------------
    std::optional<waveform::Tick> cursor() const { return m_state.cursorA(); }
    std::optional<waveform::Tick> secondCursor() const { return m_state.cursorB(); }
    /** @brief Places cursor A (clamped to the trace) and scrolls it into view. */
    void setCursor(waveform::Tick tick);
    void setSecondCursor(waveform::Tick tick);
    /** @brief Removes cursor A only (cursor B stays). */
    void clearCursor();
    void clearCursors();
    /** @brief Cycles from cursor A to cursor B, when both are set. */
    std::optional<double> cursorDelta() const { return m_state.cursorDelta(); }
    const std::vector<waveform::WaveMarker>& markers() const { return m_state.markers(); }
    void addMarker(waveform::Tick tick);
    /** @brief Renames marker index ("" gives back its M<n> label); false for no such marker. */
    bool renameMarker(std::size_t index, std::string name);
    /** @brief Removes marker index; false for no such marker. */
    bool removeMarker(std::size_t index);
    void clearMarkers();
    /** @brief Shows a whole state read for this view's store (a saved view, a reload keeping the view:
     *  WaveViewState::fromJson): its rows, range (fitted stays fitted), cursors, markers, clock axis and
     *  unit; the view keeps its wave area and whether ticks are cycles. */
    void setState(waveform::WaveViewState state);

    // --- navigation (the selected signal; moves cursor A) -----------------------------------------
    bool jumpToNextEdge();
    bool jumpToPreviousEdge();
    /** @brief Moves cursor A to the next (or previous) tick where the selected signal takes value. */
    bool jumpToValue(std::uint64_t value, bool forward = true);
    /** @brief jumpToValue() for a value of any width (words least significant first). */
    bool jumpToValue(waveform::Words value, bool forward = true);
    /** @brief Ctrl+click on a row's name: adds its signal to the rows searched beside the selected one, or
     *  takes it out again. */
    void toggleSearchRow(int row);
    /** @brief The signals a search looks at: the selected row's, then those Ctrl+clicked (still shown). */
    std::vector<waveform::SignalId> searchSignals() const { return m_state.searchSignals(); }
    /** @brief Cursor A to the nearest edge after (before) it of any of searchSignals(). */
    bool jumpToEdge(bool forward);
    /** @brief Cursor A to the nearest change after (before) it of any of searchSignals() to a value that
     *  satisfies the condition; from no cursor, forward, a value held from tick 0 counts. */
    bool jumpToMatch(const waveform::ValueCondition& condition, bool forward);

  signals:
    /** @brief The visible range or the view's width changed. */
    void viewChanged();
    void cursorsChanged();
    void rowsChanged();
    void selectedRowChanged(int row);
    /** @brief The user asked to number cycles by this 1-bit signal (context menu). */
    void clockRequested(waveform::SignalId id);
    /** @brief Signals of a lazily opened file could not be read (the message says why). */
    void loadFailed(const QString& message);

  protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

  private:
    /** Records the wave area's current pixels in the state (the viewport can change size unseen while
     *  hidden); every change of the range starts with it. */
    void syncArea();
    /** After the range changed: scroll bars, repaint, viewChanged. */
    void rangeChanged();
    /** After cursor A moved: into view, repaint, cursorsChanged. */
    void cursorMoved();
    /** Repaint, cursorsChanged. */
    void cursorsEdited();
    /** After rows were inserted, removed or changed: scroll bars, repaint, rowsChanged, the selection. */
    void rowsEdited();
    void loadVisibleRows();
    int rowTop(int row) const;
    void syncScrollBars();
    void onHorizontalScroll(int value);
    void paintRows(QPainter& p, const WaveColors& c);
    void paintCursors(QPainter& p, const WaveColors& c);

    std::shared_ptr<const waveform::WaveformStore> m_store;
    waveform::WaveViewState m_state;
    QRubberBand* m_band = nullptr;
    int m_bandStart = -1;
    double m_hScale = 1; ///< ticks per horizontal scroll bar step
    bool m_syncing = false;
};

} // namespace rs::gui
