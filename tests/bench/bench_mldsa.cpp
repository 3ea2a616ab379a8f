// ML-DSA ring arithmetic: the reference model (core/crypto/mldsantt.h) against the fast path
// (core/crypto/mldsanttfast.h: portable and, where the CPU has it, AVX2) for NTT, NTT^-1, MultiplyNTT and
// AddNTT on one polynomial, in the same run. Arguments: operation (0 ntt, 1 intt, 2 pwm, 3 pwa) and
// implementation (0 reference, 1 portable, 2 avx2). Each benchmark also times the reference before its
// loop and reports x_reference = reference time / its own time (the speed-up; about 1 for the reference
// itself), both in this thread's CPU time so that other load on the machine does not skew the ratio.
// Figures only: no benchmark asserts a time.
#include "tests/bench/benchsupport.h"

#include "core/crypto/mldsanttfast.h"

#include <chrono>
#include <ctime>
#include <random>

namespace {

using rs::crypto::MlDsaFastImpl;
using rs::crypto::MlDsaPoly;

MlDsaPoly randomPoly(std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::int32_t> d(0, rs::crypto::kMlDsaQ - 1);
    MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

/** One operation on w (and b) with the reference (impl < 0) or a fast implementation. */
void apply(int op, int impl, MlDsaPoly& w, const MlDsaPoly& b) {
    if (impl < 0) {
        switch (op) {
        case 0:
            w = rs::crypto::mldsaNtt(w);
            return;
        case 1:
            w = rs::crypto::mldsaInverseNtt(w);
            return;
        case 2:
            w = rs::crypto::mldsaMultiplyNtt(w, b);
            return;
        default:
            w = rs::crypto::mldsaAddNtt(w, b);
            return;
        }
    }
    const auto i = static_cast<MlDsaFastImpl>(impl);
    switch (op) {
    case 0:
        rs::crypto::mldsaNttFastInPlace(w, i);
        return;
    case 1:
        rs::crypto::mldsaInverseNttFastInPlace(w, i);
        return;
    case 2:
        rs::crypto::mldsaMultiplyNttFastInPlace(w, b, i);
        return;
    default:
        rs::crypto::mldsaAddNttFastInPlace(w, b, i);
        return;
    }
}

/** This thread's CPU time in seconds (wall time where there is no such clock). */
double cpuSeconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
#else
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

/** CPU seconds per operation of `impl`, repeated for at least 50 ms (outputs stay in [0, q): they chain). */
double secondsPerOp(int op, int impl) {
    MlDsaPoly w = randomPoly(1);
    const MlDsaPoly b = randomPoly(2);
    const double t0 = cpuSeconds();
    long n = 0;
    do {
        for (int k = 0; k < 256; ++k, ++n) {
            apply(op, impl, w, b);
            benchmark::DoNotOptimize(w.data());
        }
    } while (cpuSeconds() - t0 < 0.05);
    return (cpuSeconds() - t0) / static_cast<double>(n);
}

void BM_MlDsa(benchmark::State& state) {
    const int op = static_cast<int>(state.range(0));
    const int impl = static_cast<int>(state.range(1)) - 1; // -1 reference, 0 portable, 1 avx2
    if (impl >= 0 && !rs::crypto::mldsaFastImplAvailable(static_cast<MlDsaFastImpl>(impl))) {
        state.SkipWithError("avx2 is not available on this machine");
        return;
    }
    static const char* ops[] = {"ntt", "intt", "pwm", "pwa"};
    state.SetLabel(
        std::string(ops[op]) + " " +
        (impl < 0 ? "reference" : rs::crypto::mldsaFastImplName(static_cast<MlDsaFastImpl>(impl))));
    const double reference = secondsPerOp(op, -1);
    MlDsaPoly w = randomPoly(1);
    const MlDsaPoly b = randomPoly(2);
    rs::bench::Throughput tp(state, 1024);
    const double t0 = cpuSeconds();
    for (auto _ : state) {
        apply(op, impl, w, b);
        benchmark::DoNotOptimize(w.data());
        benchmark::ClobberMemory();
    }
    const double own =
        (cpuSeconds() - t0) / static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
    tp.finish();
    state.counters["x_reference"] = own > 0 ? reference / own : 0.0;
}
BENCHMARK(BM_MlDsa)->ArgsProduct({{0, 1, 2, 3}, {0, 1, 2}});

} // namespace
