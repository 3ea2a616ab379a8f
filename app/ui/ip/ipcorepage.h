#pragma once
// The IP core page: which core to inspect, Ascon (AEAD, the paper's IP: AsconIpPage) or a LEA / SKINNY
// block core (BlockIpPanel) or the ML-DSA polynomial unit (MlDsaIpPanel, in a scroll area), one above the
// other in a stack behind the Core chooser.

#include <QWidget>

class QComboBox;

namespace rs::hw {
class BlockIpSession;
class AsconIpSession;
class MlDsaIpSession;
} // namespace rs::hw

namespace rs::gui {

class BlockIpPanel;
class AsconIpPage;
class MlDsaIpPanel;

class IpCorePage : public QWidget {
    Q_OBJECT

  public:
    enum Core { Ascon = 0, Block = 1, MlDsa = 2 };

    IpCorePage(hw::AsconIpSession* ascon, hw::BlockIpSession* block, hw::MlDsaIpSession* mldsa,
               QWidget* parent = nullptr);

    AsconIpPage* asconPage() const { return m_ascon; }
    BlockIpPanel* blockPanel() const { return m_block; }
    MlDsaIpPanel* mldsaPanel() const { return m_mldsa; }
    QComboBox* coreBox() const { return m_core; }

  public slots:
    /** @brief Shows the page of this core. */
    void showCore(int core);

  private:
    QComboBox* m_core = nullptr;
    AsconIpPage* m_ascon = nullptr;
    BlockIpPanel* m_block = nullptr;
    MlDsaIpPanel* m_mldsa = nullptr;
};

} // namespace rs::gui
