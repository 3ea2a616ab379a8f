// Lessons in the app: the shipped lessons play stop by stop in the Round Explorer (algorithm, inputs,
// flipped bit, view and step follow each stop; the note and the question sit in the side panel, the
// answer shows on request), a bad lesson is refused with its stop and field named, and a lesson written
// from the explorer's state saves and plays back.
#include <QtTest>

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>

#include "app/ui/common/pagehelpers.h"
#include "app/ui/explorer/lessonpanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/window/mainwindow.h"
#include "core/fileio/safefile.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/explorermodel.h"

using namespace rs;
using teach::LessonView;

namespace {

LessonView explorerView(gui::MainWindow& w) {
    auto* e = w.page<gui::RoundExplorerPage>();
    return e->twinModeAction()->isChecked()      ? LessonView::Twin
           : e->changedModeAction()->isChecked() ? LessonView::Changed
                                                 : LessonView::Value;
}

teach::Lesson shippedLesson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return teach::parseLesson(f.readAll(), sessions::lessonCatalog());
}

// An ascon-p lesson's JSON with these stops (the zero state).
QByteArray asconLesson(const QString& extra, const QString& stops) {
    return QStringLiteral(
               R"({"format": "roundscope-lesson", "version": 1, "title": "t", "algorithm": "ascon-p",
        "inputs": {"state": "%1"}, %2 "stops": [%3]})")
        .arg(QString(80, QLatin1Char('0')), extra, stops)
        .toUtf8();
}

// Every pixel of the widget lies in the window's visible area, and it is as tall as its whole text needs.
QString clipped(QWidget* widget) {
    if (!widget->isVisible()) return QStringLiteral("%1 hidden").arg(widget->objectName());
    if (auto* label = qobject_cast<QLabel*>(widget);
        label != nullptr && label->wordWrap() && label->height() < label->heightForWidth(label->width()))
        return QStringLiteral("%1 is %2 px tall, its text needs %3")
            .arg(widget->objectName())
            .arg(label->height())
            .arg(label->heightForWidth(label->width()));
    if (auto* text = qobject_cast<QAbstractScrollArea*>(widget);
        text != nullptr && text->verticalScrollBar()->maximum() > 0)
        return QStringLiteral("%1 scrolls its own text").arg(widget->objectName());
    const QRect shown = widget->visibleRegion().boundingRect();
    if (shown != widget->rect())
        return QStringLiteral("%1 shows %2x%3 of %4x%5")
            .arg(widget->objectName())
            .arg(shown.width())
            .arg(shown.height())
            .arg(widget->width())
            .arg(widget->height());
    return QString();
}

} // namespace

class TestLesson : public QObject {
    Q_OBJECT

  private slots:
    void theFourLessonsAreShipped() {
        const QStringList shipped = gui::LessonPanel::shippedLessons();
        QVERIFY(shipped.size() >= 4);
        for (const QString& name :
             {QStringLiteral("ascon-sbox-linear-diffusion"), QStringLiteral("skinny-shiftrows-mixcolumns"),
              QStringLiteral("lea-ctr-counter-diffusion"), QStringLiteral("mldsa-ntt-butterfly-diffusion")})
            QVERIFY2(shipped.contains(QStringLiteral(":/lessons/%1.json").arg(name)), qPrintable(name));
    }

    void everyShippedLessonPlaysStopByStop() {
        gui::MainWindow w(false);
        auto* panel = w.page<gui::LessonPanel>();
        sessions::CipherSession* cipher = w.session();
        for (const QString& path : gui::LessonPanel::shippedLessons()) {
            QString error;
            QVERIFY2(panel->openLesson(path, &error), qPrintable(error));
            const teach::Lesson& lesson = *panel->lesson();
            QCOMPARE(panel->titleLabel()->text(), QString::fromStdString(lesson.title));
            bool sawQuestion = false;
            for (std::size_t i = 0; i < lesson.stops.size(); ++i) {
                if (i > 0) panel->nextButton()->click();
                const teach::LessonStop& stop = lesson.stops[i];
                QCOMPARE(panel->currentStop(), static_cast<int>(i));
                QCOMPARE(cipher->algorithm().id, lesson.algorithm);
                for (const auto& [field, bytes] : lesson.inputs)
                    QCOMPARE(cipher->inputText(QString::fromStdString(field)).toLower(),
                             QString::fromStdString(crypto::toHex(bytes)).toLower());
                // A practice stop is the "Your turn" panel's: it may hold the explorer before the asked step.
                if (!stop.practice) QCOMPARE(cipher->currentStep(), stop.step);
                QCOMPARE(explorerView(w), stop.view);
                if (stop.flip) {
                    QCOMPARE(cipher->flipField(), QString::fromStdString(stop.flip->field));
                    QCOMPARE(cipher->flipBit(), stop.flip->bit);
                }
                QCOMPARE(panel->noteView()->text(), QString::fromStdString(stop.note));
                QVERIFY(panel->stopLabel()->text().startsWith(
                    QStringLiteral("Stop %1 of %2").arg(i + 1).arg(lesson.stops.size())));
                QCOMPARE(panel->questionLabel()->isVisibleTo(panel), stop.question.has_value());
                if (stop.question && stop.answer) {
                    sawQuestion = true;
                    // The answer waits until asked for.
                    QVERIFY(!panel->answerLabel()->isVisibleTo(panel));
                    QVERIFY(panel->answerButton()->isVisibleTo(panel));
                    panel->answerButton()->click();
                    QVERIFY(panel->answerLabel()->isVisibleTo(panel));
                    QCOMPARE(panel->answerLabel()->text(), QString::fromStdString(*stop.answer));
                }
            }
            QVERIFY(!panel->nextButton()->isEnabled()); // the last stop
            QVERIFY(panel->previousButton()->isEnabled());
            QVERIFY2(sawQuestion, qPrintable(path));
            panel->previousButton()->click();
            if (!lesson.stops[lesson.stops.size() - 2].practice)
                QCOMPARE(cipher->currentStep(), lesson.stops[lesson.stops.size() - 2].step);
        }
    }

    void theAnswerAndTheNoteAreNotClippedAt1366x768() {
        gui::MainWindow w(false);
        w.fitTo(QSize(1366, 768)); // as the app starts on a 1366×768 screen
        w.show();
        auto* panel = w.page<gui::LessonPanel>();
        QCOMPARE(w.width(), 1366);
        gui::showInDock(panel);
        QCoreApplication::processEvents();
        int answers = 0;
        bool practiceSeen = false;
        for (const QString& path : gui::LessonPanel::shippedLessons()) {
            QVERIFY(panel->openLesson(path));
            for (std::size_t i = 0; i < panel->lesson()->stops.size(); ++i) {
                panel->goToStop(static_cast<int>(i));
                gui::showInDock(panel); // a practice stop brings "Your turn" to the front: the lesson again
                QCoreApplication::processEvents();
                // The lesson panel makes room inside the window, never by widening it ("Your turn",
                // shown by a practice stop, is not this test's).
                practiceSeen = practiceSeen || panel->lesson()->stops[i].practice.has_value();
                if (!practiceSeen) QCOMPARE(w.width(), 1366);
                auto* note = panel->findChild<QWidget*>(QStringLiteral("lessonNote"));
                QString why = clipped(note);
                QVERIFY2(why.isEmpty(),
                         qPrintable(QStringLiteral("%1 stop %2: %3").arg(path).arg(i).arg(why)));
                if (!panel->answerButton()->isVisible()) continue;
                panel->answerButton()->click();
                QCoreApplication::processEvents();
                why = clipped(panel->answerLabel());
                QVERIFY2(why.isEmpty(),
                         qPrintable(QStringLiteral("%1 stop %2: %3").arg(path).arg(i).arg(why)));
                ++answers;
            }
        }
        QVERIFY(answers >= 4);
    }

    void theShippedLessonsMenuNamesLessonsByTitle() {
        gui::MainWindow w(false);
        auto* panel = w.page<gui::LessonPanel>();
        QStringList titles;
        for (const QString& path : gui::LessonPanel::shippedLessons())
            titles << QString::fromStdString(shippedLesson(path).title);
        QStringList shown;
        for (const auto& m : panel->menuActions())
            if (m.submenu.contains(QStringLiteral("hipped")))
                for (QAction* a : m.actions)
                    shown << a->text();
        QCOMPARE(shown.size(), titles.size());
        for (const QString& title : titles) {
            QVERIFY(!title.isEmpty());
            QVERIFY2(shown.contains(title), qPrintable(shown.join(QStringLiteral(" | "))));
        }
        // And the help text counts them instead of saying "three".
        static const QStringList words = {"no",    "one",   "two",  "three", "four",   "five",  "six",
                                          "seven", "eight", "nine", "ten",   "eleven", "twelve"};
        const qsizetype n = gui::LessonPanel::shippedLessons().size();
        const QString count = n < words.size() ? words[n] : QString::number(n);
        const QString help = panel->shortcutRows().front().what;
        QVERIFY2(help.contains(QStringLiteral("the %1 that come").arg(count)), qPrintable(help));
    }

    void aLessonsRoundsRunTheExplorerReduced() {
        gui::MainWindow w(false);
        auto* panel = w.page<gui::LessonPanel>();
        sessions::CipherSession* cipher = w.session();
        const auto* alg = sessions::findExplorerAlgorithm("ascon-p");
        const int steps4 = static_cast<int>(
            sessions::runExplorer(*alg, {{"state", crypto::Bytes(40, 0)}}, 4).trace.steps.size());
        QVERIFY(steps4 < cipher->stepCount() || cipher->algorithm().id != "ascon-p");
        QString error;
        QVERIFY2(panel->openLessonText(
                     asconLesson(
                         QStringLiteral(R"("rounds": 4,)"),
                         QStringLiteral(R"({"step": %1, "view": "value", "note": "last"})").arg(steps4 - 1)),
                     QStringLiteral("four.json"), &error),
                 qPrintable(error));
        QCOMPARE(panel->lesson()->rounds, 4);
        QCOMPARE(cipher->rounds(), 4);
        QCOMPARE(cipher->stepCount(), steps4);
        QCOMPARE(cipher->currentStep(), steps4 - 1);
        // A step of the standard trace past the reduced one is refused, naming the stop.
        QVERIFY(!panel->openLessonText(
            asconLesson(QStringLiteral(R"("rounds": 4,)"),
                        QStringLiteral(R"({"step": %1, "view": "value", "note": "x"})").arg(steps4)),
            QStringLiteral("past.json"), &error));
        QVERIFY2(error.contains(QStringLiteral("stops[0]")), qPrintable(error));
        // A lesson without rounds plays at the standard rounds again.
        QVERIFY(panel->openLessonText(
            asconLesson(QString(), QStringLiteral(R"({"step": 20, "view": "value", "note": "y"})")),
            QStringLiteral("std.json")));
        QCOMPARE(cipher->rounds(), alg->maxRounds);
        QCOMPARE(cipher->currentStep(), 20);
        // A stop added from the explorer at reduced rounds records them.
        cipher->setRounds(6);
        cipher->recomputeNow();
        cipher->setCurrentStep(3);
        panel->addCurrentStop(QStringLiteral("six rounds"));
        QCOMPARE(panel->lesson()->rounds, 6);
        QCOMPARE(panel->lesson()->stops.size(), std::size_t{1});
    }

    void aPracticeStopIsSignalled() {
        gui::MainWindow w(false);
        auto* panel = w.page<gui::LessonPanel>();
        QSignalSpy spy(panel, SIGNAL(practiceStop(int)));
        QVERIFY(spy.isValid());
        const QString practice =
            QStringLiteral(R"("practice": {"part": "sbox-column", "index": 3, "hints": 1, "reveal": false})");
        QString error;
        QVERIFY2(panel->openLessonText(
                     asconLesson(QString(), QStringLiteral(R"({"step": 1, "view": "value", "note": "a"},
                         {"step": 2, "view": "value", "note": "b", %1},
                         {"step": 5, "view": "value", "note": "c", %1},
                         {"step": 6, "view": "value", "note": "d"})")
                                                .arg(practice)),
                     QStringLiteral("p.json"), &error),
                 qPrintable(error));
        QCOMPARE(spy.count(), 0); // the first stop has no practice
        panel->nextButton()->click();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 1);
        QCOMPARE(panel->currentStop(), 1);
        QVERIFY(panel->lesson()->stops[1].practice.has_value());
        panel->nextButton()->click();
        QCOMPARE(spy.count(), 2);
        QCOMPARE(spy.at(1).at(0).toInt(), 2);
        panel->nextButton()->click(); // to a stop without practice
        QCOMPARE(spy.count(), 3);
        QCOMPARE(spy.at(2).at(0).toInt(), -1);
        panel->previousButton()->click();
        QCOMPARE(spy.count(), 4);
        QCOMPARE(spy.at(3).at(0).toInt(), 2);
    }

    void everyStepExplainsItselfAndLeaRoundsSplit() {
        gui::MainWindow w(false);
        sessions::CipherSession* cipher = w.session();
        auto* explorer = w.page<gui::RoundExplorerPage>();
        QVERIFY(cipher->setAlgorithm(QStringLiteral("ascon-p")));
        cipher->setRounds(12);
        cipher->recomputeNow();
        cipher->setCurrentStep(1); // round 1's constant: c0 = 0xf0 of p^12
        QCOMPARE(cipher->step(1)->step, std::string("round constant"));
        QVERIFY2(explorer->stepExplanation()->text().contains(QStringLiteral("0xf0")),
                 qPrintable(explorer->stepExplanation()->text()));
        cipher->setCurrentStep(4); // round 2's constant: 0xe1
        QVERIFY2(explorer->stepExplanation()->text().contains(QStringLiteral("0xe1")),
                 qPrintable(explorer->stepExplanation()->text()));
        // LEA: 24 rounds of one step each, or of four sub-steps; the last sub-step is the round's state.
        QVERIFY(cipher->setAlgorithm(QStringLiteral("lea-128")));
        cipher->recomputeNow();
        QCOMPARE(cipher->stepCount(), 25);
        const crypto::Trace rounds = cipher->trace();
        cipher->setCurrentStep(3);
        // The View menu's sub-steps action (LEA's round parts; the ML-DSA butterflies).
        auto* substeps = w.findChild<QAction*>(QStringLiteral("substeps"));
        QVERIFY(substeps != nullptr);
        QVERIFY(substeps->text().contains(QStringLiteral("LEA")));
        substeps->trigger();
        QVERIFY(cipher->substeps());
        QCOMPARE(cipher->stepCount(), 1 + 24 * 4);
        QCOMPARE(cipher->step(cipher->currentStep())->round, 3); // the same round on view
        for (int r = 1; r <= 24; ++r)
            QCOMPARE(cipher->step(4 * r)->state, rounds.steps[static_cast<std::size_t>(r)].state);
        cipher->setCurrentStep(1);
        QVERIFY2(explorer->stepExplanation()->text().contains(QStringLiteral("⊕")),
                 qPrintable(explorer->stepExplanation()->text()));
        QCOMPARE(cipher->twinTrace().steps.size(), static_cast<std::size_t>(cipher->stepCount()));
        substeps->trigger();
        QCOMPARE(cipher->stepCount(), 25);
    }

    void aBadLessonIsRefusedNamingTheStop() {
        QTemporaryDir dir;
        gui::MainWindow w(false);
        auto* panel = w.page<gui::LessonPanel>();
        QVERIFY(panel->openLesson(gui::LessonPanel::shippedLessons().front()));
        const std::string before = panel->lesson()->title;
        // A step past the trace's end (ascon-p has 37 steps).
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        fileio::writeFileAtomic(path.toStdString(), R"({"format": "roundscope-lesson", "version": 1,
          "title": "t", "algorithm": "ascon-p", "inputs": {"state": "00000000000000000000000000000000000000000000000000000000000000000000000000000000"},
          "stops": [{"step": 1, "view": "value", "note": "a"}, {"step": 99, "view": "value", "note": "b"}]})");
        QString error;
        QVERIFY(!panel->openLesson(path, &error));
        QVERIFY2(error.contains(QStringLiteral("bad.json")) && error.contains(QStringLiteral("stops[1]")),
                 qPrintable(error));
        QVERIFY(panel->messageLabel()->isVisibleTo(panel));
        QCOMPARE(panel->messageLabel()->text(), error);
        QCOMPARE(panel->lesson()->title, before); // the lesson on view stays
        QVERIFY(!panel->openLesson(dir.filePath(QStringLiteral("missing.json")), &error));
        QVERIFY2(error.contains(QStringLiteral("missing.json")), qPrintable(error));
    }

    void aLessonWrittenFromTheExplorerSavesAndPlaysBack() {
        QTemporaryDir dir;
        gui::MainWindow w(false);
        auto* panel = w.page<gui::LessonPanel>();
        auto* explorer = w.page<gui::RoundExplorerPage>();
        sessions::CipherSession* cipher = w.session();
        QVERIFY(cipher->setAlgorithm(QStringLiteral("skinny-128-256")));
        cipher->setFlip(QStringLiteral("pt"), 12);
        cipher->recomputeNow();
        cipher->setCurrentStep(5);
        explorer->twinModeAction()->trigger();
        panel->newNoteEdit()->setText(QStringLiteral("one flipped bit after ShiftRows"));
        QTest::keyClick(panel->newNoteEdit(), Qt::Key_Return);
        QVERIFY(panel->newNoteEdit()->text().isEmpty());
        cipher->setCurrentStep(9);
        explorer->valueModeAction()->trigger();
        panel->addCurrentStop(QStringLiteral("the state"));
        QCOMPARE(panel->lesson()->stops.size(), std::size_t{2});
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QVERIFY(panel->saveLesson(path));
        // Read back independently of the panel.
        const teach::Lesson saved = teach::loadLesson(path.toStdString(), sessions::lessonCatalog());
        QCOMPARE(saved.algorithm, std::string("skinny-128-256"));
        QCOMPARE(saved.stops.size(), std::size_t{2});
        QCOMPARE(saved.stops[0].step, 5);
        QCOMPARE(saved.stops[0].view, LessonView::Twin);
        QVERIFY(saved.stops[0].flip.has_value());
        QCOMPARE(saved.stops[0].flip->field, std::string("pt"));
        QCOMPARE(saved.stops[0].flip->bit, 12);
        QCOMPARE(saved.stops[0].note, std::string("one flipped bit after ShiftRows"));
        QCOMPARE(saved.stops[1].step, 9);
        QCOMPARE(saved.stops[1].view, LessonView::Value);
        // Other inputs meanwhile: playing the file brings the lesson's back.
        cipher->setInput(QStringLiteral("pt"), QStringLiteral("000102030405060708090a0b0c0d0e0f"));
        cipher->recomputeNow();
        QVERIFY(panel->openLesson(path));
        QCOMPARE(cipher->currentStep(), 5);
        QCOMPARE(explorerView(w), LessonView::Twin);
        QCOMPARE(cipher->inputText(QStringLiteral("pt")).toLower(),
                 QString::fromStdString(crypto::toHex(saved.inputs.at("pt"))).toLower());
        // Invalid inputs: no stop is added, and the panel says why.
        cipher->setInput(QStringLiteral("pt"), QStringLiteral("zz"));
        panel->addCurrentStop(QStringLiteral("x"));
        QCOMPARE(panel->lesson()->stops.size(), std::size_t{2});
        QVERIFY(panel->messageLabel()->text().contains(QStringLiteral("not valid")));
    }
};

QTEST_MAIN(TestLesson)
#include "test_lesson.moc"
