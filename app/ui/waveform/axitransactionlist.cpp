#include "app/ui/waveform/axitransactionlist.h"

#include "app/ui/waveform/waveformview.h"
#include "hw/ip/axiregistermaps.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rs::gui {

namespace {

QString hex(std::uint64_t v, int digits) {
    return QStringLiteral("0x%1")
        .arg(v, digits, 16, QLatin1Char('0'))
        .toUpper()
        .replace(QLatin1String("0X"), QLatin1String("0x"));
}

} // namespace

AxiTransactionList::AxiTransactionList(WaveformView* view, QWidget* parent) : QWidget(parent), m_view(view) {
    setObjectName(QStringLiteral("axiTransactions"));
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("axiTransactionTree"));
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setHeaderLabels(
        {tr("#"), tr("R/W"), tr("Register"), tr("Address"), tr("Data"), tr("Resp"), tr("Clocks")});
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->setToolTip(
        tr("AXI4-Lite transactions on the bus pins; click one to put cursors A and B around it "
           "(from its address handshake to the end of its response)"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_tree, 1);
    m_tree->setMinimumHeight(90); // a few rows even when the splitter gives the waves everything
    connect(m_tree, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* item) { select(m_tree->indexOfTopLevelItem(item)); });
    connect(m_tree, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem* item) { select(m_tree->indexOfTopLevelItem(item)); });
    hide();
}

void AxiTransactionList::setStore(const std::shared_ptr<const waveform::WaveformStore>& store) {
    m_tree->clear();
    m_core = store ? hw::axiCoreOf(*store) : std::string();
    m_decode =
        store ? waveform::decodeAxiTransactions(*store, hw::axiRegisterMap(m_core)) : waveform::AxiDecode{};
    if (!store) m_decode.error = "no trace";
    setVisible(m_decode.error.empty());
    if (!m_decode.error.empty()) return;
    std::size_t errors = 0;
    QList<QTreeWidgetItem*> items;
    for (std::size_t i = 0; i < m_decode.transactions.size(); ++i) {
        const waveform::AxiTransaction& t = m_decode.transactions[i];
        errors += t.response && *t.response >= 2 ? 1 : 0;
        auto* item = new QTreeWidgetItem(
            {QString::number(i), t.write ? tr("W") : tr("R"),
             t.registerName.empty() ? QStringLiteral("—") : QString::fromStdString(t.registerName),
             hex(t.address, 2), hex(t.data, 8),
             t.complete ? QString::fromStdString(waveform::axiResponseName(t.response)) : tr("(none)"),
             QString::number(t.latency)});
        item->setToolTip(
            0, tr("start tick %1, end tick %2, clock %3").arg(t.start).arg(t.end).arg(t.startCycle));
        items.append(item);
    }
    m_tree->addTopLevelItems(items);
    QString title = tr("AXI4-Lite: %1 transactions").arg(m_decode.transactions.size());
    if (errors > 0) title += tr(", %1 with an error response").arg(errors);
    title += m_core.empty() ? tr(" (core not recognised: addresses only)")
                            : tr(" (%1 registers)").arg(QString::fromStdString(m_core));
    m_title->setText(title);
    QStringList notes;
    for (const std::string& n : m_decode.notes)
        notes << QString::fromStdString(n);
    m_title->setToolTip(notes.join(QLatin1Char('\n')));
}

void AxiTransactionList::select(int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= m_decode.transactions.size()) return;
    const waveform::AxiTransaction& t = m_decode.transactions[static_cast<std::size_t>(index)];
    m_view->setSecondCursor(t.end);
    m_view->setCursor(t.start); // last: scrolls the transaction's start into view
    if (m_tree->currentItem() != m_tree->topLevelItem(index))
        m_tree->setCurrentItem(m_tree->topLevelItem(index));
}

} // namespace rs::gui
