// Two dumps compared (core/waveform/wavediff.h): pairing by name, the first difference and its values,
// the intervals that differ, width mismatches, alignment on a signal's first event, x/z as read.
#include <gtest/gtest.h>

#include <sstream>

#include "core/waveform/vcd.h"
#include "core/waveform/wavediff.h"
#include "tests/waveform/wavetest.h"

namespace {

using rs::waveform::diffWaveforms;
using rs::waveform::SignalDiff;
using rs::waveform::WaveDiff;
using rs::waveform::WaveDiffError;
using rs::waveform::WaveDiffOptions;
using rs::waveform::WaveformStore;

const SignalDiff& pair(const WaveDiff& d, const std::string& name) {
    for (const SignalDiff& p : d.pairs)
        if (p.name == name) return p;
    throw std::runtime_error("no pair " + name);
}

/** A clock of period 10 from `start` on (low before), a counter that steps on each rising edge from
 *  `start` on (and reads 99 from `glitch` to the next edge, when glitch is a falling edge), and a flag
 *  bit; `end` ticks long. */
WaveformStore counter(rs::waveform::Tick start, rs::waveform::Tick end, rs::waveform::Tick glitch = 0) {
    WaveformStore s;
    const auto clk = s.addSignal("clk", 1, "top");
    const auto count = s.addSignal("count", 8, "top");
    const auto flag = s.addSignal("flag", 1, "top");
    s.sample(clk, 0, 0);
    s.sample(count, 0, 0);
    s.sample(flag, 0, 0);
    std::uint64_t n = 0;
    for (rs::waveform::Tick t = start; t < end; t += 10) {
        s.sample(clk, t, 1);
        s.sample(count, t, ++n);
        if (t + 5 < end) s.sample(clk, t + 5, 0);
        if (t + 5 == glitch) s.sample(count, glitch, 99);
    }
    s.advance(end);
    return s;
}

TEST(WaveDiff, EqualDumpsAreEqual) {
    const WaveformStore a = rs::wavetest::makeCapture(2000);
    const WaveformStore b = rs::wavetest::makeCapture(2000);
    const WaveDiff d = diffWaveforms(a, b);
    EXPECT_TRUE(d.equal());
    ASSERT_EQ(d.pairs.size(), a.signalCount());
    for (const SignalDiff& p : d.pairs) {
        EXPECT_TRUE(p.equal) << p.name;
        EXPECT_FALSE(p.firstTick) << p.name;
        EXPECT_EQ(p.intervals, 0u) << p.name;
    }
    EXPECT_EQ(d.begin, 0);
    EXPECT_EQ(d.end, static_cast<std::int64_t>(a.endTick()));
}

TEST(WaveDiff, OneBitChangeAtAKnownTick) {
    const WaveformStore a = counter(10, 200);
    WaveformStore b = counter(10, 200);
    // flag rises at 73 in B only, for 7 ticks, then again from 150 to the end.
    b.sample(*b.find("flag"), 73, 1);
    b.sample(*b.find("flag"), 80, 0);
    b.sample(*b.find("flag"), 150, 1);
    const WaveDiff d = diffWaveforms(a, b);
    EXPECT_FALSE(d.equal());
    EXPECT_TRUE(pair(d, "clk").equal);
    EXPECT_TRUE(pair(d, "count").equal);
    const SignalDiff& f = pair(d, "flag");
    EXPECT_FALSE(f.equal);
    ASSERT_TRUE(f.firstTick);
    EXPECT_EQ(*f.firstTick, 73);
    EXPECT_EQ(f.valueA, std::vector<std::uint64_t>{0});
    EXPECT_EQ(f.valueB, std::vector<std::uint64_t>{1});
    EXPECT_EQ(f.intervals, 2u);
    EXPECT_EQ(f.ticks, 7u + 50u);

    // Only the chosen signals are compared, in the order given.
    WaveDiffOptions only;
    only.names = {"count", "clk"};
    const WaveDiff c = diffWaveforms(a, b, only);
    EXPECT_TRUE(c.equal());
    ASSERT_EQ(c.pairs.size(), 2u);
    EXPECT_EQ(c.pairs[0].name, "count");
}

TEST(WaveDiff, WideValuesDifferInTheirHighWord) {
    WaveformStore a;
    WaveformStore b;
    const std::uint64_t lowA[] = {1, 2, 3};
    const std::uint64_t lowB[] = {1, 2, 4};
    a.sampleWords(a.addSignal("state", 160), 5, lowA);
    b.sampleWords(b.addSignal("state", 160), 5, lowB);
    a.advance(20);
    b.advance(20);
    const WaveDiff d = diffWaveforms(a, b);
    const SignalDiff& p = pair(d, "state");
    ASSERT_TRUE(p.firstTick);
    EXPECT_EQ(*p.firstTick, 5);
    EXPECT_EQ(p.valueA, (std::vector<std::uint64_t>{1, 2, 3}));
    EXPECT_EQ(p.valueB, (std::vector<std::uint64_t>{1, 2, 4}));
    EXPECT_EQ(p.ticks, 15u);
}

TEST(WaveDiff, WidthMismatchIsReportedNotWalked) {
    WaveformStore a;
    WaveformStore b;
    a.sample(a.addSignal("bus", 8), 0, 3);
    b.sample(b.addSignal("bus", 16), 0, 3);
    a.advance(10);
    b.advance(10);
    const WaveDiff d = diffWaveforms(a, b);
    EXPECT_FALSE(d.equal());
    const SignalDiff& p = pair(d, "bus");
    EXPECT_TRUE(p.widthMismatch());
    EXPECT_FALSE(p.equal);
    EXPECT_EQ(p.widthA, 8);
    EXPECT_EQ(p.widthB, 16);
    EXPECT_FALSE(p.firstTick);
}

TEST(WaveDiff, AlignsOnASignalsFirstRisingEdge) {
    // The same run started 30 ticks later in B (reset held longer): by time everything differs, aligned
    // on clk's first rising edge nothing does.
    const WaveformStore a = counter(20, 300);
    const WaveformStore b = counter(50, 330);
    EXPECT_FALSE(diffWaveforms(a, b).equal());
    WaveDiffOptions byClock;
    byClock.alignSignal = "clk";
    const WaveDiff d = diffWaveforms(a, b, byClock);
    EXPECT_EQ(d.offsetA, 20u);
    EXPECT_EQ(d.offsetB, 50u);
    EXPECT_EQ(d.begin, -20);
    EXPECT_EQ(d.end, 280);
    EXPECT_TRUE(d.equal()) << (d.pairs[1].firstTick ? *d.pairs[1].firstTick : -999);
    // A wide signal aligns on its first change after tick 0: count steps to 1 at the first edge too.
    byClock.alignSignal = "count";
    EXPECT_TRUE(diffWaveforms(a, b, byClock).equal());

    // A glitch in B after alignment: the first difference is at that aligned tick.
    const WaveformStore late = counter(50, 330, 50 + 95);
    byClock.alignSignal = "clk";
    const WaveDiff g = diffWaveforms(a, late, byClock);
    const SignalDiff& p = pair(g, "count");
    ASSERT_TRUE(p.firstTick);
    EXPECT_EQ(*p.firstTick, 95);
    EXPECT_EQ(p.valueA, std::vector<std::uint64_t>{10});
    EXPECT_EQ(p.valueB, std::vector<std::uint64_t>{99});
    EXPECT_EQ(p.intervals, 1u);
    EXPECT_EQ(p.ticks, 5u);
}

WaveformStore vcd(const std::string& value) {
    std::istringstream in("$timescale 1 ns $end\n$scope module t $end\n$var wire 1 ! a $end\n"
                          "$var wire 4 \" v $end\n$upscope $end\n$enddefinitions $end\n"
                          "#0\n0!\nb0000 \"\n#10\n" +
                          value + "\n#20\n0!\nb0000 \"\n#30\n");
    return rs::waveform::readVcd(in);
}

TEST(WaveDiff, XAndZCompareAsTheStoreReadsThem) {
    // x is no wildcard: x against 1 differs (at tick 10, for 10 ticks), x against x and z does not.
    const WaveDiff d = diffWaveforms(vcd("x!\nbx01x \""), vcd("1!\nb1011 \""));
    const SignalDiff& a = pair(d, "a");
    ASSERT_TRUE(a.firstTick);
    EXPECT_EQ(*a.firstTick, 10);
    EXPECT_EQ(a.ticks, 10u);
    const SignalDiff& v = pair(d, "v");
    ASSERT_TRUE(v.firstTick);
    EXPECT_EQ(v.valueA, std::vector<std::uint64_t>{0b0010});
    EXPECT_EQ(v.valueB, std::vector<std::uint64_t>{0b1011});
    EXPECT_TRUE(diffWaveforms(vcd("x!\nbx01z \""), vcd("z!\nbz01x \"")).equal());
}

TEST(WaveDiff, MissingSignalsNameTheDump) {
    WaveformStore a = counter(10, 100);
    WaveformStore b = counter(10, 100);
    a.addSignal("extra", 1);
    const WaveDiff d = diffWaveforms(a, b);
    EXPECT_FALSE(d.equal()); // a signal only one dump has
    EXPECT_EQ(d.onlyInA, std::vector<std::string>{"extra"});
    EXPECT_TRUE(d.onlyInB.empty());
    WaveDiffOptions opt;
    opt.names = {"extra"};
    try {
        diffWaveforms(a, b, opt);
        FAIL() << "no error";
    } catch (const WaveDiffError& e) {
        EXPECT_STREQ(e.what(), "--signals: no signal 'extra' in dump B");
    }
    opt.names.clear();
    opt.alignSignal = "extra";
    try {
        diffWaveforms(a, b, opt);
        FAIL() << "no error";
    } catch (const WaveDiffError& e) {
        EXPECT_STREQ(e.what(), "--align: extra never rises in dump A");
    }
    opt.names = {"nosuch"}; // missing from both: A is named
    EXPECT_THROW(
        try { diffWaveforms(a, b, opt); } catch (const WaveDiffError& e) {
            EXPECT_STREQ(e.what(), "--signals: no signal 'nosuch' in dump A");
            throw;
        },
        WaveDiffError);
    opt.names.clear();
    opt.alignSignal = "nosuch";
    EXPECT_THROW(diffWaveforms(b, a, opt), WaveDiffError);
}

} // namespace

namespace {

TEST(WaveCompare, OneStoreHoldsBothDumpsAndADiffRowPerPair) {
    // B started 30 ticks later with a glitch at aligned tick 95: aligned on clk, the merged store's tick t
    // is aligned tick begin + t, A's and B's rows hold their values there and the diff row is 1 exactly
    // while count differs.
    const WaveformStore a = counter(20, 300);
    const WaveformStore b = counter(50, 330, 50 + 95);
    WaveDiffOptions byClock;
    byClock.alignSignal = "clk";
    const rs::waveform::ComparedDumps c = rs::waveform::compareDumps(a, b, byClock);
    EXPECT_EQ(c.diff.begin, -20);
    EXPECT_EQ(c.diff.end, 280);
    EXPECT_EQ(c.store.endTick(), 300u);
    ASSERT_EQ(c.rows.size(), 3u);
    ASSERT_EQ(c.diff.pairs.size(), 3u);
    const auto& count = c.rows[1];
    EXPECT_EQ(count.name, "count");
    ASSERT_TRUE(count.a && count.b && count.differs);
    EXPECT_EQ(c.store.signal(*count.a).name, "A.count");
    EXPECT_EQ(c.store.signal(*count.a).group, "A");
    EXPECT_EQ(c.store.signal(*count.b).name, "B.count");
    EXPECT_EQ(c.store.signal(*count.differs).name, "diff.count");
    EXPECT_EQ(c.store.signal(*count.differs).width, 1);
    // aligned tick 95 is merged tick 115; A reads 10 there, B its glitch 99
    EXPECT_EQ(c.store.valueAt(*count.a, 115), 10u);
    EXPECT_EQ(c.store.valueAt(*count.b, 115), 99u);
    EXPECT_EQ(c.store.valueAt(*count.a, 0), a.valueAt(a.find("count").value(), 0));
    EXPECT_EQ(c.store.valueAt(*count.b, 119), b.valueAt(b.find("count").value(), 50 + 99));
    for (rs::waveform::Tick t = 0; t < 300; ++t) {
        const bool differs = c.store.valueAt(*count.a, t) != c.store.valueAt(*count.b, t);
        EXPECT_EQ(c.store.valueAt(*count.differs, t), differs ? 1u : 0u) << "tick " << t;
    }
    EXPECT_EQ(c.store.changeCount(*count.differs), 3u) << "0, 1 at the glitch, 0 again";
    EXPECT_EQ(*c.diff.pairs[1].firstTick, 95);
    // the clock pair is equal: its diff row stays 0
    ASSERT_TRUE(c.rows[0].differs);
    EXPECT_EQ(c.store.changeCount(*c.rows[0].differs), 1u);
    EXPECT_EQ(c.store.valueAt(*c.rows[0].differs, 150), 0u);
}

TEST(WaveCompare, AWidthMismatchHasNoRowsAndErrorsAreThoseOfTheDiff) {
    WaveformStore a;
    const auto va = a.addSignal("v", 4);
    a.sample(va, 0, 3);
    a.advance(10);
    WaveformStore b;
    const auto vb = b.addSignal("v", 8);
    b.sample(vb, 0, 3);
    b.advance(10);
    const rs::waveform::ComparedDumps c = rs::waveform::compareDumps(a, b);
    ASSERT_EQ(c.rows.size(), 1u);
    EXPECT_FALSE(c.rows[0].a);
    EXPECT_FALSE(c.rows[0].differs);
    EXPECT_EQ(c.store.signalCount(), 0u);
    EXPECT_TRUE(c.diff.pairs[0].widthMismatch());
    WaveDiffOptions missing;
    missing.alignSignal = "clk";
    EXPECT_THROW(rs::waveform::compareDumps(a, b, missing), WaveDiffError);
}

} // namespace
