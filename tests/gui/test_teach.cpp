// rs_teach_render without widgets: the GIF encoder read back by a strict decoder of our own
// (tests/teach/strictgif.h: frames, pixels, loop count, delays, a table that fills up, the end code's
// width when the table reaches 2^n at the end) and by Qt's reader, the state grid's PNG and SVG showing
// the same cells in the colours of the state's bits, the PDF handout's page count, the PNG sequence (and the
// folders it may go into), the GIF export's frames against the rendered steps, and the export errors.
#include <QtTest>

#include "core/teach/explain.h"
#include "tests/exportsupport.h"
#include "tests/teach/strictgif.h"

#include <QBuffer>
#include <QImageReader>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include "app/teach/gifencoder.h"
#include "app/teach/stepexport.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;

namespace {

// Qt's own reader: a second, lenient decoder beside the strict one.
std::vector<QImage> readGifWithQt(const QByteArray& bytes, int* loops = nullptr) {
    QBuffer buf;
    buf.setData(bytes);
    buf.open(QIODevice::ReadOnly);
    QImageReader reader(&buf, "gif");
    std::vector<QImage> frames;
    if (loops != nullptr) *loops = reader.loopCount();
    QImage img;
    while (reader.read(&img))
        frames.push_back(img.convertToFormat(QImage::Format_RGB32));
    return frames;
}

bool bitOf(const crypto::Bytes& b, int i) {
    return (b[std::size_t(i / 8)] >> (7 - i % 8)) & 1;
}

using rs::test::pdfPages;

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestTeach : public QObject {
    Q_OBJECT

  private:
    crypto::Trace m_ascon = test::referenceTrace("ascon-p");
    crypto::Trace m_lea = test::referenceTrace("lea-128");

    teach::StepExportJob job(const crypto::Trace& t, std::size_t from, std::size_t to) const {
        teach::StepExportJob j;
        j.trace = &t;
        j.from = from;
        j.to = to;
        return j;
    }

  private slots:
    void gifFramesAndPixelsSurviveAStrictDecoder() {
        // Three frames of blocks in five colours; each frame moves the blocks.
        const QRgb colours[] = {qRgb(255, 255, 255), qRgb(200, 30, 30), qRgb(30, 60, 200), qRgb(0, 0, 0),
                                qRgb(240, 150, 0)};
        std::vector<teach::GifFrame> frames;
        for (int f = 0; f < 3; ++f) {
            QImage img(37, 23, QImage::Format_RGB32);
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x)
                    img.setPixel(x, y, colours[((x + 3 * f) / 4 + y / 5) % 5]);
            frames.push_back({img, 20 + 30 * f});
        }
        const QByteArray bytes = teach::encodeGif(frames, 3);
        const test::gif::Gif g = test::gif::decodeGif(bytes);
        QVERIFY2(g.ok(), g.error.c_str());
        QCOMPARE(int(g.frames.size()), 3);
        QCOMPARE(g.loops, 3);
        for (int f = 0; f < 3; ++f) {
            QCOMPARE(g.frames[std::size_t(f)].canvas, frames[std::size_t(f)].image);
            QCOMPARE(g.frames[std::size_t(f)].delayCs, 20 + 30 * f);
        }
        // Qt's reader agrees.
        int loops = 0;
        const auto qt = readGifWithQt(bytes, &loops);
        QCOMPARE(int(qt.size()), 3);
        QCOMPARE(loops, 3);
        QCOMPARE(qt[2], frames[2].image);
    }

    void gifLzwRestartsWhenItsTableIsFull() {
        // Noise over 16 colours makes thousands of codes: the 12-bit table fills and restarts.
        QRandomGenerator rng(17);
        QImage img(160, 120, QImage::Format_RGB32);
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                const int v = int(rng.bounded(16));
                img.setPixel(x, y, qRgb(v * 16, 255 - v * 13, (v * 77) % 256));
            }
        const QByteArray gif = teach::encodeGif({{img, 10}});
        QVERIFY(teach::gifLzw(std::vector<std::uint8_t>(5000, 1), 4).size() < 400); // runs compress
        const test::gif::Gif g = test::gif::decodeGif(gif);
        QVERIFY2(g.ok(), g.error.c_str());
        QCOMPARE(int(g.frames.size()), 1);
        QCOMPARE(g.frames[0].canvas, img);
        QVERIFY(g.frames[0].lzw.clears >= 2); // the first clear and at least one restart
        QCOMPARE(g.frames[0].lzw.maxWidth, 12);
        QCOMPARE(g.loops, 0); // NETSCAPE2.0 loop 0: forever
        int loops = 0;
        QCOMPARE(readGifWithQt(gif, &loops).front(), img);
        QCOMPARE(loops, -1); // Qt reports forever as -1
    }

    void gifEndCodeIsWideWhenTheTableReachesAPowerOfTwoAtTheEnd() {
        // The decoder adds a table entry for the last pixel code too; when that entry is 2^n - 1 it
        // reads the end-of-information code with n + 1 bits. Search small images for that case, and
        // for the case where the narrow code would end on a byte boundary, so that a decoder reading
        // n + 1 bits runs past the data (what strict decoders reject).
        int atPowerOfTwo = 0, atByteEnd = 0, images = 0;
        for (int colours = 2; colours <= 5; ++colours)
            for (int w = 1; w <= 24; ++w)
                for (int h = 1; h <= 4; ++h)
                    for (int pattern = 0; pattern < 3; ++pattern) {
                        QImage img(w, h, QImage::Format_RGB32);
                        for (int y = 0; y < h; ++y)
                            for (int x = 0; x < w; ++x) {
                                const int v = pattern == 0   ? (x + y) % colours
                                              : pattern == 1 ? (x * x + 7 * x + 3 * y) % colours
                                                             : ((x ^ y) * 5 + 1) % colours;
                                img.setPixel(x, y, qRgb(v * 40, 255 - v * 30, v * 11));
                            }
                        ++images;
                        const test::gif::Gif g = test::gif::decodeGif(teach::encodeGif({{img, 10}}));
                        QVERIFY2(g.ok(), qPrintable(QStringLiteral("%1x%2, %3 colours, pattern %4: %5")
                                                        .arg(w)
                                                        .arg(h)
                                                        .arg(colours)
                                                        .arg(pattern)
                                                        .arg(QString::fromStdString(g.error))));
                        QCOMPARE(g.frames.size(), std::size_t(1));
                        QCOMPARE(g.frames[0].canvas, img);
                        const test::gif::LzwStats& lzw = g.frames[0].lzw;
                        if (!lzw.eoiAfterWidening) continue;
                        ++atPowerOfTwo;
                        atByteEnd += lzw.endBit % 8 == 1 ? 1 : 0; // one bit into a byte of its own
                    }
        QVERIFY2(atPowerOfTwo > 0 && atByteEnd > 0,
                 qPrintable(QStringLiteral("%1 images: %2 reach 2^n at the end, %3 of them at a byte's end")
                                .arg(images)
                                .arg(atPowerOfTwo)
                                .arg(atByteEnd)));
    }

    void gifLzwRoundTripsAnyIndices() {
        // The code stream alone, for every minimum code size: random lengths, runs and noise.
        QRandomGenerator rng(29);
        for (int minCodeSize = 2; minCodeSize <= 8; ++minCodeSize)
            for (int t = 0; t < 60; ++t) {
                const int alphabet = 1 << minCodeSize;
                const int used = 1 + int(rng.bounded(alphabet));
                std::vector<std::uint8_t> indices(1 + rng.bounded(t < 50 ? 300u : 9000u));
                for (std::size_t i = 0; i < indices.size(); ++i) // every third: long runs
                    indices[i] = t % 3 == 0 && i > 0 && rng.bounded(8) != 0 ? indices[i - 1]
                                                                            : std::uint8_t(rng.bounded(used));
                const QByteArray packed = teach::gifLzw(indices, minCodeSize);
                const test::gif::LzwResult back = test::gif::decodeLzw(
                    std::vector<std::uint8_t>(packed.begin(), packed.end()), minCodeSize, indices.size());
                QVERIFY2(back.error.empty(), back.error.c_str());
                QVERIFY(back.indices == indices);
            }
    }

    void strictDecoderRejectsBrokenStreams() {
        // The decoder the tests trust must itself say no: a cut-off end code, an unknown code, a
        // missing end code, a wrong pixel count, data after the end code.
        const std::vector<std::uint8_t> pixels{0, 1, 1, 0, 1, 1, 1, 0};
        const QByteArray good = teach::gifLzw(pixels, 2);
        const std::vector<std::uint8_t> data(good.begin(), good.end());
        QVERIFY(test::gif::decodeLzw(data, 2, pixels.size()).error.empty());
        QVERIFY(!test::gif::decodeLzw(data, 2, pixels.size() + 1).error.empty());
        QVERIFY(!test::gif::decodeLzw(data, 2, pixels.size() - 1).error.empty());
        QVERIFY(!test::gif::decodeLzw({data.begin(), data.end() - 1}, 2, pixels.size()).error.empty());
        std::vector<std::uint8_t> longer = data;
        longer.push_back(0);
        QVERIFY(!test::gif::decodeLzw(longer, 2, pixels.size()).error.empty());
        // clear (4), 1, then 7: not in the table (the next free code is 6); 3-bit codes, LSB first.
        QVERIFY(test::gif::decodeLzw({0xcc, 0x01}, 2, 2).error.find("not in the table") != std::string::npos);
        // clear, 1, then nothing: no end code.
        QVERIFY(test::gif::decodeLzw({0x0c}, 2, 1).error.find("past the end") != std::string::npos);
        QImage small(3, 2, QImage::Format_RGB32);
        small.fill(Qt::white);
        const QByteArray file = teach::encodeGif({{small, 5}});
        QVERIFY(test::gif::decodeGif(file).ok());
        QVERIFY(!test::gif::decodeGif(file.left(file.size() - 1)).ok()); // no trailer
        QVERIFY(!test::gif::decodeGif(file + QByteArray(1, 0)).ok());    // bytes after it
    }

    void gifQuantisesToTheFrequentColours() {
        // 300 colours: the 2 big areas keep their exact colour, the rare shades map to the nearest.
        QImage img(300, 40, QImage::Format_RGB32);
        img.fill(qRgb(250, 250, 250));
        for (int x = 0; x < 300; ++x) {
            img.setPixel(x, 0, qRgb(x % 256, x / 2, 90)); // one pixel each
            for (int y = 20; y < 40; ++y)
                img.setPixel(x, y, qRgb(20, 40, 160));
        }
        const test::gif::Gif g = test::gif::decodeGif(teach::encodeGif({{img, 10}}));
        QVERIFY2(g.ok(), g.error.c_str());
        QCOMPARE(int(g.frames.size()), 1);
        const QImage back = g.frames[0].canvas;
        QCOMPARE(back.pixel(5, 10), qRgb(250, 250, 250));
        QCOMPARE(back.pixel(150, 30), qRgb(20, 40, 160));
        QSet<QRgb> used;
        for (int x = 0; x < 300; ++x)
            used.insert(back.pixel(x, 0));
        QVERIFY(used.size() <= 256);
    }

    void gifWriterWithLocalTablesGivesEachFrameItsColoursAndOnlyWhatChanged() {
        // Two frames of 200 colours each, 400 in all: one global table could not hold them, a table a
        // frame does, and every pixel comes back exactly. Then a frame that changes two pixels is a
        // rectangle around them, the unchanged pixel between them transparent, and a repeated frame one
        // transparent pixel.
        std::vector<QImage> frames;
        teach::GifWriter writer(QSize(40, 5), 2);
        for (int f = 0; f < 2; ++f) {
            QImage img(40, 5, QImage::Format_RGB32);
            for (int i = 0; i < 200; ++i)
                img.setPixel(i % 40, i / 40, qRgb(f * 100 + i % 100, i, 7 + f));
            frames.push_back(img);
        }
        frames[0].setPixel(0, 0, qRgb(0, 0, 0)); // black: what an undrawn screen may be taken for
        frames.push_back(frames[1]);
        frames[2].setPixel(7, 3, qRgb(1, 2, 3));
        frames[2].setPixel(9, 3, qRgb(1, 2, 3));
        frames.push_back(frames[2]);
        for (const QImage& img : frames)
            QVERIFY(writer.addFrame(img, 15));
        QVERIFY(!writer.addFrame(QImage(4, 4, QImage::Format_RGB32), 15)); // another size
        const test::gif::Gif g = test::gif::decodeGif(writer.finish());
        QVERIFY2(g.ok(), g.error.c_str());
        QCOMPARE(int(g.frames.size()), 4);
        QCOMPARE(g.loops, 2);
        QVERIFY(g.globalTable.empty());
        for (std::size_t f = 0; f < 4; ++f) {
            QVERIFY(g.frames[f].localTable);
            QCOMPARE(g.frames[f].delayCs, 15);
            QCOMPARE(g.frames[f].undrawn, std::size_t(0)); // nothing left transparent over the background
            QCOMPARE(g.frames[f].canvas, frames[f]);
        }
        QCOMPARE(QRect(g.frames[1].left, g.frames[1].top, g.frames[1].width, g.frames[1].height),
                 QRect(0, 0, 40, 5));
        QCOMPARE(g.frames[1].transparent, -1); // every pixel changed
        QCOMPARE(QRect(g.frames[2].left, g.frames[2].top, g.frames[2].width, g.frames[2].height),
                 QRect(7, 3, 3, 1));
        QVERIFY(g.frames[2].transparent >= 0);
        QCOMPARE(int(g.frames[2].indices[1]), g.frames[2].transparent);
        QCOMPARE(g.frames[3].width * g.frames[3].height, 1);
        QCOMPARE(int(g.frames[3].indices[0]), g.frames[3].transparent);
    }

    void pngCellsHaveTheColoursOfTheStateBits() {
        const teach::StepExportJob j = job(m_ascon, 4, 4);
        const QImage img = teach::renderStep(j, 4);
        const teach::StateGrid grid = teach::stepGrid(j, 4);
        const auto m = grid.metrics(QSizeF(img.size()));
        const crypto::Bytes& state = m_ascon.steps[4].state;
        int ones = 0;
        for (int row = 0; row < 5; ++row)
            for (int col = 0; col < 64; ++col) {
                // Ascon: x<row> bit 63-col is bit col of the word's 8 big-endian bytes.
                const bool one = bitOf(state, row * 64 + col);
                ones += one ? 1 : 0;
                const QPoint c = grid.unitRect(m, row, col).center().toPoint();
                QCOMPARE(QColor(img.pixel(c)), one ? j.colors.one : j.colors.zero);
            }
        QVERIFY(ones > 20 && ones < 300);
    }

    void svgShowsTheSameCellsAsThePng() {
        teach::StepExportJob j = job(m_lea, 3, 3);
        j.mode = teach::GridMode::Changed;
        const QImage png = teach::renderStep(j, 3);
        const QByteArray svg = teach::stateGridSvg(teach::stepGrid(j, 3).scene(QSizeF(png.size())));
        QXmlStreamReader xml(svg);
        int rects = 0, texts = 0, checked = 0;
        QStringList labels;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement) continue;
            if (xml.name() == QLatin1String("svg")) {
                QCOMPARE(xml.attributes().value("width").toDouble(), double(png.width()));
            } else if (xml.name() == QLatin1String("rect")) {
                ++rects;
                const auto a = xml.attributes();
                const QRectF r(a.value("x").toDouble(), a.value("y").toDouble(), a.value("width").toDouble(),
                               a.value("height").toDouble());
                // The background (the first rect) and translucent cells are left out.
                if (rects == 1 || a.hasAttribute("fill-opacity") || r.width() < 4 || r.height() < 4) continue;
                QCOMPARE(QColor(png.pixel(r.center().toPoint())).name(), a.value("fill").toString());
                ++checked;
            } else if (xml.name() == QLatin1String("text")) {
                ++texts;
                labels << xml.readElementText();
            }
        }
        QVERIFY(!xml.hasError());
        // Every LEA bit cell but the changed 0 bits (translucent), and the legend's three swatches.
        int changedZeros = 0;
        for (int i = 0; i < 128; ++i)
            changedZeros += bitOf(m_lea.steps[3].state, i) != bitOf(m_lea.steps[2].state, i) &&
                                    !bitOf(m_lea.steps[3].state, i)
                                ? 1
                                : 0;
        QVERIFY(changedZeros > 0);
        QCOMPARE(checked, 128 - changedZeros + 3);
        QVERIFY(rects >= 1 + 4 * 32);
        for (const char* label : {"X[0]", "X[3]"})
            QVERIFY2(labels.contains(QLatin1String(label)), label);
        // The step's explanation (a long one may be elided to the width).
        const QString caption = teach::stepCaption(m_lea, 3);
        QVERIFY(std::any_of(labels.begin(), labels.end(),
                            [&](const QString& l) { return l.startsWith(caption.left(24)); }));
        QVERIFY(texts > 8);
    }

    void viewsHighlightAgainstTheirReference() {
        teach::StepExportJob j = job(m_ascon, 0, 5);
        j.mode = teach::GridMode::Changed;
        int expected = 0;
        for (int i = 0; i < 320; ++i)
            expected += bitOf(m_ascon.steps[5].state, i) != bitOf(m_ascon.steps[4].state, i) ? 1 : 0;
        QVERIFY(expected > 0);
        QCOMPARE(teach::stepGrid(j, 5).highlightedBits(), expected);
        QCOMPARE(teach::stepGrid(j, 0).highlightedBits(), 0); // the first step has no previous one
        j.mode = teach::GridMode::Twin;
        crypto::Trace twin = m_ascon;
        twin.steps[5].state[7] ^= 0x21;
        j.twin = &twin;
        QCOMPARE(teach::stepGrid(j, 5).highlightedBits(), 2);
    }

    void captionsComeFromTheHook() {
        teach::StepExportJob j = job(m_ascon, 0, 2);
        const teach::GridContent c = teach::stepContent(j, 2);
        const auto& s = m_ascon.steps[2];
        // The step's explanation: the spec's layer, with this run's values.
        QCOMPARE(c.caption, QString::fromStdString(teach::explainStep(m_ascon, 2)));
        QCOMPARE(s.step, std::string("substitution layer"));
        QVERIFY2(c.caption.contains(QStringLiteral("S-box")), qPrintable(c.caption));
        j.caption = [](const crypto::Trace&, std::size_t i) { return QStringLiteral("explained %1").arg(i); };
        QCOMPARE(teach::stepContent(j, 2).caption, QStringLiteral("explained 2"));
        j.caption = nullptr;
        QVERIFY(teach::stepContent(j, 2).caption.isEmpty());
    }

    void rangesBecomePngFilesPdfPagesAndGifFrames() {
        QTemporaryDir dir;
        const teach::StepExportJob j = job(m_lea, 2, 6);
        const QString folder = dir.filePath(QStringLiteral("png"));
        teach::ExportResult r = teach::exportSteps(j, folder, teach::ExportKind::PngSequence);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(QDir(folder).entryList({QStringLiteral("*.png")}, QDir::Files).size(), 5);
        QVERIFY(QFile::exists(folder + QStringLiteral("/step-003.png")));
        QVERIFY(QFile::exists(folder + QStringLiteral("/step-007.png")));
        QCOMPARE(QImage(folder + QStringLiteral("/step-004.png")), teach::renderStep(j, 3));

        const QString pdf = dir.filePath(QStringLiteral("h.pdf"));
        r = teach::exportSteps(j, pdf, teach::ExportKind::Pdf);
        QVERIFY2(r.ok, qPrintable(r.error));
        // The handout: two or three steps a page (tests/gui/test_handout.cpp reads its pages).
        QVERIFY(r.pages >= 2 && r.pages <= 3);
        QCOMPARE(pdfPages(readAll(pdf)), r.pages);

        const QString gif = dir.filePath(QStringLiteral("a.gif"));
        r = teach::exportSteps(j, gif, teach::ExportKind::Gif);
        QVERIFY2(r.ok, qPrintable(r.error));
        const test::gif::Gif g = test::gif::decodeGif(readAll(gif));
        QVERIFY2(g.ok(), g.error.c_str());
        QCOMPARE(int(g.frames.size()), 5);
        std::vector<QImage> frames;
        for (std::size_t i = 0; i < 5; ++i) { // each frame is the step as drawn, in the frame's colours
            const std::string diff = test::gif::quantisedDifference(g.frames[i], teach::renderStep(j, 2 + i));
            QVERIFY2(diff.empty(), diff.c_str());
            frames.push_back(g.frames[i].canvas);
        }
        // Frame 2 is step 5 (index 4): its first LEA cell X[0] bit 31 in the step's colour.
        const teach::StateGrid grid = teach::stepGrid(j, 4);
        const QPoint c = grid.unitRect(grid.metrics(QSizeF(frames[2].size())), 0, 0).center().toPoint();
        const bool one = bitOf(m_lea.steps[4].state, 3 * 8); // X[0] bit 31: byte 3's MSB
        QCOMPARE(QColor(frames[2].pixel(c)), one ? j.colors.one : j.colors.zero);
    }

    void pngSequenceGoesOnlyIntoANewEmptyOrEarlierExportFolder() {
        QTemporaryDir dir;
        const teach::StepExportJob j = job(m_lea, 0, 1);
        const auto write = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write("keep") == 4;
        };
        // A folder holding other things (a home folder, "/") is refused and left as it was.
        const QString busy = dir.filePath(QStringLiteral("busy"));
        QVERIFY(QDir().mkpath(busy + QStringLiteral("/sub")));
        QVERIFY(write(busy + QStringLiteral("/notes.txt")));
        teach::ExportResult r = teach::exportSteps(j, busy, teach::ExportKind::PngSequence);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QLatin1String("not empty")) && r.error.contains(QLatin1String("notes.txt")),
                 qPrintable(r.error));
        QCOMPARE(QDir(busy).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 (QStringList{QStringLiteral("notes.txt"), QStringLiteral("sub")}));
        // Hidden files and look-alikes count as other things.
        for (const char* name : {".profile", "step-001.png.bak", "step-x.png"}) {
            const QString other = dir.filePath(QStringLiteral("other-") + QLatin1String(name));
            QVERIFY(QDir().mkpath(other));
            QVERIFY(write(other + QLatin1Char('/') + QLatin1String(name)));
            QVERIFY2(!teach::sequenceFolderProblem(other).isEmpty(), name);
        }
        QVERIFY(!teach::sequenceFolderProblem(busy + QStringLiteral("/notes.txt")).isEmpty()); // a file
        // A new folder, an empty one and one holding an earlier export are fine.
        const QString fresh = dir.filePath(QStringLiteral("new/deeper"));
        QVERIFY2(teach::exportSteps(j, fresh, teach::ExportKind::PngSequence).ok, "a new folder");
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("empty"))));
        QVERIFY2(
            teach::exportSteps(j, dir.filePath(QStringLiteral("empty")), teach::ExportKind::PngSequence).ok,
            "an empty folder");
        r = teach::exportSteps(job(m_lea, 1, 3), fresh, teach::ExportKind::PngSequence);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(QDir(fresh).entryList(QDir::Files).size(), 4); // step-001 .. step-004
    }

    void exportsBuildEachStepsGridTwiceNotOncePerFrame() {
        // The frame size is measured over every step's grid once; drawing builds each grid once more.
        // The captions count the grids built: about 2n for n steps (it was n² for a PNG folder and a
        // GIF, every frame measuring every step again).
        QTemporaryDir dir;
        const std::size_t n = 20;
        QVERIFY(m_lea.steps.size() >= n);
        const std::pair<teach::ExportKind, QString> targets[] = {
            {teach::ExportKind::PngSequence, QStringLiteral("png")},
            {teach::ExportKind::Gif, QStringLiteral("a.gif")},
            {teach::ExportKind::Pdf, QStringLiteral("a.pdf")}};
        for (const auto& [kind, name] : targets) {
            int grids = 0;
            teach::StepExportJob j = job(m_lea, 0, n - 1);
            j.caption = [&grids](const crypto::Trace& t, std::size_t i) {
                ++grids;
                return teach::stepCaption(t, i);
            };
            int calls = 0;
            const teach::ExportResult r =
                teach::exportSteps(j, dir.filePath(name), kind, [&calls](int done, int total) {
                    ++calls;
                    return done == calls && total == 20;
                });
            QVERIFY2(r.ok, qPrintable(r.error));
            QCOMPARE(calls, int(n)); // after every step, from the first
            QVERIFY2(grids <= int(2 * n), qPrintable(QStringLiteral("%1: %2 grids").arg(name).arg(grids)));
        }
        // A GIF export cancelled at its third frame writes nothing.
        const QString gif = dir.filePath(QStringLiteral("cancelled.gif"));
        int calls = 0;
        const teach::ExportResult r = teach::exportSteps(job(m_lea, 0, 9), gif, teach::ExportKind::Gif,
                                                         [&calls](int, int) { return ++calls < 3; });
        QVERIFY(r.cancelled);
        QCOMPARE(calls, 3);
        QVERIFY(!QFile::exists(gif));
    }

    void exportErrorsSayWhy() {
        QTemporaryDir dir;
        teach::ExportResult r =
            teach::exportSteps(job(m_lea, 4, 2), dir.filePath("x.pdf"), teach::ExportKind::Pdf);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QLatin1String("not in the trace")), qPrintable(r.error));
        QVERIFY(!QFile::exists(dir.filePath("x.pdf")));
        r = teach::exportSteps(job(m_lea, 0, 1), dir.filePath("missing/x.gif"), teach::ExportKind::Gif);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QLatin1String("missing")), qPrintable(r.error));
        int calls = 0;
        r = teach::exportSteps(job(m_lea, 0, 5), dir.filePath("seq"), teach::ExportKind::PngSequence,
                               [&calls](int, int) { return ++calls < 2; });
        QVERIFY(r.cancelled);
        QCOMPARE(QDir(dir.filePath("seq")).entryList(QDir::Files).size(), 2);
        QCOMPARE(teach::exportKindFor(dir.path(), false), teach::ExportKind::PngSequence);
        QCOMPARE(teach::exportKindFor(QStringLiteral("a/b.GIF"), false), teach::ExportKind::Gif);
        QVERIFY(!teach::exportKindFor(QStringLiteral("a/b.png"), false));
        QCOMPARE(teach::exportKindFor(QStringLiteral("a/b.svg"), true), teach::ExportKind::Svg);
        QVERIFY(!teach::exportKindFor(QStringLiteral("a/b.txt"), true));
    }
};

QTEST_MAIN(TestTeach)
#include "test_teach.moc"
