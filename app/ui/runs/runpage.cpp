#include "app/ui/runs/runpage.h"

#include "app/ui/common/pagehelpers.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rs::gui {

RunPage::RunPage(const QString& objectName, const QString& runText, const QString& runTip, QWidget* parent)
    : QWidget(parent), m_controls(new QHBoxLayout) {
    setObjectName(objectName);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_run = new QPushButton(runText, this);
    m_runTip = runTip;
    m_run->setToolTip(runTip);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    // run() is virtual: the lambdas reach the page's own, whatever it connects later.
    connect(m_run, &QPushButton::clicked, this, [this] { run(); });
    addRunShortcut(this, m_run);
}

void RunPage::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    setErrorStyle(m_status, error);
}

void RunPage::addControl(const QString& label, QWidget* control, int stretch) {
    if (!label.isEmpty()) m_controls->addWidget(new QLabel(label, this));
    m_controls->addWidget(control, stretch);
}

void RunPage::layOut(QWidget* left, QWidget* right, const QList<QPushButton*>& extraButtons) {
    m_controls->addWidget(m_run);
    for (QPushButton* b : extraButtons)
        m_controls->addWidget(b);
    m_controls->addWidget(m_cancel);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addLayout(m_controls);
    layout->addWidget(split, 1);
}

void RunPage::setRunning(bool running) {
    m_running = running;
    m_cancel->setEnabled(running);
    updateRun();
}

void RunPage::setRunnable(bool runnable, const QString& why) {
    m_runnable = runnable;
    m_run->setToolTip(runnable || why.isEmpty() ? m_runTip : why);
    updateRun();
}

void RunPage::updateRun() {
    m_run->setEnabled(!m_running && m_runnable);
}

QTableWidget* RunPage::makeResultTable(const QStringList& headers) {
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()), this);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSortingEnabled(true);
    return table;
}

QWidget* RunPage::withRow(QLayout* row, QWidget* content) {
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(content, 1);
    return box;
}

} // namespace rs::gui
