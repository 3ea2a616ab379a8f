#include "app/ui/window/workbench.h"

#include "core/sessions/campaignsession.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/diffusionsession.h"
#include "core/sessions/explorermodel.h"
#include "gpu/session/gpusession.h"
#include "hw/session/boardsession.h"
#include "hw/session/ipsession.h"
#include "hw/session/waveformsession.h"
#include "riscv/session/riscvsession.h"

#include <map>
#include <utility>

namespace rs::gui {

using sessions::CipherSession;

Workbench::Workbench(bool openStore, QObject* parent)
    : QObject(parent), m_cipher(new CipherSession(this)), m_sideCipher(new CipherSession(this)),
      m_diffusion(new sessions::DiffusionSession(this)), m_ip(new hw::IpSession(this)),
      m_waves(new hw::WaveformSession(this)), m_campaigns(new sessions::CampaignSession(this)),
      m_gpu(new gpu::GpuSession(this)), m_riscv(new riscv::RiscvSession(this)),
      m_board(new hw::BoardSession(this)) {
    connectGlue();
    // The campaign store is a local SQLite file in the user's data folder, opened off the GUI thread.
    if (openStore) m_campaigns->openStore(sessions::CampaignSession::defaultStorePath());
}

Workbench::~Workbench() = default;

void Workbench::connectGlue() {
    // Every IP run's clocks go to the waveform viewer, named by what ran.
    connect(m_ip, &hw::IpSession::finished, m_waves, [this](const hw::IpSessionResult& r) {
        m_waves->setCapture(r.capture, hw::IpSession::describe(r));
    });
    // The viewer links the explorer's steps to the clocks of a capture of the same inputs.
    connect(m_cipher, &CipherSession::traceChanged, m_waves,
            [this] { m_waves->setTrace(m_cipher->trace()); });
    m_waves->setTrace(m_cipher->trace());

    m_diffusion->followExplorer(m_cipher);
    connect(m_diffusion, &sessions::DiffusionSession::started, this,
            [this] { emit notice(tr("Diffusion analysis running… (Esc cancels)"), 0); });
    connect(m_diffusion, &sessions::DiffusionSession::finished, this,
            [this] { emit notice(tr("Diffusion analysis finished"), 5000); });
    connect(m_diffusion, &sessions::DiffusionSession::cancelled, this,
            [this] { emit notice(tr("Diffusion analysis cancelled"), 5000); });
    connect(m_diffusion, &sessions::DiffusionSession::failed, this,
            [this](const QString& m) { emit notice(tr("Analysis failed: %1").arg(m), 8000); });
    // A capture asked for from the explorer answers in the status bar, so "Capturing…" never outlives it.
    const auto captured = [this] {
        if (!std::exchange(m_capturing, false)) return;
        const auto& link = m_waves->link();
        if (m_waves->linkByClocksOnly() && !link.empty()) {
            emit notice(
                tr("Captured: the explorer's %1 steps are linked to the ML-DSA unit's clocks (%2 of them "
                   "exactly; the unit's memory is not captured, so no values are compared)")
                    .arg(link.size())
                    .arg(m_waves->exactLinks()),
                8000);
            return;
        }
        emit notice(m_waves->exactLinks() > 0
                        ? tr("Captured: %1 of the explorer's %2 steps are held by the register, linked to "
                             "their clocks")
                              .arg(m_waves->exactLinks())
                              .arg(link.size())
                        : tr("Captured, but not linked: %1").arg(m_waves->linkError()),
                    8000);
    };
    const auto captureFailed = [this](const QString& m) {
        if (std::exchange(m_capturing, false)) emit notice(tr("The capture failed: %1").arg(m), 10000);
    };
    connect(m_ip, &hw::IpSession::finished, this, captured);
    connect(m_ip, &hw::IpSession::failed, this,
            [captureFailed](const QString&, const QString& m) { captureFailed(m); });
    connect(m_ip, &hw::IpSession::cancelled, this, [captureFailed](const QString& core) {
        captureFailed(tr("the run on the %1 was cancelled").arg(hw::IpSession::coreName(core)));
    });
    connect(m_campaigns, &sessions::CampaignSession::storeFailed, this,
            [this](const QString&, const QString& e) {
                emit notice(tr("Campaign store not opened: %1").arg(e), 10000);
            });
}

bool Workbench::captureExplorerInputs() {
    const QString op = hw::IpSession::captureOperation(QString::fromStdString(m_cipher->algorithm().id));
    if (op.isEmpty()) {
        // What the cores can capture, from the registry: the explorer's algorithms some core claims.
        QStringList names;
        for (const sessions::ExplorerAlgorithm& a : sessions::explorerAlgorithms())
            if (!hw::IpSession::captureOperation(QString::fromStdString(a.id)).isEmpty())
                names << QString::fromStdString(a.displayName);
        emit notice(tr("The IP cores run %1: choose one of them in the Round Explorer first")
                        .arg(names.join(QStringLiteral(", "))),
                    8000);
        return false;
    }
    if (!m_cipher->inputsValid()) {
        emit notice(tr("Fix the explorer's inputs first: %1").arg(m_cipher->firstInputError()), 8000);
        return false;
    }
    std::map<std::string, crypto::Bytes> fields;
    for (const sessions::ExplorerField& f : m_cipher->algorithm().fields)
        fields[f.name] = m_cipher->inputBytes(QString::fromStdString(f.name));
    const QString core = hw::IpSession::coreOf(op);
    QString error;
    if (!m_ip->run({op, hw::IpSession::inputsFromFields(fields), {}}, &error)) {
        emit notice(tr("The %1 did not start: %2").arg(hw::IpSession::coreName(core), error), 8000);
        return false;
    }
    emit captureStarted(core);
    m_capturing = true;
    emit notice(tr("Capturing the explorer's inputs on the %1…").arg(hw::IpSession::coreName(core)), 0);
    return true;
}

} // namespace rs::gui
