#include "core/waveform/viewstate.h"

#include <algorithm>
#include <cmath>

#include "core/waveform/rowsearch.h"
#include "core/waveform/rowvalue.h"

namespace rs::waveform {

void WaveViewState::reset(const WaveformStore& store) {
    m_traceEnd = store.endTick();
    m_tickSeconds = store.tickSeconds();
    m_rows.clear();
    m_selected = -1;
    m_alsoSearched.clear();
    m_cursorA.reset();
    m_cursorB.reset();
    m_markers.clear();
    clearClock();
    fit();
    // A big file read lazily opens on its first block (the rest is read as the view moves there).
    if (const auto range = store.openingRange()) {
        const std::pair<double, double> opening{double(range->first), double(range->second) + 1};
        setVisibleRange(opening.first, opening.second);
        m_opening = opening;
    }
}

void WaveViewState::setWaveArea(double left, double width) {
    m_left = left;
    m_width = std::max(1.0, width);
}

// --- rows -------------------------------------------------------------------------------------------

bool WaveViewState::addSignal(const WaveformStore& store, SignalId id) {
    if (id >= store.signalCount() || isShown(id)) return false;
    const SignalInfo& info = store.signal(id);
    m_rows.push_back(WaveRow{id, info.valueNames.empty() ? Radix::Hex : Radix::Named, info.name});
    if (info.group == "computed") { // named by its expression (addComputedSignal)
        m_rows.back().expression = info.name;
        m_rows.back().expressionWidth = info.width;
    }
    return true;
}

namespace {

/** The signal a row shows whole, if it does (not a bit slice, separator or comment). */
std::optional<SignalId> wholeSignal(const WaveRow& r) {
    if (!r.isSignal() || !r.bits.empty()) return std::nullopt;
    return r.id;
}

/** Whether a row shows the signal or any bit of it. */
bool showsSignal(const WaveRow& r, SignalId id) {
    if (!r.isSignal()) return false;
    if (r.bits.empty()) return r.id == id;
    return std::any_of(r.bits.begin(), r.bits.end(), [id](const BitRef& b) { return b.id == id; });
}

} // namespace

bool WaveViewState::isShown(SignalId id) const {
    return rowOf(id) >= 0;
}

std::vector<SignalId> WaveViewState::shownSignals() const {
    std::vector<SignalId> ids;
    for (const WaveRow& r : m_rows) {
        if (!r.isSignal()) continue;
        if (r.bits.empty()) ids.push_back(r.id);
        for (const BitRef& b : r.bits)
            ids.push_back(b.id);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

int WaveViewState::rowOf(SignalId id) const {
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (showsSignal(m_rows[i], id)) return static_cast<int>(i);
    return -1;
}

bool WaveViewState::removeRow(int row) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    for (int members = groupSize(row); members > 0; --members) // a group goes with its rows
        removeRow(row + 1);
    if (const auto id = wholeSignal(m_rows[static_cast<std::size_t>(row)]))
        std::erase(m_alsoSearched, *id); // searched no more
    m_rows.erase(m_rows.begin() + row);
    // The selection stays on its signal; the removed row's selection moves to the row now there.
    if (m_selected > row) --m_selected;
    if (m_selected >= static_cast<int>(m_rows.size())) m_selected = static_cast<int>(m_rows.size()) - 1;
    return true;
}

bool WaveViewState::setRadix(int row, Radix radix) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    WaveRow& r = m_rows[static_cast<std::size_t>(row)];
    if (!r.isSignal() || (radix == Radix::Enum && r.enumNames.empty())) return false;
    r.radix = radix;
    return true;
}

bool WaveViewState::setEnum(int row, std::string file, std::map<std::uint64_t, std::string> names) {
    if (row < 0 || row >= static_cast<int>(m_rows.size()) || names.empty()) return false;
    WaveRow& r = m_rows[static_cast<std::size_t>(row)];
    if (!r.isSignal()) return false;
    r.radix = Radix::Enum;
    r.enumFile = std::move(file);
    r.enumNames = std::move(names);
    return true;
}

bool WaveViewState::setAnalog(int row, Analog analog, AnalogScale scale) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    WaveRow& r = m_rows[static_cast<std::size_t>(row)];
    if (!r.isSignal()) return false;
    r.analog = analog;
    r.scale = scale;
    return true;
}

bool WaveViewState::renameRow(int row, std::string label) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    WaveRow& r = m_rows[static_cast<std::size_t>(row)];
    if (r.kind == RowKind::Separator) return false;
    r.label = std::move(label); // a group's name too
    return true;
}

int WaveViewState::insertRow(int at, WaveRow row) {
    at = std::clamp(at, 0, static_cast<int>(m_rows.size()));
    m_rows.insert(m_rows.begin() + at, std::move(row));
    if (m_selected >= at) ++m_selected;
    return at;
}

int WaveViewState::insertSeparator(int at) {
    WaveRow r;
    r.kind = RowKind::Separator;
    return insertRow(at, std::move(r));
}

int WaveViewState::insertComment(int at, std::string text) {
    WaveRow r;
    r.kind = RowKind::Comment;
    r.label = std::move(text);
    return insertRow(at, std::move(r));
}

bool WaveViewState::expandBits(const WaveformStore& store, int row) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    const auto id = wholeSignal(m_rows[static_cast<std::size_t>(row)]);
    if (!id || store.signal(*id).width < 2) return false;
    const SignalInfo& info = store.signal(*id);
    std::vector<WaveRow> bits;
    for (int b = info.width - 1; b >= 0; --b) {
        WaveRow r;
        r.id = *id;
        r.name = info.name;
        r.radix = Radix::Bin;
        r.bits = {BitRef{*id, b, info.name}};
        bits.push_back(std::move(r));
    }
    const int selected = m_selected;
    removeRow(row);
    m_rows.insert(m_rows.begin() + row, bits.begin(), bits.end());
    m_selected = selected == row  ? row
                 : selected > row ? selected + static_cast<int>(bits.size()) - 1
                                  : selected;
    return true;
}

bool WaveViewState::collapseBits(int row) {
    const auto oneBit = [this](int i, std::optional<SignalId> of) -> std::optional<SignalId> {
        if (i < 0 || i >= static_cast<int>(m_rows.size())) return std::nullopt;
        const WaveRow& r = m_rows[static_cast<std::size_t>(i)];
        if (!r.isSignal() || r.bits.size() != 1 || (of && r.bits[0].id != *of)) return std::nullopt;
        return r.bits[0].id;
    };
    const auto id = oneBit(row, std::nullopt);
    if (!id) return false;
    int first = row, last = row;
    while (oneBit(first - 1, id))
        --first;
    while (oneBit(last + 1, id))
        ++last;
    WaveRow whole;
    whole.id = *id;
    whole.name = m_rows[static_cast<std::size_t>(row)].bits[0].name;
    const bool selectedInside = m_selected >= first && m_selected <= last;
    m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
    m_rows.insert(m_rows.begin() + first, std::move(whole));
    if (selectedInside)
        m_selected = first;
    else if (m_selected > last)
        m_selected -= last - first;
    return true;
}

bool WaveViewState::groupBits(const WaveformStore& store, std::vector<int> rows) {
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    if (rows.size() < 2) return false;
    WaveRow bus;
    for (const int i : rows) {
        if (i < 0 || i >= static_cast<int>(m_rows.size())) return false;
        const WaveRow& r = m_rows[static_cast<std::size_t>(i)];
        if (!r.isSignal()) return false;
        if (r.bits.empty()) {
            if (store.signal(r.id).width != 1) return false; // a whole bus: expand it first
            bus.bits.push_back(BitRef{r.id, 0, r.name});
        } else {
            bus.bits.insert(bus.bits.end(), r.bits.begin(), r.bits.end());
        }
    }
    if (bus.bits.size() > 64) return false;
    bus.id = bus.bits[0].id;
    bus.name = bus.bits[0].name;
    const bool selectedInside = std::find(rows.begin(), rows.end(), m_selected) != rows.end();
    const int at = rows.front();
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
        removeRow(*it);
    insertRow(at, std::move(bus));
    if (selectedInside) m_selected = at;
    return true;
}

bool WaveViewState::setSelectedRow(int row) {
    row = row < 0 || m_rows.empty() ? -1 : std::min(row, static_cast<int>(m_rows.size()) - 1);
    if (row == m_selected) return false;
    m_selected = row;
    return true;
}

std::optional<SignalId> WaveViewState::selectedSignal() const {
    if (m_selected < 0) return std::nullopt;
    return wholeSignal(m_rows[static_cast<std::size_t>(m_selected)]);
}

// --- visible range ----------------------------------------------------------------------------------

Tick WaveViewState::clampTick(double tick) const {
    const double end = static_cast<double>(m_traceEnd);
    return static_cast<Tick>(std::clamp(std::round(tick), 0.0, std::max(0.0, end - 1)));
}

Tick WaveViewState::clampTick(Tick tick) const {
    return m_traceEnd == 0 ? 0 : std::min(tick, m_traceEnd - 1);
}

void WaveViewState::clampRange() {
    const double total = std::max(1.0, static_cast<double>(m_traceEnd));
    // From kMaxPixelsPerTick pixels per tick to the whole trace in the view.
    const double finest = 1.0 / kMaxPixelsPerTick;
    m_perPixel = std::clamp(m_perPixel, finest, std::max(finest, total / m_width));
    const double span = m_width * m_perPixel;
    m_begin = std::clamp(m_begin, 0.0, std::max(0.0, total - span));
}

bool WaveViewState::setVisibleRange(double begin, double end) {
    if (!(end > begin)) return false;
    m_fitted = false;
    m_opening.reset();
    m_perPixel = (end - begin) / m_width;
    m_begin = begin;
    clampRange();
    return true;
}

bool WaveViewState::zoomBy(double factor, std::optional<double> anchor) {
    if (!(factor > 0)) return false;
    const double a = anchor.value_or(m_begin + m_width * m_perPixel / 2);
    const double ax = (a - m_begin) / m_perPixel; // keep a at the same pixel
    m_fitted = false;
    m_opening.reset();
    m_perPixel /= factor;
    clampRange();
    m_begin = a - ax * m_perPixel;
    clampRange();
    return true;
}

void WaveViewState::fit() {
    setVisibleRange(0, std::max<double>(1, static_cast<double>(m_traceEnd)));
    m_fitted = true;
}

void WaveViewState::panPixels(double pixels) {
    scrollTo(m_begin + pixels * m_perPixel);
}

void WaveViewState::scrollTo(double begin) {
    m_fitted = false;
    m_opening.reset();
    m_begin = begin;
    clampRange();
}

void WaveViewState::keepInTrace() {
    if (m_fitted) return fit();
    if (const auto opening = m_opening) { // kept across resizes, as a fitted view, until a zoom or pan
        setVisibleRange(opening->first, opening->second);
        m_opening = opening;
        return;
    }
    clampRange();
}

bool WaveViewState::ensureVisible(Tick tick) {
    const double t = static_cast<double>(tick);
    if (t >= m_begin && t < endTick()) return false;
    scrollTo(t - m_width * m_perPixel / 2);
    return true;
}

// --- the clock axis ---------------------------------------------------------------------------------

void WaveViewState::setClock(const WaveformStore& store, SignalId clock) {
    m_axis = ClockAxis::fromClock(store, clock); // throws before anything changes
    m_clock = clock;
    m_clockName = store.signal(clock).name;
}

void WaveViewState::clearClock() {
    m_axis = ClockAxis();
    m_clock.reset();
    m_clockName.clear();
}

void WaveViewState::setClockMHz(double mhz) {
    m_mhz = std::max(0.0, mhz);
}

double WaveViewState::cyclesBetween(Tick a, Tick b) const {
    return m_axis.cycleAt(b) - m_axis.cycleAt(a);
}

std::optional<double> WaveViewState::tickNs(double tick) const {
    if (m_mhz > 0) return m_axis.cycleAt(static_cast<Tick>(std::max(0.0, tick))) * 1000.0 / m_mhz;
    if (m_tickSeconds > 0) return tick * m_tickSeconds * 1e9;
    return std::nullopt;
}

std::optional<double> WaveViewState::nsBetween(Tick a, Tick b) const {
    // From the difference, not from two absolute times: 5 ticks of 10 ns are 50 ns, not 49.99999999999989.
    if (m_mhz > 0) return cyclesBetween(a, b) * 1000.0 / m_mhz;
    if (m_tickSeconds > 0) return (static_cast<double>(b) - static_cast<double>(a)) * m_tickSeconds * 1e9;
    return std::nullopt;
}

// --- cursors and markers ----------------------------------------------------------------------------

void WaveViewState::setCursor(Cursor which, Tick tick) {
    (which == Cursor::A ? m_cursorA : m_cursorB) = clampTick(tick);
}

bool WaveViewState::clearCursor(Cursor which) {
    std::optional<Tick>& c = which == Cursor::A ? m_cursorA : m_cursorB;
    if (!c) return false;
    c.reset();
    return true;
}

void WaveViewState::clearCursors() {
    m_cursorA.reset();
    m_cursorB.reset();
}

std::optional<double> WaveViewState::cursorDelta() const {
    if (!m_cursorA || !m_cursorB) return std::nullopt;
    return cyclesBetween(*m_cursorA, *m_cursorB);
}

std::optional<double> WaveViewState::cursorDeltaNs() const {
    if (!m_cursorA || !m_cursorB) return std::nullopt;
    return nsBetween(*m_cursorA, *m_cursorB);
}

bool WaveViewState::placeCursor(Cursor which, const WaveformStore& store, SignalId signal, Words value,
                                Tick from) {
    const auto t = firstValueFrom(store, signal, from, value);
    if (t) setCursor(which, *t);
    return t.has_value();
}

void WaveViewState::addMarker(Tick tick, std::string name) {
    const Tick t = clampTick(tick);
    const auto at = std::lower_bound(m_markers.begin(), m_markers.end(), t,
                                     [](const WaveMarker& m, Tick x) { return m.tick < x; });
    if (at != m_markers.end() && at->tick == t) {
        if (!name.empty()) at->name = std::move(name);
        return;
    }
    m_markers.insert(at, WaveMarker{t, std::move(name)});
}

bool WaveViewState::renameMarker(std::size_t index, std::string name) {
    if (index >= m_markers.size()) return false;
    m_markers[index].name = std::move(name);
    return true;
}

bool WaveViewState::removeMarker(std::size_t index) {
    if (index >= m_markers.size()) return false;
    m_markers.erase(m_markers.begin() + static_cast<std::ptrdiff_t>(index));
    return true;
}

std::string WaveViewState::markerLabel(std::size_t index) const {
    if (index < m_markers.size() && !m_markers[index].name.empty()) return m_markers[index].name;
    return "M" + std::to_string(index + 1);
}

// --- navigation -------------------------------------------------------------------------------------

const WaveRow* WaveViewState::selectedSignalRow() const {
    if (m_selected < 0) return nullptr;
    const WaveRow& r = m_rows[static_cast<std::size_t>(m_selected)];
    return r.isSignal() ? &r : nullptr;
}

bool WaveViewState::jumpToNextEdge(const WaveformStore& store) {
    const WaveRow* row = selectedSignalRow();
    if (!row) return false;
    const auto t = rowEdge(store, *row, m_cursorA.value_or(0), true);
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

bool WaveViewState::jumpToPreviousEdge(const WaveformStore& store) {
    const WaveRow* row = selectedSignalRow();
    if (!row || !m_cursorA) return false;
    const auto t = rowEdge(store, *row, *m_cursorA, false);
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

bool WaveViewState::jumpToValue(const WaveformStore& store, Words value, bool forward) {
    const WaveRow* row = selectedSignalRow();
    if (!row) return false;
    if (row->bits.empty()) {
        const SignalId id = row->id;
        // From no cursor, a forward search also finds a value held from tick 0.
        if (forward && !m_cursorA) return placeCursor(Cursor::A, store, id, value, 0);
        const auto t = forward ? nextValue(store, id, *m_cursorA, value)
                               : previousValue(store, id, m_cursorA.value_or(0), value);
        if (t) setCursor(Cursor::A, *t);
        return t.has_value();
    }
    const auto condition =
        valueCondition(MatchMode::Equal, std::vector<std::uint64_t>(value.begin(), value.end()));
    if (!forward && !m_cursorA) return false;
    std::optional<Tick> t;
    if (forward && !m_cursorA && condition.matches(rowWordsAt(store, *row, 0))) t = 0;
    if (!t) t = rowMatch(store, *row, m_cursorA.value_or(0), condition, forward);
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

// --- search over the selected row and the rows beside it ---------------------------------------------

bool WaveViewState::toggleSearchRow(int row) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    const auto whole = wholeSignal(m_rows[static_cast<std::size_t>(row)]);
    if (!whole) return false; // a separator, a comment or bit slices: nothing to search
    const SignalId id = *whole;
    const auto it = std::find(m_alsoSearched.begin(), m_alsoSearched.end(), id);
    if (it != m_alsoSearched.end())
        m_alsoSearched.erase(it);
    else
        m_alsoSearched.push_back(id);
    return true;
}

bool WaveViewState::isSearchRow(int row) const {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    const auto id = wholeSignal(m_rows[static_cast<std::size_t>(row)]);
    return id && std::find(m_alsoSearched.begin(), m_alsoSearched.end(), *id) != m_alsoSearched.end();
}

std::vector<SignalId> WaveViewState::searchSignals() const {
    std::vector<SignalId> ids;
    if (const auto id = selectedSignal()) ids.push_back(*id);
    for (const SignalId id : m_alsoSearched)
        if (std::any_of(m_rows.begin(), m_rows.end(),
                        [id](const WaveRow& r) { return wholeSignal(r) == id; }) &&
            std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    return ids;
}

std::vector<WaveRow> WaveViewState::searchRows() const {
    std::vector<WaveRow> rows;
    if (const WaveRow* r = selectedSignalRow()) rows.push_back(*r);
    const auto selected = selectedSignal();
    for (const SignalId id : m_alsoSearched) {
        if (id == selected) continue;
        const auto it = std::find_if(m_rows.begin(), m_rows.end(),
                                     [id](const WaveRow& r) { return wholeSignal(r) == id; });
        if (it != m_rows.end()) rows.push_back(*it);
    }
    return rows;
}

bool WaveViewState::jumpToEdge(const WaveformStore& store, bool forward) {
    const auto rows = searchRows();
    if (rows.empty() || (!forward && !m_cursorA)) return false;
    const auto t = findRowEdge(store, rows, m_cursorA.value_or(0), forward);
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

bool WaveViewState::jumpToMatch(const WaveformStore& store, const ValueCondition& condition, bool forward) {
    const auto rows = searchRows();
    if (rows.empty() || (!forward && !m_cursorA)) return false;
    std::optional<Tick> t;
    if (forward && !m_cursorA) // a value held from tick 0 is a hit too
        for (const WaveRow& row : rows)
            if (condition.matches(rowWordsAt(store, row, 0))) t = 0;
    if (!t) t = findRowMatch(store, rows, m_cursorA.value_or(0), condition, forward);
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

} // namespace rs::waveform
