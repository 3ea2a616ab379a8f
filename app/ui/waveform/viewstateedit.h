#pragma once
// The Waveforms page's Clock, Unit and MHz boxes made to show the view's state after a whole state was put
// back (WaveformView::setState: a saved view opened, a dump reloaded keeping its view). The state stays in
// the view (CONVENTIONS rule 19); the boxes only show it.

namespace rs::gui {

class WaveformPage;

/** @brief The page's Clock, Unit and MHz boxes show the view's clock, unit and frequency (set without
 *  their signals: the view has them already). */
void syncPageBoxes(WaveformPage& page);

} // namespace rs::gui
