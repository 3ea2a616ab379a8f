#pragma once
// The lesson editor (issue 34): a lesson written in the app instead of by hand in JSON. New lesson takes
// the explorer's algorithm and its inputs; the lesson's title, algorithm (from the explorer's list),
// inputs and optional reduced rounds (1..the algorithm's maximum, where it has variable rounds) sit above
// its stops. Each stop has its step (with the step's name in this lesson's trace), view, flipped bit,
// title, note, question and answer, and its practice settings (part, index, hints, reveal); stops are
// added, duplicated, deleted and moved up or down. Save checks the lesson first as the panel will read
// it (teach::parseLesson of the bytes written, validateLesson against the trace of its inputs and rounds,
// validatePractice of its practice stops), names every error in words, and writes atomically
// (fileio::writeFileAtomic); then lessonSaved hands the bytes to the lesson panel, which plays them.
// Talks to CipherSession (the explorer's algorithm, inputs and step for new lessons and stops).

#include <QDialog>

#include <map>
#include <string>
#include <vector>

#include "core/teach/lesson.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class LessonEditor : public QDialog {
    Q_OBJECT

  public:
    explicit LessonEditor(sessions::CipherSession* cipher, QWidget* parent = nullptr);

    /** @brief A new lesson: the explorer's algorithm and inputs, its rounds when reduced, no stops yet. */
    void newLesson();
    /** @brief Edits a copy of this lesson (the panel's lesson on view). */
    void editLesson(const teach::Lesson& lesson);
    /** @brief The lesson the form holds (an input that is not valid hex is left out). */
    teach::Lesson lesson() const;
    /** @brief Every reason the lesson cannot be saved, in words ("Stop 2: …"); empty when it can. The bytes
     *  Save would write go to *json. */
    QStringList check(QByteArray* json = nullptr) const;
    /** @brief Checks and writes the lesson; false with the errors shown (and in *error). */
    bool saveTo(const QString& path, QString* error = nullptr);

    /** @brief Appends a stop at the explorer's step (when it shows this algorithm), after the current one. */
    void addStop();
    void duplicateStop();
    void deleteStop();
    /** @brief Moves the current stop up (−1) or down (+1). */
    void moveStop(int delta);
    int currentStop() const { return m_row; }
    void setCurrentStop(int row);
    /** @brief Trace steps of the lesson's inputs and rounds; 0 when an input is not valid. */
    int stepCount() const { return m_stepCount; }

    QLineEdit* titleEdit() const { return m_title; }
    QComboBox* algorithmBox() const { return m_algorithm; }
    QCheckBox* roundsCheck() const { return m_roundsCheck; }
    QSpinBox* roundsSpin() const { return m_rounds; }
    QLineEdit* inputEdit(const QString& field) const;
    QListWidget* stopList() const { return m_list; }
    QSpinBox* stepSpin() const { return m_step; }
    QLabel* stepName() const { return m_stepName; }
    QComboBox* viewBox() const { return m_view; }
    QCheckBox* flipCheck() const { return m_flipCheck; }
    QComboBox* flipFieldBox() const { return m_flipField; }
    QSpinBox* flipBitSpin() const { return m_flipBit; }
    QLineEdit* stopTitleEdit() const { return m_stopTitle; }
    QPlainTextEdit* noteEdit() const { return m_note; }
    QLineEdit* questionEdit() const { return m_question; }
    QLineEdit* answerEdit() const { return m_answer; }
    QGroupBox* practiceBox() const { return m_practice; }
    QComboBox* partBox() const { return m_part; }
    QSpinBox* indexSpin() const { return m_index; }
    QSpinBox* hintsSpin() const { return m_hints; }
    QCheckBox* revealCheck() const { return m_reveal; }
    QLabel* messageLabel() const { return m_message; }

  signals:
    /** @brief A lesson was written to path; json is what was written. */
    void lessonSaved(const QByteArray& json, const QString& path);

  private:
    QWidget* buildLessonBox();
    QWidget* buildStopBox();
    /** Shows the algorithm's input fields (texts from `texts`, else the explorer's), rounds and flip fields.
     */
    void showAlgorithm(const std::map<std::string, std::string>& texts);
    /** Re-runs the lesson's trace for the step range and names. */
    void refreshTrace();
    void refreshList();
    void loadStop();
    void storeStop();
    void refreshStepName();
    void showMessage(const QString& text, bool error);
    std::string algorithmId() const;

    sessions::CipherSession* m_cipher;
    std::vector<teach::LessonStop> m_stops;
    int m_row = -1;
    bool m_loading = false;
    int m_stepCount = 0;
    std::vector<std::string> m_stepNames;

    QLineEdit* m_title = nullptr;
    QComboBox* m_algorithm = nullptr;
    QCheckBox* m_roundsCheck = nullptr;
    QSpinBox* m_rounds = nullptr;
    QFormLayout* m_inputsForm = nullptr;
    std::map<std::string, QLineEdit*> m_inputs;
    QListWidget* m_list = nullptr;
    QPushButton *m_add = nullptr, *m_duplicate = nullptr, *m_delete = nullptr, *m_up = nullptr,
                *m_down = nullptr;
    QWidget* m_stopBox = nullptr;
    QSpinBox* m_step = nullptr;
    QLabel* m_stepName = nullptr;
    QComboBox* m_view = nullptr;
    QCheckBox* m_flipCheck = nullptr;
    QComboBox* m_flipField = nullptr;
    QSpinBox* m_flipBit = nullptr;
    QLineEdit* m_stopTitle = nullptr;
    QPlainTextEdit* m_note = nullptr;
    QLineEdit* m_question = nullptr;
    QLineEdit* m_answer = nullptr;
    QGroupBox* m_practice = nullptr;
    QComboBox* m_part = nullptr;
    QSpinBox* m_index = nullptr;
    QSpinBox* m_hints = nullptr;
    QCheckBox* m_reveal = nullptr;
    QLabel* m_message = nullptr;
};

} // namespace rs::gui
