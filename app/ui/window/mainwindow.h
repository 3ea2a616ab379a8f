#pragma once
// The main window: a table of pages (docs/CONVENTIONS.md rule 20), each a dock with its title, object
// name and place, from which the docks, the View menu, reset-layout and teardown follow; menus with
// keyboard shortcuts, a status bar, light/dark palettes, and QSettings ("RoundScope") for the window
// layout and the last inputs. The pages are arranged as a workbench of docks or as tabs, one page taking the
// whole window (the default below 1600×1000); Alt+1…Alt+0 go to a page in either. The sessions and the glue
// between them are the Workbench's.

#include <QList>

#include <QMainWindow>
#include <functional>

#include "app/ui/window/workbench.h"

class QAction;
class QDockWidget;
class QLabel;

namespace rs::gui {

class MainWindow : public QMainWindow {
    Q_OBJECT

  public:
    /** @brief Where a page's dock goes: its own place in the area, tabbed with the area's previous page,
     *  or to the right of the area's first page. */
    enum class Place { New, Tab, Right };
    /** @brief How the pages share the window: as docks side by side (the workbench), or one page at a time
     *  taking the whole window, switched by tabs (small screens, projectors); in the tabs the side panels
     *  (Model vs RTL, Lesson) open at the right of whichever page is in front. */
    enum class PageLayout { Workbench, Tabs };
    /** @brief One row of the page table. */
    struct Page {
        QWidget* page = nullptr;
        QString title;
        QString objectName; ///< the dock's name in the saved layout
        Qt::DockWidgetArea area = Qt::BottomDockWidgetArea;
        Place place = Place::Tab;
        bool scroll = true; ///< scrolls rather than push up the window's minimum height (768-pixel screens)
        bool side =
            false; ///< a side panel of the explorer: beside the pages in the tabs layout, not one of them
        QDockWidget* dock = nullptr;
    };

    /** @brief persistSettings false: neither reads nor writes QSettings (screenshots, tests). */
    explicit MainWindow(bool persistSettings = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    Workbench* workbench() const { return m_bench; }
    /** @brief The page table, in View-menu order. */
    const QList<Page>& pages() const { return m_pages; }
    /** @brief The first page of type T, or nullptr. */
    template <class T> T* page() const {
        for (const Page& p : m_pages)
            if (auto* t = qobject_cast<T*>(p.page)) return t;
        return nullptr;
    }
    /** @brief The dock that holds a page (or a widget inside it), or nullptr. */
    QDockWidget* dockOf(const QWidget* page) const;

    // The sessions the tests and the screenshot mode reach (the others: workbench()).
    sessions::CipherSession* session() const { return m_bench->cipher(); }
    hw::IpSession* ipSession() const { return m_bench->ip(); }
    hw::WaveformSession* waveformSession() const { return m_bench->waveforms(); }

    /** @brief Runs the explorer's inputs on the IP core of its algorithm (Workbench::captureExplorerInputs)
     *  and shows the waveforms; false with a status message when it cannot. */
    bool captureExplorerInputs();
    QAction* darkAction() const { return m_dark; }
    /** @brief Switches the application palette. */
    void setDarkTheme(bool dark);
    /** @brief Saves what is on screen (the window as the X server shows it, else a widget grab). */
    bool saveScreenshot(const QString& path);
    /** @brief Arranges the pages (docks stay movable and floatable in both layouts). */
    void setPageLayout(PageLayout layout);
    PageLayout pageLayout() const { return m_layout; }
    /** @brief The layout a window of this size starts with: tabs below 1600×1000, else the workbench. */
    static PageLayout defaultLayoutFor(const QSize& size);
    /** @brief Sizes the window for a screen of this size and gives it that size's default layout. */
    void fitTo(const QSize& available);
    QAction* tabsAction() const { return m_tabs; }
    /** @brief Shows and raises the page that holds widget (in both layouts). */
    void showPage(QWidget* page);
    /** @brief Asks the user a yes/no question (closing during a campaign); tests replace the dialog. */
    using Ask = std::function<bool(const QString& title, const QString& question)>;
    void setAsk(Ask ask) { m_ask = std::move(ask); }
    /** @brief Writes geometry, dock state, theme and inputs. */
    void saveSettings() const;
    /** @brief Reads what saveSettings wrote. */
    void restoreSettings();

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    void addPages();
    void buildMenus();
    void updateStatus();
    void resetLayout();

    bool m_persist;
    Workbench* m_bench = nullptr;
    QList<Page> m_pages;
    QAction* m_dark = nullptr;
    QAction* m_tabs = nullptr;
    PageLayout m_layout = PageLayout::Workbench;
    QByteArray m_workbenchState; ///< the workbench arrangement to return to from the tabs
    QLabel* m_statusAlg = nullptr;
    QLabel* m_statusStep = nullptr;
    QLabel* m_statusInputs = nullptr;
    QByteArray m_defaultState;
    Ask m_ask;
    bool m_closeWhenStopped = false; ///< the user chose to quit: close once the campaign has stopped
};

} // namespace rs::gui
