// The markers' list of the waveform page (issue 32, "Markers"): any number of named markers, each with its
// time (ticks and ns), cycle and Δ from cursor A, kept up to date as cursors move and markers come and go;
// Enter and double-click go to one (cursor A there), a name edited in place renames it, Delete removes it,
// Ctrl+M (anywhere in the page) and Insert (in the list) add one at cursor A. The markers are the view's
// WaveViewState's.
#include <QtTest>

#include <QTemporaryDir>

#include <fstream>

#include "app/ui/waveform/markerlist.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"

using namespace rs;
using gui::MarkerList;

namespace {

// 1 ns ticks; clk rises at 5, 15, 25, 35, 45 (cycles 0..4); bus 0x5A from 10.
const char* const kTrace = R"($timescale 1ns $end
$scope module top $end
$var wire 1 ! clk $end
$var wire 8 % bus [7:0] $end
$upscope $end
$enddefinitions $end
#0
0!
b0 %
#5
1!
#10
0!
b1011010 %
#15
1!
#20
0!
#25
1!
#30
0!
#35
1!
#40
0!
#45
1!
#50
0!
)";

QString cell(const MarkerList& list, int row, int column) {
    const QTableWidgetItem* it = list.item(row, column);
    return it ? it->text() : QString();
}

} // namespace

class TestWaveMarkers : public QObject {
    Q_OBJECT

  private slots:
    void theListShowsNamesTimesCyclesAndDeltasAndEditsTheViewsMarkers() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("markers.vcd"));
        std::ofstream(path.toStdString()) << kTrace;
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        page.resize(1200, 700);
        QVERIFY(session.loadFileNow(path));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        gui::WaveformView* view = page.view();
        MarkerList* list = page.markerList();
        QVERIFY(list != nullptr);
        QCOMPARE(list->rowCount(), 0);

        // Ctrl+M anywhere in the page: a marker at cursor A, in the list at once.
        view->setCursor(15);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_M, Qt::ControlModifier);
        QCOMPARE(view->markers().size(), std::size_t{1});
        QCOMPARE(list->rowCount(), 1);
        QCOMPARE(cell(*list, 0, MarkerList::Name), QStringLiteral("M1"));
        QVERIFY2(cell(*list, 0, MarkerList::Time).contains(QStringLiteral("15 ticks")) &&
                     cell(*list, 0, MarkerList::Time).contains(QStringLiteral("15 ns")),
                 qPrintable(cell(*list, 0, MarkerList::Time)));
        QCOMPARE(cell(*list, 0, MarkerList::Cycle), QStringLiteral("1")); // clk's second rising edge
        QVERIFY2(cell(*list, 0, MarkerList::DeltaA).startsWith(QStringLiteral("0 cycles")),
                 qPrintable(cell(*list, 0, MarkerList::DeltaA)));

        // The view's M key adds another; the list follows, in tick order.
        view->setCursor(35);
        QTest::keyClick(view, Qt::Key_M);
        QCOMPARE(list->rowCount(), 2);
        QCOMPARE(cell(*list, 1, MarkerList::Cycle), QStringLiteral("3"));
        QCOMPARE(cell(*list, 1, MarkerList::Name), QStringLiteral("M2"));

        // Cursor A moves: every Δ follows (cycles on the clk axis, ns from the 1 ns timescale).
        view->setCursor(45);
        QVERIFY2(cell(*list, 0, MarkerList::DeltaA).startsWith(QStringLiteral("-3 cycles")) &&
                     cell(*list, 0, MarkerList::DeltaA).contains(QStringLiteral("-30 ns")),
                 qPrintable(cell(*list, 0, MarkerList::DeltaA)));
        QVERIFY2(cell(*list, 1, MarkerList::DeltaA).startsWith(QStringLiteral("-1 cycles")),
                 qPrintable(cell(*list, 1, MarkerList::DeltaA)));

        // Renamed in place: the name is the view state's.
        list->item(0, MarkerList::Name)->setText(QStringLiteral("key loaded"));
        QCOMPARE(view->markers()[0].name, std::string("key loaded"));
        QCOMPARE(view->state().markerLabel(0), std::string("key loaded"));
        QCOMPARE(cell(*list, 0, MarkerList::Name), QStringLiteral("key loaded"));
        // An empty name gives back the M<n> label.
        list->item(0, MarkerList::Name)->setText(QString());
        QCOMPARE(view->state().markerLabel(0), std::string("M1"));
        list->item(0, MarkerList::Name)->setText(QStringLiteral("start"));

        // Enter goes to the selected marker: cursor A there.
        list->setFocus();
        list->setCurrentCell(0, MarkerList::Time);
        QTest::keyClick(list, Qt::Key_Return);
        QCOMPARE(view->cursor(), std::optional<waveform::Tick>(15));
        QVERIFY(cell(*list, 0, MarkerList::DeltaA).startsWith(QStringLiteral("0 cycles")));
        // Double-click goes to one too.
        const QRect r = list->visualItemRect(list->item(1, MarkerList::Time));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(view->cursor(), std::optional<waveform::Tick>(35));

        // Zoomed in elsewhere, going to a marker scrolls it into view.
        view->setVisibleRange(0, 10);
        QVERIFY(list->goToMarker(0));
        QVERIFY(view->beginTick() <= 15 && 15 <= view->endTickVisible());

        // Insert adds at cursor A; Delete removes the selected marker.
        view->setCursor(25);
        list->setFocus();
        QTest::keyClick(list, Qt::Key_Insert);
        QCOMPARE(view->markers().size(), std::size_t{3});
        QCOMPARE(list->currentRow(), 1); // the new one, between 15 and 35
        QTest::keyClick(list, Qt::Key_Delete);
        QCOMPARE(view->markers().size(), std::size_t{2});
        QCOMPARE(view->markers()[0].name, std::string("start"));
        QCOMPARE(view->markers()[1].tick, waveform::Tick{35});
        QCOMPARE(list->rowCount(), 2);

        // Clear markers (toolbar) empties the list.
        view->clearMarkers();
        QCOMPARE(list->rowCount(), 0);
        view->clearCursor();
        QVERIFY(!list->addAtCursor()); // no cursor A: nothing added
        QCOMPARE(list->rowCount(), 0);
    }
};

QTEST_MAIN(TestWaveMarkers)
#include "test_wavemarkers.moc"
