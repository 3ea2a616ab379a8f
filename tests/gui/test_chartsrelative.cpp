// The Charts page's "relative to an algorithm" kind (issue 33) over a real store of two targets and two
// algorithms with known times: the kind and the algorithm chosen in the page's combos, the plotted values
// (the baseline algorithm exactly 1 on every target, the other over its own target's baseline), the value
// axis saying which way is faster, the hover text "×4 of ascon-aead128", the ×1 line, the "relative to" box
// enabled for that kind only and filled from the campaign's algorithms, and a point without its baseline
// noted.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QTemporaryDir>

#include <qcustomplot.h>

#include "app/charts/campaignchart.h"
#include "app/ui/campaigns/chartspage.h"
#include "core/campaign/campaignstore.h"
#include "core/sessions/campaignsession.h"
#include "tests/gui/campaigntestsupport.h"

using namespace rs;

namespace {

using rs::test::openStore;

void record(campaign::CampaignStore& store, std::int64_t id, const std::string& target,
            const std::string& algorithm, std::uint64_t bytes, double ns) {
    store.recordRun(id, {target, algorithm, bytes, 0}, true, "", {},
                    {{"time_min", ns * 0.5, "ns"},
                     {"time_median", ns, "ns"},
                     {"time_max", ns * 2, "ns"},
                     {"throughput", static_cast<double>(bytes) / (ns / 1e9), "bytes/s"}});
}

// CPU and IP, Ascon-AEAD128 and LEA-CTR: LEA takes 2x Ascon's time on the CPU and 4x on the IP; the IP ran
// no Ascon at 1024 bytes.
void fillStore(const std::string& path) {
    campaign::CampaignStore store(path);
    campaign::CampaignSpec spec;
    spec.name = "relative";
    spec.targets = {"cpu", "ip"};
    spec.algorithms = {"ascon-aead128", "lea-128-ctr"};
    spec.messageBytes = {64, 1024};
    spec.repeats = 3;
    const auto id = store.createCampaign(spec, {{"host", "benchbox"}});
    for (const std::uint64_t n : {64u, 1024u}) {
        const double t = static_cast<double>(n) * 8;
        record(store, id, "cpu", "ascon-aead128", n, t);
        record(store, id, "cpu", "lea-128-ctr", n, 2 * t);
        record(store, id, "ip", "lea-128-ctr", n, t);
    }
    record(store, id, "ip", "ascon-aead128", 64, 64 * 2);
    store.setStatus(id, "finished");
}

int seriesIndex(const campaign::ChartData& d, const std::string& label) {
    for (std::size_t i = 0; i < d.series.size(); ++i)
        if (d.series[i].label == label) return static_cast<int>(i);
    return -1;
}

QCPGraph* graphNamed(QCustomPlot* plot, const QString& name) {
    for (int g = 0; g < plot->graphCount(); ++g)
        if (plot->graph(g)->name() == name) return plot->graph(g);
    return nullptr;
}

QVector<double> values(QCPGraph* g) {
    QVector<double> v;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        v << it->value;
    return v;
}

} // namespace

class TestChartsRelative : public QObject {
    Q_OBJECT

  private slots:
    void relativeKindPlotsEachAlgorithmAgainstTheChosenOne() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.sqlite"));
        fillStore(path.toStdString());
        sessions::CampaignSession session;
        QVERIFY(openStore(session, path));
        gui::ChartsPage page(&session);
        auto* chart = page.chart();
        QTRY_COMPARE_WITH_TIMEOUT(chart->plot()->graphCount(), 4, 30000); // throughput of 4 series
        QVERIFY(!page.relativeToBox()->isEnabled());
        QVERIFY(!chart->referenceLine());

        const int relative = page.kindBox()->findData(QStringLiteral("relative"));
        QVERIFY(relative > 0);
        QVERIFY(!page.kindBox()->itemData(relative, Qt::ToolTipRole).toString().isEmpty());
        page.kindBox()->setCurrentIndex(relative);
        page.metricBox()->setCurrentIndex(page.metricBox()->findText(QStringLiteral("time_median")));
        QVERIFY(page.relativeToBox()->isEnabled());
        QVERIFY(page.metricBox()->isEnabled());
        QVERIFY(!page.baselineBox()->isEnabled());
        QVERIFY(!page.relativeToBox()->toolTip().isEmpty());
        // Filled from the campaign's algorithms; Ascon-AEAD128 by default.
        QCOMPARE(page.relativeToBox()->count(), 2);
        QCOMPARE(page.relativeToBox()->itemText(0), QStringLiteral("ascon-aead128"));
        QCOMPARE(page.relativeToBox()->itemText(1), QStringLiteral("lea-128-ctr"));
        QCOMPARE(page.relativeToBox()->currentText(), QStringLiteral("ascon-aead128"));

        const campaign::ChartData& d = chart->data();
        QVERIFY(d.kind == campaign::ChartKind::Relative);
        QCOMPARE(chart->plot()->yAxis->label(),
                 QStringLiteral("time_median relative to ascon-aead128 (lower is faster)"));
        QCOMPARE(values(graphNamed(chart->plot(), QStringLiteral("cpu ascon-aead128"))),
                 (QVector<double>{1.0, 1.0}));
        QCOMPARE(values(graphNamed(chart->plot(), QStringLiteral("ip ascon-aead128"))),
                 (QVector<double>{1.0}));
        QCOMPARE(values(graphNamed(chart->plot(), QStringLiteral("cpu lea-128-ctr"))),
                 (QVector<double>{2.0, 2.0}));
        QCOMPARE(values(graphNamed(chart->plot(), QStringLiteral("ip lea-128-ctr"))), (QVector<double>{4.0}));
        // The repeats' spread over the baseline's median: LEA's 0.5x..2x of 2 on the CPU.
        const int cpuLea = seriesIndex(d, "cpu lea-128-ctr");
        QVERIFY(cpuLea >= 0);
        QCOMPARE(d.series[static_cast<std::size_t>(cpuLea)].points[0].yMin, 1.0);
        QCOMPARE(d.series[static_cast<std::size_t>(cpuLea)].points[0].yMax, 4.0);
        const QString hover = chart->pointText(seriesIndex(d, "ip lea-128-ctr"), 0);
        QVERIFY2(hover.contains(QStringLiteral("time_median: ×4 of ascon-aead128 (lower is faster)")),
                 qPrintable(hover));
        QVERIFY2(chart->pointText(cpuLea, 0).contains(QStringLiteral("min / median / max: ×1 / ×2 / ×4 of "
                                                                     "ascon-aead128")),
                 qPrintable(chart->pointText(cpuLea, 0)));
        QVERIFY(chart->referenceLine());
        QCOMPARE(chart->referenceLine()->point1->coords().y(), 1.0);
        QVERIFY(chart->plot()->yAxis->range().contains(1.0));
        // The IP's LEA at 1024 bytes has no Ascon run to compare with: left out, and said.
        QCOMPARE(d.missingBaseline, 1);
        QVERIFY2(page.noteLabel()->text().contains(
                     QStringLiteral("1 points have no verified ascon-aead128 run to compare with")),
                 qPrintable(page.noteLabel()->text()));

        // Throughput against LEA: higher is faster, Ascon 4x LEA's throughput on the IP.
        page.metricBox()->setCurrentIndex(page.metricBox()->findText(QStringLiteral("throughput")));
        page.relativeToBox()->setCurrentIndex(1);
        QCOMPARE(chart->plot()->yAxis->label(),
                 QStringLiteral("throughput relative to lea-128-ctr (higher is faster)"));
        const QVector<double> ipAscon = values(graphNamed(chart->plot(), QStringLiteral("ip ascon-aead128")));
        QCOMPARE(ipAscon.size(), 1);
        QVERIFY(qAbs(ipAscon[0] - 4.0) < 1e-12);
        QCOMPARE(values(graphNamed(chart->plot(), QStringLiteral("ip lea-128-ctr"))),
                 (QVector<double>{1.0, 1.0}));
        QCOMPARE(chart->data().missingBaseline, 0);
        QVERIFY(chart->pointText(seriesIndex(chart->data(), "ip ascon-aead128"), 0)
                    .contains(QStringLiteral("×4 of lea-128-ctr (higher is faster)")));
        QCOMPARE(page.relativeToBox()->currentText(), QStringLiteral("lea-128-ctr")); // kept across refreshes

        // Back to a metric: the box is disabled, the figures are the stored ones, no ×1 line.
        page.kindBox()->setCurrentIndex(page.kindBox()->findData(QStringLiteral("metric")));
        QVERIFY(!page.relativeToBox()->isEnabled());
        QVERIFY(!chart->referenceLine());
        QVERIFY(chart->data().kind == campaign::ChartKind::Metric);
    }
};

QTEST_MAIN(TestChartsRelative)
#include "test_chartsrelative.moc"
