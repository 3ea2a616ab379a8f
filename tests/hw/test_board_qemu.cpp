// The ARM firmware image (arm-none-eabi, Cortex-A9) booted in QEMU's xilinx-zynq-a9 machine, answering the
// board protocol over its emulated UART1 on a pseudo-terminal. QEMU has no PL, so the firmware must find
// no IP and serve the software path: the KATs run through it must all pass.
#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include "hw/board/boardclient.h"
#include "tests/qtcoreapp.h"
#include "tests/testsupport.h"

namespace {

using namespace rs::hw::board;

TEST(BoardQemu, ArmFirmwareAnswersOverTheEmulatedUart) {
    const QString qemu = QStandardPaths::findExecutable(QStringLiteral("qemu-system-arm"));
    ASSERT_FALSE(qemu.isEmpty())
        << "qemu-system-arm not found (Debian package qemu-system-arm; .ci/setup installs it)";
    ASSERT_TRUE(QFileInfo::exists(QStringLiteral(RS_FIRMWARE_ELF)))
        << "no ARM image at " RS_FIRMWARE_ELF
           " (arm-none-eabi-gcc and picolibc-arm-none-eabi; .ci/setup installs them)";
    QProcess q;
    q.start(qemu, {QStringLiteral("-M"), QStringLiteral("xilinx-zynq-a9"), QStringLiteral("-display"),
                   QStringLiteral("none"), QStringLiteral("-monitor"), QStringLiteral("none"),
                   QStringLiteral("-serial"), QStringLiteral("null"), QStringLiteral("-serial"),
                   QStringLiteral("pty"), QStringLiteral("-kernel"), QStringLiteral(RS_FIRMWARE_ELF)});
    ASSERT_TRUE(q.waitForStarted(10000));
    QString err;
    QElapsedTimer t;
    t.start();
    const QRegularExpression pty(QStringLiteral("(/dev/pts/\\d+)"));
    while (!pty.match(err).hasMatch() && t.elapsed() < 20000) {
        q.waitForReadyRead(200);
        err += QString::fromUtf8(q.readAllStandardError() + q.readAllStandardOutput()); // QEMU 7.2: stdout
    }
    const QString port = pty.match(err).captured(1);
    ASSERT_FALSE(port.isEmpty()) << err.toStdString();

    BoardClient c;
    const BoardHello h = c.open(port);
    EXPECT_EQ(h.firmware, "roundscope-fw 1.0");
    EXPECT_FALSE(h.hasHardware()); // no PL in QEMU: the probe's abort was caught
    const BoardInfo i = c.info();
    EXPECT_FALSE(i.ipPresent);
    EXPECT_EQ(i.timerHz, 333333333u);
    auto records = rs::core::readKatFile(rs::test::vectorPath("ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"));
    records.resize(200);
    const BoardKatOutcome o = c.runKats(BoardPath::Software, 0, records);
    EXPECT_EQ(o.passed, 200);
    EXPECT_EQ(o.failed, 0);
    try {
        c.loadKey(0, rs::crypto::Bytes(16, 1));
        c.loadNonce(rs::crypto::Bytes(16, 2));
        c.encrypt(BoardPath::Hardware, {}, rs::crypto::Bytes(8, 3));
        ADD_FAILURE() << "the hardware path answered without a PL";
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 8);
    }
    c.close();
    q.kill();
    q.waitForFinished(5000);
}

} // namespace
