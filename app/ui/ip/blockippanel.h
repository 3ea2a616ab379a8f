#pragma once
// The LEA / SKINNY-128-256 / SKINNY-128-384 cores on the IP page: core, rounds per clock, mode, and the hex
// inputs (key, message, CTR counter block) checked by core/inputs' rules as they are typed; Run; the output
// beside the C++ model's verdict, the clocks per block with the formula, and the bus clocks. A run the panel
// did not start (the explorer's capture) shows its inputs here too. Every run's capture goes to the
// waveform viewer (the Workbench wires it). The ciphers and their rounds-per-clock settings are the block
// core's (the IP core registry through IpSession), the key lengths the oracle's.

#include <QWidget>

#include "core/inputs/hexinputs.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace rs::hw {
class IpSession;
struct IpSessionResult;
} // namespace rs::hw

namespace rs::gui {

class HexFieldForm;
class ResourcePanel;

class BlockIpPanel : public QWidget {
    Q_OBJECT

  public:
    explicit BlockIpPanel(hw::IpSession* session, QWidget* parent = nullptr);

    QComboBox* algorithmBox() const { return m_alg; }
    QComboBox* rpcBox() const { return m_rpc; }
    QComboBox* modeBox() const { return m_mode; }
    QLineEdit* keyEdit() const;
    QLineEdit* messageEdit() const;
    QLineEdit* ivEdit() const;
    QPushButton* runButton() const { return m_run; }
    QLabel* outputLabel() const { return m_out; }
    QLabel* matchLabel() const { return m_match; }
    QLabel* cyclesLabel() const { return m_cycles; }
    /** @brief The yosys figures of the core and rounds per clock chosen. */
    ResourcePanel* resourcePanel() const { return m_resources; }
    /** @brief The inputs as typed (texts and their errors). */
    const inputs::HexInputs& inputs() const { return m_inputs; }
    /** @brief The block ciphers the core runs ("lea-128", ..., "skinny-128-384"), in the registry's order. */
    static QStringList algorithms();
    /** @brief A cipher's key (whole tweakey) length in bytes. */
    static int keyBytes(const QString& algorithm);

  public slots:
    /** @brief Runs the inputs on the chosen core; an invalid input is named and nothing runs. */
    void run();

  private:
    void fillRpc();
    void showResult(const hw::IpSessionResult& r);
    void showError(const QString& message);

    hw::IpSession* m_session;
    inputs::HexInputs m_inputs;
    QComboBox* m_alg = nullptr;
    QComboBox* m_rpc = nullptr;
    QComboBox* m_mode = nullptr;
    HexFieldForm* m_form = nullptr;
    QPushButton* m_run = nullptr;
    QLabel* m_out = nullptr;
    QLabel* m_match = nullptr;
    QLabel* m_cycles = nullptr;
    ResourcePanel* m_resources = nullptr;
};

} // namespace rs::gui
