#pragma once
// The Workbench: every session (facade) the app's pages talk to, owned in one place, and the glue
// between them, session to session: the diffusion analysis cancelled when the explorer's algorithm or
// rounds change, the explorer's inputs captured on an IP core (bytes from
// CipherSession to the IP facade, IpSession), each IP run's clocks to the waveform viewer, the
// explorer's trace to the viewer's round link, and the sessions' news as status messages. A plain
// QObject: it knows no widget (the main window shows its notices and pages).

#include <QObject>
#include <QString>

namespace rs::sessions {
class CampaignSession;
class CipherSession;
class DiffusionSession;
} // namespace rs::sessions
namespace rs::gpu {
class GpuSession;
}
namespace rs::riscv {
class RiscvSession;
}
namespace rs::hw {
class BoardSession;
class IpSession;
class WaveformSession;
} // namespace rs::hw

namespace rs::gui {

class Workbench : public QObject {
    Q_OBJECT

  public:
    /** @brief openStore: open the app's campaign store (not in tests and screenshots, which keep no
     *  state of the user's). */
    explicit Workbench(bool openStore, QObject* parent = nullptr);
    ~Workbench() override;

    sessions::CipherSession* cipher() const { return m_cipher; }
    /** @brief The second explorer run of the Side by side page (its right side; the left is cipher()). */
    sessions::CipherSession* sideCipher() const { return m_sideCipher; }
    /** @brief The diffusion analysis of the explorer's algorithm (it follows cipher(): a change of its
     *  algorithm or round count cancels a running analysis). */
    sessions::DiffusionSession* diffusion() const { return m_diffusion; }
    /** @brief The IP facade: every IP core of the registry (hw/ip/ipcores.h). */
    hw::IpSession* ip() const { return m_ip; }
    hw::WaveformSession* waveforms() const { return m_waves; }
    sessions::CampaignSession* campaigns() const { return m_campaigns; }
    gpu::GpuSession* gpu() const { return m_gpu; }
    riscv::RiscvSession* riscv() const { return m_riscv; }
    hw::BoardSession* board() const { return m_board; }

    /** @brief Runs the explorer's inputs on the IP core that claims its algorithm's operation
     *  (IpSession::captureOperation: the Ascon AEADs on the Ascon IP, LEA and SKINNY-128-256/384 in ECB on
     * the block core, the ML-DSA NTT / NTT^-1 on the ML-DSA unit) at the core's current settings (its
     * defaults: one round per clock, B = 2; the Ascon page's choice), so the capture links round by round
     * (layer by layer); false with a notice saying why when it cannot. */
    bool captureExplorerInputs();

  signals:
    /** @brief A message for the status bar, shown for `ms` milliseconds (0: until replaced). */
    void notice(const QString& message, int ms);
    /** @brief A capture of the explorer's inputs started on this core (its registry id: "ascon", "block"). */
    void captureStarted(const QString& core);

  private:
    void connectGlue();

    sessions::CipherSession* m_cipher = nullptr;
    sessions::CipherSession* m_sideCipher = nullptr;
    sessions::DiffusionSession* m_diffusion = nullptr;
    hw::IpSession* m_ip = nullptr;
    hw::WaveformSession* m_waves = nullptr;
    sessions::CampaignSession* m_campaigns = nullptr;
    gpu::GpuSession* m_gpu = nullptr;
    riscv::RiscvSession* m_riscv = nullptr;
    hw::BoardSession* m_board = nullptr;
    bool m_capturing = false; ///< a capture of the explorer's inputs has not answered yet
};

} // namespace rs::gui
