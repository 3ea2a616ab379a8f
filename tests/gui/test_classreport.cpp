// Issue 34: a student's practice report printed as one A4 page (app/teach/practicereportpdf), and the
// instructor's class view (app/ui/explorer/classreportdialog): reports checked with the class key, the
// refused ones listed with their reason, the class table, the common wrong bits named as the explorer names
// them, and the CSV export.
//
// RS_CLASSREPORT_SHOTS=<folder> keeps the PDF, its page rendered by pdftoppm and a grab of the dialog there,
// to look at them.

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app/teach/practicereportpdf.h"
#include "app/ui/explorer/classreportdialog.h"
#include "app/ui/window/mainwindow.h"
#include "core/teach/studentreport.h"
#include "tests/exportsupport.h"
#include "tests/pdfcheck.h"

using namespace rs;

namespace {

const std::string kKey = "class-7b key";

teach::StopResult stop(int index, const std::string& title, bool solved, int attempts, int hints,
                       bool revealed, double seconds, std::vector<int> wrong) {
    teach::StopResult s;
    s.stop = index;
    s.title = title;
    s.solved = solved;
    s.attempts = attempts;
    s.hintsUsed = hints;
    s.revealed = revealed;
    s.seconds = seconds;
    s.wrongBits = std::move(wrong);
    return s;
}

teach::StudentReport report(const std::string& student, const std::string& lesson) {
    teach::StudentReport r;
    r.student = student;
    r.lesson = lesson;
    r.algorithm = "ascon-p";
    r.rounds = 12;
    r.started = "2026-12-07T08:15:00Z";
    return r;
}

// Alice: stop 1 right at once, stop 2 wrong twice (bits 3 and 70, bit 3 twice) after a hint.
teach::StudentReport alice() {
    teach::StudentReport r = report("Alice Martin", "Ascon's S-box by hand");
    r.seconds = 125.4;
    r.stops = {stop(0, "First column", true, 1, 0, false, 40, {}),
               stop(1, "Row x2 after p_L", false, 2, 1, false, 85.4, {3, 70, 3})};
    return r;
}

// Bob: stop 1 wrong once (bit 3), then revealed after three hints; stop 2 right.
teach::StudentReport bob() {
    teach::StudentReport r = report("Bob Okafor", "Ascon's S-box by hand");
    r.seconds = 80;
    r.stops = {stop(0, "First column", false, 1, 3, true, 50, {3}),
               stop(1, "Row x2 after p_L", true, 1, 0, false, 30, {})};
    return r;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

QString shotsDir() {
    return qEnvironmentVariable("RS_CLASSREPORT_SHOTS");
}

} // namespace

class ClassReportTest : public QObject {
    Q_OBJECT

  private slots:
    void pdfIsOneA4PageWithEveryStop();
    void pdfOfALongLessonStaysOnePage();
    void pdfWriteFailureNamesThePath();
    void dialogTableRefusalsAndCsv();
    void bitsWithoutALayoutKeepTheirNumbers();
    void fileMenuOpensTheDialog();
};

void ClassReportTest::pdfIsOneA4PageWithEveryStop() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    teach::StudentReport r = alice();
    r.stops.push_back(stop(4, "Whole state after round 1", false, 0, 0, false, 12, {}));
    const QString pdf = dir.filePath(QStringLiteral("alice.pdf"));
    teach::writePracticeReportPdf(r, pdf);
    const QByteArray bytes = readAll(pdf);
    QVERIFY(bytes.startsWith("%PDF-"));
    QCOMPARE(rs::test::pdfPages(bytes), 1);

    // A4 is 210 x 297 mm: 595 x 842 pixels at 72 dpi.
    QString error;
    const QImage page = rs::test::renderPdf(pdf, 72, &error);
    QVERIFY2(!page.isNull(), qPrintable(error));
    QVERIFY2(std::abs(page.width() - 595) <= 1 && std::abs(page.height() - 842) <= 1,
             qPrintable(QStringLiteral("%1x%2").arg(page.width()).arg(page.height())));

    QString text;
    const double tallest = rs::test::tallestWord(pdf, &text);
    QVERIFY2(tallest > 0, "pdftotext could not read the PDF");
    QVERIFY2(tallest < 30, qPrintable(text)); // the student's name is the largest text, 20 pt
    text.replace(QStringLiteral("&apos;"), QStringLiteral("'"))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    for (const QString& word :
         {QStringLiteral("Alice Martin"), QStringLiteral("Ascon's S-box by hand"),
          QStringLiteral("First column"), QStringLiteral("Row x2 after p_L"),
          QStringLiteral("Whole state after round 1"), QStringLiteral("ascon-p"), QStringLiteral("12 rounds"),
          QStringLiteral("2026-12-07 08:15 UTC"), QStringLiteral("2 min 05 s"),
          QStringLiteral("Solved: 1 of 3 stops"), QStringLiteral("right"), QStringLiteral("wrong"),
          QStringLiteral("no answer"), QStringLiteral("MAC"), QStringLiteral("Attempts")})
        QVERIFY2(text.contains(word), qPrintable(word + QStringLiteral(" is not on the page: ") + text));

    // Something is drawn beyond the text: the table's header fill and rules (not a blank page).
    int dark = 0;
    const QImage grey = page.convertToFormat(QImage::Format_Grayscale8);
    for (int y = 0; y < grey.height(); ++y)
        for (int x = 0; x < grey.width(); ++x)
            dark += qGray(grey.pixel(x, y)) < 128 ? 1 : 0;
    QVERIFY(dark > 2000);

    if (!shotsDir().isEmpty()) {
        QFile::remove(shotsDir() + QStringLiteral("/practicereport.pdf"));
        QFile::copy(pdf, shotsDir() + QStringLiteral("/practicereport.pdf"));
        rs::test::renderPdf(pdf, 110, &error).save(shotsDir() + QStringLiteral("/practicereport.png"));
    }
}

void ClassReportTest::pdfOfALongLessonStaysOnePage() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // 30 stops fit (smaller type); 90 do not: the page lists what fits and says how many more there are.
    for (int n : {30, 90}) {
        teach::StudentReport r = alice();
        r.stops.clear();
        for (int i = 0; i < n; ++i)
            r.stops.push_back(
                stop(i, "Step " + std::to_string(i + 1) + " check", i % 2 == 0, 1, 0, false, 10, {}));
        const QString pdf = dir.filePath(QStringLiteral("long%1.pdf").arg(n));
        teach::writePracticeReportPdf(r, pdf);
        if (!shotsDir().isEmpty()) {
            QString error;
            rs::test::renderPdf(pdf, 110, &error).save(shotsDir() + QStringLiteral("/long%1.png").arg(n));
        }
        QCOMPARE(rs::test::pdfPages(readAll(pdf)), 1);
        QString text;
        QVERIFY(rs::test::tallestWord(pdf, &text) > 0);
        QVERIFY2(text.contains(QStringLiteral("Step 1 check")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("MAC")), qPrintable(text));
        if (n == 30) {
            QVERIFY2(text.contains(QStringLiteral("Step 30 check")), qPrintable(text));
        } else {
            QVERIFY2(!text.contains(QStringLiteral("Step 90 check")), qPrintable(text));
            static const QRegularExpression more(
                QStringLiteral("and (\\d+) more stops: see the JSON report"));
            const auto m = more.match(text);
            QVERIFY2(m.hasMatch(), qPrintable(text));
            // The rows shown and the count of the rest add up to every stop.
            const int shown = int(text.count(QRegularExpression(QStringLiteral("Step \\d+ check"))));
            QCOMPARE(shown + m.captured(1).toInt(), n);
        }
    }
}

void ClassReportTest::pdfWriteFailureNamesThePath() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no-such-folder/alice.pdf"));
    try {
        teach::writePracticeReportPdf(alice(), path);
        QFAIL("writing into a missing folder did not throw");
    } catch (const teach::ReportPdfError& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(path), e.what());
    }
    QVERIFY(!QFileInfo::exists(path));
}

void ClassReportTest::dialogTableRefusalsAndCsv() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString a = dir.filePath(QStringLiteral("alice.json")),
                  b = dir.filePath(QStringLiteral("bob.json")),
                  c = dir.filePath(QStringLiteral("carol.json")),
                  d = dir.filePath(QStringLiteral("dan.json"));
    writeFile(a, teach::writeReport(alice(), kKey));
    writeFile(b, teach::writeReport(bob(), kKey));
    // Carol solved nothing, then edited her file to say she solved the first stop.
    teach::StudentReport carol = report("Carol Nguyen", "Ascon's S-box by hand");
    carol.stops = {stop(0, "First column", false, 4, 3, true, 300, {1, 2})};
    QByteArray edited = teach::writeReport(carol, kKey);
    QVERIFY(edited.contains("\"solved\": false"));
    edited.replace("\"solved\": false", "\"solved\": true");
    writeFile(c, edited);
    // Dan's report is of another lesson (right key).
    teach::StudentReport dan = report("Dan Ito", "LEA's rotations");
    dan.stops = {stop(0, "X[0] after round 1", true, 1, 0, false, 20, {})};
    writeFile(d, teach::writeReport(dan, kKey));

    gui::ClassReportDialog dialog;
    dialog.keyEdit()->setText(QString::fromStdString(kKey));
    QCOMPARE(dialog.addReports({a, c, b, d}), 2);
    QCOMPARE(int(dialog.reports().size()), 2);

    // The refused ones, with their reasons, in the list too.
    QCOMPARE(dialog.refused().size(), 2);
    QCOMPARE(dialog.refused()[0].path, c);
    QVERIFY2(dialog.refused()[0].reason.contains(QStringLiteral("MAC does not match")),
             qPrintable(dialog.refused()[0].reason));
    QVERIFY2(dialog.refused()[0].reason.contains(QStringLiteral("edited")),
             qPrintable(dialog.refused()[0].reason));
    QCOMPARE(dialog.refused()[1].path, d);
    QVERIFY2(dialog.refused()[1].reason.contains(QStringLiteral("another lesson ('LEA's rotations'")),
             qPrintable(dialog.refused()[1].reason));
    QCOMPARE(dialog.refusedList()->count(), 2);
    QVERIFY(dialog.refusedList()->item(0)->text().startsWith(QStringLiteral("carol.json: ")));
    QVERIFY(dialog.refusedList()->item(0)->text().contains(QStringLiteral("MAC does not match")));
    QVERIFY(dialog.refusedList()->item(1)->text().startsWith(QStringLiteral("dan.json: ")));

    // The same file again is refused, not counted twice.
    QCOMPARE(dialog.addReports({a}), 0);
    QCOMPARE(dialog.refused().size(), 3);
    QCOMPARE(dialog.refused()[2].reason, QStringLiteral("already in the table"));

    // The table: Alice, Bob, totals; columns student, the two stops, solved, time.
    QTableWidget* t = dialog.tableWidget();
    QCOMPARE(t->rowCount(), 3);
    QCOMPARE(t->columnCount(), 5);
    QCOMPARE(t->horizontalHeaderItem(1)->text(), QStringLiteral("Stop 1 · First column"));
    QCOMPARE(t->horizontalHeaderItem(2)->text(), QStringLiteral("Stop 2 · Row x2 after p_L"));
    QCOMPARE(t->item(0, 0)->text(), QStringLiteral("Alice Martin"));
    QCOMPARE(t->item(0, 1)->text(), QStringLiteral("right · 1 attempt · 0 hints"));
    QCOMPARE(t->item(0, 2)->text(), QStringLiteral("wrong · 2 attempts · 1 hint"));
    QCOMPARE(t->item(0, 3)->text(), QStringLiteral("1 of 2"));
    QCOMPARE(t->item(0, 4)->text(), QStringLiteral("2 min 05 s"));
    QCOMPARE(t->item(1, 0)->text(), QStringLiteral("Bob Okafor"));
    QCOMPARE(t->item(1, 1)->text(), QStringLiteral("revealed · 1 attempt · 3 hints"));
    QCOMPARE(t->item(1, 2)->text(), QStringLiteral("right · 1 attempt · 0 hints"));
    QCOMPARE(t->item(2, 0)->text(), QStringLiteral("Total (2 students)"));
    QCOMPARE(t->item(2, 1)->text(), QStringLiteral("1 of 2 right · 1 revealed · 2 attempts · 3 hints"));
    QCOMPARE(t->item(2, 2)->text(), QStringLiteral("1 of 2 right · 3 attempts · 1 hint"));
    QCOMPARE(t->item(2, 3)->text(), QStringLiteral("2 of 4"));
    QCOMPARE(t->item(2, 4)->text(), QStringLiteral("mean 1 min 43 s"));

    // The common wrong bits, named as the explorer names Ascon's bits (state bit 3 is x0's bit 60, bit 70
    // is x1's bit 57); a bit counts once per student however often she entered it wrong.
    const QString bits = dialog.wrongBitsView()->toPlainText();
    QVERIFY2(bits.contains(QStringLiteral("Stop 1 · First column: x0 bit 60 (1 student)")), qPrintable(bits));
    QVERIFY2(bits.contains(
                 QStringLiteral("Stop 2 · Row x2 after p_L: x0 bit 60 (1 student), x1 bit 57 (1 student)")),
             qPrintable(bits));

    // The CSV, byte for byte.
    const QString csv = dir.filePath(QStringLiteral("class.csv"));
    QCOMPARE(dialog.exportCsv(csv), QString());
    const QByteArray written = readAll(csv);
    const QByteArray wanted =
        "student,seconds,stop 1 First column solved,stop 1 First column attempts,stop 1 First column hints,"
        "stop 2 Row x2 after p_L solved,stop 2 Row x2 after p_L attempts,stop 2 Row x2 after p_L "
        "hints,solved\r\n"
        "Alice Martin,125,yes,1,0,no,2,1,1\r\n"
        "Bob Okafor,80,revealed,1,3,yes,1,0,1\r\n";
    QCOMPARE(written, wanted);
    // A CSV that cannot be written says why and leaves nothing behind.
    const QString bad = dir.filePath(QStringLiteral("missing/class.csv"));
    QVERIFY(!dialog.exportCsv(bad).isEmpty());
    QVERIFY(!QFileInfo::exists(bad));

    if (!shotsDir().isEmpty()) {
        dialog.resize(1100, 640);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.grab().save(shotsDir() + QStringLiteral("/classreport.png"));
    }

    // A wrong key refuses every report, each with its reason.
    dialog.clearReports();
    QCOMPARE(t->rowCount(), 0);
    dialog.keyEdit()->setText(QStringLiteral("another class"));
    QCOMPARE(dialog.addReports({a, b}), 0);
    QCOMPARE(dialog.refused().size(), 2);
    for (const gui::RefusedReport& r : dialog.refused())
        QVERIFY2(r.reason.contains(QStringLiteral("another class key")), qPrintable(r.reason));
    QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("exportCsv"))->isEnabled());
}

void ClassReportTest::bitsWithoutALayoutKeepTheirNumbers() {
    teach::StudentReport r = alice();
    r.algorithm = "no-such-algorithm";
    QVERIFY(!gui::explorerLayout(r.algorithm, r.rounds).has_value());
    QVERIFY(gui::explorerLayout("ascon-p", 12).has_value());
    const QStringList lines = gui::commonWrongBitLines(teach::classTable({r}), std::nullopt);
    QCOMPARE(
        lines,
        QStringList({QStringLiteral("Stop 1 · First column: no wrong bits"),
                     QStringLiteral("Stop 2 · Row x2 after p_L: bit 3 (1 student), bit 70 (1 student)")}));
    // At most `most` bits, then a count.
    QCOMPARE(gui::commonWrongBitLines(teach::classTable({r}), std::nullopt, 1).at(1),
             QStringLiteral("Stop 2 · Row x2 after p_L: bit 3 (1 student), 1 more bit"));
}

void ClassReportTest::fileMenuOpensTheDialog() {
    gui::MainWindow w(false);
    QMenu* file = nullptr;
    for (QAction* a : w.menuBar()->actions())
        if (a->menu() != nullptr && a->text().remove(QLatin1Char('&')) == QStringLiteral("File"))
            file = a->menu();
    QVERIFY(file != nullptr);
    QAction* open = nullptr;
    for (QAction* a : file->actions())
        if (a->objectName() == QStringLiteral("classReportsAction")) open = a;
    QVERIFY2(open != nullptr, "File has no Class reports… action");
    QCOMPARE(open->text().remove(QLatin1Char('&')), QStringLiteral("Class reports…"));
    QVERIFY(w.findChild<gui::ClassReportDialog*>() == nullptr);
    open->trigger();
    auto* dialog = w.findChild<gui::ClassReportDialog*>();
    QVERIFY(dialog != nullptr);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->tableWidget()->rowCount(), 0);
    dialog->close();
}

QTEST_MAIN(ClassReportTest)
#include "test_classreport.moc"
