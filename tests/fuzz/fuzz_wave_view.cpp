// Fuzz target: the saved-view reader (WaveViewState::fromJson) on any bytes, for a fixed small trace.
// Invariants: a read either throws ViewStateError (never another exception, never a crash or a hang) or
// gives a state whose rows are signals of the trace (each once), whose cursors and markers lie in it and
// whose range is inside it; and what toJson() makes of that state reads back to the same rows, cursors,
// markers, clock and unit (the range to within rounding).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include "core/waveform/viewstate.h"

namespace {

using namespace rs::waveform;

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "fuzz_wave_view: invariant broken: %s\n", what);
    std::abort();
}

const WaveformStore& trace() {
    static const WaveformStore s = [] {
        WaveformStore t;
        const SignalId clk = t.addSignal("clk", 1, "top");
        const SignalId count = t.addSignal("count", 16, "top");
        const SignalId fsm = t.addSignal("fsm", 2, "top");
        t.addSignal("wide", 200, "top");
        t.setValueNames(fsm, {{0, "idle"}, {1, "run"}});
        for (Tick k = 0; k < 100; ++k) {
            t.sample(clk, k, k & 1);
            t.sample(count, k, k / 3);
        }
        t.sample(fsm, 40, 1);
        t.advance(100);
        t.setTickSeconds(1e-9);
        return t;
    }();
    return s;
}

void check(const WaveViewState& v) {
    std::set<SignalId> ids;
    for (const WaveRow& r : v.rows()) {
        if (!r.isSignal()) continue; // a separator or a comment: no signal
        if (r.id >= trace().signalCount() || trace().signal(r.id).name != r.name)
            broken("a row not in the trace");
        for (const auto& b : r.bits)
            if (b.id >= trace().signalCount() || b.bit >= trace().signal(b.id).width)
                broken("a bit not in the trace");
        if (r.bits.empty() && !ids.insert(r.id).second) broken("a signal shown twice");
    }
    for (const auto c : {v.cursorA(), v.cursorB()})
        if (c && *c >= trace().endTick()) broken("a cursor past the trace");
    for (std::size_t i = 0; i < v.markers().size(); ++i) {
        if (v.markers()[i].tick >= trace().endTick()) broken("a marker past the trace");
        if (i > 0 && v.markers()[i].tick <= v.markers()[i - 1].tick) broken("markers out of order");
    }
    if (!(v.beginTick() >= 0) || !(v.ticksPerPixel() > 0) || !std::isfinite(v.endTick()) ||
        v.endTick() > static_cast<double>(trace().endTick()) + 1e-6)
        broken("a range outside the trace");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    WaveViewState v;
    try {
        v = WaveViewState::fromJson(std::string_view(reinterpret_cast<const char*>(data), size), trace());
    } catch (const ViewStateError&) {
        return 0;
    }
    check(v);
    WaveViewState back;
    try {
        back = WaveViewState::fromJson(v.toJson(), trace());
    } catch (const ViewStateError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        broken("the writer's output does not read back");
    }
    check(back);
    if (back.rows() != v.rows() || back.cursorA() != v.cursorA() || back.cursorB() != v.cursorB() ||
        back.markers() != v.markers() || back.clockSignal() != v.clockSignal() ||
        back.clockMHz() != v.clockMHz() || back.timeUnit() != v.timeUnit() ||
        back.ticksAreCycles() != v.ticksAreCycles() || back.isFitted() != v.isFitted())
        broken("the written view reads back different");
    if (std::abs(back.beginTick() - v.beginTick()) > 1e-6 * (1 + v.beginTick()) ||
        std::abs(back.endTick() - v.endTick()) > 1e-6 * (1 + v.endTick()))
        broken("the written range reads back different");
    return 0;
}
