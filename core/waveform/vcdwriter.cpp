#include "vcd.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <queue>
#include <vector>

namespace rs::waveform {

namespace {

/** VCD identifier codes: base-90 numbers over the printable characters '%'..'~' (leaving out
 *  '#' and '$', which start timestamps and keywords, for readers that look at a code alone). */
std::string idCode(std::size_t n) {
    std::string s;
    do {
        s.push_back(static_cast<char>('%' + n % 90));
        n /= 90;
    } while (n != 0);
    return s;
}

void writeValue(std::ostream& out, const SignalInfo& info, std::uint64_t value, const std::string& code) {
    if (info.width == 1) {
        out << (value & 1 ? '1' : '0') << code << '\n';
        return;
    }
    // Binary with leading zeros dropped (VCD extends a vector with 0).
    std::string bits;
    for (int b = info.width - 1; b >= 0; --b)
        bits.push_back((value >> b) & 1 ? '1' : '0');
    const auto one = bits.find('1');
    out << 'b' << (one == std::string::npos ? "0" : bits.substr(one)) << ' ' << code << '\n';
}

} // namespace

void writeVcd(const WaveformStore& store, std::ostream& out, const VcdOptions& options) {
    const std::size_t n = store.signalCount();
    std::vector<std::string> codes(n);
    for (std::size_t i = 0; i < n; ++i)
        codes[i] = idCode(i);

    out << "$date\n  (not recorded)\n$end\n";
    out << "$version\n  " << options.comment << "\n$end\n";
    out << "$timescale " << options.timescale << " $end\n";
    out << "$scope module " << options.topModule << " $end\n";
    // Groups in order of first appearance; ungrouped signals sit in the top module.
    std::vector<std::string> groups;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string& g = store.signal(i).group;
        if (std::find(groups.begin(), groups.end(), g) == groups.end()) groups.push_back(g);
    }
    for (const std::string& g : groups) {
        if (!g.empty()) out << "$scope module " << g << " $end\n";
        for (std::size_t i = 0; i < n; ++i) {
            const SignalInfo& info = store.signal(i);
            if (info.group != g) continue;
            out << "$var wire " << info.width << ' ' << codes[i] << ' ' << info.name;
            if (info.width > 1) out << " [" << info.width - 1 << ":0]";
            out << " $end\n";
        }
        if (!g.empty()) out << "$upscope $end\n";
    }
    out << "$upscope $end\n$enddefinitions $end\n";

    // Initial values, then a merge of every signal's change list in tick order.
    out << "#0\n$dumpvars\n";
    using Head = std::pair<Tick, std::size_t>; // next change tick, signal
    std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
    std::vector<std::size_t> next(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t k = 0;
        std::uint64_t v0 = 0;
        if (store.changeCount(i) > 0 && store.change(i, 0).tick == 0) {
            v0 = store.change(i, 0).value;
            k = 1;
        }
        writeValue(out, store.signal(i), v0, codes[i]);
        next[i] = k;
        if (k < store.changeCount(i)) heads.emplace(store.change(i, k).tick, i);
    }
    out << "$end\n";
    Tick current = 0;
    while (!heads.empty()) {
        const auto [tick, i] = heads.top();
        heads.pop();
        if (tick != current) {
            out << '#' << tick << '\n';
            current = tick;
        }
        writeValue(out, store.signal(i), store.change(i, next[i]).value, codes[i]);
        if (++next[i] < store.changeCount(i)) heads.emplace(store.change(i, next[i]).tick, i);
    }
    if (store.endTick() > current) out << '#' << store.endTick() << '\n';
}

void writeVcdFile(const WaveformStore& store, const std::string& path, const VcdOptions& options) {
    std::ofstream f(path, std::ios::binary);
    if (!f) throw VcdError("cannot write VCD file " + path);
    writeVcd(store, f, options);
    f.flush();
    if (!f) throw VcdError("error while writing VCD file " + path);
}

} // namespace rs::waveform
