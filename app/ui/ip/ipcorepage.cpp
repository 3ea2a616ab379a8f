#include "app/ui/ip/ipcorepage.h"

#include "app/ui/ip/asconippage.h"
#include "app/ui/ip/blockippanel.h"
#include "app/ui/ip/mldsaippanel.h"
#include "hw/session/ipsession.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace rs::gui {

IpCorePage::IpCorePage(hw::IpSession* session, QWidget* parent)
    : QWidget(parent), m_ascon(new AsconIpPage(session, this)), m_block(new BlockIpPanel(session, this)),
      m_mldsa(new MlDsaIpPanel(session, this)) {
    m_core = new QComboBox(this);
    m_core->setObjectName(QStringLiteral("ipCore"));
    m_stack = new QStackedWidget(this);
    addPanel(QStringLiteral("ascon"), m_ascon);
    addPanel(QStringLiteral("block"), m_block);
    // The unit's panel is taller than a laptop's page (its lanes): it scrolls.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("mldsaScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_mldsa);
    addPanel(QStringLiteral("mldsa"), scroll);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Core"), this));
    row->addWidget(m_core);
    row->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_stack, 1);
    connect(m_core, &QComboBox::currentIndexChanged, this,
            [this](int) { showCore(m_core->currentData().toString()); });
}

void IpCorePage::addPanel(const QString& core, QWidget* widget) {
    m_panels.push_back({core, widget});
    m_stack->addWidget(widget);
    m_core->addItem(hw::IpSession::coreName(core), core);
}

QStringList IpCorePage::cores() const {
    QStringList out;
    for (const Panel& p : m_panels)
        out << p.core;
    return out;
}

QList<MenuActions> IpCorePage::menuActions() const {
    return {{MenuSection::RunIp, {m_ascon->runAction()}}};
}

void IpCorePage::showCore(const QString& core) {
    for (const Panel& p : m_panels)
        if (p.core == core) {
            m_stack->setCurrentWidget(p.widget);
            m_core->setCurrentIndex(m_core->findData(core));
        }
}

} // namespace rs::gui
