// `roundscope-cli campaign report` as its reader sees it: the HTML file is loaded in a real browser
// (headless Chromium from Debian, installed by .ci/setup), its DOM after loading holds the verdicts and
// the numbers of the comparison, its charts are SVG with a line per series, and a screenshot shows them
// drawn in the series' colours. The file needs nothing else: no script, no link, no fetched resource.
#include "tests/clitestsupport.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>

#include "core/campaign/campaignstore.h"
#include "core/campaign/svgchart.h"
#include "tests/campaign/repeatstest.h"

namespace {

using namespace rs::campaign;
using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

/** Two campaigns of cpu ascon-aead128 at 64..4096 bytes; B 30 % slower at 64 bytes, one failed run in A. */
QString makeStore(const QTemporaryDir& dir) {
    const QString db = dir.filePath("r.db");
    CampaignStore s(db.toStdString());
    CampaignSpec spec;
    spec.name = "report <test> & co";
    spec.targets = {"cpu"};
    spec.algorithms = {"ascon-aead128"};
    spec.messageBytes = {64, 512, 4096};
    spec.adBytes = {0};
    for (int c = 0; c < 2; ++c) {
        const auto id = s.createCampaign(spec, {{"compiler", c ? "clang 14" : "g++ 12.2.0"}});
        for (const std::uint64_t bytes : spec.messageBytes) {
            const RunKey key{"cpu", "ascon-aead128", bytes, 0};
            if (c == 0 && bytes == 4096) {
                s.recordRun(id, key, false, "wrong answer in output 2: output byte 0 is 0x00", {}, {});
                continue;
            }
            const double t = 20.0 * static_cast<double>(bytes) * (c && bytes == 64 ? 1.3 : 1.0);
            const auto v = rs::test::noisyRepeats(t, 10, static_cast<std::uint32_t>(bytes + c));
            RunOutput out;
            setTimings(out, v, bytes);
            s.recordRun(id, key, true, "", {}, out.measurements, out.samples);
        }
        s.setStatus(id, "finished");
    }
    return db;
}

QString chromium() {
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"})
        if (const QString p = QStandardPaths::findExecutable(QString::fromLatin1(name)); !p.isEmpty())
            return p;
    return {};
}

/** Runs headless Chromium on the file with extra arguments; its standard output. */
QByteArray browse(const QString& browser, const QTemporaryDir& dir, const QStringList& extra,
                  const QString& html) {
    QProcess p;
    QStringList args{QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
                     QStringLiteral("--disable-gpu"), QStringLiteral("--no-first-run"),
                     QStringLiteral("--user-data-dir=") + dir.filePath("profile")};
    args << extra << QUrl::fromLocalFile(html).toString();
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start(browser, args);
    EXPECT_TRUE(p.waitForFinished(120000)) << "chromium did not finish";
    EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    return p.readAllStandardOutput();
}

TEST(CampaignReport, TheBrowserShowsTheVerdictsNumbersAndCharts) {
    QTemporaryDir dir;
    const QString db = makeStore(dir), html = dir.filePath("report.html");
    const CliResult r = runCli({"campaign", "report", "1", "2", "--db", db, "--out", html});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    QFile f(html);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(f.readAll());
    // Self-contained: nothing to fetch, nothing to run.
    for (const char* absent : {"<script", "src=", "href=", "@import", "url("})
        EXPECT_FALSE(page.contains(QLatin1String(absent))) << absent;
    EXPECT_TRUE(page.contains(QStringLiteral("report &lt;test&gt; &amp; co"))); // names are escaped

    const QString browser = chromium();
    if (browser.isEmpty()) GTEST_SKIP() << "no Chromium here (.ci/setup installs Debian's chromium)";
    const QString dom = QString::fromUtf8(browse(browser, dir, {QStringLiteral("--dump-dom")}, html));
    EXPECT_TRUE(dom.contains(QStringLiteral(">SLOWER<"))) << dom.left(2000).toStdString();
    EXPECT_TRUE(dom.contains(QStringLiteral(">SAME<")));
    EXPECT_TRUE(dom.contains(QStringLiteral("failed in campaign 1: wrong answer in output 2")));
    EXPECT_TRUE(dom.contains(QStringLiteral("compiler: g++ 12.2.0 vs clang 14")));
    EXPECT_TRUE(dom.contains(QStringLiteral("0 faster, 1 slower, 1 same, 0 uncertain, 1 not compared")));
    EXPECT_EQ(dom.count(QStringLiteral("<svg")), 2);      // throughput and median time
    EXPECT_GE(dom.count(QStringLiteral("<polyline")), 4); // a line per campaign in each chart
    EXPECT_TRUE(dom.contains(QStringLiteral("1.3")));     // the 64-byte ratio, about 1.30

    // Drawn: the series' colour fills many pixels of a screenshot at a laptop's width.
    const QString shot = dir.filePath("shot.png");
    browse(browser, dir,
           {QStringLiteral("--screenshot=") + shot, QStringLiteral("--window-size=1366,2400"),
            QStringLiteral("--hide-scrollbars")},
           html);
    const QImage img(shot);
    ASSERT_FALSE(img.isNull()) << "no screenshot";
    ChartSeries series;
    series.target = "cpu";
    series.algorithm = "ascon-aead128";
    const QColor colour(QString::fromStdString(seriesColour(series)));
    int hits = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QColor c = img.pixelColor(x, y);
            hits += std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) +
                        std::abs(c.blue() - colour.blue()) <
                    30;
        }
    EXPECT_GT(hits, 500) << "the chart lines are not drawn in " << colour.name().toStdString();
}

TEST(CampaignReport, OneCampaignAndItsErrors) {
    QTemporaryDir dir;
    const QString db = makeStore(dir), html = dir.filePath("one.html");
    ASSERT_EQ(runCli({"campaign", "report", "1", "--db", db, "--out", html}).status, 0);
    QFile f(html);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(f.readAll());
    EXPECT_FALSE(page.contains(QStringLiteral("<h2>Comparison</h2>")));
    EXPECT_TRUE(page.contains(QStringLiteral("<b>2 of 3</b> stored runs verified")));
    expectUsageError({"campaign", "report", "--db", db, "--out", html}, "expected one campaign");
    expectUsageError({"campaign", "report", "1", "--db", db, "--out", dir.filePath("x.pdf")}, "--out");
    expectUsageError({"campaign", "report", "1", "7", "--db", db, "--out", html}, "B: no campaign 7");
    expectUsageError({"campaign", "report", "1", "--db", db, "--out", "/dev/full/x.html"}, "--out");
}

} // namespace
