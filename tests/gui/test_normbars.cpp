// ML-DSA signing in the Round Explorer (issue 35): the attempt's checks drawn as bars against their bounds.
// Stepping through a signing run fills the bars of the attempt in Algorithm 7's order, the rejecting check
// is red and named in the summary, the final attempt passes all four, the bars hide for other algorithms,
// and the page still fits 1366 × 768. Set RS_EXPLORER_SHOTS=<prefix> to write a screenshot.
#include <QtTest>

#include <QLabel>

#include "app/ui/explorer/normbars.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "core/sessions/ciphersession.h"
#include "core/teach/mldsasignsteps.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;
using gui::NormBars;
using gui::RoundExplorerPage;
using sessions::CipherSession;

class TestNormBars : public QObject {
    Q_OBJECT

  private slots:
    void barsFollowTheAttemptsChecks() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1366, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto* bars = page.findChild<NormBars*>(QStringLiteral("normBars"));
        QVERIFY(bars != nullptr);
        QVERIFY(session.setAlgorithm(QStringLiteral("mldsa-65-sign")));
        session.recomputeNow();
        QApplication::processEvents();
        QVERIFY(session.hasTrace());
        const crypto::Trace& t = session.trace();
        int attempts = 0;
        for (const auto& s : t.steps)
            attempts = std::max(attempts, s.round);
        QVERIFY2(attempts >= 2, "the example input should loop at least once to show a rejection");

        // The first step of attempt 1: visible, nothing reached yet.
        int first = -1;
        for (int i = 0; i < static_cast<int>(t.steps.size()) && first < 0; ++i)
            if (t.steps[static_cast<std::size_t>(i)].round == 1) first = i;
        session.setCurrentStep(first);
        QApplication::processEvents();
        QVERIFY(bars->isVisible());
        QCOMPARE(bars->attempt(), 1);
        QCOMPARE(static_cast<int>(bars->bars().size()), 4);
        for (const auto& b : bars->bars())
            QVERIFY(!b.reached);

        // Every check step: the bar of its check holds the step's numbers, and the summary names a rejection.
        for (int i = 0; i < static_cast<int>(t.steps.size()); ++i) {
            const auto c = teach::mldsaSignCheckOf(t.steps[static_cast<std::size_t>(i)]);
            if (!c) continue;
            session.setCurrentStep(i);
            QApplication::processEvents();
            QCOMPARE(bars->attempt(), t.steps[static_cast<std::size_t>(i)].round);
            bool found = false;
            for (const auto& b : bars->bars())
                if (b.what == c->what) {
                    found = true;
                    QVERIFY(b.reached);
                    QCOMPARE(b.value, c->value);
                    QCOMPARE(b.bound, c->bound);
                    QCOMPARE(b.passed, c->passed);
                }
            QVERIFY(found);
            if (!c->passed)
                QVERIFY2(bars->summary().contains(QStringLiteral("rejected")), qPrintable(bars->summary()));
        }
        // The last step: all four passed.
        session.setCurrentStep(static_cast<int>(t.steps.size()) - 1);
        QApplication::processEvents();
        QCOMPARE(bars->attempt(), attempts);
        for (const auto& b : bars->bars()) {
            QVERIFY(b.reached);
            QVERIFY(b.passed);
        }
        QVERIFY(bars->summary().contains(QStringLiteral("signature")));
        // The header counts attempts, not the NTT's layers.
        auto* title = page.findChild<QLabel*>(QStringLiteral("stepTitle"));
        QVERIFY(title != nullptr);
        QVERIFY2(title->text().startsWith(QStringLiteral("Attempt %1 · check hints").arg(attempts)),
                 qPrintable(title->text()));
        if (const QByteArray shots = qgetenv("RS_EXPLORER_SHOTS"); !shots.isEmpty())
            page.grab().save(QString::fromUtf8(shots) + QStringLiteral("-mldsa-sign.png"));
        // The page still fits the small screen.
        QVERIFY2(page.minimumSizeHint().height() <= 700,
                 qPrintable(QString::number(page.minimumSizeHint().height())));

        // Another algorithm: no bars.
        QVERIFY(session.setAlgorithm(QStringLiteral("mldsa-ntt")));
        session.recomputeNow();
        QApplication::processEvents();
        QVERIFY(!bars->isVisible());
    }
};

QTEST_MAIN(TestNormBars)
#include "test_normbars.moc"
