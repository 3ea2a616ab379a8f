// The ML-DSA unit's lanes (hw/ip/mldsa/mldsalanes.h) from real captures at every built B: the layer spans
// follow mldsaIpCycles (8 layers of 128/B issue clocks back to back after the START clock, the last write 6
// clocks after the last issue), every issue clock reads all 2B banks and no other clock reads any, the layer
// boundaries, and the link of the model's NTT / NTT^-1 trace steps to the clocks of their layer's last
// write (exact for NTT; NTT^-1's inner layers are the model's times 2^-k). Bad captures and traces are
// clear errors.
#include <gtest/gtest.h>

#include <bit>
#include <functional>
#include <random>
#include <stdexcept>

#include "core/crypto/mldsantt.h"
#include "core/waveform/waveformstore.h"
#include "hw/ip/mldsa/mldsaip.h"
#include "hw/ip/mldsa/mldsalanes.h"
#include "tests/hw/hwtest.h"

namespace {

using namespace rs::hw;
using rs::crypto::MlDsaPoly;
using rs::oracle::MlDsaKind;
using rs::waveform::Tick;
using rs::waveform::WaveformStore;

MlDsaPoly randomPoly(unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::int32_t> d(0, rs::crypto::kMlDsaQ - 1);
    MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

/** One operation of the unit captured into `store` (after whatever the store held). */
void capture(WaveformStore& store, MlDsaIp& ip, MlDsaKind op, int b, unsigned seed = 1) {
    ip.captureInto(&store);
    ip.run(op, randomPoly(seed), randomPoly(seed + 1), b);
    ip.captureInto(nullptr);
}

std::string invalidArgumentOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(no invalid_argument)";
}

TEST(MlDsaLanes, LayerSpansFollowTheCycleFormulaAtEveryB) {
    for (const int b : MlDsaIp::supportedButterflies()) {
        for (const MlDsaKind op :
             {MlDsaKind::Ntt, MlDsaKind::InverseNtt, MlDsaKind::MultiplyNtt, MlDsaKind::AddNtt}) {
            WaveformStore store;
            MlDsaIp ip;
            capture(store, ip, op, b);
            const MlDsaLanes lanes = extractMlDsaLanes(store);
            const std::string what = rs::test::mldsaId(op) + " B=" + std::to_string(b);
            EXPECT_EQ(lanes.butterflies, b) << what;
            const bool transform = op == MlDsaKind::Ntt || op == MlDsaKind::InverseNtt;
            const Tick perLayer = 128 / static_cast<Tick>(b);
            ASSERT_EQ(lanes.layers.size(), transform ? 8u : 1u) << what;
            // CYCLES = the START clock + the issue clocks + the drain: the busy clocks.
            EXPECT_EQ(lanes.end - lanes.start, mldsaIpCycles(op, b)) << what;
            EXPECT_EQ(lanes.clocks.size(), mldsaIpCycles(op, b)) << what;
            // The start clock is the one in which the bus writes CTRL.START (address 0x00, data 1).
            EXPECT_EQ(store.valueAt(*store.find("awaddr"), lanes.start), 0u) << what;
            EXPECT_EQ(store.valueAt(*store.find("wvalid"), lanes.start), 1u) << what;
            EXPECT_EQ(store.valueAt(*store.find("wdata"), lanes.start), 1u) << what;
            EXPECT_EQ(store.valueAt(*store.find("busy"), lanes.start), 0u) << what;
            for (std::size_t l = 0; l < lanes.layers.size(); ++l) {
                const MlDsaLayerSpan& s = lanes.layers[l];
                EXPECT_EQ(s.layer, static_cast<int>(l)) << what;
                EXPECT_EQ(s.issue.begin, lanes.start + 1 + l * perLayer) << what << " layer " << l;
                EXPECT_EQ(s.issue.length(), perLayer) << what << " layer " << l;
                EXPECT_EQ(s.span.begin, s.issue.begin);
                EXPECT_EQ(s.lastWrite, s.issue.end - 1 + kMlDsaIpDrainClocks) << what << " layer " << l;
                EXPECT_EQ(s.span.end, s.lastWrite + 1);
            }
            EXPECT_EQ(lanes.layers.back().span.end, lanes.end)
                << what << ": the last write ends the operation";
            const std::vector<Tick> bounds = lanes.boundaries();
            ASSERT_EQ(bounds.size(), lanes.layers.size() - 1);
            for (std::size_t i = 0; i < bounds.size(); ++i)
                EXPECT_EQ(bounds[i], lanes.layers[i].issue.end) << what << ": layers issue back to back";
            // Per clock: every issue clock reads all 2B banks, no other clock reads any; every write clock
            // writes all 2B banks of slot A; the stages advance one clock each.
            std::uint32_t previous = 0;
            const std::uint32_t all = (1u << (2 * b)) - 1;
            for (const MlDsaLaneClock& c : lanes.clocks) {
                const bool issuing = (c.stages & 1u) != 0;
                EXPECT_EQ(std::popcount(c.bankReads), issuing ? 2 * b : 0) << what << " tick " << c.tick;
                if (issuing) {
                    EXPECT_EQ(c.bankReads, all);
                }
                EXPECT_EQ(c.bankWrites, (c.stages & (1u << 6)) ? all : 0u) << what << " tick " << c.tick;
                EXPECT_EQ((c.stages >> 1) & 0x3fu, previous & 0x3fu) << what << " tick " << c.tick;
                previous = c.stages;
            }
        }
    }
}

TEST(MlDsaLanes, TheSecondOperationOfACaptureAndBadCapturesAreClearErrors) {
    WaveformStore store;
    MlDsaIp ip;
    capture(store, ip, MlDsaKind::AddNtt, 4);
    const MlDsaLanes first = extractMlDsaLanes(store);
    capture(store, ip, MlDsaKind::Ntt, 4);
    const MlDsaLanes second = extractMlDsaLanes(store, first.end);
    EXPECT_GT(second.start, first.end);
    EXPECT_EQ(second.layers.size(), 8u);
    EXPECT_EQ(second.butterflies, 4);
    EXPECT_EQ(invalidArgumentOf([&] { extractMlDsaLanes(store, second.end); }),
              "ML-DSA lanes: no operation starts at or after tick " + std::to_string(second.end));
    WaveformStore empty;
    EXPECT_EQ(invalidArgumentOf([&] { extractMlDsaLanes(empty); }),
              "ML-DSA lanes: the capture lacks signal 'busy' (group control)");
    WaveformStore noBanks;
    for (const char* n : {"busy", "layer", "stage_issue", "stage_read", "stage_pre", "stage_mul1",
                          "stage_mul2", "stage_mul3", "stage_write"})
        noBanks.addSignal(n, 1, "lanes");
    EXPECT_NE(invalidArgumentOf([&] { extractMlDsaLanes(noBanks); }).find("0 banks"), std::string::npos);
    // A capture cut inside the operation.
    store.truncate(second.layers[3].issue.begin);
    EXPECT_NE(
        invalidArgumentOf([&] { extractMlDsaLanes(store, first.end); }).find("ends inside the operation"),
        std::string::npos);
}

TEST(MlDsaLanes, NttStepsLinkExactlyToTheirLayersLastWrite) {
    for (const int b : MlDsaIp::supportedButterflies()) {
        WaveformStore store;
        MlDsaIp ip;
        capture(store, ip, MlDsaKind::Ntt, b);
        const MlDsaLanes lanes = extractMlDsaLanes(store);
        rs::crypto::Trace trace;
        rs::crypto::mldsaNttTraced(randomPoly(1), trace);
        const auto link = linkMlDsaTraceToCycles(trace, lanes);
        ASSERT_EQ(link.size(), 9u);
        EXPECT_EQ(link[0].cycle, lanes.start);
        for (std::size_t k = 0; k < link.size(); ++k) {
            EXPECT_TRUE(link[k].exact) << k;
            EXPECT_EQ(link[k].halvings, 0);
            EXPECT_TRUE(link[k].note.empty());
            EXPECT_EQ(link[k].layer, static_cast<int>(k));
            if (k > 0) {
                EXPECT_EQ(link[k].cycle, lanes.start + k * (128 / b) + kMlDsaIpDrainClocks) << "B=" << b;
                EXPECT_EQ(link[k].cycle, lanes.layers[k - 1].lastWrite);
            }
        }
        EXPECT_EQ(*link.back().cycle + 1, lanes.start + mldsaIpCycles(MlDsaKind::Ntt, b));
    }
}

TEST(MlDsaLanes, InverseNttStepsSayTheRtlHoldsTheModelHalved) {
    WaveformStore store;
    MlDsaIp ip;
    capture(store, ip, MlDsaKind::InverseNtt, 2);
    const MlDsaLanes lanes = extractMlDsaLanes(store);
    rs::crypto::Trace trace;
    const MlDsaPoly out = rs::crypto::mldsaInverseNttTraced(randomPoly(1), trace);
    const auto link = linkMlDsaTraceToCycles(trace, lanes);
    ASSERT_EQ(link.size(), 10u); // input, 8 Gentleman–Sande layers, × 256⁻¹
    EXPECT_TRUE(link[0].exact);
    for (int k = 1; k <= 8; ++k) {
        EXPECT_FALSE(link[k].exact) << k;
        EXPECT_EQ(link[k].halvings, k);
        EXPECT_NE(link[k].note.find("2^-" + std::to_string(k)), std::string::npos) << link[k].note;
        EXPECT_EQ(link[k].cycle, lanes.layers[k - 1].lastWrite);
    }
    EXPECT_TRUE(link[9].exact);
    EXPECT_EQ(link[9].cycle, link[8].cycle); // the RTL's last layer lands the final result
    // The folded factors account for the model's last step: layer 8 halved 8 times is × 256⁻¹, which is
    // the unit's output (the RTL == model tests check the unit gives `out`).
    EXPECT_EQ(mldsaHalved(trace.steps[8].state, 8), trace.steps[9].state);
    EXPECT_EQ(trace.steps[9].state, rs::crypto::mldsaPolyToBytes(out));
    EXPECT_NE(mldsaHalved(trace.steps[8].state, 7), trace.steps[9].state);
    EXPECT_EQ(mldsaHalved(trace.steps[3].state, 0), trace.steps[3].state);
    EXPECT_THROW(mldsaHalved(std::vector<std::uint8_t>(10), 1), std::invalid_argument);
}

TEST(MlDsaLanes, OtherTracesAndPassesAreRefused) {
    WaveformStore store;
    MlDsaIp ip;
    capture(store, ip, MlDsaKind::MultiplyNtt, 1);
    const MlDsaLanes pwm = extractMlDsaLanes(store);
    rs::crypto::Trace ntt;
    rs::crypto::mldsaNttTraced(randomPoly(3), ntt);
    EXPECT_EQ(invalidArgumentOf([&] { linkMlDsaTraceToCycles(ntt, pwm); }),
              "ML-DSA link: the capture's operation has 1 layers, not the 8 of NTT / NTT^-1");
    rs::crypto::Trace other = ntt;
    other.layout.name = "ascon-320";
    MlDsaLanes eight = pwm;
    eight.layers.resize(8);
    EXPECT_NE(invalidArgumentOf([&] { linkMlDsaTraceToCycles(other, eight); }).find("not mldsa-poly"),
              std::string::npos);
    rs::crypto::Trace past = ntt;
    past.steps[3].round = 9; // an NTT has no ninth step
    EXPECT_NE(invalidArgumentOf([&] { linkMlDsaTraceToCycles(past, eight); }).find("past the transform"),
              std::string::npos);
    rs::crypto::Trace badButterfly = ntt;
    badButterfly.steps[3].step = "layer 3 butterfly 129: (0, 16), ζ = 1"; // a layer has 128 butterflies
    EXPECT_NE(
        invalidArgumentOf([&] { linkMlDsaTraceToCycles(badButterfly, eight); }).find("no butterfly 1..128"),
        std::string::npos);
    badButterfly.steps[3].step = "layer 3 butterfly 5: (4, 20), ζ = 1"; // lanes whose layers issue nothing
    EXPECT_NE(
        invalidArgumentOf([&] { linkMlDsaTraceToCycles(badButterfly, eight); }).find("cannot be placed"),
        std::string::npos);
    badButterfly.steps[3].step = "layer 3 butterfly 0: (0, 16), ζ = 1";
    EXPECT_NE(
        invalidArgumentOf([&] { linkMlDsaTraceToCycles(badButterfly, eight); }).find("no butterfly 1..128"),
        std::string::npos);
    past.steps[3].phase = "permutation";
    EXPECT_NE(invalidArgumentOf([&] { linkMlDsaTraceToCycles(past, eight); }).find("not of an NTT"),
              std::string::npos);
}

} // namespace
