// The LEA / SKINNY panel of the IP page over the real Verilated cores: each core runs and matches the
// model, the clocks follow the formula, CTR takes a counter block, and bad inputs are refused by name.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>

#include "blockippanel.h"
#include "blockipsession.h"

using namespace rs;

class TestBlockIp : public QObject {
    Q_OBJECT

  private slots:
    void everyCoreMatchesTheModel() {
        hw::BlockIpSession session;
        gui::BlockIpPanel panel(&session);
        for (const QString& alg : hw::BlockIpSession::algorithms()) {
            panel.algorithmBox()->setCurrentText(alg);
            QCOMPARE(panel.keyEdit()->text().size(), 2 * hw::BlockIpSession::keyBytes(alg));
            panel.rpcBox()->setCurrentIndex(panel.rpcBox()->count() - 1); // the fastest built setting
            QSignalSpy done(&session, &hw::BlockIpSession::finished);
            panel.runButton()->click();
            QVERIFY(done.wait(20000));
            QCOMPARE(panel.matchLabel()->text(), QStringLiteral("matches the C++ model"));
            const auto r = done.front().at(0).value<hw::BlockIpSessionResult>();
            QCOMPARE(r.algorithm, alg);
            QCOMPARE(r.coreCycles, r.cyclesPerBlock * static_cast<std::uint64_t>(r.blocks));
            QVERIFY(r.capture && r.capture->find(QStringLiteral("x0").toStdString()).has_value());
            QVERIFY(panel.cyclesLabel()->text().startsWith(QString::number(r.cyclesPerBlock)));
        }
        panel.modeBox()->setCurrentText(QStringLiteral("ctr"));
        panel.messageEdit()->setText(QStringLiteral("00112233445566778899"));
        QSignalSpy done(&session, &hw::BlockIpSession::finished);
        panel.runButton()->click();
        QVERIFY(done.wait(20000));
        QCOMPARE(panel.outputLabel()->text().size(), 20);
        QCOMPARE(panel.matchLabel()->text(), QStringLiteral("matches the C++ model"));
    }

    void badInputsAreRefused() {
        hw::BlockIpSession session;
        gui::BlockIpPanel panel(&session);
        panel.algorithmBox()->setCurrentText(QStringLiteral("lea-256"));
        panel.keyEdit()->setText(QStringLiteral("00"));
        panel.runButton()->click();
        QCOMPARE(panel.matchLabel()->text(), QStringLiteral("the key is 1 bytes, lea-256 takes 32"));
        panel.keyEdit()->setText(QString(64, QLatin1Char('0')));
        panel.messageEdit()->setText(QStringLiteral("0011"));
        panel.runButton()->click();
        QCOMPARE(panel.matchLabel()->text(), QStringLiteral("ECB needs whole 16-byte blocks (got 2 bytes)"));
        panel.messageEdit()->setText(QStringLiteral("xyz"));
        panel.runButton()->click();
        QVERIFY(panel.matchLabel()->text().startsWith(QStringLiteral("Not hex: ")));
        QVERIFY(!session.isRunning());
    }
};

QTEST_MAIN(TestBlockIp)
#include "test_blockip.moc"
