#include "app/ui/ip/ipcorepage.h"

#include "app/ui/ip/asconippage.h"
#include "app/ui/ip/blockippanel.h"
#include "app/ui/ip/mldsaippanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace rs::gui {

IpCorePage::IpCorePage(hw::AsconIpSession* ascon, hw::BlockIpSession* block, hw::MlDsaIpSession* mldsa,
                       QWidget* parent)
    : QWidget(parent), m_ascon(new AsconIpPage(ascon, this)), m_block(new BlockIpPanel(block, this)),
      m_mldsa(new MlDsaIpPanel(mldsa, this)) {
    m_core = new QComboBox(this);
    m_core->setObjectName(QStringLiteral("ipCore"));
    m_core->addItems(
        {tr("Ascon (AEAD)"), tr("LEA / SKINNY-128-256/384 (block)"), tr("ML-DSA polynomial unit")});
    auto* stack = new QStackedWidget(this);
    stack->addWidget(m_ascon);
    stack->addWidget(m_block);
    // The unit's panel is taller than a laptop's page (its lanes): it scrolls.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("mldsaScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_mldsa);
    stack->addWidget(scroll);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Core"), this));
    row->addWidget(m_core);
    row->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(stack, 1);
    connect(m_core, &QComboBox::currentIndexChanged, stack, &QStackedWidget::setCurrentIndex);
}

void IpCorePage::showCore(int core) {
    m_core->setCurrentIndex(core);
}

} // namespace rs::gui
