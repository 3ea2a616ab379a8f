#include "core/waveform/vcd.h"

#include <algorithm>
#include <bit>
#include <functional>
#include <string_view>
#include <vector>

#include "core/fileio/safefile.h"

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
void appendValue(std::string& out, int width, Words value, const std::string& code) {
    if (width == 1) {
        out.push_back(value[0] & 1 ? '1' : '0');
    } else {
        out.push_back('b');
        std::size_t top = value.size();
        while (top > 1 && value[top - 1] == 0)
            --top;
        for (std::size_t k = top; k-- > 0;) {
            const std::uint64_t w = value[k];
            const int bits = k + 1 == top ? std::max(1, 64 - std::countl_zero(w)) : 64;
            for (int b = bits - 1; b >= 0; --b)
                out.push_back((w >> b) & 1 ? '1' : '0');
        }
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

/** Writes the VCD text in pieces of about kFlushBytes through write. */
void writeVcdTo(const WaveformStore& store, const std::function<void(std::string_view)>& write,
                const VcdOptions& options) {
    store.loadAll(); // a lazily read store: every change at once (and its errors) before writing any
    const std::size_t n = store.signalCount();
    std::vector<std::string> codes(n);
    std::vector<int> widths(n);
    for (std::size_t i = 0; i < n; ++i) {
        codes[i] = idCode(i);
        widths[i] = store.signal(i).width;
    }

    const std::string timescale =
        store.tickSeconds() > 0 ? timescaleText(store.tickSeconds()) : options.timescale;
    std::string text;
    text.reserve(kFlushBytes + 256);
    text += "$date\n  (not recorded)\n$end\n";
    text += "$version\n  " + options.comment + "\n$end\n";
    text += "$timescale " + timescale + " $end\n";
    text += "$scope module " + options.topModule + " $end\n";
    // Groups in order of first appearance; ungrouped signals sit in the top module.
    std::vector<std::string> groups;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string& g = store.signal(i).group;
        if (std::find(groups.begin(), groups.end(), g) == groups.end()) groups.push_back(g);
    }
    for (const std::string& g : groups) {
        if (!g.empty()) text += "$scope module " + g + " $end\n";
        for (std::size_t i = 0; i < n; ++i) {
            const SignalInfo& info = store.signal(i);
            if (info.group != g) continue;
            text += "$var wire " + std::to_string(info.width) + ' ' + codes[i] + ' ' + info.name;
            if (info.width > 1) text += " [" + std::to_string(info.width - 1) + ":0]";
            text += " $end\n";
            if (text.size() >= kFlushBytes) {
                write(text);
                text.clear();
            }
        }
        if (!g.empty()) text += "$upscope $end\n";
    }
    text += "$upscope $end\n$enddefinitions $end\n";

    // Initial values (x for a signal whose first change comes later), then every change in tick order.
    text += "#0\n$dumpvars\n";
    for (std::size_t i = 0; i < n; ++i)
        if (store.changeCount(i) == 0 || store.change(i, 0).tick != 0)
            appendUnknown(text, widths[i], codes[i]);
    bool inDump = true;
    Tick current = 0;
    forEachChangeInTickOrder(store, [&](Tick tick, SignalId i, std::size_t index) {
        if (tick != current) {
            if (inDump) text += "$end\n";
            inDump = false;
            appendTime(text, tick);
            current = tick;
        }
        appendValue(text, widths[i], store.changeWords(i, index), codes[i]);
        if (text.size() >= kFlushBytes) {
            write(text);
            text.clear();
        }
    });
    if (inDump) text += "$end\n";
    if (store.endTick() > current) appendTime(text, store.endTick());
    write(text);
}

} // namespace

void writeVcd(const WaveformStore& store, std::ostream& out, const VcdOptions& options) {
    writeVcdTo(
        store,
        [&out](std::string_view text) { out.write(text.data(), static_cast<std::streamsize>(text.size())); },
        options);
}

void writeVcdFile(const WaveformStore& store, const std::string& path, const VcdOptions& options) {
    try {
        // Every write checked (a full disk or a file-size limit is an error), the target replaced only
        // at commit: a failed export leaves whatever was there before.
        fileio::AtomicFile file(path);
        writeVcdTo(
            store, [&file](std::string_view text) { file.write(text); }, options);
        file.commit();
    } catch (const fileio::FileError& e) {
        throw VcdError(std::string("cannot write VCD file: ") + e.what());
    } catch (const WaveformFileError&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw VcdError("cannot write VCD file " + path + ": " + e.what());
    }
}

} // namespace rs::waveform
