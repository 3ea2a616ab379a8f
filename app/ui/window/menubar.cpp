#include "app/ui/window/menubar.h"

#include <QCoreApplication>
#include <QMap>
#include <QMenu>
#include <QMenuBar>

#include <algorithm>
#include <optional>
#include <utility>

namespace rs::gui {

QString menuTitle(MainMenu menu) {
    switch (menu) {
    case MainMenu::File:
        return QCoreApplication::translate("MainWindow", "&File");
    case MainMenu::View:
        return QCoreApplication::translate("MainWindow", "&View");
    case MainMenu::Run:
        return QCoreApplication::translate("MainWindow", "&Run");
    case MainMenu::Help:
        return QCoreApplication::translate("MainWindow", "&Help");
    }
    return {};
}

void fillMenuBar(QMenuBar* bar, QList<MenuActions> contributions) {
    std::stable_sort(contributions.begin(), contributions.end(),
                     [](const MenuActions& a, const MenuActions& b) { return a.section < b.section; });
    QMap<MainMenu, QMenu*> menus;
    QMap<std::pair<MenuSection, QString>, QMenu*> submenus;
    std::optional<MenuSection> previous;
    for (const MenuActions& c : contributions) {
        const MainMenu id = menuOf(c.section);
        QMenu*& menu = menus[id];
        if (menu == nullptr)
            menu = bar->addMenu(menuTitle(id));
        else if (previous && *previous != c.section)
            menu->addSeparator(); // the previous section was this menu's too: the bar's order is the
                                  // sections'
        previous = c.section;
        if (c.submenu.isEmpty()) {
            menu->addActions(c.actions);
            continue;
        }
        QMenu*& sub = submenus[{c.section, c.submenu}];
        if (sub == nullptr) sub = menu->addMenu(c.submenu);
        sub->addActions(c.actions);
    }
}

QString shortcutsHtml(const QList<ShortcutRow>& rows) {
    QString html = QStringLiteral("<table cellpadding=3>");
    for (const ShortcutRow& r : rows)
        html += r.keys.isEmpty()
                    ? QStringLiteral("<tr><td></td><td><i>%1</i></td></tr>").arg(r.what)
                    : QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(r.keys, r.what);
    return html + QStringLiteral("</table>");
}

} // namespace rs::gui
