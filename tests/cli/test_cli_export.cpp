// roundscope-cli trace --export-steps end to end, without a display: a folder of PNG files (one a
// step of the range), a PDF handout (one page a step), an animated GIF (frames read back by Qt's own
// GIF reader), and the bad ranges, views, extensions and unwritable targets refused with exit 2.
#include "tests/clitestsupport.h"
#include "tests/exportsupport.h"
#include "tests/qtcoreapp.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QJsonArray>
#include <QTemporaryDir>

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;

// The CLI picks the offscreen platform itself: run it with no QT_QPA_PLATFORM and no display.
CliResult cli(const QStringList& args) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    return rs::test::runCli(args, env);
}

const QStringList kAsconP{"trace", "--alg", "ascon-p", "--rounds", "3"};
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

TEST(CliExport, PdfHasOnePagePerStepAndDefaultsToAllSteps) {
    QTemporaryDir dir;
    const int steps = stepCount(kLea);
    ASSERT_GT(steps, 10);
    const QString pdf = dir.filePath("handout.pdf");
    const CliResult r = cli(kLea + QStringList{"--export-steps", pdf});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    QFile f(pdf);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    EXPECT_TRUE(bytes.startsWith("%PDF"));
    EXPECT_EQ(pdfPages(bytes), steps);
    const QString part = dir.filePath("part.pdf");
    ASSERT_EQ(cli(kLea + QStringList{"--export-steps", part, "--from", "3", "--to", "5"}).status, 0);
    QFile g(part);
    ASSERT_TRUE(g.open(QIODevice::ReadOnly));
    EXPECT_EQ(pdfPages(g.readAll()), 3);
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
