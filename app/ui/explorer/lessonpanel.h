#pragma once
// The lesson player: a lesson (core/teach/lesson.h) opened from a file or the shipped ones, played stop by
// stop in the Round Explorer — each stop sets the algorithm, the inputs, the flipped bit, the view and
// the step — with the teacher's note, and a question whose answer is revealed on request, in this side
// panel. A lesson is also written from the explorer: "Add this step" appends the current state as a stop
// (starting a new lesson when the algorithm or the inputs differ), and Save writes the JSON.
// Talks to CipherSession; plays and records the explorer's view mode through its ViewModeBar. Contributes
// File ▸ Open lesson… (Ctrl+L), Shipped lessons (by title), New lesson…, Edit lesson… (the LessonEditor
// dialog, lessoneditor.h) and Save lesson… to the main window (MenuContributor). A lesson's "rounds" runs
// the explorer at those rounds. The stop's texts are word-wrapped labels in a scroll area, so a long note
// or answer is never clipped. practiceStop tells the practice panel when a stop asks the student to work.

#include <QWidget>

#include <optional>

#include "app/ui/common/menucontributor.h"
#include "core/teach/lesson.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class LessonEditor;
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

    /** @brief The lessons shipped in the resources (":/lessons/…json"), by file name. */
    static QStringList shippedLessons();
    /** @brief A shipped lesson's title (its file name when it cannot be read). */
    static QString shippedLessonTitle(const QString& path);
    /** @brief Reads and plays a lesson file from its first stop; false with the reason shown (and in *error).
     */
    bool openLesson(const QString& path, QString* error = nullptr);
    /** @brief The same for a lesson's JSON text (`origin` names it in messages). */
    bool openLessonText(const QByteArray& json, const QString& origin, QString* error = nullptr);
    /** @brief Appends the explorer's current step, view and flipped bit as a stop with this note. */
    void addCurrentStop(const QString& note);
    /** @brief Writes the lesson; false with the reason shown (and in *error). */
    bool saveLesson(const QString& path, QString* error = nullptr);

    /** @brief The lesson on view; nullptr when none (stable API: the practice panel reads it). */
    const teach::Lesson* lesson() const { return m_lesson ? &*m_lesson : nullptr; }
    /** @brief The stop on view (0-based); -1 when no lesson is open (stable API). */
    int currentStop() const { return m_stop; }
    /** @brief Plays stop i (clamped): algorithm, inputs, rounds, flip, view, step. */
    void goToStop(int i);

    /** @brief Opens the lesson editor on a new lesson (the explorer's algorithm and inputs) or, with
     *  fresh false, on the lesson on view; a lesson it saves plays here. */
    void openEditor(bool fresh);
    LessonEditor* editor() const { return m_editor; }

    QLabel* titleLabel() const { return m_title; }
    QLabel* stopLabel() const { return m_stopLabel; }
    QLabel* noteView() const { return m_note; }
    QScrollArea* textArea() const { return m_scroll; }
    QLabel* questionLabel() const { return m_question; }
    QPushButton* answerButton() const { return m_answerButton; }
    QLabel* answerLabel() const { return m_answer; }
    QLabel* messageLabel() const { return m_message; }
    QPushButton* nextButton() const { return m_next; }
    QPushButton* previousButton() const { return m_previous; }
    QLineEdit* newNoteEdit() const { return m_newNote; }
    /** @brief "Show in hardware": asks for hardwareRequested(). */
    QPushButton* hardwareButton() const { return m_hardware; }

  signals:
    /** @brief The stop on view has practice settings (stopIndex, into lesson()->stops), or, with -1, the
     *  lesson left a practice stop for one without (stable API for the practice panel). */
    void practiceStop(int stopIndex);
    /** @brief "Show in hardware": the window jumps to the clock where the IP's state register holds the
     *  explorer's step (MainWindow::showStepInHardware). */
    void hardwareRequested();

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    void showStop();
    /** Grows the panel's dock to show the stop's text: beside the pages to a readable width (at most 2/5 of
     *  the window), above or below them to the text's height (at most half the window). */
    void makeRoom();
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
    QScrollArea* m_scroll = nullptr;
    QLabel* m_note = nullptr;
    QLabel* m_question = nullptr;
    QPushButton* m_answerButton = nullptr;
    QLabel* m_answer = nullptr;
    QLabel* m_message = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QLineEdit* m_newNote = nullptr;
    QPushButton* m_hardware = nullptr;
    LessonEditor* m_editor = nullptr;
    bool m_onPractice = false; ///< the last practiceStop named a stop (not -1)
};

} // namespace rs::gui
