// Value search and go-to on the waveform page, from the keyboard (issue 32, "Search"): Ctrl+F into the
// Find box, F3 / Shift+F3 next / previous change to a value equal to, not equal to, or matching a masked
// pattern with x/z; N / Shift+N edges; Ctrl+click on a row's name searches it beside the selected row
// (the nearest hit of either); Ctrl+G goes to a cycle of the clock axis or a time with its unit. Bad input
// (a bad pattern, a time without unit, a cycle with no clock numbering cycles, a cycle past the end) is a
// message in the page; cursor A stays where it was.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>

#include <fstream>

#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"

using namespace rs;
using waveform::Tick;

namespace {

// 1 ns ticks; clk rises at 5, 15, 25, 35, 45 (cycles 0..4); bus: 0, 0x5A from 10, 0x3C from 20, 0x5F from
// 30, 0x5A from 40; flag: 1 from 15 to 25. Rows: clk 0, bus 1, flag 2.
const char* const kTrace = R"($timescale 1ns $end
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
#5
1!
#10
0!
b1011010 "
#15
1!
1#
#20
0!
b111100 "
#25
1!
0#
#30
0!
b1011111 "
#35
1!
#40
0!
b1011010 "
#45
1!
#50
0!
)";

/** The page showing kTrace, active (keys reach it). */
struct Shown {
    QTemporaryDir dir;
    hw::WaveformSession session;
    gui::WaveformPage page{&session};
    bool ready = false;
    Shown() {
        const QString path = dir.filePath(QStringLiteral("search.vcd"));
        std::ofstream(path.toStdString()) << kTrace;
        page.resize(1200, 600);
        if (!session.loadFileNow(path)) return;
        page.show();
        page.activateWindow();
        ready = QTest::qWaitForWindowActive(&page);
    }
};

} // namespace

class TestWaveSearch : public QObject {
    Q_OBJECT

  private slots:
    void theKeysFindValuesEdgesAndGoToCyclesAndTimes() {
        Shown shown;
        QVERIFY(shown.ready);
        gui::WaveformPage& page = shown.page;
        gui::WaveformView& view = *page.view();
        QCOMPARE(view.rows().size(), std::size_t{3});
        QCOMPARE(page.clockBox()->currentText(),
                 QStringLiteral("clk")); // the file's clock numbers cycles
        const auto cursor = [&view] { return view.cursor().value_or(Tick{999}); };

        // Ctrl+F puts the focus in the Find box; F3 / Shift+F3 step through the bus' changes to 5A.
        view.setSelectedRow(1);
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_F, Qt::ControlModifier);
        QVERIFY(page.findEdit()->hasFocus());
        QTest::keyClicks(page.findEdit(), QStringLiteral("5A"));
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{10});
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{40});
        QTest::keyClick(page.findEdit(), Qt::Key_F3); // none after the last: cursor A stays
        QCOMPARE(cursor(), Tick{40});
        QTest::keyClick(page.findEdit(), Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(cursor(), Tick{10});
        // Not equal: each change to another value.
        page.findModeBox()->setCurrentIndex(1);
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{20});
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{30});
        // A binary pattern with x and z as don't-care bits: 0x5A and 0x5F match, 0x3C does not.
        page.findModeBox()->setCurrentIndex(2);
        page.findEdit()->setText(QStringLiteral("b0101_1x1z"));
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{40});
        QTest::keyClick(page.findEdit(), Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(cursor(), Tick{30});
        // A hex pattern with ? as a don't-care nibble: 3? is 0x3C at 20.
        page.findEdit()->setText(QStringLiteral("3?"));
        QTest::keyClick(page.findEdit(), Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(cursor(), Tick{20});
        // A bad pattern: a message naming the character; cursor A stays.
        page.findEdit()->setText(QStringLiteral("b1021"));
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{20});
        QVERIFY(!page.messageLabel()->isHidden());
        QVERIFY2(page.messageLabel()->text().contains(QStringLiteral("'2'")),
                 qPrintable(page.messageLabel()->text()));
        QTest::keyClick(page.findEdit(), Qt::Key_Backspace); // edited: the complaint goes
        QVERIFY(page.messageLabel()->isHidden());
        // A pattern wider than the row: a message, not a silent miss.
        page.findEdit()->setText(QStringLiteral("b1_0000_0000"));
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{20});
        QVERIFY2(page.messageLabel()->text().contains(QStringLiteral("needs 9 bits")),
                 qPrintable(page.messageLabel()->text()));

        // Ctrl+click on flag's name: edges and values of both rows, the nearest of either.
        const int flagY = gui::WaveformView::kRulerHeight + 2 * gui::WaveformView::kRowHeight + 5;
        QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::ControlModifier, QPoint(10, flagY));
        QCOMPARE(view.selectedRow(), 1); // the selection stays on bus
        QCOMPARE(view.searchSignals().size(), std::size_t{2});
        view.setCursor(10);
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_N);
        QCOMPARE(cursor(), Tick{15}); // flag rises before bus changes again at 20
        QTest::keyClick(&view, Qt::Key_N);
        QCOMPARE(cursor(), Tick{20});
        QTest::keyClick(&view, Qt::Key_N, Qt::ShiftModifier);
        QCOMPARE(cursor(), Tick{15});
        page.findModeBox()->setCurrentIndex(0); // = 0: flag's fall at 25 (bus never returns to 0)
        page.findEdit()->setText(QStringLiteral("0"));
        QTest::keyClick(&view, Qt::Key_F3);
        QCOMPARE(cursor(), Tick{25});

        // Ctrl+G: a cycle of the clock axis (cycle 3 starts at the fourth rising edge, 35), a time.
        QTest::keyClick(&view, Qt::Key_G, Qt::ControlModifier);
        QVERIFY(page.gotoEdit()->hasFocus());
        QCOMPARE(page.gotoModeBox()->currentIndex(), 0);
        QTest::keyClicks(page.gotoEdit(), QStringLiteral("3"));
        QTest::keyClick(page.gotoEdit(), Qt::Key_Return);
        QCOMPARE(cursor(), Tick{35});
        page.gotoModeBox()->setCurrentIndex(1);
        page.gotoEdit()->setText(QStringLiteral("12 ns"));
        QTest::keyClick(page.gotoEdit(), Qt::Key_Return);
        QCOMPARE(cursor(), Tick{12});
        page.gotoEdit()->setText(QStringLiteral("0.02 us"));
        QTest::keyClick(page.gotoEdit(), Qt::Key_Return);
        QCOMPARE(cursor(), Tick{20});
        // A time without its unit: a message, cursor A stays.
        page.gotoEdit()->setText(QStringLiteral("30"));
        QTest::keyClick(page.gotoEdit(), Qt::Key_Return);
        QCOMPARE(cursor(), Tick{20});
        QVERIFY2(page.messageLabel()->text().contains(QStringLiteral("no unit")),
                 qPrintable(page.messageLabel()->text()));
        // A cycle past the end of the trace.
        page.gotoModeBox()->setCurrentIndex(0);
        page.gotoEdit()->setText(QStringLiteral("99"));
        QTest::keyClick(page.gotoEdit(), Qt::Key_Return);
        QCOMPARE(cursor(), Tick{20});
        QVERIFY2(page.messageLabel()->text().contains(QStringLiteral("past the end")),
                 qPrintable(page.messageLabel()->text()));
        // No clock numbering cycles: a cycle cannot be found, and the message says what to do.
        page.clockBox()->setCurrentIndex(0);
        page.gotoEdit()->setText(QStringLiteral("3"));
        QTest::keyClick(page.gotoEdit(), Qt::Key_Return);
        QCOMPARE(cursor(), Tick{20});
        QVERIFY2(page.messageLabel()->text().contains(QStringLiteral("no clock numbers the cycles")),
                 qPrintable(page.messageLabel()->text()));
        QVERIFY(!page.messageLabel()->isHidden());
    }

    void bitSliceRowsAreSearchedLikeWholeSignals() {
        Shown shown;
        QVERIFY(shown.ready);
        gui::WaveformPage& page = shown.page;
        gui::WaveformView& view = *page.view();
        const auto cursor = [&view] { return view.cursor().value_or(Tick{999}); };
        const auto rowOfBit = [&view](std::size_t parts, int bit) {
            for (std::size_t i = 0; i < view.rows().size(); ++i)
                if (view.rows()[i].bits.size() == parts && view.rows()[i].bits.back().bit == bit)
                    return static_cast<int>(i);
            return -1;
        };
        // bus expanded: bus[0] is 1 only from 30 to 40 (5A, 3C, 5F, 5A), though bus changes at 10 and 20.
        view.expandBits(1);
        const int bit0 = rowOfBit(1, 0);
        QVERIFY(bit0 > 0);
        view.setSelectedRow(bit0);
        view.setCursor(0);
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_N);
        QCOMPARE(cursor(), Tick{30});
        QTest::keyClick(&view, Qt::Key_N);
        QCOMPARE(cursor(), Tick{40});
        QTest::keyClick(&view, Qt::Key_N, Qt::ShiftModifier);
        QCOMPARE(cursor(), Tick{30});
        // The find box: = 1 on bus[0] from 0 is 30; a value wider than the one bit is refused with a message.
        view.setCursor(0);
        page.findModeBox()->setCurrentIndex(0);
        page.findEdit()->setText(QStringLiteral("1"));
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{30});
        QVERIFY(page.messageLabel()->isHidden());
        // bus[2] and bus[0] grouped back into a two-bit bus: 00 (0, 5A at 10), 10 at 20 (3C), 11 at 30 (5F),
        // 00 at 40 (5A).
        QVERIFY(view.groupBits({rowOfBit(1, 2), bit0}));
        const int grouped = rowOfBit(2, 0);
        QVERIFY(grouped >= 0);
        view.setSelectedRow(grouped);
        view.setCursor(0);
        page.findModeBox()->setCurrentIndex(2); // pattern b1x: 10 and 11 match; not 10, where bus changes
        page.findEdit()->setText(QStringLiteral("b1x"));
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{20});
        page.findModeBox()->setCurrentIndex(0); // = 3 (11): 30, and no later change to it
        page.findEdit()->setText(QStringLiteral("3"));
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{30});
        QTest::keyClick(page.findEdit(), Qt::Key_F3);
        QCOMPARE(cursor(), Tick{30});
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_N);
        QCOMPARE(cursor(), Tick{40}); // back to 00 at 40
    }

    void theShortcutsAreListed() {
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QStringList keys;
        for (const auto& row : page.shortcutRows())
            keys << row.keys;
        for (const char* k : {"Ctrl+F", "F3 / Shift+F3", "Ctrl+G", "Ctrl+click a name"})
            QVERIFY2(keys.contains(QString::fromLatin1(k)), k);
    }
};

QTEST_MAIN(TestWaveSearch)
#include "test_wavesearch.moc"
