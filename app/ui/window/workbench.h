#pragma once
// The Workbench: every session (facade) the app's pages talk to, owned in one place, and the glue
// between them, session to session: the explorer's inputs captured on an IP core (bytes from
// CipherSession to AsconIpSession or BlockIpSession), each IP run's clocks to the waveform viewer, the
// explorer's trace to the viewer's round link, and the sessions' news as status messages. A plain
// QObject: it knows no widget (the main window shows its notices and pages).

#include <QObject>
#include <QString>

namespace rs::sessions {
class CampaignSession;
class CipherSession;
} // namespace rs::sessions
namespace rs::gpu {
class GpuSession;
}
namespace rs::riscv {
class RiscvSession;
}
namespace rs::hw {
class BlockIpSession;
class MlDsaIpSession;
class BoardSession;
class AsconIpSession;
class WaveformSession;
} // namespace rs::hw

namespace rs::gui {

class Workbench : public QObject {
    Q_OBJECT

  public:
    /** @brief The IP core a capture runs on. */
    enum Core { AsconCore = 0, BlockCore = 1, MlDsaCore = 2 };

    /** @brief openStore: open the app's campaign store (not in tests and screenshots, which keep no
     *  state of the user's). */
    explicit Workbench(bool openStore, QObject* parent = nullptr);
    ~Workbench() override;

    sessions::CipherSession* cipher() const { return m_cipher; }
    /** @brief The second explorer run of the Side by side page (its right side; the left is cipher()). */
    sessions::CipherSession* sideCipher() const { return m_sideCipher; }
    hw::AsconIpSession* ip() const { return m_ip; }
    hw::BlockIpSession* blockIp() const { return m_blockIp; }
    hw::MlDsaIpSession* mldsaIp() const { return m_mldsaIp; }
    hw::WaveformSession* waveforms() const { return m_waves; }
    sessions::CampaignSession* campaigns() const { return m_campaigns; }
    gpu::GpuSession* gpu() const { return m_gpu; }
    riscv::RiscvSession* riscv() const { return m_riscv; }
    hw::BoardSession* board() const { return m_board; }

    /** @brief Runs the explorer's inputs on the IP core of its algorithm (Ascon-128/128a/AEAD128 on the
     *  Ascon IP, LEA-128/192/256 and SKINNY-128-256 on the block core at one round per clock, the ML-DSA
     *  NTT / NTT^-1 on the ML-DSA unit at B = 2), so the capture links round by round (layer by layer);
     *  false with a notice saying why when it cannot. */
    bool captureExplorerInputs();

  signals:
    /** @brief A message for the status bar, shown for `ms` milliseconds (0: until replaced). */
    void notice(const QString& message, int ms);
    /** @brief A capture of the explorer's inputs started on this core. */
    void captureStarted(int core);

  private:
    void connectGlue();
    bool captureOnBlockCore(const QString& id);
    bool captureOnMlDsaUnit(const QString& id);

    sessions::CipherSession* m_cipher = nullptr;
    sessions::CipherSession* m_sideCipher = nullptr;
    hw::AsconIpSession* m_ip = nullptr;
    hw::BlockIpSession* m_blockIp = nullptr;
    hw::MlDsaIpSession* m_mldsaIp = nullptr;
    hw::WaveformSession* m_waves = nullptr;
    sessions::CampaignSession* m_campaigns = nullptr;
    gpu::GpuSession* m_gpu = nullptr;
    riscv::RiscvSession* m_riscv = nullptr;
    hw::BoardSession* m_board = nullptr;
    bool m_capturing = false; ///< a capture of the explorer's inputs has not answered yet
};

} // namespace rs::gui
