#pragma once
// The Round Explorer's twin run: the same inputs with one bit flipped. Which field to flip (a combo of the
// algorithm's fields), the field's bits (click one, or move the focus bit with the arrows and flip it with
// Space) and a summary of how many state bits (ML-DSA: coefficients) differ at the current step, or why
// there is no twin. Every choice goes to the CipherSession.

#include <QGroupBox>

class QComboBox;
class QLabel;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class InputBitsView;

class TwinPanel : public QGroupBox {
    Q_OBJECT

  public:
    explicit TwinPanel(sessions::CipherSession* session, QWidget* parent = nullptr);

    QComboBox* fieldBox() const { return m_field; }
    InputBitsView* inputBits() const { return m_bits; }
    /** @brief Follows the session: the field's bits, the flipped bit, the field chosen and the summary. */
    void refresh();

  signals:
    /** @brief The user chose a bit in the input bits: it is the session's flipped bit now. */
    void bitChosen(int bit);

  private:
    void refreshFields();
    void refreshSummary();

    sessions::CipherSession* m_session;
    QComboBox* m_field = nullptr;
    QLabel* m_summary = nullptr;
    InputBitsView* m_bits = nullptr;
};

} // namespace rs::gui
