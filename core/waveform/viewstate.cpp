#include "core/waveform/viewstate.h"

#include <algorithm>
#include <cmath>

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
    return true;
}

bool WaveViewState::isShown(SignalId id) const {
    return rowOf(id) >= 0;
}

int WaveViewState::rowOf(SignalId id) const {
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].id == id) return static_cast<int>(i);
    return -1;
}

bool WaveViewState::removeRow(int row) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    std::erase(m_alsoSearched, m_rows[static_cast<std::size_t>(row)].id); // searched no more
    m_rows.erase(m_rows.begin() + row);
    // The selection stays on its signal; the removed row's selection moves to the row now there.
    if (m_selected > row) --m_selected;
    if (m_selected >= static_cast<int>(m_rows.size())) m_selected = static_cast<int>(m_rows.size()) - 1;
    return true;
}

bool WaveViewState::moveRow(int row, int delta) {
    const int n = static_cast<int>(m_rows.size());
    if (row < 0 || row >= n) return false;
    const int to = std::clamp(row + delta, 0, n - 1);
    if (to == row) return false;
    WaveRow r = std::move(m_rows[static_cast<std::size_t>(row)]);
    m_rows.erase(m_rows.begin() + row);
    m_rows.insert(m_rows.begin() + to, std::move(r));
    if (m_selected == row)
        m_selected = to;
    else if (row < m_selected && m_selected <= to)
        --m_selected; // rows between shift up
    else if (to <= m_selected && m_selected < row)
        ++m_selected; // rows between shift down
    return true;
}

bool WaveViewState::setRadix(int row, Radix radix) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    m_rows[static_cast<std::size_t>(row)].radix = radix;
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
    return m_rows[static_cast<std::size_t>(m_selected)].id;
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
    m_begin = begin;
    clampRange();
}

void WaveViewState::keepInTrace() {
    if (m_fitted) return fit();
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

bool WaveViewState::jumpToNextEdge(const WaveformStore& store) {
    const auto id = selectedSignal();
    if (!id) return false;
    const auto t = nextEdge(store, *id, m_cursorA.value_or(0));
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

bool WaveViewState::jumpToPreviousEdge(const WaveformStore& store) {
    const auto id = selectedSignal();
    if (!id || !m_cursorA) return false;
    const auto t = previousEdge(store, *id, *m_cursorA);
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

bool WaveViewState::jumpToValue(const WaveformStore& store, Words value, bool forward) {
    const auto id = selectedSignal();
    if (!id) return false;
    // From no cursor, a forward search also finds a value held from tick 0.
    if (forward && !m_cursorA) return placeCursor(Cursor::A, store, *id, value, 0);
    const auto t = forward ? nextValue(store, *id, *m_cursorA, value)
                           : previousValue(store, *id, m_cursorA.value_or(0), value);
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

// --- search over the selected row and the rows beside it ---------------------------------------------

bool WaveViewState::toggleSearchRow(int row) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    const SignalId id = m_rows[static_cast<std::size_t>(row)].id;
    const auto it = std::find(m_alsoSearched.begin(), m_alsoSearched.end(), id);
    if (it != m_alsoSearched.end())
        m_alsoSearched.erase(it);
    else
        m_alsoSearched.push_back(id);
    return true;
}

bool WaveViewState::isSearchRow(int row) const {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return false;
    const SignalId id = m_rows[static_cast<std::size_t>(row)].id;
    return std::find(m_alsoSearched.begin(), m_alsoSearched.end(), id) != m_alsoSearched.end();
}

std::vector<SignalId> WaveViewState::searchSignals() const {
    std::vector<SignalId> ids;
    if (const auto id = selectedSignal()) ids.push_back(*id);
    for (const SignalId id : m_alsoSearched)
        if (isShown(id) && std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    return ids;
}

bool WaveViewState::jumpToEdge(const WaveformStore& store, bool forward) {
    const auto ids = searchSignals();
    if (ids.empty() || (!forward && !m_cursorA)) return false;
    const auto t = findEdge(store, ids, m_cursorA.value_or(0), forward);
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

bool WaveViewState::jumpToMatch(const WaveformStore& store, const ValueCondition& condition, bool forward) {
    const auto ids = searchSignals();
    if (ids.empty() || (!forward && !m_cursorA)) return false;
    std::optional<Tick> t;
    if (forward && !m_cursorA) // a value held from tick 0 is a hit too
        for (const SignalId id : ids)
            if (condition.matches(store.wordsAt(id, 0))) t = 0;
    if (!t) t = findMatch(store, ids, m_cursorA.value_or(0), condition, forward);
    if (t) setCursor(Cursor::A, *t);
    return t.has_value();
}

} // namespace rs::waveform
