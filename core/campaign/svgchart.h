#pragma once
// A campaign chart (chartdata.h) as a self-contained SVG element for the HTML report: message size on a
// log2 axis, the value on a linear axis from zero in human units, one line per series with its repeats'
// min–max as error bars, a legend, and a <title> on every point (series, size, value) that a browser
// shows on hover. A series' colour follows its target, algorithm and AD size, so the same series has the
// same colour in every chart and both campaigns of a comparison (the second campaign's lines dashed).
// Points at a message size of 0 cannot sit on a log axis: they are left out and the chart says so.

#include <string>

#include "core/campaign/chartdata.h"

namespace rs::campaign {

/** @brief The chart as an <svg> element (width x height user units, scalable); text is escaped. */
std::string svgChart(const ChartData& data, const std::string& title, int width = 900, int height = 460);

/** @brief The colour ("#1f77b4") of a series, from its target, algorithm and AD size alone. */
std::string seriesColour(const ChartSeries& series);

/** @brief Text for HTML and SVG: & < > " ' escaped. */
std::string escapeXml(const std::string& text);

} // namespace rs::campaign
