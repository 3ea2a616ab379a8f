#pragma once
// The main window: a table of pages (docs/CONVENTIONS.md rule 20), each a dock with its title, object
// name and place, from which the docks, the View menu, reset-layout and teardown follow; menus with
// keyboard shortcuts, a status bar, light/dark palettes, and QSettings ("RoundScope") for the window
// layout and the last inputs. The sessions and the glue between them are the Workbench's.

#include <QList>
#include <QMainWindow>

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
    /** @brief One row of the page table. */
    struct Page {
        QWidget* page = nullptr;
        QString title;
        QString objectName; ///< the dock's name in the saved layout
        Qt::DockWidgetArea area = Qt::BottomDockWidgetArea;
        Place place = Place::Tab;
        bool scroll = true; ///< scrolls rather than push up the window's minimum height (768-pixel screens)
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
    hw::AsconIpSession* ipSession() const { return m_bench->ip(); }
    hw::WaveformSession* waveformSession() const { return m_bench->waveforms(); }

    /** @brief Runs the explorer's inputs on the IP core of its algorithm (Workbench::captureExplorerInputs)
     *  and shows the waveforms; false with a status message when it cannot. */
    bool captureExplorerInputs();
    QAction* darkAction() const { return m_dark; }
    /** @brief Switches the application palette. */
    void setDarkTheme(bool dark);
    /** @brief Saves what is on screen (the window as the X server shows it, else a widget grab). */
    bool saveScreenshot(const QString& path);
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
    void showPage(QWidget* page);

    bool m_persist;
    Workbench* m_bench = nullptr;
    QList<Page> m_pages;
    QAction* m_dark = nullptr;
    QLabel* m_statusAlg = nullptr;
    QLabel* m_statusStep = nullptr;
    QLabel* m_statusInputs = nullptr;
    QByteArray m_defaultState;
};

} // namespace rs::gui
