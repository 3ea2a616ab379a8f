// rs_teach_render without widgets: the GIF encoder read back by Qt's own GIF reader (frames, pixels,
// loop count, delays, a table that fills up), the state grid's PNG and SVG showing the same cells in
// the colours of the state's bits, the PDF handout's pages, the PNG sequence and the export errors.
#include <QtTest>

#include "core/teach/explain.h"
#include "tests/exportsupport.h"

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

std::vector<QImage> readGif(const QByteArray& bytes, int* loops = nullptr,
                            std::vector<int>* delays = nullptr) {
    QBuffer buf;
    buf.setData(bytes);
    buf.open(QIODevice::ReadOnly);
    QImageReader reader(&buf, "gif");
    std::vector<QImage> frames;
    if (loops != nullptr) *loops = reader.loopCount();
    QImage img;
    while (reader.read(&img)) {
        frames.push_back(img.convertToFormat(QImage::Format_RGB32));
        if (delays != nullptr) delays->push_back(reader.nextImageDelay());
    }
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
    void gifFramesAndPixelsSurviveQtsReader() {
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
        int loops = 0;
        std::vector<int> delays;
        const auto back = readGif(teach::encodeGif(frames, 3), &loops, &delays);
        QCOMPARE(int(back.size()), 3);
        QCOMPARE(loops, 3);
        for (int f = 0; f < 3; ++f) {
            QCOMPARE(back[std::size_t(f)].size(), frames[std::size_t(f)].image.size());
            QCOMPARE(back[std::size_t(f)], frames[std::size_t(f)].image);
            QCOMPARE(delays[std::size_t(f)], 10 * (20 + 30 * f)); // centiseconds -> ms
        }
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
        const auto back = readGif(gif);
        QCOMPARE(int(back.size()), 1);
        QCOMPARE(back[0], img);
        int loops = 0;
        readGif(teach::encodeGif({{img, 10}}, 0), &loops);
        QCOMPARE(loops, -1); // NETSCAPE2.0 loop 0: forever (Qt reports -1)
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
        const auto back = readGif(teach::encodeGif({{img, 10}}));
        QCOMPARE(int(back.size()), 1);
        QCOMPARE(back[0].pixel(5, 10), qRgb(250, 250, 250));
        QCOMPARE(back[0].pixel(150, 30), qRgb(20, 40, 160));
        QSet<QRgb> used;
        for (int x = 0; x < 300; ++x)
            used.insert(back[0].pixel(x, 0));
        QVERIFY(used.size() <= 256);
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
        QCOMPARE(pdfPages(readAll(pdf)), 5);

        const QString gif = dir.filePath(QStringLiteral("a.gif"));
        r = teach::exportSteps(j, gif, teach::ExportKind::Gif);
        QVERIFY2(r.ok, qPrintable(r.error));
        const auto frames = readGif(readAll(gif));
        QCOMPARE(int(frames.size()), 5);
        // Frame 2 is step 5 (index 4): its first LEA cell X[0] bit 31 in the step's colour.
        const teach::StateGrid grid = teach::stepGrid(j, 4);
        const QPoint c = grid.unitRect(grid.metrics(QSizeF(frames[2].size())), 0, 0).center().toPoint();
        const bool one = bitOf(m_lea.steps[4].state, 3 * 8); // X[0] bit 31: byte 3's MSB
        QCOMPARE(QColor(frames[2].pixel(c)), one ? j.colors.one : j.colors.zero);
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
