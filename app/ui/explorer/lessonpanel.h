#pragma once
// The lesson player: a lesson (core/teach/lesson.h) opened from a file or the shipped ones, played stop by
// stop in the Round Explorer — each stop sets the algorithm, the inputs, the flipped bit, the view and
// the step — with the teacher's note, and a question whose answer is revealed on request, in this side
// panel. A lesson is also written from the explorer: "Add this step" appends the current state as a stop
// (starting a new lesson when the algorithm or the inputs differ), and Save writes the JSON.
// Talks to CipherSession; plays and records the explorer's view mode through its ViewModeBar. Contributes
// File ▸ Open lesson… (Ctrl+L), Shipped lessons and Save lesson… to the main window (MenuContributor).

#include <QWidget>

#include <optional>

#include "app/ui/common/menucontributor.h"
#include "core/teach/lesson.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class ViewModeBar;

class LessonPanel : public QWidget, public MenuContributor {
    Q_OBJECT

  public:
    LessonPanel(sessions::CipherSession* cipher, QWidget* parent = nullptr);
    /** @brief The explorer's view choices, which a stop sets and a new stop records (value / changed /
     *  twin); without them a stop's view is not played and a new stop records the value. */
    void setExplorerView(ViewModeBar* view) { m_view = view; }

    QList<MenuActions> menuActions() const override { return m_menus; }
    QList<ShortcutRow> shortcutRows() const override;

    /** @brief The lessons shipped in the resources (":/lessons/…json"), by title. */
    static QStringList shippedLessons();
    /** @brief Reads and plays a lesson file from its first stop; false with the reason shown (and in *error).
     */
    bool openLesson(const QString& path, QString* error = nullptr);
    /** @brief The same for a lesson's JSON text (`origin` names it in messages). */
    bool openLessonText(const QByteArray& json, const QString& origin, QString* error = nullptr);
    /** @brief Appends the explorer's current step, view and flipped bit as a stop with this note. */
    void addCurrentStop(const QString& note);
    /** @brief Writes the lesson; false with the reason shown (and in *error). */
    bool saveLesson(const QString& path, QString* error = nullptr);

    const std::optional<teach::Lesson>& lesson() const { return m_lesson; }
    int currentStop() const { return m_stop; }
    /** @brief Plays stop i (clamped): algorithm, inputs, rounds, flip, view, step. */
    void goToStop(int i);

    QLabel* titleLabel() const { return m_title; }
    QLabel* stopLabel() const { return m_stopLabel; }
    QTextBrowser* noteView() const { return m_note; }
    QLabel* questionLabel() const { return m_question; }
    QPushButton* answerButton() const { return m_answerButton; }
    QLabel* answerLabel() const { return m_answer; }
    QLabel* messageLabel() const { return m_message; }
    QPushButton* nextButton() const { return m_next; }
    QPushButton* previousButton() const { return m_previous; }
    QLineEdit* newNoteEdit() const { return m_newNote; }

  private:
    void showStop();
    void showMessage(const QString& text, bool error);
    teach::LessonStop currentAsStop(const QString& note) const;
    /** The explorer's current inputs as bytes, or nullopt when one is invalid. */
    std::optional<std::map<std::string, crypto::Bytes>> currentInputs() const;

    /** @brief The File menu's lesson actions (a file dialog, the shipped lessons, save). */
    void createMenuActions();

    sessions::CipherSession* m_cipher;
    ViewModeBar* m_view = nullptr;
    QList<MenuActions> m_menus;
    std::optional<teach::Lesson> m_lesson;
    int m_stop = -1;
    QLabel* m_title = nullptr;
    QLabel* m_stopLabel = nullptr;
    QTextBrowser* m_note = nullptr;
    QLabel* m_question = nullptr;
    QPushButton* m_answerButton = nullptr;
    QLabel* m_answer = nullptr;
    QLabel* m_message = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QLineEdit* m_newNote = nullptr;
};

} // namespace rs::gui
