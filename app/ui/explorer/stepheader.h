#pragma once
// The Round Explorer's current step in words, above the state: the title ("Round 3 · substitution layer";
// the NTT's rounds are its layers), the detail line (phase, block, round, step n of N, round key) and the
// step's one-line explanation (core/teach/explain.h: the spec's formula with the run's values).

#include <QWidget>

class QLabel;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class StepHeader : public QWidget {
    Q_OBJECT

  public:
    explicit StepHeader(QWidget* parent = nullptr);

    /** @brief Shows the session's current step, or "No trace" and why. */
    void showStep(const sessions::CipherSession& session);

    /** @brief "Round 3 · substitution layer" (object name "stepTitle"). */
    QLabel* title() const { return m_title; }
    /** @brief "initialization · block — · step 12 of 38 · round key ..." ("stepDetail"). */
    QLabel* detail() const { return m_detail; }
    /** @brief The step's explanation ("stepExplanation"), two lines high whatever its length (the grid
     *  below stays put); when cut, its tooltip holds all of it. */
    QLabel* explanation() const { return m_explanation; }

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void updateExplanationTip();

    QLabel* m_title = nullptr;
    QLabel* m_detail = nullptr;
    QLabel* m_explanation = nullptr;
};

} // namespace rs::gui
