#pragma once
// The IP core page: which core to inspect, Ascon (AEAD, the paper's IP: AsconIpPage) or a LEA / SKINNY
// block core (BlockIpPanel), one above the other in a stack behind the Core chooser.

#include <QWidget>

class QComboBox;

namespace rs::hw {
class BlockIpSession;
class AsconIpSession;
} // namespace rs::hw

namespace rs::gui {

class BlockIpPanel;
class AsconIpPage;

class IpCorePage : public QWidget {
    Q_OBJECT

  public:
    enum Core { Ascon = 0, Block = 1 };

    IpCorePage(hw::AsconIpSession* ascon, hw::BlockIpSession* block, QWidget* parent = nullptr);

    AsconIpPage* asconPage() const { return m_ascon; }
    BlockIpPanel* blockPanel() const { return m_block; }
    QComboBox* coreBox() const { return m_core; }

  public slots:
    /** @brief Shows the page of this core. */
    void showCore(int core);

  private:
    QComboBox* m_core = nullptr;
    AsconIpPage* m_ascon = nullptr;
    BlockIpPanel* m_block = nullptr;
};

} // namespace rs::gui
