#include "fst.h"

#if RS_WAVE_HAVE_FST
#include <fstapi.h>
#endif

#include <algorithm>
#include <filesystem>
#include <memory>
#include <vector>

namespace rs::waveform {

#if RS_WAVE_HAVE_FST

namespace {

struct WriterClose {
    void operator()(void* ctx) const { fstWriterClose(ctx); }
};

std::string bitString(std::uint64_t value, int width) {
    std::string bits(static_cast<std::size_t>(width), '0');
    for (int b = 0; b < width; ++b)
        if ((value >> b) & 1) bits[static_cast<std::size_t>(width - 1 - b)] = '1';
    return bits;
}

/** A signal's value names as an FST enum table (what Verilator writes for SystemVerilog enums). */
fstEnumHandle enumTable(void* ctx, const SignalInfo& info) {
    std::vector<std::string> values;
    std::vector<const char*> names, bits;
    for (const auto& [value, name] : info.valueNames)
        values.push_back(bitString(value, info.width));
    for (const auto& [value, name] : info.valueNames)
        names.push_back(name.c_str());
    for (const std::string& v : values)
        bits.push_back(v.c_str());
    return fstWriterCreateEnumTable(ctx, info.name.c_str(), static_cast<std::uint32_t>(names.size()),
                                    static_cast<unsigned>(info.width), names.data(), bits.data());
}

} // namespace

void writeFstFile(const WaveformStore& store, const std::string& path, const FstOptions& options) {
    double seconds = store.tickSeconds();
    if (seconds <= 0) {
        const auto fallback = parseTimescale(options.timescale);
        if (!fallback) throw FstError("bad FST timescale option '" + options.timescale + "'");
        seconds = *fallback;
    }
    std::unique_ptr<void, WriterClose> ctx(fstWriterCreate(path.c_str(), 1));
    if (!ctx) throw FstError("cannot write FST file " + path);
    void* f = ctx.get();
    fstWriterSetPackType(f, FST_WR_PT_LZ4);
    fstWriterSetVersion(f, options.comment.c_str());
    fstWriterSetTimescale(f, timescaleExponent(seconds));

    // Hierarchy: the top module, one scope per group in order of first appearance.
    const std::size_t n = store.signalCount();
    std::vector<fstHandle> handles(n);
    std::vector<std::string> groups;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string& g = store.signal(i).group;
        if (std::find(groups.begin(), groups.end(), g) == groups.end()) groups.push_back(g);
    }
    fstWriterSetScope(f, FST_ST_VCD_MODULE, options.topModule.c_str(), nullptr);
    for (const std::string& g : groups) {
        if (!g.empty()) fstWriterSetScope(f, FST_ST_VCD_MODULE, g.c_str(), nullptr);
        for (std::size_t i = 0; i < n; ++i) {
            const SignalInfo& info = store.signal(i);
            if (info.group != g) continue;
            if (!info.valueNames.empty()) fstWriterEmitEnumTableRef(f, enumTable(f, info));
            handles[i] = fstWriterCreateVar(f, FST_VT_VCD_WIRE, FST_VD_IMPLICIT,
                                            static_cast<std::uint32_t>(info.width), info.name.c_str(), 0);
        }
        if (!g.empty()) fstWriterSetUpscope(f);
    }
    fstWriterSetUpscope(f);

    // Values: a signal without a change at tick 0 keeps FST's initial x, read back as "no change".
    std::vector<int> widths(n);
    for (std::size_t i = 0; i < n; ++i)
        widths[i] = store.signal(i).width;
    fstWriterEmitTimeChange(f, 0);
    Tick current = 0;
    std::size_t inBlock = 0;
    forEachChangeInTickOrder(store, [&](Tick tick, SignalId i, std::uint64_t value) {
        if (tick != current) {
            if (inBlock >= options.changesPerBlock) {
                fstWriterFlushContext(f); // takes effect at the next time change
                inBlock = 0;
            }
            fstWriterEmitTimeChange(f, tick);
            current = tick;
        }
        const auto width = static_cast<std::uint32_t>(widths[i]);
        if (width == 1)
            fstWriterEmitValueChange(f, handles[i], value & 1 ? "1" : "0");
        else if (width <= 32)
            fstWriterEmitValueChange32(f, handles[i], width, static_cast<std::uint32_t>(value));
        else
            fstWriterEmitValueChange64(f, handles[i], width, value);
        ++inBlock;
    });
    // The end time is the last time emitted: one past the capture, as the VCD writer's last '#'.
    if (store.endTick() > current) fstWriterEmitTimeChange(f, store.endTick());
    const bool seekFailed = fstWriterGetFseekFailed(f) != 0;
    ctx.reset(); // writes the header, geometry and hierarchy, and closes the file
    std::error_code ec;
    if (seekFailed || !std::filesystem::exists(path, ec))
        throw FstError("error while writing FST file " + path);
}

#else

void writeFstFile(const WaveformStore&, const std::string&, const FstOptions&) {
    throw FstError("FST support was not built: " RS_WAVE_FST_MISSING);
}

#endif

} // namespace rs::waveform
