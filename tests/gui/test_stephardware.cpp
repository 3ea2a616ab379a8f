// "Show this step in the hardware" (issue 34): from a lesson stop or the Your turn panel, the window
// captures the explorer's inputs on the IP core, checks the waveform page's follow box and shows the
// waveforms and the Model-vs-RTL panel: cursor A lands on the clock linked to the explorer's step and the
// panel compares the model's state with the register's there (they agree). Reduced rounds and algorithms
// without a core: a clear notice, nothing captured.
#include <QtTest>

#include <QCheckBox>
#include <QDockWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>

#include "app/ui/explorer/lessonpanel.h"
#include "app/ui/explorer/practicepanel.h"
#include "app/ui/ip/rtlstatepanel.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "app/ui/window/mainwindow.h"
#include "app/ui/window/workbench.h"
#include "core/sessions/ciphersession.h"
#include "hw/session/ipsession.h"
#include "hw/session/waveformsession.h"

using namespace rs;

namespace {

const QString kSkinnyLesson = QStringLiteral(":/lessons/skinny-shiftrows-mixcolumns.json");

/** After a capture started by `click`: cursor A on the clock linked to the explorer's step, the Model-vs-RTL
 *  panel at that clock with the model and the register agreeing, both pages shown. */
void verifyJumpAfter(gui::MainWindow& w, QPushButton* button) {
    auto* waves = w.page<gui::WaveformPage>();
    waves->followBox()->setChecked(false); // the jump checks it itself
    QSignalSpy finished(w.ipSession(), &hw::IpSession::finished);
    QSignalSpy started(w.workbench(), &gui::Workbench::captureStarted);
    button->click();
    QCOMPARE(started.count(), 1);
    QVERIFY(waves->followBox()->isChecked());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    const int step = w.session()->currentStep();
    QTRY_VERIFY_WITH_TIMEOUT(w.waveformSession()->link().size() > static_cast<std::size_t>(step), 30000);
    const auto& linked = w.waveformSession()->link()[static_cast<std::size_t>(step)];
    QVERIFY(linked.cycle.has_value());
    QVERIFY(linked.exact);
    QTRY_VERIFY(waves->view()->cursor().has_value());
    QCOMPARE(*waves->view()->cursor(), *linked.cycle);
    auto* rtl = w.page<gui::RtlStatePanel>();
    QCOMPARE(rtl->linkedCycle(), static_cast<long long>(*linked.cycle));
    QCOMPARE(rtl->differingBits(), 0); // the model and the RTL agree at that clock
    QVERIFY(w.dockOf(rtl)->isVisible());
    if (w.pageLayout() == gui::MainWindow::PageLayout::Workbench) QVERIFY(w.dockOf(waves)->isVisible());
}

} // namespace

class TestStepHardware : public QObject {
    Q_OBJECT

  private slots:
    void lessonStopJumpsToItsClockWithTheModelBesideTheRtl() {
        gui::MainWindow w(false);
        w.resize(1700, 1100);
        w.setPageLayout(gui::MainWindow::PageLayout::Workbench); // both pages side by side
        w.show();
        auto* lesson = w.page<gui::LessonPanel>();
        QString error;
        QVERIFY2(lesson->openLesson(kSkinnyLesson, &error), qPrintable(error));
        lesson->goToStop(3); // after round 1's MixColumns: a round boundary, held by the register
        QCOMPARE(w.session()->currentStep(), 5);
        verifyJumpAfter(w, lesson->hardwareButton());
        // Stepping on follows the link (the follow box stays checked).
        lesson->goToStop(5);
        QCOMPARE(w.session()->currentStep(), 10);
        QCOMPARE(*w.page<gui::WaveformPage>()->view()->cursor(), *w.waveformSession()->link()[10].cycle);
        QCOMPARE(w.page<gui::RtlStatePanel>()->differingBits(), 0);
    }

    void yourTurnPanelJumpsTheSameWay() {
        gui::MainWindow w(false);
        w.show();
        auto* lesson = w.page<gui::LessonPanel>();
        QVERIFY(lesson->openLesson(kSkinnyLesson));
        lesson->goToStop(5);
        QCOMPARE(w.session()->currentStep(), 10);
        verifyJumpAfter(w, w.page<gui::PracticePanel>()->hardwareButton());
    }

    void reducedRoundsAndAlgorithmsWithoutACoreAreRefusedWithANotice() {
        gui::MainWindow w(false);
        w.show();
        QSignalSpy started(w.workbench(), &gui::Workbench::captureStarted);
        auto* lesson = w.page<gui::LessonPanel>();
        // The practice lesson on Ascon-p at 2 rounds: no core runs the bare permutation.
        QVERIFY(lesson->openLesson(QStringLiteral(":/lessons/practice-ascon-p-two-rounds.json")));
        QCOMPARE(w.session()->rounds(), 2);
        lesson->hardwareButton()->click();
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("The IP cores run ")),
                 qPrintable(w.statusBar()->currentMessage()));
        // SKINNY-128-256 has a core, but it runs all 48 rounds: a 10-round explorer is refused, saying so.
        QVERIFY(lesson->openLesson(kSkinnyLesson));
        w.session()->setRounds(10);
        w.session()->recomputeNow();
        QVERIFY(!w.showStepInHardware());
        const QString m = w.statusBar()->currentMessage();
        QVERIFY2(m.contains(QStringLiteral("runs all 48 rounds")) && m.contains(QStringLiteral("runs 10")) &&
                     m.contains(QStringLiteral("standard rounds")),
                 qPrintable(m));
        w.page<gui::PracticePanel>()->hardwareButton()->click();
        QCOMPARE(w.statusBar()->currentMessage(), m);
        QCOMPARE(started.count(), 0);
        QVERIFY(w.waveformSession()->link().empty());
    }
};

QTEST_MAIN(TestStepHardware)
#include "test_stephardware.moc"
