// The Round Explorer's teaching tools offscreen: zoom (cells, font, limits, scrolling), presentation
// mode (shows the step, Esc leaves), the input bits reachable by scrolling and by the keyboard (the
// right bit of the right field is flipped), the page's step exports.
#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QImageReader>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTemporaryDir>

#include "app/ui/explorer/inputbitsview.h"
#include "app/ui/explorer/presentationview.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/explorer/statezoomarea.h"
#include "app/ui/explorer/stepexportdialog.h"
#include "core/sessions/ciphersession.h"
#include "tests/gui/guitestsupport.h"
#include "tests/teach/strictgif.h"

using namespace rs;
using gui::RoundExplorerPage;
using gui::StateView;
using sessions::CipherSession;

namespace {
QScrollArea* bitsScrollOf(gui::InputBitsView* bits) {
    return qobject_cast<QScrollArea*>(bits->parentWidget()->parentWidget());
}

/** @brief Shows the page at a laptop's size and gives it the keyboard. */
bool showActive(RoundExplorerPage& page) {
    page.resize(1300, 760);
    page.show();
    if (!QTest::qWaitForWindowExposed(&page)) return false;
    page.activateWindow();
    return QTest::qWaitForWindowActive(&page);
}
} // namespace

class TestTeaching : public QObject {
    Q_OBJECT

  private slots:
    void zoomScalesCellsAndFontWithinLimits() {
        CipherSession session;
        RoundExplorerPage page(&session);
        QVERIFY(showActive(page));
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-p")));
        QCoreApplication::processEvents();
        StateView* v = page.stateView();
        const double cell1 = v->unitRectAt(0, 0).width();
        const double font1 = v->gridFont().pointSizeF();
        QVERIFY(cell1 > 4);
        page.zoomInAction()->trigger();
        page.zoomInAction()->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(v->zoom(), 1.25 * 1.25);
        QVERIFY2(v->unitRectAt(0, 0).width() > cell1 * 1.4,
                 qPrintable(QStringLiteral("%1 -> %2").arg(cell1).arg(v->unitRectAt(0, 0).width())));
        QCOMPARE(v->gridFont().pointSizeF(), font1 * 1.25 * 1.25);
        // Zoomed in, the grid is larger than what is visible: the area scrolls, and scrolling moves it.
        QScrollBar* h = page.stateArea()->horizontalScrollBar();
        QVERIFY(h->maximum() > 0);
        QVERIFY(page.stateArea()->verticalScrollBar()->maximum() > 0);
        h->setValue(h->maximum());
        QVERIFY(v->pos().x() < 0);
        // Zooming keeps the point at the centre of the visible part at the centre.
        const int portW = page.stateArea()->viewport()->width();
        const double centre = (h->value() + portW / 2.0) / v->width();
        page.zoomInAction()->trigger();
        const double after = (h->value() + portW / 2.0) / v->width();
        QVERIFY2(std::abs(after - centre) < 0.01,
                 qPrintable(QStringLiteral("%1 -> %2").arg(centre).arg(after)));
        for (int i = 0; i < 20; ++i)
            page.zoomInAction()->trigger();
        QCOMPARE(v->zoom(), StateView::kMaxZoom);
        for (int i = 0; i < 40; ++i)
            page.zoomOutAction()->trigger();
        QCOMPARE(v->zoom(), StateView::kMinZoom);
        QCOMPARE(v->gridFont().pointSizeF(), font1 * StateView::kMinZoom);
        page.zoomResetAction()->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(v->zoom(), 1.0);
        QCOMPARE(v->unitRectAt(0, 0).width(), cell1);
        QCOMPARE(page.stateArea()->horizontalScrollBar()->maximum(), 0);
        // The keys: Ctrl+plus zooms while the focus is in the page.
        v->setFocus();
        QTest::keyClick(v, Qt::Key_Plus, Qt::ControlModifier);
        QCOMPARE(v->zoom(), 1.25);
        QTest::keyClick(v, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(v->zoom(), 1.0);
        // Ctrl+wheel over the grid zooms; the wheel alone does not. (A wheel event sent by hand is not
        // passed on to parents as a real one is: send it to the viewport the view's wheel reaches.)
        QWidget* port = page.stateArea()->viewport();
        const QPointF at(port->width() / 2.0, port->height() / 2.0);
        const auto wheel = [&](int dy, Qt::KeyboardModifiers mods) {
            QWheelEvent e(at, port->mapToGlobal(at), QPoint(), QPoint(0, dy), Qt::NoButton, mods,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(port, &e);
        };
        wheel(-120, Qt::ControlModifier);
        QCOMPARE(v->zoom(), 1.0 / 1.25);
        wheel(120, Qt::NoModifier);
        QCOMPARE(v->zoom(), 1.0 / 1.25);
        wheel(120, Qt::ControlModifier);
        QCOMPARE(v->zoom(), 1.0);
    }

    void exportDialogKeepsARange() {
        gui::StepExportDialog d(38, 4);
        QCOMPARE(d.from(), 4);
        QCOMPARE(d.to(), 37);
        d.fromBox()->setValue(20);
        d.toBox()->setValue(10); // drags the start down with it
        QCOMPARE(d.from(), 9);
        QCOMPARE(d.to(), 9);
        d.fromBox()->setValue(30);
        QCOMPARE(d.to(), 29);
        QCOMPARE(d.toBox()->maximum(), 38);
    }

    void presentationShowsTheStepAndEscLeaves() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1200, 700);
        page.show();
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        session.setCurrentStep(3);
        QCoreApplication::processEvents();
        QVERIFY(page.presentationAction()->shortcuts().contains(QKeySequence(Qt::Key_F11)));
        page.presentationAction()->trigger();
        gui::PresentationView* p = page.presentationView();
        QVERIFY(p != nullptr);
        QVERIFY(p->isVisible());
        QCOMPARE(p->content().state, session.trace().steps[3].state);
        QCOMPARE(p->content().title, page.stepTitle()->text());
        QVERIFY(p->content().caption.contains(QString::fromStdString(session.trace().steps[3].step)));
        // Large: the grid is scaled up to the window, far above the page's own grid.
        p->resize(1920, 1080);
        QVERIFY(p->grid().style().scale > 1.5);
        QVERIFY(test::distinctColours(p->grab().toImage()) > 3);
        // The step keys step the trace while presenting, and the view follows.
        QTest::keyClick(p, Qt::Key_Right);
        QCOMPARE(session.currentStep(), 4);
        QCOMPARE(p->content().state, session.trace().steps[4].state);
        QTest::keyClick(p, Qt::Key_Escape);
        QVERIFY(!p->isVisible());
        QVERIFY(!page.presentationAction()->isChecked());
    }

    void allAsconBitsAreReachableByScrolling() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1000, 700);
        page.show();
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-p")));
        QCoreApplication::processEvents();
        gui::InputBitsView* bits = page.inputBits();
        QCOMPARE(int(bits->bytes().size()) * 8, 320);
        QScrollArea* area = bitsScrollOf(bits);
        QVERIFY(area != nullptr);
        // Squeeze the area: the view keeps 32 bits a line and every bit inside itself; the area scrolls.
        area->setFixedSize(300, 60);
        QCoreApplication::processEvents();
        QVERIFY(bits->width() >= bits->minimumSizeHint().width());
        QVERIFY2(bits->rect().contains(bits->bitRect(319)),
                 qPrintable(QStringLiteral("%1x%2").arg(bits->width()).arg(bits->height())));
        QVERIFY(area->verticalScrollBar()->maximum() > 0);
        QVERIFY(area->horizontalScrollBar()->maximum() > 0);
    }

    void keyboardFlipsTheRightBitOfTheRightField() {
        CipherSession session;
        RoundExplorerPage page(&session);
        QVERIFY(showActive(page));
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-128")));
        const int keyIndex = page.twinFieldBox()->findData(QStringLiteral("key"));
        QVERIFY(keyIndex >= 0);
        page.twinFieldBox()->setCurrentIndex(keyIndex);
        QCoreApplication::processEvents();
        QCOMPARE(session.flipField(), QStringLiteral("key"));
        gui::InputBitsView* bits = page.inputBits();
        QCOMPARE(int(bits->bytes().size()), 16);
        bits->setFocus();
        const int step = session.currentStep();
        const int perLine = bits->bitRect(32).top() > bits->bitRect(0).top() ? 32 : 64;
        QTest::keyClick(bits, Qt::Key_Home);
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(bits, Qt::Key_Right);
        QTest::keyClick(bits, Qt::Key_Down);
        QTest::keyClick(bits, Qt::Key_Left);
        QCOMPARE(bits->focusBit(), perLine + 2);
        QCOMPARE(session.currentStep(), step); // the arrows moved the focus bit, not the trace
        QTest::keyClick(bits, Qt::Key_Space);
        QCoreApplication::processEvents();
        QCOMPARE(session.flipField(), QStringLiteral("key"));
        QCOMPARE(session.flipBit(), perLine + 2);
        QCOMPARE(bits->selectedBit(), perLine + 2);
        QVERIFY(page.twinModeAction()->isChecked());
        QTest::keyClick(bits, Qt::Key_End);
        QTest::keyClick(bits, Qt::Key_Right); // clamped at the last bit
        QTest::keyClick(bits, Qt::Key_Return);
        QCOMPARE(session.flipBit(), 127);
    }

    void pageExportsTheStepAndRanges() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1200, 700);
        QVERIFY(session.setAlgorithm(QStringLiteral("skinny-64-64")));
        session.setCurrentStep(2);
        QTemporaryDir dir;
        QVERIFY(page.exportStepAction() != nullptr && page.exportStepsAction() != nullptr);
        QCOMPARE(page.exportCurrentStep(dir.filePath("s.png")), QString());
        QCOMPARE(page.exportCurrentStep(dir.filePath("s.svg")), QString());
        const QImage png(dir.filePath("s.png"));
        QVERIFY(!png.isNull());
        QCOMPARE(png, teach::renderStep(page.exportJob(2, 2), 2));
        QFile svg(dir.filePath("s.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().startsWith("<?xml"));
        QVERIFY(page.exportCurrentStep(dir.filePath("s.bmp")).contains(QLatin1String(".png or .svg")));
        const teach::ExportResult r = page.exportStepRange(dir.filePath("a.gif"), 0, 3);
        QVERIFY2(r.ok, qPrintable(r.error));
        QImageReader reader(dir.filePath("a.gif"));
        QCOMPARE(reader.imageCount(), 4);
        QFile gif(dir.filePath("a.gif"));
        QVERIFY(gif.open(QIODevice::ReadOnly));
        const test::gif::Gif g = test::gif::decodeGif(gif.readAll());
        QVERIFY2(g.ok(), g.error.c_str());
        QCOMPARE(int(g.frames.size()), 4);
        for (std::size_t i = 0; i < 4; ++i) { // the page's steps as drawn, in each frame's colours
            const std::string diff =
                test::gif::quantisedDifference(g.frames[i], teach::renderStep(page.exportJob(0, 3), i));
            QVERIFY2(diff.empty(), diff.c_str());
        }
        QVERIFY(!page.exportStepRange(dir.filePath("a.doc"), 0, 3).ok);
    }
};

QTEST_MAIN(TestTeaching)
#include "test_teaching.moc"
