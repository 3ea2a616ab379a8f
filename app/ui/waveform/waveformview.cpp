#include "app/ui/waveform/waveformview.h"

#include <QPainter>
#include <QRegularExpression>
#include <QRubberBand>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

#include "core/waveform/bitvalue.h"

namespace rs::gui {

using waveform::Tick;

WaveformView::WaveformView(QWidget* parent)
    : QAbstractScrollArea(parent), m_store(std::make_shared<waveform::WaveformStore>()) {
    setObjectName(QStringLiteral("waveformView"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setMinimumSize(320, 90);
    viewport()->setAutoFillBackground(false);
    horizontalScrollBar()->setSingleStep(1);
    verticalScrollBar()->setSingleStep(kRowHeight);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, this, &WaveformView::onHorizontalScroll);
    m_band = new QRubberBand(QRubberBand::Rectangle, viewport());
}

void WaveformView::setStore(std::shared_ptr<const waveform::WaveformStore> store) {
    m_store = store ? std::move(store) : std::make_shared<waveform::WaveformStore>();
    m_rows.clear();
    m_selected = -1;
    m_cursor.reset();
    m_second.reset();
    m_markers.clear();
    m_axis = waveform::ClockAxis();
    emit rowsChanged();
    emit selectedRowChanged(-1);
    emit cursorsChanged();
    fitAll();
}

// --- rows -----------------------------------------------------------------------------------------

void WaveformView::addSignal(waveform::SignalId id) {
    if (id >= m_store->signalCount() || isShown(id)) return;
    const auto& info = m_store->signal(id);
    m_rows.push_back(WaveRow{id, info.valueNames.empty() ? Radix::Hex : Radix::Named});
    syncScrollBars();
    viewport()->update();
    emit rowsChanged();
}

void WaveformView::removeSignal(waveform::SignalId id) {
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i)
        if (m_rows[static_cast<std::size_t>(i)].id == id) return removeRow(i);
}

bool WaveformView::isShown(waveform::SignalId id) const {
    return std::any_of(m_rows.begin(), m_rows.end(), [id](const WaveRow& r) { return r.id == id; });
}

void WaveformView::removeRow(int row) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return;
    m_rows.erase(m_rows.begin() + row);
    // The selection stays on its signal; the removed row's selection moves to the row now there.
    if (m_selected > row) --m_selected;
    if (m_selected >= static_cast<int>(m_rows.size())) m_selected = static_cast<int>(m_rows.size()) - 1;
    syncScrollBars();
    viewport()->update();
    emit rowsChanged();
    emit selectedRowChanged(m_selected);
}

void WaveformView::moveRow(int row, int delta) {
    const int n = static_cast<int>(m_rows.size());
    if (row < 0 || row >= n) return;
    const int to = std::clamp(row + delta, 0, n - 1);
    if (to == row) return;
    const WaveRow r = m_rows[static_cast<std::size_t>(row)];
    m_rows.erase(m_rows.begin() + row);
    m_rows.insert(m_rows.begin() + to, r);
    if (m_selected == row)
        m_selected = to;
    else if (row < m_selected && m_selected <= to)
        --m_selected; // rows between shift up
    else if (to <= m_selected && m_selected < row)
        ++m_selected; // rows between shift down
    viewport()->update();
    emit rowsChanged();
    emit selectedRowChanged(m_selected);
}

void WaveformView::setSelectedRow(int row) {
    row = row < 0 || m_rows.empty() ? -1 : std::min(row, static_cast<int>(m_rows.size()) - 1);
    if (row == m_selected) return;
    m_selected = row;
    if (row >= 0) { // keep it in view
        const int top = row * kRowHeight, h = viewport()->height() - kRulerHeight;
        QScrollBar* v = verticalScrollBar();
        if (top < v->value())
            v->setValue(top);
        else if (top + kRowHeight > v->value() + h)
            v->setValue(top + kRowHeight - h);
    }
    viewport()->update();
    emit selectedRowChanged(row);
}

std::optional<waveform::SignalId> WaveformView::selectedSignal() const {
    if (m_selected < 0) return std::nullopt;
    return m_rows[static_cast<std::size_t>(m_selected)].id;
}

void WaveformView::setRadix(int row, Radix radix) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return;
    m_rows[static_cast<std::size_t>(row)].radix = radix;
    viewport()->update();
    emit rowsChanged();
}

QString WaveformView::valueText(int row, Tick tick) const {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return {};
    const WaveRow& r = m_rows[static_cast<std::size_t>(row)];
    return formatValue(m_store->signal(r.id), m_store->wordsAt(r.id, tick), r.radix);
}

int WaveformView::rowTop(int row) const {
    return kRulerHeight + row * kRowHeight - verticalScrollBar()->value();
}

int WaveformView::rowAt(int y) const {
    if (y < kRulerHeight) return -1;
    const int row = (y - kRulerHeight + verticalScrollBar()->value()) / kRowHeight;
    return row < static_cast<int>(m_rows.size()) ? row : -1;
}

// --- time range -----------------------------------------------------------------------------------

double WaveformView::waveWidth() const {
    return std::max(1, viewport()->width() - m_nameWidth);
}

TickMapper WaveformView::mapper() const {
    return TickMapper{m_begin, m_perPixel, static_cast<double>(m_nameWidth)};
}

double WaveformView::endTickVisible() const {
    return m_begin + waveWidth() * m_perPixel;
}

Tick WaveformView::clampTick(double tick) const {
    const double end = static_cast<double>(m_store->endTick());
    return static_cast<Tick>(std::clamp(std::round(tick), 0.0, std::max(0.0, end - 1)));
}

void WaveformView::clampRange() {
    const double total = std::max(1.0, static_cast<double>(m_store->endTick()));
    // From 40 pixels per tick (a cycle's value readable) to the whole trace in the view.
    m_perPixel = std::clamp(m_perPixel, 1.0 / 40.0, std::max(1.0 / 40.0, total / waveWidth()));
    const double span = waveWidth() * m_perPixel;
    m_begin = std::clamp(m_begin, 0.0, std::max(0.0, total - span));
}

void WaveformView::setVisibleRange(double begin, double end) {
    if (!(end > begin)) return;
    m_fitted = false;
    m_perPixel = (end - begin) / waveWidth();
    m_begin = begin;
    clampRange();
    syncScrollBars();
    viewport()->update();
    emit viewChanged();
}

void WaveformView::zoomBy(double factor, std::optional<double> anchor) {
    if (!(factor > 0)) return;
    const double a = anchor.value_or(m_begin + waveWidth() * m_perPixel / 2);
    const double ax = (a - m_begin) / m_perPixel; // keep a at the same pixel
    m_fitted = false;
    m_perPixel /= factor;
    clampRange();
    m_begin = a - ax * m_perPixel;
    clampRange();
    syncScrollBars();
    viewport()->update();
    emit viewChanged();
}

void WaveformView::fitAll() {
    setVisibleRange(0, std::max<double>(1, static_cast<double>(m_store->endTick())));
    m_fitted = true; // stays fitted when the view is resized, until the user zooms or pans
    viewport()->update();
}

void WaveformView::panPixels(double pixels) {
    m_fitted = false;
    m_begin += pixels * m_perPixel;
    clampRange();
    syncScrollBars();
    viewport()->update();
    emit viewChanged();
}

void WaveformView::syncScrollBars() {
    m_syncing = true;
    const double total = static_cast<double>(m_store->endTick());
    const double span = waveWidth() * m_perPixel;
    // Scroll bars hold ints: a trace of more than ~1e9 ticks scrolls in steps of several ticks.
    m_hScale = std::max(1.0, std::ceil(total / 1e9));
    QScrollBar* h = horizontalScrollBar();
    h->setRange(0, static_cast<int>(std::max(0.0, (total - span) / m_hScale)));
    h->setPageStep(static_cast<int>(std::max(1.0, span / m_hScale)));
    h->setSingleStep(static_cast<int>(std::max(1.0, span / 10 / m_hScale)));
    h->setValue(static_cast<int>(m_begin / m_hScale));
    QScrollBar* v = verticalScrollBar();
    const int rowsHeight = static_cast<int>(m_rows.size()) * kRowHeight;
    v->setRange(0, std::max(0, rowsHeight - (viewport()->height() - kRulerHeight)));
    v->setPageStep(std::max(kRowHeight, viewport()->height() - kRulerHeight));
    m_syncing = false;
}

void WaveformView::onHorizontalScroll(int value) {
    if (m_syncing) return;
    m_fitted = false;
    m_begin = value * m_hScale;
    clampRange();
    viewport()->update();
    emit viewChanged();
}

void WaveformView::scrollContentsBy(int, int) {
    viewport()->update(); // vertical scrolling moves the rows
}

// --- time axis ------------------------------------------------------------------------------------

void WaveformView::setClockAxis(waveform::ClockAxis axis) {
    m_axis = std::move(axis);
    viewport()->update();
    emit viewChanged();
    emit cursorsChanged(); // Δ is counted in the new axis
}

void WaveformView::setTimeUnit(TimeUnit unit) {
    m_unit = unit;
    viewport()->update();
    emit cursorsChanged();
}

void WaveformView::setClockMHz(double mhz) {
    m_mhz = std::max(0.0, mhz);
    viewport()->update();
    emit cursorsChanged();
}

double WaveformView::cyclesBetween(Tick a, Tick b) const {
    return m_axis.cycleAt(b) - m_axis.cycleAt(a);
}

double WaveformView::tickNs(double tick) const {
    if (m_mhz > 0) return m_axis.cycleAt(static_cast<Tick>(std::max(0.0, tick))) * 1000.0 / m_mhz;
    if (m_store->tickSeconds() > 0) return tick * m_store->tickSeconds() * 1e9;
    return std::nan("");
}

namespace {
QString number(double v) {
    if (std::abs(v - std::round(v)) < 1e-9) return QString::number(static_cast<long long>(std::llround(v)));
    // Enough decimals for ps steps in ns (0.001) without trailing zeros.
    return QString::number(v, 'f', std::abs(v) >= 100 ? 2 : 4)
        .remove(QRegularExpression(QStringLiteral("0+$")));
}
} // namespace

QString WaveformView::formatTick(double tick) const {
    if (m_unit == TimeUnit::Nanoseconds) {
        const double ns = tickNs(tick);
        if (!std::isnan(ns)) return number(ns) + QStringLiteral(" ns");
    }
    return number(m_axis.cycleAt(static_cast<Tick>(std::max(0.0, tick))));
}

void WaveformView::setTicksAreCycles(bool on) {
    m_ticksAreCycles = on;
    viewport()->update();
    emit cursorsChanged();
}

QString WaveformView::formatDelta(Tick a, Tick b) const {
    const double cycles = cyclesBetween(a, b);
    QString text = countsCycles() ? tr("%1 cycles").arg(number(cycles)) : tr("%1 ticks").arg(number(cycles));
    const double ns = tickNs(static_cast<double>(b)) - tickNs(static_cast<double>(a));
    if (!std::isnan(ns)) text += QStringLiteral(" (%1 ns)").arg(number(ns));
    return text;
}

// --- cursors and markers --------------------------------------------------------------------------

void WaveformView::ensureVisible(Tick tick) {
    const double t = static_cast<double>(tick);
    if (t >= m_begin && t < endTickVisible()) return;
    m_fitted = false;
    m_begin = t - waveWidth() * m_perPixel / 2;
    clampRange();
    syncScrollBars();
    emit viewChanged();
}

void WaveformView::setCursor(Tick tick) {
    m_cursor = clampTick(static_cast<double>(tick));
    ensureVisible(*m_cursor);
    viewport()->update();
    emit cursorsChanged();
}

void WaveformView::setSecondCursor(Tick tick) {
    m_second = clampTick(static_cast<double>(tick));
    viewport()->update();
    emit cursorsChanged();
}

void WaveformView::clearCursor() {
    if (!m_cursor) return;
    m_cursor.reset();
    viewport()->update();
    emit cursorsChanged();
}

void WaveformView::clearCursors() {
    m_cursor.reset();
    m_second.reset();
    viewport()->update();
    emit cursorsChanged();
}

std::optional<double> WaveformView::cursorDelta() const {
    if (!m_cursor || !m_second) return std::nullopt;
    return cyclesBetween(*m_cursor, *m_second);
}

void WaveformView::addMarker(Tick tick) {
    const Tick t = clampTick(static_cast<double>(tick));
    if (std::find(m_markers.begin(), m_markers.end(), t) == m_markers.end()) {
        m_markers.push_back(t);
        std::sort(m_markers.begin(), m_markers.end());
    }
    viewport()->update();
    emit cursorsChanged();
}

void WaveformView::clearMarkers() {
    m_markers.clear();
    viewport()->update();
    emit cursorsChanged();
}

bool WaveformView::jumpToNextEdge() {
    const auto id = selectedSignal();
    if (!id) return false;
    const auto t = waveform::nextEdge(*m_store, *id, m_cursor.value_or(0));
    if (t) setCursor(*t);
    return t.has_value();
}

bool WaveformView::jumpToPreviousEdge() {
    const auto id = selectedSignal();
    if (!id || !m_cursor) return false;
    const auto t = waveform::previousEdge(*m_store, *id, *m_cursor);
    if (t) setCursor(*t);
    return t.has_value();
}

bool WaveformView::jumpToValue(std::uint64_t value, bool forward) {
    return jumpToValue(waveform::Words(&value, 1), forward);
}

bool WaveformView::jumpToValue(waveform::Words value, bool forward) {
    const auto id = selectedSignal();
    if (!id) return false;
    // From no cursor, a forward search also finds a value held from tick 0.
    std::optional<Tick> t;
    if (forward && !m_cursor && waveform::sameValue(m_store->wordsAt(*id, 0), value))
        t = 0;
    else
        t = forward ? waveform::nextValue(*m_store, *id, m_cursor.value_or(0), value)
                    : waveform::previousValue(*m_store, *id, m_cursor.value_or(0), value);
    if (t) setCursor(*t);
    return t.has_value();
}

// --- painting -------------------------------------------------------------------------------------

void WaveformView::loadVisibleRows() {
    // A lazily opened file (FST): the rows in view are read in one batch (one guarded child) rather
    // than one by one as each row paints; a signal that cannot be read shows its error in its row.
    std::vector<waveform::SignalId> ids;
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i) {
        const int top = rowTop(i);
        if (top + kRowHeight < kRulerHeight || top > viewport()->height()) continue;
        const waveform::SignalId id = m_rows[static_cast<std::size_t>(i)].id;
        if (!m_store->isLoaded(id)) ids.push_back(id);
    }
    if (ids.empty()) return;
    try {
        m_store->load(ids);
    } catch (const std::exception& e) {
        emit loadFailed(QString::fromUtf8(e.what()));
    }
}

void WaveformView::paintEvent(QPaintEvent*) {
    loadVisibleRows();
    QPainter p(viewport());
    const WaveColors c = waveColors(palette());
    p.fillRect(viewport()->rect(), c.background);
    p.fillRect(QRect(0, 0, m_nameWidth, viewport()->height()), c.nameBackground);
    paintRows(p, c);
    // Ruler on top of the rows.
    p.setClipping(false);
    p.fillRect(QRect(0, 0, viewport()->width(), kRulerHeight), c.nameBackground);
    const TickMapper map = mapper();
    const double x1 = viewport()->width();
    if (m_store->endTick() > 0) {
        p.save();
        p.setClipRect(QRect(m_nameWidth, 0, viewport()->width() - m_nameWidth, kRulerHeight));
        const auto& axis = m_axis;
        paintRuler(
            p, map, x1, kRulerHeight, axis.cycleAt(static_cast<Tick>(m_begin)),
            axis.cycleAt(static_cast<Tick>(std::ceil(endTickVisible()))),
            [&axis](double cyc) {
                return static_cast<double>(axis.tickOfCycle(static_cast<std::int64_t>(std::floor(cyc))));
            },
            [this, &axis](double cyc) {
                return formatTick(static_cast<double>(axis.tickOfCycle(static_cast<std::int64_t>(cyc))));
            },
            c);
        p.restore();
    }
    p.setPen(c.mutedText);
    const QString unit = m_unit == TimeUnit::Nanoseconds && !std::isnan(tickNs(0)) ? tr("time (ns)")
                         : !countsCycles()                                         ? tr("tick")
                         : m_axis.isIdentity()                                     ? tr("cycle")
                                                                                   : tr("clock cycle");
    p.drawText(QRect(6, 0, m_nameWidth - 8, kRulerHeight), Qt::AlignVCenter | Qt::AlignLeft, unit);
    paintCursors(p, c);
    if (m_store->signalCount() > 0 && m_rows.empty()) {
        p.setPen(c.mutedText);
        p.drawText(viewport()->rect().adjusted(m_nameWidth, kRulerHeight, 0, 0), Qt::AlignCenter,
                   tr("Tick signals in the list on the left to show them"));
    } else if (m_store->signalCount() == 0) {
        p.setPen(c.mutedText);
        p.drawText(viewport()->rect(), Qt::AlignCenter,
                   tr("No trace: run the IP (Ctrl+R in the IP core page) or open a VCD/FST file (Ctrl+O)"));
    }
}

void WaveformView::paintRows(QPainter& p, const WaveColors& c) {
    const TickMapper map = mapper();
    const double x1 = viewport()->width();
    const QFontMetrics fm = p.fontMetrics();
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i) {
        const int top = rowTop(i);
        if (top + kRowHeight < kRulerHeight || top > viewport()->height()) continue;
        const WaveRow& r = m_rows[static_cast<std::size_t>(i)];
        const auto& info = m_store->signal(r.id);
        p.setClipRect(QRect(0, kRulerHeight, viewport()->width(), viewport()->height() - kRulerHeight));
        if (i == m_selected) p.fillRect(QRect(0, top, viewport()->width(), kRowHeight), c.selection);
        p.setPen(c.grid);
        p.drawLine(0, top + kRowHeight - 1, viewport()->width(), top + kRowHeight - 1);
        // Name, and the value at cursor A on the right of the name column.
        QString name = QString::fromStdString(info.name);
        if (info.width > 1) name += QStringLiteral("[%1:0]").arg(info.width - 1);
        QString value;
        if (m_cursor) value = valueText(i, *m_cursor);
        const int valueWidth =
            value.isEmpty() ? 0 : std::min(fm.horizontalAdvance(value) + 8, m_nameWidth / 2);
        p.setPen(c.text);
        p.drawText(QRect(6, top, m_nameWidth - 10 - valueWidth, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(name, Qt::ElideMiddle, m_nameWidth - 10 - valueWidth));
        if (!value.isEmpty()) {
            p.setPen(c.cursor);
            p.drawText(QRect(m_nameWidth - valueWidth - 4, top, valueWidth, kRowHeight),
                       Qt::AlignVCenter | Qt::AlignRight, fm.elidedText(value, Qt::ElideLeft, valueWidth));
        }
        p.setClipRect(
            QRect(m_nameWidth, std::max(top, kRulerHeight), viewport()->width() - m_nameWidth, kRowHeight));
        if (const std::string& error = m_store->loadError(r.id); !error.empty()) {
            p.setPen(c.marker);
            p.drawText(QRect(m_nameWidth + 6, top, viewport()->width() - m_nameWidth - 12, kRowHeight),
                       Qt::AlignVCenter | Qt::AlignLeft,
                       fm.elidedText(tr("cannot read this signal: %1").arg(QString::fromStdString(error)),
                                     Qt::ElideRight, viewport()->width() - m_nameWidth - 12));
            continue;
        }
        paintSignalRow(p, *m_store, r.id, r.radix, map, x1, top, kRowHeight - 1, c);
    }
    p.setClipping(false);
    p.setPen(c.grid);
    p.drawLine(m_nameWidth, 0, m_nameWidth, viewport()->height());
}

void WaveformView::paintCursors(QPainter& p, const WaveColors& c) {
    const TickMapper map = mapper();
    const int h = viewport()->height();
    const auto line = [&](Tick t, const QColor& color, Qt::PenStyle style, const QString& label) {
        const double x = map.x(static_cast<double>(t));
        if (x < m_nameWidth || x > viewport()->width()) return;
        p.setPen(QPen(color, 1.5, style));
        p.drawLine(QPointF(x, kRulerHeight - 6), QPointF(x, h));
        p.setPen(color);
        p.drawText(QPointF(x + 3, kRulerHeight - 14), label);
    };
    for (std::size_t i = 0; i < m_markers.size(); ++i) {
        QString label = QStringLiteral("M%1").arg(i + 1);
        if (m_cursor) label += QStringLiteral(" Δ%1").arg(number(cyclesBetween(*m_cursor, m_markers[i])));
        line(m_markers[i], c.marker, Qt::DotLine, label);
    }
    if (m_second) line(*m_second, c.secondCursor, Qt::DashLine, QStringLiteral("B"));
    if (m_cursor) line(*m_cursor, c.cursor, Qt::SolidLine, QStringLiteral("A"));
}

} // namespace rs::gui
