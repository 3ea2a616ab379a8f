#pragma once
// The ML-DSA polynomial unit on the IP page: operation (NTT, NTT^-1, PWM, PWA) and butterflies per clock B,
// operands random from a seed or read from a file; Run (off the GUI thread; Cancel stops it); the unit's
// clocks beside mldsaIpCycles and the paper's own figures (labelled as the paper's), whether the output
// equals the C++ model, the lanes of the capture and its layer spans, and "Open in Waveforms" for the
// capture (the Workbench hands every run's capture to the viewer). The operations and the built B are the
// ML-DSA core's (the IP core registry through IpSession); the run is judged by the oracle.

#include <QWidget>

#include <cstdint>

#include "core/crypto/mldsantt.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace rs::hw {
class IpSession;
struct IpSessionResult;
} // namespace rs::hw

namespace rs::gui {

class MlDsaLaneView;
class ResourcePanel;

class MlDsaIpPanel : public QWidget {
    Q_OBJECT

  public:
    explicit MlDsaIpPanel(hw::IpSession* session, QWidget* parent = nullptr);

    QComboBox* operationBox() const { return m_op; }
    QComboBox* butterfliesBox() const { return m_bf; }
    QComboBox* sourceBox() const { return m_source; }
    QSpinBox* seedBox() const { return m_seed; }
    QLineEdit* fileEdit() const { return m_file; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* openWavesButton() const { return m_openWaves; }
    QLabel* cyclesLabel() const { return m_cycles; }
    QLabel* matchLabel() const { return m_match; }
    QLabel* layersLabel() const { return m_layers; }
    /** @brief Paper 001's figures for the operation chosen or last run. */
    QLabel* paperLabel() const { return m_paper; }
    MlDsaLaneView* laneView() const { return m_lanes; }
    /** @brief The yosys figures of the unit at the B chosen. */
    ResourcePanel* resourcePanel() const { return m_resources; }
    /** @brief The core clocks of the last run shown (0 before any). */
    quint64 shownCycles() const { return m_shownCycles; }

    /** @brief The paper's figures of an operation, as the paper gives them ("533"), empty when none. */
    static QString paperCycles(const QString& operation);
    /** @brief A polynomial of uniform coefficients in [0, q) from a seed (the same seed, the same one): the
     *  random operands are those of seeds 2s and 2s + 1. */
    static crypto::MlDsaPoly randomPolynomial(std::uint64_t seed);
    /**
     * @brief Reads operands from a file (core/inputs/mldsapolyfile.h, as the CLI's --in): 1024 bytes (a) or
     * 2048 bytes (a then b) of big-endian 32-bit coefficients as the campaigns store them, their hex text,
     * or text with 256 or 512 decimal coefficients separated by blanks, commas or new lines. False with the
     * reason in `error`, naming the file (a missing file, not a regular file, another size, a coefficient
     * not in [0, q)); `count` is set to the polynomials read (1 or 2).
     */
    static bool readOperands(const QString& path, crypto::MlDsaPoly& a, crypto::MlDsaPoly& b, int& count,
                             QString* error);

  public slots:
    /** @brief Runs the chosen operation on the operands chosen; a bad file is named and nothing runs. */
    void run();

  signals:
    /** @brief "Open in Waveforms": show the waveform page (it already holds the last run's capture). */
    void openWaveformsRequested();

  private:
    void showResult(const hw::IpSessionResult& r);
    void showError(const QString& message);
    void showPaper(const QString& operation);
    void updateSource();

    hw::IpSession* m_session;
    QComboBox* m_op = nullptr;
    QComboBox* m_bf = nullptr;
    QComboBox* m_source = nullptr;
    QSpinBox* m_seed = nullptr;
    QLineEdit* m_file = nullptr;
    QPushButton* m_browse = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_openWaves = nullptr;
    QLabel* m_cycles = nullptr;
    QLabel* m_paper = nullptr;
    QLabel* m_match = nullptr;
    QLabel* m_layers = nullptr;
    MlDsaLaneView* m_lanes = nullptr;
    ResourcePanel* m_resources = nullptr;
    quint64 m_shownCycles = 0;
};

} // namespace rs::gui
