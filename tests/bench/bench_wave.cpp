// Waveform file loading and drawing on a synthetic Ascon IP capture: one tick per clock cycle,
// 40 signals (clock, reset, AXI4-Lite handshakes and buses, the FSM, counters, the five 64-bit
// state words that change on every permutation round, key/nonce/tag words, FIFO data).
//
//   BM_VcdParse/<cycles>        readVcdFile of the capture; bytes/s plus counters MB/s, changes,
//                               bytes_per_change (store memory per change), MiB_per_Mchanges
//   BM_Load/vcd|fst/<cycles>    load time of the same capture from a VCD and from an FST file (all of it;
//                               the FST library runs in a guarded child that streams checked records)
//   BM_Open/fst/<cycles>        what the viewer waits for when it opens the FST: the hierarchy only
//   BM_Open/show16/<cycles>     open, then the 16 rows the viewer shows first, read in one batch
//   BM_ViewItems/<cycles>       one repaint: viewItems over the whole range at 1500 pixels for
//                               every signal
//
// Each capture is built and written to temp files once per size, outside the timing. The smoke
// run (ctest -L bench) picks the 1000-cycle sizes; figures come from the 1 M-cycle ones, which
// take about half a second per load, so give them a few iterations:
//   rs_bench_wave --benchmark_filter=/1000000$ --benchmark_min_time=3
#include <benchmark/benchmark.h>

#include "core/waveform/fst.h"
#include "core/waveform/vcd.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <unistd.h>

namespace {

using namespace rs::waveform;

constexpr std::size_t kPixels = 1500;

/** An IP-like capture: AXI writes of a block, then a permutation of `rounds` cycles, repeated. */
WaveformStore makeIpCapture(Tick cycles) {
    WaveformStore s;
    s.setTickSeconds(1e-8); // 100 MHz
    auto add = [&s](const char* name, int width, const char* group) {
        return s.addSignal(name, width, group);
    };
    const SignalId clk = add("clk", 1, "top"), rst = add("rst_n", 1, "top");
    const SignalId awvalid = add("awvalid", 1, "axi"), awready = add("awready", 1, "axi"),
                   wvalid = add("wvalid", 1, "axi"), wready = add("wready", 1, "axi"),
                   bvalid = add("bvalid", 1, "axi"), bready = add("bready", 1, "axi"),
                   arvalid = add("arvalid", 1, "axi"), arready = add("arready", 1, "axi"),
                   rvalid = add("rvalid", 1, "axi"), rready = add("rready", 1, "axi");
    const SignalId awaddr = add("awaddr", 8, "axi"), wdata = add("wdata", 32, "axi"),
                   wstrb = add("wstrb", 4, "axi"), bresp = add("bresp", 2, "axi"),
                   araddr = add("araddr", 8, "axi"), rdata = add("rdata", 32, "axi"),
                   rresp = add("rresp", 2, "axi");
    const SignalId fsm = add("fsm", 4, "core"), round = add("round", 4, "core"),
                   busy = add("busy", 1, "core"), done = add("done", 1, "core"),
                   blocks = add("blocks", 32, "core"), cycle = add("cycle", 32, "core");
    SignalId x[5];
    for (int i = 0; i < 5; ++i)
        x[i] = add(("x" + std::to_string(i)).c_str(), 64, "core.state");
    const SignalId key0 = add("key0", 64, "core.in"), key1 = add("key1", 64, "core.in"),
                   nonce0 = add("nonce0", 64, "core.in"), nonce1 = add("nonce1", 64, "core.in");
    const SignalId fifoIn = add("fifo_in", 64, "fifo"), fifoOut = add("fifo_out", 64, "fifo"),
                   fifoCount = add("fifo_count", 5, "fifo"), fifoFull = add("fifo_full", 1, "fifo");
    const SignalId tag0 = add("tag0", 64, "core.out"), tag1 = add("tag1", 64, "core.out");
    s.setValueNames(fsm,
                    {{0, "idle"}, {1, "init"}, {2, "absorb"}, {3, "permute"}, {4, "squeeze"}, {5, "tag"}});

    std::uint64_t r = 0x243f6a8885a308d3ull;
    auto rnd = [&r] {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        return r;
    };
    constexpr Tick kPeriod = 16; // 4 AXI write cycles, 6 permutation rounds, then the rest
    std::uint64_t nblocks = 0;
    for (Tick t = 0; t < cycles; ++t) {
        const Tick phase = t % kPeriod;
        const bool writing = phase < 4, permuting = phase >= 4 && phase < 10,
                   reading = phase >= 12 && phase < 14;
        s.sample(clk, t, t & 1);
        s.sample(rst, t, t >= 2);
        s.sample(awvalid, t, writing);
        s.sample(awready, t, writing && (t & 1));
        s.sample(wvalid, t, writing);
        s.sample(wready, t, writing && (t & 1));
        s.sample(bvalid, t, phase == 4);
        s.sample(bready, t, phase >= 3 && phase <= 4);
        s.sample(arvalid, t, reading);
        s.sample(arready, t, reading && (t & 1));
        s.sample(rvalid, t, phase == 13);
        s.sample(rready, t, reading);
        if (writing) {
            s.sample(awaddr, t, 0x10 + 4 * phase);
            s.sample(wdata, t, rnd());
        }
        s.sample(wstrb, t, writing ? 0xf : 0);
        s.sample(bresp, t, 0);
        if (reading) s.sample(araddr, t, 0x40 + 4 * (phase - 12));
        if (phase == 13) s.sample(rdata, t, rnd());
        s.sample(rresp, t, 0);
        s.sample(fsm, t, writing ? 2 : permuting ? 3 : reading ? 4 : 0);
        s.sample(round, t, permuting ? phase - 4 : 0);
        s.sample(busy, t, permuting);
        if (phase == 10) s.sample(blocks, t, ++nblocks);
        s.sample(done, t, phase == 11);
        s.sample(cycle, t, t);
        if (permuting || t == 0)
            for (SignalId w : x)
                s.sample(w, t, rnd());
        if (t % 4096 == 0) {
            s.sample(key0, t, rnd());
            s.sample(key1, t, rnd());
            s.sample(nonce0, t, rnd());
            s.sample(nonce1, t, rnd());
        }
        if (phase == 1) s.sample(fifoIn, t, rnd());
        if (phase == 11) s.sample(fifoOut, t, rnd());
        s.sample(fifoCount, t, phase < 12 ? phase / 3 : 0);
        s.sample(fifoFull, t, phase == 3);
        if (phase == 15 && (t / kPeriod) % 8 == 7) {
            s.sample(tag0, t, rnd());
            s.sample(tag1, t, rnd());
        }
    }
    s.advance(cycles);
    return s;
}

std::size_t totalChanges(const WaveformStore& s) {
    std::size_t n = 0;
    for (SignalId i = 0; i < s.signalCount(); ++i)
        n += s.changeCount(i);
    return n;
}

/** One capture size: the store, its VCD and FST files (removed at exit). */
struct Capture {
    WaveformStore store;
    std::size_t changes = 0;
    std::string vcd, fst;
    std::uintmax_t vcdBytes = 0, fstBytes = 0;

    explicit Capture(Tick cycles) : store(makeIpCapture(cycles)), changes(totalChanges(store)) {
        const auto base = std::filesystem::temp_directory_path() /
                          ("rs_bench_wave_" + std::to_string(::getpid()) + "_" + std::to_string(cycles));
        vcd = base.string() + ".vcd";
        writeVcdFile(store, vcd);
        vcdBytes = std::filesystem::file_size(vcd);
        if (fstSupported()) {
            fst = base.string() + ".fst";
            writeFstFile(store, fst);
            fstBytes = std::filesystem::file_size(fst);
        }
    }
    ~Capture() {
        std::error_code ec;
        std::filesystem::remove(vcd, ec);
        if (!fst.empty()) std::filesystem::remove(fst, ec);
    }
};

const Capture& capture(Tick cycles) {
    static std::map<Tick, std::unique_ptr<Capture>> cache;
    auto& c = cache[cycles];
    if (!c) c = std::make_unique<Capture>(cycles);
    return *c;
}

void storeCounters(benchmark::State& state, const WaveformStore& s) {
    const double changes = static_cast<double>(totalChanges(s));
    const double bytes = static_cast<double>(s.memoryBytes());
    state.counters["changes"] = changes;
    state.counters["bytes_per_change"] = bytes / changes;
    state.counters["MiB_per_Mchanges"] = (bytes / (1024.0 * 1024.0)) / (changes / 1e6);
}

void BM_VcdParse(benchmark::State& state) {
    const Capture& c = capture(static_cast<Tick>(state.range(0)));
    WaveformStore s;
    for (auto _ : state) {
        s = readVcdFile(c.vcd); // the previous store is freed in the loop, as on a real reload
        benchmark::DoNotOptimize(s.endTick());
    }
    if (totalChanges(s) != c.changes) state.SkipWithError("the parsed capture differs from the written one");
    storeCounters(state, s);
    const double total = static_cast<double>(state.iterations()) * static_cast<double>(c.vcdBytes);
    state.SetBytesProcessed(static_cast<std::int64_t>(total));
    state.counters["MB/s"] = benchmark::Counter(total / 1e6, benchmark::Counter::kIsRate);
    state.counters["file_MB"] = static_cast<double>(c.vcdBytes) / 1e6;
}
BENCHMARK(BM_VcdParse)->Arg(1000)->Arg(1000000)->Unit(benchmark::kMillisecond);

void BM_Load(benchmark::State& state, bool fst) {
    const Capture& c = capture(static_cast<Tick>(state.range(0)));
    if (fst && c.fst.empty()) {
        state.SkipWithError("FST support was not built");
        return;
    }
    const std::string& path = fst ? c.fst : c.vcd;
    for (auto _ : state) {
        const WaveformStore s = readWaveformFile(path);
        benchmark::DoNotOptimize(s.endTick());
    }
    state.counters["file_MB"] = static_cast<double>(fst ? c.fstBytes : c.vcdBytes) / 1e6;
    state.counters["changes"] = static_cast<double>(c.changes);
    state.counters["Mchanges/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * static_cast<double>(c.changes) / 1e6,
                           benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_Load, vcd, false)->Arg(1000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Load, fst, true)->Arg(1000)->Arg(1000000)->Unit(benchmark::kMillisecond);

/** Lazy FST opening: the hierarchy now; with rows > 0, also the first `rows` signals (one child). */
void BM_Open(benchmark::State& state, std::size_t rows) {
    const Capture& c = capture(static_cast<Tick>(state.range(0)));
    if (c.fst.empty()) {
        state.SkipWithError("FST support was not built");
        return;
    }
    std::size_t changes = 0;
    for (auto _ : state) {
        const WaveformStore s = openWaveformFile(c.fst);
        std::vector<SignalId> ids;
        for (SignalId id = 0; id < std::min(rows, s.signalCount()); ++id)
            ids.push_back(id);
        s.load(ids);
        changes = 0;
        for (SignalId id : ids)
            changes += s.changeCount(id);
        benchmark::DoNotOptimize(changes);
    }
    state.counters["file_MB"] = static_cast<double>(c.fstBytes) / 1e6;
    state.counters["changes_read"] = static_cast<double>(changes);
}
BENCHMARK_CAPTURE(BM_Open, fst, 0)->Arg(1000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Open, show16, 16)->Arg(1000)->Arg(1000000)->Unit(benchmark::kMillisecond);

void BM_ViewItems(benchmark::State& state) {
    const Capture& c = capture(static_cast<Tick>(state.range(0)));
    const WaveformStore& s = c.store;
    std::size_t items = 0;
    for (auto _ : state) {
        items = 0;
        for (SignalId id = 0; id < s.signalCount(); ++id)
            items += s.viewItems(id, 0, s.endTick(), kPixels).size();
        benchmark::DoNotOptimize(items);
    }
    state.counters["signals"] = static_cast<double>(s.signalCount());
    state.counters["items"] = static_cast<double>(items);
    state.counters["repaints/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ViewItems)->Arg(1000)->Arg(1000000)->Unit(benchmark::kMicrosecond);

} // namespace
