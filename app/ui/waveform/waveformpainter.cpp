#include "app/ui/waveform/waveformpainter.h"

#include "app/charts/theme.h"

#include "core/waveform/rowvalue.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <optional>

namespace rs::gui {

QString formatValue(const waveform::SignalInfo& info, waveform::Words value, Radix radix) {
    return QString::fromStdString(waveform::formatValue(value, info.width, radix, &info.valueNames));
}

QString formatValue(const waveform::SignalInfo& info, std::uint64_t value, Radix radix) {
    return formatValue(info, waveform::Words(&value, 1), radix);
}

WaveColors waveColors(const QPalette& palette) {
    WaveColors c;
    const bool dark = charts::isDarkPalette(palette);
    c.background = palette.color(QPalette::Base);
    c.nameBackground = palette.color(QPalette::AlternateBase);
    c.grid = dark ? QColor(0x33, 0x38, 0x40) : QColor(0xdd, 0xe1, 0xe7);
    c.wave = dark ? QColor(0x5f, 0xd3, 0x7a) : QColor(0x1b, 0x7a, 0x36);
    c.dense = dark ? QColor(0x3a, 0x8a, 0x4d) : QColor(0x8f, 0xc9, 0x9d);
    c.busText = palette.color(QPalette::Text);
    c.text = palette.color(QPalette::Text);
    c.mutedText = charts::stateColors(palette).mutedText;
    c.selection = palette.color(QPalette::Highlight);
    c.selection.setAlpha(50);
    c.cursor = dark ? QColor(0xff, 0xd0, 0x4d) : QColor(0xd9, 0x77, 0x06);
    c.secondCursor = dark ? QColor(0x6c, 0xb4, 0xff) : QColor(0x1f, 0x5f, 0xbf);
    c.marker = charts::errorColor(palette);
    c.rubberBand = palette.color(QPalette::Highlight);
    c.rubberBand.setAlpha(60);
    return c;
}

namespace {

// A value box of a bus from xa to xb: a flat hexagon, the value written inside its visible part
// (between visLeft and visRight) when it fits.
void busBox(QPainter& p, double xa, double xb, double visLeft, double visRight, int top, int height,
            const QString& text, const WaveColors& c, const QColor& fill) {
    if (xb - xa < 0.5) return;
    const double mid = top + height / 2.0, t = top + 3, b = top + height - 3;
    const double slope = std::min(3.0, (xb - xa) / 2);
    QPainterPath path;
    path.moveTo(xa, mid);
    path.lineTo(xa + slope, t);
    path.lineTo(xb - slope, t);
    path.lineTo(xb, mid);
    path.lineTo(xb - slope, b);
    path.lineTo(xa + slope, b);
    path.closeSubpath();
    if (fill.isValid()) p.fillPath(path, fill);
    p.setPen(QPen(c.wave, 1));
    p.drawPath(path);
    const QFontMetrics fm = p.fontMetrics();
    const double left = std::max(xa + slope + 2, visLeft + 2);
    const double right = std::min(xb - slope - 2, visRight - 2);
    if (right - left < fm.horizontalAdvance(QLatin1Char('0')) + 2) return;
    p.setPen(c.busText);
    p.drawText(QRectF(left, t, right - left, b - t), Qt::AlignCenter,
               fm.elidedText(text, Qt::ElideRight, static_cast<int>(right - left)));
}

QColor namedFill(std::uint64_t value, const WaveColors& c) {
    QColor f = QColor::fromHsv(static_cast<int>((value * 67) % 360), 140, 200);
    f.setAlpha(c.background.lightness() < 128 ? 70 : 55);
    return f;
}

} // namespace

void paintSignalRow(QPainter& p, const waveform::WaveformStore& store, const waveform::WaveRow& row,
                    const TickMapper& map, double x1, int top, int height, const WaveColors& c) {
    if (!row.isSignal()) return;
    const Radix radix = row.radix;
    const int width = waveform::rowWidth(store, row);
    const auto* names = waveform::rowNames(store, row);
    const auto text = [&](waveform::Words v) {
        return QString::fromStdString(waveform::formatValue(v, width, radix, names));
    };
    const double endTick = static_cast<double>(store.endTick());
    if (endTick <= 0) return;
    const double tBegin = std::max(0.0, std::floor(map.tick(map.x0)));
    const double tEnd = std::min(endTick, std::ceil(map.tick(x1)) + 1);
    if (tEnd <= tBegin) return;
    const auto b = static_cast<waveform::Tick>(tBegin), e = static_cast<waveform::Tick>(tEnd);
    const auto pixels = static_cast<std::size_t>(std::max(1.0, x1 - map.x0));
    // Only what the view shows is read (a lazily opened file's window, when one covers it).
    const waveform::DrawWindow drawn = waveform::rowDrawWindow(store, row, b, e, pixels);
    const auto& items = drawn.items;
    const bool bit = width == 1;
    const double hi = top + 3, lo = top + height - 3;
    const bool named = names != nullptr;

    std::uint64_t value = drawn.start.front();
    // A bus wider than 64 bits is written from its whole value: the item in force (index), or the value
    // at b before any. (Rows of bit slices are at most 64 bits.)
    const bool wide = width > 64;
    const std::size_t wordCount = drawn.start.size();
    std::optional<std::size_t> index;
    double xCur = map.x(tBegin);
    const auto level = [&](double xa, double xb, std::uint64_t v) {
        if (xb <= xa) return;
        if (bit) {
            p.setPen(QPen(c.wave, 1.2));
            const double y = (v & 1) ? hi : lo;
            p.drawLine(QPointF(xa, y), QPointF(xb, y));
        } else if (wide) {
            if (xb - xa < 4) return busBox(p, xa, xb, map.x0, x1, top, height, QString(), c, QColor());
            busBox(p, xa, xb, map.x0, x1, top, height,
                   text(index ? waveform::Words(drawn.wide.data() + *index * wordCount, wordCount)
                              : waveform::Words(drawn.start)),
                   c, QColor());
        } else {
            busBox(p, xa, xb, map.x0, x1, top, height, text(waveform::Words(&v, 1)), c,
                   named ? namedFill(v, c) : QColor());
        }
    };
    for (const waveform::ViewItem& it : items) {
        const double xf = map.x(static_cast<double>(it.first));
        if (it.changes == 1) {
            level(xCur, xf, value);
            if (bit && it.value != value) {
                p.setPen(QPen(c.wave, 1.2));
                p.drawLine(QPointF(xf, hi), QPointF(xf, lo));
            }
            value = it.value;
            index = it.index;
            xCur = xf;
        } else {
            // Too many changes for the pixels they span: one filled block, as GTKWave draws it.
            level(xCur, xf, value);
            const double xl = std::max(xf + 1, map.x(static_cast<double>(it.last)));
            p.fillRect(QRectF(xf, hi, xl - xf, lo - hi), c.dense);
            value = it.value;
            index = it.index;
            xCur = xl;
        }
    }
    level(xCur, std::min(x1, map.x(endTick)), value);
}

void paintAnalogRow(QPainter& p, const waveform::WaveformStore& store, const waveform::WaveRow& row,
                    const TickMapper& map, double x1, int top, int height, double lo, double hi,
                    const WaveColors& c) {
    const double endTick = static_cast<double>(store.endTick());
    if (endTick <= 0 || !row.isSignal()) return;
    const double tBegin = std::max(0.0, std::floor(map.tick(map.x0)));
    const double tEnd = std::min(endTick, std::ceil(map.tick(x1)) + 1);
    if (tEnd <= tBegin) return;
    const auto b = static_cast<waveform::Tick>(tBegin), e = static_cast<waveform::Tick>(tEnd);
    const int width = waveform::rowWidth(store, row);
    const double yTop = top + 3, yBottom = top + height - 3;
    const auto y = [&](double n) {
        return hi > lo ? yBottom - (n - lo) / (hi - lo) * (yBottom - yTop) : (yTop + yBottom) / 2;
    };
    const auto pixels = static_cast<std::size_t>(std::max(1.0, x1 - map.x0));
    const waveform::DrawWindow drawn = waveform::rowDrawWindow(store, row, b, e, pixels);
    const std::size_t wordCount = drawn.start.size();
    const auto number = [&](const waveform::ViewItem& it) {
        if (width > 64)
            return waveform::rowNumber(waveform::Words(drawn.wide.data() + it.index * wordCount, wordCount),
                                       width, row.radix);
        return waveform::rowNumber(waveform::Words(&it.value, 1), width, row.radix);
    };
    QPainterPath path;
    double value = waveform::rowNumber(drawn.start, width, row.radix);
    path.moveTo(map.x(tBegin), y(value));
    for (const waveform::ViewItem& it : drawn.items) {
        const double x = map.x(static_cast<double>(it.first));
        const double next = number(it);
        if (row.analog == waveform::Analog::Step) path.lineTo(x, y(value)); // held to the change
        path.lineTo(x, y(next));
        value = next;
    }
    path.lineTo(std::min(x1, map.x(endTick)), y(value));
    p.setPen(QPen(c.wave, 1.2));
    p.drawPath(path);
    p.setPen(c.mutedText);
    const QFontMetrics fm = p.fontMetrics();
    p.drawText(QPointF(map.x0 + 3, yTop + fm.ascent()), QString::number(hi, 'g', 10));
    p.drawText(QPointF(map.x0 + 3, yBottom), QString::number(lo, 'g', 10));
}

double niceStep(double minimum) {
    if (!(minimum > 0)) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(minimum)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= minimum) return m * p;
    return 10 * p;
}

void paintRuler(QPainter& p, const TickMapper& map, double x1, int height, double firstCycle,
                double lastCycle, const std::function<double(double)>& tickOfCycle,
                const std::function<QString(double)>& label, const WaveColors& c) {
    const double width = std::max(1.0, x1 - map.x0);
    // At least one cycle between labels, and about 90 pixels.
    const double step = std::max(1.0, niceStep((lastCycle - firstCycle) * 90.0 / width));
    const double minor = step >= 5 ? step / 5 : step;
    const QFontMetrics fm = p.fontMetrics();
    // An integer count of steps (a double cycle counter stops advancing past 2^53), capped.
    const double start = std::floor(firstCycle / minor) * minor;
    for (int k = 0; k < 2000; ++k) {
        const double cyc = start + k * minor;
        if (cyc > lastCycle + minor) break;
        const double x = map.x(tickOfCycle(cyc));
        if (x < map.x0 - 1 || x > x1 + 1) continue;
        const bool major = std::fmod(std::abs(cyc), step) < 1e-9;
        p.setPen(c.mutedText);
        p.drawLine(QPointF(x, height - (major ? 8 : 4)), QPointF(x, height - 1));
        if (major) {
            const QString text = label(cyc);
            p.setPen(c.text);
            p.drawText(QPointF(x + 3, height - 10 - fm.descent()), text);
        }
    }
    p.setPen(c.grid);
    p.drawLine(QPointF(map.x0, height - 0.5), QPointF(x1, height - 0.5));
}

} // namespace rs::gui
