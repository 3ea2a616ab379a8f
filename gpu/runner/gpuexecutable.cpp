#include "gpu/runner/gpuexecutable.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>

#include "core/programdir.h"

namespace rs::gpu {

namespace {

bool executable(const QString& p) {
    const QFileInfo f(p);
    return f.isFile() && f.isExecutable();
}

} // namespace

QString gpuExecutable() {
    const QString env = qEnvironmentVariable("ROUNDSCOPE_GPU");
    if (!env.isEmpty()) return executable(env) ? env : QString();
    const QString beside = QDir(core::programDirectory()).filePath(QStringLiteral("roundscope-gpu"));
    if (executable(beside)) return beside;
#ifdef RS_GPU_BUILD_PATH
    if (executable(QStringLiteral(RS_GPU_BUILD_PATH))) return QStringLiteral(RS_GPU_BUILD_PATH);
#endif
    return QStandardPaths::findExecutable(QStringLiteral("roundscope-gpu"));
}

GpuProbe probeGpu(int timeoutMs) {
    GpuProbe p;
    const QString exe = gpuExecutable();
    if (exe.isEmpty()) {
        p.status = QStringLiteral("no CUDA device: roundscope-gpu was not found (set ROUNDSCOPE_GPU)");
        return p;
    }
    QProcess proc;
    proc.start(exe, {QStringLiteral("probe")});
    if (!proc.waitForFinished(timeoutMs)) {
        proc.kill();
        proc.waitForFinished();
        p.status =
            QStringLiteral("no CUDA device: %1 probe did not answer (%2)").arg(exe, proc.errorString());
        return p;
    }
    const QJsonObject o = QJsonDocument::fromJson(proc.readAllStandardOutput().trimmed()).object();
    p.status = o.value(QStringLiteral("status")).toString();
    if (p.status.isEmpty())
        p.status =
            QStringLiteral("no CUDA device: %1 probe gave no status (exit %2)").arg(exe).arg(proc.exitCode());
    p.ok =
        proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0 && p.status == QStringLiteral("ok");
    if (p.ok) p.device = o;
    return p;
}

} // namespace rs::gpu
