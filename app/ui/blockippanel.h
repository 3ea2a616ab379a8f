#pragma once
// The LEA / SKINNY-128-256 cores on the IP page: core, rounds per clock, key, message (ECB blocks or CTR
// with a counter block), Run; the output beside the C++ model's verdict, the clocks per block with the
// formula, and the bus clocks. Every run's capture goes to the waveform viewer (MainWindow wires it).

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace rs::hw {
class BlockIpSession;
}

namespace rs::gui {

class BlockIpPanel : public QWidget {
    Q_OBJECT

  public:
    explicit BlockIpPanel(hw::BlockIpSession* session, QWidget* parent = nullptr);

    QComboBox* algorithmBox() const { return m_alg; }
    QComboBox* rpcBox() const { return m_rpc; }
    QComboBox* modeBox() const { return m_mode; }
    QLineEdit* keyEdit() const { return m_key; }
    QLineEdit* messageEdit() const { return m_msg; }
    QLineEdit* ivEdit() const { return m_iv; }
    QPushButton* runButton() const { return m_run; }
    QLabel* outputLabel() const { return m_out; }
    QLabel* matchLabel() const { return m_match; }
    QLabel* cyclesLabel() const { return m_cycles; }

  public slots:
    void run();
    /** @brief Selects the core and fills the inputs (the explorer's "capture on the IP"). */
    void setInputs(const QString& algorithm, const QString& keyHex, const QString& messageHex);

  private:
    void fillRpc();

    hw::BlockIpSession* m_session;
    QComboBox* m_alg = nullptr;
    QComboBox* m_rpc = nullptr;
    QComboBox* m_mode = nullptr;
    QLineEdit* m_key = nullptr;
    QLineEdit* m_msg = nullptr;
    QLineEdit* m_iv = nullptr;
    QPushButton* m_run = nullptr;
    QLabel* m_out = nullptr;
    QLabel* m_match = nullptr;
    QLabel* m_cycles = nullptr;
};

} // namespace rs::gui
