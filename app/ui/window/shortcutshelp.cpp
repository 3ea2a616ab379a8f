#include "app/ui/window/shortcutshelp.h"

#include <QCoreApplication>

namespace rs::gui {

QString shortcutsHtml() {
    return QCoreApplication::translate(
        "MainWindow",
        "<table cellpadding=3>"
        "<tr><td><b>← / →</b></td><td>previous / next step</td></tr>"
        "<tr><td><b>Home / End</b></td><td>first / last step</td></tr>"
        "<tr><td><b>Space</b></td><td>play / pause</td></tr>"
        "<tr><td></td><td><i>these keys act in the Round Explorer (click the state); a focused "
        "button, list or tab bar keeps its own keys</i></td></tr>"
        "<tr><td><b>Ctrl+1 / 2 / 3</b></td><td>value / changed / twin difference</td></tr>"
        "<tr><td><b>Ctrl+H</b></td><td>hex cells or bits</td></tr>"
        "<tr><td><b>Ctrl++ / Ctrl+- / Ctrl+0</b></td><td>zoom the state grid in / out / back to fit "
        "(Ctrl+wheel too)</td></tr>"
        "<tr><td><b>F11 or Ctrl+Shift+P</b></td><td>presentation mode: the step full screen (←/→ step, "
        "Esc leaves)</td></tr>"
        "<tr><td><b>arrows, Space</b></td><td>in the twin's input bits: move the focus bit, flip it</td></tr>"
        "<tr><td><b>Ctrl+L</b></td><td>open a lesson (File → Shipped lessons: the three that come with "
        "RoundScope)</td></tr>"
        "<tr><td><b>Ctrl+R</b></td><td>random inputs (Ctrl+Shift+R: spec example)</td></tr>"
        "<tr><td><b>F5 / Esc</b></td><td>analyse diffusion / cancel</td></tr>"
        "<tr><td><b>Ctrl+E</b></td><td>export the current chart (Ctrl+Shift+E: PDF)</td></tr>"
        "<tr><td><b>Ctrl+Shift+D</b></td><td>dark palette</td></tr>"
        "<tr><td><b>Alt+1 … Alt+0</b></td><td>go to a page (Round Explorer … Board)</td></tr>"
        "<tr><td><b>Ctrl+Shift+T</b></td><td>pages as tabs, one taking the whole window (the default "
        "below 1600×1000), or the workbench of docks</td></tr>"
        "<tr><td><b>Ctrl+Return</b></td><td>run (in the IP core, Campaigns, CUDA, RISC-V and Board "
        "pages)</td></tr>"
        "<tr><td><b>Ctrl+Shift+I</b></td><td>capture the explorer's inputs on the IP (linked "
        "round by round)</td></tr>"
        "<tr><td><b>Ctrl+O / Ctrl+Shift+W</b></td><td>open a VCD/FST file / export the trace</td></tr>"
        "<tr><td></td><td><i>in the waveform view:</i></td></tr>"
        "<tr><td><b>wheel, + / -, F</b></td><td>zoom around the mouse, zoom, fit all</td></tr>"
        "<tr><td><b>right-drag or Ctrl+drag</b></td><td>zoom to a box</td></tr>"
        "<tr><td><b>Shift+wheel, ← / →</b></td><td>pan</td></tr>"
        "<tr><td><b>click / Shift+click</b></td><td>cursor A / cursor B (Δ in the status line)</td></tr>"
        "<tr><td><b>N / Shift+N</b></td><td>next / previous edge of the selected signal</td></tr>"
        "<tr><td><b>M, B</b></td><td>marker at cursor A, cursor B at cursor A</td></tr>"
        "<tr><td><b>↑ / ↓, Ctrl+↑ / ↓, Del</b></td><td>select, move, remove a row</td></tr>"
        "</table>");
}

} // namespace rs::gui
