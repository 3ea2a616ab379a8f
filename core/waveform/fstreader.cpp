// FST reading: the parent's side. The FST library runs only in guarded children (guardedchild.h,
// fstchildwork.cpp); here the records they send are checked and turned into a store. Opening reads
// the hierarchy only; a signal's changes come from a second child when first asked for (FstLoader).
#include "core/waveform/fst.h"

#include "core/fileio/safefile.h"

#if RS_WAVE_HAVE_FST
#include "core/waveform/fstchildwork.h"
#include "core/waveform/fstheader.h"
#include "core/waveform/fstvaluereply.h"
#include "core/waveform/fstwire.h"
#include "core/waveform/guardedchild.h"
#include "core/waveform/guardedserver.h"
#include "core/waveform/signalnames.h"

#include <fstapi.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#endif

namespace rs::waveform {

#if RS_WAVE_HAVE_FST

namespace {

using detail::FstLayout;
using detail::HeldSamples;
using detail::unknownRecord;
using detail::ValueReply;
using detail::WireError;
using detail::WireIn;

constexpr std::uint64_t kSignalBytes = 256;            ///< what a signal costs besides its changes
constexpr std::uint32_t kMaxHandles = 1u << 26;        ///< far beyond any design, far below 2^32
constexpr std::size_t kMaxPendingRecord = 64u << 20;   ///< bytes of one record not yet complete
constexpr std::uint32_t kMaxEnumEntries = 1u << 20;    ///< names in one enum table
constexpr std::uint64_t kChildFileFloor = 64ull << 20; ///< temporary files a child may write, at least
constexpr std::uint32_t kReservedSignals = 1u << 20;   ///< most signals made room for before they come

double exponentSeconds(int exponent) {
    double s = 1;
    for (int i = 0; i < exponent; ++i)
        s *= 10;
    double divisor = 1;
    for (int i = 0; i < -exponent; ++i)
        divisor *= 10;
    return s / divisor; // divided, so that 10^-8 is the same double as VCD's "10 ns"
}

/** Drops Verilator's bus suffix: "data [7:0]" is the signal "data". */
std::string_view baseName(std::string_view name) {
    const auto bracket = name.rfind(" [");
    if (bracket != std::string_view::npos && name.back() == ']') name.remove_suffix(name.size() - bracket);
    return name;
}

std::uint64_t enumValue(std::string_view bits) {
    std::uint64_t v = 0;
    for (char c : bits)
        v = (v << 1) | (c == '1');
    return v;
}

/** Feeds the child's bytes to a record parser; a record cut by the pipe waits for the rest. */
class RecordStream {
  public:
    explicit RecordStream(std::function<void(WireIn&)> record) : m_record(std::move(record)) {}
    void feed(std::string_view data) {
        // A record is small (a name, a value, an enum table); a child that never finishes one must
        // not make the parent hold what it sends.
        if (m_buf.size() > kMaxPendingRecord) throw WireError("a record of more than 64 MiB");
        m_buf.append(data);
        WireIn in(m_buf);
        std::size_t done = 0;
        try {
            while (!in.atEnd()) {
                m_record(in);
                done = in.pos();
            }
        } catch (const WireIn::Incomplete&) {
        }
        m_buf.erase(0, done);
    }

  private:
    std::function<void(WireIn&)> m_record;
    std::string m_buf;
};

detail::ChildLimits childLimits(const FstLayout& layout) {
    detail::ChildLimits c;
    c.seconds = layout.limits.childSeconds;
    c.memoryBytes = layout.limits.childMemoryBytes;
    // Hierarchy and gzip-wrapped files are unpacked into temporary files: room for that, no more.
    c.fileBytes = std::max(kChildFileFloor, std::min<std::uint64_t>(layout.fileBytes, 1ull << 34) * 32);
    return c;
}

/** Runs one child and turns every way it can fail into an FstError that says what happened. */
void runChild(const FstLayout& layout, const std::string& what, const std::function<int(int)>& work,
              RecordStream& stream, const std::function<bool()>& keepGoing, const bool& done,
              const std::optional<std::string>& refused) {
    detail::ChildEnd end;
    try {
        end = detail::runGuardedChild(
            work, childLimits(layout), [&](std::string_view d) { stream.feed(d); }, keepGoing);
    } catch (const WireError& e) {
        throw FstError("cannot read FST file " + layout.path + ": the reading process sent damaged data (" +
                       e.what() + ")");
    } catch (const WaveformCancelled&) {
        throw;
    } catch (const std::runtime_error& e) {
        if (dynamic_cast<const WaveformFileError*>(&e)) throw;
        throw FstError("cannot read FST file " + layout.path + ": " + e.what());
    }
    if (end.kind == detail::ChildEnd::Kind::Cancelled) throw WaveformCancelled();
    if (refused) throw FstError("cannot read FST file " + layout.path + ": " + *refused);
    if (done && end.kind == detail::ChildEnd::Kind::Exited && end.code == 0) return;
    std::string why;
    switch (end.kind) {
    case detail::ChildEnd::Kind::TimedOut:
        why = "the FST library did not finish " + what + " (it " + end.describe(layout.limits.childSeconds) +
              "; a damaged file can make it loop)";
        break;
    case detail::ChildEnd::Kind::Signalled:
        why = "the FST library crashed " + what + " (" + end.describe(0) +
              "; a damaged file, or out of memory)";
        break;
    default:
        why = "the FST library gave up " + what + " (" + end.describe(0) + "; a damaged file)";
    }
    throw FstError("cannot read FST file " + layout.path + ": " + why);
}

/** Builds the store from the hierarchy records, checking each. */
class HierarchyBuilder {
  public:
    HierarchyBuilder(WaveformStore& store, FstLayout& layout) : m_store(store), m_layout(layout) {}

    void record(WireIn& in) {
        const char tag = in.tag();
        if (!m_header && tag != 'F' && tag != 'X') throw WireError("no file record first");
        switch (tag) {
        case 'F': {
            const auto exponent = static_cast<std::int8_t>(in.u8());
            const std::uint64_t start = in.u64(), end = in.u64();
            const std::uint32_t maxHandle = in.u32();
            if (m_header) throw WireError("a second file record");
            if (exponent < -21 || exponent > 2) fail("bad timescale 10^" + std::to_string(exponent) + " s");
            if (maxHandle == 0 || maxHandle > kMaxHandles ||
                maxHandle > m_layout.limits.maxBytes / kSignalBytes)
                fail("it declares " + std::to_string(maxHandle) +
                     " signal handles (damaged, or over the limit)");
            m_store.setTickSeconds(exponentSeconds(exponent));
            m_layout.start = start;
            m_layout.end = end;
            m_layout.bitsOfHandle.assign(static_cast<std::size_t>(maxHandle) + 1, 0);
            // Room for one variable a handle (aliases add more), up to a size a damaged header cannot abuse.
            m_store.reserveSignals(std::min(maxHandle, kReservedSignals));
            m_namer.reserve(std::min(maxHandle, kReservedSignals), 32);
            m_layout.handleOfSignal.reserve(std::min(maxHandle, kReservedSignals));
            m_header = true;
            break;
        }
        case 'S': {
            const std::string_view name = in.str();
            hold(name.size() + kSignalBytes);
            m_namer.enter(name);
            break;
        }
        case 'U':
            m_namer.leave();
            break;
        case 'V': {
            const std::uint32_t handle = in.u32(), bits = in.u32();
            const std::uint8_t kind = in.u8(), alias = in.u8();
            addVar(handle, bits, kind, alias != 0, in.str());
            break;
        }
        case 'E': {
            const std::uint64_t id = in.u64();
            const std::uint32_t count = in.u32();
            if (count > kMaxEnumEntries)
                throw WireError("an enum table of " + std::to_string(count) + " names");
            std::map<std::uint64_t, std::string> names;
            std::uint64_t bytes = 0;
            for (std::uint32_t i = 0; i < count; ++i) {
                const std::string_view bits = in.str();
                const std::string_view name = in.str();
                bytes += name.size() + 64;
                names[enumValue(bits)] = std::string(name);
            }
            hold(bytes);
            m_enums[id] = std::move(names);
            break;
        }
        case 'R':
            m_pendingEnum = in.u64();
            break;
        case 'Z':
            m_done = true;
            break;
        case 'X':
            m_refused = std::string(in.str());
            break;
        default:
            throw unknownRecord(tag);
        }
    }

    const bool& done() const { return m_done; }
    const std::optional<std::string>& refused() const { return m_refused; }

  private:
    [[noreturn]] void fail(const std::string& why) const {
        throw FstError("FST file " + m_layout.path + ": " + why);
    }

    /** Counts what the hierarchy holds against the reader's limit. */
    void hold(std::uint64_t bytes) {
        m_held += bytes;
        if (m_held > m_layout.limits.maxBytes)
            fail("its hierarchy holds more than the reader's limit of " +
                 std::to_string(m_layout.limits.maxBytes >> 20) + " MiB");
    }

    void addVar(std::uint32_t handle, std::uint32_t bits, std::uint8_t kind, bool alias,
                std::string_view raw) {
        const std::string_view base = baseName(raw);
        const auto shown = [&] { return std::string(base); };
        if (kind == static_cast<std::uint8_t>(detail::VarKind::Real))
            fail("signal " + shown() + " is a real variable (not supported)");
        if (kind == static_cast<std::uint8_t>(detail::VarKind::String))
            fail("signal " + shown() + " is a string (not supported)");
        if (kind != 0) throw WireError("variable kind " + std::to_string(kind));
        if (base.empty()) fail("a signal without a name");
        if (bits < 1 || bits > static_cast<std::uint32_t>(WaveformStore::kMaxWidth))
            fail("signal " + shown() + " is " + std::to_string(bits) + " bits wide (at most " +
                 std::to_string(WaveformStore::kMaxWidth) + ")");
        if (handle < 1 || handle >= m_layout.bitsOfHandle.size())
            fail("signal " + shown() + " has a bad handle " + std::to_string(handle));
        std::uint32_t& handleBits = m_layout.bitsOfHandle[handle];
        if (handleBits != 0 && handleBits != bits && !alias)
            fail("signal " + shown() + " reuses handle " + std::to_string(handle) + " with another width");
        handleBits = std::max(handleBits, bits);
        hold(kSignalBytes);
        auto storeName = m_namer.name(base);
        if (!storeName) fail("duplicate signal " + shown());
        SignalId id = 0;
        try {
            id = m_store.addSignal(std::move(*storeName), static_cast<int>(bits), m_namer.group());
        } catch (const std::invalid_argument& e) {
            fail(e.what());
        }
        m_layout.handleOfSignal.push_back(handle);
        if (m_pendingEnum) {
            const auto it = m_enums.find(*m_pendingEnum);
            if (it != m_enums.end() && bits <= 64) m_store.setValueNames(id, it->second);
            m_pendingEnum.reset();
        }
    }

    WaveformStore& m_store;
    FstLayout& m_layout;
    bool m_header = false, m_done = false;
    std::optional<std::string> m_refused;
    detail::SignalNamer m_namer;
    std::map<std::uint64_t, std::map<std::uint64_t, std::string>> m_enums;
    std::optional<std::uint64_t> m_pendingEnum;
    std::uint64_t m_held = 0;
};

/** Fetches signals' changes through a guarded child, checking every record. Windows (what the view
 *  draws, asked for often) go to a reading process kept open between reads (GuardedServer): no fork of
 *  the program and no opening of the file for each. A read it cannot answer (it ended, ran past its
 *  time, found the file replaced, or is busy with another thread's read) goes to a one-shot child,
 *  which reports what is wrong; the samples of a reply reach the store only once it is whole. */
class FstLoader final : public SignalLoader {
  public:
    explicit FstLoader(FstLayout layout) : m_layout(std::move(layout)) {}

    void setProgress(WaveformProgress progress) { m_progress = std::move(progress); }

    void load(const std::vector<SignalId>& ids, SignalSink& sink) override {
        read(ids, sink, std::nullopt, m_held);
    }

    /// A file of one block reads it whole either way.
    bool readsWindows() const override { return m_layout.valueBlocks > 1; }

    std::optional<std::pair<Tick, Tick>> openingRange() const override {
        // A file of several blocks opens on its first, as GTKWave opens at the start: one block to read.
        if (m_layout.valueBlocks < 2 || m_layout.firstBlockEnd <= m_layout.start ||
            m_layout.firstBlockEnd >= m_layout.end)
            return std::nullopt;
        return std::make_pair(Tick{m_layout.start}, Tick{m_layout.firstBlockEnd});
    }

    void loadWindow(const std::vector<SignalId>& ids, Tick first, Tick last, SignalSink& sink) override {
        const auto window =
            std::make_pair(std::max<std::uint64_t>(first, m_layout.start), std::uint64_t{last});
        if (readFromServer(ids, window, sink)) return;
        std::uint64_t held = 0; // a window replaces the one before: counted on its own
        read(ids, sink, window, held);
    }

  private:
    /** Reads the signals' changes, all of them or those of the blocks that reach into window. */
    void read(const std::vector<SignalId>& ids, SignalSink& sink,
              const std::optional<std::pair<std::uint64_t, std::uint64_t>>& window, std::uint64_t& held) {
        ValueReply reply(m_layout, ids, window, held, m_progress);
        RecordStream stream([&](WireIn& in) { reply.record(in, sink); });
        const std::string path = m_layout.path;
        const detail::FstValueRequest& request = reply.request();
        runChild(
            m_layout, "reading its values",
            [&path, &request](int fd) { return detail::sendFstValues(path, request, fd); }, stream,
            [this, &reply] { return !m_progress || m_progress(reply.fraction()); }, reply.done(),
            reply.refused());
    }

    /** A window through the kept reading process; false when it could not answer (read it otherwise). */
    bool readFromServer(const std::vector<SignalId>& ids,
                        const std::pair<std::uint64_t, std::uint64_t>& window, SignalSink& sink) {
        std::unique_lock<std::mutex> lock(m_serverMutex, std::try_to_lock);
        if (!lock.owns_lock()) return false; // another thread's read: not waited for
        if (!m_server || !m_server->running()) {
            const std::string path = m_layout.path;
            try {
                detail::ChildLimits limits = childLimits(m_layout);
                limits.seconds *= kServerSecondsFactor; // its CPU time over all reads; each read has its own
                m_server = std::make_unique<detail::GuardedServer>(
                    [path](int fd) { return detail::serveFstValues(path, fd); }, limits);
            } catch (const std::runtime_error&) {
                m_server.reset();
                return false;
            }
        }
        std::uint64_t held = 0;
        ValueReply reply(m_layout, ids, window, held, m_progress);
        HeldSamples samples;
        RecordStream stream([&](WireIn& in) { reply.record(in, samples); });
        detail::GuardedServer::Answer outcome{};
        try {
            outcome = m_server->ask(
                detail::encodeValueRequest(reply.request()), m_layout.limits.childSeconds,
                [&](std::string_view d) {
                    stream.feed(d);
                    return reply.complete();
                },
                [this, &reply] { return !m_progress || m_progress(reply.fraction()); });
        } catch (const WireError& e) {
            throw FstError("cannot read FST file " + m_layout.path +
                           ": the reading process sent damaged data (" + e.what() + ")");
        }
        if (outcome == detail::GuardedServer::Answer::Cancelled) throw WaveformCancelled();
        if (outcome != detail::GuardedServer::Answer::Complete) return false;
        if (reply.refused()) {
            m_server->stop();
            return false; // a one-shot child checks the file afresh and says why
        }
        samples.replay(sink);
        return true;
    }

    static constexpr double kServerSecondsFactor = 16;

    FstLayout m_layout;
    WaveformProgress m_progress;
    std::uint64_t m_held = 0;
    std::mutex m_serverMutex;
    std::unique_ptr<detail::GuardedServer> m_server;
};

/** The library exits the process on some corrupt input, so what is plainly not FST stops here; what the
 *  file says it holds (fstheader.h: read here, bounded, never by the library) sizes the children's time. */
detail::FstFileSummary lookAtFst(const std::string& path) {
    detail::FstFileSummary s;
    try {
        s = detail::summarizeFst(path);
    } catch (const fileio::FileError& e) {
        throw FstError(std::string("cannot open ") + e.what());
    }
    if (s.firstByte < 0) throw FstError(path + " is empty, not an FST file");
    if (s.firstByte != FST_BL_HDR && s.firstByte != FST_BL_ZWRAPPER)
        throw FstError(path + " is not an FST file");
    return s;
}

std::pair<WaveformStore, std::shared_ptr<FstLoader>>
open(const std::string& path, const WaveformProgress& progress, const ReadLimits& limits) {
    FstLayout layout;
    layout.path = path;
    layout.limits = limits;
    const detail::FstFileSummary summary = lookAtFst(path);
    layout.fileBytes = summary.fileBytes;
    layout.firstBlockEnd = summary.firstBlockEnd;
    layout.valueBlocks = summary.valueBlocks;
    if (layout.limits.childSeconds <= 0) layout.limits.childSeconds = detail::fstChildSeconds(summary);
    WaveformStore store;
    HierarchyBuilder builder(store, layout);
    RecordStream stream([&builder](WireIn& in) { builder.record(in); });
    if (progress && !progress(0.0)) throw WaveformCancelled();
    runChild(
        layout, "reading its signals", [&path](int fd) { return detail::sendFstHierarchy(path, fd); }, stream,
        [&progress] { return !progress || progress(0.0); }, builder.done(), builder.refused());
    store.advance(layout.end);
    auto loader = std::make_shared<FstLoader>(std::move(layout));
    store.setLoader(loader);
    return {std::move(store), loader};
}

} // namespace

bool fstSupported() {
    return true;
}

double fstReadSeconds(const std::string& path) {
    return detail::fstChildSeconds(lookAtFst(path));
}

WaveformStore openFstFile(const std::string& path, const WaveformProgress& progress,
                          const ReadLimits& limits) {
    auto opened = open(path, progress, limits);
    if (progress && !progress(1.0)) throw WaveformCancelled();
    return std::move(opened.first);
}

WaveformStore readFstFile(const std::string& path, const WaveformProgress& progress,
                          const ReadLimits& limits) {
    auto [store, loader] = open(path, progress, limits);
    if (progress) loader->setProgress(progress);
    try {
        store.loadAll();
    } catch (const WaveformCancelled&) {
        throw;
    } catch (const WaveformFileError&) {
        throw;
    } catch (const std::exception& e) {
        throw FstError("cannot read FST file " + path + ": " + e.what());
    }
    store.setLoader(nullptr); // everything is in memory: the store no longer needs the file
    if (progress && !progress(1.0)) throw WaveformCancelled();
    return std::move(store);
}

#else

bool fstSupported() {
    return false;
}

WaveformStore openFstFile(const std::string&, const WaveformProgress&, const ReadLimits&) {
    throw FstError("FST support was not built: " RS_WAVE_FST_MISSING);
}

WaveformStore readFstFile(const std::string&, const WaveformProgress&, const ReadLimits&) {
    throw FstError("FST support was not built: " RS_WAVE_FST_MISSING);
}

double fstReadSeconds(const std::string&) {
    throw FstError("FST support was not built: " RS_WAVE_FST_MISSING);
}

#endif

} // namespace rs::waveform
