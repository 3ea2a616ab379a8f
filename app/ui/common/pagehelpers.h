#pragma once
// Small pieces the pages share: the page-wide Ctrl+Return "run" action, the error colour of a status
// label, showing the dock a page sits in, and the interface of a page that keeps its state in the app's
// settings (the one of a page that contributes menu actions: menucontributor.h).

#include <functional>

class QAbstractButton;
class QAction;
class QBoxLayout;
class QObject;
class QPushButton;
class QSettings;
class QTimer;
class QLabel;
class QString;
class QWidget;

namespace rs::gui {

/** @brief A page that keeps state between sessions in the app's QSettings; the main window asks every
 *  page of its table that is one. */
class PersistentPage {
  public:
    virtual ~PersistentPage() = default;
    /** @brief Writes the page's state. */
    virtual void saveSettings(QSettings& settings) const = 0;
    /** @brief Reads what saveSettings wrote. */
    virtual void restoreSettings(QSettings& settings) = 0;
};

/** @brief A Ctrl+Return action active while the focus is inside `page`; the caller connects it. */
QAction* addRunShortcut(QWidget* page, const QString& text);
/** @brief The same action, named after `button` and connected to its click(): Ctrl+Return does what the
 *  button does, and nothing while the button is disabled. */
QAction* addRunShortcut(QWidget* page, QAbstractButton* button);
/** @brief A single-shot timer of `ms` that calls `update` (docs/CONVENTIONS.md rule 11): however often it
 *  is started before it fires, the update runs once; an update called directly stops it. */
QTimer* coalescingTimer(QObject* owner, int ms, std::function<void()> update);
/** @brief A push button with its tooltip, added to `row`. */
QPushButton* addButton(QBoxLayout* row, const QString& text, const QString& toolTip, QWidget* parent);
/** @brief Colours the label with the palette's error colour, or back to normal. */
void setErrorStyle(QLabel* label, bool isError);
/** @brief Shows and raises the dock that holds `widget` (a page, or a widget inside one, in the main
 *  window's docks or tabs); nothing for a widget outside a dock. */
void showInDock(QWidget* widget);
/** @brief Moves the keyboard focus into the page (its first widget that takes focus by Tab), unless it is
 *  there already: the page's shortcuts (WidgetWithChildrenShortcut: Ctrl+Return) answer at once. */
void focusInto(QWidget* page);

} // namespace rs::gui
