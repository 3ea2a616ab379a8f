#pragma once
// Presentation mode for a projector: the state grid of the current step drawn as large as the screen
// allows, with the step's title above, the step counter ("Step 5 of 27") beside it and the caption below,
// all in a projector's font sizes (readable at the back of a room: the caption a 26th of the screen's
// height, at least 28 px, the title larger). Esc (or F11 again) leaves; the step keys (←/→, Home/End)
// step the trace while it is shown.

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
    /** @brief The step shown (0-based) of count, for the counter; index < 0: no counter. */
    void setStep(int index, int count);
    /** @brief "Step 5 of 27", empty without a step. */
    QString stepCounterText() const;
    /** @brief The grid (without the title and caption, drawn in projector fonts around it) as drawn in
     *  gridRect() (tests read its scale and layout). */
    teach::StateGrid grid() const;
    /** @brief Where the grid is drawn: between the title line and the caption. */
    QRectF gridRect() const;
    /** @brief The caption's and the counter's font: a 26th of the height, at least 28 px. */
    QFont textFont() const;
    /** @brief The title's font: bold, 1.35 times the text font. */
    QFont titleFont() const;
    /** @brief The caption wrapped to the width in textFont(). */
    QRectF captionRect() const;

  signals:
    /** @brief Esc (or the presentation key) asked to leave. */
    void leaveRequested();
    /** @brief A step key: delta -1 / +1, or first (INT_MIN) / last (INT_MAX). */
    void stepRequested(int delta);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    double titleHeight() const;

    teach::GridContent m_content;
    teach::GridColors m_colors;
    int m_step = -1, m_steps = 0;
};

} // namespace rs::gui
