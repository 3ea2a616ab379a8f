#include "pagehelpers.h"

#include "charts/theme.h"

#include <QAction>
#include <QLabel>
#include <QWidget>

namespace rs::gui {

QAction* addRunShortcut(QWidget* page, const QString& text) {
    auto* action = new QAction(text, page);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    page->addAction(action);
    return action;
}

void setErrorStyle(QLabel* label, bool isError) {
    label->setStyleSheet(
        isError ? QStringLiteral("QLabel { color: %1; }").arg(charts::errorColor(label->palette()).name())
                : QString());
}

} // namespace rs::gui
