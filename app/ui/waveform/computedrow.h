#pragma once
// The Waveforms page's "Add computed row…": a row computed from an expression over the trace's signals
// (core/waveform/expression.h, e.g. `busy && !valid`), added to the store as a derived signal and shown.

#include <QString>

class QWidget;

namespace rs::gui {

class SignalTree;
class WaveformView;

/** @brief Evaluates expression over the view's trace, adds its row (and to the signal list); false with the
 *  reason in *error (the expression's column and what was expected, or an unknown signal). */
bool addComputedRow(WaveformView* view, SignalTree* tree, const QString& expression, QString* error);
/** @brief Asks for an expression (a dialog over parent) and adds its row; false when cancelled or refused
 *  (*error says why when refused). */
bool askComputedRow(QWidget* parent, WaveformView* view, SignalTree* tree, QString* error);

} // namespace rs::gui
