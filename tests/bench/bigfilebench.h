#pragma once
// What the two large-file programs share (rs_bench_wavefile, rs_bench_wavepage; issue 32, "Large files"):
// the file from RS_WAVE_BIG_FILE (or a "skipped" exit), the time since a moment, and signals by the end
// of their names.

#include "core/waveform/waveformstore.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace rs::bench {

using Clock = std::chrono::steady_clock;
inline constexpr int kSkipped = 77; ///< ctest's "skipped"

inline double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/** RS_WAVE_BIG_FILE, or nullptr after saying why the program skips. */
inline const char* bigFile(const char* program) {
    const char* path = std::getenv("RS_WAVE_BIG_FILE");
    if (path != nullptr && *path != '\0') return path;
    std::printf("%s: skipped: set RS_WAVE_BIG_FILE to a large FST file "
                "(tests/bench/bigfst/make_bigfst.sh writes one)\n",
                program);
    return nullptr;
}

/** The signal named `name`, or else the first whose name ends with it. */
inline std::optional<waveform::SignalId> findSignal(const waveform::WaveformStore& store,
                                                    const std::string& name) {
    if (auto id = store.find(name)) return id;
    for (waveform::SignalId id = 0; id < store.signalCount(); ++id) {
        const std::string& n = store.signal(id).name;
        if (n.size() >= name.size() && n.compare(n.size() - name.size(), name.size(), name) == 0) return id;
    }
    return std::nullopt;
}

} // namespace rs::bench
