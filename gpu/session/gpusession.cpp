#include "gpusession.h"

#include <QJsonDocument>

#include "gpuexecutable.h"

namespace rs::gpu {

GpuSession::GpuSession(QObject* parent) : QObject(parent) {}

GpuSession::~GpuSession() {
    for (QProcess* p : {m_probe, m_sweep})
        if (p && p->state() != QProcess::NotRunning) {
            p->kill();
            p->waitForFinished(3000);
        }
}

void GpuSession::probe() {
    if (m_probe && m_probe->state() != QProcess::NotRunning) return;
    const QString exe = gpuExecutable();
    if (exe.isEmpty()) {
        m_status = QStringLiteral("no CUDA device: roundscope-gpu was not found (set ROUNDSCOPE_GPU)");
        emit probed(false, m_status, {});
        return;
    }
    if (!m_probe) {
        m_probe = new QProcess(this);
        connect(m_probe, &QProcess::finished, this, [this](int code, QProcess::ExitStatus st) {
            const QJsonObject o =
                QJsonDocument::fromJson(m_probe->readAllStandardOutput().trimmed()).object();
            m_status = o.value(QStringLiteral("status")).toString();
            if (m_status.isEmpty())
                m_status = QStringLiteral("no CUDA device: the probe gave no answer (exit %1)").arg(code);
            const bool ok = st == QProcess::NormalExit && code == 0 && m_status == QStringLiteral("ok");
            emit probed(ok, m_status, ok ? o : QJsonObject());
        });
        connect(m_probe, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
            if (e != QProcess::FailedToStart) return;
            m_status =
                QStringLiteral("no CUDA device: cannot start roundscope-gpu: %1").arg(m_probe->errorString());
            emit probed(false, m_status, {});
        });
    }
    m_probe->start(exe, {QStringLiteral("probe")});
}

bool GpuSession::isRunning() const {
    return m_sweep && m_sweep->state() != QProcess::NotRunning;
}

bool GpuSession::startSweep(const SweepRequest& r, QString* error) {
    const auto fail = [error](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (isRunning()) return fail(tr("a sweep is running"));
    const QString exe = gpuExecutable();
    if (exe.isEmpty()) return fail(tr("roundscope-gpu was not found (set ROUNDSCOPE_GPU)"));
    if (!m_sweep) {
        m_sweep = new QProcess(this);
        connect(m_sweep, &QProcess::readyReadStandardOutput, this, &GpuSession::readLines);
        connect(m_sweep, &QProcess::finished, this, [this](int code, QProcess::ExitStatus st) {
            readLines();
            const QString err = QString::fromUtf8(m_sweep->readAllStandardError()).trimmed();
            QString message;
            if (m_cancelled)
                code = -1, message = tr("cancelled");
            else if (st != QProcess::NormalExit)
                code = -1, message = tr("roundscope-gpu crashed");
            else if (code == 0)
                message = tr("finished: every output verified");
            else if (code == 1)
                message = tr("a kernel gave a wrong answer (see the table)");
            else if (code == 4)
                message = m_lastStatusLine;
            else
                message = err.isEmpty() ? m_lastStatusLine : err;
            emit finished(code, message);
        });
    }
    QStringList args = {QStringLiteral("sweep"),
                        QStringLiteral("--alg"),
                        r.algorithm,
                        QStringLiteral("--variant"),
                        r.variant,
                        QStringLiteral("--from"),
                        r.from,
                        QStringLiteral("--to"),
                        r.to,
                        QStringLiteral("--repeats"),
                        QString::number(r.repeats)};
    if (r.algorithm == QStringLiteral("ascon-aead128"))
        args << QStringLiteral("--message-bytes") << r.messageBytes;
    m_pending.clear();
    m_lastStatusLine.clear();
    m_cancelled = false;
    m_sweep->start(exe, args);
    if (!m_sweep->waitForStarted(10000))
        return fail(tr("cannot start %1: %2").arg(exe, m_sweep->errorString()));
    emit started();
    return true;
}

void GpuSession::cancel() {
    if (!isRunning()) return;
    m_cancelled = true;
    m_sweep->kill();
}

void GpuSession::readLines() {
    m_pending += m_sweep->readAllStandardOutput();
    for (qsizetype nl; (nl = m_pending.indexOf('\n')) >= 0;) {
        const QByteArray line = m_pending.left(nl).trimmed();
        m_pending.remove(0, nl + 1);
        if (line.isEmpty()) continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.contains(QStringLiteral("status")))
            m_lastStatusLine = o.value(QStringLiteral("status")).toString();
        else if (!o.isEmpty())
            emit point(o);
    }
}

} // namespace rs::gpu
