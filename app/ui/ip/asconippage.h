#pragma once
// The Ascon side of the IP core page (IpCorePage holds the core chooser): one Ascon operation through the
// Verilated IP (variant, rounds per clock, host precomputation, hex inputs validated as in the explorer), its
// ciphertext and tag checked against the C++ model, the clocks per phase beside the documented formula, and
// the synthesis figures of this core beside the paper's Table 2/3. It talks only to AsconIpSession.

#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace rs::hw {
class AsconIpSession;
struct AsconIpSessionResult;
} // namespace rs::hw

namespace rs::gui {

class HexFieldEdit;
class HexFieldForm;

class AsconIpPage : public QWidget {
    Q_OBJECT

  public:
    /** @brief The page over a session it does not own. */
    explicit AsconIpPage(hw::AsconIpSession* session, QWidget* parent = nullptr);

    /** @brief Runs the operation (Ctrl+Return while the focus is on this page). */
    QAction* runAction() const { return m_runAction; }
    /** @brief The hex field with this name (key, nonce, ad, pt), or nullptr. */
    HexFieldEdit* field(const QString& name) const;
    QComboBox* variantBox() const { return m_variant; }
    QComboBox* unrollBox() const { return m_unroll; }
    QCheckBox* precomputedBox() const { return m_precomputed; }
    QPushButton* runButton() const { return m_run; }
    QLabel* ciphertextLabel() const { return m_ct; }
    QLabel* tagLabel() const { return m_tag; }
    QLabel* matchLabel() const { return m_match; }
    QLabel* axiLabel() const { return m_axi; }
    QTableWidget* cycleTable() const { return m_cycles; }
    QTableWidget* resourceTable() const { return m_resources; }

  private:
    QWidget* buildResources();
    void syncInputs();
    /** @brief Shows the session's variant, unroll and precomputation (a run it did not start). */
    void syncOptions();
    void updateRunEnabled();
    void showResult(const hw::AsconIpSessionResult& r);

    hw::AsconIpSession* m_session;
    HexFieldForm* m_form = nullptr;
    QComboBox* m_variant = nullptr;
    QComboBox* m_unroll = nullptr;
    QCheckBox* m_precomputed = nullptr;
    QPushButton* m_run = nullptr;
    QAction* m_runAction = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_ct = nullptr;
    QLabel* m_tag = nullptr;
    QLabel* m_match = nullptr;
    QLabel* m_axi = nullptr;
    QTableWidget* m_cycles = nullptr;
    QTableWidget* m_resources = nullptr;
};

} // namespace rs::gui
