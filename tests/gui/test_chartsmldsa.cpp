// The Charts page on a campaign of the ML-DSA scheme operations (issue 35), run for real on the cpu target:
// the metric box offers what those runs store (time, operations per second, sign's attempts; no throughput,
// which a signature does not have), one series per operation, key generation one point at its seed's 32
// bytes, sign and verify one per message size, and the attempts chart has the signing runs only.
#include <QtTest>

#include <QComboBox>
#include <QTemporaryDir>

#include <qcustomplot.h>

#include "app/charts/campaignchart.h"
#include "app/ui/campaigns/chartspage.h"
#include "core/campaign/campaignengine.h"
#include "core/campaign/campaignstore.h"
#include "core/oracle/algorithms.h"
#include "core/sessions/campaignsession.h"
#include "tests/gui/campaigntestsupport.h"

using namespace rs;

namespace {

QCPGraph* graphNamed(QCustomPlot* plot, const QString& name) {
    for (int g = 0; g < plot->graphCount(); ++g)
        if (plot->graph(g)->name() == name) return plot->graph(g);
    return nullptr;
}

QVector<double> keys(QCPGraph* g) {
    QVector<double> v;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        v << it->key;
    return v;
}

/** ML-DSA-44's keygen, sign and verify on the cpu target at 32 and 1024 bytes, 2 repeats. */
void runSchemeCampaign(const std::string& path) {
    campaign::CampaignStore store(path);
    campaign::CampaignSpec spec;
    spec.name = "ml-dsa-44";
    spec.targets = {"cpu"};
    for (const oracle::MlDsaSchemeAlgorithm& r : oracle::mldsaSchemeAlgorithms())
        if (r.set == crypto::MlDsaParamSet::MlDsa44) spec.algorithms.push_back(r.id);
    spec.messageBytes = {32, 1024};
    spec.repeats = 2;
    const campaign::EngineResult r = campaign::runCampaign(store, spec);
    QCOMPARE(r.failed, 0);
    QCOMPARE(r.runs, 5); // keygen once (32 B), sign and verify at both sizes
}

} // namespace

class TestChartsMlDsa : public QObject {
    Q_OBJECT

  private slots:
    void eachSchemeOperationIsASeries() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.sqlite"));
        runSchemeCampaign(path.toStdString());
        sessions::CampaignSession session;
        QVERIFY(rs::test::openStore(session, path));
        gui::ChartsPage page(&session);
        auto* chart = page.chart();
        QTRY_VERIFY_WITH_TIMEOUT(chart->plot()->graphCount() > 0, 30000);

        QStringList metrics;
        for (int i = 0; i < page.metricBox()->count(); ++i)
            metrics << page.metricBox()->itemText(i);
        for (const char* m :
             {"time_median", "time_per_operation", "operations_per_second", "attempts_median"})
            QVERIFY2(metrics.contains(QLatin1String(m)), qPrintable(metrics.join(' ')));
        QVERIFY2(!metrics.contains(QStringLiteral("throughput")), qPrintable(metrics.join(' ')));

        page.metricBox()->setCurrentIndex(page.metricBox()->findText(QStringLiteral("time_median")));
        QCOMPARE(chart->plot()->graphCount(), 3);
        QCPGraph* keygen = graphNamed(chart->plot(), QStringLiteral("cpu mldsa-44-keygen"));
        QCPGraph* sign = graphNamed(chart->plot(), QStringLiteral("cpu mldsa-44-sign"));
        QCPGraph* verify = graphNamed(chart->plot(), QStringLiteral("cpu mldsa-44-verify"));
        QVERIFY(keygen && sign && verify);
        QCOMPARE(keys(keygen), (QVector<double>{32}));
        QCOMPARE(keys(sign), (QVector<double>{32, 1024}));
        QCOMPARE(keys(verify), (QVector<double>{32, 1024}));
        QVERIFY(chart->plot()->xAxis->range().contains(32));

        page.metricBox()->setCurrentIndex(page.metricBox()->findText(QStringLiteral("attempts_median")));
        QCOMPARE(chart->plot()->graphCount(), 1);
        QCPGraph* attempts = graphNamed(chart->plot(), QStringLiteral("cpu mldsa-44-sign"));
        QVERIFY(attempts);
        for (auto it = attempts->data()->constBegin(); it != attempts->data()->constEnd(); ++it)
            QVERIFY(it->value >= 1);
        QVERIFY2(chart->plot()->yAxis->label().startsWith(QStringLiteral("attempts_median")),
                 qPrintable(chart->plot()->yAxis->label()));
    }
};

QTEST_MAIN(TestChartsMlDsa)
#include "test_chartsmldsa.moc"
