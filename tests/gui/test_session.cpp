// CipherSession, the facade: validation runs nothing, recomputation is coalesced, the analysis runs
// off the GUI thread with coalesced progress, reports failures, and cancel works.
#include <QtTest>

#include <QElapsedTimer>

#include "core/sessions/ciphersession.h"
#include "tests/gui/guitestsupport.h"

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

    void changingAlgorithmOrRoundsCancelsTheAnalysis() {
        CipherSession s;
        QVERIFY(s.setAlgorithm(QStringLiteral("skinny-128-384")));
        QSignalSpy cancelled(&s, &CipherSession::diffusionCancelled);
        QSignalSpy finished(&s, &CipherSession::diffusionFinished);
        analysis::DiffusionRequest r = s.defaultDiffusionRequest();
        r.samples = analysis::kMaxDiffusionSamples;
        QVERIFY(s.startDiffusion(r));
        s.setRounds(20);
        QVERIFY(s.diffusionCancelling());
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 10000);
        // Even a structural-only run that may already be done counts as cancelled once the
        // algorithm changes before its result is delivered.
        QVERIFY(s.startDiffusion(s.defaultDiffusionRequest()));
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-128")));
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 2, 10000);
        QCOMPARE(finished.count(), 0);
        QVERIFY(s.diffusionResult() == nullptr);
    }

    void aResultKnowsWhetherItIsCurrent() {
        CipherSession s;
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-128")));
        QSignalSpy finished(&s, &CipherSession::diffusionFinished);
        QVERIFY(s.startDiffusion(s.defaultDiffusionRequest()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY(s.diffusionResultIsCurrent());
        s.setRounds(10);
        QVERIFY(!s.diffusionResultIsCurrent());
        s.setRounds(24);
        QVERIFY(s.diffusionResultIsCurrent());
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-256")));
        QVERIFY(!s.diffusionResultIsCurrent());
    }

    void analyzeRightAfterCancelIsQueued() {
        CipherSession s;
        QVERIFY(s.setAlgorithm(QStringLiteral("skinny-128-384")));
        QSignalSpy started(&s, &CipherSession::diffusionStarted);
        QSignalSpy cancelled(&s, &CipherSession::diffusionCancelled);
        QSignalSpy finished(&s, &CipherSession::diffusionFinished);
        analysis::DiffusionRequest slow = s.defaultDiffusionRequest();
        slow.samples = analysis::kMaxDiffusionSamples;
        QVERIFY(s.startDiffusion(slow));
        analysis::DiffusionRequest quick = s.defaultDiffusionRequest();
        quick.rounds = 5;
        QVERIFY(!s.startDiffusion(quick)); // running, not cancelled: refused
        QVERIFY(!s.diffusionQueued());
        s.cancelDiffusion();
        QVERIFY(s.startDiffusion(quick)); // Esc then F5: queued, not lost
        QVERIFY(s.diffusionQueued());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(cancelled.count(), 1);
        QCOMPARE(started.count(), 2);
        QVERIFY(!s.diffusionQueued());
        QCOMPARE(s.diffusionResult()->rounds, 5);
        QCOMPARE(s.diffusionRequest().rounds, 5);
    }

    void theFlippedBitStaysInsideItsField() {
        CipherSession s;
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-256")));
        s.setFlip(QStringLiteral("key"), 200);
        QCOMPARE(s.flipBit(), 200);
        QVERIFY(s.hasTwin());
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-128"))); // the key is 128 bits here
        QCOMPARE(s.flipField(), QStringLiteral("key"));
        QCOMPARE(s.flipBit(), 127);
        QVERIFY(s.hasTwin());
        QVERIFY(s.twinError().isEmpty());
        s.setFlip(QStringLiteral("key"), 500);
        QCOMPARE(s.flipBit(), 127);

        // Variable-length fields: empty, then out of range after shortening; distinct messages.
        QVERIFY(s.setAlgorithm(QStringLiteral("ascon-aead128")));
        s.setInput(QStringLiteral("ad"), QString());
        s.recomputeNow();
        s.setFlip(QStringLiteral("ad"), 3);
        QCOMPARE(s.flipBit(), 0);
        QVERIFY(!s.hasTwin());
        const QString empty = s.twinError();
        QVERIFY2(empty.contains(QStringLiteral("empty")), qPrintable(empty));
        s.setInput(QStringLiteral("ad"), QStringLiteral("30313233"));
        s.recomputeNow();
        s.setFlip(QStringLiteral("ad"), 40);
        QCOMPARE(s.flipBit(), 31);
        QVERIFY(s.hasTwin());
        QCOMPARE(static_cast<int>(s.twinFlips().size()), s.stepCount());
        s.setInput(QStringLiteral("ad"), QStringLiteral("30"));
        s.recomputeNow();
        QVERIFY(!s.hasTwin());
        const QString outside = s.twinError();
        QVERIFY2(outside.contains(QStringLiteral("bit 31 is outside")), qPrintable(outside));
        QVERIFY(outside != empty);
    }

    void aeadKeyAndNonceBitsMatchTheAnalysis() {
        // The explorer flips a key/nonce bit and the model loads it; the diffusion analysis of the same
        // variant must start from exactly that state bit (Ascon-AEAD128 loads words little-endian).
        for (const char* id : {"ascon-128", "ascon-128a", "ascon-aead128"}) {
            CipherSession s;
            QVERIFY(s.setAlgorithm(QString::fromLatin1(id)));
            QCOMPARE(QString::fromStdString(s.defaultDiffusionRequest().alg), QString::fromLatin1(id));
            for (const char* field : {"key", "nonce"}) {
                for (const int f : {0, 5, 9, 63, 64, 100, 127}) {
                    s.setFlip(QString::fromLatin1(field), f);
                    QVERIFY(s.hasTwin());
                    QCOMPARE(s.twinFlips().front(), 1); // the initial state differs in one bit
                    const auto& a = s.trace().steps.front().state;
                    const auto& b = s.twinTrace().steps.front().state;
                    int stateBit = -1;
                    for (int i = 0; i < 320; ++i)
                        if (((a[i / 8] ^ b[i / 8]) >> (7 - i % 8)) & 1) stateBit = i;
                    analysis::DiffusionRequest r = s.defaultDiffusionRequest();
                    QCOMPARE(r.field, s.algorithm().field(field)->analysisField);
                    r.firstBit = r.lastBit = f;
                    r.rounds = 1;
                    analysis::DiffusionRequest direct;
                    direct.alg = "ascon-p";
                    direct.field = analysis::Field::State;
                    direct.firstBit = direct.lastBit = stateBit;
                    direct.rounds = 1;
                    QVERIFY2(analysis::analyzeDiffusion(r).perRound[0].dependentBits ==
                                 analysis::analyzeDiffusion(direct).perRound[0].dependentBits,
                             qPrintable(QStringLiteral("%1 %2 bit %3").arg(id, field).arg(f)));
                }
            }
        }
    }

    void hexPositionsCountCharacters() {
        // core/inputs' rules (test_inputs); through the session the text comes from a QString: the same
        // character positions.
        CipherSession s;
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-128")));
        s.setInput(QStringLiteral("key"), QStringLiteral("00\u00A011\u00A0z"));
        QCOMPARE(s.inputError(QStringLiteral("key")),
                 QStringLiteral("key: 'z' at position 7 is not a hex digit"));
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
