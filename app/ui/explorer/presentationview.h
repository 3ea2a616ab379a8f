#pragma once
// Presentation mode for a projector: the state grid of the current step drawn as large as the screen
// allows, with the step's title above and its caption below. Esc (or F11 again) leaves; the step keys
// (←/→, Home/End) step the trace while it is shown.

#include <QWidget>

#include "app/teach/stategrid.h"

namespace rs::gui {

class PresentationView : public QWidget {
    Q_OBJECT

  public:
    explicit PresentationView(QWidget* parent = nullptr);

    /** @brief What to show (the content's title and caption are drawn with the grid). */
    void setContent(const teach::GridContent& content, const teach::GridColors& colors);
    const teach::GridContent& content() const { return m_content; }
    /** @brief The grid as drawn at the widget's size (tests read its scale and layout). */
    teach::StateGrid grid() const;

  signals:
    /** @brief Esc (or the presentation key) asked to leave. */
    void leaveRequested();
    /** @brief A step key: delta -1 / +1, or first (INT_MIN) / last (INT_MAX). */
    void stepRequested(int delta);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    teach::GridContent m_content;
    teach::GridColors m_colors;
};

} // namespace rs::gui
