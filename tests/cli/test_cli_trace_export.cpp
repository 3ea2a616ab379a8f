// Issue 34, "Handouts and projection", from the command line: `trace --export-steps` prints only what it
// wrote (not the whole trace), --delay sets the GIF's frame time, --dark draws the dark palette, the ML-DSA
// polynomial's steps are drawn 16 coefficients a row (not 512 bits a row, 11 322 pixels wide), one step
// goes to FILE.png, and --moves on draws the sources of a bit of Ascon's p_L as the app does when a bit
// is clicked (no "click a bit" on an export).
#include "tests/cli/exportclitest.h"
#include "tests/clitestsupport.h"
#include "tests/exportsupport.h"
#include "tests/teach/strictgif.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QTemporaryDir>

namespace {

using namespace rs::test::exportcli;

using rs::test::CliResult;
using rs::test::expectUsageError;

// Pixels in the overlay's colour (teach::GridColors::overlay, #009688).
int overlayPixels(const QImage& img, int maxY) {
    int n = 0;
    for (int y = 0; y < std::min(maxY, img.height()); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QRgb p = img.pixel(x, y);
            n += std::abs(qRed(p) - 0x00) < 24 && std::abs(qGreen(p) - 0x96) < 24 &&
                         std::abs(qBlue(p) - 0x88) < 24
                     ? 1
                     : 0;
        }
    return n;
}

} // namespace

TEST(CliTraceExport, PrintsOnlyWhatItWrote) {
    QTemporaryDir dir;
    const CliResult trace = cli(kAsconP + QStringList{"--json"});
    ASSERT_EQ(trace.status, 0) << trace.err.toStdString();
    const QString output = trace.json().value("output").toString();
    ASSERT_FALSE(output.isEmpty());

    const QString pdf = dir.filePath("handout.pdf");
    const CliResult r = cli(kAsconP + QStringList{"--export-steps", pdf});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QString out = QString::fromUtf8(r.out).trimmed();
    EXPECT_EQ(out.count('\n'), 0) << out.toStdString();
    EXPECT_TRUE(out.contains(pdf)) << out.toStdString();
    EXPECT_TRUE(out.contains("pages")) << out.toStdString();
    EXPECT_FALSE(out.contains("layout")) << out.toStdString();
    EXPECT_FALSE(out.contains(output, Qt::CaseInsensitive)) << out.toStdString();

    const QString folder = dir.filePath("png");
    const CliResult png = cli(kAsconP + QStringList{"--export-steps", folder, "--from", "2", "--to", "4"});
    ASSERT_EQ(png.status, 0) << png.err.toStdString();
    const QString line = QString::fromUtf8(png.out).trimmed();
    EXPECT_EQ(line.count('\n'), 0) << line.toStdString();
    for (const char* word : {"3 PNG files", "step-002.png", "step-004.png"})
        EXPECT_TRUE(line.contains(word)) << line.toStdString();
    EXPECT_TRUE(line.contains(folder)) << line.toStdString();

    // --json: the algorithm and what was written, not the steps.
    const CliResult json = cli(kAsconP + QStringList{"--flip", "in:5", "--view", "twin", "--export-steps",
                                                     dir.filePath("t.gif"), "--json"});
    ASSERT_EQ(json.status, 0) << json.err.toStdString();
    EXPECT_EQ(json.json().keys(), (QStringList{"algorithm", "export"}));
    EXPECT_EQ(json.json().value("export").toObject().value("files").toArray().size(), 1);
}

TEST(CliTraceExport, DelaySetsTheGifFrameTime) {
    QTemporaryDir dir;
    const QString gif = dir.filePath("slow.gif"), plain = dir.filePath("plain.gif");
    ASSERT_EQ(cli(kAsconP + QStringList{"--export-steps", gif, "--to", "4", "--delay", "35"}).status, 0);
    ASSERT_EQ(cli(kAsconP + QStringList{"--export-steps", plain, "--to", "4"}).status, 0);
    const rs::test::gif::Gif g = rs::test::gif::decodeGif(readAll(gif));
    ASSERT_TRUE(g.ok()) << g.error;
    ASSERT_EQ(g.frames.size(), 4u);
    for (const auto& f : g.frames)
        EXPECT_EQ(f.delayCs, 35);
    const rs::test::gif::Gif d = rs::test::gif::decodeGif(readAll(plain));
    ASSERT_TRUE(d.ok()) << d.error;
    EXPECT_EQ(d.frames.front().delayCs, 120); // the default
    expectUsageError(kAsconP + QStringList{"--export-steps", dir.filePath("x.gif"), "--delay", "0"},
                     "--delay");
    expectUsageError(kAsconP + QStringList{"--export-steps", dir.filePath("x.pdf"), "--delay", "50"},
                     "--delay");
    expectUsageError(kAsconP + QStringList{"--delay", "50"}, "--export-steps");
}

TEST(CliTraceExport, DarkExportsInTheDarkPalette) {
    QTemporaryDir dir;
    const QString light = dir.filePath("light.png"), dark = dir.filePath("dark.png");
    ASSERT_EQ(cli(kAsconP + QStringList{"--export-steps", light, "--from", "2"}).status, 0);
    const CliResult r = cli(kAsconP + QStringList{"--export-steps", dark, "--from", "2", "--dark"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QImage l(light), d(dark);
    ASSERT_FALSE(l.isNull());
    ASSERT_FALSE(d.isNull());
    EXPECT_EQ(l.size(), d.size());
    EXPECT_GT(QColor(l.pixel(1, 1)).lightness(), 200);
    EXPECT_LT(QColor(d.pixel(1, 1)).lightness(), 80);
    expectUsageError(kAsconP + QStringList{"--dark"}, "--export-steps");
}

TEST(CliTraceExport, MlDsaStepsWrapSixteenCoefficientsARow) {
    QTemporaryDir dir;
    const QStringList ntt{"trace", "--alg", "mldsa-ntt"};
    const QString png = dir.filePath("x.png"), folder = dir.filePath("steps");
    const CliResult one = cli(ntt + QStringList{"--export-steps", png, "--from", "2"});
    ASSERT_EQ(one.status, 0) << one.err.toStdString();
    EXPECT_TRUE(QString::fromUtf8(one.out).contains(png));
    ASSERT_EQ(cli(ntt + QStringList{"--export-steps", folder, "--from", "2", "--to", "2"}).status, 0);
    const QImage img(png);
    ASSERT_FALSE(img.isNull());
    // 16 cells of 8 hex digits a row, 16 rows: about as tall as wide, far below 512 bits a row.
    EXPECT_LT(img.width(), 2500);
    EXPECT_GT(img.height() * 3, img.width());
    EXPECT_EQ(img, QImage(QDir(folder).filePath("step-002.png")));
    // A PNG file is one step.
    expectUsageError(ntt + QStringList{"--export-steps", dir.filePath("y.png"), "--from", "1", "--to", "3"},
                     "one step");
}

TEST(CliTraceExport, MovesOnDrawsTheSourcesOfAsconsLinearLayer) {
    // Step 4 of three Ascon rounds is round 1's p_L, step 3 its p_S (no movement model).
    QTemporaryDir dir;
    QImage linear, sbox;
    for (auto [step, img] : {std::pair{"4", &linear}, std::pair{"3", &sbox}}) {
        const QString out = dir.filePath(QStringLiteral("s%1.png").arg(step));
        const CliResult r =
            cli(kAsconP + QStringList{"--export-steps", out, "--from", step, "--moves", "on"});
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        *img = QImage(out);
        ASSERT_FALSE(img->isNull());
    }
    // Over the grid (above the legend and caption lines at the bottom): frames around a bit of x0 and its
    // three sources, and the arrows joining them; p_S has only the legend's swatch.
    const int gridBottom = linear.height() * 6 / 10;
    EXPECT_GT(overlayPixels(linear, gridBottom), 300);
    EXPECT_EQ(overlayPixels(sbox, gridBottom), 0);
}
