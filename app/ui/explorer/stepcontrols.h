#pragma once
// Stepping over the whole trace: first / previous / play-pause / next / last (Home, ←, Space, →,
// End), a slider over all steps and the play speed. The shortcuts are bare keys, so they have
// Qt::WidgetWithChildrenShortcut: they act only inside the widget that adds the actions
// (RoundExplorerPage), never in other docks' buttons, combos, tab bars or tables.

#include <QTimer>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QSlider;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class StepControls : public QWidget {
    Q_OBJECT

  public:
    explicit StepControls(sessions::CipherSession* session, QWidget* parent = nullptr);

    QAction* firstAction() const { return m_first; }
    QAction* previousAction() const { return m_previous; }
    QAction* playAction() const { return m_play; }
    QAction* nextAction() const { return m_next; }
    QAction* lastAction() const { return m_last; }
    QSlider* slider() const { return m_slider; }
    /** @brief True while the play timer runs. */
    bool isPlaying() const { return m_timer.isActive(); }
    /** @brief Play speed in steps per second (1..50). */
    int speed() const;
    void setSpeed(int stepsPerSecond);

  public slots:
    void play();
    void pause();
    void togglePlay();

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void sync();
    void tick();
    void updateIcons();

    sessions::CipherSession* m_session;
    QAction* m_first = nullptr;
    QAction* m_previous = nullptr;
    QAction* m_play = nullptr;
    QAction* m_next = nullptr;
    QAction* m_last = nullptr;
    QSlider* m_slider = nullptr;
    QComboBox* m_speed = nullptr;
    QLabel* m_position = nullptr;
    QTimer m_timer;
};

} // namespace rs::gui
