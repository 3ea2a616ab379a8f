#include "app/ui/waveform/markerlist.h"

#include "app/ui/waveform/waveformview.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>

namespace rs::gui {

namespace {

// Up to 12 significant digits, no trailing zeros: 12340, 12.5, 3.3333.
QString num(double v) {
    return QString::number(v, 'g', 12);
}

} // namespace

MarkerList::MarkerList(WaveformView* view, QWidget* parent) : QTableWidget(parent), m_view(view) {
    setObjectName(QStringLiteral("waveMarkers"));
    setColumnCount(ColumnCount);
    setHorizontalHeaderLabels({tr("Marker"), tr("Time"), tr("Cycle"), tr("Δ from A")});
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->hide();
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    // Double-click goes to a marker: renaming is F2, or a click on the selected name.
    setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    setToolTip(tr("Markers: double-click or Enter goes to one (cursor A), F2 renames, Delete removes, Insert "
                  "adds one at cursor A"));
    m_markerAction = new QAction(tr("Marker at cursor A"), this);
    m_markerAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    m_markerAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_markerAction, &QAction::triggered, this, &MarkerList::addAtCursor);
    connect(this, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { goToMarker(row); });
    connect(this, &QTableWidget::itemChanged, this, &MarkerList::onItemChanged);
    connect(m_view, &WaveformView::cursorsChanged, this, &MarkerList::refresh);
    connect(m_view, &WaveformView::viewChanged, this, &MarkerList::refresh);
    connect(m_view, &WaveformView::rowsChanged, this, &MarkerList::refresh);
    refresh();
}

void MarkerList::refresh() {
    const auto& state = m_view->state();
    const auto& markers = state.markers();
    const auto a = state.cursorA();
    const QSignalBlocker block(this);
    m_filling = true;
    const int current = currentRow();
    setRowCount(static_cast<int>(markers.size()));
    const auto cell = [this](int row, int column, const QString& text, bool editable) {
        QTableWidgetItem* it = item(row, column);
        if (it == nullptr) {
            it = new QTableWidgetItem;
            setItem(row, column, it);
        }
        it->setFlags(editable ? it->flags() | Qt::ItemIsEditable : it->flags() & ~Qt::ItemIsEditable);
        if (it->text() != text) it->setText(text);
    };
    for (std::size_t i = 0; i < markers.size(); ++i) {
        const int row = static_cast<int>(i);
        const waveform::Tick tick = markers[i].tick;
        cell(row, Name, QString::fromStdString(state.markerLabel(i)), true);
        QString time = tr("%1 ticks").arg(tick);
        if (const auto ns = state.tickNs(static_cast<double>(tick))) time += tr(" · %1 ns").arg(num(*ns));
        cell(row, Time, time, false);
        cell(row, Cycle, state.countsCycles() ? num(state.cycleAt(tick)) : QStringLiteral("—"), false);
        cell(row, DeltaA, a ? m_view->formatDelta(*a, tick) : tr("no cursor A"), false);
    }
    if (current >= 0 && rowCount() > 0) setCurrentCell(std::min(current, rowCount() - 1), Name);
    m_filling = false;
}

bool MarkerList::addAtCursor() {
    const auto a = m_view->cursor();
    if (!a) return false;
    m_view->addMarker(*a);
    const auto& markers = m_view->markers();
    for (std::size_t i = 0; i < markers.size(); ++i)
        if (markers[i].tick == m_view->state().clampTick(*a)) setCurrentCell(static_cast<int>(i), Name);
    return true;
}

bool MarkerList::goToMarker(int index) {
    const auto& markers = m_view->markers();
    if (index < 0 || index >= static_cast<int>(markers.size())) return false;
    m_view->setCursor(markers[static_cast<std::size_t>(index)].tick);
    setCurrentCell(index, Name);
    return true;
}

bool MarkerList::removeMarker(int index) {
    return index >= 0 && m_view->removeMarker(static_cast<std::size_t>(index));
}

bool MarkerList::renameMarker(int index, const QString& name) {
    return index >= 0 && m_view->renameMarker(static_cast<std::size_t>(index), name.trimmed().toStdString());
}

void MarkerList::onItemChanged(QTableWidgetItem* item) {
    if (m_filling || item->column() != Name) return;
    const int row = item->row();
    // The M<n> label left as it was is no name.
    const QString text = item->text().trimmed();
    const auto& markers = m_view->markers();
    if (row < static_cast<int>(markers.size()) && markers[static_cast<std::size_t>(row)].name.empty() &&
        text == QString::fromStdString(m_view->state().markerLabel(static_cast<std::size_t>(row))))
        return;
    renameMarker(row, text);
}

void MarkerList::keyPressEvent(QKeyEvent* event) {
    if (state() != QAbstractItemView::EditingState) {
        switch (event->key()) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (goToMarker(currentRow())) return;
            break;
        case Qt::Key_Delete:
        case Qt::Key_Backspace:
            if (removeMarker(currentRow())) return;
            break;
        case Qt::Key_Insert:
            addAtCursor();
            return;
        default:
            break;
        }
    }
    QTableWidget::keyPressEvent(event);
}

void MarkerList::contextMenuEvent(QContextMenuEvent* event) {
    const int row = rowAt(event->pos().y());
    QMenu menu(this);
    if (row >= 0) {
        menu.addAction(tr("Go to (cursor A)"), this, [this, row] { goToMarker(row); });
        menu.addAction(tr("Rename"), this, [this, row] { editItem(item(row, Name)); });
        menu.addAction(tr("Remove"), this, [this, row] { removeMarker(row); });
        menu.addSeparator();
    }
    menu.addAction(tr("Add at cursor A"), this, [this] { addAtCursor(); })
        ->setEnabled(m_view->cursor().has_value());
    menu.exec(event->globalPos());
}

} // namespace rs::gui
