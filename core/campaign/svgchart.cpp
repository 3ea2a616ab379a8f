#include "core/campaign/svgchart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>

#include "core/campaign/units.h"

namespace rs::campaign {

namespace {

// Ten colours that stay apart for readers with the common colour-vision deficiencies (Tableau 10).
const char* const kPalette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

/** 1, 2 or 5 times a power of ten, the step of about `ticks` ticks up to top. */
double niceStep(double top, int ticks) {
    const double raw = top / ticks;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * p) return m * p;
    return 10 * p;
}

std::string sizeLabel(double bytes) {
    static const char* units[] = {"B", "K", "M", "G"};
    int u = 0;
    while (bytes >= 1024 && u < 3) {
        bytes /= 1024;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g%s", bytes, units[u]);
    return buf;
}

} // namespace

std::string escapeXml(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string seriesColour(const ChartSeries& s) {
    // FNV-1a over the identity (not the campaign): stable across runs, programs and machines.
    std::uint64_t h = 1469598103934665603ull;
    for (const char c : s.target + "\x1f" + s.algorithm + "\x1f" + std::to_string(s.adBytes)) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return kPalette[h % std::size(kPalette)];
}

std::string svgChart(const ChartData& data, const std::string& title, int width, int height) {
    const double left = 80, right = 250, top = 40, bottom = 56;
    const double plotW = width - left - right, plotH = height - top - bottom;
    double xMin = 0, xMax = 0, yMax = 0;
    bool any = false;
    int atZero = 0;
    for (const ChartSeries& s : data.series)
        for (const ChartPoint& p : s.points) {
            if (p.x <= 0) {
                ++atZero;
                continue;
            }
            xMin = any ? std::min(xMin, p.x) : p.x;
            xMax = any ? std::max(xMax, p.x) : p.x;
            yMax = std::max({yMax, p.y, p.yMax});
            any = true;
        }
    std::ostringstream o;
    o << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 " << width << " " << height
      << "\" width=\"" << width << "\" height=\"" << height
      << "\" font-family=\"sans-serif\" font-size=\"12\">";
    o << "<title>" << escapeXml(title) << "</title>";
    o << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>";
    o << "<text x=\"" << num(left) << "\" y=\"22\" font-size=\"15\" font-weight=\"bold\">" << escapeXml(title)
      << "</text>";
    if (!any) {
        o << "<text x=\"" << num(left) << "\" y=\"" << num(top + plotH / 2)
          << "\">no verified run to plot</text></svg>";
        return o.str();
    }
    const double lx0 = std::log2(xMin), lx1 = std::max(std::log2(xMax), lx0 + 1);
    const auto X = [&](double x) { return left + (std::log2(x) - lx0) / (lx1 - lx0) * plotW; };
    // Throughput, times and counts are never below zero: the axis starts at 0.
    const HumanScale scale = humanScale(data.yUnit, yMax);
    const double step = niceStep(yMax > 0 ? yMax : 1, 5);
    const double yTop = std::ceil((yMax > 0 ? yMax : 1) / step) * step;
    const auto Y = [&](double y) { return top + plotH - y / yTop * plotH; };
    o << "<rect x=\"" << num(left) << "\" y=\"" << num(top) << "\" width=\"" << num(plotW) << "\" height=\""
      << num(plotH) << "\" fill=\"none\" stroke=\"#888\"/>";
    for (double y = 0; y <= yTop * 1.0000001; y += step) {
        o << "<line x1=\"" << num(left) << "\" x2=\"" << num(left + plotW) << "\" y1=\"" << num(Y(y))
          << "\" y2=\"" << num(Y(y)) << "\" stroke=\"#e4e4e4\"/>";
        o << "<text x=\"" << num(left - 6) << "\" y=\"" << num(Y(y) + 4) << "\" text-anchor=\"end\">"
          << escapeXml(formatScaled(y, scale)) << "</text>";
    }
    for (double e = std::ceil(lx0); e <= std::floor(lx1); e += std::max(1.0, std::round((lx1 - lx0) / 10))) {
        const double x = std::exp2(e);
        o << "<line x1=\"" << num(X(x)) << "\" x2=\"" << num(X(x)) << "\" y1=\"" << num(top) << "\" y2=\""
          << num(top + plotH) << "\" stroke=\"#eeeeee\"/>";
        o << "<text x=\"" << num(X(x)) << "\" y=\"" << num(top + plotH + 16) << "\" text-anchor=\"middle\">"
          << sizeLabel(x) << "</text>";
    }
    o << "<text x=\"" << num(left + plotW / 2) << "\" y=\"" << num(height - 12)
      << "\" text-anchor=\"middle\">message size (bytes, log2)</text>";
    o << "<text transform=\"translate(16," << num(top + plotH / 2)
      << ") rotate(-90)\" text-anchor=\"middle\">"
      << escapeXml(data.yName + (scale.label.empty() ? "" : " (" + scale.label + ")")) << "</text>";
    std::int64_t firstCampaign = data.series.empty() ? 0 : data.series.front().campaign;
    double legendY = top + 6;
    for (const ChartSeries& s : data.series) {
        const std::string colour = seriesColour(s);
        const bool dashed = s.campaign != firstCampaign;
        std::ostringstream line;
        o << "<g class=\"series\" data-label=\"" << escapeXml(s.label) << "\">";
        for (const ChartPoint& p : s.points) {
            if (p.x <= 0) continue;
            line << (line.tellp() > 0 ? " " : "") << num(X(p.x)) << "," << num(Y(p.y));
            if (p.yMax > p.yMin)
                o << "<line x1=\"" << num(X(p.x)) << "\" x2=\"" << num(X(p.x)) << "\" y1=\"" << num(Y(p.yMin))
                  << "\" y2=\"" << num(Y(p.yMax)) << "\" stroke=\"" << colour << "\"/>";
        }
        o << "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"" << colour << "\""
          << (dashed ? " stroke-dasharray=\"6 3\"" : "") << " points=\"" << line.str() << "\"/>";
        for (const ChartPoint& p : s.points) {
            if (p.x <= 0) continue;
            o << "<circle cx=\"" << num(X(p.x)) << "\" cy=\"" << num(Y(p.y)) << "\" r=\"3.5\" fill=\""
              << colour << "\"><title>"
              << escapeXml(s.label + ", " + sizeLabel(p.x) + ": " + formatValue(p.y, data.yUnit))
              << (p.yMax > p.yMin ? escapeXml(" (min " + formatValue(p.yMin, data.yUnit) + ", max " +
                                              formatValue(p.yMax, data.yUnit) + ")")
                                  : std::string())
              << "</title></circle>";
        }
        o << "</g>";
        if (legendY < height - bottom) {
            o << "<line x1=\"" << num(left + plotW + 14) << "\" x2=\"" << num(left + plotW + 38) << "\" y1=\""
              << num(legendY) << "\" y2=\"" << num(legendY) << "\" stroke-width=\"3\" stroke=\"" << colour
              << "\"" << (dashed ? " stroke-dasharray=\"6 3\"" : "") << "/>";
            o << "<text x=\"" << num(left + plotW + 44) << "\" y=\"" << num(legendY + 4) << "\">"
              << escapeXml(s.label) << "</text>";
            legendY += 18;
        }
    }
    if (atZero)
        o << "<text x=\"" << num(left) << "\" y=\"" << num(top - 6) << "\" font-size=\"11\">" << atZero
          << " point(s) at 0 bytes are not on the log axis</text>";
    o << "</svg>";
    return o.str();
}

} // namespace rs::campaign
