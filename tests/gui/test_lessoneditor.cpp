// Issue 34, lessons written in the app: the lesson editor starts from the explorer's algorithm and
// inputs, offers reduced rounds only within the algorithm's range, edits every member of a stop (step,
// view, flip, title, note, question and answer, practice settings), reorders, duplicates and deletes
// stops, refuses a lesson that would not load with its errors in words, and saves one that does, which
// the Lesson panel then plays.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>

#include "app/ui/explorer/lessoneditor.h"
#include "app/ui/explorer/lessonpanel.h"
#include "app/ui/window/mainwindow.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/explorermodel.h"

using namespace rs;
using teach::LessonView;
using teach::PracticePart;

namespace {

void selectData(QComboBox* box, const QVariant& data) {
    const int i = box->findData(data);
    QVERIFY2(i >= 0, qPrintable(data.toString()));
    box->setCurrentIndex(i);
}

} // namespace

class TestLessonEditor : public QObject {
    Q_OBJECT

  private slots:
    void aNewLessonStartsFromTheExplorer() {
        gui::MainWindow w(false);
        sessions::CipherSession* cipher = w.session();
        QVERIFY(cipher->setAlgorithm(QStringLiteral("skinny-128-256")));
        cipher->setInput(QStringLiteral("pt"), QStringLiteral("00112233445566778899aabbccddeeff"));
        cipher->recomputeNow();
        auto* panel = w.page<gui::LessonPanel>();
        panel->openEditor(true);
        gui::LessonEditor* editor = panel->editor();
        QVERIFY(editor->isVisible());
        QCOMPARE(editor->algorithmBox()->currentData().toString(), QStringLiteral("skinny-128-256"));
        QCOMPARE(editor->algorithmBox()->count(), static_cast<int>(sessions::explorerAlgorithms().size()));
        for (const auto& f : cipher->algorithm().fields) {
            const QString name = QString::fromStdString(f.name);
            QVERIFY2(editor->inputEdit(name) != nullptr, qPrintable(name));
            QCOMPARE(editor->inputEdit(name)->text(), cipher->inputText(name));
        }
        QCOMPARE(editor->stopList()->count(), 0);
        QCOMPARE(editor->stepCount(), cipher->stepCount());
        // Rounds: within 1..maxRounds where the algorithm has variable rounds, else not offered.
        QVERIFY(editor->roundsCheck()->isEnabled());
        QCOMPARE(editor->roundsSpin()->minimum(), 1);
        QCOMPARE(editor->roundsSpin()->maximum(), cipher->algorithm().maxRounds);
        const sessions::ExplorerAlgorithm* fixed = nullptr;
        for (const auto& a : sessions::explorerAlgorithms())
            if (a.maxRounds == 0) fixed = &a;
        QVERIFY(fixed != nullptr);
        selectData(editor->algorithmBox(), QString::fromStdString(fixed->id));
        QVERIFY(!editor->roundsCheck()->isEnabled());
        QVERIFY(!editor->roundsCheck()->isChecked());
        QCOMPARE(editor->lesson().rounds, 0);
        QVERIFY(editor->inputEdit(QString::fromStdString(fixed->fields.front().name)) != nullptr);
        // A reduced explorer: the new lesson takes its rounds.
        QVERIFY(cipher->setAlgorithm(QStringLiteral("ascon-p")));
        cipher->setRounds(6);
        cipher->recomputeNow();
        panel->openEditor(true);
        QVERIFY(editor->roundsCheck()->isChecked());
        QCOMPARE(editor->roundsSpin()->value(), 6);
        QCOMPARE(editor->lesson().rounds, 6);
        QCOMPARE(editor->stepCount(), cipher->stepCount());
    }

    void stopsAreEditedReorderedAndSaved() {
        QTemporaryDir dir;
        gui::MainWindow w(false);
        w.resize(1366, 768);
        sessions::CipherSession* cipher = w.session();
        QVERIFY(cipher->setAlgorithm(QStringLiteral("ascon-p")));
        cipher->recomputeNow();
        cipher->setCurrentStep(4);
        auto* panel = w.page<gui::LessonPanel>();
        panel->openEditor(true);
        gui::LessonEditor* e = panel->editor();
        e->resize(1366, 768);
        e->titleEdit()->setText(QStringLiteral("Four rounds of p"));
        e->roundsCheck()->setChecked(true);
        e->roundsSpin()->setValue(4);
        const auto* alg = sessions::findExplorerAlgorithm("ascon-p");
        const int steps4 =
            static_cast<int>(sessions::runExplorer(*alg, e->lesson().inputs, 4).trace.steps.size());
        QCOMPARE(e->stepCount(), steps4);
        QCOMPARE(e->stepSpin()->maximum(), steps4 - 1);

        // Stop 1 at the explorer's step, a changed view.
        e->findChild<QPushButton*>(QStringLiteral("lessonEditorAddStop"))->click();
        QCOMPARE(e->stopList()->count(), 1);
        QCOMPARE(e->stepSpin()->value(), 4);
        selectData(e->viewBox(), static_cast<int>(LessonView::Changed));
        e->flipCheck()->setChecked(false);
        e->noteEdit()->setPlainText(QStringLiteral("the first substitution"));
        // Stop 2: a twin with a flip, a title, a question and an answer.
        e->addStop();
        e->stepSpin()->setValue(7);
        selectData(e->viewBox(), static_cast<int>(LessonView::Twin));
        e->flipCheck()->setChecked(true);
        selectData(e->flipFieldBox(), QStringLiteral("state"));
        e->flipBitSpin()->setValue(63);
        e->stopTitleEdit()->setText(QStringLiteral("One bit, two rounds"));
        e->noteEdit()->setPlainText(QStringLiteral("watch it spread"));
        e->questionEdit()->setText(QStringLiteral("How many words differ?"));
        e->answerEdit()->setText(QStringLiteral("All five"));
        // Stop 3: practice on one S-box column.
        e->addStop();
        e->stepSpin()->setValue(2);
        e->noteEdit()->setPlainText(QStringLiteral("your turn"));
        QVERIFY(!e->partBox()->isEnabled()); // the practice settings wait for the checkbox
        e->practiceBox()->setChecked(true);
        QVERIFY(e->partBox()->isEnabled());
        selectData(e->partBox(), static_cast<int>(PracticePart::SboxColumn));
        e->indexSpin()->setValue(3);
        e->hintsSpin()->setValue(1);
        e->revealCheck()->setChecked(false);
        QCOMPARE(e->stopList()->count(), 3);

        teach::Lesson l = e->lesson();
        QCOMPARE(l.rounds, 4);
        QCOMPARE(l.stops[0].view, LessonView::Changed);
        QCOMPARE(l.stops[0].step, 4);
        QCOMPARE(l.stops[1].flip, (teach::LessonFlip{"state", 63}));
        QCOMPARE(l.stops[1].title, std::string("One bit, two rounds"));
        QCOMPARE(l.stops[1].question.value_or(""), std::string("How many words differ?"));
        QCOMPARE(l.stops[1].answer.value_or(""), std::string("All five"));
        QCOMPARE(l.stops[2].practice, (teach::LessonPractice{PracticePart::SboxColumn, 3, 1, false}));
        QVERIFY(!l.stops[0].practice.has_value());

        // Duplicate, delete, move.
        e->duplicateStop();
        QCOMPARE(e->lesson().stops.size(), std::size_t{4});
        QCOMPARE(e->lesson().stops[3], l.stops[2]);
        QCOMPARE(e->currentStop(), 3);
        e->findChild<QPushButton*>(QStringLiteral("lessonEditorDelete"))->click();
        QCOMPARE(e->lesson().stops, l.stops);
        e->setCurrentStop(2);
        e->findChild<QPushButton*>(QStringLiteral("lessonEditorUp"))->click();
        QCOMPARE(e->currentStop(), 1);
        const std::vector<teach::LessonStop> moved = {l.stops[0], l.stops[2], l.stops[1]};
        QCOMPARE(e->lesson().stops, moved);
        QCOMPARE(e->noteEdit()->toPlainText(), QStringLiteral("your turn")); // the form shows the moved stop
        e->moveStop(1);
        QCOMPARE(e->lesson().stops, l.stops);
        QVERIFY(e->stopList()->item(1)->text().contains(QStringLiteral("One bit, two rounds")));

        if (qEnvironmentVariableIsSet("RS_LESSON_EDITOR_GRAB")) {
            e->show();
            QCoreApplication::processEvents();
            e->grab().save(qEnvironmentVariable("RS_LESSON_EDITOR_GRAB"));
        }

        // Errors in words, and nothing written.
        const QString path = dir.filePath(QStringLiteral("written.json"));
        e->titleEdit()->clear();
        e->setCurrentStop(0);
        selectData(e->viewBox(), static_cast<int>(LessonView::Twin));
        QVERIFY(e->flipCheck()->isChecked()); // a twin gets the explorer's flipped bit
        QCOMPARE(e->flipFieldBox()->currentData().toString(), cipher->flipField());
        e->flipCheck()->setChecked(false); // twin without a flipped bit
        e->setCurrentStop(2);
        selectData(e->partBox(), static_cast<int>(PracticePart::Column)); // SKINNY's part on Ascon
        QString error;
        QVERIFY(!e->saveTo(path, &error));
        QVERIFY(!QFile::exists(path));
        QVERIFY2(error.contains(QStringLiteral("no title")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("Stop 1: the twin view needs a flipped input bit")),
                 qPrintable(error));
        QVERIFY(e->messageLabel()->isVisible() || !e->isVisible());
        QCOMPARE(e->messageLabel()->text(), error);
        e->titleEdit()->setText(QStringLiteral("Four rounds of p"));
        e->setCurrentStop(0);
        selectData(e->viewBox(), static_cast<int>(LessonView::Changed));
        QVERIFY(!e->saveTo(path, &error)); // what only the practice check knows
        QVERIFY2(error.contains(QStringLiteral("Stop 3, practice: a")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("SKINNY")), qPrintable(error));
        QVERIFY(!QFile::exists(path));
        e->inputEdit(QStringLiteral("state"))->setText(QStringLiteral("12"));
        QVERIFY(!e->saveTo(path, &error));
        QVERIFY2(error.contains(QStringLiteral("Input")), qPrintable(error));
        e->inputEdit(QStringLiteral("state"))->setText(QString(80, QLatin1Char('0')));
        e->setCurrentStop(2);
        selectData(e->partBox(), static_cast<int>(PracticePart::SboxColumn));

        // Saved: the file reads back as the lesson, and the panel plays it at the editor's stop.
        e->setCurrentStop(1);
        QVERIFY2(e->saveTo(path, &error), qPrintable(error));
        const teach::Lesson saved = teach::loadLesson(path.toStdString(), sessions::lessonCatalog());
        QCOMPARE(saved, e->lesson());
        QCOMPARE(saved.stops, l.stops);
        QVERIFY(panel->lesson() != nullptr);
        QCOMPARE(*panel->lesson(), saved);
        QCOMPARE(panel->currentStop(), 1);
        QCOMPARE(cipher->rounds(), 4);
        QCOMPARE(cipher->currentStep(), 7);
        QCOMPARE(cipher->flipBit(), 63);
        QVERIFY2(panel->stopLabel()->text().contains(QStringLiteral("One bit, two rounds")),
                 qPrintable(panel->stopLabel()->text()));

        // Edit lesson… opens the panel's lesson again, at its stop.
        e->newLesson();
        QCOMPARE(e->stopList()->count(), 0);
        panel->openEditor(false);
        QCOMPARE(e->lesson(), saved);
        QCOMPARE(e->currentStop(), 1);
        QCOMPARE(e->stopTitleEdit()->text(), QStringLiteral("One bit, two rounds"));
    }
};

QTEST_MAIN(TestLessonEditor)
#include "test_lessoneditor.moc"
