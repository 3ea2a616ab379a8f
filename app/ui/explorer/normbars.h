#pragma once
// ML-DSA signing in the Round Explorer: the checks of the current attempt (FIPS 204 Algorithm 7 lines 23
// and 28) as bars, each norm against its bound, so a teacher can show why signing loops. A check the
// stepping has not reached yet is drawn empty ("not yet"); a passed check green, the rejecting one red.
// Hidden for every algorithm but the signing rows.

#include <QWidget>

#include <vector>

#include "core/teach/mldsasignsteps.h"

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class NormBars : public QWidget {
    Q_OBJECT

  public:
    explicit NormBars(QWidget* parent = nullptr);

    /** @brief Shows the checks of the attempt the session's current step belongs to; hides itself when the
     *  trace has no sign steps. */
    void showStep(const sessions::CipherSession& session);

    /** @brief What is drawn: the attempt's four checks, those not reached yet with reached = false. */
    struct Bar {
        std::string what;
        std::int64_t value = 0, bound = 0;
        bool reached = false, passed = false;
    };
    const std::vector<Bar>& bars() const { return m_bars; }
    int attempt() const { return m_attempt; }
    /** @brief "Attempt 2 of 5: rejected at ‖z‖∞" — the line above the bars. */
    QString summary() const { return m_summary; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    std::vector<Bar> m_bars;
    int m_attempt = 0;
    QString m_summary;
};

} // namespace rs::gui
