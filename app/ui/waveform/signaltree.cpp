#include "app/ui/waveform/signaltree.h"

#include "app/ui/waveform/signaltreemodel.h"
#include "app/ui/waveform/waveformview.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>

namespace rs::gui {

SignalTree::SignalTree(WaveformView* view, QWidget* parent) : QWidget(parent), m_view(view) {
    setObjectName(QStringLiteral("signalTree"));
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("signalFilter"));
    m_filter->setPlaceholderText(tr("Filter signals"));
    m_filter->setClearButtonEnabled(true);
    m_model = new SignalTreeModel(view, this);
    m_tree = new QTreeView(this);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true); // no size hint asked of each of 10^5 rows
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::Fixed);
    m_tree->header()->resizeSection(1, m_tree->fontMetrics().horizontalAdvance(QStringLiteral("Bits 0000")));
    m_tree->setRootIsDecorated(true);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(m_filter);
    l->addWidget(m_tree, 1);

    connect(m_filter, &QLineEdit::textChanged, this, &SignalTree::applyFilter);
    connect(m_tree, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
        waveform::SignalId id = 0;
        if (!m_model->signalOf(index, &id)) return;
        m_view->addSignal(id);
        // Its row (a separator's or comment's id means nothing; bits of the signal count).
        if (const int row = m_view->state().rowOf(id); row >= 0) m_view->setSelectedRow(row);
        m_view->setFocus();
    });
    connect(m_view, &WaveformView::rowsChanged, m_model, &SignalTreeModel::syncChecks);
}

void SignalTree::rebuild() {
    m_model->rebuild();
    openGroupsIfFew();
}

QModelIndex SignalTree::index(const QString& signal) const {
    return m_model->indexOf(signal);
}

void SignalTree::applyFilter() {
    m_model->setFilter(m_filter->text());
    openGroupsIfFew();
}

void SignalTree::openGroupsIfFew() {
    if (m_model->listedSignals() <= kOpenGroupsUpTo) m_tree->expandAll();
}

} // namespace rs::gui
