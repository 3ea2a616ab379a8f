// Issue 34 end to end: the two shipped practice lessons (Ascon-p, 2 rounds; SKINNY-64-192, 2 rounds) played
// start to finish in the main window at 1366×768 — every practice stop answered in the Your turn panel
// (a wrong entry, a hint where allowed, then the right entry, computed here from the trace's state bytes,
// never by teach::practiceAnswer), the next stop reached by the panel's button, the report saved as JSON
// and a one-page PDF for two students (the second with other mistakes and one revealed answer), then the
// instructor's class reports dialog: who solved which stop, attempts, hints, the common wrong bits and the
// exported CSV. The window never grows wider than the 1366 px screen, and the panel's entry, grid, feedback
// and hints never lie over one another (the panel's scroll area follows its content's height).
#include <QtTest>

#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>

#include <cstdint>
#include <string>
#include <vector>

#include "app/ui/explorer/classreportdialog.h"
#include "app/ui/explorer/lessonpanel.h"
#include "app/ui/explorer/practicepanel.h"
#include "app/ui/window/mainwindow.h"
#include "core/fileio/safefile.h"
#include "core/sessions/ciphersession.h"
#include "core/teach/lesson.h"
#include "core/teach/studentreport.h"
#include "tests/exportsupport.h"

using namespace rs;
using teach::PracticePart;

namespace {

constexpr int kScreenWidth = 1366;
const QString kClassKey = QStringLiteral("crypto-lab-2026");

bool stateBit(const std::vector<std::uint8_t>& state, int bit) {
    return ((state[static_cast<std::size_t>(bit / 8)] >> (7 - bit % 8)) & 1) != 0;
}

// The asked part as the student writes it: its state bits (MSB of byte 0 first), in entry order, written
// `digitBits` bits per digit (4: hex, 1: binary).
struct Asked {
    std::vector<int> bits;
    int digitBits = 4;
};

// SKINNY-64's 4-bit cell c: bits 4c..4c+3.
void addCell(Asked& a, int cell) {
    for (int b = 0; b < 4; ++b)
        a.bits.push_back(4 * cell + b);
}

// The part a practice stop asks for, from the lesson's own terms (the header of core/teach/practice.h):
// Ascon x0..x4 are 64-bit words (state bytes 8i..8i+7), its S-box column j is bit j of each word in the
// explorer's numbering (bit 63−j in the spec's); SKINNY-64's 16 cells are nibbles, row by row.
Asked askedPart(const teach::Lesson& lesson, const teach::LessonPractice& p) {
    Asked a;
    const bool ascon = lesson.algorithm.rfind("ascon", 0) == 0;
    switch (p.part) {
    case PracticePart::SboxColumn:
        a.digitBits = 1;
        for (int r = 0; r < 5; ++r)
            a.bits.push_back(64 * r + p.index);
        break;
    case PracticePart::Row:
        if (ascon) {
            for (int b = 0; b < 64; ++b)
                a.bits.push_back(64 * p.index + b);
        } else {
            for (int c = 0; c < 4; ++c)
                addCell(a, 4 * p.index + c);
        }
        break;
    case PracticePart::Column:
        for (int r = 0; r < 4; ++r)
            addCell(a, 4 * r + p.index);
        break;
    default:
        break;
    }
    return a;
}

// The entry for these bits of a state: digits of `digitBits` bits.
QString entryOf(const std::vector<std::uint8_t>& state, const Asked& a) {
    QString out;
    for (std::size_t i = 0; i < a.bits.size(); i += static_cast<std::size_t>(a.digitBits)) {
        int v = 0;
        for (int b = 0; b < a.digitBits; ++b)
            v = (v << 1) | (stateBit(state, a.bits[i + static_cast<std::size_t>(b)]) ? 1 : 0);
        out += QString::number(v, 16);
    }
    return out;
}

// The entry with digit d's lowest bit flipped, and the state bit that makes wrong.
QString flipDigit(QString entry, const Asked& a, int d, int* bit) {
    const int v = entry.mid(d, 1).toInt(nullptr, 16) ^ 1;
    entry[d] = QString::number(v, 16).at(0);
    *bit = a.bits[static_cast<std::size_t>(d * a.digitBits + a.digitBits - 1)];
    return entry;
}

// The panel's parts a student reads at a practice stop lie one below the other, none drawn over another
// (a word-wrapped label squeezed under its height draws over the grid).
QString overlapping(gui::PracticePanel& panel) {
    const std::vector<QWidget*> parts = {panel.entryEdit(),
                                         panel.checkButton(),
                                         panel.revealButton(),
                                         panel.resultLabel(),
                                         panel.findChild<QWidget*>(QStringLiteral("practiceGridArea")),
                                         panel.feedbackLabel(),
                                         panel.hintsLabel(),
                                         panel.answerLabel(),
                                         panel.nextStopButton()};
    std::vector<std::pair<QWidget*, QRect>> shown;
    for (QWidget* part : parts)
        if (part != nullptr && part->isVisibleTo(&panel) && !part->size().isEmpty())
            shown.emplace_back(part, QRect(part->mapTo(&panel, QPoint(0, 0)), part->size()));
    for (std::size_t i = 0; i < shown.size(); ++i)
        for (std::size_t j = i + 1; j < shown.size(); ++j)
            if (shown[i].second.intersects(shown[j].second))
                return shown[i].first->objectName() + QStringLiteral(" overlaps ") +
                       shown[j].first->objectName();
    return {};
}

void enter(gui::PracticePanel& panel, const QString& text) {
    panel.entryEdit()->clear();
    QTest::keyClicks(panel.entryEdit(), text);
    QTest::keyClick(panel.entryEdit(), Qt::Key_Return);
}

QByteArray readAll(const QString& path) {
    return QByteArray::fromStdString(fileio::readFileBounded(path.toStdString(), 1 << 22, "test file"));
}

// What one student did at one practice stop, to compare with the class table.
struct Expected {
    bool solved = true;
    bool revealed = false;
    int attempts = 0;
    int hints = 0;
    int firstWrongBit = -1; ///< the wrong bit both students entered
};

} // namespace

class TestPracticeFlow : public QObject {
    Q_OBJECT

    // Plays the whole lesson as one student and saves the report; `careless`: no hints, two wrong entries
    // per stop (the first the same wrong bit as the careful student's) and the answer revealed at the first
    // stop that allows it. Fills `expected` by lesson stop index.
    void playLesson(const QString& lessonPath, const QString& student, bool careless, const QString& json,
                    std::map<int, Expected>* expected, const QString& screenshot) {
        gui::MainWindow w(false);
        // The app's own fit to a 1366×768 screen for the first student, a plain resize for the second.
        if (careless)
            w.resize(QSize(kScreenWidth, 768));
        else
            w.fitTo(QSize(kScreenWidth, 768));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto fits = [&w](const QString& where) {
            QApplication::processEvents();
            QVERIFY2(w.width() <= kScreenWidth,
                     qPrintable(where + QStringLiteral(": the window is %1 px wide").arg(w.width())));
        };
        fits(QStringLiteral("opened"));
        auto* lessonPanel = w.page<gui::LessonPanel>();
        auto* panel = w.page<gui::PracticePanel>();
        QVERIFY(lessonPanel != nullptr && panel != nullptr);
        sessions::CipherSession* cipher = w.session();

        // The first student opens the Lesson panel first (View menu), the second plays with it closed.
        if (!careless) {
            w.dockOf(lessonPanel)->show();
            w.dockOf(lessonPanel)->raise();
        }
        QString error;
        QVERIFY2(lessonPanel->openLesson(lessonPath, &error), qPrintable(error));
        fits(QStringLiteral("lesson opened"));
        const teach::Lesson lesson = *lessonPanel->lesson();
        QCOMPARE(lesson.rounds, 2);
        QCOMPARE(lessonPanel->currentStop(), 0);
        // The student's name and the class key, asked once, in the panel's fields.
        panel->studentEdit()->setText(student);
        panel->classKeyEdit()->setText(kClassKey);
        panel->startRunButton()->click();
        QVERIFY(panel->runStarted());

        QSignalSpy practiceStops(lessonPanel, &gui::LessonPanel::practiceStop);
        lessonPanel->goToStop(0);
        bool revealedOne = false;
        int practised = 0;
        const int stops = static_cast<int>(lesson.stops.size());
        for (int i = 0; i < stops; ++i) {
            QCOMPARE(lessonPanel->currentStop(), i);
            const teach::LessonStop& stop = lesson.stops[static_cast<std::size_t>(i)];
            const QString where = QStringLiteral("%1 stop %2").arg(lessonPath).arg(i + 1);
            fits(where);
            // A practice stop brings Your turn to the front; a stop without practice the lesson's text.
            if (stop.practice)
                QVERIFY2(!w.dockOf(panel)->visibleRegion().isEmpty(), qPrintable(where));
            else if (!careless)
                QVERIFY2(!w.dockOf(lessonPanel)->visibleRegion().isEmpty(), qPrintable(where));
            QCOMPARE(panel->target().has_value(), stop.practice.has_value());
            if (stop.practice) {
                QVERIFY(!practiceStops.isEmpty());
                QCOMPARE(practiceStops.last().at(0).toInt(), i);
                ++practised;
                const teach::LessonPractice& p = *stop.practice;
                QCOMPARE(cipher->rounds(), 2);
                QCOMPARE(cipher->currentStep(), stop.step - 1); // the student works from the step before
                QCOMPARE(panel->hintsAllowed(), p.hints);
                QCOMPARE(panel->revealButton()->isEnabled(), p.reveal);
                const Asked asked = askedPart(lesson, p);
                QVERIFY2(!asked.bits.empty(), qPrintable(where));
                const crypto::Trace& t = cipher->trace();
                const QString right = entryOf(t.steps[static_cast<std::size_t>(stop.step)].state, asked);
                Expected e;

                int wrongBit = -1;
                enter(*panel, flipDigit(right, asked, static_cast<int>(right.size()) - 1, &wrongBit));
                fits(where + QStringLiteral(" (wrong entry)"));
                QVERIFY2(!panel->lastCheck().correct(), qPrintable(where));
                QCOMPARE(panel->lastCheck().wrongBits, std::vector<int>{wrongBit});
                QVERIFY(!panel->feedbackLabel()->text().isEmpty());
                e.firstWrongBit = wrongBit;
                ++e.attempts;
                if (careless) {
                    int other = -1;
                    enter(*panel, flipDigit(right, asked, 0, &other));
                    QCOMPARE(panel->lastCheck().wrongBits, std::vector<int>{other});
                    ++e.attempts;
                } else if (p.hints > 0) {
                    QVERIFY(panel->takeHint());
                    QCOMPARE(panel->hintsTaken(), 1);
                    QVERIFY(!panel->hintsLabel()->text().isEmpty());
                    ++e.hints;
                }
                fits(where + QStringLiteral(" (hint)"));
                {
                    const QString overlap = overlapping(*panel);
                    QVERIFY2(overlap.isEmpty(), qPrintable(where + QStringLiteral(": ") + overlap));
                }
                if (!screenshot.isEmpty() && practised == 1) {
                    QVERIFY(w.grab().save(screenshot));
                }
                if (careless && p.reveal && !revealedOne) {
                    QVERIFY(panel->revealAnswer());
                    revealedOne = true;
                    e.solved = false;
                    e.revealed = true;
                    QVERIFY(panel->answerLabel()
                                ->text()
                                .remove(QLatin1Char(' '))
                                .contains(right, Qt::CaseInsensitive));
                } else {
                    enter(*panel, right);
                    QVERIFY2(panel->lastCheck().correct(), qPrintable(where + QStringLiteral(": ") + right));
                    ++e.attempts;
                }
                fits(where + QStringLiteral(" (answered)"));
                {
                    const QString overlap = overlapping(*panel);
                    QVERIFY2(overlap.isEmpty(),
                             qPrintable(where + QStringLiteral(" (answered): ") + overlap));
                }
                (*expected)[i] = e;
            }
            if (i + 1 == stops) break;
            // On: the panel's Next lesson stop button at a practice stop, the lesson panel's Next elsewhere.
            if (stop.practice) {
                QVERIFY(panel->nextStopButton()->isVisibleTo(panel));
                panel->nextStopButton()->click();
            } else {
                lessonPanel->nextButton()->click();
            }
        }
        QCOMPARE(lessonPanel->currentStop(), stops - 1);
        QVERIFY(practised >= 3);
        QCOMPARE(revealedOne, careless);

        // The report: the run's stops as played, then JSON + PDF on disk.
        const std::optional<teach::StudentReport> report = panel->report();
        QVERIFY(report);
        QCOMPARE(report->stops.size(), expected->size());
        QVERIFY2(panel->saveReport(json, &error), qPrintable(error));
        fits(QStringLiteral("report saved"));
    }

    void playClass(const QString& lessonPath, const QString& tag) {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ada = dir.filePath(QStringLiteral("ada-%1.json").arg(tag));
        const QString bob = dir.filePath(QStringLiteral("bob-%1.json").arg(tag));
        std::map<int, Expected> adaDid, bobDid;
        playLesson(lessonPath, QStringLiteral("Ada Lovelace"), false, ada, &adaDid,
                   QDir::temp().filePath(QStringLiteral("roundscope-practiceflow-%1.png").arg(tag)));
        if (QTest::currentTestFailed()) return;
        playLesson(lessonPath, QStringLiteral("Bob Babbage"), true, bob, &bobDid, QString());
        if (QTest::currentTestFailed()) return;

        // Each student's PDF: beside the JSON, one page.
        for (const QString& json : {ada, bob}) {
            QString pdf = json;
            pdf.replace(QStringLiteral(".json"), QStringLiteral(".pdf"));
            QVERIFY2(QFileInfo::exists(pdf), qPrintable(pdf));
            const QByteArray bytes = readAll(pdf);
            QVERIFY(bytes.startsWith("%PDF-"));
            QCOMPARE(rs::test::pdfPages(bytes), 1);
        }

        // The instructor's dialog: the class key, both reports.
        gui::ClassReportDialog dialog;
        dialog.keyEdit()->setText(kClassKey);
        QCOMPARE(dialog.addReports({ada, bob}), 2);
        QVERIFY(dialog.refused().isEmpty());
        const teach::ClassTable& table = dialog.table();
        QCOMPARE(table.rows.size(), std::size_t(2));
        QCOMPARE(table.stops.size(), adaDid.size());
        std::size_t c = 0;
        for (const auto& [stop, did] : adaDid) {
            Q_UNUSED(did);
            QCOMPARE(table.stops[c++].first, stop);
        }
        QCOMPARE(QString::fromStdString(table.rows[0].student), QStringLiteral("Ada Lovelace"));
        QCOMPARE(QString::fromStdString(table.rows[1].student), QStringLiteral("Bob Babbage"));
        QTableWidget* view = dialog.tableWidget();
        QCOMPARE(view->rowCount(), 3); // two students and the totals
        const std::map<int, Expected>* did[2] = {&adaDid, &bobDid};
        for (int r = 0; r < 2; ++r) {
            QCOMPARE(view->item(r, 0)->text(), QString::fromStdString(table.rows[std::size_t(r)].student));
            int col = 1;
            for (const auto& [stop, e] : *did[r]) {
                const auto it = table.rows[std::size_t(r)].results.find(stop);
                QVERIFY(it != table.rows[std::size_t(r)].results.end());
                const teach::StopResult& res = it->second;
                QCOMPARE(res.solved, e.solved);
                QCOMPARE(res.revealed, e.revealed);
                QCOMPARE(res.attempts, e.attempts);
                QCOMPARE(res.hintsUsed, e.hints);
                const QString cell = view->item(r, col++)->text();
                QVERIFY2(cell.startsWith(e.solved ? QStringLiteral("right") : QStringLiteral("revealed")),
                         qPrintable(cell));
                QVERIFY2(cell.contains(QStringLiteral("%1 attempts").arg(e.attempts)), qPrintable(cell));
                QVERIFY2(cell.contains(e.hints == 1 ? QStringLiteral("1 hint") : QStringLiteral("0 hints")),
                         qPrintable(cell));
            }
        }
        // Both students entered the same wrong bit first at every stop: it leads the stop's common bits.
        for (const auto& [stop, e] : adaDid) {
            const auto it = table.commonWrongBits.find(stop);
            QVERIFY(it != table.commonWrongBits.end());
            QVERIFY(!it->second.empty());
            QCOMPARE(it->second.front(), std::make_pair(e.firstWrongBit, 2));
        }
        QVERIFY2(dialog.wrongBitsView()->toPlainText().contains(QStringLiteral("(2 students)")),
                 qPrintable(dialog.wrongBitsView()->toPlainText()));

        // The exported CSV: a row per student, per stop solved / attempts / hints.
        const QString csv = dir.filePath(QStringLiteral("class.csv"));
        QCOMPARE(dialog.exportCsv(csv), QString());
        const QStringList lines =
            QString::fromUtf8(readAll(csv)).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        for (int r = 0; r < 2; ++r) {
            const QStringList f = lines[r + 1].split(QLatin1Char(','));
            QCOMPARE(f.size(), 2 + 3 * static_cast<int>(adaDid.size()) + 1);
            QVERIFY(f[0].contains(r == 0 ? QStringLiteral("Ada") : QStringLiteral("Bob")));
            int k = 2, solved = 0;
            for (const auto& [stop, e] : *did[r]) {
                Q_UNUSED(stop);
                QCOMPARE(f[k], e.solved ? QStringLiteral("yes") : QStringLiteral("revealed"));
                QCOMPARE(f[k + 1].toInt(), e.attempts);
                QCOMPARE(f[k + 2].toInt(), e.hints);
                solved += e.solved ? 1 : 0;
                k += 3;
            }
            QCOMPARE(f.last().toInt(), solved);
        }
    }

  private slots:
    void asconTwoRoundsStartToFinish() {
        playClass(QStringLiteral(":/lessons/practice-ascon-p-two-rounds.json"), QStringLiteral("ascon"));
    }
    void skinnyStartToFinish() {
        playClass(QStringLiteral(":/lessons/practice-skinny64-two-rounds.json"), QStringLiteral("skinny"));
    }
};

QTEST_MAIN(TestPracticeFlow)
#include "test_practiceflow.moc"
