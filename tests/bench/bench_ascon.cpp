// Ascon fast-path throughput: AEAD encryption per message length, and the bare p^12 permutation.

#include "tests/bench/benchsupport.h"

#include <cstdint>

#include "core/crypto/asconaead.h"
#include "core/crypto/asconpermutation.h"

namespace {

using rs::crypto::AsconAeadVariant;
using rs::crypto::Bytes;

// Encrypts range(0) bytes of plaintext with empty associated data, one message per iteration.
void encryptBench(benchmark::State& state, AsconAeadVariant v) {
    const auto len = static_cast<std::size_t>(state.range(0));
    const Bytes key(16, 0x0f), nonce(16, 0xa5), ad;
    Bytes pt(len);
    for (std::size_t i = 0; i < len; ++i)
        pt[i] = static_cast<std::uint8_t>(i);
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        auto r = rs::crypto::asconEncrypt(v, key, nonce, ad, pt);
        benchmark::DoNotOptimize(r.tag.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}

void BM_AsconAead128Encrypt(benchmark::State& state) {
    encryptBench(state, AsconAeadVariant::AsconAead128);
}
void BM_Ascon128Encrypt(benchmark::State& state) {
    encryptBench(state, AsconAeadVariant::Ascon128v12);
}

// One p^12 per iteration; range(0) = 40 state bytes, so cycles/byte is per state byte permuted.
void BM_AsconP12(benchmark::State& state) {
    rs::crypto::AsconState s{{1, 2, 3, 4, 5}};
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        rs::crypto::asconPermute(s, 12);
        benchmark::DoNotOptimize(s);
    }
    tp.finish();
}

} // namespace

BENCHMARK(BM_AsconAead128Encrypt)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);
BENCHMARK(BM_Ascon128Encrypt)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);
BENCHMARK(BM_AsconP12)->Arg(40);
