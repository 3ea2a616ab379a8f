#include "app/ui/waveform/waveformview.h"

#include "core/waveform/rowvalue.h"

#include <QPainter>
#include <QRegularExpression>
#include <QRubberBand>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

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
    m_state.setWaveArea(190, 1); // the name column until the first resize
    syncArea();
}

void WaveformView::syncArea() {
    const int left = waveLeft();
    m_state.setWaveArea(left, std::max(1, viewport()->width() - left));
}

void WaveformView::setStore(std::shared_ptr<const waveform::WaveformStore> store) {
    m_store = store ? std::move(store) : std::make_shared<waveform::WaveformStore>();
    syncArea();
    m_state.reset(*m_store);
    emit rowsChanged();
    emit selectedRowChanged(-1);
    emit cursorsChanged();
    rangeChanged(); // reset() fitted it, or chose a big file's first block
}

// --- rows -----------------------------------------------------------------------------------------

void WaveformView::addSignal(waveform::SignalId id) {
    if (!m_state.addSignal(*m_store, id)) return;
    syncScrollBars();
    viewport()->update();
    emit rowsChanged();
}

void WaveformView::removeSignal(waveform::SignalId id) {
    // Every row showing it (its bits expanded: each of them).
    for (int row = m_state.rowOf(id); row >= 0; row = m_state.rowOf(id))
        removeRow(row);
}

void WaveformView::removeRow(int row) {
    if (!m_state.removeRow(row)) return;
    syncScrollBars();
    viewport()->update();
    emit rowsChanged();
    emit selectedRowChanged(m_state.selectedRow());
}

void WaveformView::moveRow(int row, int delta) {
    if (!m_state.moveRow(row, delta)) return;
    viewport()->update();
    emit rowsChanged();
    emit selectedRowChanged(m_state.selectedRow());
}

void WaveformView::setSelectedRow(int row) {
    if (!m_state.setSelectedRow(row)) return;
    row = m_state.selectedRow();
    if (row >= 0) { // keep it in view
        const int top = (rowTop(row) - kRulerHeight) + verticalScrollBar()->value();
        const int h = viewport()->height() - kRulerHeight, rh = rowHeight(row);
        QScrollBar* v = verticalScrollBar();
        if (top < v->value())
            v->setValue(top);
        else if (top + rh > v->value() + h)
            v->setValue(top + rh - h);
    }
    viewport()->update();
    emit selectedRowChanged(row);
}

void WaveformView::setRadix(int row, Radix radix) {
    if (!m_state.setRadix(row, radix)) return;
    viewport()->update();
    emit rowsChanged();
}

QString WaveformView::valueText(int row, Tick tick) const {
    if (row < 0 || row >= static_cast<int>(rows().size())) return {};
    return QString::fromStdString(
        waveform::rowValueText(*m_store, rows()[static_cast<std::size_t>(row)], tick));
}

QString WaveformView::rowTitle(int row) const {
    if (row < 0 || row >= static_cast<int>(rows().size())) return {};
    return QString::fromStdString(waveform::rowTitle(*m_store, rows()[static_cast<std::size_t>(row)]));
}

int WaveformView::rowHeight(int row) const {
    if (row < 0 || row >= static_cast<int>(rows().size())) return kRowHeight;
    return rows()[static_cast<std::size_t>(row)].analog != waveform::Analog::Off ? kAnalogRowHeight
                                                                                 : kRowHeight;
}

int WaveformView::rowTop(int row) const {
    // Rows hidden in a collapsed group take no place; analog rows are taller.
    int y = kRulerHeight - verticalScrollBar()->value();
    for (const int i : m_state.shownRows()) {
        if (i >= row) break;
        y += rowHeight(i);
    }
    return y;
}

int WaveformView::rowAt(int y) const {
    if (y < kRulerHeight) return -1;
    int top = kRulerHeight - verticalScrollBar()->value();
    for (const int i : m_state.shownRows()) {
        if (y < top + rowHeight(i)) return i;
        top += rowHeight(i);
    }
    return -1;
}

// --- time range -----------------------------------------------------------------------------------

void WaveformView::rangeChanged() {
    syncScrollBars();
    viewport()->update();
    emit viewChanged();
}

void WaveformView::setVisibleRange(double begin, double end) {
    syncArea();
    if (m_state.setVisibleRange(begin, end)) rangeChanged();
}

void WaveformView::zoomBy(double factor, std::optional<double> anchor) {
    syncArea();
    if (m_state.zoomBy(factor, anchor)) rangeChanged();
}

void WaveformView::fitAll() {
    syncArea();
    m_state.fit(); // stays fitted when the view is resized, until the user zooms or pans
    rangeChanged();
}

void WaveformView::panPixels(double pixels) {
    syncArea();
    m_state.panPixels(pixels);
    rangeChanged();
}

void WaveformView::syncScrollBars() {
    m_syncing = true;
    const double total = static_cast<double>(m_store->endTick());
    syncArea();
    const double span = m_state.waveWidth() * m_state.ticksPerPixel();
    // Scroll bars hold ints: a trace of more than ~1e9 ticks scrolls in steps of several ticks.
    m_hScale = std::max(1.0, std::ceil(total / 1e9));
    QScrollBar* h = horizontalScrollBar();
    h->setRange(0, static_cast<int>(std::max(0.0, (total - span) / m_hScale)));
    h->setPageStep(static_cast<int>(std::max(1.0, span / m_hScale)));
    h->setSingleStep(static_cast<int>(std::max(1.0, span / 10 / m_hScale)));
    h->setValue(static_cast<int>(m_state.beginTick() / m_hScale));
    QScrollBar* v = verticalScrollBar();
    int rowsHeight = 0;
    for (const int i : m_state.shownRows())
        rowsHeight += rowHeight(i);
    v->setRange(0, std::max(0, rowsHeight - (viewport()->height() - kRulerHeight)));
    v->setPageStep(std::max(kRowHeight, viewport()->height() - kRulerHeight));
    m_syncing = false;
}

void WaveformView::onHorizontalScroll(int value) {
    if (m_syncing) return;
    syncArea();
    m_state.scrollTo(value * m_hScale);
    viewport()->update();
    emit viewChanged();
}

void WaveformView::scrollContentsBy(int, int) {
    viewport()->update(); // vertical scrolling moves the rows
}

// --- time axis ------------------------------------------------------------------------------------

void WaveformView::setClock(std::optional<waveform::SignalId> clock) {
    if (clock)
        m_state.setClock(*m_store, *clock);
    else
        m_state.clearClock();
    viewport()->update();
    emit viewChanged();
    emit cursorsChanged(); // Δ is counted in the new axis
}

void WaveformView::setTimeUnit(TimeUnit unit) {
    m_state.setTimeUnit(unit);
    cursorsEdited();
}

void WaveformView::setClockMHz(double mhz) {
    m_state.setClockMHz(mhz);
    cursorsEdited();
}

void WaveformView::setTicksAreCycles(bool on) {
    m_state.setTicksAreCycles(on);
    cursorsEdited();
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
    if (m_state.timeUnit() == TimeUnit::Nanoseconds)
        if (const auto ns = m_state.tickNs(tick)) return number(*ns) + QStringLiteral(" ns");
    return number(m_state.cycleAt(static_cast<Tick>(std::max(0.0, tick))));
}

QString WaveformView::formatDelta(Tick a, Tick b) const {
    const double cycles = m_state.cyclesBetween(a, b);
    QString text =
        m_state.countsCycles() ? tr("%1 cycles").arg(number(cycles)) : tr("%1 ticks").arg(number(cycles));
    if (const auto ns = m_state.nsBetween(a, b)) text += QStringLiteral(" (%1 ns)").arg(number(*ns));
    return text;
}

// --- cursors and markers --------------------------------------------------------------------------

void WaveformView::cursorsEdited() {
    viewport()->update();
    emit cursorsChanged();
}

void WaveformView::cursorMoved() {
    syncArea();
    if (m_state.ensureVisible(*m_state.cursorA())) {
        syncScrollBars();
        emit viewChanged();
    }
    cursorsEdited();
}

void WaveformView::setCursor(Tick tick) {
    m_state.setCursor(waveform::Cursor::A, tick);
    cursorMoved();
}

void WaveformView::setSecondCursor(Tick tick) {
    m_state.setCursor(waveform::Cursor::B, tick);
    cursorsEdited();
}

void WaveformView::clearCursor() {
    if (m_state.clearCursor(waveform::Cursor::A)) cursorsEdited();
}

void WaveformView::clearCursors() {
    m_state.clearCursors();
    cursorsEdited();
}

void WaveformView::addMarker(Tick tick) {
    m_state.addMarker(tick);
    cursorsEdited();
}

void WaveformView::clearMarkers() {
    m_state.clearMarkers();
    cursorsEdited();
}

bool WaveformView::jumpToNextEdge() {
    if (!m_state.jumpToNextEdge(*m_store)) return false;
    cursorMoved();
    return true;
}

bool WaveformView::jumpToPreviousEdge() {
    if (!m_state.jumpToPreviousEdge(*m_store)) return false;
    cursorMoved();
    return true;
}

bool WaveformView::jumpToValue(std::uint64_t value, bool forward) {
    return jumpToValue(waveform::Words(&value, 1), forward);
}

bool WaveformView::jumpToValue(waveform::Words value, bool forward) {
    if (!m_state.jumpToValue(*m_store, value, forward)) return false;
    cursorMoved();
    return true;
}

void WaveformView::toggleSearchRow(int row) {
    if (m_state.toggleSearchRow(row)) viewport()->update();
}

bool WaveformView::jumpToEdge(bool forward) {
    if (!m_state.jumpToEdge(*m_store, forward)) return false;
    cursorMoved();
    return true;
}

bool WaveformView::jumpToMatch(const waveform::ValueCondition& condition, bool forward) {
    if (!m_state.jumpToMatch(*m_store, condition, forward)) return false;
    cursorMoved();
    return true;
}

// --- painting -------------------------------------------------------------------------------------

void WaveformView::loadVisibleRows() {
    // A lazily opened file (FST): the rows in view are read in one batch (one guarded child) rather
    // than one by one as each row paints, and only over the time in view (the file's blocks there, and
    // one view's width on either side); a signal that cannot be read shows its error in its row.
    std::vector<waveform::SignalId> ids;
    int y = kRulerHeight - verticalScrollBar()->value();
    for (const int i : m_state.shownRows()) {
        const int rh = rowHeight(i), top = y;
        y += rh;
        if (top + rh < kRulerHeight || top > viewport()->height()) continue;
        const WaveRow& r = rows()[static_cast<std::size_t>(i)];
        if (!r.isSignal()) continue;
        if (r.bits.empty() && !m_store->isLoaded(r.id)) ids.push_back(r.id);
        for (const waveform::BitRef& b : r.bits)
            if (!m_store->isLoaded(b.id) && std::find(ids.begin(), ids.end(), b.id) == ids.end())
                ids.push_back(b.id);
    }
    if (ids.empty()) return;
    const auto begin = static_cast<Tick>(std::max(0.0, std::floor(m_state.beginTick())));
    const Tick end = m_state.clampTick(std::ceil(m_state.endTick())) + 1;
    try {
        m_store->loadWindow(ids, begin, end);
    } catch (const std::exception& e) {
        emit loadFailed(QString::fromUtf8(e.what()));
    }
}

void WaveformView::paintEvent(QPaintEvent*) {
    syncArea();
    loadVisibleRows();
    QPainter p(viewport());
    const WaveColors c = waveColors(palette());
    const int left = waveLeft();
    p.fillRect(viewport()->rect(), c.background);
    p.fillRect(QRect(0, 0, left, viewport()->height()), c.nameBackground);
    paintRows(p, c);
    // Ruler on top of the rows.
    p.setClipping(false);
    p.fillRect(QRect(0, 0, viewport()->width(), kRulerHeight), c.nameBackground);
    const TickMapper map = mapper();
    const double x1 = viewport()->width();
    if (m_store->endTick() > 0) {
        p.save();
        p.setClipRect(QRect(left, 0, viewport()->width() - left, kRulerHeight));
        const waveform::WaveViewState& s = m_state;
        paintRuler(
            p, map, x1, kRulerHeight, s.cycleAt(static_cast<Tick>(s.beginTick())),
            s.cycleAt(static_cast<Tick>(std::ceil(s.endTick()))),
            [&s](double cyc) {
                return static_cast<double>(s.tickOfCycle(static_cast<std::int64_t>(std::floor(cyc))));
            },
            [this, &s](double cyc) {
                return formatTick(static_cast<double>(s.tickOfCycle(static_cast<std::int64_t>(cyc))));
            },
            c);
        p.restore();
    }
    p.setPen(c.mutedText);
    const QString unit = m_state.timeUnit() == TimeUnit::Nanoseconds && m_state.tickNs(0) ? tr("time (ns)")
                         : !m_state.countsCycles()                                        ? tr("tick")
                         : m_state.clockAxis().isIdentity()                               ? tr("cycle")
                                                                                          : tr("clock cycle");
    p.drawText(QRect(6, 0, left - 8, kRulerHeight), Qt::AlignVCenter | Qt::AlignLeft, unit);
    paintCursors(p, c);
    if (m_store->signalCount() > 0 && rows().empty()) {
        p.setPen(c.mutedText);
        p.drawText(viewport()->rect().adjusted(left, kRulerHeight, 0, 0), Qt::AlignCenter,
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
    const int left = waveLeft();
    const QFontMetrics fm = p.fontMetrics();
    int y = kRulerHeight - verticalScrollBar()->value();
    for (const int i : m_state.shownRows()) {
        const int rh = rowHeight(i), top = y;
        y += rh;
        if (top + rh < kRulerHeight || top > viewport()->height()) continue;
        const WaveRow& r = rows()[static_cast<std::size_t>(i)];
        p.setClipRect(QRect(0, kRulerHeight, viewport()->width(), viewport()->height() - kRulerHeight));
        if (i == selectedRow()) {
            p.fillRect(QRect(0, top, viewport()->width(), rh), c.selection);
        } else if (m_state.isSearchRow(i)) {
            QColor also = c.selection; // searched beside the selected row: a paler band
            also.setAlphaF(also.alphaF() / 2);
            p.fillRect(QRect(0, top, viewport()->width(), rh), also);
        }
        p.setPen(c.grid);
        p.drawLine(0, top + rh - 1, viewport()->width(), top + rh - 1);
        if (r.kind == waveform::RowKind::Separator) continue; // blank
        if (r.kind == waveform::RowKind::Group) {             // ▸ name (collapsed) or ▾ name, in bold
            QFont bold = p.font();
            bold.setBold(true);
            p.save();
            p.setFont(bold);
            p.setPen(c.text);
            const QString mark = r.collapsed ? QStringLiteral("▸ ") : QStringLiteral("▾ ");
            p.drawText(QRect(6, top, left - 10, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                       mark + QString::fromStdString(r.label));
            p.restore();
            continue;
        }
        if (r.kind == waveform::RowKind::Comment) { // its text across the row, in italics
            QFont italic = p.font();
            italic.setItalic(true);
            p.save();
            p.setFont(italic);
            p.setPen(c.mutedText);
            p.drawText(QRect(6, top, viewport()->width() - 12, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                       QString::fromStdString(r.label));
            p.restore();
            continue;
        }
        // Name (a group's rows indented), and the value at cursor A on the right of the name column.
        const QString name = (r.grouped ? QStringLiteral("   ") : QString()) + rowTitle(i);
        QString value;
        if (cursor()) value = valueText(i, *cursor());
        const int valueWidth = value.isEmpty() ? 0 : std::min(fm.horizontalAdvance(value) + 8, left / 2);
        p.setPen(c.text);
        p.drawText(QRect(6, top, left - 10 - valueWidth, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(name, Qt::ElideMiddle, left - 10 - valueWidth));
        if (!value.isEmpty()) {
            p.setPen(c.cursor);
            p.drawText(QRect(left - valueWidth - 4, top, valueWidth, kRowHeight),
                       Qt::AlignVCenter | Qt::AlignRight, fm.elidedText(value, Qt::ElideLeft, valueWidth));
        }
        p.setClipRect(QRect(left, std::max(top, kRulerHeight), viewport()->width() - left,
                            top + rh - std::max(top, kRulerHeight)));
        const waveform::SignalId source = r.bits.empty() ? r.id : r.bits[0].id;
        if (const std::string& error = m_store->loadError(source); !error.empty()) {
            p.setPen(c.marker);
            p.drawText(QRect(left + 6, top, viewport()->width() - left - 12, kRowHeight),
                       Qt::AlignVCenter | Qt::AlignLeft,
                       fm.elidedText(tr("cannot read this signal: %1").arg(QString::fromStdString(error)),
                                     Qt::ElideRight, viewport()->width() - left - 12));
            continue;
        }
        if (r.analog != waveform::Analog::Off) { // scaled to the trace's or the visible range's min..max
            const bool visible = r.scale == waveform::AnalogScale::Visible;
            const auto b = visible ? static_cast<Tick>(std::max(0.0, m_state.beginTick())) : Tick{0};
            const auto e = visible ? m_state.clampTick(std::ceil(m_state.endTick())) + 1 : m_store->endTick();
            const auto [lo, hi] = waveform::rowNumberRange(*m_store, r, b, e);
            paintAnalogRow(p, *m_store, r, map, x1, top, rh - 1, lo, hi, c);
            continue;
        }
        paintSignalRow(p, *m_store, r, map, x1, top, rh - 1, c);
    }
    p.setClipping(false);
    p.setPen(c.grid);
    p.drawLine(left, 0, left, viewport()->height());
}

void WaveformView::paintCursors(QPainter& p, const WaveColors& c) {
    const TickMapper map = mapper();
    const int h = viewport()->height();
    const auto line = [&](Tick t, const QColor& color, Qt::PenStyle style, const QString& label) {
        const double x = map.x(static_cast<double>(t));
        if (x < waveLeft() || x > viewport()->width()) return;
        p.setPen(QPen(color, 1.5, style));
        p.drawLine(QPointF(x, kRulerHeight - 6), QPointF(x, h));
        p.setPen(color);
        p.drawText(QPointF(x + 3, kRulerHeight - 14), label);
    };
    const auto& markers = m_state.markers();
    for (std::size_t i = 0; i < markers.size(); ++i) {
        QString label = QString::fromStdString(m_state.markerLabel(i));
        if (cursor())
            label += QStringLiteral(" Δ%1").arg(number(m_state.cyclesBetween(*cursor(), markers[i].tick)));
        line(markers[i].tick, c.marker, Qt::DotLine, label);
    }
    if (secondCursor()) line(*secondCursor(), c.secondCursor, Qt::DashLine, QStringLiteral("B"));
    if (cursor()) line(*cursor(), c.cursor, Qt::SolidLine, QStringLiteral("A"));
}

} // namespace rs::gui
