#include "app/ui/waveform/viewstateedit.h"

#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalBlocker>

#include <algorithm>
#include <utility>

namespace rs::gui {

namespace {

// The view's own state, to change in place. WaveformView hands it out read-only; it is a plain member of
// the (non-const) view, so writing it through this reference is defined. Every caller below repaints and
// notifies as WaveformView's own methods do.
waveform::WaveViewState& stateOf(WaveformView& view) {
    return const_cast<waveform::WaveViewState&>(view.state());
}

void markersEdited(WaveformView& view) {
    view.viewport()->update();
    emit view.cursorsChanged();
}

} // namespace

void addNamedMarker(WaveformView& view, waveform::Tick tick, std::string name) {
    stateOf(view).addMarker(tick, std::move(name));
    markersEdited(view);
}

bool renameMarker(WaveformView& view, std::size_t index, std::string name) {
    if (!stateOf(view).renameMarker(index, std::move(name))) return false;
    markersEdited(view);
    return true;
}

bool removeMarker(WaveformView& view, std::size_t index) {
    if (!stateOf(view).removeMarker(index)) return false;
    markersEdited(view);
    return true;
}

void restoreState(WaveformView& view, waveform::WaveViewState state) {
    // The range as the state has it, before the view's wave area replaces the state's.
    const double begin = state.beginTick(), end = state.endTick();
    const bool fitted = state.isFitted();
    // What a saved view does not hold stays the view's: its wave area, whether ticks are cycles.
    const double left = view.state().waveLeft(), width = view.state().waveWidth();
    const bool ticksAreCycles = view.state().ticksAreCycles();
    waveform::WaveViewState& s = stateOf(view);
    s = std::move(state);
    s.setWaveArea(left, width);
    s.setTicksAreCycles(ticksAreCycles);
    emit view.rowsChanged();
    emit view.selectedRowChanged(s.selectedRow());
    if (fitted)
        view.fitAll();
    else
        view.setVisibleRange(begin, end);
    markersEdited(view);
}

void syncPageBoxes(WaveformPage& page) {
    const auto& state = page.view()->state();
    QComboBox* clock = page.clockBox();
    const QSignalBlocker blockClock(clock);
    const int i =
        state.clockSignal() ? clock->findData(QVariant::fromValue<qulonglong>(*state.clockSignal())) : 0;
    clock->setCurrentIndex(std::max(0, i));
    QComboBox* unit = page.unitBox();
    const QSignalBlocker blockUnit(unit);
    unit->setCurrentIndex(std::max(0, unit->findData(static_cast<int>(state.timeUnit()))));
    const QSignalBlocker blockMhz(page.mhzBox());
    page.mhzBox()->setValue(state.clockMHz());
}

} // namespace rs::gui
