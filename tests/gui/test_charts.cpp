// Every chart renders to a non-empty image and exports PNG and PDF; renderDiffusionChart writes the
// CLI's PNG without a window; the counter view shows paper 003's LEA-CTR saving.
#include <QtTest>

#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>

#include "ciphersession.h"
#include "counterdiffusionview.h"
#include "diffusionchart.h"
#include "guitestsupport.h"
#include "sacheatmap.h"
#include "theme.h"
#include "twinflipchart.h"

using namespace rs;

namespace {

analysis::DiffusionResult analyse(const std::string& alg, analysis::Field field, int first, int last,
                                  int rounds, int samples, bool keepSac) {
    analysis::DiffusionRequest r;
    r.alg = alg;
    r.field = field;
    r.firstBit = first;
    r.lastBit = last;
    r.rounds = rounds;
    r.samples = samples;
    r.keepSac = keepSac;
    return analysis::analyzeDiffusion(r);
}

} // namespace

class TestCharts : public QObject {
    Q_OBJECT

  private slots:
    void twinChartRendersTheFlips() {
        sessions::CipherSession session;
        session.setFlip(QStringLiteral("state"), 100);
        gui::TwinFlipChart chart;
        chart.resize(700, 400);
        chart.setTraces(session.trace(), session.twinTrace(), 5, false);
        QVERIFY(chart.hasData());
        QCOMPARE(chart.flips().size(), std::size_t(13)); // input + 12 rounds
        QCOMPARE(chart.flips().front(), 1);              // the flipped bit itself
        QVERIFY(chart.flips().back() > 100);
        const QImage img = chart.renderImage(QSize(700, 400));
        QCOMPARE(img.size(), QSize(700, 400));
        QVERIFY(test::distinctColours(img) > 10);
    }

    void dependencyChartRendersAndExports() {
        const auto result = analyse("skinny-64-64", analysis::Field::Plaintext, 0, 63, 8, 300, false);
        gui::DiffusionChart chart;
        chart.resize(800, 480);
        chart.setResult(&result);
        QVERIFY(chart.hasData());
        QVERIFY(chart.title().contains(QStringLiteral("SKINNY")));
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("dep.png")),
                      pdf = dir.filePath(QStringLiteral("dep.pdf"));
        QString error;
        QVERIFY2(chart.exportPng(png, 0, 0, &error), qPrintable(error));
        QImage img(png);
        QVERIFY(!img.isNull());
        QVERIFY(img.width() >= 800);
        QVERIFY(test::distinctColours(img) > 10);
        QVERIFY2(chart.exportPdf(pdf, &error), qPrintable(error));
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(4) == "%PDF");
        QVERIFY(f.size() > 1000);
    }

    void emptyChartsShowAMessage() {
        gui::DiffusionChart chart;
        QVERIFY(!chart.hasData());
        QVERIFY(test::distinctColours(chart.renderImage(QSize(500, 300))) > 2);
        gui::SacHeatmap sac;
        QVERIFY(!sac.hasData());
    }

    void sacHeatmapShowsTheMatrix() {
        const auto result = analyse("lea-128", analysis::Field::Plaintext, 0, 31, 3, 400, true);
        gui::SacHeatmap sac;
        sac.resize(800, 480);
        sac.setResult(&result);
        QVERIFY(sac.hasSac());
        sac.setRound(2);
        QVERIFY(sac.hasData());
        QVERIFY(sac.title().contains(QStringLiteral("round 2")));
        const QImage img = sac.renderImage(QSize(800, 480));
        QVERIFY(test::distinctColours(img) > 20);
        // Without SAC matrices the heatmap says why instead of drawing.
        const auto structural = analyse("lea-128", analysis::Field::Plaintext, 0, 31, 3, 0, false);
        sac.setResult(&structural);
        QVERIFY(!sac.hasData());
    }

    void chartsFollowTheDarkPalette() {
        const auto result = analyse("ascon-p", analysis::Field::State, 0, 319, 4, 0, false);
        gui::DiffusionChart chart;
        chart.setPalette(gui::themePalette(gui::Theme::Dark));
        chart.setResult(&result);
        const QImage dark = chart.renderImage(QSize(600, 360));
        QVERIFY(QColor(dark.pixel(5, 5)).lightness() < 80);
        chart.setPalette(gui::themePalette(gui::Theme::Light));
        const QImage light = chart.renderImage(QSize(600, 360));
        QVERIFY(QColor(light.pixel(5, 5)).lightness() > 200);
    }

    void renderDiffusionChartWritesAPng() {
        const auto result = analyse("ascon-p", analysis::Field::State, 0, 319, 6, 200, false);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("cli.png"));
        QString error;
        QVERIFY2(gui::renderDiffusionChart(result, png, &error), qPrintable(error));
        const QImage img(png);
        QCOMPARE(img.size(), QSize(1000, 560));
        QVERIFY(test::distinctColours(img) > 10);
        QVERIFY(!gui::renderDiffusionChart(result, dir.filePath(QStringLiteral("missing/x.png")), &error));
        QVERIFY(!error.isEmpty());
    }

    void counterViewShowsThePaperSaving() {
        gui::CounterDiffusionView view;
        view.setLeaSelected(true);
        const auto word0 = analyse("lea-128", analysis::Field::Plaintext, 0, 31, 0, 0, false);
        QVERIFY(word0.precomputable.has_value());
        view.setResult(&word0);
        QVERIFY2(view.totalsLabel()->text().contains(QStringLiteral("6 XOR, 3 add, 3 rot")),
                 qPrintable(view.totalsLabel()->text()));
        QVERIFY(view.table()->rowCount() >= 3);
        // Input row: only X[0] holds the counter.
        QCOMPARE(view.table()->item(0, 0)->text(), QStringLiteral("counter"));
        QCOMPARE(view.table()->item(0, 3)->text(), QStringLiteral("nonce only"));
        const auto word3 = analyse("lea-128", analysis::Field::Plaintext, 96, 127, 0, 0, false);
        view.setResult(&word3);
        QCOMPARE(view.table()->item(0, 3)->text(), QStringLiteral("counter"));
        QCOMPARE(view.table()->item(0, 0)->text(), QStringLiteral("nonce only"));
        QVERIFY(view.totalsLabel()->text().contains(QStringLiteral("6 XOR, 3 add, 3 rot")));
    }
};

QTEST_MAIN(TestCharts)
#include "test_charts.moc"
