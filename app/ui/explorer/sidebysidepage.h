#pragma once
// Side by side (issue 17, teaching): two explorer runs stepped together by one set of step controls, with
// their difference. The left side is the Round Explorer's run (its CipherSession: editing it here edits the
// explorer), the right side has its own CipherSession. Two modes:
//  - same cipher, two inputs: the right runs the left's algorithm and round count on its own inputs (e.g. the
//    left's inputs with one plaintext bit flipped);
//  - two ciphers, same plaintext: the right has its own algorithm; the plaintext fields both algorithms have
//    by name ("pt", "state") are copied from the left's last valid run and kept in step (read-only there).
// Stepping: one shared position over the longer trace; each side shows the step of the same index, clamped to
// its last step (core/sessions/sidebyside.h, alignedStep). Difference: when both states have the same layout
// and size, both views highlight the differing bits and a line counts them; otherwise the line says the
// states are not comparable bit for bit and gives each side's Hamming weight. A side whose inputs are invalid
// is not run: it shows why, and the other side keeps working. ←/→/Home/End step while the focus is inside
// the page.

#include <QWidget>

#include "core/sessions/sidebyside.h"

class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class InputPanel;
class StateView;

class SideBySidePage : public QWidget {
    Q_OBJECT

  public:
    enum class Mode { SameCipher = 0, TwoCiphers = 1 };
    enum Side { Left = 0, Right = 1 };

    /** @brief left: the Round Explorer's session; right: the page's second run (not owned). */
    SideBySidePage(sessions::CipherSession* left, sessions::CipherSession* right, QWidget* parent = nullptr);

    Mode mode() const { return m_mode; }
    /** @brief Switches mode: same cipher (the right follows the left's algorithm and rounds) or two ciphers
     *  (the shared plaintext follows the left). */
    void setMode(Mode mode);
    /** @brief Same cipher: the right gets every input of the left's last valid run, with bit 0 (the MSB of
     *  byte 0) of the plaintext field flipped (the ML-DSA polynomial: the low bit of coefficient 0, since
     *  its bit 0 would make that coefficient ≥ q; sessions::defaultFlipBit). */
    void copyLeftWithOneBitFlipped();

    /** @brief The shared step position (0-based) and how many there are (the longer trace's steps). */
    int position() const { return m_position; }
    int positionCount() const { return m_count; }
    void setPosition(int position);
    /** @brief The step index a side shows now (alignedStep), -1 when it shows none. */
    int shownStep(Side side) const { return m_sides[side].shown; }
    /** @brief The comparison of the states now shown (valid when both sides show a step). */
    const sessions::StateComparison& comparison() const { return m_comparison; }

    sessions::CipherSession* session(Side side) const { return m_sides[side].session; }
    StateView* stateView(Side side) const { return m_sides[side].view; }
    InputPanel* inputPanel(Side side) const { return m_sides[side].inputs; }
    QLabel* stepTitle(Side side) const { return m_sides[side].title; }
    QLabel* stepDetail(Side side) const { return m_sides[side].detail; }
    QLabel* stepExplanation(Side side) const { return m_sides[side].explanation; }
    /** @brief "37 of 128 state bits differ at this step", or why the states are not compared. */
    QLabel* differenceLabel() const { return m_difference; }
    QComboBox* modeBox() const { return m_modeBox; }
    QPushButton* flipButton() const { return m_flip; }
    /** @brief What the two sides share in this mode ("Shared with the left: pt ..."). */
    QLabel* shareNote() const { return m_shareNote; }
    QAction* firstAction() const { return m_first; }
    QAction* previousAction() const { return m_previous; }
    QAction* nextAction() const { return m_next; }
    QAction* lastAction() const { return m_last; }
    QSlider* slider() const { return m_slider; }

  public slots:
    /** @brief Redraws both sides and the difference now (changes are otherwise coalesced). */
    void refresh();

  private:
    struct SideWidgets {
        sessions::CipherSession* session = nullptr;
        InputPanel* inputs = nullptr;
        StateView* view = nullptr;
        QLabel* title = nullptr;
        QLabel* detail = nullptr;
        QLabel* explanation = nullptr;
        int shown = -1;
    };

    QWidget* buildSide(Side side, const QString& heading);
    /** @brief Steps of a side that can be shown: 0 while its inputs are invalid (not run). */
    int usableSteps(Side side) const;
    void refreshSide(Side side);
    void refreshDifference();
    /** @brief Shows the session's texts in the page's panel (another editor may have changed them). */
    void syncPanel(Side side);
    /** @brief Two ciphers: copies the shared plaintext from the left and locks it on the right. */
    void copySharedPlaintext();
    /** @brief Same cipher: the right's algorithm and rounds follow the left's. */
    void followLeftAlgorithm();
    void updateLocks();

    SideWidgets m_sides[2];
    Mode m_mode = Mode::SameCipher;
    int m_position = 0;
    int m_count = 0;
    sessions::StateComparison m_comparison;
    QComboBox* m_modeBox = nullptr;
    QPushButton* m_flip = nullptr;
    QLabel* m_shareNote = nullptr;
    QAction* m_first = nullptr;
    QAction* m_previous = nullptr;
    QAction* m_next = nullptr;
    QAction* m_last = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_positionLabel = nullptr;
    QLabel* m_difference = nullptr;
    QTimer* m_refreshSoon = nullptr;
};

} // namespace rs::gui
