#pragma once
// "Your turn" (issue 34): the student computes one Round Explorer step by hand. For the explorer's current
// step (or a lesson's practice stop) the panel asks for the state after the step, or one part of it
// (core/teach/practice.h: the whole state, an Ascon S-box column, a word or row, a SKINNY column, an LEA
// word, an ML-DSA butterfly pair), and moves the explorer to the step before, so the student works from the
// state the step starts with. Check (Enter) names every wrong bit with the spec's formula and marks the
// part's bits in a small grid (PracticeBitGrid: right green, wrong red); Hint (Ctrl+H) gives the hints one at
// a time, up to the number the stop allows; Reveal answer shows the answer and moves the explorer to the step
// (a lesson stop may forbid it). A practice run (the student's name and the class key, asked once) counts
// attempts, hints, reveals and time per practice stop (teach::PracticeRecorder); Save report… writes the
// MAC'd JSON report (teach::writeReport) and the one-page PDF beside it. Talks to CipherSession only; the
// main window connects the lesson panel's practice stops (setLessonStop).

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

#include "app/ui/common/menucontributor.h"
#include "core/crypto/trace.h"
#include "core/teach/lesson.h"
#include "core/teach/practice.h"
#include "core/teach/studentreport.h"

class QAction;
class QComboBox;
class QKeyEvent;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class PracticeBitGrid;

class PracticePanel : public QWidget, public MenuContributor {
    Q_OBJECT

  public:
    /** @brief Writes a report's PDF to a path (throws std::exception with the reason when it cannot). */
    using PdfWriter = std::function<void(const teach::StudentReport&, const QString& path)>;

    explicit PracticePanel(sessions::CipherSession* cipher, QWidget* parent = nullptr);
    ~PracticePanel() override;

    // --- the exercise ---------------------------------------------------------------------------
    /** @brief Practises the explorer's current step with this part (3 hints, reveal allowed) and moves the
     *  explorer to the step before; false with the reason shown (and in *error): step 0, a part that does not
     *  fit the algorithm, an index out of range. */
    bool practiseCurrentStep(teach::PracticePart part, int index, QString* error = nullptr);
    /** @brief A lesson's stop (the main window calls it for LessonPanel::practiceStop): a stop with practice
     *  sets the part, index, hints and reveal from it on the explorer's (the lesson's) trace; any other
     *  stop, or stopIndex −1, ends the lesson's exercise. */
    void setLessonStop(const teach::Lesson& lesson, int stopIndex);
    /** @brief Checks the entry field (Enter): true when the entry is right. */
    bool check();
    /** @brief Gives the next hint (Ctrl+H); false when none is left. */
    bool takeHint();
    /** @brief Shows the answer and moves the explorer to the step; false when the stop forbids it. */
    bool revealAnswer();
    /** @brief Ends the exercise (the explorer stays where it is). */
    void endExercise();

    /** @brief The exercise's target, while there is one. */
    const std::optional<teach::PracticeTarget>& target() const { return m_target; }
    /** @brief The last check (empty before the first). */
    const teach::PracticeCheck& lastCheck() const { return m_check; }
    int hintsAllowed() const { return m_hintsAllowed; }
    int hintsTaken() const { return m_hintsTaken; }
    /** @brief Whether the exercise comes from a lesson stop (the part and index are the lesson's). */
    bool fromLesson() const { return m_lessonStop >= 0; }

    // --- the practice run -----------------------------------------------------------------------
    /** @brief Starts recording (asked once): false with the reason shown when the name or the key is empty.
     */
    bool startRun(const QString& student, const QString& classKey);
    bool runStarted() const { return m_recorder != nullptr; }
    /** @brief The run's report so far; nullopt before startRun. */
    std::optional<teach::StudentReport> report() const;
    /** @brief Writes the JSON report (atomic) and, with a PDF writer, the PDF beside it (path's .json
     *  replaced by .pdf); false with the reason shown (and in *error). */
    bool saveReport(const QString& path, QString* error = nullptr);
    /** @brief The report's PDF writer (default: teach::writePracticeReportPdf); empty = JSON only. */
    void setPdfWriter(PdfWriter writer) { m_pdfWriter = std::move(writer); }
    /** @brief The recorder's clock, for tests (before startRun). */
    void setRecorderClock(teach::PracticeRecorder::Clock clock) { m_clock = std::move(clock); }

    // --- parts, for tests and the screenshot mode -----------------------------------------------
    QComboBox* partBox() const { return m_part; }
    QSpinBox* indexBox() const { return m_index; }
    QPushButton* practiseButton() const { return m_practise; }
    QLabel* descriptionLabel() const { return m_description; }
    QLabel* helpLabel() const { return m_help; }
    QLineEdit* entryEdit() const { return m_entry; }
    QPushButton* checkButton() const { return m_checkButton; }
    QPushButton* hintButton() const { return m_hintButton; }
    QPushButton* revealButton() const { return m_revealButton; }
    QLabel* resultLabel() const { return m_result; }
    QLabel* feedbackLabel() const { return m_feedback; }
    QLabel* hintsLabel() const { return m_hints; }
    QLabel* answerLabel() const { return m_answer; }
    PracticeBitGrid* grid() const { return m_grid; }
    QLineEdit* studentEdit() const { return m_student; }
    QLineEdit* classKeyEdit() const { return m_classKey; }
    QPushButton* startRunButton() const { return m_startRun; }
    QPushButton* saveReportButton() const { return m_saveReport; }
    QLabel* runLabel() const { return m_runLabel; }
    QPushButton* nextStopButton() const { return m_nextStop; }
    /** @brief "Show in hardware": asks for hardwareRequested(). */
    QPushButton* hardwareButton() const { return m_hardware; }
    QAction* saveReportAction() const { return m_saveAction; }

    /** @brief File: Save practice report…. */
    QList<MenuActions> menuActions() const override { return m_menus; }
    QList<ShortcutRow> shortcutRows() const override;

  signals:
    /** @brief The student asks for the lesson's next stop (the button shows at a lesson's practice stop). */
    void nextLessonStopRequested();
    /** @brief "Show in hardware": the window jumps to the clock where the IP's state register holds the
     *  explorer's step (MainWindow::showStepInHardware). */
    void hardwareRequested();

  protected:
    bool event(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    void buildUi();
    QLayout* buildRunBox();
    void connectUi();
    /** Starts the exercise for this target of the session's trace (recorder: this stop and title). */
    void begin(teach::PracticeTarget target, int hints, bool reveal, int stop, const QString& title);
    /** The parts that fit the session's trace, and the index range of the chosen one. */
    void refreshParts();
    void refreshIndexRange();
    /** The session's trace changed: an exercise on another run ends. */
    void followTrace();
    void showResult(const QString& text, int tone); ///< tone: 0 plain, 1 right, −1 error
    void refreshRun();
    void fitGrid();
    void refreshButtons();
    /** The state bits of the exercise's step, by number, for the asked bits. */
    std::map<int, bool> stateBits(const std::vector<int>& bits) const;
    /** The session's rounds as a report gives them: 0 for the standard rounds. */
    int reportRounds() const;

    sessions::CipherSession* m_cipher;
    crypto::Trace m_trace; ///< the run the exercise is on (a copy: the explorer may change under it)
    std::optional<teach::PracticeTarget> m_target;
    teach::PracticeCheck m_check;
    std::vector<std::string> m_hintTexts;
    int m_hintsAllowed = 0, m_hintsTaken = 0;
    bool m_revealAllowed = true, m_revealed = false;
    int m_lessonStop = -1;   ///< the lesson stop of the exercise; −1 = the student's own choice
    int m_lessonStops = 0;   ///< stops of the run's lesson: free exercises are numbered after them
    std::string m_runLesson; ///< the title of the lesson practised in this run
    std::vector<std::string> m_freeExercises; ///< the student's own exercises of the run, by key
    int m_stop = -1;                          ///< the exercise's stop number in the report
    QString m_stopTitle;                      ///< and its title there
    std::optional<std::pair<std::string, int>>
        m_practised; ///< algorithm and rounds (0 = standard) last practised

    std::unique_ptr<teach::PracticeRecorder> m_recorder;
    std::string m_key; ///< the class key of the run (never saved)
    teach::PracticeRecorder::Clock m_clock;
    PdfWriter m_pdfWriter;

    QComboBox* m_part = nullptr;
    QSpinBox* m_index = nullptr;
    QPushButton* m_practise = nullptr;
    QLabel* m_source = nullptr;
    QLabel* m_description = nullptr;
    QLabel* m_help = nullptr;
    QLabel* m_before = nullptr;
    QLineEdit* m_entry = nullptr;
    QPushButton* m_checkButton = nullptr;
    QPushButton* m_hintButton = nullptr;
    QPushButton* m_revealButton = nullptr;
    QLabel* m_result = nullptr;
    QLabel* m_feedback = nullptr;
    QLabel* m_hints = nullptr;
    QLabel* m_answer = nullptr;
    PracticeBitGrid* m_grid = nullptr;
    QScrollArea* m_gridArea = nullptr;
    QScrollArea* m_scroll = nullptr; ///< the whole panel's
    QPushButton* m_nextStop = nullptr;
    QPushButton* m_hardware = nullptr;
    QLineEdit* m_student = nullptr;
    QLineEdit* m_classKey = nullptr;
    QPushButton* m_startRun = nullptr;
    QPushButton* m_saveReport = nullptr;
    QLabel* m_runLabel = nullptr;
    QAction* m_saveAction = nullptr;
    QList<MenuActions> m_menus;
};

} // namespace rs::gui
