#pragma once
// Light and dark palettes (both on the Fusion style, so they look the same on every platform) and
// the colours the state view and charts derive from the active palette.

#include <QColor>
#include <QPalette>

namespace rs::charts {

enum class Theme { Light, Dark };

/** @brief The full palette of a theme. */
QPalette themePalette(Theme theme);

/** @brief Sets the Fusion style and the theme's palette on the application. */
void applyTheme(Theme theme);

/** @brief True when the palette's window colour is dark. */
bool isDarkPalette(const QPalette& palette);

/** @brief Colours of the state view for a palette. */
struct StateColors {
    QColor background; ///< behind the grid
    QColor zero;       ///< a 0 bit
    QColor one;        ///< a 1 bit
    QColor dimZero;    ///< a 0 bit that is not highlighted (changed / twin modes)
    QColor dimOne;     ///< a 1 bit that is not highlighted
    QColor changed;    ///< bit changed since the previous step
    QColor differs;    ///< bit differs from the twin run
    QColor text;       ///< labels
    QColor mutedText;  ///< secondary labels
    QColor selection;  ///< the chosen input bit
};

/** @brief The state view colours for the palette (readable on light and dark). */
StateColors stateColors(const QPalette& palette);

/** @brief Chart series colour i (0..3) chosen for contrast against the palette's base colour. */
QColor seriesColor(const QPalette& palette, int index);

/** @brief The colour of invalid-input outlines and messages. */
QColor errorColor(const QPalette& palette);

} // namespace rs::charts
