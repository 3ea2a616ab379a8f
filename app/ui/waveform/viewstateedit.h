#pragma once
// Changes to the waveform view's state that WaveformView has no method for yet: a marker renamed or
// removed, and a whole state put back (a dump reloaded from disk keeps its view: WaveViewState's JSON read
// against the new trace). Each changes the view's WaveViewState (the state stays in the view, CONVENTIONS
// rule 19: the marker list and the reload keep none of their own), then repaints it and sends the view's
// signals as its own methods do. When WaveformView gains renameMarker / removeMarker / setState, these
// become calls of them.

#include <cstddef>
#include <string>

#include "core/waveform/viewstate.h"

namespace rs::gui {

class WaveformPage;
class WaveformView;

/** @brief Adds a named marker at tick (an existing marker at that tick is renamed); cursorsChanged. */
void addNamedMarker(WaveformView& view, waveform::Tick tick, std::string name);
/** @brief Renames marker index ("" for the M<n> label); false (nothing sent) for no such marker. */
bool renameMarker(WaveformView& view, std::size_t index, std::string name);
/** @brief Removes marker index; false (nothing sent) for no such marker. */
bool removeMarker(WaveformView& view, std::size_t index);
/** @brief Shows state over the view's store (state read for it: WaveViewState::fromJson): its rows,
 *  range (fitted stays fitted), cursors, markers, clock axis and unit; the view keeps its wave area and
 * whether ticks are cycles. */
void restoreState(WaveformView& view, waveform::WaveViewState state);
/** @brief After restoreState(): the page's Clock, Unit and MHz boxes show the view's clock, unit and
 *  frequency (set without their signals: the view has them already). */
void syncPageBoxes(WaveformPage& page);

} // namespace rs::gui
