#pragma once
// The state view in a scroll area that zooms it: at zoom z the view is z times the visible area (never
// smaller than its minimum), its font and lengths scaled by z, so a zoomed or a large grid scrolls.
// Ctrl+wheel zooms too.

#include <QScrollArea>

namespace rs::gui {

class StateView;

class StateZoomArea : public QScrollArea {
    Q_OBJECT

  public:
    /** @brief Takes the view as its widget. */
    explicit StateZoomArea(StateView* view, QWidget* parent = nullptr);

    StateView* view() const { return m_view; }
    /** @brief One zoom step in (×1.25) or out; the view clamps. */
    void zoomIn();
    void zoomOut();
    void resetZoom();
    /** @brief Back to the top left (a new algorithm's grid starts there). */
    void scrollToOrigin();
    /** @brief Scrolls so that this rectangle of the view (its coordinates) is visible, with a margin. */
    void showViewRect(const QRectF& rect);

    QSize sizeHint() const override;

  protected:
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

  private:
    void relayout();

    StateView* m_view;
};

} // namespace rs::gui
