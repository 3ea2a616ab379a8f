#pragma once
// The main window's page table as docks (docs/CONVENTIONS.md rule 20): one dock per row, placed by the row's
// area and place, and the two ways the pages share the window: as docks side by side (the workbench) or one
// page at a time taking the whole window, switched by tabs (small screens, projectors), where the side panels
// (Model vs RTL, Lesson) open at the right of the page in front. Docks stay movable and floatable in both.
// A plain class over the QMainWindow's public dock calls. It contributes the View menu's layout actions:
// pages as tabs (Ctrl+Shift+T), Go to page (Alt+1…Alt+0), one entry per dock and Reset layout.

#include <QByteArray>
#include <QList>
#include <QString>

#include <Qt>

#include "app/ui/common/menucontributor.h"

class QAction;
class QDockWidget;
class QMainWindow;
class QSettings;
class QWidget;

namespace rs::gui {

/** @brief How the pages share the window. */
enum class PageLayout { Workbench, Tabs };

/** @brief Where a page's dock goes: its own place in the area, tabbed with the area's previous page, or to
 *  the right of the area's first page. */
enum class DockPlace { New, Tab, Right };

/** @brief One row of the page table. */
struct DockedPage {
    QWidget* page = nullptr;
    QString title;
    QString objectName; ///< the dock's name in the saved layout
    Qt::DockWidgetArea area = Qt::BottomDockWidgetArea;
    DockPlace place = DockPlace::Tab;
    bool scroll = true; ///< scrolls rather than push up the window's minimum height (768-pixel screens)
    bool side = false; ///< a side panel of the explorer: beside the pages in the tabs layout, not one of them
    QDockWidget* dock = nullptr;
};

class PageDocks : public MenuContributor {
  public:
    /** @brief Puts every page of the table in a dock of `window` (the workbench arrangement); the central
     *  widget is a hidden placeholder, so the docks share the whole window. */
    PageDocks(QMainWindow* window, QList<DockedPage> pages);
    PageDocks(const PageDocks&) = delete;
    PageDocks& operator=(const PageDocks&) = delete;

    const QList<DockedPage>& pages() const { return m_pages; }
    /** @brief The dock that holds a page (or a widget inside it), or nullptr. */
    QDockWidget* dockOf(const QWidget* page) const;
    /** @brief Deletes the docks (and their pages), last added first. */
    void clear();

    PageLayout layout() const { return m_layout; }
    /** @brief Arranges the pages; the page in front stays in front (the tabs action follows). */
    void setLayout(PageLayout layout);
    /** @brief Checkable "Pages as tabs" (Ctrl+Shift+T). */
    QAction* tabsAction() const { return m_tabs; }
    /** @brief Remembers the window's arrangement now as the workbench's default (Reset layout). */
    void keepAsDefault();
    /** @brief Every dock shown again in the default workbench arrangement, in the current layout. */
    void reset();
    /** @brief Writes the arrangement: "window/state", "window/tabs" and the workbench's to return to from
     *  the tabs, "window/workbench". */
    void saveSettings(QSettings& settings) const;
    /** @brief Reads what saveSettings wrote (nothing at a first start: the layout stays). */
    void restoreSettings(QSettings& settings);

    /** @brief View: pages as tabs, Go to page, the docks, Reset layout. */
    QList<MenuActions> menuActions() const override { return m_menus; }
    QList<ShortcutRow> shortcutRows() const override;

  private:
    void createActions();

    QMainWindow* m_window;
    QList<DockedPage> m_pages;
    PageLayout m_layout = PageLayout::Workbench;
    QByteArray m_workbenchState; ///< the workbench arrangement to return to from the tabs
    QByteArray m_defaultState;
    QAction* m_tabs = nullptr;
    QList<MenuActions> m_menus;
};

} // namespace rs::gui
