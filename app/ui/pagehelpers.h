#pragma once
// Small pieces the pages share: the page-wide Ctrl+Return "run" action, the error colour of a status
// label, and the interface of a page that keeps its state in the app's settings.

class QAction;
class QSettings;
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
/** @brief Colours the label with the palette's error colour, or back to normal. */
void setErrorStyle(QLabel* label, bool isError);

} // namespace rs::gui
