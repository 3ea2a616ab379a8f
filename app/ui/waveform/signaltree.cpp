#include "app/ui/waveform/signaltree.h"

#include "app/ui/waveform/waveformview.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace rs::gui {

namespace {
constexpr int kIdRole = Qt::UserRole + 1;
}

SignalTree::SignalTree(WaveformView* view, QWidget* parent) : QWidget(parent), m_view(view) {
    setObjectName(QStringLiteral("signalTree"));
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("signalFilter"));
    m_filter->setPlaceholderText(tr("Filter signals"));
    m_filter->setClearButtonEnabled(true);
    m_tree = new QTreeWidget(this);
    m_tree->setHeaderLabels({tr("Signal"), tr("Bits")});
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->setRootIsDecorated(true);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(m_filter);
    l->addWidget(m_tree, 1);

    connect(m_filter, &QLineEdit::textChanged, this, &SignalTree::applyFilter);
    connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item, int column) {
        if (m_syncing || column != 0 || !item->data(0, kIdRole).isValid()) return;
        const auto id = item->data(0, kIdRole).value<qulonglong>();
        if (item->checkState(0) == Qt::Checked)
            m_view->addSignal(id);
        else
            m_view->removeSignal(id);
    });
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        if (!item->data(0, kIdRole).isValid()) return;
        const auto id = item->data(0, kIdRole).value<qulonglong>();
        m_view->addSignal(id);
        // Its row (a separator's or comment's id means nothing; bits of the signal count).
        if (const int row = m_view->state().rowOf(id); row >= 0) m_view->setSelectedRow(row);
        m_view->setFocus();
    });
    connect(m_view, &WaveformView::rowsChanged, this, &SignalTree::syncChecks);
}

void SignalTree::rebuild() {
    m_syncing = true;
    m_tree->clear();
    const auto& store = m_view->store();
    std::map<std::string, QTreeWidgetItem*> groups; // in order of first appearance via insertion below
    for (waveform::SignalId id = 0; id < store.signalCount(); ++id) {
        const auto& info = store.signal(id);
        const std::string g = info.group.empty() ? std::string("(top)") : info.group;
        QTreeWidgetItem*& parent = groups[g];
        if (parent == nullptr) {
            parent = new QTreeWidgetItem(m_tree, {QString::fromStdString(g)});
            parent->setFlags(Qt::ItemIsEnabled);
            parent->setExpanded(true);
        }
        auto* item =
            new QTreeWidgetItem(parent, {QString::fromStdString(info.name), QString::number(info.width)});
        item->setData(0, kIdRole, QVariant::fromValue<qulonglong>(id));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(0, m_view->isShown(id) ? Qt::Checked : Qt::Unchecked);
        if (!info.valueNames.empty()) item->setToolTip(0, tr("FSM state: values are shown by name"));
    }
    m_syncing = false;
    applyFilter();
}

QTreeWidgetItem* SignalTree::item(const QString& signal) const {
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g)
        for (int i = 0; i < m_tree->topLevelItem(g)->childCount(); ++i)
            if (m_tree->topLevelItem(g)->child(i)->text(0) == signal)
                return m_tree->topLevelItem(g)->child(i);
    return nullptr;
}

void SignalTree::syncChecks() {
    m_syncing = true;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g)
        for (int i = 0; i < m_tree->topLevelItem(g)->childCount(); ++i) {
            QTreeWidgetItem* it = m_tree->topLevelItem(g)->child(i);
            const auto id = it->data(0, kIdRole).value<qulonglong>();
            it->setCheckState(0, m_view->isShown(id) ? Qt::Checked : Qt::Unchecked);
        }
    m_syncing = false;
}

void SignalTree::applyFilter() {
    const QString f = m_filter->text().trimmed();
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_tree->topLevelItem(g);
        int visible = 0;
        for (int i = 0; i < group->childCount(); ++i) {
            const bool show = f.isEmpty() || group->child(i)->text(0).contains(f, Qt::CaseInsensitive) ||
                              group->text(0).contains(f, Qt::CaseInsensitive);
            group->child(i)->setHidden(!show);
            visible += show ? 1 : 0;
        }
        group->setHidden(visible == 0);
    }
}

} // namespace rs::gui
