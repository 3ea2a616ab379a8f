// "Your turn" (issue 34): the practice panel on Ascon-p with 2 rounds. The S-box column the student enters is
// computed here from the trace's state bytes (and checked against the spec's S-box table on the state
// before), never through practiceAnswer; one wrong bit is named with its formula and is the only red square
// of the grid; hints stop at the stop's limit; a stop that forbids the answer disables Reveal; an unreadable
// entry says why; the run's report counts attempts and hints and reads back with the class key; a lesson's
// practice stop sets the panel in the main window, and the panel fits a 1366×768 screen.
#include <QtTest>

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>

#include <chrono>
#include <memory>

#include "app/ui/explorer/lessonpanel.h"
#include "app/ui/explorer/practicegrid.h"
#include "app/ui/explorer/practicepanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/window/mainwindow.h"
#include "core/fileio/safefile.h"
#include "core/sessions/ciphersession.h"
#include "core/teach/studentreport.h"

using namespace rs;
using Mark = gui::PracticeBitGrid::Mark;
using teach::PracticePart;

namespace {

constexpr int kColumn = 5; // the S-box column the tests ask for (bit 58 of x0..x4)

bool stateBit(const std::vector<std::uint8_t>& state, int bit) {
    return ((state[static_cast<std::size_t>(bit / 8)] >> (7 - bit % 8)) & 1) != 0;
}

// Ascon's S-box as the spec's table (x0 the most significant input bit).
constexpr int kAsconSbox[32] = {0x04, 0x0b, 0x1f, 0x14, 0x1a, 0x15, 0x09, 0x02, 0x1b, 0x05, 0x08,
                                0x12, 0x1d, 0x03, 0x06, 0x1c, 0x1e, 0x13, 0x07, 0x0e, 0x00, 0x0d,
                                0x11, 0x18, 0x10, 0x0c, 0x01, 0x19, 0x16, 0x0a, 0x0f, 0x17};

// The explorer on Ascon-p with 2 rounds (the spec's example state).
void twoRounds(sessions::CipherSession& cipher) {
    cipher.setAlgorithm(QStringLiteral("ascon-p"));
    cipher.setRounds(2);
    cipher.recomputeNow();
}

// The first substitution layer of the trace.
int sboxStep(const crypto::Trace& t) {
    for (std::size_t i = 1; i < t.steps.size(); ++i)
        if (t.steps[i].step == "substitution layer") return static_cast<int>(i);
    return -1;
}

// Column kColumn after step `step` as the student writes it: x0 x1 x2 x3 x4, one binary digit each.
QString column(const crypto::Trace& t, int step) {
    QString out;
    for (int r = 0; r < 5; ++r)
        out += stateBit(t.steps[static_cast<std::size_t>(step)].state, 64 * r + kColumn) ? QLatin1Char('1')
                                                                                         : QLatin1Char('0');
    return out;
}

// The same column computed by the S-box table from the state before the step.
QString columnBySbox(const crypto::Trace& t, int step) {
    int in = 0;
    for (int r = 0; r < 5; ++r)
        in = (in << 1) |
             (stateBit(t.steps[static_cast<std::size_t>(step) - 1].state, 64 * r + kColumn) ? 1 : 0);
    const int out = kAsconSbox[in];
    QString s;
    for (int r = 4; r >= 0; --r)
        s += ((out >> r) & 1) ? QLatin1Char('1') : QLatin1Char('0');
    return s;
}

teach::Lesson practiceLesson(const sessions::CipherSession& cipher, int step) {
    teach::Lesson l;
    l.title = "Two rounds by hand";
    l.algorithm = cipher.algorithm().id;
    l.inputs["state"] = cipher.inputBytes(QStringLiteral("state"));
    l.rounds = 2;
    teach::LessonStop intro;
    intro.step = 0;
    intro.note = "The state.";
    teach::LessonStop strict;
    strict.step = step;
    strict.title = "One S-box column, no answer shown";
    strict.note = "Work out the column.";
    strict.practice = teach::LessonPractice{PracticePart::SboxColumn, kColumn, 2, false};
    teach::LessonStop word;
    word.step = step;
    word.title = "Word x2";
    word.note = "Now the whole word.";
    word.practice = teach::LessonPractice{PracticePart::Row, 2, 3, true};
    l.stops = {intro, strict, word};
    return l;
}

void enter(gui::PracticePanel& panel, const QString& text) {
    panel.entryEdit()->clear();
    QTest::keyClicks(panel.entryEdit(), text);
    QTest::keyClick(panel.entryEdit(), Qt::Key_Return);
}

QString flipDigit(QString s, int i) {
    s[i] = s[i] == QLatin1Char('1') ? QLatin1Char('0') : QLatin1Char('1');
    return s;
}

std::vector<int> columnBits() {
    std::vector<int> v;
    for (int r = 0; r < 5; ++r)
        v.push_back(64 * r + kColumn);
    return v;
}

QColor pixelOf(gui::PracticeBitGrid* grid, int bit) {
    const QImage img = grid->grab().toImage();
    const QRect r = grid->bitRect(bit);
    const qreal dpr = img.devicePixelRatio();
    return img.pixelColor(
        QPoint(static_cast<int>((r.left() + 2) * dpr), static_cast<int>((r.top() + 2) * dpr)));
}

} // namespace

class TestPractice : public QObject {
    Q_OBJECT

  private slots:
    void theRightColumnIsRight() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        const crypto::Trace& t = cipher.trace();
        const int k = sboxStep(t);
        QVERIFY(k > 0);
        // The test's own column agrees with the spec's S-box table on the state before.
        QCOMPARE(column(t, k), columnBySbox(t, k));
        gui::PracticePanel panel(&cipher);
        panel.resize(460, 900);
        panel.show();
        cipher.setCurrentStep(k);
        QVERIFY(panel.practiseCurrentStep(PracticePart::SboxColumn, kColumn));
        // The explorer shows the state before the step while the student works.
        QCOMPARE(cipher.currentStep(), k - 1);
        QVERIFY(panel.descriptionLabel()->text().contains(QStringLiteral("column %1").arg(kColumn)));
        QVERIFY(panel.helpLabel()->text().contains(QStringLiteral("binary")));
        enter(panel, column(t, k));
        QVERIFY(panel.lastCheck().correct());
        QVERIFY2(panel.resultLabel()->text().startsWith(QStringLiteral("Right")),
                 qPrintable(panel.resultLabel()->text()));
        QCOMPARE(panel.grid()->bitsMarked(Mark::Right), columnBits());
        QVERIFY(panel.grid()->bitsMarked(Mark::Wrong).empty());
        QVERIFY(panel.feedbackLabel()->text().isEmpty());
    }

    void oneWrongBitIsNamedAndMarked() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        const crypto::Trace& t = cipher.trace();
        const int k = sboxStep(t);
        gui::PracticePanel panel(&cipher);
        panel.resize(460, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        cipher.setCurrentStep(k);
        QVERIFY(panel.practiseCurrentStep(PracticePart::SboxColumn, kColumn));
        enter(panel, flipDigit(column(t, k), 2)); // x2 wrong
        QApplication::processEvents();
        QVERIFY(!panel.lastCheck().correct());
        const int wrong = 64 * 2 + kColumn;
        QCOMPARE(panel.lastCheck().wrongBits, std::vector<int>{wrong});
        const QString feedback = panel.feedbackLabel()->text();
        // The bit by the explorer's name (x2 bit 58) and its S-box formula with this run's values.
        QVERIFY2(feedback.contains(QStringLiteral("x2 bit %1").arg(63 - kColumn)), qPrintable(feedback));
        QVERIFY2(feedback.contains(QStringLiteral("S-box on column %1").arg(kColumn)), qPrintable(feedback));
        QVERIFY2(feedback.contains(QStringLiteral("x4x3 ⊕ x4 ⊕ x2 ⊕ x1 ⊕ 1")), qPrintable(feedback));
        QCOMPARE(feedback.count(QLatin1Char('\n')), 0); // one line: one wrong bit
        QVERIFY(panel.resultLabel()->text().contains(QStringLiteral("1 of 5 bits wrong")));
        // The grid marks exactly that bit red, the other four green, and paints them so.
        QCOMPARE(panel.grid()->bitsMarked(Mark::Wrong), std::vector<int>{wrong});
        std::vector<int> right = columnBits();
        right.erase(std::find(right.begin(), right.end(), wrong));
        QCOMPARE(panel.grid()->bitsMarked(Mark::Right), right);
        QCOMPARE(pixelOf(panel.grid(), wrong), panel.grid()->fillOf(Mark::Wrong));
        for (int b : right)
            QCOMPARE(pixelOf(panel.grid(), b), panel.grid()->fillOf(Mark::Right));
    }

    void hintsStopAtTheStopsLimit() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        const int k = sboxStep(cipher.trace());
        gui::PracticePanel panel(&cipher);
        panel.setLessonStop(practiceLesson(cipher, k), 1); // 2 hints allowed
        QVERIFY(panel.fromLesson());
        QCOMPARE(panel.hintsAllowed(), 2);
        QVERIFY(panel.takeHint());
        QVERIFY2(panel.hintsLabel()->text().startsWith(QStringLiteral("Hint 1: The step")),
                 qPrintable(panel.hintsLabel()->text()));
        QVERIFY(panel.hintButton()->isEnabled());
        panel.hintButton()->click();
        QCOMPARE(panel.hintsTaken(), 2);
        QVERIFY(!panel.hintButton()->isEnabled());
        QVERIFY(!panel.takeHint());
        QCOMPARE(panel.hintsTaken(), 2);
        QCOMPARE(panel.hintsLabel()->text().count(QStringLiteral("Hint ")), 2);
        // The student's own exercise allows all three.
        cipher.setCurrentStep(k);
        QVERIFY(panel.practiseCurrentStep(PracticePart::SboxColumn, kColumn));
        QCOMPARE(panel.hintsAllowed(), 3);
        QCOMPARE(panel.hintsTaken(), 0);
    }

    void revealIsDisabledWhenTheStopForbidsIt() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        const crypto::Trace& t = cipher.trace();
        const int k = sboxStep(t);
        gui::PracticePanel panel(&cipher);
        const teach::Lesson lesson = practiceLesson(cipher, k);
        panel.setLessonStop(lesson, 1); // reveal: false
        QVERIFY(!panel.revealButton()->isEnabled());
        QVERIFY(!panel.revealAnswer());
        QVERIFY(panel.answerLabel()->text().isEmpty());
        QCOMPARE(cipher.currentStep(), k - 1);
        // Stop 2 allows it: the answer shows and the explorer moves to the step.
        panel.setLessonStop(lesson, 2);
        QVERIFY(panel.revealButton()->isEnabled());
        panel.revealButton()->click();
        QCOMPARE(cipher.currentStep(), k);
        QString x2;
        for (int b = 0; b < 64; b += 4) {
            int nibble = 0;
            for (int i = 0; i < 4; ++i)
                nibble = (nibble << 1) |
                         (stateBit(t.steps[static_cast<std::size_t>(k)].state, 128 + b + i) ? 1 : 0);
            x2 += QString::number(nibble, 16).toUpper();
        }
        QCOMPARE(panel.answerLabel()->text(), QStringLiteral("Answer: ") + x2);
        QVERIFY(!panel.revealButton()->isEnabled());
        QCOMPARE(panel.grid()->bitsMarked(Mark::Revealed).size(), std::size_t{64});
    }

    void anUnreadableEntryIsExplained() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        const int k = sboxStep(cipher.trace());
        gui::PracticePanel panel(&cipher);
        QVERIFY(panel.startRun(QStringLiteral("Ada"), QStringLiteral("class-key")));
        cipher.setCurrentStep(k);
        QVERIFY(panel.practiseCurrentStep(PracticePart::SboxColumn, kColumn));
        for (const QString& entry : {QStringLiteral("12x45"), QStringLiteral("1 0 1"), QStringLiteral("   "),
                                     QString(500, QLatin1Char('z'))}) {
            enter(panel, entry);
            QVERIFY2(!panel.lastCheck().parseError.empty(), qPrintable(entry));
            QVERIFY2(panel.resultLabel()->text().startsWith(QStringLiteral("Cannot read the entry: ")),
                     qPrintable(panel.resultLabel()->text()));
            QVERIFY(
                panel.resultLabel()->text().contains(QString::fromStdString(panel.lastCheck().parseError)));
        }
        enter(panel, QStringLiteral("12x45"));
        QVERIFY(panel.resultLabel()->text().contains(QStringLiteral("'2' in x1 is not a binary digit")));
        // Nothing was checked: no attempt counts.
        QCOMPARE(panel.report()->stops.at(0).attempts, 0);
        // Practising step 0 (the input) is refused with the reason, not a crash.
        cipher.setCurrentStep(0);
        QString why;
        QVERIFY(!panel.practiseCurrentStep(PracticePart::State, 0, &why));
        QVERIFY2(why.contains(QStringLiteral("step 0 is the input")), qPrintable(why));
    }

    void theRunCountsAttemptsHintsAndReveals() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        const crypto::Trace& t = cipher.trace();
        const int k = sboxStep(t);
        gui::PracticePanel panel(&cipher);
        auto now = std::make_shared<std::chrono::steady_clock::time_point>();
        panel.setRecorderClock([now] { return *now; });
        QVERIFY(!panel.startRun(QStringLiteral("Ada"), QString())); // the key is asked for
        QVERIFY(!panel.runStarted());
        QVERIFY(panel.startRun(QStringLiteral("Ada"), QStringLiteral("class-key")));
        QVERIFY(!panel.studentEdit()->isEnabled()); // asked once
        const teach::Lesson lesson = practiceLesson(cipher, k);
        panel.setLessonStop(lesson, 1);
        enter(panel, flipDigit(column(t, k), 0)); // x0 wrong
        panel.takeHint();
        *now += std::chrono::seconds(40);
        enter(panel, column(t, k));
        panel.setLessonStop(lesson, 2);
        *now += std::chrono::seconds(20);
        panel.revealAnswer();
        const teach::StudentReport r = *panel.report();
        QCOMPARE(r.student, std::string("Ada"));
        QCOMPARE(r.lesson, lesson.title);
        QCOMPARE(r.algorithm, cipher.algorithm().id);
        QCOMPARE(r.rounds, 2);
        QCOMPARE(r.stops.size(), std::size_t{2});
        QCOMPARE(r.stops[0].stop, 1);
        QCOMPARE(r.stops[0].title, lesson.stops[1].title);
        QCOMPARE(r.stops[0].attempts, 2);
        QCOMPARE(r.stops[0].hintsUsed, 1);
        QVERIFY(r.stops[0].solved);
        QCOMPARE(r.stops[0].wrongBits, std::vector<int>{kColumn});
        QCOMPARE(r.stops[0].seconds, 40.0);
        QCOMPARE(r.stops[1].stop, 2);
        QCOMPARE(r.stops[1].attempts, 0);
        QVERIFY(r.stops[1].revealed);
        QVERIFY(!r.stops[1].solved);
        QCOMPARE(r.stops[1].seconds, 20.0);
        QVERIFY(panel.runLabel()->text().contains(QStringLiteral("2 practice stops, 1 solved")));
    }

    void aSavedReportReadsBackWithTheKey() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        const crypto::Trace& t = cipher.trace();
        const int k = sboxStep(t);
        gui::PracticePanel panel(&cipher);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ada.json"));
        QString error;
        QVERIFY(!panel.saveReport(path, &error)); // no run yet
        QVERIFY(error.contains(QStringLiteral("start the run")));
        panel.studentEdit()->setText(QStringLiteral("Ada Lovelace"));
        panel.classKeyEdit()->setText(QStringLiteral("room-101"));
        panel.startRunButton()->click();
        QVERIFY(panel.runStarted());
        cipher.setCurrentStep(k);
        QVERIFY(panel.practiseCurrentStep(PracticePart::SboxColumn, kColumn));
        enter(panel, flipDigit(column(t, k), 4));
        enter(panel, column(t, k));
        QVERIFY2(panel.saveReport(path, &error), qPrintable(error));
        const std::string json = fileio::readFileBounded(path.toStdString(), 1 << 20, "report");
        const teach::StudentReport back = teach::readReport(QByteArray::fromStdString(json), "room-101");
        QCOMPARE(back.student, std::string("Ada Lovelace"));
        QCOMPARE(back.stops.size(), std::size_t{1});
        QCOMPARE(back.stops[0].attempts, 2);
        QCOMPARE(back.stops[0].wrongBits, std::vector<int>{64 * 4 + kColumn});
        QVERIFY(back.stops[0].solved);
        QVERIFY_THROWS_EXCEPTION(teach::ReportError,
                                 teach::readReport(QByteArray::fromStdString(json), "another-class"));
        // The one-page PDF beside it.
        const std::string pdf = fileio::readFileBounded(dir.filePath(QStringLiteral("ada.pdf")).toStdString(),
                                                        1 << 22, "report PDF");
        QVERIFY(pdf.rfind("%PDF", 0) == 0);
    }

    void thePanelFitsBesideTheExplorerAt1366x768() {
        gui::MainWindow w(false);
        w.fitTo(QSize(1366, 768));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        sessions::CipherSession* cipher = w.session();
        twoRounds(*cipher);
        const crypto::Trace& t = cipher->trace();
        const int k = sboxStep(t);
        auto* panel = w.page<gui::PracticePanel>();
        QVERIFY(panel != nullptr);
        panel->setLessonStop(practiceLesson(*cipher, k), 1);
        QVERIFY(!w.dockOf(panel)->visibleRegion().isEmpty()); // the panel came to the front
        // Ctrl+H in the entry is a hint, not the explorer's hex cells (a window-wide Ctrl+H).
        QApplication::setActiveWindow(&w);
        panel->entryEdit()->setFocus();
        const bool hex = w.page<gui::RoundExplorerPage>()->hexAction()->isChecked();
        QTest::keyClick(panel->entryEdit(), Qt::Key_H, Qt::ControlModifier);
        QCOMPARE(panel->hintsTaken(), 1);
        QCOMPARE(w.page<gui::RoundExplorerPage>()->hexAction()->isChecked(), hex);
        enter(*panel, flipDigit(column(t, k), 2));
        QApplication::processEvents();
        QVERIFY(w.grab().save(QDir::temp().filePath(QStringLiteral("roundscope-practice-1366.png"))));
        QVERIFY(panel->grab().save(QDir::temp().filePath(QStringLiteral("roundscope-practice-panel.png"))));
        // At 1366×768 the panel opens beside the explorer without widening the window, and the entry,
        // its buttons and the grid lie whole inside the dock.
        QCOMPARE(w.width(), 1366);
        QDockWidget* dock = w.dockOf(panel);
        QVERIFY2(dock->width() >= 220, qPrintable(QString::number(dock->width())));
        QVERIFY(dock->height() > 500);
        QVERIFY(dock->x() > w.width() / 2); // at the right of the page, not a strip under it
        for (QWidget* part :
             std::initializer_list<QWidget*>{panel->entryEdit(), panel->checkButton(), panel->hintButton(),
                                             panel->revealButton(), panel->grid()}) {
            const QRect inDock(part->mapTo(dock, QPoint(0, 0)), part->size());
            QVERIFY2(dock->rect().contains(inDock), qPrintable(part->objectName()));
            QVERIFY(part->width() >= part->minimumSizeHint().width());
        }
        QVERIFY(panel->feedbackLabel()->text().contains(QStringLiteral("x2 bit")));
    }

    void aLessonPracticeStopSetsThePanel() {
        gui::MainWindow w(false);
        w.fitTo(QSize(1366, 768));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        sessions::CipherSession* cipher = w.session();
        twoRounds(*cipher);
        const int k = sboxStep(cipher->trace());
        auto* lessonPanel = w.page<gui::LessonPanel>();
        auto* panel = w.page<gui::PracticePanel>();
        QString error;
        QVERIFY2(lessonPanel->openLessonText(teach::saveLesson(practiceLesson(*cipher, k)),
                                             QStringLiteral("test"), &error),
                 qPrintable(error));
        QVERIFY(!panel->target()); // stop 1 has no practice
        cipher->setRounds(12);     // the lesson sets its own rounds again at each stop
        lessonPanel->goToStop(1);
        QVERIFY(panel->target());
        QVERIFY(panel->fromLesson());
        QCOMPARE(cipher->rounds(), 2);
        // The stop's part, index, hints and reveal; the explorer on the step before.
        QCOMPARE(cipher->currentStep(), k - 1);
        QVERIFY(panel->descriptionLabel()->text().contains(QStringLiteral("column %1").arg(kColumn)));
        QVERIFY(!panel->partBox()->isEnabled());
        QCOMPARE(panel->partBox()->currentData().toInt(), static_cast<int>(PracticePart::SboxColumn));
        QCOMPARE(panel->indexBox()->value(), kColumn);
        QCOMPARE(panel->hintsAllowed(), 2);
        QVERIFY(!panel->revealButton()->isEnabled());
        QApplication::processEvents();
        QVERIFY(!w.dockOf(panel)->visibleRegion().isEmpty()); // the panel came to the front
        enter(*panel, column(cipher->trace(), k));
        QVERIFY(panel->lastCheck().correct());
        // Its Next lesson stop button plays the lesson on: stop 3 asks for word x2.
        QVERIFY(panel->nextStopButton()->isVisibleTo(panel));
        panel->nextStopButton()->click();
        QCOMPARE(lessonPanel->currentStop(), 2);
        QVERIFY(panel->descriptionLabel()->text().contains(QStringLiteral("word x2")));
        QVERIFY(panel->revealButton()->isEnabled());
        QVERIFY(!panel->nextStopButton()->isVisibleTo(panel)); // the last stop
        // A stop without practice ends the lesson's exercise.
        lessonPanel->goToStop(0);
        QVERIFY(!panel->target());
        QVERIFY(panel->partBox()->isEnabled());
    }

    void everyShippedPracticeStopCanBeSolved() {
        gui::MainWindow w(false);
        auto* lessonPanel = w.page<gui::LessonPanel>();
        auto* panel = w.page<gui::PracticePanel>();
        sessions::CipherSession* cipher = w.session();
        int stops = 0;
        for (const QString& path : gui::LessonPanel::shippedLessons()) {
            QString error;
            QVERIFY2(lessonPanel->openLesson(path, &error), qPrintable(error));
            const teach::Lesson lesson = *lessonPanel->lesson();
            for (std::size_t i = 0; i < lesson.stops.size(); ++i) {
                lessonPanel->goToStop(static_cast<int>(i));
                const teach::LessonStop& stop = lesson.stops[i];
                QCOMPARE(panel->target().has_value(), stop.practice.has_value());
                if (!stop.practice) continue;
                ++stops;
                QCOMPARE(cipher->currentStep(), stop.step - 1);
                QCOMPARE(panel->revealButton()->isEnabled(), stop.practice->reveal);
                QCOMPARE(panel->hintsAllowed(), stop.practice->hints);
                enter(*panel,
                      QString::fromStdString(teach::practiceAnswer(cipher->trace(), *panel->target())));
                QVERIFY2(panel->lastCheck().correct(), qPrintable(path + QStringLiteral(" stop %1").arg(i)));
            }
        }
        QVERIFY(stops >= 4); // the two practice lessons ship practice stops
    }

    void theWholeStateWrapsInsideTheGrid() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        const int k = sboxStep(cipher.trace());
        gui::PracticePanel panel(&cipher);
        panel.resize(300, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        cipher.setCurrentStep(k);
        QVERIFY(panel.practiseCurrentStep(PracticePart::State, 0));
        enter(panel, QStringLiteral("0 0 0 0 0"));
        QApplication::processEvents();
        QVERIFY(!panel.lastCheck().correct());
        QCOMPARE(panel.lastCheck().checkedBits, 320);
        // Every wrong bit of all 320 is red, the rest green; the 64-bit words wrap inside the grid's width.
        QCOMPARE(panel.grid()->bitsMarked(Mark::Wrong), panel.lastCheck().wrongBits);
        QCOMPARE(panel.grid()->bitsMarked(Mark::Wrong).size() + panel.grid()->bitsMarked(Mark::Right).size(),
                 std::size_t{320});
        for (int b = 0; b < 320; ++b)
            QVERIFY2(panel.grid()->rect().contains(panel.grid()->bitRect(b)), qPrintable(QString::number(b)));
        // The feedback lists the first wrong bits, then a count.
        QVERIFY(panel.feedbackLabel()->text().contains(QStringLiteral("more wrong bits")));
        QVERIFY(panel.grab().save(QDir::temp().filePath(QStringLiteral("roundscope-practice-state.png"))));
    }

    void aPdfThatCannotBeWrittenLeavesTheJsonAndSaysSo() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        gui::PracticePanel panel(&cipher);
        panel.setPdfWriter(
            [](const teach::StudentReport&, const QString&) { throw std::runtime_error("disk full"); });
        QVERIFY(panel.startRun(QStringLiteral("Ada"), QStringLiteral("k")));
        QTemporaryDir dir;
        QString error;
        QVERIFY(!panel.saveReport(dir.filePath(QStringLiteral("r.json")), &error));
        QVERIFY2(error.contains(QStringLiteral("but not its PDF: disk full")), qPrintable(error));
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("r.json"))));
    }

    void thePartsFollowTheAlgorithm_data() {
        QTest::addColumn<QString>("alg");
        QTest::addColumn<QList<int>>("parts");
        const auto n = [](PracticePart p) { return static_cast<int>(p); };
        QTest::newRow("ascon-p") << QStringLiteral("ascon-p")
                                 << QList<int>{n(PracticePart::State), n(PracticePart::SboxColumn),
                                               n(PracticePart::Row)};
        QTest::newRow("lea-128") << QStringLiteral("lea-128")
                                 << QList<int>{n(PracticePart::State), n(PracticePart::Word)};
        QTest::newRow("skinny-64-64")
            << QStringLiteral("skinny-64-64")
            << QList<int>{n(PracticePart::State), n(PracticePart::Row), n(PracticePart::Column)};
        QTest::newRow("mldsa-ntt") << QStringLiteral("mldsa-ntt")
                                   << QList<int>{n(PracticePart::State), n(PracticePart::Row),
                                                 n(PracticePart::Pair)};
    }

    void thePartsFollowTheAlgorithm() {
        QFETCH(QString, alg);
        QFETCH(QList<int>, parts);
        sessions::CipherSession cipher;
        gui::PracticePanel panel(&cipher);
        QVERIFY(cipher.setAlgorithm(alg));
        cipher.recomputeNow();
        QList<int> offered;
        for (int i = 0; i < panel.partBox()->count(); ++i)
            offered << panel.partBox()->itemData(i).toInt();
        QCOMPARE(offered, parts);
        // Each offered part can be practised at its highest index somewhere in the run, and no further.
        for (int i = 0; i < panel.partBox()->count(); ++i) {
            panel.partBox()->setCurrentIndex(i);
            const auto part = static_cast<PracticePart>(parts[i]);
            const int most = panel.indexBox()->maximum();
            bool fits = false, past = false;
            for (int step = 1; step < cipher.stepCount(); ++step) {
                cipher.setCurrentStep(step);
                fits = fits || panel.practiseCurrentStep(part, most);
                past = past || panel.practiseCurrentStep(part, most + 1);
            }
            QVERIFY2(fits, qPrintable(panel.partBox()->currentText()));
            QVERIFY2(!past || part == PracticePart::State, qPrintable(panel.partBox()->currentText()));
        }
    }

    void aChangedRunEndsTheExercise() {
        sessions::CipherSession cipher;
        twoRounds(cipher);
        const int k = sboxStep(cipher.trace());
        gui::PracticePanel panel(&cipher);
        cipher.setCurrentStep(k);
        QVERIFY(panel.practiseCurrentStep(PracticePart::SboxColumn, kColumn));
        cipher.setRounds(3);
        cipher.recomputeNow();
        QVERIFY(!panel.target());
        QVERIFY(panel.resultLabel()->text().contains(QStringLiteral("run changed")));
        QVERIFY(!panel.checkButton()->isEnabled());
    }
};

QTEST_MAIN(TestPractice)
#include "test_practice.moc"
