// Fuzz target: FST files through the guarded reader, the way the app opens them: the bytes go to a
// temporary .fst file, read whole and opened lazily. Invariants: the program only ever sees an FstError
// or a store (the library runs in children with limits: a crash, loop or corruption there is an
// FstError here), and a store's changes are in tick order and as wide as their signals.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <unistd.h>

#include "core/waveform/fst.h"

namespace {

using namespace rs::waveform;

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "fuzz_fst: invariant broken: %s\n", what);
    std::abort();
}

void check(const WaveformStore& s) {
    for (SignalId id = 0; id < s.signalCount(); ++id) {
        Tick last = 0;
        for (std::size_t k = 0, n = s.changeCount(id); k < n; ++k) {
            const Change c = s.change(id, k);
            if (k > 0 && c.tick <= last) broken("changes out of tick order");
            if (s.changeWords(id, k).size() != WaveformStore::wordCount(s.signal(id).width))
                broken("value width");
            last = c.tick;
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (!fstSupported()) return 0;
    static const std::string path = "/tmp/rs_fuzz_fst_" + std::to_string(::getpid()) + ".fst";
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    ReadLimits limits;
    limits.maxBytes = 64u << 20;
    // childSeconds left at 0: scaled to the file (fstReadSeconds), a few seconds for these small inputs.
    limits.childMemoryBytes = 512u << 20;
    try {
        check(readFstFile(path, {}, limits));
    } catch (const FstError&) {
    }
    try {
        const WaveformStore lazy = openFstFile(path, {}, limits);
        try {
            lazy.loadAll();
        } catch (const FstError&) {
        }
        check(lazy);
    } catch (const FstError&) {
    }
    std::remove(path.c_str());
    return 0;
}
