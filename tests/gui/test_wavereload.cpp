// The waveform page's file side (issue 32, "Reload" and "Exports keep the clock"). Reload: a dump rewritten
// on disk (in place in several writes, or replaced by a rename) is read again and shown with the same view
// (rows by name in their order, cursors, markers, zoom); a damaged or vanished file is a banner, and the
// trace loaded before stays on view; Ctrl+Shift+L reloads by hand. Export: an IP capture (one tick a cycle,
// no clock signal) is written with a toggling clk, one rising edge a cycle at the capture's clock period, and
// every signal on view, so GTKWave and Surfer show what the page shows.
#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>

#include <fstream>
#include <string>

#include "app/ui/waveform/markerlist.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "app/ui/waveform/wavereload.h"
#include "core/waveform/expression.h"
#include "core/waveform/navigation.h"
#include "core/waveform/waveformfile.h"
#include "hw/session/waveformsession.h"

using namespace rs;
using waveform::Tick;

namespace {

// 1 ns ticks; clk rises at 5, 15, ...; bus takes `value` from 10; flag 1 from 15. Runs to `end`.
std::string trace(const char* value, int end) {
    std::string s = R"($timescale 1ns $end
$scope module top $end
$var wire 1 ! clk $end
$var wire 8 " bus [7:0] $end
$var wire 1 # flag $end
$upscope $end
$enddefinitions $end
#0
0!
b0 "
0#
)";
    for (int t = 5; t <= end; t += 5) {
        s += "#" + std::to_string(t) + "\n" + ((t / 5) % 2 ? "1!\n" : "0!\n");
        if (t == 10) s += std::string("b") + value + " \"\n";
        if (t == 15) s += "1#\n";
    }
    return s;
}

void write(const QString& path, const std::string& text) {
    std::ofstream(path.toStdString(), std::ios::binary | std::ios::trunc) << text;
}

QStringList rowNames(const gui::WaveformView& view) {
    QStringList names;
    for (const auto& r : view.rows())
        names << QString::fromStdString(r.name);
    return names;
}

} // namespace

class TestWaveReload : public QObject {
    Q_OBJECT

  private slots:
    void aRewrittenDumpIsReloadedWithTheSameView() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sim.vcd"));
        write(path, trace("1011010", 50)); // bus 0x5A
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        page.resize(1200, 700);
        QVERIFY(session.loadFileNow(path));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        gui::WaveformView* view = page.view();
        QCOMPARE(view->valueText(1, 12), QStringLiteral("5A"));

        // A view of one's own: flag first, cursors, a named marker, zoomed in.
        view->moveRow(2, -2);
        const QStringList rows = rowNames(*view);
        QCOMPARE(rows, (QStringList{"flag", "clk", "bus"})); // bus: row 2
        view->setCursor(25);
        view->setSecondCursor(45);
        view->setCursor(15);
        page.markerList()->addAtCursor();
        QVERIFY(page.markerList()->renameMarker(0, QStringLiteral("go")));
        view->setCursor(25);
        view->setVisibleRange(10, 30);
        const double begin = view->beginTick(), end = view->endTickVisible();

        // The simulation reruns: the file is rewritten in place, in several writes.
        auto before = session.store();
        {
            const std::string text = trace("10101011", 60); // bus 0xAB, 10 ns longer
            std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
            out << text.substr(0, text.size() / 2) << std::flush;
            QTest::qWait(50);
            out << text.substr(text.size() / 2);
        }
        QTRY_VERIFY_WITH_TIMEOUT(session.store() != before, 10000);
        QTRY_COMPARE(view->valueText(2, 12), QStringLiteral("AB"));
        QCOMPARE(view->store().endTick(), Tick{61});
        QCOMPARE(rowNames(*view), rows);
        QCOMPARE(view->cursor(), std::optional<Tick>(25));
        QCOMPARE(view->secondCursor(), std::optional<Tick>(45));
        QCOMPARE(view->markers().size(), std::size_t{1});
        QCOMPARE(view->markers()[0].tick, Tick{15});
        QCOMPARE(view->markers()[0].name, std::string("go"));
        QCOMPARE(view->beginTick(), begin);
        QCOMPARE(view->endTickVisible(), end);
        // Cycles still numbered by clk, and the Clock box says so.
        QVERIFY(view->state().clockSignal().has_value());
        QCOMPARE(page.clockBox()->currentData().value<qulonglong>(),
                 qulonglong{*view->state().clockSignal()});
        QCOMPARE(page.markerList()->rowCount(), 1);

        // Replaced by a rename (a new file under the old name): seen too, and watched again after.
        before = session.store();
        const QString tmp = dir.filePath(QStringLiteral("sim.vcd.tmp"));
        write(tmp, trace("11111111", 60)); // bus 0xFF
        QVERIFY(std::rename(tmp.toLocal8Bit().constData(), path.toLocal8Bit().constData()) == 0);
        QTRY_VERIFY_WITH_TIMEOUT(session.store() != before, 10000);
        QTRY_COMPARE(view->valueText(2, 12), QStringLiteral("FF"));
        QCOMPARE(rowNames(*view), rows);
        QCOMPARE(view->markers()[0].name, std::string("go"));
        before = session.store();
        write(path, trace("1", 60)); // bus 0x01, in place: the new file is watched
        QTRY_VERIFY_WITH_TIMEOUT(session.store() != before, 10000);
        QTRY_COMPARE(view->valueText(2, 12), QStringLiteral("01"));

        // Damaged: a banner says so; the trace loaded before stays, with its view.
        before = session.store();
        write(path, "this is not a VCD file\n$var wire\n");
        QTRY_VERIFY_WITH_TIMEOUT(page.messageLabel()->isVisible() &&
                                     page.messageLabel()->text().contains(QStringLiteral("Could not reload")),
                                 10000);
        QVERIFY2(page.messageLabel()->text().contains(QStringLiteral("trace loaded before")),
                 qPrintable(page.messageLabel()->text()));
        QVERIFY(session.store() == before);
        QCOMPARE(view->valueText(2, 12), QStringLiteral("01"));
        QCOMPARE(rowNames(*view), rows);

        // Gone: a banner says so; the trace stays.
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY_WITH_TIMEOUT(page.messageLabel()->text().contains(QStringLiteral("gone from disk")),
                                 10000);
        QVERIFY(session.store() == before);
        QCOMPARE(view->valueText(2, 12), QStringLiteral("01"));

        // Back again: read, with the view kept.
        write(path, trace("10", 60)); // bus 0x02
        QTRY_VERIFY_WITH_TIMEOUT(session.store() != before, 10000);
        QTRY_COMPARE(view->valueText(2, 12), QStringLiteral("02"));
        QCOMPARE(rowNames(*view), rows);
        QCOMPARE(view->cursor(), std::optional<Tick>(25));
    }

    void aReloadKeepsAComputedRowRecomputedFromTheNewFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("computed.vcd"));
        write(path, trace("1011010", 50)); // bus 0x5A from 10
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QVERIFY(session.loadFileNow(path));
        gui::WaveformView* view = page.view();
        view->addSignal(waveform::addComputedSignal(view->store(), "bus + flag"));
        const auto computedAt = [view](Tick t) -> std::uint64_t {
            for (const auto& r : view->rows())
                if (r.expression == "bus + flag") return view->store().wordsAt(r.id, t)[0];
            return 999;
        };
        QCOMPARE(computedAt(20), std::uint64_t{0x5B});
        const QStringList rows = rowNames(*view);
        const auto before = session.store();
        write(path, trace("11", 50)); // bus 3 from 10
        QVERIFY(page.reloader()->reload());
        QTRY_VERIFY_WITH_TIMEOUT(session.store() != before, 10000);
        QCOMPARE(rowNames(*view), rows);            // the computed row is still there, in its place
        QCOMPARE(computedAt(20), std::uint64_t{4}); // 3 + 1, from the new file
        QCOMPARE(view->store().signal(view->rows().back().id).group, std::string("computed"));
    }

    void ctrlRReloadsByHand() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hand.vcd"));
        write(path, trace("1011010", 50));
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QAction* reload = page.reloader()->reloadAction();
        QCOMPARE(reload->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
        QVERIFY(!reload->isEnabled()); // nothing loaded: nothing to reload
        QVERIFY(session.loadFileNow(path));
        QVERIFY(reload->isEnabled());
        page.view()->moveRow(0, 2);
        const QStringList rows = rowNames(*page.view());
        const auto before = session.store();
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.view()->setFocus();
        QTest::keyClick(page.view(), Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(session.store() != before, 10000);
        QCOMPARE(rowNames(*page.view()), rows);

        // An IP capture is no file: Reload is off.
        auto capture = std::make_shared<waveform::WaveformStore>();
        capture->addSignal("busy", 1);
        capture->advance(4);
        session.setCapture(capture, QStringLiteral("test"));
        QVERIFY(!reload->isEnabled());
        QVERIFY(!page.reloader()->reload());
    }

    void anIpCapturesExportHasItsClockAndEverySignal() {
        // An IP capture: one tick a cycle of 10 ns, no clock signal.
        auto capture = std::make_shared<waveform::WaveformStore>();
        capture->setTickSeconds(10e-9);
        const auto phase = capture->addSignal("phase", 2);
        const auto busy = capture->addSignal("busy", 1);
        const auto x0 = capture->addSignal("x0", 64, "state");
        constexpr Tick kCycles = 12;
        for (Tick t = 0; t < kCycles; ++t) {
            capture->sample(phase, t, t % 4);
            capture->sample(busy, t, t >= 2 && t < 9 ? 1 : 0);
            capture->sample(x0, t, 0x0123456789ABCDEFull * (t + 1));
        }
        capture->advance(kCycles);
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        session.setCapture(capture, QStringLiteral("test"));
        QVERIFY(session.isIpCapture());
        page.view()->addSignal(x0); // shown: phase, busy (the page's defaults) and x0
        QCOMPARE(page.view()->rows().size(), std::size_t{3});

        QTemporaryDir dir;
        for (const char* name : {"capture.vcd", "capture.fst"}) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            QVERIFY2(page.exportFile(path), qPrintable(page.messageLabel()->text()));
            const waveform::WaveformStore back = waveform::readWaveformFile(path.toStdString());
            const auto clk = back.find("clk");
            QVERIFY2(clk.has_value(), name);
            QCOMPARE(back.signal(*clk).width, 1);
            // One rising edge a cycle, a cycle as long as the capture's tick (10 ns).
            const auto axis = waveform::ClockAxis::fromClock(back, *clk);
            QCOMPARE(axis.edgeCount(), std::size_t{kCycles});
            const double unit = back.tickSeconds();
            QVERIFY(unit > 0);
            for (Tick t = 0; t < kCycles; ++t) {
                const Tick rise = axis.tickOfCycle(static_cast<std::int64_t>(t));
                QCOMPARE(static_cast<double>(rise) * unit, static_cast<double>(t) * 10e-9);
                QCOMPARE(back.valueAt(*clk, rise), std::uint64_t{1});
                // Low in the second half of the cycle.
                QCOMPARE(back.valueAt(*clk, rise + static_cast<Tick>(5e-9 / unit)), std::uint64_t{0});
            }
            // Every shown signal, with the capture's value in each cycle.
            for (const auto& row : page.view()->rows()) {
                const auto id = back.find(row.name);
                QVERIFY2(id.has_value(), row.name.c_str());
                QCOMPARE(back.signal(*id).width, capture->signal(row.id).width);
                for (Tick t = 0; t < kCycles; ++t)
                    QCOMPARE(back.valueAt(*id, axis.tickOfCycle(static_cast<std::int64_t>(t))),
                             capture->valueAt(row.id, t));
            }
        }
    }
};

QTEST_MAIN(TestWaveReload)
#include "test_wavereload.moc"
