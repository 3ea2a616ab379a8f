// The CUDA page over the real roundscope-gpu: it shows the probe's answer (here, without a device, the
// reason), lists each algorithm's kernels, and a sweep without a device ends with that reason and the
// buttons back. The table and chart are then driven by a stand-in roundscope-gpu (ROUNDSCOPE_GPU, a
// script the test writes) that prints lines in roundscope-gpu's format, including a wrong answer.
#include <QtTest>

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>

#include "app/charts/campaignchart.h"
#include "app/ui/runs/gpupage.h"
#include "gpu/runner/gpuexecutable.h"
#include "gpu/session/gpusession.h"

using namespace rs;

class TestCuda : public QObject {
    Q_OBJECT

  private slots:
    void showsTheProbeAndTheKernels() {
        const gpu::GpuProbe probe = gpu::probeGpu();
        gpu::GpuSession session;
        QSignalSpy probed(&session, &gpu::GpuSession::probed);
        gui::GpuPage page(&session);
        QVERIFY(probed.wait(30000));
        // The empty chart says what fills it (a sweep, not a campaign).
        QCOMPARE(page.chart()->emptyMessage(), QStringLiteral("Run a sweep on a CUDA device to chart it"));
        if (probe.ok) {
            QVERIFY(page.statusLabel()->text().startsWith(QStringLiteral("CUDA device: ")));
            QVERIFY(page.runButton()->isEnabled());
        } else {
            QVERIFY2(page.statusLabel()->text().startsWith(probe.status),
                     qPrintable(page.statusLabel()->text()));
            QVERIFY(probe.status.startsWith(QStringLiteral("no CUDA device: ")));
            // Without a device Run stays off and says why.
            QVERIFY(!page.runButton()->isEnabled());
            QVERIFY2(page.runButton()->toolTip().startsWith(QStringLiteral("No CUDA device: ")),
                     qPrintable(page.runButton()->toolTip()));
        }
        page.algorithmBox()->setCurrentText(QStringLiteral("skinny-128-256-ctr"));
        QStringList ids;
        for (int i = 0; i < page.variantBox()->count(); ++i)
            ids << page.variantBox()->itemData(i).toString();
        QCOMPARE(ids,
                 (QStringList{QStringLiteral("all"), QStringLiteral("paper"), QStringLiteral("shared-tables"),
                              QStringLiteral("shared-sbox"), QStringLiteral("shared-sbox-x4")}));
        page.algorithmBox()->setCurrentText(QStringLiteral("lea-128-ctr"));
        QCOMPARE(page.variantBox()->count(), 3);
        if (probe.ok) return; // the sweep's no-device path needs a machine without one
        QSignalSpy finished(&session, &gpu::GpuSession::finished);
        page.toEdit()->setText(QStringLiteral("64"));
        page.run();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.front().at(0).toInt(), 4);
        QCOMPARE(page.statusLabel()->text(), QStringLiteral("Sweep: ") + probe.status);
        QVERIFY(!page.runButton()->isEnabled()); // still no device
        QVERIFY(!page.cancelButton()->isEnabled());
        QCOMPARE(page.table()->rowCount(), 0);
    }

    void tableAndChartFromTheSweepLines() {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("roundscope-gpu"));
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // Two verified points of one variant, one wrong answer of another; exit 1 as roundscope-gpu does.
        f.write(R"(#!/bin/sh
if [ "$1" = probe ]; then echo '{"status":"ok","device":"Stand-in","compute_capability":"9.0","multiprocessors":132}'; exit 0; fi
echo '{"device":"Stand-in","algorithm":"skinny-128-256-ecb","variant":"paper","bytes":16,"messages":1,"verified":true,"repeats":3,"kernel_ms":{"min":0.01,"median":0.02,"max":0.03},"total_ms":{"min":0.05,"median":0.06,"max":0.07},"throughput_bytes_per_s":266666,"kernel_throughput_bytes_per_s":800000,"cpu_ms":{"min":0.001,"median":0.002,"max":0.003},"speedup_E":0.0333,"efficiency_S":-29}'
echo '{"device":"Stand-in","algorithm":"skinny-128-256-ecb","variant":"paper","bytes":32,"messages":1,"verified":true,"repeats":3,"kernel_ms":{"min":0.01,"median":0.02,"max":0.03},"total_ms":{"min":0.05,"median":0.06,"max":0.07},"throughput_bytes_per_s":533333,"kernel_throughput_bytes_per_s":1600000,"cpu_ms":{"min":0.002,"median":0.004,"max":0.005},"speedup_E":0.0667,"efficiency_S":-14}'
echo '{"device":"Stand-in","algorithm":"skinny-128-256-ecb","variant":"shared-sbox","bytes":16,"messages":1,"verified":false,"error":"output byte 3 is 00, the C++ model gives 01"}'
exit 1
)");
        f.close();
        QVERIFY(f.setPermissions(f.permissions() | QFileDevice::ExeOwner));
        qputenv("ROUNDSCOPE_GPU", script.toLocal8Bit());
        gpu::GpuSession session;
        QSignalSpy probed(&session, &gpu::GpuSession::probed);
        gui::GpuPage page(&session);
        QVERIFY(probed.wait(10000));
        QCOMPARE(page.statusLabel()->text(),
                 QStringLiteral("CUDA device: Stand-in (compute capability 9.0, 132 SMs)"));
        QSignalSpy finished(&session, &gpu::GpuSession::finished);
        page.run();
        QVERIFY(finished.wait(10000));
        qunsetenv("ROUNDSCOPE_GPU");
        QCOMPARE(finished.front().at(0).toInt(), 1);
        QCOMPARE(page.statusLabel()->text(),
                 QStringLiteral("Sweep: a kernel gave a wrong answer (see the table)"));
        QCOMPARE(page.table()->rowCount(), 3);
        QCOMPARE(page.points().size(), 3);
        bool sawWrong = false;
        for (int r = 0; r < 3; ++r)
            if (page.table()->item(r, 2)->text().startsWith(QStringLiteral("NO: output byte 3"))) {
                sawWrong = true;
                QVERIFY(page.table()->item(r, 3)->text().isEmpty()); // no figure for a wrong answer
            }
        QVERIFY(sawWrong);
        // Only the verified variant is plotted, two points, in the chosen quantity.
        const auto& data = page.chart()->data();
        QCOMPARE(data.series.size(), std::size_t(1));
        QCOMPARE(data.series.front().points.size(), std::size_t(2));
        QCOMPARE(data.series.front().points.back().y, 533333.0);
        page.plotBox()->setCurrentIndex(page.plotBox()->findData(QStringLiteral("speedup_E")));
        QCOMPARE(page.chart()->data().series.front().points.back().y, 0.0667);
        QVERIFY(page.chart()->hasData());
    }
};

QTEST_MAIN(TestCuda)
#include "test_gpu.moc"
