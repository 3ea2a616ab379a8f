#pragma once
// The Ascon side of the IP core page (IpCorePage holds the core chooser): one Ascon operation through the
// Verilated IP (variant, rounds per clock, host precomputation, hex inputs validated as in the explorer), its
// ciphertext and tag checked against the C++ model, the clocks per phase beside the documented formula, and
// the synthesis figures of this core beside the paper's Table 2/3. The inputs are the page's own (a run it
// did not start, the explorer's capture, shows its inputs here); its rounds per clock and precomputation are
// the Ascon core's current settings in the facade (the capture runs with them). Decrypt mode takes a
// ciphertext and tag instead of the plaintext (filled with the C++ model's encryption of the plaintext when
// the mode is chosen) and can flip one tag bit before the run ("tamper the tag"); the result is the
// plaintext the IP released or "authentication failed — no plaintext released", and the capture shows the
// output FIFO held (STATUS.HELD) until AUTH_OK. It talks only to IpSession.

#include <QWidget>

#include <string>

#include "core/inputs/hexinputs.h"

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace rs::hw {
class IpSession;
struct IpSessionResult;
} // namespace rs::hw

namespace rs::gui {

class HexFieldEdit;
class HexFieldForm;
class ResourcePanel;

class AsconIpPage : public QWidget {
    Q_OBJECT

  public:
    /** @brief The page over a session it does not own. */
    explicit AsconIpPage(hw::IpSession* session, QWidget* parent = nullptr);

    /** @brief Runs the operation (Ctrl+Return while the focus is on this page). */
    QAction* runAction() const { return m_runAction; }
    /** @brief The hex field with this name (key, nonce, ad, pt; decrypt mode: ct and tag for pt), or nullptr.
     */
    HexFieldEdit* field(const QString& name) const;
    QComboBox* variantBox() const { return m_variant; }
    QComboBox* unrollBox() const { return m_unroll; }
    QCheckBox* precomputedBox() const { return m_precomputed; }
    /** @brief Encrypt (item 0) or decrypt (item 1). */
    QComboBox* modeBox() const { return m_mode; }
    /** @brief Decrypt mode: flips bit 0 of the tag's last byte before the run. */
    QCheckBox* tamperBox() const { return m_tamper; }
    /** @brief Decrypt mode: the plaintext released, or "authentication failed — no plaintext released". */
    QLabel* plaintextLabel() const { return m_pt; }
    bool decryptMode() const;
    QPushButton* runButton() const { return m_run; }
    QLabel* ciphertextLabel() const { return m_ct; }
    QLabel* tagLabel() const { return m_tag; }
    QLabel* matchLabel() const { return m_match; }
    QLabel* axiLabel() const { return m_axi; }
    QTableWidget* cycleTable() const { return m_cycles; }
    QTableWidget* resourceTable() const { return m_resources; }
    /** @brief The yosys figures of the rounds per clock chosen, beside the paper's Table 2 / 3. */
    ResourcePanel* resourcePanel() const { return m_resourcePanel; }
    /** @brief The inputs as typed (texts and their errors). */
    const inputs::HexInputs& inputs() const { return m_inputs; }

  public slots:
    /** @brief Runs the inputs on the Ascon IP; false (and nothing runs) while one is invalid or a run is in
     *  progress. */
    bool run();

  private:
    QWidget* buildResources();
    void syncInputs();
    /** @brief Shows the core's current rounds per clock and precomputation (set elsewhere too). */
    void syncOptions();
    void updateRunEnabled();
    void showResult(const hw::IpSessionResult& r);
    /** @brief Switches the fields between pt (encrypt) and ct + tag (decrypt). */
    void setDecryptMode(bool on);
    void showDecryptResult(const hw::IpSessionResult& r);
    /** @brief The verdict, AXI transactions and clocks per phase beside the formula (both directions). */
    void showFigures(const hw::IpSessionResult& r);

    hw::IpSession* m_session;
    inputs::HexInputs m_inputs; ///< key, nonce, ad, pt: the explorer's AEAD fields and spec examples
    HexFieldForm* m_form = nullptr;
    QComboBox* m_variant = nullptr;
    QComboBox* m_unroll = nullptr;
    QCheckBox* m_precomputed = nullptr;
    QComboBox* m_mode = nullptr;
    QCheckBox* m_tamper = nullptr;
    std::string m_ptText; ///< the plaintext as typed, kept while decrypt mode shows ct and tag
    QPushButton* m_run = nullptr;
    QAction* m_runAction = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_ct = nullptr;
    QLabel* m_tag = nullptr;
    QLabel* m_pt = nullptr;
    QLabel* m_match = nullptr;
    QLabel* m_axi = nullptr;
    QTableWidget* m_cycles = nullptr;
    QTableWidget* m_resources = nullptr;
    ResourcePanel* m_resourcePanel = nullptr;
};

} // namespace rs::gui
