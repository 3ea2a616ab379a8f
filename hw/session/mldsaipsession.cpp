#include "hw/session/mldsaipsession.h"

#include <QFile>

#include <random>
#include <span>

#include "core/inputs/mldsapolyfile.h"
#include "hw/ip/axilite.h"
#include "hw/ip/mldsaip.h"

namespace rs::hw {

namespace {

crypto::MlDsaPoly modelOf(MlDsaOp op, const crypto::MlDsaPoly& a, const crypto::MlDsaPoly& b) {
    switch (op) {
    case MlDsaOp::Ntt:
        return crypto::mldsaNtt(a);
    case MlDsaOp::Intt:
        return crypto::mldsaInverseNtt(a);
    case MlDsaOp::Pwm:
        return crypto::mldsaMultiplyNtt(a, b);
    case MlDsaOp::Pwa:
        return crypto::mldsaAddNtt(a, b);
    }
    return a;
}

} // namespace

MlDsaIpSession::MlDsaIpSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<MlDsaIpSessionResult>();
}

MlDsaIpSession::~MlDsaIpSession() {
    // Waits for a running operation (cancelled), then frees the models on the thread that built them.
    m_worker.shutdown([this] { m_ip.reset(); });
}

QStringList MlDsaIpSession::operations() {
    return {QStringLiteral("mldsa-ntt"), QStringLiteral("mldsa-intt"), QStringLiteral("mldsa-pwm"),
            QStringLiteral("mldsa-pwa")};
}

bool MlDsaIpSession::takesTwoOperands(const QString& operation) {
    const auto op = mldsaIpOp(operation.toStdString());
    return op && (*op == MlDsaOp::Pwm || *op == MlDsaOp::Pwa);
}

QList<int> MlDsaIpSession::supportedButterflies() {
    QList<int> out;
    for (const int b : MlDsaIp::supportedButterflies())
        out << b;
    return out;
}

std::uint64_t MlDsaIpSession::formulaCycles(const QString& operation, int butterflies) {
    const auto op = mldsaIpOp(operation.toStdString());
    if (!op || !supportedButterflies().contains(butterflies)) return 0;
    return mldsaIpCycles(*op, butterflies);
}

crypto::MlDsaPoly MlDsaIpSession::randomPolynomial(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::int32_t> d(0, crypto::kMlDsaQ - 1);
    crypto::MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

bool MlDsaIpSession::readOperands(const QString& path, crypto::MlDsaPoly& a, crypto::MlDsaPoly& b, int& count,
                                  QString* error) {
    // The CLI's parser (raw, hex or decimal), read bounded: a FIFO or device is refused, never waited on.
    try {
        const std::vector<crypto::MlDsaPoly> polys =
            inputs::readMlDsaPolyFile(QFile::encodeName(path).toStdString(), 0);
        a = polys.front();
        b = polys.back();
        count = static_cast<int>(polys.size());
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

bool MlDsaIpSession::run(const QString& operation, int butterflies, const crypto::MlDsaPoly& a,
                         const crypto::MlDsaPoly& b, QString* error) {
    const auto fail = [error](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (m_running) return fail(tr("a run is in progress"));
    const auto op = mldsaIpOp(operation.toStdString());
    if (!op) return fail(tr("unknown operation '%1'").arg(operation));
    if (!supportedButterflies().contains(butterflies))
        return fail(tr("%1 butterflies per clock is not built").arg(butterflies));
    m_running = true;
    emit runningChanged(true);
    m_worker.submit(
        [this, op = *op, operation, butterflies, a, b](sessions::JobContext<>& job) {
            if (!m_ip) m_ip = std::make_unique<MlDsaIp>();
            auto capture = std::make_shared<waveform::WaveformStore>();
            m_ip->captureInto(capture.get());
            m_ip->setCancel(&job.cancelFlag());
            MlDsaIpResult r;
            try {
                r = m_ip->run(op, a, b, butterflies);
            } catch (const IpCancelled&) {
                // The abandoned operation may still be in the unit: the next run starts on new models.
                m_ip.reset();
                throw sessions::JobCancelled();
            } catch (...) {
                m_ip.reset();
                throw;
            }
            m_ip->captureInto(nullptr);
            m_ip->setCancel(nullptr);
            MlDsaIpSessionResult s;
            s.operation = operation;
            s.butterflies = butterflies;
            s.a = a;
            s.b = b;
            s.output = r.output;
            s.model = modelOf(op, a, b);
            s.matchesModel = s.output == s.model;
            s.bankConflict = r.bankConflict;
            s.coreCycles = r.coreCycles;
            s.formulaCycles = mldsaIpCycles(op, butterflies);
            s.busClocks = r.busClocks;
            try {
                s.lanes = std::make_shared<const MlDsaLanes>(extractMlDsaLanes(*capture));
            } catch (const std::exception& e) {
                s.lanesError = QString::fromUtf8(e.what());
            }
            s.capture = std::move(capture);
            return s;
        },
        [this](const sessions::JobResult<MlDsaIpSessionResult>& r) {
            m_running = false;
            emit runningChanged(false);
            if (r.ok())
                emit finished(*r.value);
            else if (r.cancelled)
                emit cancelled();
            else
                emit failed(r.error);
        });
    return true;
}

void MlDsaIpSession::cancel() {
    if (m_running) m_worker.cancelAll();
}

} // namespace rs::hw
