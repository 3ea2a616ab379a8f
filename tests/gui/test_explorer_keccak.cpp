// The Round Explorer with Keccak-f[1600] offscreen at 1366x768 (issue 35): chosen in the algorithm box, its
// 121 steps named as FIPS 202 names them, its 5x5 lanes drawn as 16-digit hex cells that all fit the view
// without scrolling (the bit view may scroll), each cell the lane's value; a screenshot for the README; the
// sub-steps of θ, ρ and χ.
#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QScrollBar>

#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/explorer/statezoomarea.h"
#include "core/crypto/keccak.h"
#include "core/sessions/ciphersession.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;

class TestExplorerKeccak : public QObject {
    Q_OBJECT

  private slots:
    void lanesFitAt1366x768() {
        sessions::CipherSession session;
        gui::RoundExplorerPage page(&session);
        page.resize(1366, 768);
        page.show();
        auto* box = page.inputPanel()->findChild<QComboBox*>(QStringLiteral("algorithm"));
        QVERIFY(box != nullptr);
        const int index = box->findData(QStringLiteral("keccak-f1600"));
        QVERIFY(index >= 0);
        box->setCurrentIndex(index);
        QCOMPARE(session.stepCount(), 1 + 24 * 5);
        page.hexAction()->setChecked(true);
        session.setCurrentStep(5); // round 1's ι: RC[0] in lane (0, 0)
        QApplication::processEvents();
        gui::StateView* v = page.stateView();
        QCOMPARE(v->geometry().rows, 5);
        QCOMPARE(v->geometry().rowBits, 320);
        // All 25 lanes inside the visible viewport, none clipped, and no horizontal scrolling needed.
        const QRect visible = page.stateArea()->viewport()->rect();
        QCOMPARE(page.stateArea()->horizontalScrollBar()->maximum(), 0);
        const teach::StateGrid g = v->grid();
        crypto::KeccakState a = crypto::keccakStateFromBytes(v->displayedState());
        for (int y = 0; y < 5; ++y)
            for (int x = 0; x < 5; ++x) {
                const QRectF r = v->unitRectAt(y, x);
                QVERIFY2(QRectF(visible).contains(r), qPrintable(QStringLiteral("lane %1,%2").arg(x).arg(y)));
                QCOMPARE(g.unitText(y, x, false),
                         QStringLiteral("%1")
                             .arg(a[static_cast<std::size_t>(x + 5 * y)], 16, 16, QLatin1Char('0'))
                             .toUpper());
            }
        QCOMPARE(g.unitText(0, 0, false), QStringLiteral("0000000000000001"));
        QVERIFY2(page.stepExplanation()->text().contains(QStringLiteral("RC[0]")),
                 qPrintable(page.stepExplanation()->text()));
        // The bit view: 1600 bits, every one drawn once.
        page.hexAction()->setChecked(false);
        QApplication::processEvents();
        QCOMPARE(v->grid().unitsPerRow(), 320);
        page.hexAction()->setChecked(true);
        session.setCurrentStep(11); // round 3's θ
        QApplication::processEvents();
        const QString out = qEnvironmentVariable("RS_KECCAK_SHOT");
        if (!out.isEmpty()) QVERIFY(page.grab().save(out));
    }

    // The Sub-steps action: θ a sheet, ρ and χ a plane at a time (17 steps a round), the twin too, the same
    // round on view, each sub-step explained; off again gives the 121 steps back.
    void substepsSplitThetaRhoAndChi() {
        sessions::CipherSession session;
        gui::RoundExplorerPage page(&session);
        page.resize(1366, 768);
        page.show();
        QVERIFY(session.setAlgorithm(QStringLiteral("keccak-f1600")));
        session.recomputeNow();
        QCOMPARE(session.stepCount(), 1 + 24 * 5);
        session.setCurrentStep(7); // round 2's ρ
        auto* substeps = page.findChild<QAction*>(QStringLiteral("substeps"));
        QVERIFY(substeps != nullptr);
        QVERIFY(substeps->text().contains(QStringLiteral("Keccak")));
        substeps->trigger();
        QCOMPARE(session.stepCount(), 1 + 24 * 17);
        QCOMPARE(session.step(session.currentStep())->round, 2);
        QCOMPARE(session.twinTrace().steps.size(), static_cast<std::size_t>(session.stepCount()));
        QCOMPARE(QString::fromStdString(session.step(1)->step), QStringLiteral("θ theta, sheet x=0"));
        QCOMPARE(QString::fromStdString(session.step(6)->step), QStringLiteral("ρ rho, plane y=0"));
        QCOMPARE(QString::fromStdString(session.step(11)->step), QStringLiteral("π pi"));
        session.setCurrentStep(13); // χ on plane y = 1
        QApplication::processEvents();
        QVERIFY2(page.stepExplanation()->text().contains(QStringLiteral("plane y=1")),
                 qPrintable(page.stepExplanation()->text()));
        substeps->trigger();
        QCOMPARE(session.stepCount(), 1 + 24 * 5);
    }
};

QTEST_MAIN(TestExplorerKeccak)
#include "test_explorer_keccak.moc"
