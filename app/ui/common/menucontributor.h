#pragma once
// What a page puts into the main window's menus and into Help ▸ Keyboard shortcuts. The window asks every
// page of its table that is a MenuContributor (as it asks a PersistentPage for its settings) and builds the
// menu bar and the shortcuts help from the answers and its own few actions: the window's code names no
// page's action (docs/CONVENTIONS.md rule 20).

#include <QList>
#include <QString>

class QAction;

namespace rs::gui {

/** @brief The menus of the menu bar, in the bar's order. */
enum class MainMenu { File, View, Run, Help };

/** @brief Where contributed actions go: a section of one menu. A menu shows its sections in this order, a
 *  separator between two; inside a section the actions come in the page table's order, the window's own
 *  last. */
enum class MenuSection {
    FileExport,    ///< File: the chart as PNG / PDF, a screenshot
    FileWaveforms, ///< File: open and export a waveform trace
    FileSteps,     ///< File: the explorer's step exports
    FileLessons,   ///< File: lessons
    FileQuit,      ///< File: quit
    ViewTheme,     ///< View: the palette
    ViewState,     ///< View: how the explorer draws the state (mode, cells, overlays, sub-steps)
    ViewZoom,      ///< View: zoom and presentation
    ViewLayout,    ///< View: pages as tabs, go to a page
    ViewDocks,     ///< View: one entry per dock, reset layout
    RunSteps,      ///< Run: stepping
    RunInputs,     ///< Run: random and example inputs
    RunAnalysis,   ///< Run: the diffusion analysis
    RunIp,         ///< Run: runs and captures on the IP
    Help,          ///< Help
};

/** @brief The menu a section belongs to. */
constexpr MainMenu menuOf(MenuSection s) {
    return s <= MenuSection::FileQuit    ? MainMenu::File
           : s <= MenuSection::ViewDocks ? MainMenu::View
           : s <= MenuSection::RunIp     ? MainMenu::Run
                                         : MainMenu::Help;
}

/** @brief Some of a page's actions, for one section of a menu. The page keeps them (and their parent); the
 *  window only lists them. */
struct MenuActions {
    MenuSection section = MenuSection::FileExport;
    QList<QAction*> actions = {};
    /** @brief Non-empty: the actions go into a submenu of this title inside the section. */
    QString submenu = {};
    /** @brief The actions' shortcuts act anywhere in the window (not only while the focus is in the page),
     *  and triggering one shows the page. */
    bool windowWide = false;
};

/** @brief One row of Help ▸ Keyboard shortcuts, both cells HTML: the keys and what they do (an empty key
 *  cell: a note under the rows above). */
struct ShortcutRow {
    QString keys;
    QString what;
};

/** @brief A page that contributes to the main window's menus and keyboard help. */
class MenuContributor {
  public:
    virtual ~MenuContributor() = default;
    /** @brief The page's menu actions, the same objects on every call. */
    virtual QList<MenuActions> menuActions() const = 0;
    /** @brief The keys the page answers to, for the shortcuts help (none by default). */
    virtual QList<ShortcutRow> shortcutRows() const { return {}; }
};

} // namespace rs::gui
