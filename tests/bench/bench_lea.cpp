// LEA-128 fast-path throughput: CTR (the shared ctrXor mode) and GCM encryption, at the message
// sizes of paper 003 (16, 64 bytes) plus a network packet and a large buffer. GCM adds 16 bytes of
// AAD per message, as the paper measures with a 128-bit AAD; the byte count is the plaintext only.
#include "tests/bench/benchsupport.h"

#include "core/crypto/blockmodes.h"
#include "core/crypto/gcm.h"
#include "core/crypto/lea.h"

#include <cstdint>
#include <vector>

namespace {

using rs::crypto::Bytes;

Bytes pattern(std::size_t n, std::uint8_t seed) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(seed + 31 * i);
    return b;
}

void BM_Lea128Ctr(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const rs::crypto::Lea lea(pattern(16, 1));
    const Bytes iv = pattern(16, 2);
    const Bytes pt = pattern(n, 3);
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        Bytes ct = rs::crypto::ctrXor(lea, iv, pt);
        benchmark::DoNotOptimize(ct.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}
BENCHMARK(BM_Lea128Ctr)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);

void BM_Lea128GcmEncrypt(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const rs::crypto::Lea lea(pattern(16, 4));
    const Bytes iv = pattern(12, 5);
    const Bytes aad = pattern(16, 6);
    const Bytes pt = pattern(n, 7);
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        rs::crypto::AeadResult r = rs::crypto::gcmEncrypt(lea, iv, aad, pt);
        benchmark::DoNotOptimize(r.ct.data());
        benchmark::DoNotOptimize(r.tag.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}
BENCHMARK(BM_Lea128GcmEncrypt)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);

} // namespace
