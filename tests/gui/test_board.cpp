// The Board page over the real virtual board: it lists the virtual port, connects, shows what the board
// said, runs all 1089 KATs of a variant on the hardware path with progress, benchmarks, reports a missing
// KAT file as an error, and disconnects.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>

#include "app/ui/runs/boardpage.h"
#include "core/oracle/algorithms.h"
#include "hw/session/boardsession.h"

using namespace rs;

class TestBoard : public QObject {
    Q_OBJECT

  private slots:
    void theVariantsAreTheBoardsOperationsNamedByTheRegistry() {
        // The combo holds operation ids (never a place in a list): what the board runs, as the registry names
        // it, each with its row's KAT file and the firmware's code for it.
        hw::BoardSession session;
        gui::BoardPage page(&session);
        const QStringList ops = hw::BoardSession::operations();
        QCOMPARE(ops.size(), 3);
        QCOMPARE(page.variantBox()->count(), ops.size());
        for (int i = 0; i < ops.size(); ++i) {
            const QString id = page.variantBox()->itemData(i).toString();
            QCOMPARE(id, ops[i]);
            const oracle::AeadAlgorithm* row = oracle::findAead(id.toStdString());
            QVERIFY2(row != nullptr && row->ascon.has_value(), qPrintable(id));
            QCOMPARE(page.variantBox()->itemText(i), QString::fromStdString(row->displayName));
            QCOMPARE(hw::BoardSession::variantOf(id), static_cast<int>(*row->ascon));
            page.variantBox()->setCurrentIndex(i);
            QVERIFY2(page.katFileEdit()->text().endsWith(QString::fromStdString(row->vectorFiles.front())),
                     qPrintable(page.katFileEdit()->text()));
        }
        QCOMPARE(hw::BoardSession::variantOf(QStringLiteral("lea-128-gcm")), -1);
    }

    void connectKatsBenchDisconnect() {
        hw::BoardSession session;
        gui::BoardPage page(&session);
        QCOMPARE(page.portBox()->currentText(), QStringLiteral("virtual"));
        QVERIFY(!page.runButton()->isEnabled());
        QSignalSpy connected(&session, &hw::BoardSession::connected);
        page.connectButton()->click();
        QVERIFY(connected.wait(30000));
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("hardware + software paths")),
                 qPrintable(page.statusLabel()->text()));
        QTRY_VERIFY(page.runButton()->isEnabled());

        page.variantBox()->setCurrentIndex(page.variantBox()->findData(QStringLiteral("ascon-aead128")));
        QVERIFY(page.katFileEdit()->text().endsWith(QStringLiteral("asconaead128_LWC_AEAD_KAT_128_128.txt")));
        QSignalSpy kats(&session, &hw::BoardSession::katFinished);
        page.runButton()->click();
        QVERIFY(kats.wait(60000));
        QCOMPARE(kats.front().at(0).toInt(), 1089);
        QCOMPARE(kats.front().at(1).toInt(), 0);
        QCOMPARE(page.progressBar()->value(), 1089);
        QVERIFY(page.statusLabel()->text().startsWith(QStringLiteral("KATs: 1089 passed, 0 failed")));

        QSignalSpy bench(&session, &hw::BoardSession::benchFinished);
        QTRY_VERIFY(page.benchButton()->isEnabled());
        page.benchButton()->click();
        QVERIFY(bench.wait(60000));
        QCOMPARE(bench.front().at(2).toInt(), 1000);
        QVERIFY(page.statusLabel()->text().startsWith(QStringLiteral("benchmark: 1000 × 64 B")));

        QSignalSpy failed(&session, &hw::BoardSession::failed);
        QTRY_VERIFY(page.runButton()->isEnabled());
        page.katFileEdit()->setText(QStringLiteral("/nonexistent/kat.txt"));
        page.runButton()->click();
        QVERIFY(failed.wait(30000));
        QVERIFY(!page.statusLabel()->styleSheet().isEmpty()); // shown as an error

        QSignalSpy gone(&session, &hw::BoardSession::disconnected);
        QTRY_VERIFY(page.connectButton()->isEnabled());
        page.connectButton()->click();
        QVERIFY(gone.wait(30000));
        QCOMPARE(page.connectButton()->text(), QStringLiteral("Connect"));
        QVERIFY(!page.runButton()->isEnabled());
    }

    // Issue 22: the Paper 000 button on the virtual board fills the table, labelled modelled, beside the
    // paper's figures (a few records: the CLI test runs all 1089).
    void paper000FillsTheTable() {
        hw::BoardSession session;
        gui::BoardPage page(&session);
        QVERIFY(page.paper000Button()->isEnabled());
        page.setPaper000Records(6);
        QSignalSpy done(&session, &hw::BoardSession::paper000Finished);
        page.paper000Button()->click();
        QVERIFY(!page.paper000Button()->isEnabled()); // busy
        QVERIFY(done.wait(120000));
        QTableWidget* t = page.paper000Table();
        QCOMPARE(t->item(0, 0)->text(), QStringLiteral("≥ 7.93×"));
        QCOMPARE(t->item(2, 0)->text(), QStringLiteral("≥ 90 %"));
        for (int row = 0; row < 2; ++row) {
            QVERIFY2(t->item(row, 1)->text().contains(QStringLiteral("× to ")),
                     qPrintable(t->item(row, 1)->text()));
            QVERIFY(t->item(row, 2)->text().startsWith(QStringLiteral("modelled")));
        }
        QVERIFY(t->item(2, 1)->text().endsWith(QStringLiteral(" %")));
        QVERIFY2(page.statusLabel()->text().startsWith(QStringLiteral("Paper 000: done")),
                 qPrintable(page.statusLabel()->text()));
        QTRY_VERIFY(page.paper000Button()->isEnabled());
        // While connected the button waits (the comparison opens its own boards).
        QSignalSpy connected(&session, &hw::BoardSession::connected);
        page.connectButton()->click();
        QVERIFY(connected.wait(30000));
        QTRY_VERIFY(!session.isBusy());
        QVERIFY(!page.paper000Button()->isEnabled());
        // ... and says why.
        QVERIFY2(page.paper000Button()->toolTip().startsWith(QStringLiteral("Disconnect first")),
                 qPrintable(page.paper000Button()->toolTip()));
    }

    void aMissingPortIsAClearError() {
        hw::BoardSession session;
        gui::BoardPage page(&session);
        page.portBox()->addItem(QStringLiteral("/dev/roundscope-no-board"));
        page.portBox()->setCurrentText(QStringLiteral("/dev/roundscope-no-board"));
        QSignalSpy failed(&session, &hw::BoardSession::failed);
        page.connectButton()->click();
        QVERIFY(failed.wait(30000));
        QVERIFY(page.statusLabel()->text().startsWith(QStringLiteral("cannot connect: ")));
        QVERIFY(!session.isConnected());
    }
};

QTEST_MAIN(TestBoard)
#include "test_board.moc"
