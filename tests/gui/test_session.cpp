// CipherSession, the facade: validation runs nothing, recomputation is coalesced, the analysis runs
// off the GUI thread with coalesced progress, reports failures, and cancel works.
#include <QtTest>

#include <QElapsedTimer>

#include "ciphersession.h"
#include "guitestsupport.h"

using namespace rs;
using sessions::CipherSession;

class TestSession : public QObject {
    Q_OBJECT

  private slots:
    void startsWithTheSpecExample() {
        CipherSession s;
        QCOMPARE(QString::fromStdString(s.algorithm().id), QStringLiteral("ascon-p"));
        QVERIFY(s.inputsValid());
        QCOMPARE(s.stepCount(), 37);
        QVERIFY(test::sameSteps(s.trace(), test::referenceTrace("ascon-p")));
        QVERIFY(s.hasTwin());
    }

    void invalidInputRunsNothing() {
        CipherSession s;
        QVERIFY(s.setAlgorithm(QStringLiteral("skinny-64-128")));
        const int runs = s.traceRuns();
        const crypto::Trace trace = s.trace();
        QSignalSpy validity(&s, &CipherSession::inputValidityChanged);
        s.setInput(QStringLiteral("pt"), QStringLiteral("0011223344556677AA"));
        QCOMPARE(s.inputError(QStringLiteral("pt")), QStringLiteral("plaintext must be 8 bytes, got 9"));
        QCOMPARE(validity.count(), 1);
        QVERIFY(!s.inputsValid());
        s.recomputeNow(); // even when asked directly
        QTest::qWait(100);
        QCOMPARE(s.traceRuns(), runs);
        QVERIFY(test::sameSteps(s.trace(), trace));
        s.setInput(QStringLiteral("pt"), QStringLiteral("00 11 22 33 44 55 66 77")); // spaces are fine
        QVERIFY(s.inputsValid());
        QTRY_COMPARE(s.traceRuns(), runs + 1);
        QCOMPARE(s.inputBytes(QStringLiteral("pt")), crypto::fromHex("0011223344556677"));
    }

    void editsAreCoalesced() {
        CipherSession s;
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-128")));
        const int runs = s.traceRuns();
        for (const char* t : {"0", "00", "001", "0011", "00112233445566778899AABBCCDDEEFF"})
            s.setInput(QStringLiteral("pt"), QString::fromLatin1(t));
        QTRY_COMPARE(s.traceRuns(), runs + 1);
        QTest::qWait(100);
        QCOMPARE(s.traceRuns(), runs + 1);
    }

    void analysisFinishesOffTheGuiThread() {
        CipherSession s;
        QSignalSpy finished(&s, &CipherSession::diffusionFinished);
        QSignalSpy progress(&s, &CipherSession::diffusionProgress);
        analysis::DiffusionRequest r = s.defaultDiffusionRequest();
        QCOMPARE(QString::fromStdString(r.alg), QStringLiteral("ascon-p"));
        QCOMPARE(r.rounds, 12);
        r.samples = 3000;
        r.keepSac = true;
        QVERIFY(s.startDiffusion(r));
        QVERIFY(s.diffusionRunning());
        QVERIFY(!s.startDiffusion(r)); // one at a time
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(!s.diffusionRunning());
        QVERIFY(s.diffusionResult() != nullptr);
        QCOMPARE(s.diffusionResult()->rounds, 12);
        QVERIFY(!s.diffusionResult()->perRound.back().sac.empty());
        QVERIFY(progress.count() >= 2);
        QCOMPARE(progress.last().at(0).value<double>(), 1.0);
    }

    void cancelStopsTheAnalysis() {
        CipherSession s;
        QVERIFY(s.setAlgorithm(QStringLiteral("skinny-128-384")));
        QSignalSpy cancelled(&s, &CipherSession::diffusionCancelled);
        QSignalSpy finished(&s, &CipherSession::diffusionFinished);
        analysis::DiffusionRequest r = s.defaultDiffusionRequest();
        r.samples = analysis::kMaxDiffusionSamples; // minutes of work: only a working cancel ends it in time
        r.keepSac = true;
        QElapsedTimer clock;
        clock.start();
        QVERIFY(s.startDiffusion(r));
        QVERIFY(clock.elapsed() < 500); // the work runs on a worker, not in this call
        QTest::qWait(200);
        QVERIFY(s.diffusionRunning());
        s.cancelDiffusion();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 10000);
        QVERIFY(clock.elapsed() < 10000);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!s.diffusionRunning());
        QVERIFY(s.diffusionResult() == nullptr);
        // The session takes the next analysis afterwards.
        r.samples = 0;
        QVERIFY(s.startDiffusion(r));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    }

    void badRequestsFailWithAMessage() {
        CipherSession s;
        QSignalSpy failed(&s, &CipherSession::diffusionFailed);
        analysis::DiffusionRequest r;
        r.alg = "no-such-cipher";
        QVERIFY(s.startDiffusion(r));
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY(!failed.at(0).at(0).toString().isEmpty());
        QVERIFY(!s.diffusionRunning());
    }

    void destroyingARunningSessionIsSafe() {
        auto s = std::make_unique<CipherSession>();
        analysis::DiffusionRequest r = s->defaultDiffusionRequest();
        r.samples = analysis::kMaxDiffusionSamples;
        QVERIFY(s->startDiffusion(r));
        QTest::qWait(50);
        QElapsedTimer clock;
        clock.start();
        s.reset(); // cancels and waits
        QVERIFY(clock.elapsed() < 10000);
    }
};

QTEST_MAIN(TestSession)
#include "test_session.moc"
