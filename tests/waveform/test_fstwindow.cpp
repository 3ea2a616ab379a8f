// Drawing windows of a lazily opened FST (WaveformStore::loadWindow / drawWindow / wordsForView): only the
// value-change blocks that reach into the window are read, what is drawn from a window is exactly what the
// whole signal draws there, and every other query still means the whole signal.
#include "core/waveform/fst.h"
#include "core/waveform/viewstate.h"
#include "tests/waveform/wavetest.h"

#include <filesystem>

namespace {

using namespace rs::waveform;
using rs::wavetest::makeCapture;
using rs::wavetest::tempPath;

/** The test's block file. */
struct BlockFile : rs::wavetest::BlockFstFile {
    BlockFile() : BlockFstFile("window.fst") {}
};

/** drawWindow of every signal over [b, e) agrees between the two stores. At one change per item (pixels
 *  >= ticks) item for item; when changes crowd a pixel, the dense runs are cut where the stores' summary
 *  groups fall (a window's changes are numbered from its own start), so there: the same changes in all,
 *  from the same first to the same last tick, and each item's value the one in force at its last tick. */
void expectSameDrawing(const WaveformStore& ref, const WaveformStore& lazy, Tick b, Tick e, std::size_t px) {
    for (SignalId id = 0; id < ref.signalCount(); ++id) {
        const std::string& name = ref.signal(id).name;
        const DrawWindow want = ref.drawWindow(id, b, e, px);
        const DrawWindow got = lazy.drawWindow(*lazy.find(name), b, e, px);
        EXPECT_EQ(got.start, want.start) << name << " at " << b;
        const std::size_t words = got.start.size();
        EXPECT_EQ(got.wide.size(), ref.signal(id).width > 64 ? got.items.size() * words : 0u) << name;
        for (std::size_t k = 0; k < got.items.size(); ++k) {
            const ViewItem& it = got.items[k];
            EXPECT_EQ(it.index, k);
            EXPECT_EQ(it.value, ref.valueAt(id, it.last)) << name << " item " << k;
            if (!got.wide.empty())
                EXPECT_EQ(std::vector<std::uint64_t>(
                              got.wide.begin() + static_cast<std::ptrdiff_t>(k * words),
                              got.wide.begin() + static_cast<std::ptrdiff_t>((k + 1) * words)),
                          rs::wavetest::words(ref.wordsAt(id, it.last)))
                    << name << " item " << k;
        }
        const auto total = [](const DrawWindow& w) {
            std::size_t n = 0;
            for (const ViewItem& it : w.items)
                n += it.changes;
            return n;
        };
        EXPECT_EQ(total(got), total(want)) << name << " over " << b << ".." << e;
        ASSERT_EQ(got.items.empty(), want.items.empty()) << name;
        if (got.items.empty()) continue;
        EXPECT_EQ(got.items.front().first, want.items.front().first) << name;
        EXPECT_EQ(got.items.back().last, want.items.back().last) << name;
        if (px >= e - b) { // one change an item: the very same items
            ASSERT_EQ(got.items.size(), want.items.size()) << name;
            for (std::size_t k = 0; k < want.items.size(); ++k) {
                EXPECT_EQ(got.items[k].first, want.items[k].first) << name << " item " << k;
                EXPECT_EQ(got.items[k].value, want.items[k].value) << name << " item " << k;
            }
        }
    }
}

std::vector<SignalId> allSignals(const WaveformStore& s) {
    std::vector<SignalId> ids(s.signalCount());
    for (SignalId id = 0; id < ids.size(); ++id)
        ids[id] = id;
    return ids;
}

TEST(FstWindow, DrawsWhatTheWholeSignalDrawsReadingOnlyItsBlocks) {
    RS_REQUIRE_FST();
    const BlockFile f;
    const WaveformStore full = readFstFile(f.path);
    WaveformStore lazy = openFstFile(f.path);
    const std::vector<SignalId> ids = allSignals(lazy);
    for (const auto& [b, e] : {std::pair<Tick, Tick>{0, 300}, {9000, 9400}, {13333, 13334}, {19900, 20017}}) {
        lazy.loadWindow(ids, b, e);
        for (SignalId id : ids)
            EXPECT_FALSE(lazy.isLoaded(id)) << "a window is not the whole signal";
        expectSameDrawing(full, lazy, b, e, 1000);
        expectSameDrawing(full, lazy, b, e, 3);
        for (Tick t = b; t < e; t += 7)
            for (SignalId id : ids)
                EXPECT_EQ(lazy.wordsForView(id, t), rs::wavetest::words(full.wordsAt(id, t)))
                    << lazy.signal(id).name << " at " << t;
        for (SignalId id : ids)
            EXPECT_FALSE(lazy.isLoaded(id)) << "drawing inside the window reads nothing more";
        // A window of a few hundred ticks holds a small part of a capture of 20 000.
        EXPECT_LT(lazy.changeBytes() * 8, full.changeBytes()) << "over " << b << ".." << e;
    }
}

TEST(FstWindow, OtherQueriesStillMeanTheWholeSignal) {
    RS_REQUIRE_FST();
    const BlockFile f;
    WaveformStore lazy = openFstFile(f.path);
    const SignalId x0 = *lazy.find("x0"), ref = *f.whole.find("x0");
    lazy.loadWindow({x0}, 10000, 10100);
    EXPECT_FALSE(lazy.isLoaded(x0));
    // Index and count queries are the whole signal's, never the window's.
    EXPECT_EQ(lazy.changeCount(x0), f.whole.changeCount(ref));
    EXPECT_TRUE(lazy.isLoaded(x0));
    EXPECT_EQ(lazy.change(x0, 0).tick, f.whole.change(ref, 0).tick);
    EXPECT_EQ(lazy.valueAt(x0, 15), f.whole.valueAt(ref, 15));
    // Loaded whole, the window is gone and drawing reads the whole signal.
    expectSameDrawing(f.whole, lazy, 0, 20017, 500);
}

TEST(FstWindow, DrawingOutsideTheWindowReadsTheWholeSignalNotAWrongOne) {
    RS_REQUIRE_FST();
    const BlockFile f;
    WaveformStore lazy = openFstFile(f.path);
    const SignalId data = *lazy.find("data");
    lazy.loadWindow({data}, 5000, 5050);
    const DrawWindow far = lazy.drawWindow(data, 15000, 15050, 50); // not covered: loads it whole
    const DrawWindow want = f.whole.drawWindow(*f.whole.find("data"), 15000, 15050, 50);
    EXPECT_TRUE(lazy.isLoaded(data));
    ASSERT_EQ(far.items.size(), want.items.size());
    EXPECT_EQ(far.start, want.start);
}

TEST(FstWindow, ABigFileOpensOnItsFirstBlock) {
    RS_REQUIRE_FST();
    const BlockFile f;
    const WaveformStore lazy = openFstFile(f.path);
    const auto range = lazy.openingRange();
    ASSERT_TRUE(range.has_value());
    EXPECT_EQ(range->first, 0u);
    EXPECT_GT(range->second, 0u);
    EXPECT_LT(range->second, lazy.endTick() / 4) << "many blocks: the first is a small part";
    WaveViewState view;
    view.setWaveArea(0, 1000);
    view.reset(lazy);
    EXPECT_FALSE(view.isFitted());
    EXPECT_LE(view.endTick(), static_cast<double>(range->second) + 1.5);
    // One block, or a store in memory: the whole range, fitted.
    const std::string one = tempPath("oneblock.fst");
    writeFstFile(makeCapture(300), one);
    EXPECT_FALSE(openFstFile(one).openingRange().has_value());
    EXPECT_FALSE(f.whole.openingRange().has_value());
    view.reset(f.whole);
    EXPECT_TRUE(view.isFitted());
    std::filesystem::remove(one);
}

TEST(FstWindow, WideSignalsCarryTheirWholeValues) {
    RS_REQUIRE_FST();
    WaveformStore s;
    s.setTickSeconds(1e-9);
    const SignalId wide = s.addSignal("wide", 200), narrow = s.addSignal("n", 8);
    rs::wavetest::XorShift next;
    for (Tick t = 0; t < 6000; ++t) {
        const std::uint64_t v[4] = {next(), next(), next(), next()};
        if (t % 3 == 0) s.sampleWords(wide, t, v);
        s.sample(narrow, t, t);
    }
    s.advance(6001);
    const std::string path = tempPath("widewindow.fst");
    FstOptions o;
    o.changesPerBlock = 1000;
    writeFstFile(s, path, o);
    const WaveformStore lazy = openFstFile(path);
    lazy.loadWindow(allSignals(lazy), 3001, 3100);
    EXPECT_FALSE(lazy.isLoaded(*lazy.find("wide")));
    expectSameDrawing(s, lazy, 3001, 3100, 100);
    expectSameDrawing(s, lazy, 3001, 3100, 7);
    std::filesystem::remove(path);
}

TEST(FstWindow, AStoreWithoutWindowsLoadsWhole) {
    RS_REQUIRE_FST();
    WaveformStore vcdLike = makeCapture(100); // in memory: nothing waits
    vcdLike.loadWindow({0, 1}, 10, 20);
    EXPECT_TRUE(vcdLike.isLoaded(0));
    const DrawWindow w = vcdLike.drawWindow(*vcdLike.find("addr"), 10, 20, 10);
    EXPECT_EQ(w.items.size(), 10u);
    EXPECT_EQ(w.start.size(), 1u);
}

} // namespace
