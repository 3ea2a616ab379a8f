// The waveform view's row edits and the row context menu: radix (and an enum mapping file), rename,
// separators and comments, bus bits expanded, collapsed and grouped. Each is a change of the view's
// WaveViewState (core/waveform/viewstate.h); values are written by core/waveform/rowvalue.h.
#include "app/ui/waveform/waveformview.h"

#include <utility>

#include "core/waveform/rowvalue.h"

#include <QContextMenuEvent>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>

#include <algorithm>

namespace rs::gui {

void WaveformView::rowsEdited() {
    syncScrollBars();
    viewport()->update();
    emit rowsChanged();
    emit selectedRowChanged(m_state.selectedRow());
}

bool WaveformView::setEnumFile(int row, const QString& path, QString* error) {
    try {
        auto names = waveform::loadEnumFile(path.toStdString());
        if (!m_state.setEnum(row, path.toStdString(), std::move(names))) {
            if (error) *error = tr("row %1 shows no signal").arg(row + 1);
            return false;
        }
    } catch (const waveform::EnumFileError& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
    viewport()->update();
    emit rowsChanged();
    return true;
}

void WaveformView::renameRow(int row, const QString& label) {
    if (m_state.renameRow(row, label.trimmed().toStdString())) rowsEdited();
}

void WaveformView::editRowName(int row) {
    if (row < 0 || row >= static_cast<int>(rows().size())) return;
    const WaveRow& r = rows()[static_cast<std::size_t>(row)];
    if (r.kind == waveform::RowKind::Separator) return;
    bool ok = false;
    const QString label = QInputDialog::getText(
        this, r.isSignal() ? tr("Rename row") : tr("Comment"),
        r.isSignal()
            ? tr("Name shown for %1 (empty: the signal's own name):").arg(rowToolTip(row).section('\n', 0, 0))
            : tr("Text:"),
        QLineEdit::Normal, QString::fromStdString(r.label), &ok);
    if (ok) renameRow(row, label);
}

void WaveformView::insertSeparator(int at) {
    m_state.insertSeparator(at);
    rowsEdited();
}

void WaveformView::insertComment(int at, const QString& text) {
    m_state.insertComment(at, text.toStdString());
    rowsEdited();
}

void WaveformView::expandBits(int row) {
    if (m_state.expandBits(*m_store, row)) rowsEdited();
}

void WaveformView::collapseBits(int row) {
    if (m_state.collapseBits(row)) rowsEdited();
}

bool WaveformView::groupBits(std::vector<int> rows) {
    if (!m_state.groupBits(*m_store, std::move(rows))) return false;
    rowsEdited();
    return true;
}

int WaveformView::groupRows(int first, int last, const QString& name) {
    const int header = m_state.groupRows(first, last, name.trimmed().toStdString());
    if (header >= 0) rowsEdited();
    return header;
}

void WaveformView::setAnalog(int row, waveform::Analog analog, waveform::AnalogScale scale) {
    if (m_state.setAnalog(row, analog, scale)) rowsEdited();
}

void WaveformView::ungroup(int header) {
    if (m_state.ungroup(header)) rowsEdited();
}

void WaveformView::setGroupCollapsed(int header, bool collapsed) {
    if (m_state.setCollapsed(header, collapsed)) rowsEdited();
}

QString WaveformView::rowToolTip(int row) const {
    if (row < 0 || row >= static_cast<int>(rows().size())) return {};
    const WaveRow& r = rows()[static_cast<std::size_t>(row)];
    if (!r.isSignal()) return {};
    QString tip;
    if (r.bits.empty()) {
        const auto& info = m_store->signal(r.id);
        const QString name = QString::fromStdString(info.name);
        tip = info.width == 1 ? tr("%1 (1 bit)").arg(name) : tr("%1 (%2 bits)").arg(name).arg(info.width);
    } else {
        QStringList parts;
        for (const waveform::BitRef& b : r.bits)
            parts << QStringLiteral("%1[%2]").arg(QString::fromStdString(b.name)).arg(b.bit);
        tip = parts.join(QStringLiteral(", "));
    }
    if (!r.label.empty()) tip = tr("%1 — renamed \"%2\"").arg(tip, QString::fromStdString(r.label));
    if (r.radix == Radix::Enum)
        tip += QLatin1Char('\n') + tr("names from %1").arg(QString::fromStdString(r.enumFile));
    return tip;
}

void WaveformView::contextMenuEvent(QContextMenuEvent* event) {
    const int row = rowAt(event->pos().y());
    if (event->pos().x() >= waveLeft()) return; // the right button zooms in the wave area
    QMenu menu(this);
    if (row < 0) { // below the rows: insert at the end
        const int end = static_cast<int>(rows().size());
        menu.addAction(tr("Insert separator"), this, [this, end] { insertSeparator(end); });
        menu.addAction(tr("Insert comment…"), this, [this, end] {
            insertComment(end, QString());
            editRowName(end);
        });
        menu.exec(event->globalPos());
        return;
    }
    const int before = selectedRow(); // a range from it to this row can be grouped into a bus
    setSelectedRow(row);
    const WaveRow r = rows()[static_cast<std::size_t>(row)];
    const int width = waveform::rowWidth(*m_store, r);
    if (r.isSignal() && width > 1) {
        QMenu* radixMenu = menu.addMenu(tr("Radix"));
        const auto radix = [&](const QString& text, Radix x) {
            QAction* a = radixMenu->addAction(text, this, [this, row, x] { setRadix(row, x); });
            a->setCheckable(true);
            a->setChecked(r.radix == x);
        };
        radix(tr("Hexadecimal"), Radix::Hex);
        radix(tr("Decimal (unsigned)"), Radix::Dec);
        radix(tr("Signed decimal"), Radix::Signed);
        radix(tr("Binary"), Radix::Bin);
        radix(tr("ASCII"), Radix::Ascii);
        if (r.bits.empty() && !m_store->signal(r.id).valueNames.empty())
            radix(tr("State names"), Radix::Named);
        if (!r.enumNames.empty())
            radix(tr("Enum names (%1)").arg(QString::fromStdString(r.enumFile)), Radix::Enum);
        radixMenu->addAction(tr("Enum mapping file…"), this, [this, row] {
            const QString path =
                QFileDialog::getOpenFileName(this, tr("Enum mapping file (lines: VALUE NAME)"));
            if (path.isEmpty()) return;
            QString error;
            if (!setEnumFile(row, path, &error)) QMessageBox::warning(this, tr("Enum mapping file"), error);
        });
        QMenu* analogMenu = menu.addMenu(tr("Draw"));
        const auto draw = [&](const QString& text, waveform::Analog a, waveform::AnalogScale sc) {
            QAction* act = analogMenu->addAction(text, this, [this, row, a, sc] { setAnalog(row, a, sc); });
            act->setCheckable(true);
            act->setChecked(r.analog == a && (a == waveform::Analog::Off || r.scale == sc));
        };
        draw(tr("Values"), waveform::Analog::Off, waveform::AnalogScale::Trace);
        draw(tr("Analog, step (scaled to the trace)"), waveform::Analog::Step, waveform::AnalogScale::Trace);
        draw(tr("Analog, linear (scaled to the trace)"), waveform::Analog::Linear,
             waveform::AnalogScale::Trace);
        draw(tr("Analog, step (scaled to the visible range)"), waveform::Analog::Step,
             waveform::AnalogScale::Visible);
        draw(tr("Analog, linear (scaled to the visible range)"), waveform::Analog::Linear,
             waveform::AnalogScale::Visible);
        if (r.bits.empty()) menu.addAction(tr("Expand into bits"), this, [this, row] { expandBits(row); });
    } else if (r.isSignal() && r.bits.empty()) {
        menu.addAction(tr("Count cycles by this clock"), this,
                       [this, id = r.id] { emit clockRequested(id); });
    }
    if (r.isSignal() && r.bits.size() == 1)
        menu.addAction(tr("Collapse bits into the bus"), this, [this, row] { collapseBits(row); });
    if (r.kind == waveform::RowKind::Group) {
        menu.addAction(r.collapsed ? tr("Expand group") : tr("Collapse group"), this,
                       [this, row, c = !r.collapsed] { setGroupCollapsed(row, c); });
        menu.addAction(tr("Ungroup"), this, [this, row] { ungroup(row); });
    }
    if (before >= 0 && !r.grouped && r.kind != waveform::RowKind::Group) {
        const int first = std::min(before, row), last = std::max(before, row);
        QAction* group = menu.addAction(
            tr("Group rows %1 to %2…").arg(first + 1).arg(last + 1), this, [this, first, last] {
                bool ok = false;
                const QString name = QInputDialog::getText(this, tr("Group"), tr("Name of the group:"),
                                                           QLineEdit::Normal, tr("group"), &ok);
                if (ok) groupRows(first, last, name);
            });
        waveform::WaveViewState trial = m_state;
        group->setEnabled(trial.groupRows(first, last, {}) >= 0);
    }
    if (before >= 0 && before != row) {
        std::vector<int> range;
        for (int i = std::min(before, row); i <= std::max(before, row); ++i)
            range.push_back(i);
        QAction* group = menu.addAction(tr("Group rows %1 to %2 into a bus")
                                            .arg(std::min(before, row) + 1)
                                            .arg(std::max(before, row) + 1),
                                        this, [this, range] { groupBits(range); });
        // Only rows of single bits can be grouped: try it on a copy of the state.
        waveform::WaveViewState trial = m_state;
        group->setEnabled(trial.groupBits(*m_store, range));
    }
    menu.addSeparator();
    if (r.kind != waveform::RowKind::Separator)
        menu.addAction(r.isSignal() ? tr("Rename…\tF2") : tr("Edit comment…\tF2"), this,
                       [this, row] { editRowName(row); });
    menu.addAction(tr("Insert separator above"), this, [this, row] { insertSeparator(row); });
    menu.addAction(tr("Insert comment above…"), this, [this, row] {
        insertComment(row, QString());
        editRowName(row);
    });
    menu.addSeparator();
    menu.addAction(tr("Move up\tCtrl+↑"), this, [this, row] { moveRow(row, -1); });
    menu.addAction(tr("Move down\tCtrl+↓"), this, [this, row] { moveRow(row, 1); });
    menu.addAction(tr("Remove\tDel"), this, [this, row] { removeRow(row); });
    menu.exec(event->globalPos());
}

bool WaveformView::renameMarker(std::size_t index, std::string name) {
    if (!m_state.renameMarker(index, std::move(name))) return false;
    cursorsEdited();
    return true;
}

bool WaveformView::removeMarker(std::size_t index) {
    if (!m_state.removeMarker(index)) return false;
    cursorsEdited();
    return true;
}

void WaveformView::setState(waveform::WaveViewState state) {
    syncArea();
    // The range as the state has it, before the view's wave area replaces the state's.
    const double begin = state.beginTick(), end = state.endTick();
    const bool fitted = state.isFitted();
    // What a saved view does not hold stays the view's: its wave area, whether ticks are cycles.
    const double left = m_state.waveLeft(), width = m_state.waveWidth();
    const bool ticksAreCycles = m_state.ticksAreCycles();
    m_state = std::move(state);
    m_state.setWaveArea(left, width);
    m_state.setTicksAreCycles(ticksAreCycles);
    emit rowsChanged();
    emit selectedRowChanged(m_state.selectedRow());
    if (fitted)
        fitAll();
    else
        setVisibleRange(begin, end);
    cursorsEdited();
}

} // namespace rs::gui
