#include "core/waveform/fst.h"

#include "core/fileio/safefile.h"

#if RS_WAVE_HAVE_FST
#include "core/waveform/fstemit.h"
#include "core/waveform/fstio.h"
#include "core/waveform/guardedchild.h"

#include <fstapi.h>

#include <cerrno>
#include <cstring>
#include <unistd.h>
#endif

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

namespace rs::waveform {

#if RS_WAVE_HAVE_FST

namespace {

std::string bitString(Words value, int width) {
    std::string bits(static_cast<std::size_t>(width), '0');
    for (int b = 0; b < width; ++b)
        if ((value[static_cast<std::size_t>(b / 64)] >> (b % 64)) & 1)
            bits[static_cast<std::size_t>(width - 1 - b)] = '1';
    return bits;
}

/** A signal's value names as an FST enum table (what Verilator writes for SystemVerilog enums). */
fstEnumHandle enumTable(void* ctx, const SignalInfo& info) {
    std::vector<std::string> values;
    std::vector<const char*> names, bits;
    for (const auto& [value, name] : info.valueNames)
        values.push_back(bitString(Words(&value, 1), info.width));
    for (const auto& [value, name] : info.valueNames)
        names.push_back(name.c_str());
    for (const std::string& v : values)
        bits.push_back(v.c_str());
    return fstWriterCreateEnumTable(ctx, info.name.c_str(), static_cast<std::uint32_t>(names.size()),
                                    static_cast<unsigned>(info.width), names.data(), bits.data());
}

/** The scope names of a group: "a.b.c" is a > b > c; the reader joins them with dots again. */
std::vector<std::string> scopePath(const std::string& group) {
    std::vector<std::string> out;
    if (group.empty()) return out;
    for (std::size_t at = 0;;) {
        const std::size_t dot = group.find('.', at);
        out.push_back(group.substr(at, dot == std::string::npos ? std::string::npos : dot - at));
        if (dot == std::string::npos) return out;
        at = dot + 1;
    }
}

} // namespace

namespace detail {

FstEmitter::FstEmitter(const std::string& path, const FstOptions& options)
    : m_ctx(fstWriterCreate(path.c_str(), 1)), m_options(options) {}

FstEmitter::~FstEmitter() {
    if (m_ctx) fstWriterClose(m_ctx);
}

void FstEmitter::begin(const WaveformStore& store, double seconds) {
    void* f = m_ctx;
    fstWriterSetPackType(f, FST_WR_PT_LZ4);
    fstWriterSetVersion(f, m_options.comment.c_str());
    fstWriterSetTimescale(f, timescaleExponent(seconds));

    // Hierarchy: the top module, one scope per group in order of first appearance.
    const std::size_t n = store.signalCount();
    m_handles.assign(n, 0);
    std::vector<std::string> groups;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string& g = store.signal(i).group;
        if (std::find(groups.begin(), groups.end(), g) == groups.end()) groups.push_back(g);
    }
    // Children after their parent ("a", "b", "a.c" is written a, a.c, b), so that no scope is opened twice:
    // each group sorts by the first appearance of each of its path's prefixes.
    std::map<std::string, std::size_t> firstSeen;
    for (std::size_t i = 0; i < groups.size(); ++i)
        for (std::size_t dot = groups[i].find('.');; dot = groups[i].find('.', dot + 1)) {
            firstSeen.emplace(groups[i].substr(0, dot), i);
            if (dot == std::string::npos) break;
        }
    const auto rank = [&](const std::string& g) {
        std::vector<std::size_t> r;
        for (std::size_t dot = g.find('.');; dot = g.find('.', dot + 1)) {
            r.push_back(firstSeen.at(g.substr(0, dot)));
            if (dot == std::string::npos) return r;
        }
    };
    std::stable_sort(groups.begin(), groups.end(),
                     [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
    // A group "a.b.c" is the scope path a > b > c, nested as a simulator writes it (GTKWave and Surfer show
    // a tree), opened and closed only where the path differs from the group before.
    fstWriterSetScope(f, FST_ST_VCD_MODULE, m_options.topModule.c_str(), nullptr);
    std::vector<std::string> open;
    for (const std::string& g : groups) {
        const std::vector<std::string> path = scopePath(g);
        std::size_t same = 0;
        while (same < open.size() && same < path.size() && open[same] == path[same])
            ++same;
        for (; open.size() > same; open.pop_back())
            fstWriterSetUpscope(f);
        for (; open.size() < path.size(); open.push_back(path[open.size()]))
            fstWriterSetScope(f, FST_ST_VCD_MODULE, path[open.size()].c_str(), nullptr);
        for (std::size_t i = 0; i < n; ++i) {
            const SignalInfo& info = store.signal(i);
            if (info.group != g) continue;
            if (!info.valueNames.empty()) fstWriterEmitEnumTableRef(f, enumTable(f, info));
            m_handles[i] = fstWriterCreateVar(f, FST_VT_VCD_WIRE, FST_VD_IMPLICIT,
                                              static_cast<std::uint32_t>(info.width), info.name.c_str(), 0);
        }
    }
    for (; !open.empty(); open.pop_back())
        fstWriterSetUpscope(f);
    fstWriterSetUpscope(f);

    // Values: a signal without a change at tick 0 keeps FST's initial x, read back as "no change".
    m_widths.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        m_widths[i] = store.signal(i).width;
    fstWriterEmitTimeChange(f, 0);
    m_current = 0;
    m_inBlock = 0;
}

void FstEmitter::change(Tick tick, SignalId i, Words value) {
    void* f = m_ctx;
    if (tick != m_current) {
        if (m_inBlock >= m_options.changesPerBlock) {
            fstWriterFlushContext(f); // takes effect at the next time change
            m_inBlock = 0;
        }
        fstWriterEmitTimeChange(f, tick);
        m_current = tick;
    }
    const auto width = static_cast<std::uint32_t>(m_widths[i]);
    const std::uint64_t low = value[0];
    if (width > 64) {
        m_bits = bitString(value, m_widths[i]);
        fstWriterEmitValueChange(f, m_handles[i], m_bits.c_str());
    } else if (width == 1)
        fstWriterEmitValueChange(f, m_handles[i], low & 1 ? "1" : "0");
    else if (width <= 32)
        fstWriterEmitValueChange32(f, m_handles[i], width, static_cast<std::uint32_t>(low));
    else
        fstWriterEmitValueChange64(f, m_handles[i], width, low);
    ++m_inBlock;
}

int FstEmitter::finish(Tick endTick) {
    // The end time is the last time emitted: one past the capture, as the VCD writer's last '#'.
    if (endTick > m_current) fstWriterEmitTimeChange(m_ctx, endTick);
    const bool seekFailed = fstWriterGetFseekFailed(m_ctx) != 0;
    fstWriterClose(m_ctx); // writes the header, geometry and hierarchy, and closes the file
    m_ctx = nullptr;
    return seekFailed || rs_fst_io_error() != 0 ? kFstWriteFailed : 0;
}

void writeFstThroughChild(const std::string& path, const FstChildWork& work,
                          const std::function<void(std::string_view)>& onData,
                          const std::function<bool()>& keepGoing,
                          const std::function<void(const ChildEnd&)>& checkEnd) {
    try {
        // The library unlinks and recreates the path it is given, writes through mmap (SIGBUS on a full
        // disk) and ignores failed writes: it writes a temporary file beside the target in a child, and
        // the target is replaced only once the child reports every write done.
        fileio::AtomicFile file(path);
        file.releaseDescriptor();
        const std::string temp = file.tempPath();
        ChildLimits limits;
        limits.seconds = 24 * 3600; // our own code: no loop to fear, only a slow disk
        const ChildEnd end = runGuardedChild(
            [&](int fd) {
                rs_fst_io_reset();
                return work(temp, fd);
            },
            limits, onData, keepGoing);
        ::unlink((temp + ".hier").c_str()); // the library's side file, left behind by a child that died
        if (checkEnd) checkEnd(end);
        if (end.kind != ChildEnd::Kind::Exited || end.code != 0) {
            throw FstError("cannot write FST file " + path + ": " +
                           (end.kind == ChildEnd::Kind::Exited && end.code == kFstWriteFailed
                                ? std::string("a write failed (disk full, or a file-size limit)")
                                : "the FST library failed (" + end.describe(limits.seconds) +
                                      "; a full disk makes it crash)") +
                           "; nothing was written");
        }
        file.commit();
    } catch (const fileio::FileError& e) {
        throw FstError(std::string("cannot write FST file: ") + e.what());
    } catch (const WaveformCancelled&) {
        throw;
    } catch (const std::runtime_error& e) {
        if (dynamic_cast<const WaveformFileError*>(&e)) throw;
        throw FstError("cannot write FST file " + path + ": " + e.what());
    }
}

} // namespace detail

void writeFstFile(const WaveformStore& store, const std::string& path, const FstOptions& options) {
    double seconds = store.tickSeconds();
    if (seconds <= 0) {
        const auto fallback = parseTimescale(options.timescale);
        if (!fallback) throw FstError("bad FST timescale option '" + options.timescale + "'");
        seconds = *fallback;
    }
    store.loadAll(); // a lazily read store: every change in memory before the child copies it
    const auto work = [&](const std::string& temp, int) {
        detail::FstEmitter out(temp, options);
        if (!out.ok()) return detail::kFstWriteFailed;
        out.begin(store, seconds);
        forEachChangeInTickOrder(store, [&](Tick tick, SignalId i, std::size_t index) {
            out.change(tick, i, store.changeWords(i, index));
        });
        return out.finish(store.endTick());
    };
    detail::writeFstThroughChild(path, work, [](std::string_view) {}, {}, {});
}

#else

void writeFstFile(const WaveformStore&, const std::string&, const FstOptions&) {
    throw FstError("FST support was not built: " RS_WAVE_FST_MISSING);
}

#endif

} // namespace rs::waveform
