#include "core/waveform/wavediff.h"

#include "core/waveform/bitvalue.h"

#include <algorithm>
#include <functional>
#include <limits>

namespace rs::waveform {

namespace {

SignalId needSignal(const WaveformStore& s, const std::string& name, const char* dump, const char* what) {
    if (const auto id = s.find(name)) return *id;
    throw WaveDiffError(std::string(what) + ": no signal '" + name + "' in dump " + dump);
}

/** The tick of the signal's first event: its first rising edge (1 bit), else its first change after
 *  tick 0 to a different value (the store reads 0 before a signal's first change). */
Tick firstEvent(const WaveformStore& s, SignalId id, const char* dump) {
    const bool bit = s.signal(id).width == 1;
    const std::vector<std::uint64_t> zero(WaveformStore::wordCount(s.signal(id).width), 0);
    std::vector<std::uint64_t> before = zero;
    for (std::size_t i = 0, n = s.changeCount(id); i < n; ++i) {
        const Change c = s.change(id, i);
        const Words now = s.changeWords(id, i);
        const bool changed = !sameValue(now, before);
        if (c.tick > 0 && changed && (!bit || c.value == 1)) return c.tick;
        before.assign(now.begin(), now.end());
    }
    throw WaveDiffError("--align: " + s.signal(id).name +
                        (bit ? " never rises" : " never changes after tick 0") + " in dump " + dump);
}

/** One dump's side of a pair: its signal, the offset and the next change to visit. */
struct Side {
    const WaveformStore& store;
    SignalId id;
    Tick offset;
    std::size_t next = 0;
    std::vector<std::uint64_t> value;

    std::int64_t aligned(Tick t) const {
        return static_cast<std::int64_t>(t) - static_cast<std::int64_t>(offset);
    }
    Tick tick(std::int64_t u) const { return static_cast<Tick>(u + static_cast<std::int64_t>(offset)); }
    void start(std::int64_t begin) {
        const Words w = store.wordsAt(id, tick(begin));
        value.assign(w.begin(), w.end());
        next = store.lowerBound(id, tick(begin) + 1);
    }
    std::int64_t nextTick() const {
        return next < store.changeCount(id) ? aligned(store.change(id, next).tick)
                                            : std::numeric_limits<std::int64_t>::max();
    }
    /** Takes every change at aligned tick u (the last one holds). */
    void take(std::int64_t u) {
        while (next < store.changeCount(id) && aligned(store.change(id, next).tick) == u) {
            const Words w = store.changeWords(id, next++);
            value.assign(w.begin(), w.end());
        }
    }
};

/** Walks a pair over [begin, end) aligned ticks, counting its differences into d; onStep (when set) hears
 *  every aligned tick at which either side changes, with whether the values differ from there on. */
void walk(SignalDiff& d, Side& a, Side& b, std::int64_t begin, std::int64_t end,
          const std::function<void(std::int64_t, bool)>& onStep = {}) {
    a.start(begin);
    b.start(begin);
    bool differ = false;
    std::int64_t runStart = begin;
    const auto at = [&](std::int64_t u) {
        const bool now = !sameValue(a.value, b.value);
        if (onStep) onStep(u, now);
        if (now && !differ) {
            runStart = u;
            ++d.intervals;
            if (!d.firstTick) {
                d.firstTick = u;
                d.valueA = a.value;
                d.valueB = b.value;
            }
        } else if (!now && differ) {
            d.ticks += static_cast<std::uint64_t>(u - runStart);
        }
        differ = now;
    };
    at(begin);
    for (;;) {
        const std::int64_t u = std::min(a.nextTick(), b.nextTick());
        if (u >= end) break;
        a.take(u);
        b.take(u);
        at(u);
    }
    if (differ) d.ticks += static_cast<std::uint64_t>(end - runStart);
    d.equal = d.intervals == 0;
}

} // namespace

bool WaveDiff::equal() const {
    return onlyInA.empty() && onlyInB.empty() &&
           std::all_of(pairs.begin(), pairs.end(), [](const SignalDiff& d) { return d.equal; });
}

namespace {

/** The pairs to walk (A's id, B's id) and the alignment, in out (pairs not yet walked). */
std::vector<std::pair<SignalId, SignalId>> prepare(const WaveformStore& a, const WaveformStore& b,
                                                   const WaveDiffOptions& options, WaveDiff& out) {
    std::vector<std::pair<SignalId, SignalId>> ids;
    if (!options.names.empty()) {
        for (const std::string& name : options.names) {
            const SignalId inA = needSignal(a, name, "A", "--signals"); // A named first when both lack it
            ids.emplace_back(inA, needSignal(b, name, "B", "--signals"));
        }
    } else {
        for (SignalId id = 0; id < a.signalCount(); ++id) {
            if (const auto other = b.find(a.signal(id).name))
                ids.emplace_back(id, *other);
            else
                out.onlyInA.push_back(a.signal(id).name);
        }
        for (SignalId id = 0; id < b.signalCount(); ++id)
            if (!a.find(b.signal(id).name)) out.onlyInB.push_back(b.signal(id).name);
    }
    std::vector<SignalId> idsA, idsB;
    for (const auto& [ia, ib] : ids) {
        idsA.push_back(ia);
        idsB.push_back(ib);
    }
    // a lazily opened FST reads the changes of these signals now
    if (!options.alignSignal.empty()) {
        const SignalId alignA = needSignal(a, options.alignSignal, "A", "--align");
        a.load({alignA});
        out.offsetA = firstEvent(a, alignA, "A");
        const SignalId alignB = needSignal(b, options.alignSignal, "B", "--align");
        b.load({alignB});
        out.offsetB = firstEvent(b, alignB, "B");
    }
    a.load(idsA);
    b.load(idsB);
    const auto offA = static_cast<std::int64_t>(out.offsetA);
    const auto offB = static_cast<std::int64_t>(out.offsetB);
    out.begin = -std::min(offA, offB);
    out.end = std::max(out.begin, std::min(static_cast<std::int64_t>(a.endTick()) - offA,
                                           static_cast<std::int64_t>(b.endTick()) - offB));
    return ids;
}

/** Walks one pair into a SignalDiff; onStep as walk(). */
SignalDiff diffPair(const WaveformStore& a, SignalId ia, const WaveformStore& b, SignalId ib,
                    const WaveDiff& out, const std::function<void(std::int64_t, bool)>& onStep = {}) {
    SignalDiff d;
    d.name = a.signal(ia).name;
    d.widthA = a.signal(ia).width;
    d.widthB = b.signal(ib).width;
    if (d.widthMismatch()) {
        d.equal = false;
    } else if (out.begin < out.end) {
        Side sa{a, ia, out.offsetA};
        Side sb{b, ib, out.offsetB};
        walk(d, sa, sb, out.begin, out.end, onStep);
    }
    return d;
}

/** Copies a signal's values over aligned ticks [begin, end) into the merged store, tick 0 = begin. */
void copyAligned(const WaveformStore& from, SignalId id, Tick offset, std::int64_t begin, std::int64_t end,
                 WaveformStore& to, SignalId target) {
    const auto toTick = [&](Tick t) {
        return static_cast<Tick>(static_cast<std::int64_t>(t) - static_cast<std::int64_t>(offset) - begin);
    };
    const Tick first = static_cast<Tick>(begin + static_cast<std::int64_t>(offset));
    const Tick last = static_cast<Tick>(end + static_cast<std::int64_t>(offset)); // exclusive
    to.sampleWords(target, 0, from.wordsAt(id, first));
    for (std::size_t i = from.lowerBound(id, first + 1), n = from.changeCount(id); i < n; ++i) {
        const Change c = from.change(id, i);
        if (c.tick >= last) break;
        to.sampleWords(target, toTick(c.tick), from.changeWords(id, i));
    }
}

} // namespace

WaveDiff diffWaveforms(const WaveformStore& a, const WaveformStore& b, const WaveDiffOptions& options) {
    WaveDiff out;
    for (const auto& [ia, ib] : prepare(a, b, options, out))
        out.pairs.push_back(diffPair(a, ia, b, ib, out));
    return out;
}

ComparedDumps compareDumps(const WaveformStore& a, const WaveformStore& b, const WaveDiffOptions& options) {
    ComparedDumps c;
    WaveDiff& out = c.diff;
    const auto ids = prepare(a, b, options, out);
    c.store.setTickSeconds(a.tickSeconds());
    for (const auto& [ia, ib] : ids) {
        const SignalInfo& info = a.signal(ia);
        ComparedDumps::Rows rows;
        rows.name = info.name;
        if (info.width == b.signal(ib).width && out.begin < out.end) {
            rows.a = c.store.addSignal("A." + info.name, info.width, "A");
            rows.b = c.store.addSignal("B." + info.name, info.width, "B");
            rows.differs = c.store.addSignal("diff." + info.name, 1, "diff");
            if (info.width <= 64 && !info.valueNames.empty()) {
                c.store.setValueNames(*rows.a, info.valueNames);
                c.store.setValueNames(*rows.b, info.valueNames);
            }
            copyAligned(a, ia, out.offsetA, out.begin, out.end, c.store, *rows.a);
            copyAligned(b, ib, out.offsetB, out.begin, out.end, c.store, *rows.b);
            const SignalId d = *rows.differs;
            const std::int64_t begin = out.begin;
            // sample() keeps only changes, so hearing every tick leaves the runs of differences
            out.pairs.push_back(diffPair(a, ia, b, ib, out, [&c, d, begin](std::int64_t u, bool differ) {
                c.store.sample(d, static_cast<Tick>(u - begin), differ ? 1 : 0);
            }));
        } else {
            out.pairs.push_back(diffPair(a, ia, b, ib, out));
        }
        c.rows.push_back(std::move(rows));
    }
    c.store.advance(static_cast<Tick>(out.end - out.begin));
    return c;
}

} // namespace rs::waveform
