// The Round Explorer's layer <-> clock link for the ML-DSA unit (issue 18). Session level: the explorer's
// default polynomial run on the Verilated unit through the IP facade (IpSession), its capture and the
// explorer's trace in a WaveformSession: the NTT's 9 steps at the START clock and at each layer's last write
// (expected clocks from mldsaIpCycles and the 128/B issue clocks per layer, not typed in), NTT^-1's inner
// layers inexact with the reason, butterflies at their own write clocks, rtlState empty, mismatched pairs
// refused with a reason. Window level: ML-DSA NTT chosen in the explorer, captured through the Workbench,
// stepping moves the waveform cursor to the linked clock and the Model-vs-RTL panel says it compares nothing.
#include <QtTest>

#include <QLabel>
#include <QSignalSpy>

#include "app/ui/ip/mldsaippanel.h"
#include "app/ui/ip/rtlstatepanel.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "app/ui/window/mainwindow.h"
#include "app/ui/window/workbench.h"
#include "core/sessions/ciphersession.h"
#include "hw/ip/mldsa/mldsaip.h"
#include "hw/ip/mldsa/mldsalanes.h"
#include "hw/session/ipsession.h"
#include "hw/session/waveformsession.h"

using namespace rs;

namespace {

constexpr int kB = 2;
constexpr waveform::Tick kLayerClocks = 128 / kB;

/** What a test reads of one run on the unit. */
struct UnitRun {
    bool matchesModel = false;
    std::shared_ptr<const waveform::WaveformStore> capture;
    std::optional<hw::MlDsaLanes> lanes; ///< the lanes of the capture
    std::uint64_t coreCycles = 0;
};

/** The unit's run of `op` on the explorer's current polynomial (through the IP facade). */
UnitRun runOnUnit(const QString& op, const sessions::CipherSession& cipher) {
    hw::IpSession unit;
    QSignalSpy done(&unit, &hw::IpSession::finished);
    QString error;
    if (!unit.run({op, {{}, {}, {}, cipher.inputBytes(QStringLiteral("poly"))}, {{"butterflies", kB}}},
                  &error))
        qFatal("the unit did not start: %s", qPrintable(error));
    if (!done.wait(60000)) qFatal("the unit did not finish");
    const auto r = done.front().at(0).value<hw::IpSessionResult>();
    return {r.matchesModel, r.capture, hw::extractMlDsaLanes(*r.capture), r.run.coreClocks};
}

} // namespace

class TestMlDsaLink : public QObject {
    Q_OBJECT

  private slots:
    void nttOfTheDefaultPolynomialLinksNineStepsToTheLayersLastWrites() {
        sessions::CipherSession cipher;
        QVERIFY(cipher.setAlgorithm(QStringLiteral("mldsa-ntt")));
        cipher.recomputeNow();
        QCOMPARE(cipher.stepCount(), 9);
        const UnitRun r = runOnUnit(QStringLiteral("mldsa-ntt"), cipher);
        QVERIFY(r.matchesModel);
        QVERIFY(r.lanes);
        hw::WaveformSession waves;
        waves.setTrace(cipher.trace());
        QVERIFY(waves.link().empty()); // no capture yet: the reason names the unit
        QVERIFY2(waves.linkError().contains(QStringLiteral("ML-DSA unit")), qPrintable(waves.linkError()));
        waves.setCapture(r.capture, QStringLiteral("test"));
        const auto& link = waves.link();
        QVERIFY2(waves.linkError().isEmpty(), qPrintable(waves.linkError()));
        QCOMPARE(link.size(), std::size_t{9});
        QCOMPARE(waves.exactLinks(), 9);
        QVERIFY(waves.linkByClocksOnly());
        const waveform::Tick start = r.lanes->start;
        QCOMPARE(*link[0].cycle, start);
        for (std::size_t k = 1; k < link.size(); ++k) {
            QVERIFY(link[k].exact);
            QCOMPARE(*link[k].cycle,
                     start + static_cast<waveform::Tick>(k) * kLayerClocks + hw::kMlDsaIpDrainClocks);
            QVERIFY(waves.linkNote(static_cast<int>(k)).isEmpty());
        }
        // The last layer's last write is the operation's last clock (CYCLES counts START .. that clock).
        QCOMPARE(*link.back().cycle + 1, start + hw::mldsaIpCycles(oracle::MlDsaKind::Ntt, kB));
        QCOMPARE(r.coreCycles, hw::mldsaIpCycles(oracle::MlDsaKind::Ntt, kB));
        // The capture holds no coefficients: nothing to compare, never a false mismatch.
        QVERIFY(waves.rtlState(*link[4].cycle).empty());
        QCOMPARE(waves.linkNote(-1), QString());
        QCOMPARE(waves.linkNote(99), QString());

        // With the butterfly sub-steps: each butterfly at the clock its own write lands (B per clock).
        cipher.setSubsteps(true);
        QCOMPARE(cipher.stepCount(), 9 + 8 * 128);
        waves.setTrace(cipher.trace());
        QCOMPARE(waves.link().size(), std::size_t{9 + 8 * 128});
        int exactButterflies = 0;
        for (int i = 0; i < cipher.stepCount(); ++i) {
            const crypto::TraceStep& s = *cipher.step(i);
            const auto& sc = waves.link()[static_cast<std::size_t>(i)];
            const auto at = s.step.find(" butterfly ");
            if (at == std::string::npos) continue;
            const int j = std::stoi(s.step.substr(at + 11));
            const waveform::Tick expected =
                start + 1 + (s.round - 1) * kLayerClocks + (j - 1) / kB + hw::kMlDsaIpDrainClocks;
            QCOMPARE(*sc.cycle, expected);
            QCOMPARE(sc.exact, j % kB == 0); // the last of its clock: memory holds exactly up to it
            QCOMPARE(waves.linkNote(i).isEmpty(), sc.exact);
            exactButterflies += sc.exact ? 1 : 0;
        }
        QCOMPARE(exactButterflies, 8 * 128 / kB);
        QCOMPARE(waves.exactLinks(), 9 + exactButterflies);

        // An Ascon trace beside this capture: not linked, and the reason says which explorer choice links.
        QVERIFY(cipher.setAlgorithm(QStringLiteral("ascon-128")));
        cipher.recomputeNow();
        waves.setTrace(cipher.trace());
        QVERIFY(waves.link().empty());
        QVERIFY(!waves.linkByClocksOnly());
        QVERIFY2(waves.linkError().contains(QStringLiteral("ML-DSA NTT")), qPrintable(waves.linkError()));
    }

    void inverseNttLinksTenStepsWithItsInnerLayersInexact() {
        sessions::CipherSession cipher;
        QVERIFY(cipher.setAlgorithm(QStringLiteral("mldsa-intt")));
        cipher.recomputeNow();
        const UnitRun r = runOnUnit(QStringLiteral("mldsa-intt"), cipher);
        QVERIFY(r.matchesModel);
        QVERIFY(r.lanes);
        hw::WaveformSession waves;
        waves.setCapture(r.capture, QStringLiteral("test"));
        waves.setTrace(cipher.trace());
        const auto& link = waves.link();
        QCOMPARE(link.size(), std::size_t{10}); // input, 8 Gentleman–Sande layers, × 256⁻¹
        QCOMPARE(waves.exactLinks(), 2);
        QVERIFY(link[0].exact);
        QCOMPARE(*link[0].cycle, r.lanes->start);
        for (int k = 1; k <= 8; ++k) {
            const auto& sc = link[static_cast<std::size_t>(k)];
            QVERIFY(!sc.exact);
            QCOMPARE(*sc.cycle, r.lanes->start + k * kLayerClocks + hw::kMlDsaIpDrainClocks);
            QVERIFY2(waves.linkNote(k).contains(QStringLiteral("2^-%1").arg(k)),
                     qPrintable(waves.linkNote(k)));
        }
        QVERIFY(link[9].exact);
        QCOMPARE(*link[9].cycle + 1, r.lanes->start + hw::mldsaIpCycles(oracle::MlDsaKind::InverseNtt, kB));
        // A PWM capture is one pass, not 8 layers: refused with the reason, nothing linked.
        hw::IpSession unit;
        QSignalSpy done(&unit, &hw::IpSession::finished);
        QVERIFY(unit.run({QStringLiteral("mldsa-pwm"),
                          {crypto::mldsaPolyToBytes(gui::MlDsaIpPanel::randomPolynomial(2)),
                           {},
                           {},
                           crypto::mldsaPolyToBytes(gui::MlDsaIpPanel::randomPolynomial(1))},
                          {{"butterflies", kB}}}));
        QVERIFY(done.wait(60000));
        waves.setCapture(done.front().at(0).value<hw::IpSessionResult>().capture, QStringLiteral("pwm"));
        QVERIFY(waves.link().empty());
        QVERIFY2(waves.linkError().contains(QStringLiteral("1 layers")), qPrintable(waves.linkError()));
    }

    void explorerStepsMoveTheCursorToTheLinkedClocks() {
        gui::MainWindow w(false);
        w.show();
        auto* cipher = w.session();
        QVERIFY(cipher->setAlgorithm(QStringLiteral("mldsa-ntt")));
        cipher->recomputeNow();
        QSignalSpy linked(w.waveformSession(), &hw::WaveformSession::linkChanged);
        QVERIFY(w.captureExplorerInputs());
        QTRY_VERIFY_WITH_TIMEOUT(!w.waveformSession()->link().empty(), 60000);
        QVERIFY(w.waveformSession()->isIpCapture());
        const auto& link = w.waveformSession()->link();
        QCOMPARE(link.size(), std::size_t{9});
        QCOMPARE(w.waveformSession()->exactLinks(), 9);
        auto* panel = w.page<gui::RtlStatePanel>();
        for (int i : {3, 0, 8, 5}) {
            cipher->setCurrentStep(i);
            const waveform::Tick cycle = *link[static_cast<std::size_t>(i)].cycle;
            QCOMPARE(*w.page<gui::WaveformPage>()->view()->cursor(), cycle); // the view follows
            QCOMPARE(panel->linkedCycle(), static_cast<long long>(cycle));
            QCOMPARE(panel->differingBits(), -1); // nothing compared: no false mismatch
            QVERIFY2(panel->headline()->text().contains(QStringLiteral("memory is not captured")),
                     qPrintable(panel->headline()->text()));
            QVERIFY(!panel->table()->text().contains(QStringLiteral("<b style")));
        }
        // The layers' clocks are distinct: stepping really moves the cursor.
        QVERIFY(*link[3].cycle != *link[5].cycle);
    }

    void otherAlgorithmsSayTheMlDsaTransformsRunToo() {
        gui::Workbench bench(false);
        QSignalSpy notices(&bench, &gui::Workbench::notice);
        QSignalSpy started(&bench, &gui::Workbench::captureStarted);
        QVERIFY(bench.cipher()->setAlgorithm(QStringLiteral("skinny-64-64")));
        QVERIFY(!bench.captureExplorerInputs());
        // What the cores capture comes from the registry: the ML-DSA transforms are among them.
        QVERIFY2(notices.back().at(0).toString().contains(QStringLiteral("ML-DSA NTT,")) &&
                     notices.back().at(0).toString().contains(QStringLiteral("ML-DSA INTT")),
                 qPrintable(notices.back().at(0).toString()));
        // Bad explorer input for the unit: a clear notice, nothing runs.
        QVERIFY(bench.cipher()->setAlgorithm(QStringLiteral("mldsa-ntt")));
        bench.cipher()->setInput(QStringLiteral("poly"), QStringLiteral("00"));
        QVERIFY(!bench.captureExplorerInputs());
        QVERIFY2(notices.back().at(0).toString().startsWith(QStringLiteral("Fix the explorer's inputs")),
                 qPrintable(notices.back().at(0).toString()));
        QCOMPARE(started.count(), 0);
        // The explorer's default polynomial: the notices say what happens, then how it linked.
        bench.cipher()->resetInputs();
        bench.cipher()->recomputeNow();
        QVERIFY(bench.captureExplorerInputs());
        QCOMPARE(started.front().at(0).toString(), QStringLiteral("mldsa"));
        QCOMPARE(notices.back().at(0).toString(),
                 QStringLiteral("Capturing the explorer's inputs on the ML-DSA polynomial unit…"));
        QTRY_VERIFY_WITH_TIMEOUT(notices.back().at(0).toString().startsWith(QStringLiteral("Captured: ")),
                                 60000);
        QVERIFY2(notices.back().at(0).toString().contains(QStringLiteral("9 steps")),
                 qPrintable(notices.back().at(0).toString()));
    }
};

QTEST_MAIN(TestMlDsaLink)
#include "test_mldsalink.moc"
