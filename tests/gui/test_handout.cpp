// Issue 34, "Handouts and projection": the PDF handout as a reader sees it (rendered by poppler's
// pdftoppm, its words read by pdftotext): two or three steps a page, the grids filling the page's
// width, the spec's step names as titles, the cipher's name, its inputs and the twin's flipped bit in the
// header, and none of the app's mouse hints ("click a bit") on paper.
#include <QtTest>

#include "tests/exportsupport.h"
#include "tests/pdfcheck.h"

#include <QTemporaryDir>

#include "app/teach/stepexport.h"
#include "app/teach/stephandout.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "core/sessions/ciphersession.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Page `page` (1-based) of a PDF rendered at dpi by pdftoppm; null when it cannot be.
QImage renderPage(const QString& pdf, int page, int dpi) {
    const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
    if (tool.isEmpty()) return {};
    QTemporaryDir dir;
    QProcess p;
    p.start(tool, {QStringLiteral("-r"), QString::number(dpi), QStringLiteral("-f"), QString::number(page),
                   QStringLiteral("-l"), QString::number(page), QStringLiteral("-png"),
                   QStringLiteral("-singlefile"), pdf, dir.filePath(QStringLiteral("page"))});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) return {};
    return QImage(dir.filePath(QStringLiteral("page.png"))).convertToFormat(QImage::Format_RGB32);
}

bool near(QRgb a, const QColor& b) {
    return std::abs(qRed(a) - b.red()) <= 14 && std::abs(qGreen(a) - b.green()) <= 14 &&
           std::abs(qBlue(a) - b.blue()) <= 14;
}

/** @brief The grids of a rendered page: bands of pixel rows in which cells (pixels in the grid's cell
 *  colours) cover over half the page's width; per band the widest span of cell pixels. */
struct Band {
    int top = 0, bottom = 0;
    int left = 0, right = 0;
};

std::vector<Band> gridBands(const QImage& page, const teach::GridColors& c) {
    std::vector<Band> bands;
    int lastRow = -1000;
    for (int y = 0; y < page.height(); ++y) {
        int count = 0, left = page.width(), right = -1;
        const auto* line = reinterpret_cast<const QRgb*>(page.constScanLine(y));
        for (int x = 0; x < page.width(); ++x)
            if (near(line[x], c.zero) || near(line[x], c.one) || near(line[x], c.dimZero) ||
                near(line[x], c.dimOne)) {
                ++count;
                left = std::min(left, x);
                right = std::max(right, x);
            }
        if (count < page.width() / 2) continue;
        // Rows of one grid lie a row gap apart; the next step's grid lies a legend, caption and title below.
        if (y - lastRow > page.height() / 20 || bands.empty()) bands.push_back({y, y, left, right});
        Band& b = bands.back();
        b.bottom = y;
        b.left = std::min(b.left, left);
        b.right = std::max(b.right, right);
        lastRow = y;
    }
    return bands;
}

} // namespace

class TestHandout : public QObject {
    Q_OBJECT

  private:
    crypto::Trace m_ascon, m_twin;
    crypto::Bytes m_in;

    // Three rounds of Ascon-p with its twin (bit 5 of the state flipped), as `trace --flip in:5` runs it.
    void traceAscon() {
        m_in = crypto::fromHex(sessions::findExplorerAlgorithm("ascon-p")->field("state")->defaultHex);
        crypto::AsconState s = crypto::asconStateFromBytes(m_in);
        crypto::asconPermuteTraced(s, 3, m_ascon);
        crypto::Bytes flipped = m_in;
        flipped[0] ^= 0x04; // bit 5, MSB of byte 0 first
        crypto::AsconState t = crypto::asconStateFromBytes(flipped);
        crypto::asconPermuteTraced(t, 3, m_twin);
    }

    teach::StepExportJob twinJob() const {
        teach::StepExportJob j;
        j.trace = &m_ascon;
        j.twin = &m_twin;
        j.mode = teach::GridMode::Twin;
        j.from = 0;
        j.to = m_ascon.steps.size() - 1;
        j.showMoves = true; // and no bit clicked: the app's state view says "click a bit"
        j.cipher = QStringLiteral("Ascon-p[3]");
        j.inputs = {QStringLiteral("in = ") + QString::fromStdString(crypto::toHex(m_in))};
        j.flipped = QStringLiteral("bit 5 of in");
        return j;
    }

  private slots:
    void initTestCase() {
        traceAscon();
        QCOMPARE(m_ascon.steps.size(), 10u); // the input and three rounds of p_C, p_S, p_L
        QCOMPARE(m_ascon.steps[3].step, std::string("linear diffusion"));
    }

    void stepTitlesAreTheSpecsNames() {
        QCOMPARE(teach::handoutStepTitle(m_ascon, 3), QStringLiteral("Round 1 · p_L linear layer"));
        QCOMPARE(teach::handoutStepTitle(m_ascon, 2), QStringLiteral("Round 1 · p_S substitution layer"));
        QCOMPARE(teach::handoutStepTitle(m_ascon, 4), QStringLiteral("Round 2 · p_C constant addition"));
        QCOMPARE(teach::handoutStepTitle(m_ascon, 0), QStringLiteral("Input"));
        // An AEAD's phases lead its titles.
        const crypto::Trace aead = test::referenceTrace("ascon-aead128");
        QVERIFY(!aead.steps.empty());
        QVERIFY2(teach::handoutStepTitle(aead, 1).startsWith(QStringLiteral("Initialization")),
                 qPrintable(teach::handoutStepTitle(aead, 1)));
    }

    void pagesHoldSeveralStepsFillingTheWidth() {
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("handout.pdf"));
        const teach::StepExportJob job = twinJob();
        const teach::ExportResult r = teach::exportSteps(job, pdf, teach::ExportKind::Pdf);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.steps, 10);
        // Two or three steps a page, not one.
        const int per = teach::handoutLayout(job).stepsPerPage;
        QVERIFY(per >= 2 && per <= 3);
        QCOMPARE(r.pages, (10 + per - 1) / per);
        QCOMPARE(test::pdfPages(readAll(pdf)), r.pages);
        QVERIFY(r.pages <= 5);

        const QImage page = renderPage(pdf, 1, 60);
        QVERIFY2(!page.isNull(), "pdftoppm could not render the handout (poppler-utils)");
        const std::vector<Band> bands = gridBands(page, job.colors);
        QCOMPARE(int(bands.size()), per);
        for (const Band& b : bands) {
            // Each grid spans most of the page's width (A4 less 12 mm margins is 92 % of it) ...
            QVERIFY2(
                b.right - b.left > page.width() * 3 / 4,
                qPrintable(QStringLiteral("grid %1..%2 of %3").arg(b.left).arg(b.right).arg(page.width())));
            // ... and is a grid of rows, not a thin strip.
            QVERIFY(b.bottom - b.top > page.height() / 8);
        }
        // Together the grids fill the page's height: the last one ends in its lower fifth.
        QVERIFY2(bands.back().bottom > page.height() * 3 / 5,
                 qPrintable(QStringLiteral("%1 of %2").arg(bands.back().bottom).arg(page.height())));
    }

    void theHeaderSaysWhatRanAndNoMouseHintIsPrinted() {
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("handout.pdf"));
        teach::StepExportJob job = twinJob();
        job.from = 1;
        job.to = 3; // p_C, p_S, p_L of round 1
        const teach::ExportResult r = teach::exportSteps(job, pdf, teach::ExportKind::Pdf);
        QVERIFY2(r.ok, qPrintable(r.error));
        QString text;
        QVERIFY2(test::tallestWord(pdf, &text) > 0, "pdftotext could not read the handout");
        QVERIFY2(text.contains(QStringLiteral("Round 1 · p_L linear layer")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Ascon-p[3]")), qPrintable(text));
        QVERIFY2(text.contains(QString::fromStdString(crypto::toHex(m_in)).left(16)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("bit 5 of in flipped")), qPrintable(text));
        // The step's explanation is printed; the exports' old title and the mouse hint are not.
        QVERIFY2(text.contains(QStringLiteral("p_L, round 1")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("permutation · round")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("click"), Qt::CaseInsensitive), qPrintable(text));
        // The overlay marks the sources of one bit of p_L instead (the arrows the app draws for a click).
        QVERIFY2(text.contains(QStringLiteral("before p_L")), qPrintable(text));
        const int bit = teach::exportMovesBit(teach::bitMovesFor(m_ascon, 3), -1);
        QVERIFY(bit >= 0);
        QVERIFY(teach::stepContent(job, 3).overlay.selectedBit == bit);
        // A twin view without its twin run prints the values, not the app's "choose a bit of the input".
        teach::StepExportJob alone = job;
        alone.twin = nullptr;
        alone.flipped.clear();
        const QString lonely = dir.filePath(QStringLiteral("alone.pdf"));
        QVERIFY(teach::exportSteps(alone, lonely, teach::ExportKind::Pdf).ok);
        QString words;
        QVERIFY(test::tallestWord(lonely, &words) > 0);
        QVERIFY2(!words.contains(QStringLiteral("choose a bit")), qPrintable(words));
        QVERIFY2(!words.contains(QStringLiteral("Twin run")), qPrintable(words));
        // A bit the user chose is kept.
        job.selectedBit = 51;
        QCOMPARE(teach::stepContent(job, 3).overlay.selectedBit, 51);
    }

    void theExplorersHandoutNamesItsCipherInputsAndTwin() {
        sessions::CipherSession session;
        gui::RoundExplorerPage page(&session);
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        session.setFlip(QStringLiteral("pt"), 5);
        QCoreApplication::processEvents();
        QTRY_VERIFY(session.stepCount() > 0 && session.hasTwin());
        const teach::StepExportJob job = page.exportJob(0, 2);
        QCOMPARE(job.cipher, QString::fromStdString(session.algorithm().displayName));
        const QString key = QStringLiteral("key = ") +
                            QString::fromStdString(crypto::toHex(session.inputBytes(QStringLiteral("key"))));
        QVERIFY2(job.inputs.contains(key), qPrintable(job.inputs.join(QLatin1Char('|'))));
        QCOMPARE(job.flipped, QStringLiteral("bit 5 of pt"));
    }

    void aPortraitPageTakesANarrowGrid() {
        // SKINNY-64's 16 bits a row: three or two to a portrait page, its cells filling the width.
        const crypto::Trace skinny = test::referenceTrace("skinny-64-192");
        QVERIFY(skinny.steps.size() > 6);
        teach::StepExportJob job;
        job.trace = &skinny;
        job.from = 1;
        job.to = 6;
        const teach::HandoutLayout l = teach::handoutLayout(job);
        QVERIFY(l.stepsPerPage >= 2);
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("skinny.pdf"));
        const teach::ExportResult r = teach::exportSteps(job, pdf, teach::ExportKind::Pdf);
        QVERIFY2(r.ok, qPrintable(r.error));
        const QImage page = renderPage(pdf, 1, 60);
        QVERIFY(!page.isNull());
        const std::vector<Band> bands = gridBands(page, job.colors);
        QCOMPARE(int(bands.size()), l.stepsPerPage);
        for (const Band& b : bands)
            QVERIFY2(
                b.right - b.left > page.width() * 3 / 4,
                qPrintable(QStringLiteral("grid %1..%2 of %3").arg(b.left).arg(b.right).arg(page.width())));
    }
};

QTEST_MAIN(TestHandout)
#include "test_handout.moc"
