// What the viewer waits for on one large FST file (issue 32, "Large files"), for comparing with GTKWave
// on the same file. A plain program, not Google Benchmark: each figure is a first (cold in this process)
// open or load, which a repeated benchmark loop would not measure. Run it 3 times and take medians.
//
//   RS_WAVE_BIG_FILE=/tmp/bigfst/big.fst rs_bench_wavefile [SIGNAL...] [--window SIGNAL...]
//
// Prints, one "key: value" per line:
//   open_ms               openFstFile(path): the hierarchy (names, widths, groups) and the time range
//   load_ms <signal>      store.load({id}): one signal's changes over the whole file ("add a signal")
//   window_ms <signal>    store.loadWindow({id}, b, e): only the FST blocks covering a window, for the
//                         first 1/1000 of the file and for 1/1000 in its middle (other signals than load's)
//   maxrss_self_kib       getrusage(RUSAGE_SELF).ru_maxrss after each step
//   maxrss_children_kib   getrusage(RUSAGE_CHILDREN).ru_maxrss: the largest FST library child so far
// SIGNAL: a store name or the end of one, for load_ms, and after --window for window_ms (default: a 27-bit
// signal that changes every cycle, a 25-bit one every 16 cycles and a 7-bit one every 2^15 cycles of
// tests/bench/bigfst's design). The file comes from tests/bench/bigfst/make_bigfst.sh. Without
// RS_WAVE_BIG_FILE it prints why and exits with 77 (ctest's "skipped").
#include "core/waveform/fst.h"
#include "tests/bench/bigfilebench.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace {

using namespace rs::waveform;
using namespace rs::bench;

void printRss(const char* step) {
    rusage self{}, children{};
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &children);
    std::printf("maxrss_self_kib %s: %ld\nmaxrss_children_kib %s: %ld\n", step, self.ru_maxrss, step,
                children.ru_maxrss);
}

std::vector<SignalId> findAll(const WaveformStore& store, const std::vector<std::string>& names) {
    std::vector<SignalId> ids;
    for (const std::string& name : names) {
        const auto id = findSignal(store, name);
        if (!id) {
            std::fprintf(stderr, "rs_bench_wavefile: no signal named (or ending with) '%s'\n", name.c_str());
            std::exit(2);
        }
        ids.push_back(*id);
    }
    return ids;
}

int run(const std::string& path, std::vector<std::string> loadNames, std::vector<std::string> windowNames) {
    printRss("start");
    const auto t0 = Clock::now();
    WaveformStore store = openFstFile(path);
    std::printf("open_ms: %.1f\nsignals: %zu\nend_tick: %llu\n", msSince(t0), store.signalCount(),
                static_cast<unsigned long long>(store.endTick()));
    printRss("open");

    for (const SignalId id : findAll(store, loadNames)) {
        const auto t = Clock::now();
        store.load({id});
        std::printf("load_ms %s: %.1f (%zu changes, width %d)\n", store.signal(id).name.c_str(), msSince(t),
                    store.changeCount(id), store.signal(id).width);
    }
    printRss("load");

    const Tick end = store.endTick();
    const Tick span = std::max<Tick>(end / 1000, 1);
    const std::vector<SignalId> windowIds = findAll(store, windowNames);
    for (std::size_t i = 0; i < windowIds.size(); ++i) {
        const SignalId id = windowIds[i];
        const Tick begin = i % 2 == 0 ? 0 : end / 2;
        const auto t = Clock::now();
        store.loadWindow({id}, begin, begin + span);
        const double ms = msSince(t);
        const DrawWindow w = store.drawWindow(id, begin, begin + span, 1500);
        std::printf("window_ms %s [%llu, %llu): %.1f (%zu items drawn)\n", store.signal(id).name.c_str(),
                    static_cast<unsigned long long>(begin), static_cast<unsigned long long>(begin + span), ms,
                    w.items.size());
    }
    printRss("window");
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const char* path = bigFile("rs_bench_wavefile");
    if (path == nullptr) return kSkipped;
    std::vector<std::string> loadNames, windowNames;
    bool window = false;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--window")
            window = true;
        else
            (window ? windowNames : loadNames).emplace_back(argv[i]);
    }
    if (argc == 1) {
        for (const char* s : {"blk[2].fast", "blk[5].mid", "blk[11].slow"}) {
            loadNames.push_back(std::string("g[500].u.") + s);
            // Each window twice (start, middle), on signals that load() has not read.
            windowNames.push_back(std::string("g[501].u.") + s);
            windowNames.push_back(std::string("g[502].u.") + s);
        }
    }
    try {
        return run(path, loadNames, windowNames);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rs_bench_wavefile: %s: %s\n", path, e.what());
        return 1;
    }
}
