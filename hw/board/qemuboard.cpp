#include "hw/board/qemuboard.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include "hw/board/boardframing.h"

namespace rs::hw::board {

QemuBoard::QemuBoard() = default;

QemuBoard::~QemuBoard() {
    stop();
}

QString QemuBoard::executable() {
    const QString env = qEnvironmentVariable("ROUNDSCOPE_QEMU_ARM");
    if (!env.isEmpty()) return env;
    return QStandardPaths::findExecutable(QStringLiteral("qemu-system-arm"));
}

QString QemuBoard::firmware(const QString& variant, const QString& dir) {
    QString d = dir;
#ifdef RS_FIRMWARE_BUILD_DIR
    if (d.isEmpty()) d = QStringLiteral(RS_FIRMWARE_BUILD_DIR);
#endif
    const QString name = variant == QLatin1String("full")
                             ? QStringLiteral("roundscope-fw-zynq.elf")
                             : QStringLiteral("roundscope-fw-zynq-%1.elf").arg(variant);
    return QDir(d).filePath(name);
}

QString QemuBoard::start(const QString& elf, bool countInstructions) {
    stop();
    const QString qemu = executable();
    if (qemu.isEmpty())
        throw BoardError(0,
                         "qemu-system-arm not found (Debian package qemu-system-arm; .ci/setup installs it)");
    if (!QFileInfo::exists(elf))
        throw BoardError(0, "no ARM firmware at " + elf.toStdString() +
                                " (arm-none-eabi-gcc and picolibc-arm-none-eabi; .ci/setup installs them)");
    QStringList args = {
        QStringLiteral("-M"),      QStringLiteral("xilinx-zynq-a9"), QStringLiteral("-display"),
        QStringLiteral("none"),    QStringLiteral("-monitor"),       QStringLiteral("none"),
        QStringLiteral("-serial"), QStringLiteral("null"),           QStringLiteral("-serial"),
        QStringLiteral("pty"),     QStringLiteral("-kernel"),        elf};
    if (countInstructions) args << QStringLiteral("-icount") << QStringLiteral("shift=0,sleep=off");
    m_process = std::make_unique<QProcess>();
    m_process->start(qemu, args);
    if (!m_process->waitForStarted(10000))
        throw BoardError(0, "cannot start " + qemu.toStdString() + ": " +
                                m_process->errorString().toStdString());
    QString said;
    QElapsedTimer t;
    t.start();
    const QRegularExpression pty(QStringLiteral("(/dev/pts/\\d+)"));
    while (!pty.match(said).hasMatch() && t.elapsed() < 20000) {
        if (!m_process->waitForReadyRead(200) && m_process->state() == QProcess::NotRunning) break;
        said += QString::fromUtf8(m_process->readAllStandardError() + m_process->readAllStandardOutput());
    }
    const QString port = pty.match(said).captured(1);
    if (port.isEmpty()) throw BoardError(0, "QEMU announced no serial port: " + said.trimmed().toStdString());
    return port;
}

void QemuBoard::stop() {
    if (!m_process) return;
    m_process->kill();
    m_process->waitForFinished(5000);
    m_process.reset();
}

} // namespace rs::hw::board
