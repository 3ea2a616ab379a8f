// CipherSession and DiffusionSession, the facades: validation runs nothing, recomputation is coalesced, the
// analysis runs off the GUI thread with coalesced progress, reports failures, and cancel works.
#include <QtTest>

#include <QElapsedTimer>

#include "core/sessions/ciphersession.h"
#include "core/sessions/diffusionsession.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;
using sessions::CipherSession;
using sessions::DiffusionSession;

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
        DiffusionSession d;
        d.followExplorer(&s);
        QSignalSpy finished(&d, &DiffusionSession::finished);
        QSignalSpy progress(&d, &DiffusionSession::progress);
        analysis::DiffusionRequest r = s.defaultDiffusionRequest();
        QCOMPARE(QString::fromStdString(r.alg), QStringLiteral("ascon-p"));
        QCOMPARE(r.rounds, 12);
        r.samples = 3000;
        r.keepSac = true;
        QVERIFY(d.start(r));
        QVERIFY(d.running());
        QVERIFY(!d.start(r)); // one at a time
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(!d.running());
        QVERIFY(d.result() != nullptr);
        QCOMPARE(d.result()->rounds, 12);
        QVERIFY(!d.result()->perRound.back().sac.empty());
        QVERIFY(progress.count() >= 2);
        QCOMPARE(progress.last().at(0).value<double>(), 1.0);
    }

    void cancelStopsTheAnalysis() {
        CipherSession s;
        DiffusionSession d;
        d.followExplorer(&s);
        QVERIFY(s.setAlgorithm(QStringLiteral("skinny-128-384")));
        QSignalSpy cancelled(&d, &DiffusionSession::cancelled);
        QSignalSpy finished(&d, &DiffusionSession::finished);
        analysis::DiffusionRequest r = s.defaultDiffusionRequest();
        r.samples = analysis::kMaxDiffusionSamples; // minutes of work: only a working cancel ends it in time
        r.keepSac = true;
        QElapsedTimer clock;
        clock.start();
        QVERIFY(d.start(r));
        QVERIFY(clock.elapsed() < 500); // the work runs on a worker, not in this call
        QTest::qWait(200);
        QVERIFY(d.running());
        d.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 10000);
        QVERIFY(clock.elapsed() < 10000);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!d.running());
        QVERIFY(d.result() == nullptr);
        // The session takes the next analysis afterwards.
        r.samples = 0;
        QVERIFY(d.start(r));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    }

    void badRequestsFailWithAMessage() {
        CipherSession s;
        DiffusionSession d;
        d.followExplorer(&s);
        QSignalSpy failed(&d, &DiffusionSession::failed);
        analysis::DiffusionRequest r;
        r.alg = "no-such-cipher";
        QVERIFY(d.start(r));
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY(!failed.at(0).at(0).toString().isEmpty());
        QVERIFY(!d.running());
    }

    void changingAlgorithmOrRoundsCancelsTheAnalysis() {
        CipherSession s;
        DiffusionSession d;
        d.followExplorer(&s);
        QVERIFY(s.setAlgorithm(QStringLiteral("skinny-128-384")));
        QSignalSpy cancelled(&d, &DiffusionSession::cancelled);
        QSignalSpy finished(&d, &DiffusionSession::finished);
        analysis::DiffusionRequest r = s.defaultDiffusionRequest();
        r.samples = analysis::kMaxDiffusionSamples;
        QVERIFY(d.start(r));
        s.setRounds(20);
        QVERIFY(d.cancelling());
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 10000);
        // Even a structural-only run that may already be done counts as cancelled once the
        // algorithm changes before its result is delivered.
        QVERIFY(d.start(s.defaultDiffusionRequest()));
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-128")));
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 2, 10000);
        QCOMPARE(finished.count(), 0);
        QVERIFY(d.result() == nullptr);
    }

    void aResultKnowsWhetherItIsCurrent() {
        CipherSession s;
        DiffusionSession d;
        d.followExplorer(&s);
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-128")));
        QSignalSpy finished(&d, &DiffusionSession::finished);
        QVERIFY(d.start(s.defaultDiffusionRequest()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY(d.resultMatches(s.defaultDiffusionRequest()));
        s.setRounds(10);
        QVERIFY(!d.resultMatches(s.defaultDiffusionRequest()));
        s.setRounds(24);
        QVERIFY(d.resultMatches(s.defaultDiffusionRequest()));
        QVERIFY(s.setAlgorithm(QStringLiteral("lea-256")));
        QVERIFY(!d.resultMatches(s.defaultDiffusionRequest()));
    }

    void analyzeRightAfterCancelIsQueued() {
        CipherSession s;
        DiffusionSession d;
        d.followExplorer(&s);
        QVERIFY(s.setAlgorithm(QStringLiteral("skinny-128-384")));
        QSignalSpy started(&d, &DiffusionSession::started);
        QSignalSpy cancelled(&d, &DiffusionSession::cancelled);
        QSignalSpy finished(&d, &DiffusionSession::finished);
        analysis::DiffusionRequest slow = s.defaultDiffusionRequest();
        slow.samples = analysis::kMaxDiffusionSamples;
        QVERIFY(d.start(slow));
        analysis::DiffusionRequest quick = s.defaultDiffusionRequest();
        quick.rounds = 5;
        QVERIFY(!d.start(quick)); // running, not cancelled: refused
        QVERIFY(!d.queued());
        d.cancel();
        QVERIFY(d.start(quick)); // Esc then F5: queued, not lost
        QVERIFY(d.queued());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(cancelled.count(), 1);
        QCOMPARE(started.count(), 2);
        QVERIFY(!d.queued());
        QCOMPARE(d.result()->rounds, 5);
        QCOMPARE(d.request().rounds, 5);
    }

    void theAnalysisRunsWithoutAnExplorer() {
        // DiffusionSession is its own facade: no explorer run is needed to analyse, cancel and analyse
        // again, and an explorer it does not follow changes nothing in it.
        DiffusionSession d;
        QSignalSpy cancelled(&d, &DiffusionSession::cancelled);
        QSignalSpy finished(&d, &DiffusionSession::finished);
        analysis::DiffusionRequest slow;
        slow.alg = "skinny-128-384";
        slow.samples = analysis::kMaxDiffusionSamples;
        QVERIFY(d.start(slow));
        CipherSession unfollowed;
        QVERIFY(unfollowed.setAlgorithm(QStringLiteral("lea-128")));
        unfollowed.setRounds(5);
        QVERIFY(d.running());
        QVERIFY(!d.cancelling());
        d.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 10000);
        analysis::DiffusionRequest lea;
        lea.alg = "lea-128";
        lea.field = analysis::Field::Plaintext;
        lea.rounds = 3;
        QVERIFY(d.start(lea));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(d.result()->rounds, 3);
        QVERIFY(d.resultMatches(lea));
        lea.rounds = 4;
        QVERIFY(!d.resultMatches(lea));
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
        CipherSession explorer;
        auto d = std::make_unique<DiffusionSession>();
        d->followExplorer(&explorer);
        analysis::DiffusionRequest r = explorer.defaultDiffusionRequest();
        r.samples = analysis::kMaxDiffusionSamples;
        QVERIFY(d->start(r));
        QTest::qWait(50);
        QElapsedTimer clock;
        clock.start();
        d.reset(); // cancels and waits
        QVERIFY(clock.elapsed() < 10000);
    }
};

QTEST_MAIN(TestSession)
#include "test_session.moc"
