// The RISC-V page over the real images and QEMU: it says what runs them, runs paper 003's tables off the
// GUI thread into the table and the chart (every row verified), runs checked kernels over typed sizes,
// refuses bad sizes, and reports a missing Spike as a failed row with the reason.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>

#include <qcustomplot.h>

#include "app/charts/campaignchart.h"
#include "app/ui/runs/riscvpage.h"
#include "riscv/session/riscvsession.h"

using namespace rs;

class TestRiscv : public QObject {
    Q_OBJECT

  private slots:
    void paperTablesIntoTableAndChart() {
        riscv::RiscvSession session;
        gui::RiscvPage page(&session);
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("qemu-system-riscv32")),
                 qPrintable(page.statusLabel()->text()));
        // The empty chart says what fills it (a kernel run, not a campaign).
        QCOMPARE(page.chart()->emptyMessage(),
                 QStringLiteral("Run a kernel to chart its instructions per byte"));
        QSignalSpy finished(&session, &riscv::RiscvSession::finished);
        page.paperButton()->click();
        QVERIFY(!page.runButton()->isEnabled());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.front().at(0).toBool(), false);
        QCOMPARE(page.table()->rowCount(), 10);
        for (int r = 0; r < 10; ++r)
            QCOMPARE(page.table()->item(r, 8)->text(), QStringLiteral("yes"));
        QVERIFY(page.runButton()->isEnabled());
        // One series per kernel: 4 CTR variants (one size each) and 2 GCM variants (three sizes).
        QCOMPARE(page.chart()->data().series.size(), std::size_t(6));
        QVERIFY(page.chart()->hasData());
        QVERIFY(page.chart()->emptyMessage().isEmpty());
        // The value axis spans the plotted values (it was ±1e-9 around 0: the points had no spread).
        double most = 0;
        for (const auto& s : page.chart()->data().series)
            for (const auto& p : s.points)
                most = std::max(most, p.y);
        QVERIFY(most > 1);
        QVERIFY2(page.chart()->plot()->yAxis->range().upper >= most,
                 qPrintable(QString::number(page.chart()->plot()->yAxis->range().upper)));
        QCOMPARE(page.chart()->plot()->yAxis->range().lower, 0.0);
    }

    void checkedKernelsOverSizesAndErrors() {
        riscv::RiscvSession session;
        gui::RiscvPage page(&session);
        for (int i = 0; i < page.kernelList()->count(); ++i)
            page.kernelList()->item(i)->setCheckState(
                page.kernelList()->item(i)->text() == QStringLiteral("ascon-aead128") ? Qt::Checked
                                                                                      : Qt::Unchecked);
        page.sizesEdit()->setText(QStringLiteral("0..32/16"));
        QSignalSpy finished(&session, &riscv::RiscvSession::finished);
        page.run();
        QVERIFY(finished.wait(60000));
        QCOMPARE(page.table()->rowCount(), 3);
        page.sizesEdit()->setText(QStringLiteral("16, x"));
        page.run();
        QCOMPARE(page.statusLabel()->text(),
                 QStringLiteral("Sizes: 'x': expected a size such as 64, 1K or 64M"));
        QVERIFY(!session.isRunning());

        // Spike: runs when present, else a failed row naming what is missing.
        page.simBox()->setCurrentIndex(page.simBox()->findData(QStringLiteral("spike")));
        page.sizesEdit()->setText(QStringLiteral("16"));
        QSignalSpy failed(&session, &riscv::RiscvSession::failed);
        finished.clear();
        page.run();
        QVERIFY(finished.wait(60000));
        if (qEnvironmentVariableIsEmpty("ROUNDSCOPE_SPIKE") &&
            QStandardPaths::findExecutable(QStringLiteral("spike")).isEmpty()) {
            QCOMPARE(failed.size(), 1);
            QVERIFY(failed.front().at(2).toString().contains(QStringLiteral("Spike not found")));
            QVERIFY(page.table()->item(0, 8)->text().startsWith(QStringLiteral("NO: ")));
            QVERIFY(page.statusLabel()->text().contains(QStringLiteral("Spike not found")));
        }
    }

    void buildsTheImagesIntoTheCache() {
        QTemporaryDir cache;
        qputenv("XDG_CACHE_HOME", cache.path().toLocal8Bit());
        riscv::RiscvSession session;
        gui::RiscvPage page(&session);
        QSignalSpy built(&session, &riscv::RiscvSession::built);
        page.buildButton()->click();
        QVERIFY(!page.buildButton()->isEnabled());
        QVERIFY(built.wait(120000));
        QVERIFY2(built.front().at(0).toBool(), qPrintable(built.front().at(1).toString()));
        QVERIFY(page.buildButton()->isEnabled());
        QVERIFY2(page.statusLabel()->text().contains(cache.path()), qPrintable(page.statusLabel()->text()));
        qunsetenv("XDG_CACHE_HOME");
    }
};

QTEST_MAIN(TestRiscv)
#include "test_riscv.moc"
