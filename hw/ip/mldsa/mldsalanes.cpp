#include "hw/ip/mldsa/mldsalanes.h"

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "core/crypto/mldsantt.h"

namespace rs::hw {

namespace {

using waveform::SignalId;
using waveform::WaveformStore;

constexpr const char* kStageSignals[kMlDsaStages] = {"stage_issue", "stage_read", "stage_pre",  "stage_mul1",
                                                     "stage_mul2",  "stage_mul3", "stage_write"};
constexpr const char* kStageShort[kMlDsaStages] = {"issue", "read", "pre", "mul1", "mul2", "mul3", "write"};
/** Clocks the capture is read past the end of busy, should a write land after busy falls. */
constexpr Tick kTail = 16;

SignalId need(const WaveformStore& store, const std::string& name, const char* group) {
    const auto id = store.find(name);
    if (!id)
        throw std::invalid_argument("ML-DSA lanes: the capture lacks signal '" + name + "' (group " + group +
                                    ")");
    return *id;
}

/** The values of one signal at every tick of [begin, end). */
std::vector<std::uint64_t> sampled(const WaveformStore& store, SignalId id, Tick begin, Tick end) {
    std::vector<std::uint64_t> v(static_cast<std::size_t>(end - begin));
    std::uint64_t value = store.valueAt(id, begin);
    Tick t = begin;
    for (const auto& c : store.changesIn(id, begin + 1, end)) {
        for (; t < c.tick && t < end; ++t)
            v[static_cast<std::size_t>(t - begin)] = value;
        value = c.value;
    }
    for (; t < end; ++t)
        v[static_cast<std::size_t>(t - begin)] = value;
    return v;
}

/** The butterfly index j of a step named "layer k butterfly j: ..." (mldsaButterflyStepName); 0 for a layer
 *  step. Throws for a butterfly step whose index is not 1..128. */
int butterflyIndex(const std::string& step) {
    constexpr std::string_view marker = " butterfly ";
    if (step.rfind("layer ", 0) != 0) return 0;
    const auto at = step.find(marker);
    if (at == std::string::npos) return 0;
    int j = 0;
    std::size_t i = at + marker.size();
    for (; i < step.size() && step[i] >= '0' && step[i] <= '9' && j <= 128; ++i)
        j = 10 * j + (step[i] - '0');
    if (j < 1 || j > static_cast<int>(crypto::kMlDsaN / 2))
        throw std::invalid_argument("ML-DSA link: step '" + step + "' names no butterfly 1..128");
    return j;
}

/** Butterfly j (1-based, the algorithm's loop order) of layer k: the unit issues B consecutive butterflies
 * per clock in that same order (mldsa_core.sv), 128/B clocks back to back, and the fixed pipeline writes each
 *  clock's butterflies `drain` clocks after it issued them. */
void linkButterfly(MlDsaStepCycle& c, const MlDsaLanes& lanes, bool forward, int layer, int j) {
    const MlDsaLayerSpan& l = lanes.layers[static_cast<std::size_t>(layer - 1)];
    const int b = lanes.butterflies;
    const Tick issueClocks = l.issue.end - l.issue.begin;
    if (b < 1 || issueClocks != static_cast<Tick>(crypto::kMlDsaN / 2 / static_cast<std::size_t>(b)))
        throw std::invalid_argument(
            "ML-DSA link: layer " + std::to_string(layer) + " issues in " + std::to_string(issueClocks) +
            " clocks, not 128/B at B = " + std::to_string(b) + ": its butterflies cannot be placed");
    const Tick drain = l.lastWrite - (l.issue.end - 1);
    const int clock = (j - 1) / b, lastOfClock = (clock + 1) * b;
    c.cycle = l.issue.begin + clock + drain;
    // Slot A after this edge holds every butterfly of the layer up to the last one issued in this clock.
    c.exact = forward && j == lastOfClock;
    if (c.exact) return;
    if (!forward)
        c.note =
            "the RTL's Gentleman–Sande butterflies halve both outputs: the coefficients written so far in "
            "layer " +
            std::to_string(layer) + " are the model's times 2^-" + std::to_string(layer) +
            ", the others times 2^-" + std::to_string(layer - 1) + " mod q";
    else
        c.note = "the unit writes butterflies " + std::to_string(clock * b + 1) + ".." +
                 std::to_string(lastOfClock) + " of layer " + std::to_string(layer) +
                 " in one clock: after it, memory also holds butterflies " + std::to_string(j + 1) + ".." +
                 std::to_string(lastOfClock);
}

} // namespace

const char* mldsaStageName(int stage) {
    return stage >= 0 && stage < kMlDsaStages ? kStageShort[stage] : "?";
}

std::vector<Tick> MlDsaLanes::boundaries() const {
    std::vector<Tick> b;
    for (std::size_t i = 1; i < layers.size(); ++i)
        b.push_back(layers[i].issue.begin);
    return b;
}

MlDsaLanes extractMlDsaLanes(const WaveformStore& store, Tick from) {
    const SignalId busy = need(store, "busy", "control");
    const SignalId layer = need(store, "layer", "control");
    std::vector<SignalId> stages;
    for (const char* s : kStageSignals)
        stages.push_back(need(store, s, "lanes"));
    std::vector<SignalId> reads, writes;
    for (int k = 0; k < 32; ++k) {
        const auto rd = store.find("bank" + std::to_string(k) + "_rd");
        if (!rd) break;
        reads.push_back(*rd);
        writes.push_back(need(store, "bank" + std::to_string(k) + "_wr", "lanes"));
    }
    if (reads.empty() || reads.size() % 2 != 0)
        throw std::invalid_argument("ML-DSA lanes: the capture has " + std::to_string(reads.size()) +
                                    " banks (bankK_rd), expected 2B for B butterflies per clock");

    // The operation: from the first busy clock at or after `from` to the next idle one.
    const Tick endTick = store.endTick();
    if (from >= endTick)
        throw std::invalid_argument("ML-DSA lanes: no operation starts at or after tick " +
                                    std::to_string(from));
    std::optional<Tick> start;
    if (from < endTick && store.valueAt(busy, from) != 0) start = from;
    if (!start)
        for (const auto& c : store.changesIn(busy, from + 1, endTick))
            if (c.value != 0) {
                start = c.tick;
                break;
            }
    if (!start)
        throw std::invalid_argument("ML-DSA lanes: no operation starts at or after tick " +
                                    std::to_string(from));
    Tick end = endTick;
    for (const auto& c : store.changesIn(busy, *start + 1, endTick))
        if (c.value == 0) {
            end = c.tick;
            break;
        }

    // busy rises in the clock after the one that takes START (the CYCLES register counts that clock too).
    if (*start == 0)
        throw std::invalid_argument("ML-DSA lanes: the capture begins inside an operation (busy at tick 0)");
    --*start;
    MlDsaLanes lanes;
    lanes.butterflies = static_cast<int>(reads.size() / 2);
    lanes.start = *start;
    lanes.end = end;
    const Tick window = std::min(endTick, end + kTail);
    std::vector<std::vector<std::uint64_t>> stageValues, readValues, writeValues;
    for (const SignalId id : stages)
        stageValues.push_back(sampled(store, id, *start, window));
    for (std::size_t k = 0; k < reads.size(); ++k) {
        readValues.push_back(sampled(store, reads[k], *start, window));
        writeValues.push_back(sampled(store, writes[k], *start, window));
    }
    const std::vector<std::uint64_t> layerValues = sampled(store, layer, *start, window);

    std::vector<Tick> issueClocks, writeClocks;
    std::vector<int> issueLayer;
    for (Tick t = *start; t < window; ++t) {
        const auto i = static_cast<std::size_t>(t - *start);
        MlDsaLaneClock c;
        c.tick = t;
        for (int s = 0; s < kMlDsaStages; ++s)
            if (stageValues[static_cast<std::size_t>(s)][i] != 0) c.stages |= 1u << s;
        for (std::size_t k = 0; k < reads.size(); ++k) {
            if (readValues[k][i] != 0) c.bankReads |= 1u << k;
            if (writeValues[k][i] != 0) c.bankWrites |= 1u << k;
        }
        c.layer = static_cast<int>(layerValues[i]);
        if (t >= end && c.stages == 0 && c.bankWrites == 0) break; // idle after the operation
        if (t >= end) lanes.end = t + 1;                           // a write after busy fell
        if (c.stages & 1u) {
            issueClocks.push_back(t);
            issueLayer.push_back(c.layer);
        }
        if (c.stages & (1u << (kMlDsaStages - 1))) writeClocks.push_back(t);
        lanes.clocks.push_back(c);
    }
    if (issueClocks.empty())
        throw std::invalid_argument("ML-DSA lanes: the operation at tick " + std::to_string(*start) +
                                    " issues no butterflies");
    if (writeClocks.size() < issueClocks.size())
        throw std::invalid_argument("ML-DSA lanes: the capture ends inside the operation at tick " +
                                    std::to_string(*start) + " (" + std::to_string(issueClocks.size()) +
                                    " issue clocks, " + std::to_string(writeClocks.size()) +
                                    " write clocks)");
    // Layers: runs of issue clocks under one layer value; the k-th write belongs to the k-th issue.
    for (std::size_t i = 0; i < issueClocks.size(); ++i) {
        if (i == 0 || issueLayer[i] != issueLayer[i - 1]) {
            MlDsaLayerSpan l;
            l.layer = issueLayer[i];
            l.issue.begin = l.span.begin = issueClocks[i];
            lanes.layers.push_back(l);
        }
        MlDsaLayerSpan& l = lanes.layers.back();
        l.issue.end = issueClocks[i] + 1;
        l.lastWrite = writeClocks[i];
        l.span.end = writeClocks[i] + 1;
    }
    return lanes;
}

std::vector<MlDsaStepCycle> linkMlDsaTraceToCycles(const crypto::Trace& trace, const MlDsaLanes& lanes) {
    if (trace.layout.name != "mldsa-poly")
        throw std::invalid_argument("ML-DSA link: the trace's layout is '" + trace.layout.name +
                                    "', not mldsa-poly");
    if (lanes.layers.size() != 8)
        throw std::invalid_argument("ML-DSA link: the capture's operation has " +
                                    std::to_string(lanes.layers.size()) +
                                    " layers, not the 8 of NTT / NTT^-1");
    std::vector<MlDsaStepCycle> out;
    for (const crypto::TraceStep& s : trace.steps) {
        const bool forward = s.phase == "NTT";
        if (!forward && s.phase != "inverse NTT")
            throw std::invalid_argument("ML-DSA link: step '" + s.step + "' of phase '" + s.phase +
                                        "' is not of an NTT or NTT^-1 trace");
        MlDsaStepCycle c;
        c.layer = s.round;
        if (s.round < 0 || s.round > (forward ? 8 : 9))
            throw std::invalid_argument("ML-DSA link: step '" + s.step + "' is layer " +
                                        std::to_string(s.round) + ", past the transform's layers");
        const int butterfly = butterflyIndex(s.step);
        if (butterfly != 0) {
            if (s.round < 1 || s.round > 8)
                throw std::invalid_argument("ML-DSA link: butterfly step '" + s.step +
                                            "' is not in layers 1..8");
            linkButterfly(c, lanes, forward, s.round, butterfly);
        } else if (s.round == 0) {
            c.cycle = lanes.start; // the operands are in slot A when START is taken
            c.exact = true;
        } else {
            c.cycle = lanes.layers[static_cast<std::size_t>(std::min(s.round, 8) - 1)].lastWrite;
            c.exact = forward || s.round == 9;
            if (!c.exact) {
                c.halvings = s.round;
                c.note =
                    "the RTL holds this layer's values times 2^-" + std::to_string(s.round) +
                    " mod q: its Gentleman–Sande butterflies halve both outputs (256⁻¹ = 2^-8 folded into "
                    "the 8 layers)";
            }
        }
        out.push_back(c);
    }
    return out;
}

std::vector<std::uint8_t> mldsaHalved(const std::vector<std::uint8_t>& state, int halvings) {
    if (state.size() != 4 * crypto::kMlDsaN)
        throw std::invalid_argument("ML-DSA halved: the state is " + std::to_string(state.size()) +
                                    " bytes, not 1024");
    if (halvings < 0) throw std::invalid_argument("ML-DSA halved: negative halvings");
    constexpr std::int64_t q = crypto::kMlDsaQ, inverseOf2 = (crypto::kMlDsaQ + 1) / 2;
    std::int64_t factor = 1;
    for (int i = 0; i < halvings; ++i)
        factor = factor * inverseOf2 % q;
    std::vector<std::uint8_t> out(state.size());
    for (std::size_t i = 0; i < crypto::kMlDsaN; ++i) {
        const std::int64_t c = (std::int64_t{state[4 * i]} << 24) | (std::int64_t{state[4 * i + 1]} << 16) |
                               (std::int64_t{state[4 * i + 2]} << 8) | std::int64_t{state[4 * i + 3]};
        const auto r = static_cast<std::uint32_t>(c % q * factor % q);
        out[4 * i] = static_cast<std::uint8_t>(r >> 24);
        out[4 * i + 1] = static_cast<std::uint8_t>(r >> 16);
        out[4 * i + 2] = static_cast<std::uint8_t>(r >> 8);
        out[4 * i + 3] = static_cast<std::uint8_t>(r);
    }
    return out;
}

} // namespace rs::hw
