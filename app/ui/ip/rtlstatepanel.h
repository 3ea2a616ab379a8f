#pragma once
// Model state beside RTL state: for the Round Explorer's current step, the state the C++ model
// records and the IP's state register (Ascon x0..x4, the LEA / SKINNY cores' x0..x3) at the clock linked
// to that step, row by row, with the hex digits that differ marked and the number of differing bits (0
// when all is well). A step inside a round (the register holds only round boundaries, every U-th round)
// is "not held by the register": nothing is compared, so no false mismatch is drawn. A capture of the
// ML-DSA unit holds no coefficients: its link is by clocks only, said so, and nothing is compared. Talks to
// CipherSession and WaveformSession.

#include <QWidget>

#include <cstdint>
#include <vector>

#include "core/crypto/trace.h"

class QLabel;
class QPushButton;

namespace rs::sessions {
class CipherSession;
}
namespace rs::hw {
class WaveformSession;
}

namespace rs::gui {

class RtlStatePanel : public QWidget {
    Q_OBJECT

  public:
    RtlStatePanel(sessions::CipherSession* cipher, hw::WaveformSession* waves, QWidget* parent = nullptr);

    /** @brief "step 5 → cycle 13 · exact" or why there is no link. */
    QLabel* headline() const { return m_headline; }
    /** @brief The two states side by side. */
    QLabel* table() const { return m_table; }
    /** @brief Differing bits of the shown pair, -1 when nothing is shown. */
    int differingBits() const { return m_diffBits; }
    /** @brief The clock linked to the current step, -1 when none. */
    long long linkedCycle() const { return m_cycle; }
    QPushButton* captureButton() const { return m_capture; }

    /** @brief Redraws from the sessions (on step, trace or link changes). */
    void refresh();

  signals:
    void captureRequested();

  private:
    /** The model's state beside the register's, row by row (empty rtl: the model's rows alone, the
     *  register's column saying it does not hold this step); counts the differing bits. */
    QString rowsHtml(const crypto::TraceStep& s, const std::vector<std::uint8_t>& rtl);

    sessions::CipherSession* m_cipher;
    hw::WaveformSession* m_waves;
    QLabel* m_headline = nullptr;
    QLabel* m_table = nullptr;
    QPushButton* m_capture = nullptr;
    int m_diffBits = -1;
    long long m_cycle = -1;
};

} // namespace rs::gui
