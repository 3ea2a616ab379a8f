#pragma once
// The main window: the pages as dock widgets (the Round Explorer, its diffusion page, the IP core), menus
// with keyboard shortcuts, a status bar, light/dark palettes, and QSettings ("RoundScope") for the window
// layout and the last inputs.

#include <QMainWindow>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;

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
class BoardSession;
class IpSession;
class WaveformSession;
} // namespace rs::hw

namespace rs::gui {

class CampaignsPage;
class ChartsPage;
class CudaPage;
class BlockIpPanel;
class BoardPage;
class RiscvPage;
class DiffusionPage;
class IpPage;
class RoundExplorerPage;
class RtlStatePanel;
class WaveformPage;

class MainWindow : public QMainWindow {
    Q_OBJECT

  public:
    /** @brief persistSettings false: neither reads nor writes QSettings (screenshots, tests). */
    explicit MainWindow(bool persistSettings = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    sessions::CipherSession* session() const { return m_session; }
    RoundExplorerPage* explorerPage() const { return m_explorer; }
    DiffusionPage* diffusionPage() const { return m_diffusion; }
    IpPage* ipPage() const { return m_ip; }
    hw::IpSession* ipSession() const { return m_ipSession; }
    WaveformPage* waveformPage() const { return m_waves; }
    hw::WaveformSession* waveformSession() const { return m_waveSession; }
    RtlStatePanel* rtlPanel() const { return m_rtl; }
    sessions::CampaignSession* campaignSession() const { return m_campaignSession; }
    CampaignsPage* campaignsPage() const { return m_campaigns; }
    ChartsPage* chartsPage() const { return m_charts; }
    CudaPage* cudaPage() const { return m_cuda; }
    RiscvPage* riscvPage() const { return m_riscv; }
    BoardPage* boardPage() const { return m_board; }
    BlockIpPanel* blockIpPanel() const { return m_blockIp; }
    QComboBox* ipCoreBox() const { return m_ipCore; }
    /** @brief Runs the explorer's Ascon AEAD inputs on the IP (its capture then links round by
     *  round); false with a status message when the explorer is not on an Ascon AEAD variant. */
    bool captureExplorerInputs();
    QAction* darkAction() const { return m_dark; }
    /** @brief Switches the application palette. */
    void setDarkTheme(bool dark);
    /** @brief Saves what is on screen (the window as the X server shows it, else a widget grab). */
    bool saveScreenshot(const QString& path);
    /** @brief Writes geometry, dock state, theme and inputs. */
    void saveSettings() const;
    /** @brief Reads what saveSettings wrote. */
    void restoreSettings();

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    QDockWidget* addPage(QWidget* page, const QString& title, const QString& objectName,
                         Qt::DockWidgetArea area);
    void buildMenus();
    void updateStatus();
    void resetLayout();
    void showShortcuts();

    bool m_persist;
    sessions::CipherSession* m_session = nullptr;
    RoundExplorerPage* m_explorer = nullptr;
    DiffusionPage* m_diffusion = nullptr;
    hw::IpSession* m_ipSession = nullptr;
    IpPage* m_ip = nullptr;
    hw::WaveformSession* m_waveSession = nullptr;
    WaveformPage* m_waves = nullptr;
    RtlStatePanel* m_rtl = nullptr;
    QDockWidget* m_explorerDock = nullptr;
    QDockWidget* m_wavesDock = nullptr;
    QDockWidget* m_rtlDock = nullptr;
    sessions::CampaignSession* m_campaignSession = nullptr;
    CampaignsPage* m_campaigns = nullptr;
    ChartsPage* m_charts = nullptr;
    QDockWidget* m_campaignsDock = nullptr;
    QDockWidget* m_chartsDock = nullptr;
    gpu::GpuSession* m_gpuSession = nullptr;
    CudaPage* m_cuda = nullptr;
    QDockWidget* m_cudaDock = nullptr;
    riscv::RiscvSession* m_riscvSession = nullptr;
    RiscvPage* m_riscv = nullptr;
    QDockWidget* m_riscvDock = nullptr;
    hw::BoardSession* m_boardSession = nullptr;
    BoardPage* m_board = nullptr;
    QDockWidget* m_boardDock = nullptr;
    hw::BlockIpSession* m_blockIpSession = nullptr;
    BlockIpPanel* m_blockIp = nullptr;
    QComboBox* m_ipCore = nullptr;
    QDockWidget* m_diffusionDock = nullptr;
    QDockWidget* m_ipDock = nullptr;
    QAction* m_dark = nullptr;
    QLabel* m_statusAlg = nullptr;
    QLabel* m_statusStep = nullptr;
    QLabel* m_statusInputs = nullptr;
    QByteArray m_defaultState;
};

} // namespace rs::gui
