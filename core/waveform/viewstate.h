#pragma once
// The waveform view's state as plain data (docs/CONVENTIONS.md rule 19; Surfer's WaveData and Viewport):
// the rows (signal, radix, order, the selected row), the visible range in ticks over a wave area of some
// pixels, cursors A and B, named markers, the clock axis (a clock signal's rising edges or one tick per
// cycle; a clock frequency for ns) and the unit, with the arithmetic a viewer does on them: x of a tick,
// tick of an x, zoom about a tick, pan, fit, cycles and ns between two ticks, cursor placement by
// condition. The GUI's WaveformView paints from it and changes it through these methods; the lane chart
// reads it; `roundscope-cli wave delta` places its cursors with it; it is what a saved view holds (JSON).
//
// Plain C++ and a value: it holds no store, only what it needs of the trace (its end tick, tick length);
// operations that read values take the store. Ticks past the trace are clamped into it.

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/waveform/navigation.h"
#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief How a bus value is written (rowvalue.h's formatValue). The order is kept: new kinds are
 *  appended. Dec is unsigned; Signed is two's complement over the row's width; Ascii writes each byte
 *  (most significant first) as its printable character or '.'; Named uses the signal's own value names
 *  (an FSM's states); Enum a mapping file's names loaded into the row (WaveRow::enumNames). */
enum class Radix { Hex, Dec, Bin, Named, Signed, Ascii, Enum };

/** @brief What a row is: a signal's values, a blank separator, a comment (text only), or a group's header
 *  (its name; the rows after it marked grouped are its members). */
enum class RowKind { Signal, Separator, Comment, Group };

/** @brief How a bus row is drawn: value boxes (digital), or an analog line of its values (as numbers in the
 *  row's radix: signed for Signed, else unsigned) held to the next change (step) or joined (linear),
 *  scaled to its minimum..maximum over the whole trace or over the visible range, in a taller row. */
enum class Analog { Off, Step, Linear };
/** @brief The range an analog row is scaled to. */
enum class AnalogScale { Trace, Visible };

/** @brief One bit of a signal, part of a row made of bit slices. */
struct BitRef {
    SignalId id = 0;
    int bit = 0;      ///< 0: the least significant bit
    std::string name; ///< the signal's name (what a saved view knows it by)
    bool operator==(const BitRef&) const = default;
};

/** @brief What the ruler and Δ read in. */
enum class TimeUnit { Cycles, Nanoseconds };

/** @brief A saved view that cannot be read: the message names the key and what is wrong. */
class ViewStateError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief Cursor A (the one the keys and searches move) or B. */
enum class Cursor { A, B };

/** @brief One row of the view, in view order: a signal and how its values are written, or a blank
 *  separator or a comment (kind; those have no signal: id and name are unused, searches skip them). The
 *  name is what a saved view knows the signal by (ids are the order of one file's signals). A row may
 *  show bit slices instead of the whole signal: bits, most significant first, of one or more signals
 *  (a bus expanded into its bits gives one row per bit; bits grouped back give one bus row); id and
 *  name are then those of the first part. */
struct WaveRow {
    SignalId id = 0;
    Radix radix = Radix::Hex;
    std::string name;
    RowKind kind = RowKind::Signal;
    /** The name shown instead of the signal's (a renamed row; "" for the signal's own name), a
     *  comment's text, or a group's name. */
    std::string label;
    /** Bit slices shown instead of the whole signal (empty: the whole signal), MSB first. */
    std::vector<BitRef> bits;
    /** Radix::Enum: the mapping file the names were read from (kept to show and save) and its names. */
    std::string enumFile;
    std::map<std::uint64_t, std::string> enumNames;
    /** A computed row (group "computed", core/waveform/expression.h): its expression and width, saved
     *  with the view and recomputed over the trace when the view is restored or the file reloaded. */
    std::string expression;
    int expressionWidth = 0;
    /** A member of the group whose header is the nearest row above the run of grouped rows it is in. */
    bool grouped = false;
    /** A group header: its members are hidden (the group shows as one row). */
    bool collapsed = false;
    /** A bus drawn as an analog line, and the range it is scaled to. */
    Analog analog = Analog::Off;
    AnalogScale scale = AnalogScale::Trace;
    bool isSignal() const { return kind == RowKind::Signal; }
    bool operator==(const WaveRow&) const = default;
};

/** @brief A marker line: its tick and an optional name (unnamed markers are labelled M1, M2, ...). */
struct WaveMarker {
    Tick tick = 0;
    std::string name;
    bool operator==(const WaveMarker&) const = default;
};

/** @brief Maps ticks to x in the wave area and back. */
struct TickMapper {
    double begin = 0;    ///< tick at x0
    double perPixel = 1; ///< ticks per pixel
    double x0 = 0;       ///< x of the wave area's left edge
    double x(double tick) const { return x0 + (tick - begin) / perPixel; }
    double tick(double x) const { return begin + (x - x0) * perPixel; }
};

class WaveViewState {
  public:
    /** @brief The deepest zoom: this many pixels per tick (a cycle's value stays readable). */
    static constexpr double kMaxPixelsPerTick = 40;

    // --- the trace -------------------------------------------------------------------------------------
    /** @brief Shows a trace: no rows, cursors, markers or clock chosen; the whole range fitted, or the
     *  store's openingRange() when it has one (a big FST: its first block). The unit, the clock frequency,
     *  whether ticks are cycles and the wave area are kept. */
    void reset(const WaveformStore& store);
    /** @brief One past the trace's last tick. */
    Tick traceEnd() const { return m_traceEnd; }
    /** @brief The trace's tick length in seconds (0: unknown). */
    double tickSeconds() const { return m_tickSeconds; }

    // --- the wave area ---------------------------------------------------------------------------------
    /** @brief The pixels the visible range maps onto: x of its left edge and its width (at least 1). Only
     *  recorded; after a resize call keepInTrace(). */
    void setWaveArea(double left, double width);
    double waveLeft() const { return m_left; }
    double waveWidth() const { return m_width; }

    // --- rows ------------------------------------------------------------------------------------------
    const std::vector<WaveRow>& rows() const { return m_rows; }
    /** @brief Appends the store's signal (FSM states by name, buses in hex); false when shown already or
     *  no such signal. */
    bool addSignal(const WaveformStore& store, SignalId id);
    bool isShown(SignalId id) const;
    /** @brief Every signal some row shows (whole, or some of its bits), in id order, each once. */
    std::vector<SignalId> shownSignals() const;
    /** @brief The row showing the signal, or -1. */
    int rowOf(SignalId id) const;
    /** @brief Removes a row; the selection stays on its signal, or moves to the row now in its place.
     *  False for a row that does not exist. */
    bool removeRow(int row);
    /** @brief Moves a row by delta places (clamped); the selection follows it. False when nothing moves. A
     *  group's header moves with its members, one shown row (or group) at a time; a row moved next to a
     *  group's member or header joins the group, one moved out of it leaves it. */
    bool moveRow(int row, int delta);
    /** @brief Sets a signal row's radix; Radix::Enum needs names (setEnum). False for another row. */
    bool setRadix(int row, Radix radix);
    /** @brief Shows a signal row's values by a mapping's names (Radix::Enum); file is where they came
     *  from (rowvalue.h's loadEnumFile). False for a row that is not a signal's. */
    bool setEnum(int row, std::string file, std::map<std::uint64_t, std::string> names);
    /** @brief Draws a signal row of more than one bit as an analog line (or back: Analog::Off). False for
     *  another row. */
    bool setAnalog(int row, Analog analog, AnalogScale scale = AnalogScale::Trace);
    /** @brief Gives a row a display name (the signal's name stays in its tooltip and the saved view); ""
     *  restores the signal's name. For a comment row, its text. False for a separator or no such row. */
    bool renameRow(int row, std::string label);
    /** @brief Inserts a blank separator (kind Separator) or a comment row (text) before row `at`
     *  (clamped; rows() size appends); the selection follows its row. Returns the new row's index. */
    int insertSeparator(int at);
    int insertComment(int at, std::string text);
    /** @brief Makes rows first..last (none a group header or in a group) a group named `name`: a header
     *  row inserted before them. Returns the header's row, or -1 when the rows cannot be grouped. */
    int groupRows(int first, int last, std::string name);
    /** @brief Removes a group's header; its rows stay, ungrouped. False for a row that is not a header. */
    bool ungroup(int header);
    /** @brief Collapses (hides its members) or expands a group; a hidden selection moves to the header. */
    bool setCollapsed(int header, bool collapsed);
    /** @brief A group header's members: the rows after it marked grouped (0 for any other row). */
    int groupSize(int header) const;
    /** @brief Whether a row is hidden in a collapsed group. */
    bool isHidden(int row) const;
    /** @brief The rows shown, top to bottom (those not hidden in a collapsed group). */
    std::vector<int> shownRows() const;
    /** @brief Replaces a whole-signal row of a bus (width > 1) by one row per bit, MSB first; the
     *  radix, name and enum are not carried (bits are levels). False for any other row. */
    bool expandBits(const WaveformStore& store, int row);
    /** @brief Replaces the run of bit rows of one signal around `row` (rows of exactly one bit of the
     *  same signal) by that signal's whole row. False when row is not such a bit row. */
    bool collapseBits(int row);
    /** @brief Replaces the chosen rows (each a 1-bit signal or one or more bit slices) by one bus row of
     *  their bits, top row first as the MSB, at the first chosen row's place, in hex; at most 64 bits and
     *  at least two rows. False (nothing changed) otherwise. */
    bool groupBits(const WaveformStore& store, std::vector<int> rows);
    int selectedRow() const { return m_selected; }
    /** @brief Selects a row (clamped to the rows; -1 for none); false when the selection is unchanged. */
    bool setSelectedRow(int row);
    /** @brief The selected row's signal, if any. */
    std::optional<SignalId> selectedSignal() const;
    /** @brief Adds a row's signal to the rows searched beside the selected one (Ctrl+click on its name),
     *  or takes it out again; false for a row that does not exist. Not saved. */
    bool toggleSearchRow(int row);
    /** @brief Whether a row is searched beside the selected one. */
    bool isSearchRow(int row) const;
    /** @brief The signals a search looks at: the selected row's, then those toggled in (still shown). */
    std::vector<SignalId> searchSignals() const;
    /** @brief The rows a search looks at: the selected row (a whole signal or bit slices), then the rows
     *  toggled in. */
    std::vector<WaveRow> searchRows() const;

    // --- visible range and ticks <-> pixels ------------------------------------------------------------
    /** @brief Tick at the wave area's left edge. */
    double beginTick() const { return m_begin; }
    double ticksPerPixel() const { return m_perPixel; }
    /** @brief Tick at the wave area's right edge. */
    double endTick() const { return m_begin + m_width * m_perPixel; }
    /** @brief True while the whole trace is in view (kept so across resizes until a zoom or pan). */
    bool isFitted() const { return m_fitted; }
    TickMapper mapper() const { return TickMapper{m_begin, m_perPixel, m_left}; }
    double xOfTick(double tick) const { return mapper().x(tick); }
    double tickOfX(double x) const { return mapper().tick(x); }
    /** @brief The tick rounded and clamped into the trace. */
    Tick clampTick(double tick) const;
    /** @brief The tick clamped into the trace. */
    Tick clampTick(Tick tick) const;
    /** @brief Shows [begin, end) (clamped to the trace and the deepest zoom); false when end <= begin. */
    bool setVisibleRange(double begin, double end);
    /** @brief Zooms by factor (> 1 zooms in) keeping anchor (a tick; default: the middle) at its pixel. */
    bool zoomBy(double factor, std::optional<double> anchor = std::nullopt);
    /** @brief The whole trace in view (it stays fitted across resizes until a zoom or pan). */
    void fit();
    /** @brief Pans by a number of pixels (positive: later). */
    void panPixels(double pixels);
    /** @brief Scrolls so that begin is at the left edge (clamped). */
    void scrollTo(double begin);
    /** @brief After the wave area changed: a fitted view fits again, any other is clamped to the trace. */
    void keepInTrace();
    /** @brief Centres the tick when it is outside the visible range; true when the range moved. */
    bool ensureVisible(Tick tick);

    // --- the clock axis and the unit -------------------------------------------------------------------
    /** @brief Numbers cycles by the rising edges of a 1-bit signal of the store. Throws
     *  std::invalid_argument (ClockAxis::fromClock) and leaves the axis unchanged when it cannot. */
    void setClock(const WaveformStore& store, SignalId clock);
    /** @brief Back to one tick per cycle. */
    void clearClock();
    /** @brief The clock signal numbering cycles, if any. */
    std::optional<SignalId> clockSignal() const { return m_clock; }
    /** @brief Its name ("" when none). */
    const std::string& clockName() const { return m_clockName; }
    const ClockAxis& clockAxis() const { return m_axis; }
    void setTimeUnit(TimeUnit unit) { m_unit = unit; }
    TimeUnit timeUnit() const { return m_unit; }
    /** @brief Whether one tick is one clock cycle (the IP's captures) when no clock is chosen; otherwise
     *  (a file's simulator time units) the axis counts ticks. */
    void setTicksAreCycles(bool on) { m_ticksAreCycles = on; }
    bool ticksAreCycles() const { return m_ticksAreCycles; }
    /** @brief True when the axis counts clock cycles (a clock chosen, or one tick per cycle). */
    bool countsCycles() const { return m_ticksAreCycles || !m_axis.isIdentity(); }
    /** @brief Clock frequency for ns (negative: 0); 0 uses the trace's tick length. */
    void setClockMHz(double mhz);
    double clockMHz() const { return m_mhz; }
    /** @brief The cycle a tick falls in, with the fraction elapsed (ClockAxis::cycleAt). */
    double cycleAt(Tick tick) const { return m_axis.cycleAt(tick); }
    /** @brief The tick at which a cycle starts (ClockAxis::tickOfCycle). */
    Tick tickOfCycle(std::int64_t cycle) const { return m_axis.tickOfCycle(cycle); }
    /** @brief Clock cycles from a to b on the axis. */
    double cyclesBetween(Tick a, Tick b) const;
    /** @brief A tick in ns: its cycle at the clock frequency, else ticks x the tick length; none when
     *  neither is known. */
    std::optional<double> tickNs(double tick) const;
    /** @brief ns from a to b: cycles at the clock frequency, else ticks x the tick length; none when
     *  neither is known. */
    std::optional<double> nsBetween(Tick a, Tick b) const;

    // --- cursors and markers ---------------------------------------------------------------------------
    std::optional<Tick> cursor(Cursor which) const { return which == Cursor::A ? m_cursorA : m_cursorB; }
    std::optional<Tick> cursorA() const { return m_cursorA; }
    std::optional<Tick> cursorB() const { return m_cursorB; }
    /** @brief Places a cursor (clamped to the trace). */
    void setCursor(Cursor which, Tick tick);
    /** @brief Removes one cursor; false when it was not set. */
    bool clearCursor(Cursor which);
    void clearCursors();
    /** @brief Cycles from cursor A to cursor B, when both are set. */
    std::optional<double> cursorDelta() const;
    /** @brief ns from cursor A to cursor B, when both are set and ns are known. */
    std::optional<double> cursorDeltaNs() const;
    /** @brief Places a cursor at the first tick >= from at which the signal starts to hold value (tick 0
     *  counts as a start): `wave delta`'s events. False (the cursor unchanged) when it never does. */
    bool placeCursor(Cursor which, const WaveformStore& store, SignalId signal, Words value, Tick from);
    /** @brief Markers in tick order. */
    const std::vector<WaveMarker>& markers() const { return m_markers; }
    /** @brief Adds a marker (clamped to the trace); at a tick that has one, a name given renames it. */
    void addMarker(Tick tick, std::string name = {});
    bool renameMarker(std::size_t index, std::string name);
    bool removeMarker(std::size_t index);
    void clearMarkers() { m_markers.clear(); }
    /** @brief A marker's name, or "M<n>" (n: its place in tick order, from 1) when unnamed. */
    std::string markerLabel(std::size_t index) const;

    // --- navigation on the selected row (a whole signal or bit slices; moves cursor A) ----------------
    /** @brief To the signal's next change after cursor A (or tick 0). */
    bool jumpToNextEdge(const WaveformStore& store);
    /** @brief To its previous change before cursor A. */
    bool jumpToPreviousEdge(const WaveformStore& store);
    /** @brief To the next (previous) tick at which it starts to hold value; from no cursor, forward, a
     *  value held from tick 0 counts. */
    bool jumpToValue(const WaveformStore& store, Words value, bool forward = true);
    /** @brief To the nearest change after (before) cursor A of any of searchSignals() (findEdge); from no
     *  cursor, forward from tick 0. */
    bool jumpToEdge(const WaveformStore& store, bool forward);
    /** @brief To the nearest change after (before) cursor A of any of searchSignals() to a value that
     *  satisfies the condition (findMatch); from no cursor, forward, a value held from tick 0 counts. */
    bool jumpToMatch(const WaveformStore& store, const ValueCondition& condition, bool forward);

    // --- a saved view (viewstatejson.cpp) --------------------------------------------------------------
    /** @brief The saved-view file: JSON, versioned ("format": "roundscope-wave-view", "version": 2; version 1
     *  files are read too): rows by signal name (or bit slices) and radix, a row's label and enum names,
     *  separators and comments, the visible range, cursors, markers, the clock by name, its frequency, the
     *  unit. The selection and the wave area are not saved. */
    std::string toJson() const;
    /** @brief Reads a saved view for a trace: rows and the clock found by name (a row whose signal the
     *  trace lacks is dropped, a clock it lacks or that cannot clock is cleared; each noted in *dropped),
     *  cursors, markers and the range clamped into it. Throws ViewStateError naming the key and what is
     *  wrong with it (not JSON, another format or version, a missing, unknown or ill-typed key). */
    static WaveViewState fromJson(std::string_view json, const WaveformStore& store,
                                  std::vector<std::string>* dropped = nullptr);

    bool operator==(const WaveViewState&) const = default;

  private:
    void clampRange();
    /** Inserts a row before `at` (clamped); the selection follows its row. Returns its index. */
    int insertRow(int at, WaveRow row);

    Tick m_traceEnd = 0;
    double m_tickSeconds = 0;
    double m_left = 0;
    double m_width = 1;
    std::vector<WaveRow> m_rows;
    int m_selected = -1;
    /** The selected row when it shows a signal (whole or bit slices), else null. */
    const WaveRow* selectedSignalRow() const;
    std::vector<SignalId> m_alsoSearched; ///< rows searched beside the selected one
    double m_begin = 0;
    double m_perPixel = 1;
    bool m_fitted = true;
    /// a big file's opening range (reset()), kept across resizes until a zoom or pan
    std::optional<std::pair<double, double>> m_opening;
    ClockAxis m_axis;
    std::optional<SignalId> m_clock;
    std::string m_clockName;
    TimeUnit m_unit = TimeUnit::Cycles;
    bool m_ticksAreCycles = true;
    double m_mhz = 0;
    std::optional<Tick> m_cursorA;
    std::optional<Tick> m_cursorB;
    std::vector<WaveMarker> m_markers;
};

} // namespace rs::waveform
