#include "app/ui/window/workbench.h"

#include "core/sessions/campaignsession.h"
#include "core/sessions/ciphersession.h"
#include "gpu/session/gpusession.h"
#include "hw/session/asconipsession.h"
#include "hw/session/blockipsession.h"
#include "hw/session/boardsession.h"
#include "hw/session/mldsaipsession.h"
#include "hw/session/waveformsession.h"
#include "riscv/session/riscvsession.h"

#include "hw/ip/asconip.h"

#include <exception>
#include <utility>

namespace rs::gui {

using sessions::CipherSession;

Workbench::Workbench(bool openStore, QObject* parent)
    : QObject(parent), m_cipher(new CipherSession(this)), m_sideCipher(new CipherSession(this)),
      m_ip(new hw::AsconIpSession(this)), m_blockIp(new hw::BlockIpSession(this)),
      m_mldsaIp(new hw::MlDsaIpSession(this)), m_waves(new hw::WaveformSession(this)),
      m_campaigns(new sessions::CampaignSession(this)), m_gpu(new gpu::GpuSession(this)),
      m_riscv(new riscv::RiscvSession(this)), m_board(new hw::BoardSession(this)) {
    connectGlue();
    // The campaign store is a local SQLite file in the user's data folder, opened off the GUI thread.
    if (openStore) m_campaigns->openStore(sessions::CampaignSession::defaultStorePath());
}

Workbench::~Workbench() = default;

void Workbench::connectGlue() {
    // Every IP run's clocks go to the waveform viewer, named by what ran.
    connect(m_ip, &hw::AsconIpSession::finished, m_waves, [this](const hw::AsconIpSessionResult& r) {
        const auto name = crypto::asconAeadName(r.variant);
        m_waves->setCapture(r.capture,
                            tr("IP run · %1 · unroll %2 · %3 · PT %4 B")
                                .arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())))
                                .arg(r.unroll)
                                .arg(r.precomputed ? tr("precomputed init") : tr("full init"))
                                .arg(r.ct.size()));
    });
    connect(m_blockIp, &hw::BlockIpSession::finished, m_waves, [this](const hw::BlockIpSessionResult& r) {
        m_waves->setCapture(r.capture, tr("IP run · %1 %2 · %3 rounds per clock · %4 B")
                                           .arg(r.algorithm, r.mode.toUpper())
                                           .arg(r.rpc)
                                           .arg(r.output.size()));
    });
    connect(m_mldsaIp, &hw::MlDsaIpSession::finished, m_waves, [this](const hw::MlDsaIpSessionResult& r) {
        m_waves->setCapture(r.capture, tr("IP run · %1 · %2 butterflies per clock · %3 core clocks")
                                           .arg(r.operation)
                                           .arg(r.butterflies)
                                           .arg(r.coreCycles));
    });
    // The viewer links the explorer's steps to the clocks of a capture of the same inputs.
    connect(m_cipher, &CipherSession::traceChanged, m_waves,
            [this] { m_waves->setTrace(m_cipher->trace()); });
    m_waves->setTrace(m_cipher->trace());

    connect(m_cipher, &CipherSession::diffusionStarted, this,
            [this] { emit notice(tr("Diffusion analysis running… (Esc cancels)"), 0); });
    connect(m_cipher, &CipherSession::diffusionFinished, this,
            [this] { emit notice(tr("Diffusion analysis finished"), 5000); });
    connect(m_cipher, &CipherSession::diffusionCancelled, this,
            [this] { emit notice(tr("Diffusion analysis cancelled"), 5000); });
    connect(m_cipher, &CipherSession::diffusionFailed, this,
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
    connect(m_ip, &hw::AsconIpSession::finished, this, captured);
    connect(m_blockIp, &hw::BlockIpSession::finished, this, captured);
    connect(m_ip, &hw::AsconIpSession::failed, this, captureFailed);
    connect(m_blockIp, &hw::BlockIpSession::failed, this, captureFailed);
    connect(m_mldsaIp, &hw::MlDsaIpSession::finished, this, captured);
    connect(m_mldsaIp, &hw::MlDsaIpSession::failed, this, captureFailed);
    connect(m_mldsaIp, &hw::MlDsaIpSession::cancelled, this,
            [captureFailed] { captureFailed(tr("the ML-DSA unit's run was cancelled")); });
    connect(m_campaigns, &sessions::CampaignSession::storeFailed, this,
            [this](const QString&, const QString& e) {
                emit notice(tr("Campaign store not opened: %1").arg(e), 10000);
            });
}

bool Workbench::captureExplorerInputs() {
    const QString id = QString::fromStdString(m_cipher->algorithm().id);
    const auto variant = hw::ipVariantFromId(m_cipher->algorithm().id);
    const bool block = !variant && hw::BlockIpSession::algorithms().contains(id);
    const bool mldsa = id == QLatin1String("mldsa-ntt") || id == QLatin1String("mldsa-intt");
    if (!variant && !block && !mldsa) {
        emit notice(
            tr("The IP cores run Ascon AEAD, LEA-128/192/256, SKINNY-128-256/384 and the ML-DSA NTT / "
               "INTT: choose one of them in the Round Explorer first"),
            8000);
        return false;
    }
    if (!m_cipher->inputsValid()) {
        emit notice(tr("Fix the explorer's inputs first: %1").arg(m_cipher->firstInputError()), 8000);
        return false;
    }
    if (block) return captureOnBlockCore(id);
    if (mldsa) return captureOnMlDsaUnit(id);
    if (m_ip->isRunning()) {
        emit notice(tr("The IP is still running"), 5000);
        return false;
    }
    m_ip->setVariant(*variant);
    for (const QString& field : hw::AsconIpSession::fieldNames())
        m_ip->setInputBytes(field, m_cipher->inputBytes(field));
    if (!m_ip->run()) {
        emit notice(tr("The IP did not start: check the IP core page's inputs"), 8000);
        return false;
    }
    emit captureStarted(AsconCore);
    m_capturing = true;
    emit notice(tr("Capturing the explorer's inputs on the IP…"), 0);
    return true;
}

bool Workbench::captureOnBlockCore(const QString& id) {
    // One round per clock: the core's register then holds the state after every round the explorer shows.
    const int rpc = hw::BlockIpSession::supportedRpc(id).value(0, 1);
    QString error;
    if (!m_blockIp->run(id, rpc, m_cipher->inputBytes(QStringLiteral("key")),
                        m_cipher->inputBytes(QStringLiteral("pt")), QStringLiteral("ecb"), {}, &error)) {
        emit notice(tr("The %1 core did not start: %2").arg(id, error), 8000);
        return false;
    }
    emit captureStarted(BlockCore);
    m_capturing = true;
    emit notice(tr("Capturing the explorer's inputs on the %1 core…").arg(id), 0);
    return true;
}

bool Workbench::captureOnMlDsaUnit(const QString& id) {
    // B = 2, the paper's design point; the capture goes to the viewer as every run of the unit does.
    constexpr int kButterflies = 2;
    crypto::MlDsaPoly poly{};
    try {
        poly = crypto::mldsaPolyFromBytes(m_cipher->inputBytes(QStringLiteral("poly")));
    } catch (const std::exception& e) {
        emit notice(tr("Fix the explorer's inputs first: %1").arg(QString::fromUtf8(e.what())), 8000);
        return false;
    }
    QString error;
    if (!m_mldsaIp->run(id, kButterflies, poly, {}, &error)) {
        emit notice(tr("The ML-DSA unit did not start: %1").arg(error), 8000);
        return false;
    }
    emit captureStarted(MlDsaCore);
    m_capturing = true;
    emit notice(tr("Capturing the explorer's inputs on the ML-DSA unit…"), 0);
    return true;
}

} // namespace rs::gui
