#include "app/ui/window/pagedocks.h"

#include "app/ui/common/pagehelpers.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QHash>
#include <QMainWindow>
#include <QScrollArea>
#include <QSettings>

namespace rs::gui {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("MainWindow", text);
}
} // namespace

PageDocks::PageDocks(QMainWindow* window, QList<DockedPage> pages)
    : m_window(window), m_pages(std::move(pages)) {
    auto* placeholder = new QWidget(window);
    window->setCentralWidget(placeholder);
    placeholder->hide();
    window->setDockNestingEnabled(true);
    // The right area takes the window's whole height: in the tabs layout a side panel (Lesson, Your turn)
    // opens beside the page in front, not as a strip under it (the top area had the top-right corner).
    window->setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    window->setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    QHash<int, QList<QDockWidget*>> byArea;
    for (DockedPage& p : m_pages) {
        p.dock = new QDockWidget(p.title, window);
        p.dock->setObjectName(p.objectName);
        QWidget* content = p.page;
        if (p.scroll) {
            auto* scroll = new QScrollArea(window);
            scroll->setWidgetResizable(true);
            scroll->setFrameShape(QFrame::NoFrame);
            scroll->setWidget(p.page);
            content = scroll;
        }
        p.dock->setWidget(content);
        p.dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                            QDockWidget::DockWidgetClosable);
        window->addDockWidget(p.area, p.dock);
        QList<QDockWidget*>& area = byArea[p.area];
        if (p.place == DockPlace::Tab && !area.isEmpty()) window->tabifyDockWidget(area.last(), p.dock);
        if (p.place == DockPlace::Right && !area.isEmpty())
            window->splitDockWidget(area.first(), p.dock, Qt::Horizontal);
        area << p.dock;
    }
    createActions();
}

void PageDocks::createActions() {
    m_tabs = new QAction(tr("Pages as &tabs"), m_window);
    m_tabs->setCheckable(true);
    m_tabs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    QObject::connect(m_tabs, &QAction::toggled, m_window,
                     [this](bool on) { setLayout(on ? PageLayout::Tabs : PageLayout::Workbench); });
    QList<QAction*> goTo, docks;
    // Alt+1 … Alt+0 count the pages as the tabs show them: a side panel (closed until asked for) has no
    // digit, so Alt+6 is the sixth tab, not the sixth entry of the table.
    int digit = 0;
    for (qsizetype i = 0; i < m_pages.size(); ++i) {
        goTo << new QAction(m_pages[i].title, m_window);
        QObject::connect(goTo.back(), &QAction::triggered, m_window, [page = m_pages[i].page] {
            showInDock(page);
            focusInto(page); // its keys (Ctrl+Return: run) answer at once, without a click first
        });
        if (!m_pages[i].side && digit < 10) {
            ++digit;
            goTo.back()->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_0 + digit % 10)));
        }
        docks << m_pages[i].dock->toggleViewAction();
    }
    docks << new QAction(tr("&Reset layout"), m_window);
    QObject::connect(docks.back(), &QAction::triggered, m_window, [this] { reset(); });
    m_menus = {{MenuSection::ViewLayout, {m_tabs}},
               {MenuSection::ViewLayout, goTo, tr("&Go to page")},
               {MenuSection::ViewDocks, docks}};
}

QList<ShortcutRow> PageDocks::shortcutRows() const {
    return {
        {tr("Alt+1 … Alt+0"), tr("go to a page, in the order of the tabs (Round Explorer … Side by side)")},
        {tr("Ctrl+Shift+T"), tr("pages as tabs, one taking the whole window (the default below 1600×1000), "
                                "or the workbench of docks")}};
}

QDockWidget* PageDocks::dockOf(const QWidget* page) const {
    for (const DockedPage& p : m_pages)
        if (p.page == page || p.page->isAncestorOf(page)) return p.dock;
    return nullptr;
}

void PageDocks::clear() {
    for (auto it = m_pages.rbegin(); it != m_pages.rend(); ++it)
        delete it->dock;
    m_pages.clear();
}

void PageDocks::setLayout(PageLayout layout) {
    if (m_tabs->isChecked() != (layout == PageLayout::Tabs)) {
        const QSignalBlocker block(m_tabs);
        m_tabs->setChecked(layout == PageLayout::Tabs);
    }
    if (layout == m_layout) return;
    QWidget* current = nullptr; // the page in front stays in front
    for (const DockedPage& p : m_pages)
        if (current == nullptr && !p.side && !p.dock->visibleRegion().isEmpty()) current = p.page;
    if (layout == PageLayout::Tabs) {
        m_workbenchState = m_window->saveState();
        m_window->setTabPosition(Qt::TopDockWidgetArea, QTabWidget::North);
        QDockWidget *first = m_pages.front().dock, *firstSide = nullptr;
        for (const DockedPage& p : m_pages) {
            p.dock->setFloating(false);
            m_window->addDockWidget(p.side ? Qt::RightDockWidgetArea : Qt::TopDockWidgetArea, p.dock);
            if (p.side) { // closed until asked for (showInDock), so the pages get the whole width
                if (firstSide != nullptr) m_window->tabifyDockWidget(firstSide, p.dock);
                firstSide = firstSide != nullptr ? firstSide : p.dock;
                p.dock->hide();
                continue;
            }
            p.dock->show();
            if (p.dock != first) m_window->tabifyDockWidget(first, p.dock);
        }
    } else {
        m_window->restoreState(m_workbenchState);
    }
    m_layout = layout;
    showInDock(current != nullptr ? current : m_pages.front().page);
}

void PageDocks::keepAsDefault() {
    m_defaultState = m_window->saveState();
    m_workbenchState = m_defaultState;
}

void PageDocks::reset() {
    const PageLayout layout = m_layout;
    m_window->restoreState(m_defaultState);
    m_workbenchState = m_defaultState;
    m_layout = PageLayout::Workbench;
    for (const DockedPage& p : m_pages)
        p.dock->show();
    setLayout(layout);
}

void PageDocks::saveSettings(QSettings& s) const {
    s.setValue(QStringLiteral("window/state"), m_window->saveState());
    s.setValue(QStringLiteral("window/tabs"), m_layout == PageLayout::Tabs);
    s.setValue(QStringLiteral("window/workbench"),
               m_layout == PageLayout::Tabs ? m_workbenchState : m_window->saveState());
}

void PageDocks::restoreSettings(QSettings& s) {
    if (!s.contains(QStringLiteral("window/tabs"))) return; // first start: the screen's default layout
    m_workbenchState = s.value(QStringLiteral("window/workbench")).toByteArray();
    m_window->restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    const bool tabs = s.value(QStringLiteral("window/tabs")).toBool();
    m_layout = tabs ? PageLayout::Tabs : PageLayout::Workbench;
    const QSignalBlocker block(m_tabs);
    m_tabs->setChecked(tabs);
}

} // namespace rs::gui
