// The waveform viewer: a trace renders offscreen; zoom, pan, fit, rows and radices work from the API
// and the keys; cursor Δ between two known events of a real IP capture equals hw/CYCLES.md's pipeline
// latency; the lane chart shows the blocks; a malformed VCD gives an error naming the line and keeps
// the trace on view; loads run off the GUI thread and can be cancelled; export -> open round trips.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTreeView>

#include <fstream>
#include <iterator>

#include "app/ui/ip/pipelinelaneview.h"
#include "app/ui/ip/rtlstatepanel.h"
#include "app/ui/waveform/signaltree.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "app/ui/window/mainwindow.h"
#include "core/sessions/ciphersession.h"
#include "core/waveform/captureclock.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/session/waveformsession.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;
using gui::WaveformView;
using waveform::Tick;
using waveform::WaveformStore;

namespace {

// A small synthetic trace: a clock toggling every tick, a counter bus and a named FSM.
std::shared_ptr<WaveformStore> syntheticTrace(Tick ticks) {
    auto s = std::make_shared<WaveformStore>();
    const auto clk = s->addSignal("clk", 1, "top");
    const auto count = s->addSignal("count", 16, "top");
    const auto fsm = s->addSignal("fsm", 2, "top");
    s->setValueNames(fsm, {{0, "idle"}, {1, "run"}, {2, "done"}});
    for (Tick t = 0; t < ticks; ++t) {
        s->sample(clk, t, t & 1);
        s->sample(count, t, t / 2);
        s->sample(fsm, t, t < ticks / 4 ? 0 : t < ticks / 2 ? 1 : 2);
    }
    s->advance(ticks);
    s->setTickSeconds(1e-9);
    return s;
}

// A real capture of one encryption on the Verilated IP.
std::shared_ptr<const WaveformStore> ipCapture(crypto::AsconAeadVariant v, int unroll, bool precomputed) {
    auto store = std::make_shared<WaveformStore>();
    hw::AsconIp ip;
    hw::AsconIpOptions opt;
    opt.unroll = unroll;
    opt.precomputed = precomputed;
    opt.capture = store.get();
    const crypto::Bytes key(16, 0x11), nonce(16, 0x22), ad(16, 0x33), pt(32, 0x44);
    ip.encrypt(v, key, nonce, ad, pt, opt);
    return store;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const std::string& text) {
    const QString path = dir.filePath(name);
    std::ofstream(path.toStdString()) << text;
    return path;
}

} // namespace

class TestWaveform : public QObject {
    Q_OBJECT

  private slots:
    void rendersATraceOffscreen() {
        WaveformView view;
        view.resize(900, 200);
        view.setStore(syntheticTrace(400));
        for (waveform::SignalId id = 0; id < 3; ++id)
            view.addSignal(id);
        QCOMPARE(view.rows().size(), std::size_t{3});
        QCOMPARE(view.rows()[2].radix, gui::Radix::Named); // FSM states by name
        view.setCursor(150);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QImage img = view.grab().toImage();
        QVERIFY(test::distinctColours(img) > 8);
        // The clock row's wave colour appears in the wave area, not only in the name column.
        const QColor wave = gui::waveColors(view.palette()).wave;
        const int top = WaveformView::kRulerHeight, bottom = top + WaveformView::kRowHeight;
        int wavePixels = 0;
        for (int y = top; y < bottom; ++y)
            for (int x = view.waveLeft() + 2; x < img.width() - 20; ++x)
                wavePixels += img.pixelColor(x, y) == wave ? 1 : 0;
        QVERIFY2(wavePixels > 100, qPrintable(QString::number(wavePixels)));
        // The value at cursor A is shown by name.
        QCOMPARE(view.valueText(2, 150), QStringLiteral("run"));
        QCOMPARE(view.valueText(1, 150), QStringLiteral("004B"));
    }

    void zoomPanAndFit() {
        WaveformView view;
        view.resize(1000, 300);
        view.setStore(syntheticTrace(1000));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.beginTick(), 0.0);
        QVERIFY(qAbs(view.endTickVisible() - 1000) < 1e-6);
        view.resize(600, 300); // a fitted view stays fitted when resized
        QTRY_VERIFY(qAbs(view.endTickVisible() - 1000) < 1e-6);
        view.zoomBy(4.0, 500.0); // around tick 500: it stays at the same pixel
        QVERIFY(qAbs(view.endTickVisible() - view.beginTick() - 250) < 1e-6);
        QVERIFY(view.beginTick() > 300 && view.beginTick() < 500);
        const double before = view.beginTick();
        view.panPixels(100);
        QVERIFY(view.beginTick() > before);
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_F);
        QCOMPARE(view.beginTick(), 0.0);
        QTest::keyClick(&view, Qt::Key_Plus);
        QVERIFY(qAbs(view.endTickVisible() - view.beginTick() - 500) < 1e-6);
        QTest::keyClick(&view, Qt::Key_Minus);
        QVERIFY(qAbs(view.endTickVisible() - view.beginTick() - 1000) < 1e-6);
        // Box zoom with the right button.
        const int y = 80, xa = view.waveLeft() + 100, xb = view.waveLeft() + 300;
        const double ta = view.mapper().tick(xa), tb = view.mapper().tick(xb);
        QTest::mousePress(view.viewport(), Qt::RightButton, {}, QPoint(xa, y));
        QMouseEvent move(QEvent::MouseMove, QPointF(xb, y), view.viewport()->mapToGlobal(QPointF(xb, y)),
                         Qt::NoButton, Qt::RightButton, Qt::NoModifier);
        QApplication::sendEvent(view.viewport(), &move);
        QTest::mouseRelease(view.viewport(), Qt::RightButton, {}, QPoint(xb, y));
        QVERIFY(qAbs(view.beginTick() - ta) < 1e-6);
        QVERIFY(qAbs(view.endTickVisible() - tb) < 1e-6);
        // Never past the trace, never below 1/40 tick per pixel.
        for (int i = 0; i < 30; ++i)
            view.zoomIn();
        QVERIFY(view.ticksPerPixel() >= 1.0 / 40 - 1e-12);
        view.panPixels(1e9);
        QVERIFY(view.endTickVisible() <= 1000 + 1e-6);
    }

    void rowsAddRemoveReorderFromTheTreeAndKeys() {
        WaveformView view;
        gui::SignalTree tree(&view);
        view.resize(800, 300);
        view.setStore(syntheticTrace(100));
        tree.rebuild();
        QAbstractItemModel* model = tree.tree()->model();
        const QModelIndex count = tree.index(QStringLiteral("count"));
        const QModelIndex clk = tree.index(QStringLiteral("clk"));
        QVERIFY(count.isValid() && clk.isValid());
        QVERIFY(model->flags(count) & Qt::ItemIsUserCheckable);
        QVERIFY(model->setData(count, Qt::Checked, Qt::CheckStateRole));
        QVERIFY(model->setData(clk, Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(view.rows().size(), std::size_t{2});
        QCOMPARE(view.store().signal(view.rows()[0].id).name, std::string("count"));
        view.show();
        view.setFocus();
        view.setSelectedRow(0);
        QTest::keyClick(&view, Qt::Key_Down, Qt::ControlModifier); // move "count" below "clk"
        QCOMPARE(view.store().signal(view.rows()[0].id).name, std::string("clk"));
        QCOMPARE(view.selectedRow(), 1);
        QTest::keyClick(&view, Qt::Key_Delete);
        QCOMPARE(view.rows().size(), std::size_t{1});
        QCOMPARE(tree.index(QStringLiteral("count")).data(Qt::CheckStateRole).toInt(),
                 int(Qt::Unchecked)); // the tree follows the view
        QCOMPARE(tree.index(QStringLiteral("clk")).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        view.setRadix(0, gui::Radix::Dec);
        // Removing a row above the selection keeps the selection on its signal.
        view.addSignal(1);
        view.addSignal(2);
        view.setSelectedRow(2); // fsm
        view.removeRow(0);
        QCOMPARE(view.selectedRow(), 1);
        QCOMPARE(*view.selectedSignal(), waveform::SignalId{2});
        view.moveRow(0, 1); // count moves below fsm: the selection follows fsm up
        QCOMPARE(*view.selectedSignal(), waveform::SignalId{2});
        QCOMPARE(view.selectedRow(), 0);
        tree.filter()->setText(QStringLiteral("fs"));
        QVERIFY(!tree.index(QStringLiteral("clk")).isValid()); // filtered out
        QVERIFY(tree.index(QStringLiteral("fsm")).isValid());
        tree.filter()->setText(QStringLiteral("FS")); // without case
        QVERIFY(tree.index(QStringLiteral("fsm")).isValid());
        tree.filter()->clear();
        QVERIFY(tree.index(QStringLiteral("clk")).isValid());

        const auto& info = view.store().signal(1);
        QCOMPARE(gui::formatValue(info, 10, gui::Radix::Hex), QStringLiteral("000A"));
        QCOMPARE(gui::formatValue(info, 10, gui::Radix::Dec), QStringLiteral("10"));
        QCOMPARE(gui::formatValue(info, 5, gui::Radix::Bin), QStringLiteral("0000000000000101"));
        QCOMPARE(gui::formatValue(view.store().signal(2), 2, gui::Radix::Named), QStringLiteral("done"));
        QCOMPARE(gui::formatValue(view.store().signal(2), 3, gui::Radix::Named), QStringLiteral("3"));
    }

    void clockAxisAndEdgeJumps() {
        WaveformView view;
        view.resize(800, 300);
        view.setStore(syntheticTrace(100)); // clk rises at odd ticks
        view.addSignal(0);
        view.setSelectedRow(0);
        view.setCursor(10);
        QVERIFY(view.jumpToNextEdge());
        QCOMPARE(*view.cursor(), Tick{11});
        QVERIFY(view.jumpToPreviousEdge());
        QCOMPARE(*view.cursor(), Tick{10});
        view.setClock(0);
        view.setSecondCursor(30);
        // Ticks 10 -> 30 are 10 periods of the clock.
        QCOMPARE(*view.cursorDelta(), 10.0);
        view.setTimeUnit(gui::TimeUnit::Nanoseconds); // timescale 1 ns: 20 ticks are 20 ns
        QCOMPARE(view.formatDelta(10, 30), QStringLiteral("10 cycles (20 ns)"));
        view.setClockMHz(100); // 10 cycles at 100 MHz
        QCOMPARE(view.formatDelta(10, 30), QStringLiteral("10 cycles (100 ns)"));
        view.addMarker(20);
        view.addMarker(20);
        QCOMPARE(view.markers().size(), std::size_t{1});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, view.setClock(1));
        QCOMPARE(*view.cursorDelta(), 10.0); // the axis unchanged
    }

    void cursorDeltaEqualsThePipelineLatency_data() {
        QTest::addColumn<int>("variant");
        QTest::addColumn<int>("unroll");
        QTest::addColumn<bool>("precomputed");
        QTest::addColumn<int>("words"); // w: words per block, the issue -> present latency
        QTest::addColumn<int>("c0");    // hw/CYCLES.md: C0 = max(1 + w, R0), R0 = 1 + n_a or 1
        QTest::newRow("Ascon-128a, unroll 1, precomputed")
            << static_cast<int>(crypto::AsconAeadVariant::Ascon128av12) << 1 << true << 4 << 5;
        QTest::newRow("Ascon-128, unroll 1, precomputed")
            << static_cast<int>(crypto::AsconAeadVariant::Ascon128v12) << 1 << true << 2 << 3;
        QTest::newRow("Ascon-AEAD128, unroll 2, full")
            << static_cast<int>(crypto::AsconAeadVariant::AsconAead128) << 2 << false << 4 << 7;
        QTest::newRow("Ascon-128a, unroll 12, full")
            << static_cast<int>(crypto::AsconAeadVariant::Ascon128av12) << 12 << false << 4 << 5;
    }

    void cursorDeltaEqualsThePipelineLatency() {
        QFETCH(int, variant);
        QFETCH(int, unroll);
        QFETCH(bool, precomputed);
        QFETCH(int, words);
        QFETCH(int, c0);
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        page.resize(1200, 700);
        page.show();
        session.setCapture(ipCapture(static_cast<crypto::AsconAeadVariant>(variant), unroll, precomputed),
                           QStringLiteral("test capture"));
        WaveformView* view = page.view();
        const auto row = [view](const char* name) {
            for (int r = 0; r < static_cast<int>(view->rows().size()); ++r)
                if (view->store().signal(view->rows()[static_cast<std::size_t>(r)].id).name == name) return r;
            return -1;
        };
        QVERIFY(row("phase") >= 0 && row("blk_valid") >= 0 && row("fe_stage") >= 0);
        // Cursor A on LOAD: find the FSM state by name.
        view->setSelectedRow(row("phase"));
        page.findEdit()->setText(QStringLiteral("load"));
        QVERIFY(page.findValue(true));
        const Tick load = *view->cursor();
        QCOMPARE(view->valueText(row("phase"), load), QStringLiteral("load"));
        // The first block is issued (stage 0) the clock before it enters delay stage 1...
        view->setSelectedRow(row("fe_stage"));
        QVERIFY(view->jumpToNextEdge());
        const Tick issue = *view->cursor() - 1;
        // ...and presented to the stage (blk_valid) w clocks after its issue: cursor B there.
        view->setSelectedRow(row("blk_valid"));
        QVERIFY(view->jumpToNextEdge());
        view->setSecondCursor(*view->cursor());
        view->setCursor(issue);
        QCOMPARE(*view->cursorDelta(), static_cast<double>(words));
        QVERIFY2(page.statusLabel()->text().contains(
                     QStringLiteral("Δ %1 cycles (%2 ns)").arg(words).arg(words * 10)),
                 qPrintable(page.statusLabel()->text()));
        // From LOAD to the first take: C0 clocks (the block is taken in the clock it is presented
        // unless the permutation is still busy with initialisation).
        view->setCursor(load);
        view->setSelectedRow(row("take"));
        QVERIFY(view->jumpToNextEdge());
        QCOMPARE(static_cast<int>(*view->cursor() - load), c0);

        // The lane chart has the same blocks, and the same latency.
        QVERIFY(page.laneView()->hasLanes());
        const hw::PipelineLanes& lanes = page.laneView()->lanes();
        QCOMPARE(lanes.wordsPerBlock, words);
        QVERIFY(lanes.blocks.size() >= 2);
        QCOMPARE(lanes.blocks[0].issue, issue);
        QCOMPARE(lanes.blocks[0].take, load + static_cast<Tick>(c0));
        const QImage img = page.laneView()->grab().toImage();
        QVERIFY(test::distinctColours(img) > 6);
    }

    void malformedVcdGivesTheLineAndKeepsTheTrace() {
        QTemporaryDir dir;
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        session.setCapture(syntheticTrace(50), QStringLiteral("synthetic"));
        const QString bad =
            writeFile(dir, QStringLiteral("bad.vcd"),
                      "$timescale 1ns $end\n$var wire 1 ! a $end\n$enddefinitions $end\n#0\n1!\n"
                      "#5\nb10q !\n");
        QSignalSpy failed(&session, &hw::WaveformSession::loadFailed);
        page.openFile(bad);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QVERIFY2(page.messageLabel()->text().contains(QStringLiteral("line 7")),
                 qPrintable(page.messageLabel()->text()));
        QVERIFY(!page.messageLabel()->isHidden());
        QCOMPARE(session.origin(), QStringLiteral("synthetic"));
        QCOMPARE(page.view()->store().signalCount(), std::size_t{3});

        page.openFile(dir.filePath(QStringLiteral("missing.vcd")));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 20000);
        QVERIFY(page.messageLabel()->text().contains(QStringLiteral("missing.vcd")));
        QVERIFY(!page.exportFile(dir.filePath(QStringLiteral("trace.txt")))); // neither .vcd nor .fst
        QVERIFY(page.messageLabel()->text().contains(QStringLiteral("Export failed")));
    }

    void exportThenOpenRoundTripsAndCancelWorks() {
        QTemporaryDir dir;
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        const auto capture = ipCapture(crypto::AsconAeadVariant::AsconAead128, 1, false);
        session.setCapture(capture, QStringLiteral("capture"));
        const QString path = dir.filePath(QStringLiteral("capture.vcd"));
        QVERIFY(page.exportFile(path));
        QSignalSpy changed(&session, &hw::WaveformSession::storeChanged);
        page.openFile(path);
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 30000);
        QCOMPARE(session.filePath(), path);
        QVERIFY(!session.isIpCapture());
        const WaveformStore& back = *session.store();
        // The export has the capture's clock (clk) beside its signals, a cycle of 10 units of 1 ns
        // (waveform::withCaptureClock; test_gui_wavereload checks the clock itself).
        const waveform::Tick units = waveform::captureUnitsPerCycle(waveform::kCaptureCycleSeconds);
        QCOMPARE(units, waveform::Tick{10});
        QVERIFY(back.find("clk").has_value());
        QCOMPARE(back.signalCount(), capture->signalCount() + 1);
        QCOMPARE(back.endTick(), units * capture->endTick());
        for (waveform::SignalId id = 0; id < capture->signalCount(); ++id) {
            const auto other = back.find(capture->signal(id).name);
            QVERIFY(other.has_value());
            QCOMPARE(back.changeCount(*other), capture->changeCount(id));
            for (std::size_t i = 0; i < capture->changeCount(id); ++i) {
                QCOMPARE(back.change(*other, i).tick, units * capture->change(id, i).tick);
                QCOMPARE(back.change(*other, i).value, capture->change(id, i).value);
            }
        }
        // The capture's pipeline signals came back, so the lanes too.
        QVERIFY(session.lanes() != nullptr);
        // The file's clk numbers its cycles: cycle 1 to cycle 5 is 4 cycles of 10 ns.
        page.view()->setCursor(units * 1);
        page.view()->setSecondCursor(units * 5);
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("Δ 4 cycles (40 ns)")),
                 qPrintable(page.statusLabel()->text()));

        // A load asked to stop reports cancelled and leaves the trace on view.
        QSignalSpy cancelled(&session, &hw::WaveformSession::loadCancelled);
        QVERIFY(session.loadFile(path));
        QVERIFY(!session.loadFile(path)); // one at a time
        session.cancelLoad();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 30000);
        QCOMPARE(changed.count(), 1);
        QVERIFY(!session.isLoading());
    }

    void otherToolsFilesShowWideValuesAndCutFiles() {
        // Verilator's FST of a small design: a 320-bit state and a 128-bit block (refused before),
        // opened lazily: a row's changes are read when it is first painted.
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        page.resize(1100, 500);
        QSignalSpy changed(&session, &hw::WaveformSession::storeChanged);
        page.openFile(QStringLiteral(RS_WAVE_DATA_DIR "/verilator.fst"));
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 30000);
        gui::WaveformView& view = *page.view();
        const auto state = view.store().find("state"), block = view.store().find("block");
        QVERIFY(state && block);
        QCOMPARE(view.store().signal(*state).width, 320);
        view.addSignal(*state); // shown already when among the first rows of the file
        view.addSignal(*block);
        const auto rowOf = [&view](waveform::SignalId id) {
            for (int r = 0; r < static_cast<int>(view.rows().size()); ++r)
                if (view.rows()[static_cast<std::size_t>(r)].id == id) return r;
            return -1;
        };
        const int stateRow = rowOf(*state), blockRow = rowOf(*block);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        view.grab(); // paints: the rows in view are read in one batch
        QVERIFY(view.store().isLoaded(*state));
        QCOMPARE(view.valueText(stateRow, 0),
                 QStringLiteral(
                     "80400C0600000000000102030405060708090A0B0C0D0E0F00112233445566778899AABBCCDDEEFF"));
        view.setRadix(blockRow, gui::Radix::Dec);
        QCOMPARE(view.valueText(blockRow, 0),
                 QStringLiteral("1512366075204170947332355369683137040")); // 0x0123..3210
        view.setRadix(blockRow, gui::Radix::Bin);
        QCOMPARE(view.valueText(blockRow, 0).size(), 128);
        // Find a 128-bit value: block after the first rising edge (5 ns = tick 5000).
        view.setRadix(blockRow, gui::Radix::Hex);
        view.setSelectedRow(blockRow);
        page.findEdit()->setText(QStringLiteral("02468acf13579bdffdb97530eca86420"));
        QVERIFY(page.findValue(true));
        QCOMPARE(*view.cursor(), Tick{5000});
        page.findEdit()->setText(QStringLiteral("1") + QString(32, QLatin1Char('0'))); // 129 bits
        QVERIFY(!page.findValue(true));
        QVERIFY(page.messageLabel()->text().contains(QStringLiteral("at most 128 bits")));
        // The complaint goes once the text is edited; a Find that is answered clears it too.
        QTest::keyClick(page.findEdit(), Qt::Key_Backspace);
        QVERIFY(page.messageLabel()->isHidden());
        page.findEdit()->setText(QStringLiteral("xyz"));
        QVERIFY(!page.findValue(true));
        QVERIFY(!page.messageLabel()->isHidden());
        page.findEdit()->setText(QStringLiteral("02468acf13579bdffdb97530eca86420"));
        page.findValue(false); // before tick 5000: not found, and the old complaint is gone
        QVERIFY(page.messageLabel()->isHidden());

        // A VCD cut off mid-way (a killed simulation) loads to its last complete step and says so.
        QTemporaryDir dir;
        std::ifstream in(RS_WAVE_DATA_DIR "/verilator.vcd", std::ios::binary);
        const std::string full((std::istreambuf_iterator<char>(in)), {});
        const QString cut = writeFile(dir, QStringLiteral("killed.vcd"), full.substr(0, full.size() / 2));
        page.openFile(cut);
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, 30000);
        QVERIFY(view.store().truncation().has_value());
        QVERIFY2(!page.messageLabel()->isHidden() &&
                     page.messageLabel()->text().contains(QStringLiteral("cut off")),
                 qPrintable(page.messageLabel()->text()));
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("truncated")),
                 qPrintable(page.statusLabel()->text()));
    }

    void explorerStepsMoveTheCursorAndShowTheRtlState() {
        gui::MainWindow w(false);
        w.show();
        auto* cipher = w.session();
        QVERIFY(cipher->setAlgorithm(QStringLiteral("ascon-128a")));
        cipher->recomputeNow();
        // Before any capture: nothing linked, and the panel says why.
        QCOMPARE(w.page<gui::RtlStatePanel>()->differingBits(), -1);
        QVERIFY(!w.page<gui::RtlStatePanel>()->headline()->text().isEmpty());
        QSignalSpy captured(w.waveformSession(), &hw::WaveformSession::storeChanged);
        QVERIFY(w.captureExplorerInputs());
        QTRY_COMPARE_WITH_TIMEOUT(captured.count(), 1, 60000);
        QVERIFY(w.waveformSession()->isIpCapture());
        QVERIFY(w.waveformSession()->exactLinks() > 20);
        const auto& link = w.waveformSession()->link();
        QCOMPARE(link.size(), static_cast<std::size_t>(cipher->stepCount()));
        int exact = 0, inexact = 0;
        for (int i = 0; i < cipher->stepCount(); ++i) {
            const auto& sc = link[static_cast<std::size_t>(i)];
            if (!sc.cycle) continue;
            cipher->setCurrentStep(i);
            QCOMPARE(*w.page<gui::WaveformPage>()->view()->cursor(), *sc.cycle); // the view follows
            QCOMPARE(w.page<gui::RtlStatePanel>()->linkedCycle(), static_cast<long long>(*sc.cycle));
            if (sc.exact) {
                QCOMPARE(w.page<gui::RtlStatePanel>()->differingBits(), 0);
                ++exact;
            } else if (cipher->step(i)->step == "substitution layer") {
                // Inside a round: not in the register, so nothing is compared (no false red bits).
                QCOMPARE(w.page<gui::RtlStatePanel>()->differingBits(), -1);
                QVERIFY(w.page<gui::RtlStatePanel>()->headline()->text().contains(
                    QStringLiteral("not held by the register")));
                QVERIFY(!w.page<gui::RtlStatePanel>()->table()->text().contains(QStringLiteral("<b style")));
                ++inexact;
            }
        }
        QCOMPARE(exact, w.waveformSession()->exactLinks());
        QVERIFY(inexact > 0);
        // A step without a clock in the capture (the explorer's last steps) leaves no stale cursor behind.
        int unlinked = -1;
        for (int i = cipher->stepCount() - 1; i >= 0 && unlinked < 0; --i)
            if (!link[static_cast<std::size_t>(i)].cycle) unlinked = i;
        QVERIFY(unlinked >= 0);
        cipher->setCurrentStep(unlinked);
        QVERIFY(!w.page<gui::WaveformPage>()->view()->cursor().has_value());
        // Other inputs in the explorer: the capture no longer holds its states.
        cipher->setInput(QStringLiteral("key"), QStringLiteral("FF0102030405060708090A0B0C0D0E0F"));
        cipher->recomputeNow();
        QCOMPARE(w.waveformSession()->exactLinks(), 0);
        QVERIFY(w.page<gui::RtlStatePanel>()->headline()->text().contains(QStringLiteral("other inputs")));
        // LEA-128 runs on the LEA core: the viewer links the input and all 24 rounds (1 round per clock).
        QVERIFY(cipher->setAlgorithm(QStringLiteral("lea-128")));
        cipher->recomputeNow();
        QVERIFY(w.captureExplorerInputs());
        QTRY_COMPARE_WITH_TIMEOUT(w.waveformSession()->exactLinks(), 25, 20000);
        // The Model-vs-RTL panel follows the LEA core's register x0..x3 word by word.
        for (int i : {0, 5, 24}) {
            cipher->setCurrentStep(i);
            const auto* panel = w.page<gui::RtlStatePanel>();
            QVERIFY2(panel->differingBits() == 0, qPrintable(panel->headline()->text()));
            QVERIFY(panel->headline()->text().contains(QStringLiteral("holds exactly")));
            const crypto::Bytes& st = cipher->step(i)->state; // X[3] as a word: bytes 15..12
            const QString x3 =
                QString::fromStdString(crypto::toHex(crypto::Bytes{st[15], st[14], st[13], st[12]}));
            QVERIFY2(panel->table()->text().contains(QStringLiteral("X[3]")) &&
                         panel->table()->text().contains(x3),
                     qPrintable(panel->table()->text()));
        }
        // A SKINNY-64 variant has no core: nothing runs, the status bar says which ciphers do.
        QVERIFY(cipher->setAlgorithm(QStringLiteral("skinny-64-64")));
        QVERIFY(!w.captureExplorerInputs());
    }

    void gtkwaveActionFollowsTheInstallAndTheTrace() {
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        const bool installed = !hw::WaveformSession::gtkwavePath().isEmpty();
        // Nothing loaded: neither export nor GTKWave.
        QVERIFY(!page.gtkwaveAction()->isEnabled());
        QVERIFY(!page.exportAction()->isEnabled());
        QSignalSpy loaded(&session, &hw::WaveformSession::storeChanged);
        page.openFile(QStringLiteral(RS_WAVE_DATA_DIR "/verilator.vcd"));
        QTRY_VERIFY_WITH_TIMEOUT(loaded.count() == 1, 20000);
        QVERIFY(page.exportAction()->isEnabled());
        QCOMPARE(page.gtkwaveAction()->isEnabled(), installed);
        if (!installed) {
            QString error;
            QVERIFY(!session.openInGtkwave(&error));
            QVERIFY(error.contains(QStringLiteral("GTKWave is not installed")));
        }
    }
};

QTEST_MAIN(TestWaveform)
#include "test_waveform.moc"
