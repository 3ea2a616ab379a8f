// The Round Explorer page offscreen: stepping shows exactly the trace's state, invalid hex shows why
// and runs nothing, clicking an input bit chooses the twin's flipped bit.
#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/explorer/inputbitsview.h"
#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/explorer/stepcontrols.h"
#include "core/sessions/ciphersession.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;
using gui::RoundExplorerPage;
using sessions::CipherSession;

class TestExplorer : public QObject {
    Q_OBJECT

  private:
    static void expectStep(const RoundExplorerPage& page, const crypto::Trace& ref, int i) {
        const auto& step = ref.steps[static_cast<std::size_t>(i)];
        QCOMPARE(page.stateView()->displayedState(), step.state);
        QVERIFY2(page.stepTitle()->text().contains(QString::fromStdString(step.step)),
                 qPrintable(page.stepTitle()->text()));
        QVERIFY2(page.stepDetail()->text().contains(QString::fromStdString(step.phase)),
                 qPrintable(page.stepDetail()->text()));
        if (step.round > 0)
            QVERIFY(page.stepTitle()->text().contains(QStringLiteral("Round %1").arg(step.round)));
    }

  private slots:
    void steppingShowsTheTraceState_data() {
        QTest::addColumn<QString>("alg");
        for (const char* id : {"ascon-p", "ascon-128", "ascon-aead128", "lea-128", "lea-256", "skinny-64-64",
                               "skinny-128-384"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }

    void steppingShowsTheTraceState() {
        QFETCH(QString, alg);
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1300, 700);
        page.show();
        QVERIFY(session.setAlgorithm(alg));
        const crypto::Trace ref = test::referenceTrace(alg.toStdString());
        const int n = static_cast<int>(ref.steps.size());
        QCOMPARE(session.stepCount(), n);
        gui::StepControls* c = page.stepControls();

        c->firstAction()->trigger();
        expectStep(page, ref, 0);
        for (int i = 1; i <= 3; ++i) {
            c->nextAction()->trigger();
            expectStep(page, ref, i);
        }
        c->previousAction()->trigger();
        expectStep(page, ref, 2);
        c->lastAction()->trigger();
        expectStep(page, ref, n - 1);
        QVERIFY(!c->nextAction()->isEnabled());
        c->slider()->setValue(n / 2);
        expectStep(page, ref, n / 2);
        QCOMPARE(c->slider()->maximum(), n - 1);
        // The same step in hex cells shows the same bytes.
        page.hexAction()->setChecked(true);
        expectStep(page, ref, n / 2);
    }

    void arrowKeysStep() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1300, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        // The step keys belong to the page: they act once the focus is in it, here on the state.
        page.stateView()->setFocus();
        QCOMPARE(QApplication::focusWidget(), page.stateView());
        session.setCurrentStep(0);
        QTest::keyClick(&page, Qt::Key_Right);
        QCOMPARE(session.currentStep(), 1);
        QTest::keyClick(&page, Qt::Key_End);
        QCOMPARE(session.currentStep(), session.stepCount() - 1);
        QTest::keyClick(&page, Qt::Key_Left);
        QCOMPARE(session.currentStep(), session.stepCount() - 2);
        QTest::keyClick(&page, Qt::Key_Home);
        QCOMPARE(session.currentStep(), 0);
    }

    void focusedControlsInThePageKeepTheirKeys() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1300, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        session.setCurrentStep(4);

        // A focused combo box keeps its arrows, Home and End: they move its selection, never the step.
        QComboBox* twin = page.twinFieldBox();
        QCOMPARE(twin->count(), 2);
        twin->setCurrentIndex(0);
        twin->setFocus();
        QCOMPARE(QApplication::focusWidget(), twin);
        for (const Qt::Key k : {Qt::Key_Right, Qt::Key_Left, Qt::Key_Right})
            QTest::keyClick(twin, k);
        QCOMPARE(session.currentStep(), 4);
        QTest::keyClick(twin, Qt::Key_End);
        QCOMPARE(twin->currentIndex(), 1);
        QTest::keyClick(twin, Qt::Key_Home);
        QCOMPARE(twin->currentIndex(), 0);
        QCOMPARE(session.currentStep(), 4);

        // Space on a focused step button presses that button, not Play.
        auto* first = page.stepControls()->findChildren<QToolButton*>().front();
        QCOMPARE(first->defaultAction(), page.stepControls()->firstAction());
        first->setFocus();
        QTest::keyClick(first, Qt::Key_Space);
        QCOMPARE(session.currentStep(), 0);
        QVERIFY(!page.stepControls()->isPlaying());

        // Back on the state view the same keys step.
        page.stateView()->setFocus();
        QTest::keyClick(page.stateView(), Qt::Key_Right);
        QCOMPARE(session.currentStep(), 1);
        QTest::keyClick(page.stateView(), Qt::Key_End);
        QCOMPARE(session.currentStep(), session.stepCount() - 1);
    }

    void oneRecomputationRedrawsOnce() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1300, 700);
        page.show();
        QVERIFY(session.setAlgorithm(QStringLiteral("skinny-64-64")));
        QCoreApplication::processEvents();
        const int before = page.refreshCount(), layouts = page.stateView()->geometryUpdates();
        session.setInput(QStringLiteral("pt"), QStringLiteral("0011223344556677"));
        session.recomputeNow(); // emits traceChanged, twinChanged and currentStepChanged
        QCoreApplication::processEvents();
        QCOMPARE(page.refreshCount(), before + 1);
        QCOMPARE(page.stateView()->displayedState(), session.trace().steps[0].state);
        // Stepping redraws at once, once per step, and never relayouts the state view.
        for (int i = 1; i <= 5; ++i) {
            session.setCurrentStep(i);
            QCOMPARE(page.stateView()->displayedState(),
                     session.trace().steps[static_cast<std::size_t>(i)].state);
        }
        QCoreApplication::processEvents();
        QCOMPARE(page.refreshCount(), before + 6);
        QCOMPARE(page.stateView()->geometryUpdates(), layouts);
        // A flip alone (twinChanged) is coalesced too.
        session.setFlip(QStringLiteral("pt"), 9);
        QCoreApplication::processEvents();
        QCOMPARE(page.refreshCount(), before + 7);
    }

    void twinSummarySaysWhyThereIsNoTwin() {
        CipherSession session;
        RoundExplorerPage page(&session);
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-128")));
        auto* summary = page.findChild<QLabel*>(QStringLiteral("twinSummary"));
        QVERIFY(summary != nullptr);
        session.setInput(QStringLiteral("ad"), QString());
        session.recomputeNow();
        session.setFlip(QStringLiteral("ad"), 3);
        QCoreApplication::processEvents();
        QVERIFY2(summary->text().contains(QStringLiteral("empty")), qPrintable(summary->text()));
        session.setInput(QStringLiteral("ad"), QStringLiteral("30313233"));
        session.recomputeNow();
        session.setFlip(QStringLiteral("ad"), 31);
        QCoreApplication::processEvents();
        QVERIFY2(summary->text().contains(QStringLiteral("state bits differ")), qPrintable(summary->text()));
        session.setInput(QStringLiteral("ad"), QStringLiteral("30"));
        session.recomputeNow();
        QCoreApplication::processEvents();
        QVERIFY2(summary->text().contains(QStringLiteral("bit 31 is outside")), qPrintable(summary->text()));
    }

    void invalidHexShowsWhyAndRunsNothing() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1300, 700);
        page.show();
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        session.setCurrentStep(5);
        const int runs = session.traceRuns();
        const crypto::Bytes shown = page.stateView()->displayedState();
        gui::HexFieldEdit* key = page.inputPanel()->field(QStringLiteral("key"));
        QVERIFY(key != nullptr);
        QVERIFY(key->error().isEmpty());

        const struct {
            const char* text;
            const char* message;
        } cases[] = {{"0011zz", "key: 'z' at position 5 is not a hex digit"},
                     {"00112", "key: odd number of hex digits (5); every byte needs two"},
                     {"001122", "key must be 16 bytes, got 3"}};
        for (const auto& c : cases) {
            key->lineEdit()->selectAll();
            QTest::keyClicks(key->lineEdit(), QString::fromLatin1(c.text));
            QCOMPARE(key->error(), QString::fromLatin1(c.message));
            QVERIFY(key->errorLabel()->isVisibleTo(&page));
            QCOMPARE(key->errorLabel()->text(), QString::fromLatin1(c.message));
            QVERIFY(key->lineEdit()->styleSheet().contains(QStringLiteral("border")));
            QVERIFY(page.inputPanel()->statusLabel()->isVisibleTo(&page));
            QVERIFY(page.inputPanel()->statusLabel()->text().contains(QStringLiteral("Not run")));
        }
        QTest::qWait(150); // past the coalescing interval: still nothing may run
        QCOMPARE(session.traceRuns(), runs);
        QCOMPARE(page.stateView()->displayedState(), shown);
        QCOMPARE(session.currentStep(), 5);

        // A valid key runs again and clears the message and the outline.
        key->lineEdit()->selectAll();
        QTest::keyClicks(key->lineEdit(), QStringLiteral("000102030405060708090a0b0c0d0e0f"));
        QTRY_COMPARE(session.traceRuns(), runs + 1);
        QVERIFY(key->error().isEmpty());
        QVERIFY(!key->errorLabel()->isVisibleTo(&page));
        QVERIFY(key->lineEdit()->styleSheet().isEmpty());
        QVERIFY(page.stateView()->displayedState() != shown);
    }

    void longInputsAreNeverCut() {
        CipherSession session;
        RoundExplorerPage page(&session);
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-128")));
        gui::HexFieldEdit* ad = page.inputPanel()->field(QStringLiteral("ad"));
        QVERIFY(ad != nullptr);
        // Pasted past QLineEdit's default limit (32 767): kept whole, and the limit that applies is named
        // with the true count.
        const QString text(40000, QLatin1Char('a'));
        QGuiApplication::clipboard()->setText(text);
        ad->lineEdit()->selectAll();
        ad->lineEdit()->paste();
        QCOMPARE(ad->lineEdit()->text().size(), text.size());
        QCOMPARE(ad->error(), QStringLiteral("associated data is limited to 1024 bytes here, got 20000"));
    }

    void randomFillIsValidAndRuns() {
        CipherSession session;
        RoundExplorerPage page(&session);
        QVERIFY(session.setAlgorithm(QStringLiteral("skinny-128-256")));
        const int runs = session.traceRuns();
        gui::HexFieldEdit* key = page.inputPanel()->field(QStringLiteral("key"));
        const QString before = key->text();
        key->randomButton()->click();
        QCOMPARE(key->text().size(), 64);
        QVERIFY(key->text() != before);
        QVERIFY(key->error().isEmpty());
        QTRY_COMPARE(session.traceRuns(), runs + 1);
    }

    void roundsReduceTheTrace() {
        CipherSession session;
        RoundExplorerPage page(&session);
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        QCOMPARE(session.stepCount(), 25);
        page.inputPanel()->roundsBox()->setValue(6);
        QTRY_COMPARE(session.stepCount(), 7);
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-128")));
        QVERIFY(!page.inputPanel()->roundsBox()->isEnabled());
    }

    void clickingAnInputBitChoosesTheTwinBit() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1300, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        const int pt = page.twinFieldBox()->findData(QStringLiteral("pt"));
        QVERIFY(pt >= 0);
        page.twinFieldBox()->setCurrentIndex(pt);
        QCOMPARE(session.flipField(), QStringLiteral("pt"));
        gui::InputBitsView* bits = page.inputBits();
        QCOMPARE(bits->bytes(), crypto::fromHex("101112131415161718191A1B1C1D1E1F"));
        QTest::mouseClick(bits, Qt::LeftButton, {}, bits->bitCenter(13));
        QCOMPARE(session.flipBit(), 13);
        QVERIFY(page.twinModeAction()->isChecked());
        QCOMPARE(page.stateView()->mode(), gui::StateView::Mode::Twin);
        QVERIFY(session.hasTwin());
        // At the input the twin differs in exactly the clicked bit (the block bytes are the state bytes).
        session.setCurrentStep(0);
        QCOMPARE(page.stateView()->highlightedBits(), 1);
        QVERIFY(page.stateView()->isHighlighted(13));
        // Later the view highlights exactly the bits where the two traces differ.
        session.setCurrentStep(3);
        const int expected =
            sessions::differingBits(session.trace().steps[3].state, session.twinTrace().steps[3].state);
        QVERIFY(expected > 1);
        QCOMPARE(page.stateView()->highlightedBits(), expected);
        QCOMPARE(page.stateView()->reference(), session.twinTrace().steps[3].state);
    }

    void changedModeComparesWithThePreviousStep() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.changedModeAction()->trigger();
        session.setCurrentStep(2);
        QCOMPARE(page.stateView()->reference(), session.trace().steps[1].state);
        QCOMPARE(page.stateView()->displayedState(), session.trace().steps[2].state);
        session.setCurrentStep(0);
        QVERIFY(page.stateView()->reference().empty());
    }

    void playAdvancesAndStopsAtTheEnd() {
        CipherSession session;
        RoundExplorerPage page(&session);
        QVERIFY(session.setAlgorithm(QStringLiteral("skinny-64-64")));
        page.inputPanel()->roundsBox()->setValue(2);
        session.recomputeNow();
        page.stepControls()->setSpeed(50);
        page.stepControls()->play();
        QVERIFY(page.stepControls()->isPlaying());
        QTRY_COMPARE_WITH_TIMEOUT(session.currentStep(), session.stepCount() - 1, 5000);
        QTRY_VERIFY(!page.stepControls()->isPlaying());
    }
};

QTEST_MAIN(TestExplorer)
#include "test_explorer.moc"
