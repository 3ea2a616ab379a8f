// SKINNY-128-256 ECB and CTR throughput on one CPU thread: the CPU baseline that paper 004 compares
// its CUDA kernels against. Both go through the shared modes (blockmodes.h), as the GUI does.
#include "tests/bench/benchsupport.h"

#include "core/crypto/blockmodes.h"
#include "core/crypto/skinny.h"
#include "core/crypto/skinnyfast.h"

#include <string>

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

// The same work without the modes' allocations, side by side: the T-table reference one block at a
// time (as cpurunner.cpp runs it) against SkinnyFast with each implementation available here. The
// ratio fast / reference at each size is the figure the README reports.
const Bytes kCounter0 = fromHex("000102030405060708090A0B0C0D0EFF");

void BM_Skinny128_256EcbRef(benchmark::State& state) {
    const Skinny cipher = makeCipher();
    const Bytes in = makeInput(state.range(0));
    Bytes out(in.size());
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        for (std::size_t i = 0; i + 16 <= in.size(); i += 16)
            cipher.encryptBlock(in.data() + i, out.data() + i);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}

void BM_Skinny128_256CtrRef(benchmark::State& state) {
    const Skinny cipher = makeCipher();
    const Bytes in = makeInput(state.range(0));
    Bytes out(in.size());
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        Bytes ctr = kCounter0;
        std::uint8_t ks[16];
        for (std::size_t off = 0; off < in.size(); off += 16) {
            cipher.encryptBlock(ctr.data(), ks);
            for (std::size_t i = 0; i < 16 && off + i < in.size(); ++i)
                out[off + i] = static_cast<std::uint8_t>(in[off + i] ^ ks[i]);
            for (int i = 15; i >= 0 && ++ctr[static_cast<std::size_t>(i)] == 0; --i) {
            }
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}

SkinnyFast makeFast(SkinnyFastIsa isa) {
    return SkinnyFast(SkinnyVariant::S128_256,
                      fromHex("009CEC81605D4AC1D2AE9E3085D7A1F31AC123EBFC00FDDCF01046CEEDDFCAB3"), isa);
}

void skinnyFastEcb(benchmark::State& state, SkinnyFastIsa isa) {
    const SkinnyFast cipher = makeFast(isa);
    const Bytes in = makeInput(state.range(0));
    Bytes out(in.size());
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        cipher.ecb(in.data(), out.data(), in.size() / 16);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}

void skinnyFastEcbDecrypt(benchmark::State& state, SkinnyFastIsa isa) {
    const SkinnyFast cipher = makeFast(isa);
    const Bytes in = makeInput(state.range(0));
    Bytes out(in.size());
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        cipher.ecbDecrypt(in.data(), out.data(), in.size() / 16);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}

void skinnyFastCtr(benchmark::State& state, SkinnyFastIsa isa) {
    const SkinnyFast cipher = makeFast(isa);
    const Bytes in = makeInput(state.range(0));
    Bytes out(in.size());
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        cipher.ctr(kCounter0.data(), in.data(), out.data(), in.size());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}

void sizes(benchmark::internal::Benchmark* b) {
    for (std::int64_t n : {16, 64, 1536, 65536, 16 << 20})
        b->Arg(n);
}

// One benchmark per implementation this machine runs, e.g. BM_Skinny128_256EcbFast_avx2/1536, and the
// bitsliced ECB decryption (BM_Skinny128_256EcbDecryptFast_avx2/1536).
const bool kFastRegistered = [] {
    for (SkinnyFastIsa isa : {SkinnyFastIsa::Portable, SkinnyFastIsa::Avx2, SkinnyFastIsa::Avx512}) {
        if (!skinnyFastIsaAvailable(isa)) continue;
        const std::string suffix = skinnyFastIsaName(isa);
        benchmark::RegisterBenchmark(("BM_Skinny128_256EcbFast_" + suffix).c_str(), skinnyFastEcb, isa)
            ->Apply(sizes);
        benchmark::RegisterBenchmark(("BM_Skinny128_256CtrFast_" + suffix).c_str(), skinnyFastCtr, isa)
            ->Apply(sizes);
        benchmark::RegisterBenchmark(("BM_Skinny128_256EcbDecryptFast_" + suffix).c_str(),
                                     skinnyFastEcbDecrypt, isa)
            ->Apply(sizes);
    }
    return true;
}();

} // namespace

BENCHMARK(BM_Skinny128_256EcbRef)->Apply(sizes);
BENCHMARK(BM_Skinny128_256CtrRef)->Apply(sizes);
BENCHMARK(BM_Skinny128_256Ecb)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);
BENCHMARK(BM_Skinny128_256Ctr)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);
