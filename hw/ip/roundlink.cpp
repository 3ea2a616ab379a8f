#include "hw/ip/roundlink.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "core/crypto/asconpermutation.h"

// Which steps the register holds (ascon_core.sv; U rounds per clock, every built U divides 12):
//   exactly  the initial state (LOAD + 1); every "linear diffusion" of round r = kU inside a
//            permutation, and its last round (s <= p_out each running clock); initialisation's
//            "key addition" (the last p^a clock stores p_out ^ K, so round 12 of p^a itself is
//            never held); the last round of each p^b and of finalisation's p^12.
//   never    "round constant" and "substitution layer" (inside a round); rounds between two
//            clock boundaries; "absorb" / "pad and absorb", "domain separation" and
//            finalisation's "key addition" (merged into p_in of the take clock, before its first
//            rounds); "tag" (x3,x4 ^ K goes to the tag register, the state keeps p^12's output).
// A step never held is linked, inexactly, to the next exactly held step's cycle; the "tag" step
// has none after it and stays unlinked.

namespace rs::hw {

namespace {

using State = std::array<std::uint64_t, 5>;

struct StateHash {
    std::size_t operator()(const State& s) const noexcept {
        std::uint64_t h = 0x9e3779b97f4a7c15ull;
        for (std::uint64_t w : s) {
            h ^= w + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
            h *= 0xff51afd7ed558ccdull;
        }
        return static_cast<std::size_t>(h ^ (h >> 33));
    }
};

std::array<waveform::SignalId, 5> stateSignals(const waveform::WaveformStore& store) {
    std::array<waveform::SignalId, 5> ids{};
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::string name = "x" + std::to_string(i);
        const auto id = store.find(name);
        if (!id)
            throw std::invalid_argument("round link: the capture lacks signal '" + name + "' (group state)");
        ids[i] = *id;
    }
    return ids;
}

/** The LEA / SKINNY cores' register words x0..x3 (32 bits each). */
std::vector<waveform::SignalId> blockStateSignals(const waveform::WaveformStore& store) {
    std::vector<waveform::SignalId> ids;
    for (int i = 0; i < 4; ++i) {
        const auto id = store.find("x" + std::to_string(i));
        if (!id || store.signal(*id).width != 32)
            throw std::invalid_argument("round link: the capture lacks the 32-bit signal 'x" +
                                        std::to_string(i) + "'");
        ids.push_back(*id);
    }
    return ids;
}

State stateFromBytes(const std::vector<std::uint8_t>& bytes) {
    State s{};
    for (std::size_t i = 0; i < 40; ++i)
        s[i / 8] = (s[i / 8] << 8) | bytes[i];
    return s;
}

} // namespace

std::array<std::uint64_t, 5> rtlStateAt(const waveform::WaveformStore& store, waveform::Tick tick) {
    const auto ids = stateSignals(store);
    State s{};
    for (std::size_t i = 0; i < ids.size(); ++i)
        s[i] = store.valueAt(ids[i], tick);
    return s;
}

std::vector<std::uint8_t> rtlStateBytes(const waveform::WaveformStore& store, waveform::Tick tick) {
    const State s = rtlStateAt(store, tick);
    const auto bytes = crypto::detail::asconStateArray(s[0], s[1], s[2], s[3], s[4]);
    return {bytes.begin(), bytes.end()};
}

std::vector<std::uint8_t> rtlBlockStateBytes(const waveform::WaveformStore& store, waveform::Tick tick) {
    std::vector<std::uint8_t> out;
    for (const waveform::SignalId id : blockStateSignals(store)) {
        const std::uint64_t word = store.valueAt(id, tick);
        for (int j = 0; j < 4; ++j)
            out.push_back(static_cast<std::uint8_t>(word >> (8 * j)));
    }
    return out;
}

namespace {

/** The algorithm behind every link: the register (the signals `ids`, up to 5 words) state by state, and
 *  each step matched in order at or after the previous match; unmatched steps get the next exact cycle. */
std::vector<StepCycle> linkStates(const std::vector<State>& stepStates, const waveform::WaveformStore& store,
                                  const std::vector<waveform::SignalId>& ids) {
    // The register's successive states: one entry per tick at which any of x0..x4 changes.
    std::vector<std::vector<waveform::Change>> changes(ids.size());
    std::vector<waveform::Tick> ticks{0};
    for (std::size_t w = 0; w < ids.size(); ++w) {
        changes[w] = store.changesIn(ids[w], 0, std::numeric_limits<waveform::Tick>::max());
        for (const auto& c : changes[w])
            ticks.push_back(c.tick);
    }
    std::sort(ticks.begin(), ticks.end());
    ticks.erase(std::unique(ticks.begin(), ticks.end()), ticks.end());

    std::unordered_map<State, std::vector<std::size_t>, StateHash> where;
    where.reserve(ticks.size());
    std::vector<std::size_t> next(ids.size());
    State s{};
    for (std::size_t k = 0; k < ticks.size(); ++k) {
        for (std::size_t w = 0; w < ids.size(); ++w)
            while (next[w] < changes[w].size() && changes[w][next[w]].tick <= ticks[k])
                s[w] = changes[w][next[w]++].value;
        where[s].push_back(k); // indices ascend, so each list is sorted
    }

    // In trace order, each step at the first holding of its state at or after the previous match.
    std::vector<StepCycle> out(stepStates.size());
    std::size_t cursor = 0;
    for (std::size_t i = 0; i < stepStates.size(); ++i) {
        const auto it = where.find(stepStates[i]);
        if (it == where.end()) continue;
        const auto pos = std::lower_bound(it->second.begin(), it->second.end(), cursor);
        if (pos == it->second.end()) continue;
        cursor = *pos;
        out[i] = {ticks[cursor], true};
    }
    // Steps the register never holds: the first register state after them is the next exact link.
    std::optional<waveform::Tick> after;
    for (std::size_t i = out.size(); i-- > 0;) {
        if (out[i].exact)
            after = out[i].cycle;
        else
            out[i].cycle = after;
    }
    return out;
}

} // namespace

std::vector<StepCycle> linkTraceToCycles(const crypto::Trace& trace, const waveform::WaveformStore& store) {
    if (trace.layout.name != "ascon-320")
        throw std::invalid_argument("round link: the trace's state layout '" + trace.layout.name +
                                    "' is not Ascon's (ascon-320)");
    const auto arr = stateSignals(store);
    for (std::size_t i = 0; i < trace.steps.size(); ++i)
        if (trace.steps[i].state.size() != 40)
            throw std::invalid_argument("round link: step " + std::to_string(i) + " holds " +
                                        std::to_string(trace.steps[i].state.size()) +
                                        " state bytes, not Ascon's 40");

    std::vector<State> states;
    for (const auto& step : trace.steps)
        states.push_back(stateFromBytes(step.state));
    return linkStates(states, store, std::vector<waveform::SignalId>(arr.begin(), arr.end()));
}

std::vector<StepCycle> linkBlockTraceToCycles(const crypto::Trace& trace,
                                              const waveform::WaveformStore& store) {
    if (trace.layout.name.rfind("lea-", 0) != 0 && trace.layout.name != "skinny-128")
        throw std::invalid_argument("round link: the trace's state layout '" + trace.layout.name +
                                    "' is not a block core's (lea-*, skinny-128)");
    const std::vector<waveform::SignalId> ids = blockStateSignals(store);
    std::vector<State> states;
    for (std::size_t i = 0; i < trace.steps.size(); ++i) {
        const auto& b = trace.steps[i].state;
        if (b.size() != 16)
            throw std::invalid_argument("round link: step " + std::to_string(i) + " holds " +
                                        std::to_string(b.size()) + " state bytes, not 16");
        State st{};
        for (std::size_t w = 0; w < 4; ++w)
            for (std::size_t j = 0; j < 4; ++j)
                st[w] |= std::uint64_t(b[4 * w + j]) << (8 * j); // word w = bytes 4w..4w+3, little-endian
        states.push_back(st);
    }
    return linkStates(states, store, ids);
}

} // namespace rs::hw
