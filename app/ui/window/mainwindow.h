#pragma once
// The main window: a table of pages (docs/CONVENTIONS.md rule 20), each a dock with its title, object
// name and place (PageDocks: the docks, the workbench and tabs layouts, reset-layout and teardown follow
// from it); the menu bar and the shortcuts help built from what the pages contribute (MenuContributor) and
// the window's own few actions; a status bar, light/dark palettes, and QSettings ("RoundScope") for the
// window layout and the pages' state. The pages are arranged as a workbench of docks or as tabs, one page
// taking the whole window (the default below 1600×1000); Alt+1…Alt+0 go to a page in either. The sessions
// and the glue between them are the Workbench's.

#include <QList>

#include <QMainWindow>
#include <functional>
#include <memory>

#include "app/ui/common/menucontributor.h"
#include "app/ui/window/pagedocks.h"
#include "app/ui/window/workbench.h"

class QAction;
class QDialog;
class QDockWidget;

namespace rs::gui {

class ExplorerStatus;

class MainWindow : public QMainWindow, public MenuContributor {
    Q_OBJECT

  public:
    using Place = DockPlace;
    using PageLayout = gui::PageLayout;
    /** @brief One row of the page table. */
    using Page = DockedPage;

    /** @brief persistSettings false: neither reads nor writes QSettings (screenshots, tests). */
    explicit MainWindow(bool persistSettings = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    Workbench* workbench() const { return m_bench; }
    /** @brief The page table, in View-menu order. */
    const QList<Page>& pages() const { return m_docks->pages(); }
    /** @brief The first page of type T, or nullptr. */
    template <class T> T* page() const {
        for (const Page& p : pages())
            if (auto* t = qobject_cast<T*>(p.page)) return t;
        return nullptr;
    }
    /** @brief The dock that holds a page (or a widget inside it), or nullptr. */
    QDockWidget* dockOf(const QWidget* page) const { return m_docks->dockOf(page); }

    // The sessions the tests and the screenshot mode reach (the others: workbench()).
    sessions::CipherSession* session() const { return m_bench->cipher(); }
    hw::IpSession* ipSession() const { return m_bench->ip(); }
    hw::WaveformSession* waveformSession() const { return m_bench->waveforms(); }

    /** @brief Runs the explorer's inputs on the IP core of its algorithm (Workbench::captureExplorerInputs)
     *  and shows the waveforms; false with a status message when it cannot. */
    bool captureExplorerInputs();
    /** @brief "Show this step in the hardware" (Ctrl+Shift+H, the Lesson and Your turn panels' buttons):
     *  checks the waveform page's follow box, captures the explorer's inputs on the IP core and shows the
     *  waveforms and the Model-vs-RTL panel, so cursor A lands on the clock where the state register holds
     *  the explorer's step once the capture arrives. False with a status message when it cannot: reduced
     *  rounds (the core runs all of them), no core for the algorithm, bad inputs. */
    bool showStepInHardware();
    QAction* darkAction() const { return m_dark; }
    /** @brief Switches the application palette. */
    void setDarkTheme(bool dark);
    /** @brief Saves what is on screen (the window as the X server shows it, else a widget grab). */
    bool saveScreenshot(const QString& path);
    /** @brief Arranges the pages (docks stay movable and floatable in both layouts). */
    void setPageLayout(PageLayout layout);
    PageLayout pageLayout() const { return m_docks->layout(); }
    /** @brief The layout a window of this size starts with: tabs below 1600×1000, else the workbench. */
    static PageLayout defaultLayoutFor(const QSize& size);
    /** @brief Sizes the window for a screen of this size and gives it that size's default layout. */
    void fitTo(const QSize& available);
    /** @brief Whether the app shows the window maximized: fitTo chose a small screen's layout (its size is
     *  the window's inside, so a frame around it would leave the screen) and no saved geometry replaced it.
     */
    bool startsMaximized() const { return m_startMaximized; }
    QAction* tabsAction() const { return m_docks->tabsAction(); }
    /** @brief Shows and raises the page that holds widget (in both layouts). */
    void showPage(QWidget* page);
    /** @brief Asks the user a yes/no question (closing during a campaign); tests replace the dialog. */
    using Ask = std::function<bool(const QString& title, const QString& question)>;
    void setAsk(Ask ask) { m_ask = std::move(ask); }
    /** @brief Writes geometry, dock state, theme and every PersistentPage's state. */
    void saveSettings() const;
    /** @brief Reads what saveSettings wrote. */
    void restoreSettings();

    /** @brief The window's own menu actions: screenshot, quit, palette, the capture on the IP, help (the
     *  pages' come from their MenuContributor, the layout's from PageDocks). */
    QList<MenuActions> menuActions() const override { return m_menus; }
    QList<ShortcutRow> shortcutRows() const override;
    /** @brief Help ▸ Keyboard shortcuts: the pages' rows in the table's order, the layout's, the window's. */
    QString shortcutsHelp() const;
    /** @brief The F1 sheet: shortcutsHelp() in a scrolling view with OK, no taller than 85 % of the screen.
     */
    QDialog* makeShortcutsDialog();

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    void addPages();
    void connectPages();
    void createActions();
    void buildMenus();

    bool m_persist;
    bool m_startMaximized = false; ///< startsMaximized()
    Workbench* m_bench = nullptr;
    std::unique_ptr<PageDocks> m_docks;
    QList<MenuActions> m_menus;     ///< the window's own
    QList<ShortcutRow> m_shortcuts; ///< every page's and the window's
    QAction* m_dark = nullptr;
    ExplorerStatus* m_status = nullptr;
    Ask m_ask;
    bool m_closeWhenStopped = false; ///< the user chose to quit: close once the campaign has stopped
};

} // namespace rs::gui
