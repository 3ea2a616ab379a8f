// Two dumps in one view (issue 32, "Two dumps in one view"): the waveform page's Compare panel loads a
// second dump beside the one on view, aligned by time or on a signal, and shows A's row, B's row and a diff
// row per differing pair, with the table of pairs (first difference, intervals, ticks, both values there);
// choosing a pair puts cursor A on its first difference. A comparison that cannot be made (an alignment
// signal B lacks) is a load failure that leaves the view as it was.
#include <QtTest>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>

#include <fstream>
#include <sstream>

#include "app/ui/waveform/comparepanel.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"

using namespace rs;
using waveform::Tick;

namespace {

/** A 1 ns VCD: clk rises every 10 ns from `start` (low before), count steps on each rising edge, and
 *  (when glitchAt > 0) reads 0x99 from glitchAt for 5 ns; `flag` (rising at the fifth edge) only when
 * withFlag. */
std::string dump(int start, int glitchAt, bool withFlag) {
    std::ostringstream v;
    v << "$timescale 1ns $end\n$scope module top $end\n$var wire 1 ! clk $end\n$var wire 8 \" count [7:0] "
         "$end\n";
    if (withFlag) v << "$var wire 1 # flag $end\n";
    v << "$upscope $end\n$enddefinitions $end\n#0\n0!\nb0 \"\n" << (withFlag ? "0#\n" : "");
    int n = 0;
    for (int t = start; t < start + 200; t += 10) {
        v << "#" << t << "\n1!\n" << (withFlag && t == start + 40 ? "1#\n" : "");
        ++n;
        std::string bits;
        for (int b = 7; b >= 0; --b)
            bits += ((n >> b) & 1) ? '1' : '0';
        v << "b" << bits << " \"\n#" << t + 5 << "\n0!\n";
        if (t + 5 == glitchAt) v << "b10011001 \"\n";
    }
    v << "#" << start + 200 << "\n";
    return v.str();
}

QString write(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    std::ofstream(path.toStdString()) << text;
    return path;
}

} // namespace

class TestWaveCompare : public QObject {
    Q_OBJECT

  private slots:
    void comparesAlignedOnAClockWithDiffRows();
    void aComparisonThatCannotBeMadeLeavesTheView();
    void nothingToCompareBeforeADumpIsOpen();
    void theWaveformsPageComparesFromItsToolbar();
};

void TestWaveCompare::comparesAlignedOnAClockWithDiffRows() {
    QTemporaryDir dir;
    // B is the same run started 30 ns later with a glitch 95 ns after its first edge (aligned tick 95).
    const QString a = write(dir, "a.vcd", dump(20, 0, true));
    const QString b = write(dir, "b.vcd", dump(50, 50 + 95, false));
    hw::WaveformSession session;
    QVERIFY(session.loadFileNow(a));
    gui::WaveformView view;
    view.setStore(session.store());
    QObject::connect(&session, &hw::WaveformSession::storeChanged, &view,
                     [&] { view.setStore(session.store()); });
    gui::ComparePanel panel(&session, &view);
    QVERIFY(panel.compareButton()->isEnabled());
    panel.alignEdit()->setText(QStringLiteral("clk"));
    QVERIFY(panel.compareWith(b));
    QTRY_VERIFY(session.comparison() != nullptr);
    QTRY_COMPARE(panel.table()->rowCount(), 2);

    // clk and count are paired, flag is only in A; count differs once, for 5 ticks, at aligned tick 95
    QCOMPARE(panel.table()->rowCount(), 2);
    QCOMPARE(panel.table()->item(1, 0)->text(), QStringLiteral("count"));
    QCOMPARE(panel.table()->item(1, 1)->text(), QStringLiteral("95"));
    QCOMPARE(panel.table()->item(1, 2)->text(), QStringLiteral("1"));
    QCOMPARE(panel.table()->item(1, 3)->text(), QStringLiteral("5"));
    QCOMPARE(panel.table()->item(1, 4)->text(), QStringLiteral("0x0A"));
    QCOMPARE(panel.table()->item(1, 5)->text(), QStringLiteral("0x99"));
    QCOMPARE(panel.table()->item(0, 1)->text(), QStringLiteral("—")); // clk is equal once aligned
    QVERIFY2(panel.summaryLabel()->text().contains(QStringLiteral("1 of 2 pairs differ")),
             qPrintable(panel.summaryLabel()->text()));
    QVERIFY(panel.summaryLabel()->text().contains(QStringLiteral("only in A: flag")));
    QVERIFY(!panel.compareButton()->isEnabled()); // a comparison on view is compared no further

    // rows: the differing pair first (A, B, diff), then the equal one
    const auto& rows = view.rows();
    QCOMPARE(rows.size(), std::size_t{6});
    QCOMPARE(QString::fromStdString(rows[0].name), QStringLiteral("A.count"));
    QCOMPARE(QString::fromStdString(rows[1].name), QStringLiteral("B.count"));
    QCOMPARE(QString::fromStdString(rows[2].name), QStringLiteral("diff.count"));
    QCOMPARE(QString::fromStdString(rows[3].name), QStringLiteral("A.clk"));

    // choosing count puts cursor A on its first difference: aligned 95 is tick 95 + 20 of the view
    QVERIFY(!view.cursor());
    panel.showPair(1);
    QCOMPARE(view.cursor().value_or(0), Tick{115});
    QCOMPARE(view.selectedRow(), 2);
    const auto& store = session.store();
    QCOMPARE(store->valueAt(rows[2].id, 115), std::uint64_t{1});
    QCOMPARE(store->valueAt(rows[2].id, 120), std::uint64_t{0});

    // opening another file ends the comparison
    QVERIFY(session.loadFileNow(a));
    QVERIFY(session.comparison() == nullptr);
    QTRY_COMPARE(panel.table()->rowCount(), 0);
    QVERIFY(panel.compareButton()->isEnabled());
}

void TestWaveCompare::aComparisonThatCannotBeMadeLeavesTheView() {
    QTemporaryDir dir;
    const QString a = write(dir, "a.vcd", dump(20, 0, true));
    const QString b = write(dir, "b.vcd", dump(50, 0, false));
    hw::WaveformSession session;
    QVERIFY(session.loadFileNow(a));
    gui::WaveformView view;
    gui::ComparePanel panel(&session, &view);
    QSignalSpy failed(&session, &hw::WaveformSession::loadFailed);
    panel.alignEdit()->setText(QStringLiteral("flag")); // B has no flag
    QVERIFY(panel.compareWith(b));
    QTRY_COMPARE(failed.count(), 1);
    QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("no signal 'flag' in dump B")),
             qPrintable(failed.at(0).at(0).toString()));
    QVERIFY(session.comparison() == nullptr);
    QCOMPARE(session.filePath(), a);
    // a file that is no dump
    const QString junk = write(dir, "junk.vcd", "this is not a VCD\n");
    panel.alignEdit()->clear();
    QVERIFY(panel.compareWith(junk));
    QTRY_COMPARE(failed.count(), 2);
    QCOMPARE(session.filePath(), a);
}

void TestWaveCompare::nothingToCompareBeforeADumpIsOpen() {
    hw::WaveformSession session;
    gui::WaveformView view;
    gui::ComparePanel panel(&session, &view);
    QVERIFY(!panel.compareButton()->isEnabled());
    QVERIFY(!panel.compareWith(QStringLiteral("/nonexistent.vcd")));
    QVERIFY(panel.summaryLabel()->text().contains(QStringLiteral("Open a dump (A) first")));
}

void TestWaveCompare::theWaveformsPageComparesFromItsToolbar() {
    QTemporaryDir dir;
    const QString a = write(dir, "a.vcd", dump(20, 0, true));
    const QString b = write(dir, "b.vcd", dump(20, 20 + 95, true));
    hw::WaveformSession session;
    gui::WaveformPage page(&session);
    page.resize(1366, 768);
    page.show();
    gui::ComparePanel* panel = page.comparePanel();
    QVERIFY(panel != nullptr);
    QVERIFY(!panel->isVisible()); // hidden until asked for
    QVERIFY(session.loadFileNow(a));
    panel->toggleAction()->trigger();
    QVERIFY(panel->isVisible());
    QVERIFY(panel->compareWith(b)); // by time: the same start, count differs at tick 115
    QTRY_VERIFY(session.comparison() != nullptr);
    QTRY_COMPARE(page.view()->rows().size(), std::size_t{9}); // clk, count and flag: A, B, diff each
    QVERIFY(panel->isVisible());
    QCOMPARE(QString::fromStdString(page.view()->rows().at(2).name), QStringLiteral("diff.count"));
    panel->showPair(1);
    QCOMPARE(page.view()->cursor().value_or(0), Tick{115});
    QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("A 9.5")), // clk numbers the cycles
             qPrintable(page.statusLabel()->text()));
}

QTEST_MAIN(TestWaveCompare)
#include "test_wavecompare.moc"
