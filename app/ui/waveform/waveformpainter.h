#pragma once
// Drawing of the waveform view's pieces, apart from its event handling: one signal row (a 1-bit
// level line or a bus of value boxes, dense runs of changes as filled blocks), the time ruler and the
// colours, all from the active palette. The row is drawn from WaveformStore::viewItems, so a row
// costs about one item per pixel however many changes the trace holds.

#include <QColor>
#include <QPalette>
#include <QString>

#include <cstdint>
#include <functional>

#include "core/waveform/viewstate.h"
#include "core/waveform/waveformstore.h"

class QPainter;

namespace rs::gui {

using waveform::Radix;
using waveform::TickMapper;

/** @brief The text of a signal's value in a radix (core's waveform::formatValue, the one formatter, with
 *  the signal's own value names): 0x-less uppercase hex, decimal, binary (width digits), or the signal's
 *  name for the value (hex when the value has no name). */
QString formatValue(const waveform::SignalInfo& info, std::uint64_t value, Radix radix);
/** @brief formatValue() for a value of any width (words least significant first). */
QString formatValue(const waveform::SignalInfo& info, waveform::Words value, Radix radix);

/** @brief The colours of the waveform view for a palette. */
struct WaveColors {
    QColor background, nameBackground, grid, wave, dense, busText, text, mutedText, selection;
    QColor cursor, secondCursor, marker, rubberBand;
};
WaveColors waveColors(const QPalette& palette);

/** @brief Draws one row's wave between x0 and x1 (the painter is clipped by the caller): a signal or its
 *  bit slices in the row's radix; nothing for a separator or comment. */
void paintSignalRow(QPainter& p, const waveform::WaveformStore& store, const waveform::WaveRow& row,
                    const TickMapper& map, double x1, int top, int height, const WaveColors& colors);

/** @brief Draws a row as an analog line (WaveRow::analog: step or linear) scaled to lo..hi, between x0 and
 *  x1, with lo and hi written at its left edge. */
void paintAnalogRow(QPainter& p, const waveform::WaveformStore& store, const waveform::WaveRow& row,
                    const TickMapper& map, double x1, int top, int height, double lo, double hi,
                    const WaveColors& colors);

/** @brief A "nice" step (1, 2 or 5 times a power of ten) of at least `minimum`. */
double niceStep(double minimum);

/** @brief Draws the ruler: major ticks every niceStep cycles, labelled by label(cycle-start tick). */
void paintRuler(QPainter& p, const TickMapper& map, double x1, int height, double firstCycle,
                double lastCycle, const std::function<double(double cycle)>& tickOfCycle,
                const std::function<QString(double cycle)>& label, const WaveColors& colors);

} // namespace rs::gui
