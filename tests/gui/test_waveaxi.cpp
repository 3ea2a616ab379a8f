// The Waveforms page's AXI4-Lite transactions and computed rows (issue 32): an IP capture lists its bus
// transactions with register names, and a click on one puts cursors A and B around it; a file without the bus
// hides the list; "Add computed row…" adds a row of an expression over other rows (busy && !valid), and a bad
// expression is a message in the page naming its column.
#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QLabel>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>

#include <fstream>

#include "app/ui/waveform/axitransactionlist.h"
#include "app/ui/waveform/computedrow.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "core/oracle/operation.h"
#include "hw/ip/ipcores.h"
#include "hw/session/waveformsession.h"

using namespace rs;
using waveform::Tick;

namespace {

// 1 ns ticks; busy 1 from 10 to 40, valid 1 from 20 to 30; no AXI pins.
const char* const kTrace = R"($timescale 1ns $end
$scope module top $end
$var wire 1 ! busy $end
$var wire 1 " valid $end
$upscope $end
$enddefinitions $end
#0
0!
0"
#10
1!
#20
1"
#30
0"
#40
0!
#50
)";

/** Answers the next input dialog with text (or cancels it when text is null). */
void answerDialog(const QString& text) {
    QTimer::singleShot(0, [text] {
        auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        if (!d) return;
        d->setTextValue(text);
        d->accept();
    });
}

} // namespace

class TestWaveAxi : public QObject {
    Q_OBJECT

  private slots:
    void anIpCaptureListsItsTransactionsAndAClickPutsTheCursorsAroundOne() {
        auto store = std::make_shared<waveform::WaveformStore>();
        {
            hw::IpCoreSet cores;
            const std::string op = "lea-128-ecb";
            hw::IpCore* core = cores.coreFor(op);
            QVERIFY(core);
            hw::IpCapture capture;
            capture.store = store.get();
            core->run(oracle::operation(op), oracle::makeInputs(op, 16, 1),
                      hw::resolveSettings(*core, op, {}), &capture);
        }
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        page.resize(1200, 700);
        session.setCapture(store, QStringLiteral("LEA"));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        gui::AxiTransactionList* list = page.axiList();
        QVERIFY(list->isVisibleTo(&page));
        QCOMPARE(list->core(), std::string("block"));
        QTreeWidget* tree = list->tree();
        const auto& ts = list->decode().transactions;
        QVERIFY(ts.size() > 10);
        QCOMPARE(tree->topLevelItemCount(), static_cast<int>(ts.size()));
        // LEA-128: KEY0..3 and DIN0..3 written, CTRL.START, STATUS polled, DOUT0..3 read; upper-case hex.
        int key = -1, dout = -1;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            const QString reg = tree->topLevelItem(i)->text(2);
            if (key < 0 && reg == QStringLiteral("KEY0")) key = i;
            if (reg == QStringLiteral("DOUT3")) dout = i;
        }
        QVERIFY(key >= 0 && dout > key);
        QCOMPARE(tree->topLevelItem(key)->text(1), QStringLiteral("W"));
        QCOMPARE(tree->topLevelItem(key)->text(3), QStringLiteral("0x30"));
        QCOMPARE(tree->topLevelItem(dout)->text(1), QStringLiteral("R"));
        QCOMPARE(tree->topLevelItem(dout)->text(3), QStringLiteral("0x6C"));
        QCOMPARE(tree->topLevelItem(dout)->text(6), QStringLiteral("2"));

        // A click on the KEY0 write: cursor A at its address handshake, B at the end of its response.
        tree->scrollToItem(tree->topLevelItem(key));
        const QRect r = tree->visualItemRect(tree->topLevelItem(key));
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, r.center());
        const auto& t = ts[static_cast<std::size_t>(key)];
        QCOMPARE(page.view()->cursor().value_or(Tick{0}), t.start);
        QCOMPARE(page.view()->secondCursor().value_or(Tick{0}), t.end);
        QCOMPARE(t.end - t.start, Tick{2});
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("Δ 2")),
                 qPrintable(page.statusLabel()->text()));
    }

    void aFileWithoutTheBusHidesTheListAndComputedRowsAreAdded() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plain.vcd"));
        std::ofstream(path.toStdString()) << kTrace;
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        page.resize(1200, 600);
        QVERIFY(session.loadFileNow(path));
        page.show();
        QVERIFY(!page.axiList()->isVisibleTo(&page));
        QVERIFY(!page.axiList()->decode().error.empty());
        gui::WaveformView& view = *page.view();
        QCOMPARE(view.rows().size(), std::size_t{2});

        // The toolbar's action asks for the expression and adds its row, selected.
        QVERIFY(page.computedRowAction());
        QCOMPARE(page.computedRowAction()->text(), QStringLiteral("Add computed row…"));
        answerDialog(QStringLiteral("busy && !valid"));
        page.computedRowAction()->trigger();
        QCOMPARE(view.rows().size(), std::size_t{3});
        const waveform::SignalId id = view.rows().back().id;
        QCOMPARE(view.store().signal(id).name, std::string("busy && !valid"));
        QCOMPARE(view.selectedRow(), 2);
        QCOMPARE(view.store().valueAt(id, 15), std::uint64_t{1});
        QCOMPARE(view.store().valueAt(id, 25), std::uint64_t{0});
        QCOMPARE(view.store().valueAt(id, 35), std::uint64_t{1});
        QCOMPARE(view.store().valueAt(id, 45), std::uint64_t{0});
        QVERIFY(page.messageLabel()->isHidden());

        // A bad expression: the page says where and what was expected; no row is added.
        answerDialog(QStringLiteral("busy && (valid"));
        page.computedRowAction()->trigger();
        QCOMPARE(view.rows().size(), std::size_t{3});
        QVERIFY(!page.messageLabel()->isHidden());
        QVERIFY2(page.messageLabel()->text().contains(QStringLiteral("column 15: expected ')'")),
                 qPrintable(page.messageLabel()->text()));
        QString error;
        QVERIFY(!gui::addComputedRow(&view, page.signalTree(), QStringLiteral("busy & nosuch"), &error));
        QVERIFY2(error.contains(QStringLiteral("no signal named 'nosuch'")), qPrintable(error));
    }
};

QTEST_MAIN(TestWaveAxi)
#include "test_waveaxi.moc"
