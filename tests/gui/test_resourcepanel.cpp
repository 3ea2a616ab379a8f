// The resources of the configuration chosen on every IP core's panel (app/ui/ip/resourcepanel.h): choosing
// another rounds per clock / RPC / B starts a computation off the GUI thread and shows that configuration's
// figures; a configuration chosen again is read from the cache; Cancel stops it; a missing yosys is said in
// the panel. The synthesis is a stand-in here (test_hw's ResourceCache tests run the real yosys once).
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>

#include <atomic>
#include <memory>
#include <thread>

#include "app/ui/ip/asconippage.h"
#include "app/ui/ip/blockippanel.h"
#include "app/ui/ip/mldsaippanel.h"
#include "app/ui/ip/resourcepanel.h"
#include "hw/session/ipsession.h"

using namespace rs;
using gui::ResourcePanel;

namespace {

/** Figures that tell configurations apart: LUTs 100 * core + unroll, DSP48 = unroll on the ML-DSA unit. */
hw::ResourceReport fakeReport(const hw::ResourceOptions& o) {
    hw::ResourceReport r;
    r.unroll = o.unroll;
    r.luts = 100L * o.core + o.unroll;
    r.ffs = 50;
    r.dsp48 = o.core == 3 ? o.unroll : 0;
    r.yosysVersion = "Yosys stand-in";
    return r;
}

/** A stand-in computation that counts its calls (from the worker threads). */
struct Counter {
    std::shared_ptr<std::atomic<int>> calls = std::make_shared<std::atomic<int>>(0);
    ResourcePanel::Compute compute() const {
        return [calls = calls](const hw::ResourceOptions& o) {
            ++*calls;
            hw::ResourceCache::Result r;
            r.report = fakeReport(o);
            return r;
        };
    }
};

/** Waits for the panel to show the figures (or error) of `description`. */
bool waitShown(ResourcePanel* panel, const QString& description) {
    return QTest::qWaitFor(
        [&] { return !panel->isComputing() && panel->shownConfiguration() == description; }, 20000);
}

QString ours(ResourcePanel* panel, int row) {
    const QTableWidgetItem* item = panel->table()->item(row, 0);
    return item ? item->text() : QString();
}

} // namespace

class TestResourcePanel : public QObject {
    Q_OBJECT

  private slots:
    void theBlockPanelFollowsTheRpc() {
        hw::IpSession session;
        gui::BlockIpPanel panel(&session);
        Counter counter;
        panel.resourcePanel()->setCompute(counter.compute());
        QCOMPARE(*counter.calls, 0); // nothing runs while the panel is hidden
        panel.show();
        QVERIFY(waitShown(panel.resourcePanel(), QStringLiteral("lea-128 IP, rounds per clock 1")));
        QCOMPARE(ours(panel.resourcePanel(), 0), QStringLiteral("101")); // LEA: core 1, RPC 1
        QCOMPARE(*counter.calls, 1);

        QSignalSpy started(panel.resourcePanel(), &ResourcePanel::computationStarted);
        panel.rpcBox()->setCurrentIndex(panel.rpcBox()->count() - 1);
        const int rpc = panel.rpcBox()->currentData().toInt();
        QVERIFY(rpc > 1);
        QCOMPARE(started.size(), 1);
        QVERIFY(waitShown(panel.resourcePanel(), QStringLiteral("lea-128 IP, rounds per clock %1").arg(rpc)));
        QCOMPARE(ours(panel.resourcePanel(), 0), QString::number(100 + rpc));
        QVERIFY(panel.resourcePanel()->table()->horizontalHeaderItem(0)->text().contains(
            QStringLiteral("rounds per clock %1").arg(rpc)));

        panel.algorithmBox()->setCurrentText(QStringLiteral("skinny-128-384"));
        QVERIFY(waitShown(panel.resourcePanel(), QStringLiteral("skinny-128-384 IP, rounds per clock 1")));
        QCOMPARE(ours(panel.resourcePanel(), 0), QStringLiteral("401")); // SKINNY-128-384 is resource core 4
    }

    void theMlDsaPanelFollowsB() {
        hw::IpSession session;
        gui::MlDsaIpPanel panel(&session);
        Counter counter;
        panel.resourcePanel()->setCompute(counter.compute());
        panel.show();
        const int firstB = panel.butterfliesBox()->currentData().toInt();
        QVERIFY(waitShown(panel.resourcePanel(),
                          QStringLiteral("unit, butterflies per clock B = %1").arg(firstB)));
        QVERIFY(panel.butterfliesBox()->count() > 1);
        const int other = panel.butterfliesBox()->currentIndex() == 0 ? 1 : 0;
        panel.butterfliesBox()->setCurrentIndex(other);
        const int b = panel.butterfliesBox()->currentData().toInt();
        QVERIFY(
            waitShown(panel.resourcePanel(), QStringLiteral("unit, butterflies per clock B = %1").arg(b)));
        QCOMPARE(ours(panel.resourcePanel(), 0), QString::number(300 + b));
        QCOMPARE(ours(panel.resourcePanel(), 3), QString::number(b)); // DSP48 row
    }

    void theAsconPageFollowsTheRoundsPerClockBesideThePaper() {
        hw::IpSession session;
        gui::AsconIpPage page(&session);
        Counter counter;
        ResourcePanel* panel = page.resourcePanel();
        panel->setCompute(counter.compute());
        page.show();
        const int first = page.unrollBox()->currentData().toInt();
        QVERIFY(waitShown(panel, QStringLiteral("IP, rounds per clock %1").arg(first)));
        QCOMPARE(ours(panel, 0), QString::number(first));
        QCOMPARE(panel->table()->columnCount(), 3); // ours, the paper's Table 2 and Table 3
        QVERIFY(panel->table()->horizontalHeaderItem(1)->text().contains(QStringLiteral("Table 2")));
        QCOMPARE(panel->table()->item(0, 1)->text(), QStringLiteral("39 224"));
        QVERIFY(page.unrollBox()->count() > 1);
        page.unrollBox()->setCurrentIndex(page.unrollBox()->count() - 1);
        const int u = page.unrollBox()->currentData().toInt();
        QVERIFY(waitShown(panel, QStringLiteral("IP, rounds per clock %1").arg(u)));
        QCOMPARE(ours(panel, 0), QString::number(u));
    }

    void aConfigurationChosenAgainComesFromTheCache() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto synths = std::make_shared<std::atomic<int>>(0);
        ResourcePanel panel;
        panel.setCompute([synths, path = dir.path().toStdString()](const hw::ResourceOptions& o) {
            hw::ResourceOptions opt = o;
            opt.yosys = std::string(RS_FAKE_YOSYS); // the key's yosys version, without the real tool
            return hw::ResourceCache(path).get(opt, [synths](const hw::ResourceOptions& s) {
                ++*synths;
                return fakeReport(s);
            });
        });
        panel.show();
        hw::ResourceOptions o;
        o.core = 1;
        panel.setConfiguration(o, QStringLiteral("one"));
        QVERIFY(waitShown(&panel, QStringLiteral("one")));
        o.unroll = 2;
        panel.setConfiguration(o, QStringLiteral("two"));
        QVERIFY(waitShown(&panel, QStringLiteral("two")));
        QCOMPARE(synths->load(), 2);
        o.unroll = 1;
        panel.setConfiguration(o, QStringLiteral("one"));
        QVERIFY(waitShown(&panel, QStringLiteral("one")));
        QCOMPARE(synths->load(), 2); // no synthesis: read back
        QVERIFY2(panel.statusLabel()->text().contains(QStringLiteral("from the cache")),
                 qPrintable(panel.statusLabel()->text()));
        QCOMPARE(ours(&panel, 0), QStringLiteral("101"));
    }

    void cancelStopsTheComputation() {
        ResourcePanel panel;
        // Runs until cancelled, as yosys does (synthesizeResources polls the same flag).
        panel.setCompute([](const hw::ResourceOptions& o) -> hw::ResourceCache::Result {
            while (!o.cancel->load())
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            throw hw::ResourceCancelled("yosys synthesis cancelled");
        });
        panel.show();
        panel.setConfiguration(hw::ResourceOptions{}, QStringLiteral("slow"));
        QVERIFY(panel.isComputing());
        QVERIFY(panel.progressBar()->isVisible());
        QVERIFY(panel.cancelButton()->isEnabled());
        QVERIFY(panel.statusLabel()->text().startsWith(QStringLiteral("computing…")));
        QSignalSpy ended(&panel, &ResourcePanel::computationEnded);
        panel.cancelButton()->click();
        QVERIFY(ended.wait(20000));
        QVERIFY(!panel.isComputing());
        QVERIFY(!panel.progressBar()->isVisible());
        QVERIFY(panel.statusLabel()->text().startsWith(QStringLiteral("Cancelled")));
        QCOMPARE(ours(&panel, 0), QStringLiteral("—"));
    }

    void aMissingYosysIsSaidInThePanel() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ResourcePanel panel;
        panel.setCompute([path = dir.path().toStdString()](const hw::ResourceOptions& o) {
            hw::ResourceOptions opt = o;
            opt.yosys = "/nonexistent/yosys";
            return hw::ResourceCache(path).get(opt);
        });
        panel.show();
        panel.setConfiguration(hw::ResourceOptions{}, QStringLiteral("IP"));
        QSignalSpy ended(&panel, &ResourcePanel::computationEnded);
        QVERIFY(ended.wait(20000));
        QVERIFY2(
            panel.statusLabel()->text().contains(QStringLiteral("yosys not found: '/nonexistent/yosys'")),
            qPrintable(panel.statusLabel()->text()));
        QCOMPARE(ours(&panel, 0), QStringLiteral("—"));
    }

    void aPanelClosedMidRunStopsItsComputation() {
        auto stopped = std::make_shared<std::atomic<bool>>(false);
        {
            ResourcePanel panel;
            panel.setCompute([stopped](const hw::ResourceOptions& o) -> hw::ResourceCache::Result {
                while (!o.cancel->load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(10));
                *stopped = true;
                throw hw::ResourceCancelled("cancelled");
            });
            panel.show();
            panel.setConfiguration(hw::ResourceOptions{}, QStringLiteral("IP"));
            QVERIFY(panel.isComputing());
        }
        QVERIFY(stopped->load()); // the destructor cancelled and waited
    }
};

QTEST_MAIN(TestResourcePanel)
#include "test_resourcepanel.moc"
