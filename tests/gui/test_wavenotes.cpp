// What the waveform page says about a trace it cannot fully use (issue 32, defects found in the trial):
// a foreign VCD's lane message names "pipeline lanes" once; a file cut off mid-way says "cut off" once
// (banner and status line together) and still says where, why and the likely cause; a LEA / SKINNY
// capture's lanes say plainly which cores have pipeline lanes, without the reader's "lacks signal"; the
// rows' hex values are uppercase, as in the rest of the app.
#include <QtTest>

#include <QLabel>
#include <QTemporaryDir>

#include <fstream>
#include <iterator>

#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformpainter.h"
#include "app/ui/waveform/waveformview.h"
#include "hw/ip/block/blockip.h"
#include "hw/session/waveformsession.h"

using namespace rs;

namespace {

std::string readAll(const char* path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

} // namespace

class TestWaveNotes : public QObject {
    Q_OBJECT

  private slots:
    void aForeignFilesLaneMessageSaysPipelineLanesOnce() {
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QVERIFY(session.loadFileNow(QStringLiteral(RS_WAVE_DATA_DIR "/verilator.vcd")));
        QVERIFY(session.lanes() == nullptr);
        const QString m = session.lanesError();
        QVERIFY2(m.count(QStringLiteral("pipeline lanes"), Qt::CaseInsensitive) == 1, qPrintable(m));
        // Still says what is needed and what this file lacks.
        QVERIFY2(m.contains(QStringLiteral("RoundScope IP")) && m.contains(QStringLiteral("lacks signal")),
                 qPrintable(m));
    }

    void aCutOffFileSaysCutOffOnce() {
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        const std::string full = readAll(RS_WAVE_DATA_DIR "/verilator.vcd");
        QVERIFY(!full.empty());
        QTemporaryDir dir;
        const QString cut = dir.filePath(QStringLiteral("killed.vcd"));
        std::ofstream(cut.toStdString(), std::ios::binary) << full.substr(0, full.size() / 2);
        QVERIFY(session.loadFileNow(cut));
        const auto& t = session.store()->truncation();
        QVERIFY(t.has_value());
        const QString banner = page.messageLabel()->text();
        const QString status = page.statusLabel()->text();
        QVERIFY2(!page.messageLabel()->isHidden(), qPrintable(banner));
        QVERIFY2((banner + QLatin1Char(' ') + status).count(QStringLiteral("cut off"), Qt::CaseInsensitive) ==
                     1,
                 qPrintable(banner + QStringLiteral(" | ") + status));
        // Where it was cut, why, what was loaded and the likely cause are all still there.
        QVERIFY2(banner.contains(QStringLiteral("at line %1").arg(t->line)), qPrintable(banner));
        QVERIFY2(banner.contains(QString::fromStdString(t->detail)), qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("before tick %1").arg(t->end)), qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("killed simulation")), qPrintable(banner));
        QVERIFY2(status.contains(QStringLiteral("before tick %1").arg(t->end)), qPrintable(status));
    }

    void aBlockCoresCaptureSaysWhichCoresHaveLanes() {
        auto store = std::make_shared<waveform::WaveformStore>();
        hw::BlockIp ip;
        ip.captureInto(store.get());
        const int rpc = hw::BlockIp::supportedRpc(hw::BlockCore::Lea).front();
        ip.ecb("lea-128", crypto::Bytes(16, 0x11), crypto::Bytes(16, 0x22), rpc);
        ip.captureInto(nullptr);
        QVERIFY(store->find("x3").has_value());
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        session.setCapture(store, QStringLiteral("IP run: LEA-128"));
        QVERIFY(session.lanes() == nullptr);
        const QString m = session.lanesError();
        QVERIFY2(!m.contains(QStringLiteral("lacks")) && !m.contains(QStringLiteral("'phase'")),
                 qPrintable(m));
        QVERIFY2(m.contains(QStringLiteral("Ascon core")) && m.contains(QStringLiteral("ML-DSA unit")) &&
                     m.contains(QStringLiteral("LEA / SKINNY")),
                 qPrintable(m));
    }

    void theRowsWriteHexInUppercase() {
        auto store = std::make_shared<waveform::WaveformStore>();
        const auto bus = store->addSignal("bus", 16, "top");
        const auto wide = store->addSignal("wide", 128, "top");
        const auto fsm = store->addSignal("fsm", 8, "top");
        store->setValueNames(fsm, {{0, "idle"}});
        store->sample(bus, 0, 0xbeef);
        const std::uint64_t words[] = {0x0123456789abcdefULL,
                                       0xfedcba9876543210ULL}; // least significant first
        store->sampleWords(wide, 0, words);
        store->sample(fsm, 0, 0xab);
        store->advance(4);
        gui::WaveformView view;
        view.setStore(store);
        view.addSignal(bus);
        view.addSignal(wide);
        view.addSignal(fsm);
        QCOMPARE(view.valueText(0, 1), QStringLiteral("BEEF"));
        QCOMPARE(view.valueText(1, 1), QStringLiteral("FEDCBA98765432100123456789ABCDEF"));
        QCOMPARE(view.valueText(2, 1), QStringLiteral("AB")); // a value with no name: hex
        QCOMPARE(gui::formatValue(store->signal(bus), 0xaU, gui::Radix::Hex), QStringLiteral("000A"));
    }
};

QTEST_MAIN(TestWaveNotes)
#include "test_wavenotes.moc"
