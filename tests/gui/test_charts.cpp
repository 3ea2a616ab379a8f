// Every chart renders to a non-empty image and exports PNG and PDF; renderDiffusionChart writes the
// CLI's PNG without a window; the counter view shows paper 003's LEA-CTR saving.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>

#include "app/charts/diffusionchart.h"
#include "app/charts/sacheatmap.h"
#include "app/charts/theme.h"
#include "app/charts/twinflipchart.h"
#include "app/ui/explorer/counterdiffusionview.h"
#include "app/ui/explorer/diffusionpage.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/diffusionsession.h"
#include "tests/gui/guitestsupport.h"
#include "tests/pdfcheck.h"

using namespace rs;

namespace {

std::shared_ptr<const analysis::DiffusionResult> analyse(const std::string& alg, analysis::Field field,
                                                         int first, int last, int rounds, int samples,
                                                         bool keepSac) {
    analysis::DiffusionRequest r;
    r.alg = alg;
    r.field = field;
    r.firstBit = first;
    r.lastBit = last;
    r.rounds = rounds;
    r.samples = samples;
    r.keepSac = keepSac;
    return std::make_shared<const analysis::DiffusionResult>(analysis::analyzeDiffusion(r));
}

// Pixels of the image's middle row close to the heatmap's "P = 0" blue.
int bluePixelsInTheMiddleRow(const QImage& image) {
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    const QColor blue(0x21, 0x66, 0xac);
    int n = 0;
    for (int x = 0; x < img.width(); ++x) {
        const QColor c(img.pixel(x, img.height() / 2));
        if (std::abs(c.red() - blue.red()) + std::abs(c.green() - blue.green()) +
                std::abs(c.blue() - blue.blue()) <
            40)
            ++n;
    }
    return n;
}

} // namespace

class TestCharts : public QObject {
    Q_OBJECT

  private slots:
    void twinChartRendersTheFlips() {
        sessions::CipherSession session;
        session.setFlip(QStringLiteral("state"), 100);
        charts::TwinFlipChart chart;
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
        charts::DiffusionChart chart;
        chart.resize(800, 480);
        chart.setResult(result);
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
        // As a reader sees it: the same picture as the PNG, text of a normal size, the title's words there.
        const QString why = test::pdfMatchesPng(pdf, img, chart.logicalDpiX(), QStringLiteral("SKINNY"));
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    void exportFileNamesReadLikeTheTitle() {
        using charts::ChartView;
        QCOMPARE(ChartView::suggestedFileName(QStringLiteral("Ascon-p: dependency on state bits 0\u2013319"),
                                              QStringLiteral("png")),
                 QStringLiteral("ascon-p-dependency-on-state-bits-0-319.png"));
        QCOMPARE(ChartView::suggestedFileName(
                     QStringLiteral("Throughput (MB/s) \u00d7 size, SKINNY\u2011128\u2011256"),
                     QStringLiteral("pdf")),
                 QStringLiteral("throughput-mb-per-s-x-size-skinny-128-256.pdf"));
        QCOMPARE(ChartView::suggestedFileName(QStringLiteral("Latency in \u00b5s \u2014 caf\u00e9"),
                                              QStringLiteral("png")),
                 QStringLiteral("latency-in-us-cafe.png"));
        QCOMPARE(ChartView::suggestedFileName(QStringLiteral("\u2295\u2295"), QStringLiteral("png")),
                 QStringLiteral("xorxor.png"));
        QCOMPARE(ChartView::suggestedFileName(QStringLiteral("  \u2026 "), QStringLiteral("png")),
                 QStringLiteral("chart.png"));
        QCOMPARE(ChartView::suggestedFileName(QString(200, QLatin1Char('a')), QStringLiteral("png")).size(),
                 84);
    }

    void emptyChartsShowAMessage() {
        charts::DiffusionChart chart;
        QVERIFY(!chart.hasData());
        QVERIFY(test::distinctColours(chart.renderImage(QSize(500, 300))) > 2);
        charts::SacHeatmap sac;
        QVERIFY(!sac.hasData());
    }

    void sacHeatmapShowsTheMatrix() {
        const auto result = analyse("lea-128", analysis::Field::Plaintext, 0, 31, 3, 400, true);
        charts::SacHeatmap sac;
        sac.resize(800, 480);
        sac.setResult(result);
        QVERIFY(sac.hasSac());
        sac.setRound(2);
        QVERIFY(sac.hasData());
        QVERIFY(sac.title().contains(QStringLiteral("round 2")));
        const QImage img = sac.renderImage(QSize(800, 480));
        QVERIFY(test::distinctColours(img) > 20);
        // Without SAC matrices the heatmap says why instead of drawing.
        const auto structural = analyse("lea-128", analysis::Field::Plaintext, 0, 31, 3, 0, false);
        sac.setResult(structural);
        QVERIFY(!sac.hasData());
    }

    void sacHeatmapDrawsASingleVariedBit() {
        // One round of LEA from one plaintext bit: most state bits never flip (P = 0, blue).
        const auto result = analyse("lea-128", analysis::Field::Plaintext, 5, 5, 1, 300, true);
        charts::SacHeatmap sac;
        sac.resize(800, 480);
        sac.setResult(result);
        sac.setRound(1);
        QVERIFY(sac.hasData());
        const int blue = bluePixelsInTheMiddleRow(sac.renderImage(QSize(800, 480)));
        QVERIFY2(blue > 200, qPrintable(QString::number(blue)));
        // Two bits draw too (the ordinary path), as the same blue row.
        sac.setResult(analyse("lea-128", analysis::Field::Plaintext, 5, 6, 1, 300, true));
        QVERIFY(bluePixelsInTheMiddleRow(sac.renderImage(QSize(800, 480))) > 200);
    }

    void counterViewSaysWhenWordsNeverAllDepend() {
        gui::CounterDiffusionView view;
        view.setLeaSelected(true);
        // After one round only X[0] and X[3] of the next state depend on the counter in X[0].
        const auto one = analyse("lea-128", analysis::Field::Plaintext, 0, 31, 1, 0, false);
        QCOMPARE(one->precomputable->fullWordDiffusionRound, -1);
        view.setResult(one);
        const QString text = view.totalsLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("not every word depends on the counter within 1 rounds")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("-1")), qPrintable(text));
    }

    void diffusionPageSharesOneResult() {
        sessions::CipherSession session;
        sessions::DiffusionSession diffusion;
        diffusion.followExplorer(&session);
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        gui::DiffusionPage page(&session, &diffusion);
        page.samplesBox()->setValue(200);
        QSignalSpy finished(&diffusion, &sessions::DiffusionSession::finished);
        page.runAnalysis();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        const auto result = diffusion.result();
        QVERIFY(result != nullptr);
        QCOMPARE(page.dependencyChart()->result().get(), result.get());
        QCOMPARE(page.sacHeatmap()->result().get(), result.get());
        QCOMPARE(page.counterView()->result().get(), result.get());
        QCOMPARE(result.use_count(), 5L); // session, three views, this test: no copies anywhere
    }

    void varyBoxListsTheAnalysisFields() {
        sessions::CipherSession session;
        sessions::DiffusionSession diffusion;
        diffusion.followExplorer(&session);
        gui::DiffusionPage page(&session, &diffusion);
        for (const auto& alg : sessions::explorerAlgorithms()) {
            QVERIFY(session.setAlgorithm(QString::fromStdString(alg.id)));
            // A process (ML-DSA signing) has no analysis: no field to vary, and the page says why.
            if (alg.diffusionAlg.empty()) {
                QCOMPARE(page.fieldBox()->count(), 0);
                continue;
            }
            const auto fields = analysis::fieldsFor(alg.diffusionAlg);
            QComboBox* box = page.fieldBox();
            QCOMPARE(box->count(), static_cast<int>(fields.size()));
            for (int i = 0; i < box->count(); ++i) {
                const auto f = fields[static_cast<std::size_t>(i)];
                QCOMPARE(box->itemData(i).toString(), QString::fromStdString(analysis::fieldName(f)));
                box->setCurrentIndex(i);
                QCOMPARE(page.lastBitBox()->maximum(), analysis::fieldBits(alg.diffusionAlg, f) - 1);
                // The whole field by default, unless one SAC run cannot hold it (Keccak-f[1600]: its first
                // 436).
                const int bits = analysis::fieldBits(alg.diffusionAlg, f);
                QCOMPARE(page.lastBitBox()->value(),
                         std::min(bits, analysis::maxAvalancheBits(alg.diffusionAlg)) - 1);
            }
        }
    }

    void summaryNamesTheAlgorithmAndSaysWhenItIsOld() {
        sessions::CipherSession session;
        sessions::DiffusionSession diffusion;
        diffusion.followExplorer(&session);
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-192")));
        gui::DiffusionPage page(&session, &diffusion);
        page.samplesBox()->setValue(0);
        QSignalSpy finished(&diffusion, &sessions::DiffusionSession::finished);
        page.runAnalysis();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY2(page.summaryLabel()->text().contains(QStringLiteral("LEA-192")),
                 qPrintable(page.summaryLabel()->text()));
        QVERIFY(!page.summaryLabel()->text().contains(QStringLiteral("now shows")));
        QVERIFY(session.setAlgorithm(QStringLiteral("skinny-64-64")));
        QVERIFY2(page.summaryLabel()->text().contains(QStringLiteral("the explorer now shows SKINNY-64-64")),
                 qPrintable(page.summaryLabel()->text()));
    }

    void counterTabOnlyForTheCurrentLea() {
        sessions::CipherSession session; // the explorer shows Ascon-p
        sessions::DiffusionSession diffusion;
        diffusion.followExplorer(&session);
        gui::DiffusionPage page(&session, &diffusion);
        page.tabs()->setCurrentIndex(1);
        QSignalSpy finished(&diffusion, &sessions::DiffusionSession::finished);
        analysis::DiffusionRequest lea;
        lea.alg = "lea-128";
        lea.field = analysis::Field::Plaintext;
        lea.firstBit = 0;
        lea.lastBit = 31;
        QVERIFY(diffusion.start(lea));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(page.tabs()->currentIndex(), 1); // an LEA result, but the explorer is not on LEA
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        page.runCounterAnalysis(0, 31);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30000);
        QCOMPARE(page.tabs()->currentWidget(), static_cast<QWidget*>(page.counterView()));
    }

    void exportsAreOffOnTheCounterTableAndSayWhy() {
        // The counter-diffusion tab is a table: its Export PNG/PDF did nothing; now they are off and say why.
        sessions::CipherSession session;
        sessions::DiffusionSession diffusion;
        gui::DiffusionPage page(&session, &diffusion);
        auto* png = page.findChild<QPushButton*>(QStringLiteral("diffusionExportPng"));
        auto* pdf = page.findChild<QPushButton*>(QStringLiteral("diffusionExportPdf"));
        QVERIFY(png && pdf);
        QList<QAction*> actions;
        for (const auto& section : page.menuActions())
            for (QAction* a : section.actions)
                if (a->text().startsWith(QStringLiteral("Export chart"))) actions << a;
        QCOMPARE(actions.size(), 2);
        for (int tab = 0; tab < page.tabs()->count(); ++tab) {
            page.tabs()->setCurrentIndex(tab);
            const bool chart = page.tabs()->currentWidget() != static_cast<QWidget*>(page.counterView());
            QCOMPARE(png->isEnabled(), chart);
            QCOMPARE(pdf->isEnabled(), chart);
            for (QAction* a : actions)
                QCOMPARE(a->isEnabled(), chart);
            QCOMPARE(png->toolTip().contains(QStringLiteral("is a table, not a chart")), !chart);
        }
    }

    void analyzeWhileRunningSaysWhyAndAfterCancelQueues() {
        sessions::CipherSession session;
        sessions::DiffusionSession diffusion;
        diffusion.followExplorer(&session);
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        gui::DiffusionPage page(&session, &diffusion);
        QSignalSpy notices(&page, &gui::DiffusionPage::notice);
        QSignalSpy finished(&diffusion, &sessions::DiffusionSession::finished);
        QSignalSpy started(&diffusion, &sessions::DiffusionSession::started);
        page.samplesBox()->setValue(analysis::kMaxDiffusionSamples); // long enough to still run below
        page.runAnalysis();
        QVERIFY(diffusion.running());
        const int field = page.fieldBox()->currentIndex();
        // The counter preset is refused while running and leaves the controls alone.
        page.fieldBox()->setCurrentIndex(page.fieldBox()->findData(QStringLiteral("key")));
        page.runCounterAnalysis(96, 127);
        QCOMPARE(page.fieldBox()->currentData().toString(), QStringLiteral("key"));
        QCOMPARE(page.firstBitBox()->value(), 0);
        QCOMPARE(page.lastBitBox()->value(), 127);
        QCOMPARE(notices.count(), 1);
        page.runAnalysis(); // F5 while it runs: a message, not silence
        QCOMPARE(notices.count(), 2);
        QVERIFY2(page.summaryLabel()->text().contains(QStringLiteral("already running")),
                 qPrintable(page.summaryLabel()->text()));
        page.fieldBox()->setCurrentIndex(field);
        // Esc, then at once the counter preset: queued, and it runs once the cancelled one stops.
        page.cancelAnalysis();
        page.runCounterAnalysis(96, 127);
        QVERIFY(diffusion.queued());
        QCOMPARE(page.fieldBox()->currentData().toString(), QStringLiteral("pt"));
        QCOMPARE(page.firstBitBox()->value(), 96);
        QCOMPARE(page.lastBitBox()->value(), 127);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(started.count(), 2);
        QCOMPARE(diffusion.result()->firstBit, 96);
    }

    void twinChartRebuildsOncePerRecomputation() {
        sessions::CipherSession session;
        sessions::DiffusionSession diffusion;
        diffusion.followExplorer(&session);
        gui::DiffusionPage page(&session, &diffusion);
        QCoreApplication::processEvents();
        const int before = page.twinChart()->rebuildCount();
        session.setFlip(QStringLiteral("state"), 17);
        session.recomputeNow(); // twinChanged, then traceChanged and twinChanged again
        QCoreApplication::processEvents();
        QCOMPARE(page.twinChart()->rebuildCount(), before + 1);
        QCOMPARE(page.twinChart()->flips().front(), 1);
    }

    void chartsFollowTheDarkPalette() {
        const auto result = analyse("ascon-p", analysis::Field::State, 0, 319, 4, 0, false);
        charts::DiffusionChart chart;
        chart.setPalette(charts::themePalette(charts::Theme::Dark));
        chart.setResult(result);
        const QImage dark = chart.renderImage(QSize(600, 360));
        QVERIFY(QColor(dark.pixel(5, 5)).lightness() < 80);
        chart.setPalette(charts::themePalette(charts::Theme::Light));
        const QImage light = chart.renderImage(QSize(600, 360));
        QVERIFY(QColor(light.pixel(5, 5)).lightness() > 200);
    }

    void renderDiffusionChartWritesAPng() {
        const auto result = analyse("ascon-p", analysis::Field::State, 0, 319, 6, 200, false);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("cli.png"));
        QString error;
        QVERIFY2(charts::renderDiffusionChart(*result, png, &error), qPrintable(error));
        const QImage img(png);
        QCOMPARE(img.size(), QSize(1000, 560));
        QVERIFY(test::distinctColours(img) > 10);
        QVERIFY(
            !charts::renderDiffusionChart(*result, dir.filePath(QStringLiteral("missing/x.png")), &error));
        QVERIFY(!error.isEmpty());
    }

    void counterViewShowsThePaperSaving() {
        gui::CounterDiffusionView view;
        view.setLeaSelected(true);
        const auto word0 = analyse("lea-128", analysis::Field::Plaintext, 0, 31, 0, 0, false);
        QVERIFY(word0->precomputable.has_value());
        view.setResult(word0);
        QVERIFY2(view.totalsLabel()->text().contains(QStringLiteral("6 XOR, 3 add, 3 rot")),
                 qPrintable(view.totalsLabel()->text()));
        QVERIFY(view.table()->rowCount() >= 3);
        // Input row: only X[0] holds the counter.
        QCOMPARE(view.table()->item(0, 0)->text(), QStringLiteral("counter"));
        QCOMPARE(view.table()->item(0, 3)->text(), QStringLiteral("nonce only"));
        const auto word3 = analyse("lea-128", analysis::Field::Plaintext, 96, 127, 0, 0, false);
        view.setResult(word3);
        QCOMPARE(view.table()->item(0, 3)->text(), QStringLiteral("counter"));
        QCOMPARE(view.table()->item(0, 0)->text(), QStringLiteral("nonce only"));
        QVERIFY(view.totalsLabel()->text().contains(QStringLiteral("6 XOR, 3 add, 3 rot")));
    }
};

QTEST_MAIN(TestCharts)
#include "test_charts.moc"
