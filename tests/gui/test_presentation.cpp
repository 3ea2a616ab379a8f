// Issue 34, "Handouts and projection": presentation mode (F11) for a projector. Its text is readable at
// the back of a room (the caption a 26th of the screen's height, at least 28 px; the title larger), it
// says where the class is in the trace ("Step 5 of 27") and the grid still fills what is left.
#include <QtTest>

#include <QAction>
#include <QLabel>

#include "app/teach/stepexport.h"
#include "app/ui/explorer/presentationview.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "core/sessions/ciphersession.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;
using gui::PresentationView;
using gui::RoundExplorerPage;
using sessions::CipherSession;

namespace {

// Pixels of the image inside r that are not the background.
int inkIn(const QImage& img, const QRect& r, const QColor& background) {
    int n = 0;
    for (int y = std::max(0, r.top()); y <= std::min(img.height() - 1, r.bottom()); ++y)
        for (int x = std::max(0, r.left()); x <= std::min(img.width() - 1, r.right()); ++x)
            n += QColor(img.pixel(x, y)) != background ? 1 : 0;
    return n;
}

} // namespace

class TestPresentation : public QObject {
    Q_OBJECT

  private:
    crypto::Trace m_ascon = test::referenceTrace("ascon-p");

  private slots:
    void projectorFontsAndAStepCounter() {
        teach::StepExportJob job;
        job.trace = &m_ascon;
        teach::GridContent c = teach::stepContent(job, 3);
        c.title = QStringLiteral("Round 1 · p_L linear layer");
        PresentationView v;
        v.setContent(c, job.colors);
        v.setStep(4, 27);
        v.resize(1920, 1080);
        QCOMPARE(v.stepCounterText(), QStringLiteral("Step 5 of 27"));
        // Readable from the back of a room: at least 36 px text on a 1080-line projector (the page's
        // grid font is 13 px), the title larger still.
        QVERIFY2(v.textFont().pixelSize() >= 1080 / 30,
                 qPrintable(QString::number(v.textFont().pixelSize())));
        QVERIFY(v.titleFont().pixelSize() > v.textFont().pixelSize());
        QVERIFY(v.titleFont().bold());
        // A small projector (720 lines) still gets 28 px.
        v.resize(1280, 720);
        QVERIFY(v.textFont().pixelSize() >= 28);
        v.resize(1920, 1080);

        // The caption sits at the bottom in that font, the grid between the title line and the caption,
        // still scaled up.
        const QRectF caption = v.captionRect();
        QVERIFY(!caption.isNull());
        QVERIFY(caption.bottom() <= v.height());
        QVERIFY(caption.height() >= QFontMetricsF(v.textFont()).height());
        const QRectF grid = v.gridRect();
        QVERIFY(grid.top() >= QFontMetricsF(v.titleFont()).height());
        QVERIFY(grid.bottom() <= caption.top());
        QVERIFY(v.grid().style().scale > 1.1);
        QVERIFY(v.grid().content().title.isEmpty()); // drawn in the projector's font instead
        // The grid's labels and hex digits too are large enough to read: three quarters of the text.
        QVERIFY(v.grid().style().mono.pixelSize() >= v.textFont().pixelSize() * 3 / 4);

        // The counter is drawn at the top right, the title at the top left.
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        const QImage img = v.grab().toImage();
        const int lineH = qRound(QFontMetricsF(v.titleFont()).height());
        const int counterW = qRound(QFontMetricsF(v.textFont()).horizontalAdvance(v.stepCounterText()));
        QVERIFY(inkIn(img, QRect(v.width() - 24 - counterW, 24, counterW, lineH), job.colors.background) >
                200);
        QVERIFY(inkIn(img, QRect(24, 24, 400, lineH), job.colors.background) > 400);
        // Without a step no counter.
        v.setStep(-1, 0);
        QVERIFY(v.stepCounterText().isEmpty());
    }

    void thePagesPresentationCountsTheSteps() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1200, 700);
        page.show();
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        session.setCurrentStep(3);
        QCoreApplication::processEvents();
        page.presentationAction()->trigger();
        PresentationView* p = page.presentationView();
        QVERIFY(p != nullptr);
        const int steps = session.stepCount();
        QCOMPARE(p->stepCounterText(), QStringLiteral("Step 4 of %1").arg(steps));
        QTest::keyClick(p, Qt::Key_Right);
        QCOMPARE(p->stepCounterText(), QStringLiteral("Step 5 of %1").arg(steps));
        QTest::keyClick(p, Qt::Key_End);
        QCOMPARE(p->stepCounterText(), QStringLiteral("Step %1 of %1").arg(steps));
        QTest::keyClick(p, Qt::Key_Escape);
        QVERIFY(!p->isVisible());
    }
};

QTEST_MAIN(TestPresentation)
#include "test_presentation.moc"
