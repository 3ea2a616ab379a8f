// Keccak-f[1600]: the reference model (core/crypto/keccak.h) against the fast path
// (core/crypto/keccakfast.h) in the same run, per state. BM_KeccakF1600 argument: 0 reference,
// 1 keccakF1600Fast (scalar), 2 x4 portable, 3 x4 avx2, 4 x8 portable, 5 x8 avx2 (the AVX2 kernel twice),
// 6 x8 avx512. BM_ShakeMlDsa: ExpandA's shape (SHAKE128 on a 34-byte seed, 5 blocks of 168 bytes out) and
// ExpandS's (SHAKE256 on a 66-byte seed, 2 blocks of 136 bytes), 4 streams: argument 0 one-stream SHAKE
// (core/crypto/sha3.h) four times on the reference permutation, 1 the same on keccakF1600Fast
// (KeccakPermutation::Fast), 2..4 Shake128x4 / Shake256x4 portable, avx2, avx512. Each benchmark also
// times its baseline (the reference permutation; four one-stream SHAKEs) before its loop and reports
// x_reference = baseline time / its own time per state (the speed-up), both in this thread's CPU time so
// that other load on the machine does not skew the ratio. Figures only: no benchmark asserts a time.
#include "tests/bench/benchsupport.h"

#include "core/crypto/keccakfast.h"
#include "core/crypto/sha3.h"

#include <chrono>
#include <ctime>
#include <string>

namespace {

using rs::crypto::KeccakFastImpl;
using rs::crypto::KeccakState;

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

struct PermCase {
    const char* label;
    int states; ///< states per call
    int kernel; ///< -1 reference, 0 scalar fast, 4 / 8 multi-state
    KeccakFastImpl impl;
};

const PermCase kPermCases[] = {
    {"reference", 1, -1, KeccakFastImpl::Portable},  {"fast scalar", 1, 0, KeccakFastImpl::Portable},
    {"x4 portable", 4, 4, KeccakFastImpl::Portable}, {"x4 avx2", 4, 4, KeccakFastImpl::Avx2},
    {"x8 portable", 8, 8, KeccakFastImpl::Portable}, {"x8 avx2", 8, 8, KeccakFastImpl::Avx2},
    {"x8 avx512", 8, 8, KeccakFastImpl::Avx512},
};

/** The permutation state of one case, chained call after call. */
struct PermRunner {
    KeccakState one{};
    rs::crypto::KeccakStatesX4 x4;
    rs::crypto::KeccakStatesX8 x8;
    void run(const PermCase& c) noexcept {
        if (c.kernel < 0)
            rs::crypto::keccakF1600(one);
        else if (c.kernel == 0)
            rs::crypto::keccakF1600Fast(one);
        else if (c.kernel == 4)
            rs::crypto::keccakF1600x4(x4, c.impl);
        else
            rs::crypto::keccakF1600x8(x8, c.impl);
        benchmark::DoNotOptimize(one.data());
        benchmark::DoNotOptimize(x4.w.data());
        benchmark::DoNotOptimize(x8.w.data());
    }
};

/** CPU seconds per state of case c, repeated for at least 50 ms. */
double secondsPerState(const PermCase& c) {
    PermRunner r;
    const double t0 = cpuSeconds();
    long calls = 0;
    do {
        for (int k = 0; k < 64; ++k, ++calls)
            r.run(c);
    } while (cpuSeconds() - t0 < 0.05);
    return (cpuSeconds() - t0) / static_cast<double>(calls * c.states);
}

void BM_KeccakF1600(benchmark::State& state) {
    const PermCase& c = kPermCases[state.range(0)];
    if (c.kernel > 0 && !rs::crypto::keccakFastImplAvailable(c.impl)) {
        state.SkipWithError("this implementation is not available on this machine");
        return;
    }
    state.SetLabel(c.label);
    const double reference = secondsPerState(kPermCases[0]);
    PermRunner r;
    rs::bench::Throughput tp(state, 200 * c.states);
    const double t0 = cpuSeconds();
    for (auto _ : state)
        r.run(c);
    const double own =
        (cpuSeconds() - t0) /
        static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1) * c.states);
    tp.finish();
    state.counters["ns/state"] = own * 1e9;
    state.counters["x_reference"] = own > 0 ? reference / own : 0.0;
}
BENCHMARK(BM_KeccakF1600)->DenseRange(0, 6);

/** Four ML-DSA sampler streams: `shake256` selects ExpandS's shape, else ExpandA's; impl -2 / -1 runs four
 *  one-stream sponges on the reference / the fast permutation. */
void shakeStreams(bool shake256, int impl, std::uint8_t seedByte) {
    const std::size_t seedLen = shake256 ? 66 : 34;
    const std::size_t outLen = shake256 ? 2 * 136 : 5 * 168;
    std::array<rs::crypto::Bytes, 4> seeds;
    for (std::size_t j = 0; j < 4; ++j)
        seeds[j] = rs::crypto::Bytes(seedLen, static_cast<std::uint8_t>(seedByte + j));
    if (impl < 0) {
        const auto perm =
            impl == -1 ? rs::crypto::KeccakPermutation::Fast : rs::crypto::KeccakPermutation::Reference;
        for (std::size_t j = 0; j < 4; ++j) {
            const rs::crypto::Bytes out = shake256 ? rs::crypto::shake256(seeds[j], outLen, perm)
                                                   : rs::crypto::shake128(seeds[j], outLen, perm);
            benchmark::DoNotOptimize(out.data());
        }
        return;
    }
    const auto i = static_cast<KeccakFastImpl>(impl);
    rs::crypto::KeccakSpongeX<4> x = shake256 ? rs::crypto::KeccakSpongeX<4>(rs::crypto::Shake256x4(i))
                                              : rs::crypto::KeccakSpongeX<4>(rs::crypto::Shake128x4(i));
    x.absorb({seeds[0], seeds[1], seeds[2], seeds[3]});
    const auto out = x.squeeze(outLen);
    benchmark::DoNotOptimize(out[0].data());
}

double secondsPerShake(bool shake256, int impl) {
    const double t0 = cpuSeconds();
    long n = 0;
    do {
        for (int k = 0; k < 16; ++k, ++n)
            shakeStreams(shake256, impl, static_cast<std::uint8_t>(n));
    } while (cpuSeconds() - t0 < 0.05);
    return (cpuSeconds() - t0) / static_cast<double>(n);
}

void BM_ShakeMlDsa(benchmark::State& state) {
    const bool shake256 = state.range(0) != 0;
    const int impl = static_cast<int>(state.range(1)) - 2; // -2 / -1: one-stream SHAKE x4
    if (impl >= 0 && !rs::crypto::keccakFastImplAvailable(static_cast<KeccakFastImpl>(impl))) {
        state.SkipWithError("this implementation is not available on this machine");
        return;
    }
    state.SetLabel(
        std::string(shake256 ? "ExpandS SHAKE256 66 B -> 272 B" : "ExpandA SHAKE128 34 B -> 840 B") +
        ", 4 streams, " +
        (impl == -2   ? "one-stream reference x4"
         : impl == -1 ? "one-stream fast x4"
                      : rs::crypto::keccakFastImplName(static_cast<KeccakFastImpl>(impl))));
    const double baseline = secondsPerShake(shake256, -2);
    const double t0 = cpuSeconds();
    std::uint8_t seed = 0;
    for (auto _ : state)
        shakeStreams(shake256, impl, seed++);
    const double own =
        (cpuSeconds() - t0) / static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
    state.counters["x_reference"] = own > 0 ? baseline / own : 0.0;
}
BENCHMARK(BM_ShakeMlDsa)->ArgsProduct({{0, 1}, {0, 1, 2, 3, 4}});

} // namespace
