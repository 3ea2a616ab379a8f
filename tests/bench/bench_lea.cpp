// LEA-128 throughput: CTR (the shared ctrXor mode) and GCM encryption, at the message sizes of paper 003
// (16, 64 bytes) plus a network packet and a large buffer. GCM adds 16 bytes of AAD per message, as the
// paper measures with a 128-bit AAD; the byte count is the plaintext only.
// The fast paths beside the reference in the same run: ECB (both ways) and CTR with implementation
// 0 = reference (lea.h through the BlockCipher interface; ctrXor for CTR), 1 = portable, 2 = sse2,
// 3 = avx2, 4 = avx512 (leafast.h), one block (both ways), GHASH (reference tables vs pclmul and vpclmul) and
// LEA-GCM (gcm.h vs gcmfast.h). An implementation the CPU lacks is skipped.
#include "tests/bench/benchsupport.h"

#include "core/crypto/blockmodes.h"
#include "core/crypto/gcm.h"
#include "core/crypto/gcmfast.h"
#include "core/crypto/ghash.h"
#include "core/crypto/ghashclmul.h"
#include "core/crypto/lea.h"
#include "core/crypto/leafast.h"

#include <cstdint>
#include <optional>
#include <string>
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

// The LEA fast path for argument `impl` (1..4), or nullopt (skipped) when this CPU lacks it.
std::optional<rs::crypto::LeaFastIsa> fastIsa(benchmark::State& state, std::int64_t impl) {
    const auto isa = static_cast<rs::crypto::LeaFastIsa>(impl - 1);
    if (!rs::crypto::leaFastIsaAvailable(isa)) {
        state.SkipWithError("implementation not available on this CPU");
        return std::nullopt;
    }
    state.SetLabel(rs::crypto::leaFastIsaName(isa));
    return isa;
}

void leaSizes(benchmark::internal::Benchmark* b) {
    for (const std::int64_t impl : {0, 1, 2, 3, 4})
        for (const std::int64_t n : {16, 64, 1536, 65536, 16 << 20})
            b->Args({impl, n});
}

void BM_Lea128FastEcb(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(1));
    const Bytes key = pattern(16, 8), pt = pattern(n, 9);
    Bytes ct(n);
    rs::bench::Throughput tp(state, state.range(1));
    if (state.range(0) == 0) {
        state.SetLabel("reference");
        const rs::crypto::Lea lea(key);
        const rs::crypto::BlockCipher& cipher = lea;
        for (auto _ : state) {
            for (std::size_t off = 0; off < n; off += 16)
                cipher.encryptBlock(pt.data() + off, ct.data() + off);
            benchmark::DoNotOptimize(ct.data());
            benchmark::ClobberMemory();
        }
    } else if (const auto isa = fastIsa(state, state.range(0))) {
        const rs::crypto::LeaFast lea(key, *isa);
        for (auto _ : state) {
            lea.ecb(pt.data(), ct.data(), n / 16);
            benchmark::DoNotOptimize(ct.data());
            benchmark::ClobberMemory();
        }
    }
    tp.finish();
}
BENCHMARK(BM_Lea128FastEcb)->Apply(leaSizes);

// ECB decryption, the same implementations and sizes (the reference: decryptBlock through BlockCipher).
void BM_Lea128FastEcbDecrypt(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(1));
    const Bytes key = pattern(16, 8), ct = pattern(n, 9);
    Bytes pt(n);
    rs::bench::Throughput tp(state, state.range(1));
    if (state.range(0) == 0) {
        state.SetLabel("reference");
        const rs::crypto::Lea lea(key);
        const rs::crypto::BlockCipher& cipher = lea;
        for (auto _ : state) {
            for (std::size_t off = 0; off < n; off += 16)
                cipher.decryptBlock(ct.data() + off, pt.data() + off);
            benchmark::DoNotOptimize(pt.data());
            benchmark::ClobberMemory();
        }
    } else if (const auto isa = fastIsa(state, state.range(0))) {
        const rs::crypto::LeaFast lea(key, *isa);
        for (auto _ : state) {
            lea.ecbDecrypt(ct.data(), pt.data(), n / 16);
            benchmark::DoNotOptimize(pt.data());
            benchmark::ClobberMemory();
        }
    }
    tp.finish();
}
BENCHMARK(BM_Lea128FastEcbDecrypt)->Apply(leaSizes);

void BM_Lea128FastCtr(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(1));
    const Bytes key = pattern(16, 1), iv = pattern(16, 2), pt = pattern(n, 3);
    rs::bench::Throughput tp(state, state.range(1));
    if (state.range(0) == 0) {
        state.SetLabel("reference");
        const rs::crypto::Lea lea(key);
        for (auto _ : state) {
            Bytes ct = rs::crypto::ctrXor(lea, iv, pt);
            benchmark::DoNotOptimize(ct.data());
            benchmark::ClobberMemory();
        }
    } else if (const auto isa = fastIsa(state, state.range(0))) {
        const rs::crypto::LeaFast lea(key, *isa);
        Bytes ct(n);
        for (auto _ : state) {
            lea.ctr(iv.data(), pt.data(), ct.data(), n);
            benchmark::DoNotOptimize(ct.data());
            benchmark::ClobberMemory();
        }
    }
    tp.finish();
}
BENCHMARK(BM_Lea128FastCtr)->Apply(leaSizes);

// One block in place (each block waits for the previous one: the latency of one block): 0 = reference
// encryption through the BlockCipher interface (a virtual call), 1 = LeaFast::encryptBlock (unrolled
// scalar), 2 = reference decryption, 3 = LeaFast::decryptBlock.
void BM_Lea128OneBlock(benchmark::State& state) {
    const Bytes key = pattern(16, 10);
    Bytes block = pattern(16, 11);
    const rs::crypto::Lea ref(key);
    const rs::crypto::BlockCipher& cipher = ref;
    const rs::crypto::LeaFast fast(key, rs::crypto::LeaFastIsa::Portable);
    const std::int64_t impl = state.range(0);
    const char* labels[] = {"reference", "fast scalar", "reference decrypt", "fast scalar decrypt"};
    state.SetLabel(labels[impl]);
    rs::bench::Throughput tp(state, 16);
    for (auto _ : state) {
        if (impl == 0)
            cipher.encryptBlock(block.data(), block.data());
        else if (impl == 1)
            fast.encryptBlock(block.data(), block.data());
        else if (impl == 2)
            cipher.decryptBlock(block.data(), block.data());
        else
            fast.decryptBlock(block.data(), block.data());
        benchmark::DoNotOptimize(block.data());
    }
    tp.finish();
}
BENCHMARK(BM_Lea128OneBlock)->Arg(0)->Arg(1)->Arg(2)->Arg(3);

// GHASH of n bytes with its key set up each time (as GCM does per message): 0 = reference (ghash.h),
// 1 = GhashFast portable, 2 = GhashFast pclmul, 3 = GhashFast vpclmul.
void BM_Ghash(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(1));
    const Bytes h = pattern(16, 12), data = pattern(n, 13);
    rs::bench::Throughput tp(state, static_cast<std::int64_t>(n));
    if (state.range(0) == 0) {
        state.SetLabel("reference");
        for (auto _ : state) {
            rs::crypto::Ghash g(h.data());
            g.update(data);
            benchmark::DoNotOptimize(g.digest());
        }
    } else {
        const auto isa = static_cast<rs::crypto::GhashIsa>(state.range(0) - 1);
        if (!rs::crypto::ghashIsaAvailable(isa)) {
            state.SkipWithError("implementation not available on this CPU");
        } else {
            state.SetLabel(rs::crypto::ghashIsaName(isa));
            for (auto _ : state) {
                rs::crypto::GhashFast g(h.data(), isa);
                g.update(data.data(), n / 16);
                benchmark::DoNotOptimize(g.digest());
            }
        }
    }
    tp.finish();
}
BENCHMARK(BM_Ghash)->ArgsProduct({{0, 1, 2, 3}, {256, 1536, 65536}});

// LEA-GCM encryption on the fast paths (best ISAs), to compare with BM_Lea128GcmEncrypt.
void BM_Lea128GcmEncryptFast(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const rs::crypto::LeaFast lea(pattern(16, 4));
    const Bytes iv = pattern(12, 5), aad = pattern(16, 6), pt = pattern(n, 7);
    state.SetLabel(std::string(rs::crypto::leaFastIsaName(lea.isa())) + " + " +
                   rs::crypto::ghashIsaName(rs::crypto::ghashBest()));
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        rs::crypto::AeadResult r = rs::crypto::gcmEncryptFast(lea, iv, aad, pt);
        benchmark::DoNotOptimize(r.ct.data());
        benchmark::DoNotOptimize(r.tag.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}
BENCHMARK(BM_Lea128GcmEncryptFast)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);

} // namespace
