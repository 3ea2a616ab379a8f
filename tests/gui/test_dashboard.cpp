// The campaign chart and the results table like a benchmark dashboard, asserted on the real objects: value
// axes and hover text in human units, the repeats' min–max as error bars, the legend beside the plot, a
// series filter that removes graphs (and their legend rows), a log y axis that leaves out and notes values
// at or below zero, the E = 1 line on speedup charts only, the note on simulated figures; and, over a real
// store holding CPU, IP and RISC-V-like runs, a results table and CSV with every stored metric (the
// instruction counts too), the simulation note and provenance columns, and a filter of several words.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTableView>
#include <QTemporaryDir>

#include <qcustomplot.h>

#include "app/charts/campaignchart.h"
#include "app/ui/campaigns/campaignspage.h"
#include "app/ui/campaigns/chartspage.h"
#include "core/campaign/campaignstore.h"
#include "core/sessions/campaignsession.h"
#include "tests/gui/campaigntestsupport.h"

using namespace rs;

namespace {

campaign::ChartSeries series(const std::string& target, std::vector<campaign::ChartPoint> points,
                             const std::string& simulated = {}) {
    campaign::ChartSeries s;
    s.label = target + " ascon-aead128";
    s.target = target;
    s.algorithm = "ascon-aead128";
    s.points = std::move(points);
    s.simulated = simulated;
    return s;
}

// Throughput of two targets, with the spread of their repeats.
campaign::ChartData throughputData() {
    campaign::ChartData d;
    d.yName = "throughput";
    d.yUnit = "bytes/s";
    d.yLabel = "throughput (bytes/s)";
    d.series = {series("cpu", {{64, 2.0e8, 1.5e8, 2.4e8}, {4096, 4.0e8, 3.0e8, 4.5e8}}),
                series("cuda", {{64, 1.0e8, 0.5e8, 1.2e8}, {4096, 9.0e8, 8.0e8, 9.9e8}})};
    return d;
}

// The legend's entries (a wrapped legend's grid has empty cells too).
int legendEntries(QCPLegend* legend) {
    int n = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (legend->item(i)) ++n;
    return n;
}

int column(const QAbstractItemModel* m, const QString& header) {
    for (int c = 0; c < m->columnCount(); ++c)
        if (m->headerData(c, Qt::Horizontal).toString() == header) return c;
    return -1;
}

using rs::test::openStore;

// A store as the engine leaves it after a CPU, a Verilated IP and a QEMU RISC-V campaign: timings with
// min/median/max, IP cycles at an assumed clock, retired-instruction counts; one failed run.
void fillStore(const std::string& path) {
    campaign::CampaignStore store(path);
    campaign::CampaignSpec spec;
    spec.name = "dashboard";
    spec.targets = {"cpu", "ip", "riscv-qemu"};
    spec.algorithms = {"ascon-aead128"};
    spec.messageBytes = {64, 1024};
    spec.repeats = 3;
    const auto id = store.createCampaign(spec, {{"host", "benchbox"}, {"compiler", "g++ 12"}});
    for (const std::uint64_t n : {64u, 1024u}) {
        const double t = static_cast<double>(n) * 2; // ns
        store.recordRun(id, {"cpu", "ascon-aead128", n, 0}, true, "", {{"threads", "1"}},
                        {{"time_min", t * 0.75, "ns"},
                         {"time_median", t, "ns"},
                         {"time_max", t * 1.25, "ns"},
                         {"throughput", static_cast<double>(n) / (t / 1e9), "bytes/s"}},
                        // 64 B: repeats close together; 1 KiB: a noisy machine (spread 39.7 %)
                        n == 64 ? std::vector<double>{128, 127, 129} : std::vector<double>{2048, 3000, 1500});
        store.recordRun(id, {"ip", "ascon-aead128", n, 0}, true, "",
                        {{"clock_mhz", "100"}, {"ip.unroll", "1"}},
                        {{"cycles", static_cast<double>(n) * 3, "cycles"},
                         {"time_min", t / 4, "ns"},
                         {"time_median", t / 4, "ns"},
                         {"time_max", t / 4, "ns"},
                         {"throughput", static_cast<double>(n) / (t / 4 / 1e9), "bytes/s"}});
        store.recordRun(id, {"riscv-qemu", "ascon-aead128", n, 0}, true, "",
                        {{"simulator", "qemu"}, {"simulations", "1 (instruction counts are exact)"}},
                        {{"instructions", 12345.0 * static_cast<double>(n), "instructions"},
                         {"instructions_per_byte", 12345.0, "instructions/byte"}});
    }
    store.recordRun(id, {"cpu", "ascon-aead128", 4096, 0}, false, "wrong answer: output byte 3", {}, {});
    store.setStatus(id, "finished");
}

} // namespace

class TestDashboard : public QObject {
    Q_OBJECT

  private slots:
    void valueAxisAndHoverSpeakHumanUnits() {
        charts::CampaignChart chart;
        chart.resize(900, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setData(throughputData(), QStringLiteral("t"));
        chart.plot()->replot();
        QCOMPARE(chart.plot()->yAxis->label(), QStringLiteral("throughput (MB/s)"));
        QCPGraph* g = chart.plot()->graph(1);
        double px = 0, py = 0;
        g->coordsToPixels(4096, 9.0e8, px, py);
        const QString text = chart.hoverAt(QPointF(px + 3, py - 2));
        QVERIFY2(text.contains(QStringLiteral("cuda ascon-aead128")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("4 KiB")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("throughput: 900 MB/s")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("min / median / max: 800 MB/s / 900 MB/s / 990 MB/s")),
                 qPrintable(text));
        QVERIFY(chart.hoverAt(QPointF(-500, -500)).isEmpty()); // far from every point: nothing
        // The mouse resting near a point: the plot's tooltip is the point's text (the static "Right-click
        // to export" tip used to replace it), and away from every point the static one again.
        const QString tip = chart.plot()->toolTip();
        QTest::mouseMove(chart.plot(), QPoint(int(px + 2), int(py - 1)));
        QTRY_VERIFY2(chart.plot()->toolTip().contains(QStringLiteral("throughput: 900 MB/s")),
                     qPrintable(chart.plot()->toolTip()));
        QTest::mouseMove(chart.plot(), QPoint(2, 2));
        QTRY_COMPARE(chart.plot()->toolTip(), tip);
    }

    void theSameSeriesOfTwoCampaignsKeepsItsColourAndTheAxisStartsAtZero() {
        charts::CampaignChart chart;
        chart.resize(900, 500);
        auto d = throughputData();
        auto second = d.series; // the same targets measured by campaign 2, listed in another order
        std::reverse(second.begin(), second.end());
        for (auto& s : second) {
            s.campaign = 2;
            s.label = "#2 " + s.label;
        }
        for (auto& s : d.series)
            s.campaign = 1;
        d.series.insert(d.series.end(), second.begin(), second.end());
        chart.setData(d, QStringLiteral("two"));
        QCOMPARE(chart.plot()->graphCount(), 4);
        // cpu of #1 is graph 0, cpu of #2 graph 3: one colour, two line styles.
        QCOMPARE(chart.plot()->graph(0)->pen().color(), chart.plot()->graph(3)->pen().color());
        QVERIFY(chart.plot()->graph(0)->pen().style() != chart.plot()->graph(3)->pen().style());
        QVERIFY(chart.plot()->graph(0)->pen().color() != chart.plot()->graph(1)->pen().color());
        // Throughput is never negative: the axis starts at 0 even when the values sit far above it.
        QCOMPARE(chart.plot()->yAxis->range().lower, 0.0);
        // Points without a stored spread (yMin = yMax = 0) are inside the range.
        campaign::ChartData bare;
        bare.yName = "instructions per byte";
        bare.series = {series("riscv-qemu", {{64, 50.0}, {1024, 40.0}})};
        chart.setData(bare, QStringLiteral("bare"));
        QVERIFY2(chart.plot()->yAxis->range().upper >= 50,
                 qPrintable(QString::number(chart.plot()->yAxis->range().upper)));
    }

    void errorBarsAreTheStoredMinAndMax() {
        charts::CampaignChart chart;
        const auto d = throughputData();
        chart.setData(d);
        QCOMPARE(chart.plot()->graphCount(), 2);
        for (int g = 0; g < 2; ++g) {
            QCPErrorBars* bars = chart.errorBars(g);
            QVERIFY(bars);
            QCOMPARE(bars->dataPlottable(), chart.plot()->graph(g));
            const auto& pts = d.series[static_cast<std::size_t>(chart.seriesOfGraph(g))].points;
            QCOMPARE(bars->dataCount(), static_cast<int>(pts.size()));
            for (int i = 0; i < bars->dataCount(); ++i) {
                const auto& p = pts[static_cast<std::size_t>(i)];
                QCOMPARE(p.y - bars->data()->at(i).errorMinus, p.yMin);
                QCOMPARE(p.y + bars->data()->at(i).errorPlus, p.yMax);
            }
        }
    }

    void theLegendSitsBesideThePlot() {
        charts::CampaignChart chart;
        chart.resize(900, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setData(throughputData());
        chart.plot()->replot();
        QCPLegend* legend = chart.plot()->legend;
        QVERIFY(legend->visible());
        QCOMPARE(legendEntries(legend), 2); // the graphs, not their error bars
        QVERIFY(legend->layout() != chart.plot()->axisRect()->insetLayout());
        QVERIFY(!legend->outerRect().intersects(chart.plot()->axisRect()->rect()));
    }

    void hiddenSeriesLeaveThePlotAndTheLegend() {
        charts::CampaignChart chart;
        campaign::ChartData d = throughputData();
        for (int i = 0; i < 49; ++i) // the NIST grid's 51 series
            d.series.push_back(
                series("t" + std::to_string(i), {{64, 1e6 * (i + 1), 1e6 * i, 1e6 * (i + 2)}}));
        chart.setData(d);
        QCOMPARE(chart.plot()->graphCount(), 51);
        chart.setHiddenSeries({QStringLiteral("cpu ascon-aead128")});
        QCOMPARE(chart.plot()->graphCount(), 50);
        QCOMPARE(legendEntries(chart.plot()->legend), 50);
        for (int g = 0; g < chart.plot()->graphCount(); ++g)
            QVERIFY(chart.plot()->graph(g)->name() != QStringLiteral("cpu ascon-aead128"));
        chart.setHiddenSeries({});
        QCOMPARE(chart.plot()->graphCount(), 51);
    }

    void logAxisLeavesOutAndNotesNonPositiveValues() {
        charts::CampaignChart chart;
        campaign::ChartData d;
        d.kind = campaign::ChartKind::Efficiency;
        d.yName = d.yLabel = "efficiency S = 1 - T / T_cpu";
        d.series = {series("cuda", {{64, -0.5, -0.7, -0.2}, {1024, 0.5, 0.25, 0.6}, {4096, 0.8, 0.7, 0.85}})};
        chart.setData(d);
        QCOMPARE(chart.plot()->yAxis->scaleType(), QCPAxis::stLinear);
        QCOMPARE(chart.plot()->graph(0)->dataCount(), 3);
        QCOMPARE(chart.logSkipped(), 0);
        chart.setLogY(true);
        QCOMPARE(chart.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(chart.plot()->graph(0)->dataCount(), 2);
        QCOMPARE(chart.logSkipped(), 1);
        QVERIFY2(chart.noteText().contains(QStringLiteral("1 value(s) at or below zero not shown")),
                 qPrintable(chart.noteText()));
        QVERIFY(chart.plot()->yAxis->range().lower > 0);
    }

    void speedupChartsDrawTheLineOfEqualSpeed() {
        charts::CampaignChart chart;
        campaign::ChartData d;
        d.kind = campaign::ChartKind::Speedup;
        d.baseline = "cpu";
        d.yName = d.yLabel = "speedup E = T_cpu / T";
        d.series = {series("ip", {{64, 4, 3, 5}, {1024, 8, 7, 9}})};
        chart.setData(d);
        QCPItemStraightLine* line = chart.referenceLine();
        QVERIFY(line);
        QCOMPARE(line->point1->coords().y(), 1.0);
        QCOMPARE(line->point2->coords().y(), 1.0);
        QVERIFY(line->point1->coords().x() != line->point2->coords().x()); // horizontal
        QVERIFY(chart.plot()->yAxis->range().contains(1.0));
        chart.setData(throughputData());
        QVERIFY(!chart.referenceLine());
        for (int i = 0; i < chart.plot()->itemCount(); ++i)
            QVERIFY(!qobject_cast<QCPItemStraightLine*>(chart.plot()->item(i)));
    }

    void simulatedFiguresAreNotedOnTheChart() {
        charts::CampaignChart chart;
        campaign::ChartData d = throughputData();
        chart.setData(d);
        QVERIFY(chart.noteText().isEmpty());
        d.series[1].simulated = "simulated: IP clock cycles at 100 MHz";
        d.notes = {d.series[1].simulated};
        chart.setData(d);
        QCOMPARE(chart.noteText(), QStringLiteral("simulated: IP clock cycles at 100 MHz"));
        QVERIFY(chart.pointText(1, 0).contains(QStringLiteral("simulated: IP clock cycles at 100 MHz")));
        QVERIFY(!chart.pointText(0, 0).contains(QStringLiteral("simulated")));
    }

    void theResultsTableShowsEveryMetricAndFiltersByAllWords() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("d.sqlite"));
        fillStore(path.toStdString());
        sessions::CampaignSession session;
        QVERIFY(openStore(session, path));
        gui::CampaignsPage page(&session);
        QAbstractItemModel* m = page.runTable()->model();
        QTRY_COMPARE_WITH_TIMEOUT(m->rowCount(), 7, 30000); // the session reads the store off the GUI thread
        // Every stored metric has a column, the RISC-V instruction counts among them, in human units.
        for (const char* h : {"time min", "time median", "time max", "throughput", "cycles", "instructions",
                              "instructions per byte", "Figures", "threads", "clock_mhz", "simulator",
                              "host (campaign)", "compiler (campaign)"})
            QVERIFY2(column(m, QString::fromLatin1(h)) >= 0, h);
        const int instr = column(m, QStringLiteral("instructions"));
        const int thr = column(m, QStringLiteral("throughput"));
        const int med = column(m, QStringLiteral("time median"));
        const int fig = column(m, QStringLiteral("Figures"));
        QStringList instructions, throughputs, medians, figures;
        for (int r = 0; r < m->rowCount(); ++r) {
            instructions << m->index(r, instr).data().toString();
            throughputs << m->index(r, thr).data().toString();
            medians << m->index(r, med).data().toString();
            figures << m->index(r, fig).data().toString();
        }
        QVERIFY2(instructions.contains(QStringLiteral("790,080 instructions")),
                 qPrintable(instructions.join('|')));
        QVERIFY2(instructions.contains(QStringLiteral("12,641,280 instructions")),
                 qPrintable(instructions.join('|')));
        QVERIFY2(throughputs.contains(QStringLiteral("500 MB/s")), qPrintable(throughputs.join('|')));
        QVERIFY2(throughputs.contains(QStringLiteral("2 GB/s")), qPrintable(throughputs.join('|')));
        QVERIFY2(medians.contains(QStringLiteral("2.048 µs")), qPrintable(medians.join('|')));
        QVERIFY(figures.contains(QStringLiteral("simulated: IP clock cycles at 100 MHz")));
        QVERIFY(figures.contains(QStringLiteral("simulated: qemu instruction counts")));
        QVERIFY(figures.contains(QStringLiteral("measured")));
        QCOMPARE(m->index(0, column(m, QStringLiteral("host (campaign)"))).data().toString(),
                 QStringLiteral("benchbox"));
        // The spread of each run's repeats, as a comparison computes it (1.4826 MAD / median), with the
        // noisy run flagged unstable; runs without two repeats stored have none.
        QStringList spreads;
        for (int r = 0; r < m->rowCount(); ++r)
            spreads << m->index(r, column(m, QStringLiteral("Spread"))).data().toString();
        QVERIFY2(spreads.contains(QStringLiteral("1.2 %")), qPrintable(spreads.join('|')));
        QVERIFY2(spreads.contains(QStringLiteral("39.7 % unstable")), qPrintable(spreads.join('|')));
        QCOMPARE(spreads.count(QString()), 5);

        // The CSV: every metric column with its unit, the stored values, the provenance.
        const QString csvPath = dir.filePath(QStringLiteral("runs.csv"));
        QVERIFY(page.exportCsv(csvPath));
        QFile f(csvPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 8);
        const QStringList header = lines.front().split(QLatin1Char(','));
        for (const char* h :
             {"time_min (ns)", "time_median (ns)", "time_max (ns)", "throughput (bytes/s)", "cycles (cycles)",
              "instructions (instructions)", "instructions_per_byte (instructions/byte)", "param:clock_mhz",
              "param:simulator", "provenance:host", "provenance:compiler", "figures"})
            QVERIFY2(header.contains(QString::fromLatin1(h)), h);
        const int csvInstr = static_cast<int>(header.indexOf(QStringLiteral("instructions (instructions)")));
        QStringList csvInstructions;
        for (const QString& l : lines.mid(1))
            csvInstructions << l.split(QLatin1Char(',')).value(csvInstr);
        QVERIFY2(csvInstructions.contains(QStringLiteral("12641280")), qPrintable(csvInstructions.join('|')));

        // Several words: every one must appear somewhere in the row, in any case.
        page.runFilter()->setText(QStringLiteral("QEMU 1024"));
        QCOMPARE(m->rowCount(), 1);
        QCOMPARE(m->index(0, 0).data().toString(), QStringLiteral("riscv-qemu"));
        page.runFilter()->setText(QStringLiteral("simulated 1024"));
        QCOMPARE(m->rowCount(), 2); // the IP and the RISC-V run of 1024 bytes
        page.runFilter()->setText(QStringLiteral("cpu wrong"));
        QCOMPARE(m->rowCount(), 1);
        page.runFilter()->setText(QStringLiteral("cpu nosuchword"));
        QCOMPARE(m->rowCount(), 0);
        page.runFilter()->clear();
        QCOMPARE(m->rowCount(), 7);
    }

    void chartsPageFiltersSeriesAndTogglesTheLogAxis() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("d.sqlite"));
        fillStore(path.toStdString());
        sessions::CampaignSession session;
        QVERIFY(openStore(session, path));
        gui::ChartsPage page(&session);
        auto* chart = page.chart();
        QTRY_COMPARE_WITH_TIMEOUT(chart->plot()->graphCount(), 2, 30000); // throughput: cpu and ip
        QCOMPARE(page.seriesList()->count(), 2);
        QVERIFY(page.noteLabel()->text().contains(QStringLiteral("simulated: IP clock cycles at 100 MHz")));
        QVERIFY(chart->noteText().contains(QStringLiteral("simulated: IP clock cycles at 100 MHz")));
        page.seriesFilter()->setText(QStringLiteral("ip AEAD128"));
        QCOMPARE(chart->plot()->graphCount(), 1);
        QCOMPARE(chart->plot()->graph(0)->name(), QStringLiteral("ip ascon-aead128"));
        QVERIFY(page.seriesList()->item(0)->isHidden() != page.seriesList()->item(1)->isHidden());
        page.seriesFilter()->clear();
        QCOMPARE(chart->plot()->graphCount(), 2);
        page.seriesList()->item(0)->setCheckState(Qt::Unchecked);
        QCOMPARE(chart->plot()->graphCount(), 1);
        QCOMPARE(legendEntries(chart->plot()->legend), 1);
        page.seriesList()->item(0)->setCheckState(Qt::Checked);
        page.logYBox()->setChecked(true);
        QCOMPARE(chart->plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
        page.logYBox()->setChecked(false);
        QCOMPARE(chart->plot()->yAxis->scaleType(), QCPAxis::stLinear);
        // Speedup of the IP against the CPU: the E = 1 line; instructions: a metric chart, no line.
        page.kindBox()->setCurrentIndex(1);
        QVERIFY(chart->referenceLine());
        QCOMPARE(chart->plot()->graphCount(), 1);
        page.kindBox()->setCurrentIndex(0);
        page.metricBox()->setCurrentIndex(page.metricBox()->findText(QStringLiteral("instructions")));
        QVERIFY(!chart->referenceLine());
        QCOMPARE(chart->data().series.size(), std::size_t{1});
        QVERIFY(chart->noteText().contains(QStringLiteral("simulated: qemu instruction counts")));
        QCOMPARE(chart->plot()->yAxis->label(), QStringLiteral("instructions"));
        // The series CSV carries min and max.
        const QString csv = dir.filePath(QStringLiteral("series.csv"));
        page.kindBox()->setCurrentIndex(0);
        page.metricBox()->setCurrentIndex(page.metricBox()->findText(QStringLiteral("time_median")));
        QVERIFY(page.exportCsv(csv));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY(text.startsWith(
            QStringLiteral("series,campaign,target,algorithm,ad_bytes,message_bytes,value,min,max")));
        QVERIFY2(text.contains(QStringLiteral(",64,128,96,160,ns,")), qPrintable(text));
    }
};

QTEST_MAIN(TestDashboard)
#include "test_dashboard.moc"
