// Simulated clock cycles per second of the Verilated Ascon IP: whole AXI-driven encryptions
// (32-byte AD, 32-byte plaintext, Ascon-AEAD128), untraced, with waveform capture into the store,
// with one Verilator FST trace across all runs, and with one FST file per run (what
// `ip run --fst` does). The "cycles/s" counter is the figure; "ops/s" follows from it.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "hw/ip/ascon/asconip.h"

namespace {

using rs::crypto::AsconAeadVariant;
using rs::crypto::Bytes;

enum class Tracing { Off, Capture, Fst, FstPerRun };

void runIp(benchmark::State& state, Tracing tracing) {
    const int unroll = static_cast<int>(state.range(0));
    rs::hw::AsconIp ip;
    const Bytes key(16, 0x0f), nonce(16, 0x1e), ad(32, 0x30), pt(32, 0x20);
    rs::waveform::WaveformStore store;
    rs::hw::AsconIpOptions opt;
    opt.unroll = unroll;
    const std::string fst = (std::filesystem::temp_directory_path() / "rs_bench_ip.fst").string();
    if (tracing == Tracing::Capture) opt.capture = &store;
    if (tracing == Tracing::Fst) ip.device(unroll).openFst(fst);
    if (tracing == Tracing::FstPerRun) opt.fstPath = fst;
    std::uint64_t cycles = 0;
    for (auto _ : state) {
        const auto r = ip.encrypt(AsconAeadVariant::AsconAead128, key, nonce, ad, pt, opt);
        cycles += r.run.cycles.total;
        benchmark::DoNotOptimize(r.tag.data());
        if (tracing == Tracing::Capture && store.endTick() > 1000000) {
            state.PauseTiming();
            store.clear();
            state.ResumeTiming();
        }
    }
    state.counters["cycles/s"] = benchmark::Counter(static_cast<double>(cycles), benchmark::Counter::kIsRate);
    state.counters["ops/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    if (tracing == Tracing::Fst) ip.device(unroll).closeFst();
    std::error_code ec;
    std::filesystem::remove(fst, ec);
}

void BM_IpUntraced(benchmark::State& state) {
    runIp(state, Tracing::Off);
}
void BM_IpWaveformCapture(benchmark::State& state) {
    runIp(state, Tracing::Capture);
}
void BM_IpFstTrace(benchmark::State& state) {
    runIp(state, Tracing::Fst);
}
void BM_IpFstFilePerRun(benchmark::State& state) {
    runIp(state, Tracing::FstPerRun);
}

} // namespace

BENCHMARK(BM_IpUntraced)->Arg(1)->Arg(6);
BENCHMARK(BM_IpWaveformCapture)->Arg(1)->Arg(6);
BENCHMARK(BM_IpFstTrace)->Arg(1)->Arg(6);
BENCHMARK(BM_IpFstFilePerRun)->Arg(1)->Arg(6);
