#include "hw/session/blockipsession.h"

#include "core/campaign/runner.h"
#include "core/oracle/oracle.h"
#include "hw/ip/blockip.h"

namespace rs::hw {

BlockIpSession::BlockIpSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<BlockIpSessionResult>();
}

BlockIpSession::~BlockIpSession() {
    // Waits for a running operation, then frees the cores on the thread that built them.
    m_worker.shutdown([this] { m_ip.reset(); });
}

QStringList BlockIpSession::algorithms() {
    return {QStringLiteral("lea-128"), QStringLiteral("lea-192"), QStringLiteral("lea-256"),
            QStringLiteral("skinny-128-256"), QStringLiteral("skinny-128-384")};
}

QList<int> BlockIpSession::supportedRpc(const QString& algorithm) {
    const auto alg = blockIpAlgorithm(algorithm.toStdString());
    QList<int> out;
    if (alg)
        for (const int r : BlockIp::supportedRpc(alg->core))
            out << r;
    return out;
}

int BlockIpSession::keyBytes(const QString& algorithm) {
    const auto alg = blockIpAlgorithm(algorithm.toStdString());
    return alg ? static_cast<int>(alg->keyBytes) : 0;
}

bool BlockIpSession::run(const QString& algorithm, int rpc, const crypto::Bytes& key,
                         const crypto::Bytes& input, const QString& mode, const crypto::Bytes& iv,
                         QString* error) {
    const auto fail = [error](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (m_running) return fail(tr("a run is in progress"));
    const auto alg = blockIpAlgorithm(algorithm.toStdString());
    if (!alg) return fail(tr("unknown core '%1'").arg(algorithm));
    if (key.size() != alg->keyBytes)
        return fail(tr("key: %1 bytes, %2 takes %3").arg(key.size()).arg(algorithm).arg(alg->keyBytes));
    if (mode == QStringLiteral("ecb") && (input.empty() || input.size() % 16))
        return fail(tr("plaintext: ECB needs whole 16-byte blocks (got %1 bytes)").arg(input.size()));
    if (mode == QStringLiteral("ctr") && iv.size() != 16)
        return fail(tr("counter block: CTR takes 16 bytes (got %1)").arg(iv.size()));
    if (!supportedRpc(algorithm).contains(rpc)) return fail(tr("%1 rounds per clock is not built").arg(rpc));
    m_running = true;
    emit runningChanged(true);
    const std::string id = algorithm.toStdString(), m = mode.toStdString();
    m_worker.submit(
        [this, id, m, rpc, key, input, iv, algorithm, mode](sessions::JobContext<>&) {
            if (!m_ip) m_ip = std::make_unique<BlockIp>();
            auto capture = std::make_shared<waveform::WaveformStore>();
            m_ip->captureInto(capture.get());
            const BlockIpResult r =
                m == "ecb" ? m_ip->ecb(id, key, input, rpc) : m_ip->ctr(id, key, iv, input, rpc);
            m_ip->captureInto(nullptr);
            BlockIpSessionResult s;
            s.algorithm = algorithm;
            s.mode = mode;
            s.rpc = rpc;
            s.key = key;
            s.input = input;
            s.iv = iv;
            s.output = r.output;
            s.blocks = r.blocks;
            s.coreCycles = r.coreCycles;
            s.busClocks = r.busClocks;
            s.cyclesPerBlock = blockIpCycles(blockIpAlgorithm(id)->rounds, rpc);
            const campaign::RunKey runKey{"ip", id + "-" + m, input.size(), 0};
            s.matchesModel =
                oracle::verify(r.output,
                               campaign::referenceOutput(runKey, campaign::RunInputs{key, iv, {}, input}))
                    .ok;
            s.capture = std::move(capture);
            return s;
        },
        [this](const sessions::JobResult<BlockIpSessionResult>& r) {
            m_running = false;
            emit runningChanged(false);
            if (r.value)
                emit finished(*r.value);
            else
                emit failed(r.error);
        });
    return true;
}

} // namespace rs::hw
