#include "app/ui/common/pagehelpers.h"

#include "app/charts/theme.h"

#include <QAction>
#include <QApplication>
#include <QBoxLayout>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QWidget>

namespace rs::gui {

QAction* addRunShortcut(QWidget* page, const QString& text) {
    auto* action = new QAction(text, page);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    page->addAction(action);
    return action;
}

QAction* addRunShortcut(QWidget* page, QAbstractButton* button) {
    QAction* action = addRunShortcut(page, button->text());
    QObject::connect(action, &QAction::triggered, button, &QAbstractButton::click);
    return action;
}

QTimer* coalescingTimer(QObject* owner, int ms, std::function<void()> update) {
    auto* timer = new QTimer(owner);
    timer->setSingleShot(true);
    timer->setInterval(ms);
    QObject::connect(timer, &QTimer::timeout, owner, std::move(update));
    return timer;
}

QPushButton* addButton(QBoxLayout* row, const QString& text, const QString& toolTip, QWidget* parent) {
    auto* button = new QPushButton(text, parent);
    button->setToolTip(toolTip);
    row->addWidget(button);
    return button;
}

void setErrorStyle(QLabel* label, bool isError) {
    label->setStyleSheet(
        isError ? QStringLiteral("QLabel { color: %1; }").arg(charts::errorColor(label->palette()).name())
                : QString());
}

void focusInto(QWidget* page) {
    if (const QWidget* f = QApplication::focusWidget(); f != nullptr && (f == page || page->isAncestorOf(f)))
        return;
    for (QWidget* w : page->findChildren<QWidget*>())
        if (w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus)) {
            w->setFocus(Qt::ShortcutFocusReason);
            return;
        }
    page->setFocus(Qt::ShortcutFocusReason);
}

void showInDock(QWidget* widget) {
    for (QWidget* w = widget; w != nullptr; w = w->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(w)) {
            dock->show();
            dock->raise();
            return;
        }
}

} // namespace rs::gui
