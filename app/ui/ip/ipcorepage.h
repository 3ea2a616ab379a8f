#pragma once
// The IP core page: which core to inspect, one panel per core of the IP core registry (hw/ip/ipcores.h) in a
// stack behind the Core chooser: Ascon (AEAD, the paper's IP: AsconIpPage), the LEA / SKINNY block cores
// (BlockIpPanel), the ML-DSA polynomial unit (MlDsaIpPanel, in a scroll area). Every panel talks to the one
// IP facade (IpSession). A core is shown by its registry id, never by its place in the stack.

#include <QString>
#include <QWidget>

#include <vector>

#include "app/ui/common/menucontributor.h"

class QComboBox;
class QStackedWidget;

namespace rs::hw {
class IpSession;
} // namespace rs::hw

namespace rs::gui {

class BlockIpPanel;
class AsconIpPage;
class MlDsaIpPanel;

class IpCorePage : public QWidget, public MenuContributor {
    Q_OBJECT

  public:
    explicit IpCorePage(hw::IpSession* session, QWidget* parent = nullptr);

    AsconIpPage* asconPage() const { return m_ascon; }
    BlockIpPanel* blockPanel() const { return m_block; }
    MlDsaIpPanel* mldsaPanel() const { return m_mldsa; }
    QComboBox* coreBox() const { return m_core; }
    /** @brief The registry ids of the cores the page shows, in the chooser's order. */
    QStringList cores() const;
    /** @brief Run: the Ascon page's Run on the IP (Ctrl+Return while the focus is in it). */
    QList<MenuActions> menuActions() const override;

  public slots:
    /** @brief Shows the panel of this core (its registry id: "ascon", "block", "mldsa"); nothing for another.
     */
    void showCore(const QString& core);

  private:
    /** One core's panel: the widget in the stack (a scroll area holds a tall one). */
    struct Panel {
        QString core;
        QWidget* widget;
    };
    void addPanel(const QString& core, QWidget* widget);

    QComboBox* m_core = nullptr;
    QStackedWidget* m_stack = nullptr;
    std::vector<Panel> m_panels;
    AsconIpPage* m_ascon = nullptr;
    BlockIpPanel* m_block = nullptr;
    MlDsaIpPanel* m_mldsa = nullptr;
};

} // namespace rs::gui
