// Pipeline lanes (hw/ip/ascon/pipelinelanes.h) of real captured encryptions against the documented clock
// formula (hw/CYCLES.md, hw/ip/ascon/asconipcycles.h) and the front end's Fig. 7 alignment: every block's
// issue, delay stages, waiting, take, kind, permutation span and the length / lane 0 / lane 1 spans.
#include "tests/hw/hwtest.h"

#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/asconipcycles.h"
#include "hw/ip/ascon/pipelinelanes.h"

namespace rs::hw {
// Readable failures: gtest finds this through ADL.
inline void PrintTo(const ClockSpan& s, std::ostream* os) {
    *os << "[" << s.begin << ", " << s.end << ")";
}
} // namespace rs::hw

namespace {

using rs::crypto::Bytes;
using rs::hw::BlockKind;
using rs::hw::ClockSpan;
using rs::waveform::Tick;

Tick firstLoad(const rs::waveform::WaveformStore& s, Tick from = 0) {
    const auto id = *s.find("phase");
    for (Tick t = from; t < s.endTick(); ++t)
        if (s.valueAt(id, t) == 1) return t;
    return s.endTick();
}

TEST(IpLanes, EveryBlockFollowsTheCycleFormula) {
    const std::pair<std::size_t, std::size_t> lengths[] = {{0, 0}, {16, 16}, {32, 40}, {5, 17}};
    std::mt19937 rng(42);
    rs::hw::AsconIp ip;
    int checked = 0;
    for (const auto& v : rs::test::ipVariants()) {
        for (int unroll : {1, 2, 4, 12}) {
            for (int mode = 0; mode < 3; ++mode) {
                for (const auto& [adLen, msgLen] : lengths) {
                    rs::hw::AsconIpOptions opt;
                    opt.unroll = unroll;
                    opt.precomputed = mode > 0;
                    opt.adPrecomputed = mode == 2;
                    rs::waveform::WaveformStore store;
                    opt.capture = &store;
                    opt.captureGroups = {"control", "pipeline"};
                    const Bytes key = rs::test::randomBytes(rng, 16), nonce = rs::test::randomBytes(rng, 16);
                    const Bytes ad = rs::test::randomBytes(rng, adLen),
                                pt = rs::test::randomBytes(rng, msgLen);
                    const auto run = ip.encrypt(v.variant, key, nonce, ad, pt, opt).run;
                    ASSERT_FALSE(run.stalled);
                    const rs::hw::AsconIpCycleQuery q{v.variant, unroll, opt.precomputed, opt.adPrecomputed,
                                                      false,     adLen,  msgLen};
                    const auto f = rs::hw::expectedCycles(q);
                    const auto& terms = f.terms;
                    SCOPED_TRACE(std::string(v.id) + " unroll " + std::to_string(unroll) + " mode " +
                                 std::to_string(mode) + " |A|=" + std::to_string(adLen) +
                                 " |P|=" + std::to_string(msgLen));

                    const auto lanes = rs::hw::extractPipelineLanes(store);
                    const Tick w = static_cast<Tick>(terms.wordsPerBlock);
                    const Tick na = static_cast<Tick>(terms.initClocks);
                    const Tick nb = static_cast<Tick>(terms.blockPermClocks);
                    const Tick m = static_cast<Tick>(terms.blockClocks);
                    const Tick r0 = opt.precomputed ? 1 : 1 + na;
                    const Tick c0 = std::max(1 + w, r0);
                    const std::size_t s = terms.adBlocks, t = terms.fullBlocks;

                    EXPECT_EQ(lanes.wordsPerBlock, terms.wordsPerBlock);
                    EXPECT_EQ(lanes.load, firstLoad(store));
                    EXPECT_EQ(lanes.end - lanes.load, f.core.total());
                    const Tick load = lanes.load;
                    if (opt.precomputed)
                        EXPECT_EQ(lanes.initialisation.length(), 0u);
                    else
                        EXPECT_EQ(lanes.initialisation, (ClockSpan{load + 1, load + 1 + na}));
                    ASSERT_EQ(lanes.blocks.size(), s + t + 1);
                    for (std::size_t j = 0; j < lanes.blocks.size(); ++j) {
                        const auto& b = lanes.blocks[j];
                        SCOPED_TRACE("block " + std::to_string(j));
                        EXPECT_EQ(b.index, static_cast<int>(j));
                        const BlockKind kind = j < s ? BlockKind::AssociatedData
                                                     : (j < s + t ? BlockKind::Message : BlockKind::Last);
                        EXPECT_EQ(rs::hw::blockKindName(b.kind), rs::hw::blockKindName(kind));
                        EXPECT_EQ(b.take, load + c0 + j * m);
                        // Block 0 is issued in the clock after LOAD; each next one in the take clock
                        // of the block before it (the line is then emptied by that take).
                        EXPECT_EQ(b.issue, j == 0 ? load + 1 : lanes.blocks[j - 1].take);
                        // Nothing holds the line: one clock per stage, presented w clocks after issue.
                        ASSERT_EQ(b.stages.size(), static_cast<std::size_t>(w));
                        for (Tick k = 1; k < w; ++k)
                            EXPECT_EQ(b.stages[k - 1], (ClockSpan{b.issue + k, b.issue + k + 1})) << "d" << k;
                        EXPECT_EQ(b.stages[w - 1], (ClockSpan{b.issue + w, b.take + 1}));
                        EXPECT_EQ(b.waiting, (ClockSpan{b.issue + w, b.take}));
                        EXPECT_EQ(b.permutation,
                                  (ClockSpan{b.take, b.take + (kind == BlockKind::Last ? na : nb)}));
                        // Fig. 7: length from issue, lane 0 once word 1 is in (issue + 2), lane 1 once
                        // word 3 is in (issue + 4), all three through the take clock.
                        EXPECT_EQ(b.length, (ClockSpan{b.issue, b.take + 1}));
                        EXPECT_EQ(b.lane0, (ClockSpan{b.issue + 2, b.take + 1}));
                        EXPECT_EQ(b.lane1, w == 4 ? (ClockSpan{b.issue + 4, b.take + 1}) : ClockSpan{});
                    }
                    EXPECT_EQ(lanes.blocks.back().permutation.end, lanes.end);
                    if (HasFailure()) return;
                    ++checked;
                }
            }
        }
    }
    EXPECT_EQ(checked, 3 * 4 * 3 * 4);
}

TEST(IpLanes, ConsecutiveOperationsInOneStoreAreFoundFromATick) {
    rs::hw::AsconIp ip;
    rs::waveform::WaveformStore store;
    rs::hw::AsconIpOptions opt;
    opt.unroll = 2;
    opt.capture = &store;
    const Bytes key(16, 1), nonce(16, 2);
    ip.encrypt(rs::crypto::AsconAeadVariant::Ascon128av12, key, nonce, Bytes(3, 3), Bytes(20, 4), opt);
    ip.encrypt(rs::crypto::AsconAeadVariant::Ascon128v12, key, nonce, {}, Bytes(8, 5), opt);
    const auto a = rs::hw::extractPipelineLanes(store);
    EXPECT_EQ(a.wordsPerBlock, 4);
    EXPECT_EQ(a.blocks.size(), 1u + 1u + 1u);
    const auto b = rs::hw::extractPipelineLanes(store, a.end);
    EXPECT_EQ(b.load, firstLoad(store, a.end));
    EXPECT_GT(b.load, a.end);
    EXPECT_EQ(b.wordsPerBlock, 2);
    ASSERT_EQ(b.blocks.size(), 2u);
    EXPECT_EQ(b.blocks[0].kind, BlockKind::Message);
    EXPECT_EQ(b.blocks[1].kind, BlockKind::Last);
    EXPECT_EQ(rs::hw::extractPipelineLanes(store, b.load).load, b.load);
    try {
        rs::hw::extractPipelineLanes(store, b.load + 1);
        ADD_FAILURE() << "no third operation";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("no operation"), std::string::npos) << e.what();
    }
    // The phase signal names the FSM's states for the waveform view.
    const auto& names = store.signal(*store.find("phase")).valueNames;
    EXPECT_EQ(names.size(), 6u);
    EXPECT_EQ(names.at(0), "idle");
    EXPECT_EQ(names.at(3), "AD");
    EXPECT_EQ(names.at(5), "final");
}

TEST(IpLanes, AStreamedRunHoldsTheLineAndStaysConsistent) {
    // 240 message bytes do not fit the input FIFO: the host refills it during the run at two clocks
    // per word, the front end reads one word per clock, so stages hold and blocks wait for words.
    rs::hw::AsconIp ip;
    rs::waveform::WaveformStore store;
    rs::hw::AsconIpOptions opt;
    opt.unroll = 12;
    opt.capture = &store;
    opt.captureGroups = {"control", "pipeline"};
    const auto run = ip.encrypt(rs::crypto::AsconAeadVariant::AsconAead128, Bytes(16, 1), Bytes(16, 2),
                                Bytes(40, 3), Bytes(240, 4), opt)
                         .run;
    ASSERT_TRUE(run.streamed);
    ASSERT_TRUE(run.stalled);
    const auto lanes = rs::hw::extractPipelineLanes(store);
    EXPECT_EQ(lanes.wordsPerBlock, 4);
    ASSERT_EQ(lanes.blocks.size(), 3u + 15u + 1u);
    EXPECT_EQ(lanes.end - lanes.load, run.cycles.core());
    bool held = false;
    for (const auto& b : lanes.blocks) {
        SCOPED_TRACE("block " + std::to_string(b.index));
        ASSERT_EQ(b.stages.size(), 4u);
        EXPECT_EQ(b.stages[0].begin, b.issue + 1);
        for (std::size_t k = 1; k < 4; ++k)
            EXPECT_EQ(b.stages[k].begin, b.stages[k - 1].end);
        EXPECT_EQ(b.stages[3].end, b.take + 1);
        EXPECT_EQ(b.lane0.begin, b.stages[1].begin);
        EXPECT_EQ(b.lane1.begin, b.stages[3].begin);
        EXPECT_EQ(b.length.end, b.take + 1);
        EXPECT_GE(b.take - b.issue, 4u);
        for (std::size_t k = 0; k < 3; ++k)
            held = held || b.stages[k].length() > 1;
    }
    EXPECT_TRUE(held) << "some block waited in d1..d3 for a word";
}

TEST(IpLanes, MissingSignalsAndEmptyStoresAreRejected) {
    rs::hw::AsconIp ip;
    rs::waveform::WaveformStore store;
    rs::hw::AsconIpOptions opt;
    opt.capture = &store;
    opt.captureGroups = {"control"};
    ip.encrypt(rs::crypto::AsconAeadVariant::Ascon128v12, Bytes(16, 1), Bytes(16, 2), {}, {}, opt);
    try {
        rs::hw::extractPipelineLanes(store);
        ADD_FAILURE() << "no pipeline signals";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("'fe_stage'"), std::string::npos) << e.what();
    }
    rs::waveform::WaveformStore empty;
    try {
        rs::hw::extractPipelineLanes(empty);
        ADD_FAILURE() << "empty store";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("'phase'"), std::string::npos) << e.what();
    }
    // Every signal there, but no LOAD clock in it.
    rs::waveform::WaveformStore idle;
    for (const char* name : {"phase", "busy", "fe_stage", "blk_valid", "take", "perm_busy"})
        idle.addSignal(name, name == std::string("phase") ? 3 : 4);
    idle.advance(100);
    try {
        rs::hw::extractPipelineLanes(idle);
        ADD_FAILURE() << "no operation";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("no operation"), std::string::npos) << e.what();
    }
}

} // namespace
