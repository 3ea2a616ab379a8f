#include "fst.h"

#include "bitstring.h"

#if RS_WAVE_HAVE_FST
#include <fstapi.h>

#include <chrono>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <exception>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <unordered_set>
#include <vector>

namespace rs::waveform {

#if RS_WAVE_HAVE_FST

namespace {

constexpr std::uint64_t kChangesPerProgress = 1u << 16;

// The hierarchy record types are nested in an anonymous union of fstHier.
using HierVar = decltype(fstHier::u.var);
using HierAttr = decltype(fstHier::u.attr);

struct ReaderClose {
    void operator()(void* ctx) const { fstReaderClose(ctx); }
};

/** The signals behind one FST handle (several when the file declares aliases). */
struct Slot {
    std::vector<SignalId> ids;
    std::size_t width = 0; ///< digits of each value
    bool valued = false;   ///< a known value was seen; x/z before it store nothing
};

/** What the value callback works on. The callback runs inside the C library, so nothing may be
 *  thrown through it: a failure or a cancel is recorded, later changes are skipped, and the
 *  library is told to stop at its next block (a time range that ends before it). */
struct ReadState {
    void* ctx = nullptr;
    WaveformStore* store = nullptr;
    std::vector<Slot>* slots = nullptr;
    const WaveformProgress* progress = nullptr;
    Tick start = 0, end = 0;
    std::uint64_t changes = 0, nextReport = kChangesPerProgress;
    bool stopped = false, cancelled = false;
    std::exception_ptr error;

    void stop() {
        stopped = true;
        fstReaderSetLimitTimeRange(ctx, 0, 0);
    }
};

double fraction(const ReadState& s, Tick now) {
    if (s.end <= s.start) return 1.0;
    return std::min(1.0, static_cast<double>(now - s.start) / static_cast<double>(s.end - s.start));
}

void onValue(void* user, std::uint64_t time, fstHandle handle, const unsigned char* value) {
    auto& s = *static_cast<ReadState*>(user);
    if (s.stopped || handle >= s.slots->size() || !value) return;
    try {
        Slot& slot = (*s.slots)[handle];
        std::uint64_t v = 0;
        bool known = true;
        if (!detail::parseBinary(reinterpret_cast<const char*>(value), slot.width, v)) {
            v = 0; // x, z and the other nine-valued states (h is a weak 1)
            known = false;
            for (const unsigned char* p = value; *p; ++p) {
                v = (v << 1) | (*p == '1' || *p == 'h' || *p == 'H');
                known |= *p != 'x' && *p != 'X' && *p != 'z' && *p != 'Z';
            }
        }
        if (known || slot.valued) {
            slot.valued = true;
            for (SignalId id : slot.ids)
                s.store->sample(id, time, v);
        }
        if (++s.changes >= s.nextReport) {
            s.nextReport += kChangesPerProgress;
            if (*s.progress && !(*s.progress)(fraction(s, time))) {
                s.cancelled = true;
                s.stop();
            }
        }
    } catch (...) {
        s.error = std::current_exception();
        s.stop();
    }
}

void onVarLength(void* user, std::uint64_t time, fstHandle handle, const unsigned char* value,
                 std::uint32_t) {
    onValue(user, time, handle, value); // only strings have variable length, and they are rejected
}

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
std::string baseName(const char* name, std::uint32_t length) {
    std::string s(name, length);
    const auto bracket = s.rfind(" [");
    if (bracket != std::string::npos && s.back() == ']') s.erase(bracket);
    return s;
}

std::uint64_t parseBits(const char* s) {
    std::uint64_t v = 0;
    for (; *s; ++s)
        v = (v << 1) | (*s == '1');
    return v;
}

class Hierarchy {
  public:
    Hierarchy(void* ctx, WaveformStore& store, std::vector<Slot>& slots, const std::string& path)
        : m_ctx(ctx), m_store(store), m_slots(slots), m_path(path) {}

    void read() {
        while (const fstHier* h = fstReaderIterateHier(m_ctx)) {
            switch (h->htyp) {
            case FST_HT_SCOPE:
                m_scopes.emplace_back(h->u.scope.name, h->u.scope.name_length);
                break;
            case FST_HT_UPSCOPE:
                if (!m_scopes.empty()) m_scopes.pop_back();
                break;
            case FST_HT_VAR:
                addVar(h->u.var);
                break;
            case FST_HT_ATTRBEGIN:
                attribute(h->u.attr);
                break;
            default:
                break;
            }
        }
    }

  private:
    [[noreturn]] void fail(const std::string& why) const {
        throw FstError("FST file " + m_path + ": " + why);
    }

    void addVar(const HierVar& var) {
        std::string name = baseName(var.name, var.name_length);
        switch (var.typ) {
        case FST_VT_VCD_REAL:
        case FST_VT_VCD_REAL_PARAMETER:
        case FST_VT_VCD_REALTIME:
        case FST_VT_SV_SHORTREAL:
            fail("signal " + name + " is a real variable (not supported)");
        case FST_VT_GEN_STRING:
            fail("signal " + name + " is a string (not supported)");
        default:
            break;
        }
        if (var.length < 1 || var.length > 64)
            fail("signal " + name + " is " + std::to_string(var.length) + " bits wide (at most 64)");
        if (var.handle < 1 || var.handle >= m_slots.size())
            fail("signal " + name + " has a bad handle " + std::to_string(var.handle));
        std::string group;
        for (std::size_t i = 1; i < m_scopes.size(); ++i)
            group += (group.empty() ? "" : ".") + m_scopes[i];
        if (m_names.count(name)) {
            if (group.empty() || m_names.count(group + "." + name)) fail("duplicate signal " + name);
            name = group + "." + name;
        }
        SignalId id = 0;
        try {
            id = m_store.addSignal(name, static_cast<int>(var.length), group);
        } catch (const std::invalid_argument& e) {
            fail(e.what());
        }
        m_names.insert(name);
        m_slots[var.handle].ids.push_back(id);
        if (m_slots[var.handle].width == 0) m_slots[var.handle].width = var.length; // the aliased var's
        if (m_pendingEnum) {
            const auto it = m_enums.find(*m_pendingEnum);
            if (it != m_enums.end()) m_store.setValueNames(id, it->second);
            m_pendingEnum.reset();
        }
    }

    /** Enum tables: a definition (its text names values), then a reference before each var. */
    void attribute(const HierAttr& attr) {
        if (attr.typ != FST_AT_MISC || attr.subtype != FST_MT_ENUMTABLE) return;
        if (!attr.name || attr.name_length == 0) {
            m_pendingEnum = attr.arg;
            return;
        }
        std::unique_ptr<fstETab, void (*)(fstETab*)> table(fstUtilityExtractEnumTableFromString(attr.name),
                                                           fstUtilityFreeEnumTable);
        if (!table) return;
        std::map<std::uint64_t, std::string> names;
        for (std::uint32_t i = 0; i < table->elem_count; ++i)
            names[parseBits(table->val_arr[i])] = table->literal_arr[i];
        m_enums[attr.arg] = std::move(names);
    }

    void* m_ctx;
    WaveformStore& m_store;
    std::vector<Slot>& m_slots;
    const std::string& m_path;
    std::vector<std::string> m_scopes;
    std::unordered_set<std::string> m_names;
    std::map<std::uint64_t, std::map<std::uint64_t, std::string>> m_enums;
    std::optional<std::uint64_t> m_pendingEnum;
};

/** The library exits the process on some corrupt input, so what is plainly not FST stops here. */
void checkLooksLikeFst(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw FstError("cannot open FST file " + path);
    const int first = f.get();
    if (first == std::char_traits<char>::eof()) throw FstError(path + " is empty, not an FST file");
    if (first != FST_BL_HDR && first != FST_BL_ZWRAPPER) throw FstError(path + " is not an FST file");
}

constexpr int kChildRejected = 3; ///< the child's reader threw (a clean FstError, not a library exit)

WaveformStore readInProcess(const std::string& path, const WaveformProgress& progress) {
    std::unique_ptr<void, ReaderClose> ctx(fstReaderOpen(path.c_str()));
    if (!ctx)
        throw FstError("cannot read FST file " + path + " (damaged, or without signals or value changes)");
    WaveformStore store;
    store.setTickSeconds(exponentSeconds(fstReaderGetTimescale(ctx.get())));
    std::vector<Slot> slots(static_cast<std::size_t>(fstReaderGetMaxHandle(ctx.get())) + 1);
    Hierarchy(ctx.get(), store, slots, path).read();

    ReadState state;
    state.ctx = ctx.get();
    state.store = &store;
    state.slots = &slots;
    state.progress = &progress;
    state.start = fstReaderGetStartTime(ctx.get());
    state.end = fstReaderGetEndTime(ctx.get());
    if (progress && !progress(0.0)) throw WaveformCancelled();
    fstReaderSetFacProcessMaskAll(ctx.get());
    fstReaderIterBlocks2(ctx.get(), onValue, onVarLength, &state, nullptr);
    if (state.error) std::rethrow_exception(state.error);
    if (state.cancelled) throw WaveformCancelled();
    store.advance(state.end);
    if (progress && !progress(1.0)) throw WaveformCancelled();
    return store;
}

// The fstapi library exit()s, or crashes, on bytes damaged inside a value block. The file is read
// once in a forked child first: a damaged file then ends the child, never the program, and the
// program reads it only once the child has read it through. The child reports its progress through
// a pipe (it must not touch the parent's objects), takes the first half of the progress range and
// leaves with _exit (rs_fstapi is built with exit() as _Exit, so no atexit handler of the forked
// program runs there); the parent polls its cancel flag at each report and at least every 250 ms.
void readInChild(const std::string& path, const WaveformProgress& progress) {
    int fds[2];
    if (::pipe(fds) != 0)
        throw FstError("cannot check FST file " + path + ": pipe failed (" + std::strerror(errno) + ")");
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        throw FstError("cannot check FST file " + path + ": fork failed (" + std::strerror(errno) + ")");
    }
    if (pid == 0) {
        ::close(fds[0]);
        const int out = fds[1];
        int rc = 0;
        try {
            readInProcess(path, [out](double f) {
                const auto v = static_cast<std::uint16_t>(std::clamp(f, 0.0, 1.0) * 10000);
                return ::write(out, &v, sizeof v) == sizeof v;
            });
        } catch (...) {
            rc = kChildRejected;
        }
        ::_exit(rc);
    }
    ::close(fds[1]);
    ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
    const auto stop = [&](int& status) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        ::close(fds[0]);
    };
    int status = 0;
    double fraction = 0, reported = -1;
    auto lastCall = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    for (;;) {
        std::uint16_t v = 0;
        while (::read(fds[0], &v, sizeof v) == sizeof v)
            fraction = v / 10000.0;
        const auto now = std::chrono::steady_clock::now();
        if (progress && (fraction != reported || now - lastCall > std::chrono::milliseconds(250))) {
            reported = fraction;
            lastCall = now;
            if (!progress(0.5 * fraction)) {
                stop(status);
                throw WaveformCancelled();
            }
        }
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid) break;
        if (r < 0 && errno != EINTR) {
            stop(status);
            throw FstError("cannot check FST file " + path + ": waitpid failed");
        }
        pollfd pfd{fds[0], POLLIN, 0};
        ::poll(&pfd, 1, 10);
    }
    ::close(fds[0]);
    if (WIFSIGNALED(status))
        throw FstError("cannot read FST file " + path + ": the FST library crashed reading it (signal " +
                       std::to_string(WTERMSIG(status)) + "; a damaged file, or out of memory)");
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != kChildRejected)
        throw FstError("FST file " + path + " is damaged: the FST library gave up reading it (exit status " +
                       std::to_string(WEXITSTATUS(status)) + ")");
    // kChildRejected: the reader threw; reading in-process throws the same error with its message.
}

} // namespace

bool fstSupported() {
    return true;
}

WaveformStore readFstFile(const std::string& path, const WaveformProgress& progress) {
    checkLooksLikeFst(path);
    readInChild(path, progress);
    if (!progress) return readInProcess(path, {});
    return readInProcess(path, [&progress](double f) { return progress(0.5 + 0.5 * f); });
}

#else

bool fstSupported() {
    return false;
}

WaveformStore readFstFile(const std::string&, const WaveformProgress&) {
    throw FstError("FST support was not built: " RS_WAVE_FST_MISSING);
}

#endif

} // namespace rs::waveform
