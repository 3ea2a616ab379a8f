// SKINNY-128-256 ECB and CTR throughput on one CPU thread: the CPU baseline that paper 004 compares
// its CUDA kernels against. Both go through the shared modes (blockmodes.h), as the GUI does.
#include "tests/bench/benchsupport.h"

#include "core/crypto/blockmodes.h"
#include "core/crypto/skinny.h"

#include <cstdint>

namespace {

using namespace rs::crypto;

// The paper's Appendix B tweakey for SKINNY-128-256; any fixed key gives the same timing.
Skinny makeCipher() {
    return Skinny(SkinnyVariant::S128_256,
                  fromHex("009CEC81605D4AC1D2AE9E3085D7A1F31AC123EBFC00FDDCF01046CEEDDFCAB3"));
}

Bytes makeInput(std::int64_t n) {
    Bytes b(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < b.size(); ++i)
        b[i] = static_cast<std::uint8_t>(i * 131 + 7);
    return b;
}

void BM_Skinny128_256Ecb(benchmark::State& state) {
    const Skinny cipher = makeCipher();
    const Bytes in = makeInput(state.range(0));
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        Bytes out = ecbEncrypt(cipher, in);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}

void BM_Skinny128_256Ctr(benchmark::State& state) {
    const Skinny cipher = makeCipher();
    const Bytes in = makeInput(state.range(0));
    const Bytes iv = fromHex("000102030405060708090A0B0C0D0E0F");
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        Bytes out = ctrXor(cipher, iv, in);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}

} // namespace

BENCHMARK(BM_Skinny128_256Ecb)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);
BENCHMARK(BM_Skinny128_256Ctr)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);
