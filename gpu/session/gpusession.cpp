#include "gpu/session/gpusession.h"

#include <QJsonDocument>
#include <QProcess>

#include <stdexcept>
#include <vector>

#include "gpu/host/gpusetup.h"
#include "gpu/runner/gpuexecutable.h"

namespace rs::gpu {

namespace {

/** How a sweep's program ended: its exit status and, for code 4, its last status line. */
struct SweepEnd {
    bool crashed = false;
    int code = 0;
    QString statusLine; ///< the last {"status": ...} line
    QString stderrText;
};

using Points = std::vector<QJsonObject>;

/** Runs roundscope-gpu with `args` on the job's thread, handing each point line on as progress; kills it
 *  when the job is cancelled. */
SweepEnd runSweep(const QString& exe, const QStringList& args, sessions::JobContext<Points>& job) {
    QProcess p;
    p.start(exe, args);
    if (!p.waitForStarted(10000))
        throw std::runtime_error(
            QStringLiteral("cannot start %1: %2").arg(exe, p.errorString()).toStdString());
    SweepEnd end;
    QByteArray pending;
    const auto readLines = [&] {
        pending += p.readAllStandardOutput();
        for (qsizetype nl; (nl = pending.indexOf('\n')) >= 0;) {
            const QByteArray line = pending.left(nl).trimmed();
            pending.remove(0, nl + 1);
            if (line.isEmpty()) continue;
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.contains(QStringLiteral("status")))
                end.statusLine = o.value(QStringLiteral("status")).toString();
            else if (!o.isEmpty())
                job.update([&o](Points& points) { points.push_back(o); });
        }
    };
    while (!p.waitForFinished(50)) {
        readLines();
        if (p.state() == QProcess::NotRunning) break;
        if (job.cancelled()) {
            p.kill();
            p.waitForFinished();
            readLines(); // what it measured before is still shown
            throw sessions::JobCancelled();
        }
    }
    readLines();
    end.crashed = p.exitStatus() != QProcess::NormalExit;
    end.code = p.exitCode();
    end.stderrText = QString::fromUtf8(p.readAllStandardError()).trimmed();
    return end;
}

} // namespace

GpuSession::GpuSession(QObject* parent) : QObject(parent) {}

GpuSession::~GpuSession() {
    m_worker.shutdown(); // a running sweep's program is killed
}

void GpuSession::probe() {
    if (m_probing) return;
    m_probing = true;
    m_worker.submit([](sessions::JobContext<>&) { return probeGpu(); },
                    [this](const sessions::JobResult<GpuProbe>& r) {
                        m_probing = false;
                        const GpuProbe p = r.value.value_or(
                            GpuProbe{false,
                                     QStringLiteral("no CUDA device: the probe did not run: %1")
                                         .arg(r.error.isEmpty() ? QStringLiteral("cancelled") : r.error),
                                     {}});
                        m_status = p.status;
                        emit probed(p.ok, p.status, p.device);
                    });
}

bool GpuSession::startSweep(const SweepRequest& r, QString* error) {
    const auto fail = [error](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (m_sweeping) return fail(tr("a sweep is running"));
    const QString exe = gpuExecutable();
    if (exe.isEmpty()) return fail(tr("roundscope-gpu was not found (set ROUNDSCOPE_GPU)"));
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
    if (launchesMessages(r.algorithm.toStdString()))
        args << QStringLiteral("--message-bytes") << r.messageBytes;
    m_sweeping = true;
    m_worker.submit<Points>(
        [exe, args](sessions::JobContext<Points>& job) { return runSweep(exe, args, job); },
        [this](const sessions::JobResult<SweepEnd>& res) {
            m_sweeping = false;
            const SweepEnd e = res.value.value_or(SweepEnd{});
            QString message;
            if (res.cancelled)
                message = tr("cancelled");
            else if (!res.value)
                message = res.error; // the program did not start
            else if (e.crashed)
                message = tr("roundscope-gpu crashed");
            else if (e.code == 0)
                message = tr("finished: every output verified");
            else if (e.code == 1)
                message = tr("a kernel gave a wrong answer (see the table)");
            else if (e.code == 4)
                message = e.statusLine;
            else
                message = e.stderrText.isEmpty() ? e.statusLine : e.stderrText;
            emit finished(res.cancelled || !res.value || e.crashed ? -1 : e.code, message);
        },
        [this](const Points& points) {
            for (const QJsonObject& o : points)
                emit point(o);
        });
    emit started();
    return true;
}

void GpuSession::cancel() {
    if (m_sweeping) m_worker.cancelAll();
}

} // namespace rs::gpu
