// The Workbench without a window: it owns the sessions and glues them, session to session, in bytes:
// the explorer's inputs captured on the IP core that claims the algorithm (one call to the IP facade,
// whatever the core), each IP run's clocks to the waveform session, and a notice (never a widget) when a
// capture cannot run; the diffusion analysis cancelled when the explorer's algorithm or rounds change.
#include <QtTest>

#include <QSignalSpy>

#include "app/ui/window/workbench.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/diffusionsession.h"
#include "hw/ip/ipcores.h"
#include "hw/session/ipsession.h"
#include "hw/session/waveformsession.h"
#include "tests/hw/toyip/toyipcore.h"

using namespace rs;

class TestWorkbench : public QObject {
    Q_OBJECT

  private slots:
    void capturesTheExplorersBytesOnTheAsconIp() {
        gui::Workbench bench(false);
        auto* cipher = bench.cipher();
        QVERIFY(cipher->setAlgorithm(QStringLiteral("ascon-aead128")));
        // Spaces in the explorer's text: the IP gets the bytes, not the text.
        cipher->setInput(QStringLiteral("nonce"),
                         QStringLiteral("00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF"));
        cipher->randomizeInput(QStringLiteral("key"));
        cipher->recomputeNow();
        QSignalSpy started(&bench, &gui::Workbench::captureStarted);
        QSignalSpy stored(bench.waveforms(), &hw::WaveformSession::storeChanged);
        QVERIFY(bench.captureExplorerInputs());
        QCOMPARE(started.count(), 1);
        QCOMPARE(started.front().at(0).toString(), QStringLiteral("ascon"));
        QTRY_COMPARE_WITH_TIMEOUT(stored.count(), 1, 60000);
        QVERIFY(bench.waveforms()->isIpCapture());
        const hw::IpSessionResult& r = bench.ip()->lastResult();
        QCOMPARE(r.operation, QStringLiteral("ascon-aead128"));
        QCOMPARE(r.inputs.key, cipher->inputBytes(QStringLiteral("key")));
        QCOMPARE(r.inputs.nonce, cipher->inputBytes(QStringLiteral("nonce")));
        QCOMPARE(r.inputs.ad, cipher->inputBytes(QStringLiteral("ad")));
        QCOMPARE(r.inputs.message, cipher->inputBytes(QStringLiteral("pt")));
        QVERIFY(r.matchesModel);
        // The IP encrypted what the explorer traced: the same ciphertext and tag.
        QCOMPARE(QString::fromStdString(crypto::toHex(r.run.output)), cipher->outputHex() + cipher->tagHex());
        QVERIFY(bench.waveforms()->exactLinks() > 20); // the trace glue: the explorer's steps are linked
        // The capture runs at the Ascon core's current settings (the IP page's rounds per clock).
        QVERIFY(bench.ip()->setSettings(QStringLiteral("ascon"), {{"unroll", 6}}));
        QVERIFY(bench.captureExplorerInputs());
        QTRY_COMPARE_WITH_TIMEOUT(stored.count(), 2, 60000);
        QCOMPARE(bench.ip()->lastResult().settings.at("unroll"), 6);
        QVERIFY(bench.ip()->lastResult().matchesModel);
    }

    void aCoreRegisteredAtRunTimeIsCapturedWithNoChangeHere() {
        // The toy core claims SKINNY-128-128 in ECB: its one registration is all the capture needs.
        hw::registerIpCore("toy", test::makeToyIpCore);
        {
            gui::Workbench bench(false);
            auto* cipher = bench.cipher();
            QVERIFY(cipher->setAlgorithm(QStringLiteral("skinny-128-128")));
            cipher->randomizeInput(QStringLiteral("pt"));
            cipher->recomputeNow();
            QSignalSpy done(bench.ip(), &hw::IpSession::finished);
            QSignalSpy started(&bench, &gui::Workbench::captureStarted);
            QVERIFY(bench.captureExplorerInputs());
            QCOMPARE(started.front().at(0).toString(), QStringLiteral("toy"));
            QVERIFY(done.wait(20000));
            const auto r = done.front().at(0).value<hw::IpSessionResult>();
            QCOMPARE(r.operation, QString::fromLatin1(test::kToyIpOperation));
            QCOMPARE(r.inputs.key, cipher->inputBytes(QStringLiteral("key")));
            QVERIFY(r.matchesModel);
            QCOMPARE(r.run.output, crypto::fromHex(cipher->outputHex().toStdString()));
        }
        hw::registerIpCore("toy", {});
    }

    void capturesABlockCipherOnItsCoreAtOneRoundPerClock() {
        gui::Workbench bench(false);
        auto* cipher = bench.cipher();
        QVERIFY(cipher->setAlgorithm(QStringLiteral("skinny-128-256")));
        cipher->randomizeInput(QStringLiteral("pt"));
        cipher->recomputeNow();
        QSignalSpy done(bench.ip(), &hw::IpSession::finished);
        QSignalSpy started(&bench, &gui::Workbench::captureStarted);
        QVERIFY(bench.captureExplorerInputs());
        QCOMPARE(started.front().at(0).toString(), QStringLiteral("block"));
        QVERIFY(done.wait(20000));
        const auto r = done.front().at(0).value<hw::IpSessionResult>();
        QCOMPARE(r.operation, QStringLiteral("skinny-128-256-ecb"));
        QCOMPARE(r.settings.at("unroll"), 1);
        QCOMPARE(r.inputs.key, cipher->inputBytes(QStringLiteral("key")));
        QCOMPARE(r.inputs.message, cipher->inputBytes(QStringLiteral("pt")));
        QVERIFY(r.matchesModel);
        QCOMPARE(r.run.output, crypto::fromHex(cipher->outputHex().toStdString()));
        QTRY_VERIFY(bench.waveforms()->exactLinks() > 0);
    }

    void saysWhyWhenACaptureCannotRun() {
        gui::Workbench bench(false);
        QSignalSpy notices(&bench, &gui::Workbench::notice);
        QSignalSpy started(&bench, &gui::Workbench::captureStarted);
        QVERIFY(bench.cipher()->setAlgorithm(QStringLiteral("skinny-64-64"))); // no core runs it
        QVERIFY(!bench.captureExplorerInputs());
        QVERIFY(notices.back().at(0).toString().contains(QStringLiteral("SKINNY-128-256")));
        QVERIFY(bench.cipher()->setAlgorithm(QStringLiteral("ascon-128")));
        bench.cipher()->setInput(QStringLiteral("key"), QStringLiteral("00"));
        QVERIFY(!bench.captureExplorerInputs());
        QVERIFY(notices.back().at(0).toString().contains(QStringLiteral("key must be 16 bytes")));
        QCOMPARE(started.count(), 0);
        QCOMPARE(bench.ip()->runsStarted(), 0);
    }

    void theExplorersChangesCancelItsAnalysisButNotTheSideOnes() {
        // The diffusion session follows the explorer (cipher()), not the Side by side page's second run.
        gui::Workbench bench(false);
        sessions::DiffusionSession* diffusion = bench.diffusion();
        QSignalSpy cancelled(diffusion, &sessions::DiffusionSession::cancelled);
        QVERIFY(bench.cipher()->setAlgorithm(QStringLiteral("skinny-128-384")));
        analysis::DiffusionRequest slow = bench.cipher()->defaultDiffusionRequest();
        slow.samples = analysis::kMaxDiffusionSamples;
        QVERIFY(diffusion->start(slow));
        QVERIFY(bench.sideCipher()->setAlgorithm(QStringLiteral("lea-128")));
        bench.sideCipher()->setRounds(5);
        QVERIFY(!diffusion->cancelling());
        bench.cipher()->setRounds(20);
        QVERIFY(diffusion->cancelling());
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 10000);
    }
};

QTEST_MAIN(TestWorkbench)
#include "test_workbench.moc"
