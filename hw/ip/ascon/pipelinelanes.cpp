#include "hw/ip/ascon/pipelinelanes.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "hw/ip/ascon/asconipdevice.h"

// What each span is in RTL terms (hw/rtl/ascon_frontend.sv, ascon_core.sv). Tick t holds what the
// registers hold during clock t (sampled before the rising edge), so:
//   issue        the clock in which can_issue && !word_stall: word 0 is read into half0 and
//                d_vld[1] is set at its edge. It is not probed itself: it is the clock before the
//                block's first fe_stage bit 0 clock. The front end issues a block only when the
//                delay line is empty or the presented block is taken in the same clock, so at most
//                one block is in d1..dS at a time (fe_stage is one-hot or zero) and block j + 1 is
//                issued in block j's take clock when its first word is in the FIFO.
//   stages[k-1]  the clocks with d_vld[k] (fe_stage bit k-1); stage k reads word k (k < S), and
//                stage S (d4, or d2 for the 8-byte rate) is blk_valid: the block is presented.
//                A stage lasts more than one clock when the line holds (word missing, or the
//                presented block not taken). Without holds, present = issue + S = issue + w.
//   waiting      presented (blk_valid) but not taken: [first blk_valid clock, take).
//   take         dbg_take: the stage absorbs the block (take_ad / take_data) and p_start runs its
//                first U rounds in the same clock.
//   permutation  dbg_perm_busy (p_start || p_busy) from the take clock on, up to the next take or
//                the end: n_b clocks, n_a for the last block (finalisation's p^12).
//   kind         phase_now in the take clock: AD (3), data (4) or final (5; the last block's
//                take starts finalisation).
//   length       d0_len exists in the issue clock and travels d_len1..d_lenS, meeting the stage
//                in the take clock: [issue, take + 1).
//   lane0        the lane0 register is written at the edge of the clock that reads word 1 (the
//                last clock of stage 1), so it is complete from the first stage-2 clock
//                (issue + 2 without holds, at either rate); at rate 16 it then moves through
//                lane0_d1/lane0_d2, at rate 8 it feeds the stage directly: [stage 2 begin, take + 1).
//   lane1        (rate 16) the lane1 register is written at the edge of the clock that reads
//                word 3 (the last clock of stage 3): complete from the first stage-4 clock
//                (issue + 4 without holds) to the take clock: [stage 4 begin, take + 1).
// So length, lane 0 and lane 1 end together, inclusive of the take clock in which the stage uses
// them: the alignment of Fig. 7.

namespace rs::hw {

namespace {

using waveform::SignalId;
using waveform::WaveformStore;

SignalId requireSignal(const WaveformStore& store, const char* name, const char* group) {
    const auto id = store.find(name);
    if (!id)
        throw std::invalid_argument(std::string("pipeline lanes: the capture lacks signal '") + name +
                                    "' (group " + group + ")");
    return *id;
}

/** The values of one signal at every tick of [begin, end). */
std::vector<std::uint64_t> dense(const WaveformStore& store, SignalId id, Tick begin, Tick end) {
    std::vector<std::uint64_t> v(static_cast<std::size_t>(end - begin));
    std::uint64_t value = store.valueAt(id, begin);
    Tick t = begin;
    for (const auto& c : store.changesIn(id, begin + 1, end)) {
        for (; t < c.tick; ++t)
            v[static_cast<std::size_t>(t - begin)] = value;
        value = c.value;
    }
    for (; t < end; ++t)
        v[static_cast<std::size_t>(t - begin)] = value;
    return v;
}

/** First tick >= from at which the signal holds value; nullopt when none. */
std::optional<Tick> firstAtOrAfter(const WaveformStore& store, SignalId id, std::uint64_t value, Tick from) {
    if (from >= store.endTick()) return std::nullopt;
    if (store.valueAt(id, from) == value) return from;
    for (std::size_t i = store.lowerBound(id, from + 1); i < store.changeCount(id); ++i) {
        const auto c = store.change(id, i);
        if (c.tick >= store.endTick()) break;
        if (c.value == value) return c.tick;
    }
    return std::nullopt;
}

/** First tick >= from at which the signal differs from value; end of capture when none. */
Tick firstOtherThan(const WaveformStore& store, SignalId id, std::uint64_t value, Tick from) {
    if (from >= store.endTick()) return store.endTick();
    if (store.valueAt(id, from) != value) return from;
    for (std::size_t i = store.lowerBound(id, from + 1); i < store.changeCount(id); ++i) {
        const auto c = store.change(id, i);
        if (c.tick >= store.endTick()) break;
        if (c.value != value) return c.tick;
    }
    return store.endTick();
}

[[noreturn]] void inconsistent(const std::string& what, Tick t) {
    throw std::invalid_argument("pipeline lanes: inconsistent capture at tick " + std::to_string(t) + ": " +
                                what);
}

} // namespace

std::string blockKindName(BlockKind kind) {
    switch (kind) {
    case BlockKind::AssociatedData:
        return "AD";
    case BlockKind::Message:
        return "message";
    case BlockKind::Last:
        return "last";
    }
    return "?";
}

PipelineLanes extractPipelineLanes(const WaveformStore& store, Tick from) {
    const SignalId phaseId = requireSignal(store, "phase", "control");
    const SignalId busyId = requireSignal(store, "busy", "control");
    const SignalId stageId = requireSignal(store, "fe_stage", "pipeline");
    const SignalId validId = requireSignal(store, "blk_valid", "pipeline");
    const SignalId takeId = requireSignal(store, "take", "pipeline");
    const SignalId permId = requireSignal(store, "perm_busy", "pipeline");

    const auto loadTick =
        firstAtOrAfter(store, phaseId, static_cast<std::uint64_t>(AsconIpPhase::Load), from);
    if (!loadTick)
        throw std::invalid_argument("pipeline lanes: no operation (LOAD clock) at or after tick " +
                                    std::to_string(from));
    PipelineLanes lanes;
    lanes.load = *loadTick;
    // busy rises in the clock after LOAD and falls after the last clock of finalisation; a capture
    // that stops earlier ends the operation at its end (blocks not yet taken are left out).
    const Tick first = lanes.load + 1;
    lanes.end = first < store.endTick() && store.valueAt(busyId, first)
                    ? firstOtherThan(store, busyId, 1, first)
                    : std::min(first, store.endTick());
    const Tick begin = lanes.load, end = std::max(lanes.end, first);
    const auto phase = dense(store, phaseId, begin, end);
    const auto stage = dense(store, stageId, begin, end);
    const auto valid = dense(store, validId, begin, end);
    const auto take = dense(store, takeId, begin, end);
    const auto perm = dense(store, permId, begin, end);
    const auto at = [&](const std::vector<std::uint64_t>& v, Tick t) {
        return v[static_cast<std::size_t>(t - begin)];
    };

    // Initialisation's p^a: the phase-2 clocks right after LOAD (none in precomputed mode).
    Tick initEnd = first;
    while (initEnd < lanes.end && at(phase, initEnd) == static_cast<std::uint64_t>(AsconIpPhase::Init))
        ++initEnd;
    lanes.initialisation = {first, initEnd};

    // The rate: Ascon-128 blocks leave the line at d2, 16-byte blocks use d1..d4.
    bool deep = false;
    for (Tick t = first; t < lanes.end; ++t)
        deep = deep || (at(stage, t) & 0xcu) != 0;
    const int depth = deep ? 4 : 2;
    lanes.wordsPerBlock = depth;
    const std::uint64_t presentBit = 1u << (depth - 1);

    // The LOAD edge clears d_vld, so the operation's blocks start from an empty line in LOAD + 1.
    std::optional<PipelineBlock> cur;
    std::uint64_t prev = 0;
    for (Tick t = first; t < lanes.end; ++t) {
        const std::uint64_t fe = at(stage, t);
        if ((fe & 1u) && !(prev & 1u)) {
            if (cur) inconsistent("a block enters d1 before the previous one was taken", t);
            cur.emplace();
            cur->index = static_cast<int>(lanes.blocks.size());
            cur->issue = t - 1;
            cur->stages.assign(static_cast<std::size_t>(depth), ClockSpan{});
        }
        prev = fe;
        for (int k = 0; k < depth; ++k) {
            if (!(fe & (1u << k))) continue;
            if (!cur) inconsistent("a delay stage holds a block that was never issued", t);
            auto& span = cur->stages[static_cast<std::size_t>(k)];
            if (span.length() == 0) span.begin = t;
            span.end = t + 1;
        }
        if (!at(take, t)) continue;
        if (!cur || !(fe & presentBit)) inconsistent("take without a presented block", t);
        PipelineBlock& b = *cur;
        b.take = t;
        switch (static_cast<AsconIpPhase>(at(phase, t))) {
        case AsconIpPhase::Ad:
            b.kind = BlockKind::AssociatedData;
            break;
        case AsconIpPhase::Data:
            b.kind = BlockKind::Message;
            break;
        case AsconIpPhase::Final:
            b.kind = BlockKind::Last;
            break;
        default:
            inconsistent("take outside the AD, data and final phases", t);
        }
        Tick waitFrom = b.stages.back().begin;
        while (waitFrom < t && !at(valid, waitFrom))
            ++waitFrom;
        b.waiting = {waitFrom, t};
        Tick permEnd = t + 1;
        while (permEnd < lanes.end && at(perm, permEnd) && !at(take, permEnd))
            ++permEnd;
        b.permutation = {t, at(perm, t) ? permEnd : t};
        b.length = {b.issue, t + 1};
        b.lane0 = {b.stages[1].begin, t + 1};
        if (depth == 4) b.lane1 = {b.stages[3].begin, t + 1};
        lanes.blocks.push_back(std::move(b));
        cur.reset();
    }
    return lanes;
}

} // namespace rs::hw
