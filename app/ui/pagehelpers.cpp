#include "pagehelpers.h"

#include "charts/theme.h"

#include <QAction>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>
#include <QWidget>

namespace rs::gui {

QAction* addRunShortcut(QWidget* page, const QString& text) {
    auto* action = new QAction(text, page);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    page->addAction(action);
    return action;
}

void layOutRunPage(QWidget* page, QLabel* status, QLayout* controls, QWidget* left, QWidget* right) {
    auto* split = new QSplitter(Qt::Horizontal, page);
    split->addWidget(left);
    split->addWidget(right);
    auto* layout = new QVBoxLayout(page);
    layout->addWidget(status);
    layout->addLayout(controls);
    layout->addWidget(split, 1);
}

void setErrorStyle(QLabel* label, bool isError) {
    label->setStyleSheet(
        isError ? QStringLiteral("QLabel { color: %1; }").arg(charts::errorColor(label->palette()).name())
                : QString());
}

} // namespace rs::gui
