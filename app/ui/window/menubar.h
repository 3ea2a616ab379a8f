#pragma once
// The menu bar and Help ▸ Keyboard shortcuts, built from what the pages and the window contribute
// (app/ui/common/menucontributor.h): the menus in the bar's order, each section in MenuSection order with a
// separator between two, a section's actions in the order given.

#include <QList>
#include <QString>

#include "app/ui/common/menucontributor.h"

class QMenuBar;

namespace rs::gui {

/** @brief The menu's title in the bar ("&File", "&View", "&Run", "&Help"). */
QString menuTitle(MainMenu menu);
/** @brief Adds the menus to the bar: contributions of one section keep their order. */
void fillMenuBar(QMenuBar* bar, QList<MenuActions> contributions);
/** @brief The shortcuts help as an HTML table, the rows in their order. */
QString shortcutsHtml(const QList<ShortcutRow>& rows);

} // namespace rs::gui
