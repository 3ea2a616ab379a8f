// The waveform page on a big FST (issue 32, "Large files"): a file of many value-change blocks opens on its
// first block (as GTKWave opens at the start), and the rows on view read only the blocks of the time on view
// (and one view's width on either side), never the whole signal; what is drawn is exactly what the whole
// signal draws there; zooming out to the whole trace still shows it whole.
#include <QtTest>

#include <QImage>
#include <QTemporaryDir>

#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "core/waveform/fst.h"
#include "hw/session/waveformsession.h"

using namespace rs;
using waveform::SignalId;
using waveform::Tick;

namespace {

/** 40 000 ticks of a clock, a counter, a pseudo-random bus, a 100-bit word and a slow flag. */
waveform::WaveformStore capture() {
    waveform::WaveformStore s;
    s.setTickSeconds(1e-9);
    const SignalId clk = s.addSignal("clk", 1, "top"), count = s.addSignal("count", 16, "top"),
                   bus = s.addSignal("bus", 32, "top.core"), wide = s.addSignal("wide", 100, "top.core"),
                   flag = s.addSignal("flag", 1, "top");
    std::uint64_t r = 0x9e3779b97f4a7c15ull;
    for (Tick t = 0; t < 40000; ++t) {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        s.sample(clk, t, t & 1);
        if (t % 2 == 0) s.sample(count, t, t / 2);
        if (t % 3 == 0) s.sample(bus, t, r);
        const std::uint64_t w[2] = {r * 3, t};
        if (t % 5 == 0) s.sampleWords(wide, t, w);
        s.sample(flag, t, (t / 1000) & 1);
    }
    s.advance(40000);
    return s;
}

/** A page showing the file's every signal, painted once. */
struct Shown {
    hw::WaveformSession session;
    gui::WaveformPage page{&session};
    explicit Shown(const QString& path) {
        page.resize(1100, 500);
        QSignalSpy changed(&session, &hw::WaveformSession::storeChanged);
        page.openFile(path);
        if (!QTest::qWaitFor([&] { return changed.count() == 1; }, 30000)) qFatal("the file did not open");
        gui::WaveformView& v = *page.view();
        for (SignalId id = 0; id < v.store().signalCount(); ++id)
            v.addSignal(id);
        page.show();
        if (!QTest::qWaitForWindowExposed(&page)) qFatal("no window");
    }
    gui::WaveformView& view() { return *page.view(); }
};

} // namespace

class TestWaveWindow : public QObject {
    Q_OBJECT

  private slots:
    void aBigFstOpensOnItsFirstBlockAndReadsOnlyWhatIsOnView() {
        if (!waveform::fstSupported()) QSKIP("FST support was not built");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.fst"));
        const waveform::WaveformStore whole = capture();
        waveform::FstOptions o;
        o.changesPerBlock = 4096; // about 30 blocks
        waveform::writeFstFile(whole, path.toStdString(), o);

        Shown lazy(path);
        gui::WaveformView& view = lazy.view();
        const waveform::WaveformStore& store = view.store();
        const auto opening = store.openingRange();
        QVERIFY(opening.has_value());
        QVERIFY(!view.state().isFitted());
        QVERIFY(view.state().endTick() <= static_cast<double>(opening->second) + 1.5);
        const QImage lazyImage = view.grab().toImage(); // paints: reads the windows
        for (SignalId id = 0; id < store.signalCount(); ++id)
            QVERIFY2(!store.isLoaded(id), store.signal(id).name.c_str()); // a window, not the whole signal
        QVERIFY(store.changeBytes() * 4 < whole.changeBytes()); // a block and one view on either side

        // The same rows over the same time from the whole trace in memory: the same picture.
        Shown full(path);
        full.view().setStore(
            std::make_shared<const waveform::WaveformStore>(waveform::readFstFile(path.toStdString())));
        for (SignalId id = 0; id < full.view().store().signalCount(); ++id)
            full.view().addSignal(id);
        full.view().setState(view.state());
        QCOMPARE(full.view().state().beginTick(), view.state().beginTick());
        QCOMPARE(full.view().grab().toImage(), lazyImage);
        const Tick at = opening->second / 2;
        for (int row = 0; row < static_cast<int>(view.rows().size()); ++row)
            QCOMPARE(view.valueText(row, at), full.view().valueText(row, at));

        // Panned far on: that time's blocks are read, still not the whole signals.
        waveform::WaveViewState later = view.state();
        later.scrollTo(30000);
        view.setState(later);
        const QImage laterImage = view.grab().toImage();
        for (SignalId id = 0; id < store.signalCount(); ++id)
            QVERIFY(!store.isLoaded(id));
        full.view().setState(later);
        QCOMPARE(full.view().grab().toImage(), laterImage);

        // Fit (F): the whole trace on view, drawn from what is read of it.
        QTest::keyClick(&view, Qt::Key_F);
        QVERIFY(view.state().isFitted());
        const QImage fitted = view.grab().toImage();
        QVERIFY(!fitted.isNull());
    }
};

QTEST_MAIN(TestWaveWindow)
#include "test_wavewindow.moc"
