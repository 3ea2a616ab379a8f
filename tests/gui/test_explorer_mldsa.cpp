// The Round Explorer with the ML-DSA NTT offscreen (issue 18): chosen in the algorithm box, stepped layer
// by layer (and butterfly by butterfly), drawn as 16 × 16 hex cells; a flipped input bit shows in the
// grid as 2^k differing coefficients after layer k; a flip or a coefficient that leaves Z_q is said, not
// run; the overlay that has no model here is disabled with its reason.
#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/explorer/diffusionpage.h"
#include "app/ui/explorer/inputbitsview.h"
#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/sidebysidepage.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/explorer/stepcontrols.h"
#include "core/crypto/mldsantt.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/diffusionsession.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;
using gui::RoundExplorerPage;
using sessions::CipherSession;

namespace {

// Coefficients (32-bit cells) of the grid with at least one highlighted bit.
int highlightedCoefficients(const gui::StateView& v) {
    int n = 0;
    for (int c = 0; c < 256; ++c) {
        bool any = false;
        for (int b = 0; b < 32 && !any; ++b)
            any = v.isHighlighted(32 * c + b);
        n += any ? 1 : 0;
    }
    return n;
}

QString twinSummary(const RoundExplorerPage& page) {
    return page.findChild<QLabel*>(QStringLiteral("twinSummary"))->text();
}

} // namespace

class TestExplorerMlDsa : public QObject {
    Q_OBJECT

  private slots:
    void layersTwinAndButterflies() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1300, 700);
        page.show();
        auto* box = page.inputPanel()->findChild<QComboBox*>(QStringLiteral("algorithm"));
        QVERIFY(box != nullptr);
        const int index = box->findData(QStringLiteral("mldsa-ntt"));
        QVERIFY(index >= 0);
        QCOMPARE(box->itemText(index), QStringLiteral("ML-DSA NTT"));
        box->setCurrentIndex(index);
        QCOMPARE(QString::fromStdString(session.algorithm().id), QStringLiteral("mldsa-ntt"));
        QCOMPARE(session.stepCount(), 9);
        // The grid: 16 × 16 coefficients, as hex cells (bits would not fit); no bit-move overlay.
        QCOMPARE(page.stateView()->geometry().rows, 16);
        QVERIFY(page.hexAction()->isChecked());
        QVERIFY(!page.hexAction()->isEnabled());
        QCOMPARE(page.stateView()->cellFormat(), gui::StateView::CellFormat::Hex);
        QVERIFY(!page.showMovesAction()->isEnabled());
        QVERIFY(page.showMovesAction()->toolTip().contains(QStringLiteral("mod q")));

        // Step through the layers: each shows the model's state and its layer.
        crypto::MlDsaPoly w{};
        for (std::size_t i = 0; i < 256; ++i)
            w[i] = static_cast<std::int32_t>(i);
        crypto::Trace ref;
        crypto::mldsaNttTraced(w, ref);
        gui::StepControls* c = page.stepControls();
        c->firstAction()->trigger();
        QCOMPARE(page.stateView()->displayedState(), ref.steps[0].state);
        for (int k = 1; k <= 8; ++k) {
            c->nextAction()->trigger();
            QCOMPARE(page.stateView()->displayedState(), ref.steps[static_cast<std::size_t>(k)].state);
            QVERIFY2(
                page.stepTitle()->text().contains(QStringLiteral("Layer %1 · Cooley–Tukey layer %1").arg(k)),
                qPrintable(page.stepTitle()->text()));
            QVERIFY2(page.stepExplanation()->text().contains(QStringLiteral("ζ = zetas[")),
                     qPrintable(page.stepExplanation()->text()));
        }

        // Flip the LSB of coefficient 5 by clicking it in the input bits: after layer k, 2^k coefficients
        // of the grid differ from the twin.
        emit page.inputBits()->bitClicked(32 * 5 + 31);
        QCOMPARE(session.flipBit(), 32 * 5 + 31);
        QVERIFY(session.hasTwin());
        QVERIFY(page.twinModeAction()->isChecked());
        for (int k = 0; k <= 8; ++k) {
            session.setCurrentStep(k);
            QCOMPARE(highlightedCoefficients(*page.stateView()), 1 << k);
            QVERIFY2(twinSummary(page).contains(QStringLiteral("<b>%1</b> of 256 coefficients").arg(1 << k)),
                     qPrintable(twinSummary(page)));
        }
        QVERIFY(twinSummary(page).contains(QStringLiteral("bit 0 of coefficient 5")));

        // The top bit of a coefficient would make it ≥ q: no twin, and the reason.
        emit page.inputBits()->bitClicked(32 * 5);
        QVERIFY(!session.hasTwin());
        QVERIFY2(twinSummary(page).contains(QStringLiteral("not below q = 8380417")),
                 qPrintable(twinSummary(page)));
        QCOMPARE(highlightedCoefficients(*page.stateView()), 0);

        // Butterfly by butterfly: 128 steps per layer before it, each explained with its numbers.
        session.setSubsteps(true);
        QCOMPARE(session.stepCount(), 1033);
        session.setCurrentStep(1);
        QVERIFY2(page.stepTitle()->text().contains(QStringLiteral("butterfly 1: (0, 128), ζ = 4808194")),
                 qPrintable(page.stepTitle()->text()));
        QVERIFY2(page.stepExplanation()->text().contains(QStringLiteral("w[0] ← w[0] + t")),
                 qPrintable(page.stepExplanation()->text()));
        session.setSubsteps(false);
        QCOMPARE(session.stepCount(), 9);

        // A coefficient ≥ q typed in: the field says which, nothing runs.
        const int runs = session.traceRuns();
        crypto::Bytes bytes = crypto::mldsaPolyToBytes(w);
        crypto::storeBe32(bytes.data() + 4 * 9, 8380417);
        gui::HexFieldEdit* field = page.inputPanel()->field(QStringLiteral("poly"));
        QVERIFY(field != nullptr);
        session.setInput(QStringLiteral("poly"), QString::fromStdString(crypto::toHex(bytes)));
        QTRY_VERIFY(field->error().contains(QStringLiteral("coefficient 9 is 8380417")));
        QTest::qWait(100);
        QCOMPARE(session.traceRuns(), runs);

        // Back to a cipher: hex and the overlay come back as they were.
        box->setCurrentIndex(box->findData(QStringLiteral("skinny-64-64")));
        QVERIFY(page.hexAction()->isEnabled());
        QVERIFY(!page.hexAction()->isChecked());
        QVERIFY(page.showMovesAction()->isEnabled());
    }

    void diffusionPageIsStructuralOnly() {
        CipherSession session;
        sessions::DiffusionSession diffusion;
        diffusion.followExplorer(&session);
        gui::DiffusionPage page(&session, &diffusion);
        QVERIFY(page.samplesBox()->isEnabled());
        page.samplesBox()->setValue(500);
        QVERIFY(session.setAlgorithm(QStringLiteral("mldsa-ntt")));
        QVERIFY(!page.samplesBox()->isEnabled());
        QVERIFY(page.samplesBox()->toolTip().contains(QStringLiteral("linear over Z_q")));
        QSignalSpy finished(&diffusion, &sessions::DiffusionSession::finished);
        QSignalSpy failed(&diffusion, &sessions::DiffusionSession::failed);
        page.runAnalysis();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count() + failed.count(), 1, 30000);
        QCOMPARE(failed.count(), 0);
        const auto result = diffusion.result();
        QVERIFY(result != nullptr);
        QCOMPARE(result->rounds, 8);
        QCOMPARE(result->samples, 0);
        QCOMPARE(result->fullDiffusionRound, 8);
        QVERIFY2(page.summaryLabel()->text().contains(QStringLiteral("ML-DSA NTT")),
                 qPrintable(page.summaryLabel()->text()));
        // A cipher again: the samples come back as the user left them.
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        QVERIFY(page.samplesBox()->isEnabled());
        QCOMPARE(page.samplesBox()->value(), 500);
    }

    void sideBySideFlipsAValidBit() {
        CipherSession left, right;
        gui::SideBySidePage page(&left, &right);
        page.resize(1300, 700);
        page.show();
        QVERIFY(left.setAlgorithm(QStringLiteral("mldsa-ntt")));
        page.copyLeftWithOneBitFlipped();
        QCOMPARE(QString::fromStdString(right.algorithm().id), QStringLiteral("mldsa-ntt"));
        QVERIFY2(right.hasTrace() && right.firstInputError().isEmpty(), qPrintable(right.firstInputError()));
        QCOMPARE(page.stateView(gui::SideBySidePage::Left)->cellFormat(), gui::StateView::CellFormat::Hex);
        // After layer 8 the one changed coefficient has reached all 256.
        page.setPosition(8);
        QVERIFY(page.comparison().comparable);
        QCOMPARE(highlightedCoefficients(*page.stateView(gui::SideBySidePage::Left)), 256);
        page.setPosition(3);
        QCOMPARE(highlightedCoefficients(*page.stateView(gui::SideBySidePage::Left)), 8);
    }

    void inverseEndsOnTheCountingPolynomial() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1300, 700);
        page.show();
        QVERIFY(session.setAlgorithm(QStringLiteral("mldsa-intt")));
        QCOMPARE(session.stepCount(), 10);
        page.stepControls()->lastAction()->trigger();
        crypto::MlDsaPoly w{};
        for (std::size_t i = 0; i < 256; ++i)
            w[i] = static_cast<std::int32_t>(i);
        QCOMPARE(page.stateView()->displayedState(), crypto::mldsaPolyToBytes(w));
        QVERIFY(page.stepExplanation()->text().contains(QStringLiteral("256⁻¹ = 8347681")));
    }
};

QTEST_MAIN(TestExplorerMlDsa)
#include "test_explorer_mldsa.moc"
