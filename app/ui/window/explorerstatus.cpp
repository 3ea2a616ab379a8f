#include "app/ui/window/explorerstatus.h"

#include "app/ui/common/pagehelpers.h"
#include "core/sessions/ciphersession.h"

#include <QLabel>
#include <QStatusBar>

namespace rs::gui {

using sessions::CipherSession;

ExplorerStatus::ExplorerStatus(CipherSession* session, QStatusBar* bar) : QObject(bar), m_session(session) {
    for (QLabel** label : {&m_inputs, &m_step, &m_algorithm}) {
        *label = new QLabel(bar);
        bar->addPermanentWidget(*label);
    }
    connect(session, &CipherSession::algorithmChanged, this, &ExplorerStatus::update);
    connect(session, &CipherSession::traceChanged, this, &ExplorerStatus::update);
    connect(session, &CipherSession::currentStepChanged, this, &ExplorerStatus::update);
    connect(session, &CipherSession::inputValidityChanged, this, &ExplorerStatus::update);
}

void ExplorerStatus::update() {
    const CipherSession* s = m_session;
    m_algorithm->setText(QString::fromStdString(s->algorithm().displayName));
    m_step->setText(s->hasTrace() ? tr("step %1 / %2").arg(s->currentStep() + 1).arg(s->stepCount())
                                  : tr("no trace"));
    const QString e = s->firstInputError();
    m_inputs->setText(e.isEmpty() ? tr("inputs valid") : tr("invalid input: %1").arg(e));
    setErrorStyle(m_inputs, !e.isEmpty());
}

} // namespace rs::gui
