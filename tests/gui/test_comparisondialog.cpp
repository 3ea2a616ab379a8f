// The in-app comparison of two campaigns (app/ui/campaigns/comparisondialog): the verdict table computed
// from every repeat as `campaign compare` computes it, the summary and the conditions warning, the metric
// and threshold recomputing it, the filter, and the copy as tab-separated text.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QTest>

#include "app/ui/campaigns/comparisondialog.h"
#include "tests/campaign/repeatstest.h"

using namespace rs;

namespace {

campaign::RunRow run(const std::string& alg, std::vector<double> samples) {
    campaign::RunRow r;
    r.key = {"cpu", alg, 64, 0};
    r.verified = true;
    r.samples = std::move(samples);
    return r;
}

campaign::CampaignSide side(std::int64_t id, std::vector<campaign::RunRow> runs,
                            const std::string& compiler) {
    campaign::CampaignSide s;
    s.campaign.id = id;
    s.campaign.provenance = {{"compiler", compiler}, {"git_revision", "0123456789abcdef"}};
    s.runs = std::move(runs);
    return s;
}

QStringList column(const QTableWidget* t, int col) {
    QStringList out;
    for (int r = 0; r < t->rowCount(); ++r)
        out << t->item(r, col)->text();
    return out;
}

int rowOf(const QTableWidget* t, const QString& alg) {
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->text().contains(alg)) return r;
    return -1;
}

} // namespace

class TestComparisonDialog : public QObject {
    Q_OBJECT

  private slots:
    void theTableHoldsTheVerdictsOfEveryPoint() {
        // x: B 25 % slower; y: the same; z: only in A.
        const auto a =
            side(1,
                 {run("x", test::noisyRepeats(1000, 9, 1)), run("y", test::noisyRepeats(1000, 9, 2)),
                  run("z", test::noisyRepeats(1000, 9, 3))},
                 "g++ 12");
        const auto b =
            side(2, {run("x", test::noisyRepeats(1250, 9, 4)), run("y", test::noisyRepeats(1000, 9, 5))},
                 "clang 14");
        gui::ComparisonDialog d(a, b);
        QCOMPARE(d.windowTitle(), QStringLiteral("Campaign #2 against #1"));
        QTableWidget* t = d.table();
        QCOMPARE(t->rowCount(), 3);
        QCOMPARE(t->horizontalHeaderItem(1)->text(), QStringLiteral("Verdict"));
        QCOMPARE(t->item(rowOf(t, QStringLiteral(" x ")), 1)->text(), QStringLiteral("SLOWER"));
        QCOMPARE(t->item(rowOf(t, QStringLiteral(" y ")), 1)->text(), QStringLiteral("SAME"));
        const int z = rowOf(t, QStringLiteral(" z "));
        QCOMPARE(t->item(z, 1)->text(), QStringLiteral("NOT COMPARED"));
        QVERIFY2(t->item(z, 9)->text().contains(QStringLiteral("only in")),
                 qPrintable(t->item(z, 9)->text()));
        // The ratio of the medians, near 1.25, with its interval around it.
        const int x = rowOf(t, QStringLiteral(" x "));
        const double ratio = t->item(x, 4)->text().toDouble();
        QVERIFY2(ratio > 1.2 && ratio < 1.3, qPrintable(t->item(x, 4)->text()));
        QVERIFY(t->item(x, 5)->text().startsWith(QLatin1Char('[')));
        QCOMPARE(t->item(x, 8)->text(), QStringLiteral("9/9"));
        QVERIFY2(
            d.summary()->text().startsWith(QStringLiteral("0 faster, 1 slower, 1 same, 0 uncertain, 1 not "
                                                          "compared — geometric mean of the ratios")),
            qPrintable(d.summary()->text()));
        // The two were built by different compilers: said above the table.
        QVERIFY(!d.warnings()->isHidden());
        QVERIFY2(d.warnings()->text().contains(QStringLiteral("compiler")), qPrintable(d.warnings()->text()));

        // A 30 % threshold: the 25 % difference is within the noise now.
        d.findChild<QDoubleSpinBox*>()->setValue(30);
        QCOMPARE(t->item(rowOf(t, QStringLiteral(" x ")), 1)->text(), QStringLiteral("SAME"));
        d.findChild<QDoubleSpinBox*>()->setValue(5);
        // Throughput: the ratio turns over (B moves 0.8 times the bytes per second).
        d.metricBox()->setCurrentIndex(d.metricBox()->findData(QStringLiteral("throughput")));
        const double thr = t->item(rowOf(t, QStringLiteral(" x ")), 4)->text().toDouble();
        QVERIFY2(thr > 0.75 && thr < 0.85, qPrintable(QString::number(thr)));
        // An exact metric neither side stores: the reason, no table.
        d.metricBox()->setCurrentIndex(d.metricBox()->findData(QStringLiteral("cycles")));
        QCOMPARE(t->rowCount(), 0);
        QVERIFY2(d.summary()->text().startsWith(QStringLiteral("Cannot compare: ")),
                 qPrintable(d.summary()->text()));
        d.metricBox()->setCurrentIndex(0);
        QCOMPARE(t->rowCount(), 3);

        // The filter keeps the rows holding every word; the copy is what is shown.
        QTest::keyClicks(d.filterEdit(), QStringLiteral("SLOWER"));
        int shown = 0;
        for (int r = 0; r < t->rowCount(); ++r)
            shown += t->isRowHidden(r) ? 0 : 1;
        QCOMPARE(shown, 1);
        const QStringList lines = d.tableText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[0].startsWith(QStringLiteral("Point\tVerdict\tA median\tB median\tRatio B/A")));
        QVERIFY(lines[1].contains(QStringLiteral("\tSLOWER\t")));
    }

    void theSummaryCountsAndTheGeometricMean() {
        campaign::CampaignComparison c;
        c.faster = 2;
        c.uncertain = 1;
        QCOMPARE(gui::comparisonSummary(c),
                 QStringLiteral("2 faster, 0 slower, 0 same, 1 uncertain, 0 not compared"));
        c.geometricMean = campaign::stats::GeometricMean{0.9, {0.85, 0.95}, 3};
        QCOMPARE(
            gui::comparisonSummary(c),
            QStringLiteral("2 faster, 0 slower, 0 same, 1 uncertain, 0 not compared — geometric mean of the "
                           "ratios 0.900 [0.850, 0.950] over 3 points"));
    }
};

QTEST_MAIN(TestComparisonDialog)
#include "test_comparisondialog.moc"
