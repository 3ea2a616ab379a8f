#include "vcd.h"

#include <algorithm>
#include <bit>
#include <fstream>
#include <vector>

namespace rs::waveform {

namespace {

constexpr std::size_t kFlushBytes = 1 << 20; ///< text collected before each write to the stream

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

/** Scalars as "1!", vectors in binary with leading zeros dropped (VCD extends a vector with 0). */
void appendValue(std::string& out, int width, std::uint64_t value, const std::string& code) {
    if (width == 1) {
        out.push_back(value & 1 ? '1' : '0');
    } else {
        out.push_back('b');
        const int bits = std::max(1, 64 - std::countl_zero(value));
        for (int b = bits - 1; b >= 0; --b)
            out.push_back((value >> b) & 1 ? '1' : '0');
        out.push_back(' ');
    }
    out += code;
    out.push_back('\n');
}

/** A signal with no value yet at tick 0: x, which the reader takes as "no change". */
void appendUnknown(std::string& out, int width, const std::string& code) {
    out += width == 1 ? "x" : "bx ";
    out += code;
    out.push_back('\n');
}

void appendTime(std::string& out, Tick tick) {
    out.push_back('#');
    out += std::to_string(tick);
    out.push_back('\n');
}

} // namespace

void writeVcd(const WaveformStore& store, std::ostream& out, const VcdOptions& options) {
    const std::size_t n = store.signalCount();
    std::vector<std::string> codes(n);
    std::vector<int> widths(n);
    for (std::size_t i = 0; i < n; ++i) {
        codes[i] = idCode(i);
        widths[i] = store.signal(i).width;
    }

    const std::string timescale =
        store.tickSeconds() > 0 ? timescaleText(store.tickSeconds()) : options.timescale;
    out << "$date\n  (not recorded)\n$end\n";
    out << "$version\n  " << options.comment << "\n$end\n";
    out << "$timescale " << timescale << " $end\n";
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

    // Initial values (x for a signal whose first change comes later), then every change in tick order.
    std::string text;
    text.reserve(kFlushBytes + 256);
    text += "#0\n$dumpvars\n";
    for (std::size_t i = 0; i < n; ++i)
        if (store.changeCount(i) == 0 || store.change(i, 0).tick != 0)
            appendUnknown(text, widths[i], codes[i]);
    bool inDump = true;
    Tick current = 0;
    forEachChangeInTickOrder(store, [&](Tick tick, SignalId i, std::uint64_t value) {
        if (tick != current) {
            if (inDump) text += "$end\n";
            inDump = false;
            appendTime(text, tick);
            current = tick;
        }
        appendValue(text, widths[i], value, codes[i]);
        if (text.size() >= kFlushBytes) {
            out.write(text.data(), static_cast<std::streamsize>(text.size()));
            text.clear();
        }
    });
    if (inDump) text += "$end\n";
    if (store.endTick() > current) appendTime(text, store.endTick());
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

void writeVcdFile(const WaveformStore& store, const std::string& path, const VcdOptions& options) {
    std::ofstream f(path, std::ios::binary);
    if (!f) throw VcdError("cannot write VCD file " + path);
    writeVcd(store, f, options);
    f.flush();
    if (!f) throw VcdError("error while writing VCD file " + path);
}

} // namespace rs::waveform
