// Fuzz target: the VCD reader on any bytes. Invariants: a parse either throws VcdError (never another
// exception, never a crash or a hang) or gives a store whose changes are in tick order, before its end
// tick, each as wide as its signal; a store cut off mid-way ends where its truncation says; and what the
// writer makes of the store reads back with the same signals and changes.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/waveform/vcd.h"

namespace {

using namespace rs::waveform;

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "fuzz_vcd: invariant broken: %s\n", what);
    std::abort();
}

std::size_t check(const WaveformStore& s) {
    std::size_t total = 0;
    for (SignalId id = 0; id < s.signalCount(); ++id) {
        const std::size_t n = s.changeCount(id);
        Tick last = 0;
        for (std::size_t k = 0; k < n; ++k) {
            const Change c = s.change(id, k);
            if (k > 0 && c.tick <= last) broken("changes out of tick order");
            if (c.tick >= s.endTick()) broken("a change at or after the end tick");
            if (s.changeWords(id, k).size() != WaveformStore::wordCount(s.signal(id).width))
                broken("value width");
            last = c.tick;
        }
        total += n;
    }
    if (s.truncation() && s.truncation()->end != s.endTick()) broken("truncation end != end tick");
    return total;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ReadLimits limits;
    limits.maxBytes = 64u << 20; // a fuzzer's memory, not a user's
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    WaveformStore s;
    try {
        s = readVcd(in, limits);
    } catch (const VcdError&) {
        return 0;
    }
    const std::size_t changes = check(s);
    std::stringstream text;
    writeVcd(s, text);
    try {
        const WaveformStore back = readVcd(text, limits);
        if (back.signalCount() != s.signalCount()) broken("the written file has other signals");
        if (check(back) != changes) broken("the written file has other changes");
    } catch (const VcdError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        broken("the writer's output does not read back");
    }
    return 0;
}
