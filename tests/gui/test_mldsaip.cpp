// The ML-DSA polynomial unit's panel of the IP page over the real Verilated unit: an NTT at B = 2 shows the
// unit's clocks (equal to mldsaIpCycles) and that its output equals the model, with the lanes of the
// capture; every operation and B; operands from a file (binary and text), bad files named; cancel; the
// paper's figures labelled as the paper's, those of the operation that ran; a failed run keeps nothing of the
// run before (lanes, "Open in Waveforms"); Ctrl+Return runs it.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>

#include "app/ui/ip/mldsaippanel.h"
#include "app/ui/ip/mldsalaneview.h"
#include "hw/ip/mldsa/mldsaip.h"
#include "hw/ip/papers/paper001.h"
#include "hw/session/ipsession.h"
#include "hw/session/waveformsession.h"

using namespace rs;

namespace {

/** What a test reads of one run of the panel: the facade's result, its operands and output as polynomials. */
struct PanelRun {
    hw::IpSessionResult result;
    crypto::MlDsaPoly a{}, b{}, output{};
};

PanelRun runPanel(gui::MlDsaIpPanel& panel, hw::IpSession& session, bool* ok) {
    QSignalSpy done(&session, &hw::IpSession::finished);
    panel.runButton()->click();
    *ok = done.wait(20000);
    if (!*ok) return {};
    PanelRun r{done.front().at(0).value<hw::IpSessionResult>()};
    r.a = crypto::mldsaPolyFromBytes(r.result.inputs.message);
    if (!r.result.inputs.key.empty()) r.b = crypto::mldsaPolyFromBytes(r.result.inputs.key);
    r.output = crypto::mldsaPolyFromBytes(r.result.run.output);
    return r;
}

} // namespace

class TestMlDsaIp : public QObject {
    Q_OBJECT

  private slots:
    void anNttAtTwoButterfliesShowsTheFormulasClocksAndTheModelsOutput() {
        hw::IpSession session;
        gui::MlDsaIpPanel panel(&session);
        QCOMPARE(panel.butterfliesBox()->currentData().toInt(), 2); // the default
        panel.operationBox()->setCurrentIndex(panel.operationBox()->findData(QStringLiteral("mldsa-ntt")));
        QVERIFY(!panel.openWavesButton()->isEnabled());
        bool ok = false;
        const auto r = runPanel(panel, session, &ok);
        QVERIFY(ok);
        const quint64 formula = hw::mldsaIpCycles(oracle::MlDsaKind::Ntt, 2);
        QCOMPARE(formula, quint64(519));
        QCOMPARE(panel.shownCycles(), formula);
        QVERIFY2(panel.cyclesLabel()->text().startsWith(QStringLiteral("%1 core clocks").arg(formula)),
                 qPrintable(panel.cyclesLabel()->text()));
        QVERIFY(panel.cyclesLabel()->text().contains(QStringLiteral("= %1;").arg(formula)));
        QCOMPARE(panel.matchLabel()->text(), QStringLiteral("matches the C++ model"));
        QVERIFY(r.result.matchesModel);
        QCOMPARE(r.output, rs::crypto::mldsaNtt(r.a));
        QVERIFY(panel.laneView()->hasLanes());
        QCOMPARE(panel.laneView()->rowNames().size(), 1 + 7 + 2 * 4); // layers, stages, 4 banks rd/wr
        QVERIFY(panel.layersLabel()->text().contains(QStringLiteral("8: ")));
        QVERIFY(panel.openWavesButton()->isEnabled());
        QSignalSpy open(&panel, &gui::MlDsaIpPanel::openWaveformsRequested);
        panel.openWavesButton()->click();
        QCOMPARE(open.size(), 1);
        QVERIFY(r.result.capture && r.result.capture->find("stage_issue").has_value());
        // In the waveform viewer the Ascon lanes are not read from it: it says where the unit's lanes are.
        hw::WaveformSession waves;
        waves.setCapture(r.result.capture, QStringLiteral("ML-DSA"));
        QVERIFY(waves.lanes() == nullptr);
        QVERIFY2(waves.lanesError().contains(QStringLiteral("ML-DSA polynomial unit")),
                 qPrintable(waves.lanesError()));
        // The paper's figures are labelled as the paper's, never as a measurement.
        bool labelled = false;
        for (const QLabel* l : panel.findChildren<QLabel*>())
            labelled = labelled || (l->text().contains(QStringLiteral("the paper's figures")) &&
                                    l->text().contains(QStringLiteral("533")) &&
                                    l->text().contains(QStringLiteral("1 170")) &&
                                    l->text().contains(QStringLiteral("264")));
        QVERIFY(labelled);
    }

    void everyOperationAtEveryBMatchesTheModel() {
        hw::IpSession session;
        gui::MlDsaIpPanel panel(&session);
        for (int op = 0; op < panel.operationBox()->count(); ++op)
            for (int b = 0; b < panel.butterfliesBox()->count(); ++b) {
                panel.operationBox()->setCurrentIndex(op);
                panel.butterfliesBox()->setCurrentIndex(b);
                panel.seedBox()->setValue(op * 10 + b);
                bool ok = false;
                const auto r = runPanel(panel, session, &ok);
                QVERIFY(ok);
                QCOMPARE(panel.matchLabel()->text(), QStringLiteral("matches the C++ model"));
                QCOMPARE(r.result.run.coreClocks, *r.result.run.formulaCoreClocks);
                QCOMPARE(r.result.settings.at("butterflies"), panel.butterfliesBox()->itemData(b).toInt());
                QVERIFY(panel.laneView()->hasLanes());
            }
        QCOMPARE(gui::MlDsaIpPanel::paperCycles(QStringLiteral("mldsa-intt")), QStringLiteral("536"));
        QCOMPARE(gui::MlDsaIpPanel::paperCycles(QStringLiteral("mldsa-pwm")), QStringLiteral("85"));
        QCOMPARE(gui::MlDsaIpPanel::paperCycles(QStringLiteral("mldsa-pwa")), QStringLiteral("75"));
    }

    void operandsFromAFile() {
        QTemporaryDir dir;
        hw::IpSession session;
        gui::MlDsaIpPanel panel(&session);
        panel.sourceBox()->setCurrentIndex(1);
        QVERIFY(panel.fileEdit()->isEnabled());
        QVERIFY(!panel.seedBox()->isEnabled());
        // Text: 512 decimal coefficients, a then b.
        const auto a = gui::MlDsaIpPanel::randomPolynomial(7), b = gui::MlDsaIpPanel::randomPolynomial(8);
        QStringList words;
        for (const auto c : a)
            words << QString::number(c);
        for (const auto c : b)
            words << QString::number(c);
        const QString text = dir.filePath(QStringLiteral("ab.txt"));
        {
            QFile f(text);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(words.join(QStringLiteral(", ")).toUtf8());
        }
        panel.fileEdit()->setText(text);
        panel.operationBox()->setCurrentIndex(panel.operationBox()->findData(QStringLiteral("mldsa-pwm")));
        bool ok = false;
        auto r = runPanel(panel, session, &ok);
        QVERIFY(ok);
        QCOMPARE(r.a, a);
        QCOMPARE(r.b, b);
        QCOMPARE(r.output, rs::crypto::mldsaMultiplyNtt(a, b));
        // Binary: one polynomial of 1024 big-endian bytes.
        const QString bin = dir.filePath(QStringLiteral("a.bin"));
        {
            QFile f(bin);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const auto bytes = rs::crypto::mldsaPolyToBytes(a);
            f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
        }
        panel.fileEdit()->setText(bin);
        panel.operationBox()->setCurrentIndex(panel.operationBox()->findData(QStringLiteral("mldsa-intt")));
        r = runPanel(panel, session, &ok);
        QVERIFY(ok);
        QCOMPARE(r.a, a);
        QCOMPARE(r.output, rs::crypto::mldsaInverseNtt(a));
        QVERIFY(panel.layersLabel()->text().contains(QStringLiteral("2⁻ᵏ")));
        // PWM needs two operands; a missing file, a bad word, a coefficient >= q are named.
        panel.operationBox()->setCurrentIndex(panel.operationBox()->findData(QStringLiteral("mldsa-pwa")));
        QSignalSpy started(&session, &hw::IpSession::runningChanged);
        panel.runButton()->click();
        QVERIFY(panel.matchLabel()->text().contains(QStringLiteral("takes two operands")));
        QCOMPARE(panel.shownCycles(), quint64(0));
        panel.fileEdit()->setText(dir.filePath(QStringLiteral("missing.bin")));
        panel.runButton()->click();
        QVERIFY(panel.matchLabel()->text().contains(dir.filePath(QStringLiteral("missing.bin"))));
        const QString bad = dir.filePath(QStringLiteral("bad.txt"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("1 2 three");
        }
        panel.fileEdit()->setText(bad);
        panel.runButton()->click();
        QVERIFY2(panel.matchLabel()->text().contains(QStringLiteral("'three' is not a coefficient")),
                 qPrintable(panel.matchLabel()->text()));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QStringList big(256, QStringLiteral("1"));
            big[5] = QStringLiteral("8380417"); // q
            f.write(big.join(QLatin1Char(' ')).toUtf8());
        }
        panel.operationBox()->setCurrentIndex(panel.operationBox()->findData(QStringLiteral("mldsa-ntt")));
        panel.runButton()->click();
        QVERIFY2(panel.matchLabel()->text().contains(QStringLiteral("coefficient 5 is 8380417")),
                 qPrintable(panel.matchLabel()->text()));
        panel.fileEdit()->clear();
        panel.runButton()->click();
        QCOMPARE(panel.matchLabel()->text(), QStringLiteral("choose a file of operands first"));
        QCOMPARE(started.size(), 0); // nothing ran
    }

    void cancelStopsARunAndTheNextOneRuns() {
        hw::IpSession session;
        gui::MlDsaIpPanel panel(&session);
        QSignalSpy cancelled(&session, &hw::IpSession::cancelled);
        QSignalSpy done(&session, &hw::IpSession::finished);
        panel.runButton()->click();
        QVERIFY(panel.cancelButton()->isEnabled());
        QVERIFY(!panel.runButton()->isEnabled());
        panel.cancelButton()->click(); // before or during the run: either way it stops
        QVERIFY(cancelled.wait(20000) || cancelled.size() == 1);
        QCOMPARE(done.size(), 0);
        QCOMPARE(panel.matchLabel()->text(), QStringLiteral("cancelled"));
        QVERIFY(panel.runButton()->isEnabled());
        QVERIFY(!panel.cancelButton()->isEnabled());
        bool ok = false;
        runPanel(panel, session, &ok);
        QVERIFY(ok);
        QCOMPARE(panel.matchLabel()->text(), QStringLiteral("matches the C++ model"));
        QString error;
        const rs::oracle::Inputs zero{{}, {}, {}, crypto::Bytes(1024, 0)};
        QVERIFY(!session.run({QStringLiteral("mldsa-ntt"), zero, {{"butterflies", 3}}}, &error));
        QCOMPARE(error, QStringLiteral(
                            "butterflies: '3' is not a built setting of the ML-DSA unit (built: 1, 2, 4)"));
        QVERIFY(!session.run({QStringLiteral("mldsa-xyz"), zero, {}}, &error));
        QCOMPARE(error, QStringLiteral("no IP core runs 'mldsa-xyz'"));
        QCOMPARE(session.runsStarted(), 2); // the refused requests ran nothing
    }

    void aFailedRunLeavesNoLanesOrWaveformsOfTheRunBefore() {
        hw::IpSession session;
        gui::MlDsaIpPanel panel(&session);
        bool ok = false;
        runPanel(panel, session, &ok);
        QVERIFY(ok);
        QVERIFY(panel.laneView()->hasLanes());
        QVERIFY(panel.openWavesButton()->isEnabled());
        // The unit's run fails (a bus fault, a trace error): nothing of the run before stays beside it.
        emit session.failed(QStringLiteral("mldsa"), QStringLiteral("bus fault at 0x10"));
        QCOMPARE(panel.matchLabel()->text(), QStringLiteral("bus fault at 0x10"));
        QVERIFY(!panel.laneView()->hasLanes());
        QVERIFY(!panel.openWavesButton()->isEnabled());
        QVERIFY(panel.layersLabel()->text().isEmpty());
        QVERIFY(panel.cyclesLabel()->text().isEmpty());
        // Another core's failure is not this panel's.
        runPanel(panel, session, &ok);
        QVERIFY(ok);
        emit session.failed(QStringLiteral("block"), QStringLiteral("bus fault"));
        QVERIFY(panel.laneView()->hasLanes());
        QVERIFY(panel.openWavesButton()->isEnabled());
        // A run refused before it starts (a file that is not there) is a failed run too.
        QTemporaryDir dir;
        panel.sourceBox()->setCurrentIndex(1);
        panel.fileEdit()->setText(dir.filePath(QStringLiteral("missing.bin")));
        panel.runButton()->click();
        QVERIFY(panel.matchLabel()->text().contains(QStringLiteral("missing.bin")));
        QVERIFY(!panel.laneView()->hasLanes());
        QVERIFY(!panel.openWavesButton()->isEnabled());
    }

    void theComparisonFiguresAreThoseOfTheOperationThatRan() {
        hw::IpSession session;
        gui::MlDsaIpPanel panel(&session);
        const auto select = [&](const char* id) {
            panel.operationBox()->setCurrentIndex(panel.operationBox()->findData(QString::fromLatin1(id)));
        };
        select("mldsa-ntt");
        bool ok = false;
        runPanel(panel, session, &ok);
        QVERIFY(ok);
        QString text = panel.paperLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("533")) && text.contains(QStringLiteral("1 170")) &&
                     text.contains(QStringLiteral("264")),
                 qPrintable(text));
        // PWM: the paper's 85 clocks, and none of the NTT's figures (533, nor the cited designs' 1 170 and
        // 264).
        select("mldsa-pwm");
        runPanel(panel, session, &ok);
        QVERIFY(ok);
        text = panel.paperLabel()->text();
        const QString pwm = QString::number(hw::paper001Clocks(oracle::MlDsaKind::MultiplyNtt));
        QVERIFY2(text.contains(QStringLiteral(" %1 clocks").arg(pwm)) &&
                     text.contains(QStringLiteral("pointwise multiplication")),
                 qPrintable(text));
        for (const char* ntt : {"533", "1 170", "264"})
            QVERIFY2(!text.contains(QString::fromLatin1(ntt)), qPrintable(text));
        // A run the panel did not start (the explorer's capture) shows its own operation's figures too.
        select("mldsa-ntt");
        QSignalSpy done(&session, &hw::IpSession::finished);
        const rs::oracle::Inputs zero{crypto::Bytes(1024, 0), {}, {}, crypto::Bytes(1024, 0)};
        QVERIFY(session.run({QStringLiteral("mldsa-pwa"), zero, {{"butterflies", 2}}}));
        QVERIFY(done.wait(20000));
        text = panel.paperLabel()->text();
        QVERIFY2(
            text.contains(QStringLiteral(" %1 clocks").arg(hw::paper001Clocks(oracle::MlDsaKind::AddNtt))),
            qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("1 170")), qPrintable(text));
    }

    void ctrlReturnRunsThePanel() {
        hw::IpSession session;
        gui::MlDsaIpPanel panel(&session);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.activateWindow();
        panel.seedBox()->setFocus();
        QTRY_VERIFY(panel.seedBox()->hasFocus());
        QSignalSpy done(&session, &hw::IpSession::finished);
        QTest::keyClick(panel.seedBox(), Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(done.wait(20000));
        QCOMPARE(panel.matchLabel()->text(), QStringLiteral("matches the C++ model"));
    }
};

QTEST_MAIN(TestMlDsaIp)
#include "test_mldsaip.moc"
