// roundscope-cli trace --export-steps end to end, without a display: a folder of PNG files (one a
// step of the range; only into a new or empty folder or an earlier export's), a PDF handout (two or
// three steps a page), an animated GIF (frames read back by Qt's own GIF reader and by a strict decoder,
// equal to the PNG files of the same steps), long exports (a --max-frames cap, progress on stderr), and the
// bad ranges, views, extensions and unwritable targets refused with exit 2.
#include "tests/cli/exportclitest.h"
#include "tests/clitestsupport.h"
#include "tests/exportsupport.h"
#include "tests/qtcoreapp.h"
#include "tests/teach/strictgif.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QJsonArray>
#include <QTemporaryDir>

namespace {

using namespace rs::test::exportcli;

using rs::test::CliResult;
using rs::test::expectUsageError;

const QStringList kLea{"trace",
                       "--alg",
                       "lea-128",
                       "--key",
                       "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
                       "--in",
                       "101112131415161718191a1b1c1d1e1f"};

using rs::test::pdfPages;

int stepCount(const QStringList& traceArgs) {
    const CliResult r = cli(traceArgs + QStringList{"--json"});
    EXPECT_EQ(r.status, 0) << r.err.toStdString();
    return int(r.json().value("steps").toArray().size());
}

} // namespace

TEST(CliExport, PngFolderHasOneFilePerStepOfTheRange) {
    QTemporaryDir dir;
    const QString out = dir.filePath("steps");
    const CliResult r =
        cli(kAsconP + QStringList{"--export-steps", out, "--from", "2", "--to", "6", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QStringList files = QDir(out).entryList({"*.png"}, QDir::Files, QDir::Name);
    EXPECT_EQ(files,
              (QStringList{"step-002.png", "step-003.png", "step-004.png", "step-005.png", "step-006.png"}));
    for (const QString& f : files) {
        const QImage img(QDir(out).filePath(f));
        EXPECT_FALSE(img.isNull()) << f.toStdString();
        EXPECT_GT(img.width(), 400);
    }
    const QJsonObject e = r.json().value("export").toObject();
    EXPECT_EQ(e.value("format").toString(), "png");
    EXPECT_EQ(e.value("steps").toInt(), 5);
    EXPECT_EQ(e.value("files").toArray().size(), 5);
    // Different states make different images.
    EXPECT_NE(QImage(QDir(out).filePath("step-002.png")), QImage(QDir(out).filePath("step-003.png")));
}

TEST(CliExport, PdfHandoutHasTwoOrThreeStepsAPageAndDefaultsToAllSteps) {
    QTemporaryDir dir;
    const int steps = stepCount(kLea);
    ASSERT_GT(steps, 10);
    const QString pdf = dir.filePath("handout.pdf");
    const CliResult r = cli(kLea + QStringList{"--export-steps", pdf, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    QFile f(pdf);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    EXPECT_TRUE(bytes.startsWith("%PDF"));
    const QJsonObject e = r.json().value("export").toObject();
    EXPECT_EQ(e.value("steps").toInt(), steps);
    const int pages = e.value("pages").toInt();
    EXPECT_EQ(pdfPages(bytes), pages);
    EXPECT_GE(pages, (steps + 2) / 3);
    EXPECT_LE(pages, (steps + 1) / 2);
    const QString part = dir.filePath("part.pdf");
    ASSERT_EQ(cli(kLea + QStringList{"--export-steps", part, "--from", "3", "--to", "6"}).status, 0);
    QFile g(part);
    ASSERT_TRUE(g.open(QIODevice::ReadOnly));
    EXPECT_EQ(pdfPages(g.readAll()), 2);
}

TEST(CliExport, GifFramesAreReadBackByQt) {
    QTemporaryDir dir;
    const QString gif = dir.filePath("twin.gif");
    const CliResult r = cli(kAsconP + QStringList{"--flip", "in:5", "--view", "twin", "--export-steps", gif,
                                                  "--from", "1", "--to", "7", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("export").toObject().value("format").toString(), "gif");
    QImageReader reader(gif);
    EXPECT_EQ(reader.format(), "gif");
    int frames = 0;
    QImage img, first;
    while (reader.read(&img)) {
        if (frames == 0) first = img;
        ++frames;
    }
    EXPECT_EQ(frames, 7);
    EXPECT_EQ(first.size(), img.size());
    EXPECT_NE(first, img);
}

TEST(CliExport, GifFramesDecodeStrictlyAndAreThePngFilesOfTheSameSteps) {
    QTemporaryDir dir;
    const QStringList twin{"--flip", "in:5", "--view", "twin", "--from", "2", "--to", "8"};
    const QString gif = dir.filePath("twin.gif"), png = dir.filePath("png");
    ASSERT_EQ(cli(kAsconP + twin + QStringList{"--export-steps", gif}).status, 0);
    ASSERT_EQ(cli(kAsconP + twin + QStringList{"--export-steps", png}).status, 0);
    const rs::test::gif::Gif g = rs::test::gif::decodeGif(readAll(gif));
    ASSERT_TRUE(g.ok()) << g.error;
    ASSERT_EQ(g.frames.size(), 7u);
    for (std::size_t i = 0; i < 7; ++i) {
        const QString file =
            QDir(png).filePath(QStringLiteral("step-%1.png").arg(i + 2, 3, 10, QLatin1Char('0')));
        EXPECT_EQ(rs::test::gif::quantisedDifference(g.frames[i], QImage(file)), "") << file.toStdString();
    }
}

TEST(CliExport, LongExportsAreCappedAndSayHowFarTheyAre) {
    QTemporaryDir dir;
    const QStringList ntt{"trace", "--alg", "mldsa-ntt", "--substeps"};
    const int steps = stepCount(ntt);
    ASSERT_GT(steps, 1000);
    // The whole transform with its butterflies is more frames than --max-frames allows by default: refused
    // before anything is drawn, naming the option and how to go below it.
    const QString gif = dir.filePath("m.gif");
    const CliResult all = cli(ntt + QStringList{"--export-steps", gif});
    EXPECT_EQ(all.status, 2);
    EXPECT_TRUE(all.err.contains("--max-frames 500") && all.err.contains("--from/--to"))
        << all.err.toStdString();
    EXPECT_FALSE(QFile::exists(gif));
    expectUsageError(
        ntt + QStringList{"--export-steps", gif, "--from", "1", "--to", "30", "--max-frames", "20"},
        "--max-frames");
    expectUsageError(ntt + QStringList{"--export-steps", gif, "--max-frames", "0"}, "--max-frames");
    expectUsageError(kAsconP + QStringList{"--max-frames", "5"}, "--export-steps");
    // 120 steps (SKINNY-128-384 has 281): progress on stderr (the first and the last step at least,
    // nothing else there), the result on stdout, every frame in the file.
    const QString zeros48(96, '0'), zeros16(32, '0');
    const QStringList skinny{"trace", "--alg", "skinny-128-384", "--key", zeros48, "--in", zeros16};
    const QString long_ = dir.filePath("long.gif");
    const CliResult r =
        cli(skinny + QStringList{"--export-steps", long_, "--from", "11", "--to", "130", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("export").toObject().value("steps").toInt(), 120);
    const QStringList lines = QString::fromUtf8(r.err).split('\n', Qt::SkipEmptyParts);
    ASSERT_GE(lines.size(), 2);
    EXPECT_EQ(lines.front(), "export-steps: step 1/120 drawn");
    EXPECT_EQ(lines.back(), "export-steps: step 120/120 drawn");
    for (const QString& line : lines)
        EXPECT_TRUE(line.startsWith("export-steps: step ")) << line.toStdString();
    const rs::test::gif::Gif g = rs::test::gif::decodeGif(readAll(long_));
    EXPECT_TRUE(g.ok()) << g.error;
    EXPECT_EQ(g.frames.size(), 120u);
    // A short export prints nothing.
    const CliResult quiet = cli(skinny + QStringList{"--export-steps", dir.filePath("q.gif"), "--to", "99"});
    ASSERT_EQ(quiet.status, 0) << quiet.err.toStdString();
    EXPECT_TRUE(quiet.err.isEmpty()) << quiet.err.toStdString();
}

TEST(CliExport, PngStepsGoOnlyIntoANewEmptyOrEarlierExportFolder) {
    QTemporaryDir dir;
    const QStringList two{"--from", "1", "--to", "2"};
    // A folder of other things is refused and left as it was.
    const QString busy = dir.filePath("busy");
    ASSERT_TRUE(QDir().mkpath(busy));
    QFile notes(QDir(busy).filePath("notes.txt"));
    ASSERT_TRUE(notes.open(QIODevice::WriteOnly));
    notes.close();
    expectUsageError(kAsconP + QStringList{"--export-steps", busy} + two, "--export-steps");
    expectUsageError(kAsconP + QStringList{"--export-steps", busy + "/"} + two, "not empty");
    EXPECT_EQ(QDir(busy).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
              QStringList{"notes.txt"});
    // "/" is never an export's folder (as root it was written into).
    expectUsageError(kAsconP + QStringList{"--export-steps", "/", "--from", "1", "--to", "1"}, "not empty");
    EXPECT_FALSE(QFile::exists("/step-001.png"));
    // An empty folder, and the same folder again (it holds that export's files only).
    const QString empty = dir.filePath("empty");
    ASSERT_TRUE(QDir().mkpath(empty));
    ASSERT_EQ(cli(kAsconP + QStringList{"--export-steps", empty} + two).status, 0);
    const CliResult again = cli(kAsconP + QStringList{"--export-steps", empty, "--from", "2", "--to", "3"});
    ASSERT_EQ(again.status, 0) << again.err.toStdString();
    EXPECT_EQ(QDir(empty).entryList(QDir::Files, QDir::Name),
              (QStringList{"step-001.png", "step-002.png", "step-003.png"}));
}

TEST(CliExport, MovesDrawTheOverlayOfWhereBitsMove) {
    // Step 4 of three Ascon rounds is round 1's linear diffusion; state bit 51 is x0 bit 12.
    QTemporaryDir dir;
    QImage plain, moves, marked;
    for (auto [name, extra, img] : {std::tuple{"plain", QStringList{}, &plain},
                                    std::tuple{"moves", QStringList{"--moves", "on"}, &moves},
                                    std::tuple{"marked", QStringList{"--moves", "51"}, &marked}}) {
        const QString out = dir.filePath(QString::fromLatin1(name));
        const CliResult r =
            cli(kAsconP + QStringList{"--export-steps", out, "--from", "4", "--to", "4"} + extra);
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        *img = QImage(QDir(out).filePath("step-004.png"));
        ASSERT_FALSE(img->isNull()) << name;
    }
    // The overlay's legend line makes the image taller; the marked bit draws frames and joins on top.
    EXPECT_GT(moves.height(), plain.height());
    EXPECT_EQ(moves.size(), marked.size());
    EXPECT_NE(moves, marked);
}

TEST(CliExport, BadRangesViewsAndTargetsAreUsageErrors) {
    QTemporaryDir dir;
    const QString pdf = dir.filePath("x.pdf");
    expectUsageError(kAsconP + QStringList{"--export-steps", pdf, "--from", "5", "--to", "2"}, "--from");
    expectUsageError(kAsconP + QStringList{"--export-steps", pdf, "--to", "999"}, "--to");
    expectUsageError(kAsconP + QStringList{"--export-steps", pdf, "--from", "0"}, "--from");
    expectUsageError(kAsconP + QStringList{"--export-steps", dir.filePath("x.bmp")}, "unknown extension");
    expectUsageError(kAsconP + QStringList{"--export-steps", pdf, "--view", "twin"}, "--flip");
    expectUsageError(kAsconP + QStringList{"--export-steps", pdf, "--view", "sideways"}, "--view");
    expectUsageError(kAsconP + QStringList{"--from", "2"}, "--export-steps");
    expectUsageError(kAsconP + QStringList{"--moves", "on"}, "--export-steps");
    expectUsageError(kAsconP + QStringList{"--export-steps", pdf, "--moves", "sideways"}, "--moves");
    expectUsageError(kAsconP + QStringList{"--export-steps", pdf, "--moves", "320"}, "--moves");
    expectUsageError(kAsconP + QStringList{"--export-steps", dir.filePath("no/such/folder/x.gif")},
                     "--export-steps");
    // A folder that cannot be created: a file is in the way.
    QFile blocker(dir.filePath("file"));
    ASSERT_TRUE(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    expectUsageError(kAsconP + QStringList{"--export-steps", dir.filePath("file/sub")}, "--export-steps");
    EXPECT_FALSE(QFile::exists(pdf));
    // Nothing was left behind: no temporary files in the folder.
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot),
              QStringList{"file"});
}

TEST(CliExport, OtherCommandsStillRunWithoutAGuiApplication) {
    const CliResult r = cli(kAsconP + QStringList{"--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_FALSE(r.json().contains("export"));
}
