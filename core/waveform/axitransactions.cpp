#include "core/waveform/axitransactions.h"

#include "core/waveform/foldedmatch.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace rs::waveform {

namespace {

// The channel pins, longest first where one ends another ("arvalid" before "rvalid", "awvalid" before
// "wvalid"), so each signal belongs to the longest suffix it ends in.
enum Pin {
    AwValid,
    AwReady,
    AwAddr,
    ArValid,
    ArReady,
    ArAddr,
    WValid,
    WReady,
    WData,
    WStrb,
    BValid,
    BReady,
    BResp,
    RValid,
    RReady,
    RData,
    RResp,
    kPins
};
constexpr std::array<const char*, kPins> kPinNames = {
    "awvalid", "awready", "awaddr", "arvalid", "arready", "araddr", "wvalid", "wready", "wdata",
    "wstrb",   "bvalid",  "bready", "bresp",   "rvalid",  "rready", "rdata",  "rresp"};

using Pins = std::array<std::optional<SignalId>, kPins>;

/** The bus's pins by prefix: the prefix with the most pins (the shortest on a tie). */
std::pair<std::string, Pins> findBus(const WaveformStore& store) {
    std::map<std::string, Pins> buses;
    for (SignalId id = 0; id < store.signalCount(); ++id) {
        const std::string& name = store.signal(id).name; // 10^5 names in a big design: none copied
        for (int p = 0; p < kPins; ++p) {
            const std::string_view pin = kPinNames[static_cast<std::size_t>(p)];
            if (!endsWithFolded(name, pin)) continue;
            const std::string prefix = name.substr(0, name.size() - pin.size());
            if (!prefix.empty() && prefix.back() != '_' && prefix.back() != '.') continue;
            auto& slot = buses[prefix][static_cast<std::size_t>(p)];
            if (!slot) slot = id;
            break; // the longest suffix only
        }
    }
    std::pair<std::string, Pins> best;
    int bestCount = 0;
    for (const auto& [prefix, pins] : buses) {
        const int count = static_cast<int>(
            std::count_if(pins.begin(), pins.end(), [](const auto& p) { return p.has_value(); }));
        if (count > bestCount || (count == bestCount && prefix.size() < best.first.size())) {
            best = {prefix, pins};
            bestCount = count;
        }
    }
    return best;
}

std::optional<SignalId> findClock(const WaveformStore& store, const std::string& prefix) {
    std::vector<std::string> names = {prefix + "aclk", prefix + "ACLK"};
    const std::size_t dot = prefix.rfind('.');
    const std::string scope = dot == std::string::npos ? std::string() : prefix.substr(0, dot + 1);
    for (const char* n : {"aclk", "clk", "clock", "ACLK", "CLK"}) {
        if (!scope.empty()) names.push_back(scope + n);
        names.push_back(n);
    }
    for (const std::string& n : names)
        if (const auto id = store.find(n); id && store.signal(*id).width == 1) return id;
    return std::nullopt;
}

/** Where the pins are read: sample k reads each pin at tick at(k) (just before the k-th rising edge, or tick
 *  k without a clock); its clock spans [begin(k), end(k)). */
class Samples {
  public:
    Samples(const WaveformStore& store, std::optional<SignalId> clock) : m_store(store) {
        if (!clock) {
            m_count = store.endTick();
            return;
        }
        std::uint64_t last = 0;
        for (std::size_t i = 0; i < store.changeCount(*clock); ++i) {
            const Change c = store.change(*clock, i);
            // A rise at tick 0 has no "just before": the values there are its cycle's (an exported capture's
            // clock rises at 0); it begins cycle 0 and is not a sample, else cycle 0 would be read twice.
            if (c.value != 0 && last == 0) {
                if (c.tick == 0)
                    m_firstCycle = 0;
                else
                    m_edges.push_back(c.tick);
            }
            last = c.value;
        }
        // A whole clock after the last rise (an exported capture ends so) is a cycle the trace holds
        // complete: it is read just before the trace's end, as if the next rise came there.
        if (!m_edges.empty() && (m_edges.size() > 1 || m_firstCycle == 0)) {
            const Tick previous = m_edges.size() > 1 ? m_edges[m_edges.size() - 2] : 0;
            if (store.endTick() - m_edges.back() >= m_edges.back() - previous)
                m_edges.push_back(store.endTick());
        }
        m_count = m_edges.size();
        for (const Tick e : m_edges)
            m_reads.push_back(e == 0 ? 0 : e - 1);
    }
    bool clocked() const { return !m_edges.empty(); }
    std::uint64_t count() const { return m_count; }
    Tick at(std::uint64_t k) const { return m_edges.empty() ? k : m_reads[k]; }
    Tick begin(std::uint64_t k) const { return m_edges.empty() ? k : (k == 0 ? 0 : m_edges[k - 1]); }
    /** The clock axis' number of sample k's clock (cycle c begins at the c-th rising edge). */
    std::uint64_t cycle(std::uint64_t k) const {
        return m_edges.empty() || k < m_firstCycle ? k : k - m_firstCycle;
    }
    Tick end(std::uint64_t k) const { return m_edges.empty() ? k + 1 : m_edges[k]; }
    /** The samples that read a tick in [t0, t1). */
    std::pair<std::uint64_t, std::uint64_t> within(Tick t0, Tick t1) const {
        if (m_edges.empty()) return {std::min<Tick>(t0, m_count), std::min<Tick>(t1, m_count)};
        const auto a = std::lower_bound(m_reads.begin(), m_reads.end(), t0);
        const auto b = std::lower_bound(m_reads.begin(), m_reads.end(), t1);
        return {static_cast<std::uint64_t>(a - m_reads.begin()),
                static_cast<std::uint64_t>(b - m_reads.begin())};
    }
    std::uint64_t value(SignalId id, std::uint64_t k) const { return m_store.valueAt(id, at(k)); }

  private:
    const WaveformStore& m_store;
    std::vector<Tick> m_edges, m_reads;
    std::uint64_t m_count = 0;
    std::uint64_t m_firstCycle = 1; ///< samples before the first rising edge's cycle (0: a rise at tick 0)
};

/** The samples of valid's handshakes: each sample of a run of valid where ready is high, or (no ready) the
 *  run's last sample. */
std::vector<std::uint64_t> handshakes(const WaveformStore& store, const Samples& s, SignalId valid,
                                      std::optional<SignalId> ready) {
    std::vector<std::uint64_t> out;
    const std::size_t n = store.changeCount(valid);
    for (std::size_t i = 0; i < n; ++i) {
        const Change c = store.change(valid, i);
        if (c.value == 0) continue;
        const Tick until = i + 1 < n ? store.change(valid, i + 1).tick : store.endTick();
        const auto [a, b] = s.within(c.tick, until);
        if (a >= b) continue;
        if (!ready) {
            out.push_back(b - 1);
            continue;
        }
        for (std::uint64_t k = a; k < b; ++k)
            if (s.value(*ready, k) != 0) out.push_back(k);
    }
    return out;
}

} // namespace

std::string AxiRegisterMap::nameOf(std::uint64_t address) const {
    for (const AxiRegister& r : registers)
        if (r.offset == (address & ~std::uint64_t{3})) return r.name;
    return {};
}

std::string axiResponseName(std::optional<unsigned> response) {
    if (!response) return "?";
    static const char* const kNames[] = {"OKAY", "EXOKAY", "SLVERR", "DECERR"};
    return *response < 4 ? kNames[*response] : std::to_string(*response);
}

AxiDecode decodeAxiTransactions(const WaveformStore& store, const AxiRegisterMap* map) {
    AxiDecode d;
    // No structured binding: lambdas below capture these (clang 14 refuses a captured binding).
    const std::pair<std::string, Pins> bus = findBus(store);
    const std::string& prefix = bus.first;
    const Pins& pins = bus.second;
    const auto has = [&pins](std::initializer_list<Pin> list) {
        return std::all_of(list.begin(), list.end(), [&pins](Pin p) { return pins[p].has_value(); });
    };
    const bool writes = has({AwValid, AwAddr, WValid, WData, BValid});
    const bool reads = has({ArValid, ArAddr, RValid, RData});
    if (!writes && !reads) {
        d.error =
            "no AXI4-Lite bus in this trace: it needs awvalid, awaddr, wvalid, wdata and bvalid (writes) "
            "or arvalid, araddr, rvalid and rdata (reads), after any prefix such as s_axi_";
        std::string found;
        for (int p = 0; p < kPins; ++p)
            if (pins[static_cast<std::size_t>(p)])
                found += (found.empty() ? "" : ", ") + store.signal(*pins[static_cast<std::size_t>(p)]).name;
        if (!found.empty()) d.error += "; found only " + found;
        return d;
    }
    d.prefix = prefix;
    const auto clock = findClock(store, prefix);
    if (clock) d.clock = store.signal(*clock).name;
    std::vector<SignalId> ids;
    for (const auto& p : pins)
        if (p) ids.push_back(*p);
    if (clock) ids.push_back(*clock);
    store.load(ids);
    const Samples s(store, clock);
    if (clock && !s.clocked()) d.clock.clear();
    for (const Pin p : {AwReady, WReady, BReady, ArReady, RReady})
        if (!pins[p] && ((p == ArReady || p == RReady) ? reads : writes))
            d.notes.push_back(std::string("no ") + prefix + kPinNames[p] +
                              ": its channel's handshake is the last clock of valid");
    for (const Pin p : {BResp, RResp})
        if (!pins[p] && (p == BResp ? writes : reads))
            d.notes.push_back(std::string("no ") + prefix + kPinNames[p] + ": responses unknown");

    const auto add = [&](bool write, std::uint64_t addrAt, SignalId addr, std::optional<std::uint64_t> dataAt,
                         std::optional<SignalId> data, std::optional<std::uint64_t> strbAt,
                         std::optional<std::uint64_t> respAt, std::optional<SignalId> resp) {
        AxiTransaction t;
        t.write = write;
        t.address = s.value(addr, addrAt);
        if (map) t.registerName = map->nameOf(t.address);
        if (dataAt && data) t.data = s.value(*data, *dataAt);
        if (write && strbAt && pins[WStrb]) t.strobe = s.value(*pins[WStrb], *strbAt);
        t.start = s.begin(addrAt);
        t.startCycle = s.cycle(addrAt);
        t.complete = respAt.has_value();
        if (respAt) {
            if (resp) t.response = static_cast<unsigned>(s.value(*resp, *respAt));
            t.end = s.end(*respAt);
            t.latency = *respAt - addrAt + 1;
        } else {
            t.end = store.endTick();
            t.latency = s.count() - addrAt;
        }
        d.transactions.push_back(std::move(t));
    };
    const auto at = [](const std::vector<std::uint64_t>& v, std::size_t i) -> std::optional<std::uint64_t> {
        if (i < v.size()) return v[i];
        return std::nullopt;
    };
    if (writes) {
        const auto aw = handshakes(store, s, *pins[AwValid], pins[AwReady]);
        const auto w = handshakes(store, s, *pins[WValid], pins[WReady]);
        const auto b = handshakes(store, s, *pins[BValid], pins[BReady]);
        for (std::size_t i = 0; i < aw.size(); ++i)
            add(true, aw[i], *pins[AwAddr], at(w, i), pins[WData], at(w, i), at(b, i), pins[BResp]);
    }
    if (reads) {
        const auto ar = handshakes(store, s, *pins[ArValid], pins[ArReady]);
        const auto r = handshakes(store, s, *pins[RValid], pins[RReady]);
        for (std::size_t i = 0; i < ar.size(); ++i)
            add(false, ar[i], *pins[ArAddr], at(r, i), pins[RData], std::nullopt, at(r, i), pins[RResp]);
    }
    std::stable_sort(d.transactions.begin(), d.transactions.end(),
                     [](const AxiTransaction& a, const AxiTransaction& b) { return a.start < b.start; });
    return d;
}

} // namespace rs::waveform
