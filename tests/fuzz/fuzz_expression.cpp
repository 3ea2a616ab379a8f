// Fuzz target: the computed-row expression parser and evaluator (core/waveform/expression.h) on any bytes,
// over a small trace. Invariants: a parse either throws ExpressionError (never another exception, a crash or
// a hang: nesting and size are bounded) or gives an expression whose width is 1..64 and whose value, for
// names with values inside their widths, fits that width; addComputedSignal either refuses with
// ExpressionError (nothing added), gives the signal of that name when the text is one, or adds one signal,
// named by the trimmed text, whose every change fits its width inside the trace; asked again, the same
// signal.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/waveform/expression.h"

namespace {

using namespace rs::waveform;

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "fuzz_expression: invariant broken: %s\n", what);
    std::abort();
}

std::uint64_t mask(int width) {
    return width >= 64 ? ~0ull : (1ull << width) - 1;
}

WaveformStore trace() {
    WaveformStore t;
    const SignalId busy = t.addSignal("busy", 1, "top");
    const SignalId valid = t.addSignal("valid", 1, "top");
    const SignalId count = t.addSignal("count", 16, "top");
    const SignalId word = t.addSignal("top.word", 64, "top");
    t.addSignal("wide", 200, "top");
    for (Tick k = 0; k < 64; ++k) {
        t.sample(busy, k, (k / 3) & 1);
        t.sample(valid, k, (k / 5) & 1);
        t.sample(count, k, k * 977);
        t.sample(word, k, ~k * 0x9E3779B97F4A7C15ull);
    }
    t.advance(64);
    return t;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const Expression e = Expression::parse(text);
        const std::size_t n = e.signalNames().size();
        for (const std::uint64_t seed : {0ull, ~0ull, 0x5A5A5A5A5A5A5A5Aull}) {
            std::vector<int> widths(n);
            std::vector<std::uint64_t> values(n);
            for (std::size_t i = 0; i < n; ++i) {
                widths[i] = 1 + static_cast<int>((seed + i * 7) % 64);
                values[i] = (seed ^ (i * 0x9E3779B97F4A7C15ull)) & mask(widths[i]);
            }
            const int w = e.width(widths);
            if (w < 1 || w > 64) broken("a width outside 1..64");
            if ((e.evaluate(values, widths) & ~mask(w)) != 0) broken("a value wider than its width");
        }
    } catch (const ExpressionError&) {
    }
    WaveformStore t = trace();
    const std::size_t before = t.signalCount();
    SignalId id = 0;
    try {
        id = addComputedSignal(t, text);
    } catch (const ExpressionError&) {
        if (t.signalCount() != before) broken("a refused expression added a signal");
        return 0;
    }
    if (t.signalCount() == before) { // the expression is a signal's own name: that signal
        if (id >= before || addComputedSignal(t, text) != id) broken("an existing signal not found again");
        return 0;
    }
    if (t.signalCount() != before + 1 || id != before) broken("not exactly one signal added");
    const SignalInfo& info = t.signal(id);
    if (info.group != "computed" || info.width < 1 || info.width > 64) broken("a bad computed signal");
    for (std::size_t i = 0; i < t.changeCount(id); ++i) {
        const Change c = t.change(id, i);
        if (c.tick >= t.endTick() || (c.value & ~mask(info.width)) != 0)
            broken("a change outside the signal");
    }
    if (t.endTick() != 64) broken("the trace grew");
    if (addComputedSignal(t, text) != id) broken("asked again, another signal");
    return 0;
}
