#pragma once
// The Help ▸ Keyboard shortcuts text: every key the window and its pages answer to.

#include <QString>

namespace rs::gui {

/** @brief The shortcuts as an HTML table. */
QString shortcutsHtml();

} // namespace rs::gui
