// Ascon fast-path throughput: AEAD encryption per message length (allocating, and allocation-free
// with the model beside it), the bare p^12 permutation, and
// many-message Ascon-AEAD128 (core/crypto/asconmulti.h): 64 messages of one length per iteration,
// encrypted one by one with asconEncrypt (BM_AsconMultiReference) and at once by each implementation
// this machine runs (BM_AsconMulti_<isa>). The multi benchmarks also time the reference loop before
// their own and report x_reference = reference time / own time (the speed-up), both in this thread's
// CPU time so that other load on the machine does not skew the ratio. Figures only: nothing asserts.

#include "tests/bench/benchsupport.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <string>
#include <utility>

#include "core/crypto/asconaead.h"
#include "core/crypto/asconmulti.h"
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

// The allocation-free fast path (asconEncryptInto / asconDecryptInto) with the step-by-step model
// (asconEncryptModel / asconDecryptModel, the code the traced functions run) beside it, per variant,
// direction, message length range(0) and AD length (none, or 16 bytes in the *_ad16 entries), e.g.
// BM_AsconAead128EncryptInto_ad16/1536 and BM_AsconAead128EncryptModel_ad16/1536. The comparison with the
// ascon-c reference implementation is made out of tree (the project does not carry its code).
struct AeadCase {
    AsconAeadVariant v;
    bool decrypt, model;
    std::size_t adLen;
};

void aeadBench(benchmark::State& state, AeadCase c) {
    const auto len = static_cast<std::size_t>(state.range(0));
    const Bytes key(16, 0x0f), nonce(16, 0xa5), ad(c.adLen, 0x3c);
    Bytes pt(len), out(len), tag(16);
    for (std::size_t i = 0; i < len; ++i)
        pt[i] = static_cast<std::uint8_t>(i);
    const Bytes ct = [&] {
        Bytes b(len);
        rs::crypto::asconEncryptInto(c.v, key, nonce, ad, pt, b, tag);
        return b;
    }();
    rs::bench::Throughput tp(state, state.range(0));
    for (auto _ : state) {
        if (!c.decrypt && !c.model) {
            rs::crypto::asconEncryptInto(c.v, key, nonce, ad, pt, out, tag);
        } else if (!c.decrypt) {
            auto r = rs::crypto::asconEncryptModel(c.v, key, nonce, ad, pt);
            benchmark::DoNotOptimize(r.tag.data());
        } else if (!c.model) {
            if (!rs::crypto::asconDecryptInto(c.v, key, nonce, ad, ct, tag, out)) {
                state.SkipWithError("tag rejected");
                break;
            }
        } else {
            auto r = rs::crypto::asconDecryptModel(c.v, key, nonce, ad, ct, tag);
            if (!r) {
                state.SkipWithError("tag rejected");
                break;
            }
            benchmark::DoNotOptimize(r->data());
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    tp.finish();
}

const bool kAeadRegistered = [] {
    const std::pair<AsconAeadVariant, const char*> variants[] = {
        {AsconAeadVariant::AsconAead128, "AsconAead128"},
        {AsconAeadVariant::Ascon128av12, "Ascon128a"},
        {AsconAeadVariant::Ascon128v12, "Ascon128"}};
    for (const auto& [v, name] : variants)
        for (std::size_t adLen : {std::size_t{0}, std::size_t{16}})
            for (bool decrypt : {false, true})
                for (bool model : {false, true}) {
                    // SP 800-232 at every size; the v1.2 variants' encryption without AD, to follow them.
                    if (v != AsconAeadVariant::AsconAead128 && (decrypt || adLen)) continue;
                    const std::string full = std::string("BM_") + name + (decrypt ? "Decrypt" : "Encrypt") +
                                             (model ? "Model" : "Into") + (adLen ? "_ad16" : "");
                    benchmark::RegisterBenchmark(full.c_str(), aeadBench, AeadCase{v, decrypt, model, adLen})
                        ->Arg(16)
                        ->Arg(64)
                        ->Arg(1536)
                        ->Arg(65536)
                        ->Arg(16 << 20);
                }
    return true;
}();

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

constexpr std::size_t kMultiMessages = 64;

/** kMultiMessages messages of range(0) bytes, packed as asconAead128EncryptMulti wants them. */
struct MultiInput {
    std::size_t len;
    Bytes keys, nonces, pt, ct, tags;
    explicit MultiInput(std::size_t bytes)
        : len(bytes), keys(16 * kMultiMessages), nonces(16 * kMultiMessages), pt(bytes * kMultiMessages),
          ct(pt.size()), tags(16 * kMultiMessages) {
        for (std::size_t i = 0; i < keys.size(); ++i) {
            keys[i] = static_cast<std::uint8_t>(i * 7 + 1);
            nonces[i] = static_cast<std::uint8_t>(i * 13 + 5);
        }
        for (std::size_t i = 0; i < pt.size(); ++i)
            pt[i] = static_cast<std::uint8_t>(i);
    }
    /** The reference: asconEncrypt message by message. */
    void reference() {
        const rs::crypto::ByteView k(keys), n(nonces), p(pt);
        for (std::size_t i = 0; i < kMultiMessages; ++i) {
            auto r = rs::crypto::asconEncrypt(AsconAeadVariant::AsconAead128, k.subspan(16 * i, 16),
                                              n.subspan(16 * i, 16), {}, p.subspan(len * i, len));
            benchmark::DoNotOptimize(r.tag.data());
        }
    }
    void multi(rs::crypto::AsconMultiIsa isa) {
        rs::crypto::asconAead128EncryptMulti(kMultiMessages, keys, nonces, {}, 0, pt, len, ct, tags, isa);
        benchmark::DoNotOptimize(tags.data());
    }
};

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

/** One iteration = kMultiMessages messages; isa < 0 runs the reference loop. */
void multiBench(benchmark::State& state, int isa) {
    MultiInput in(static_cast<std::size_t>(state.range(0)));
    auto once = [&](int which) {
        if (which < 0)
            in.reference();
        else
            in.multi(static_cast<rs::crypto::AsconMultiIsa>(which));
        benchmark::ClobberMemory();
    };
    // The reference's CPU time per iteration, repeated for at least 50 ms.
    double t0 = cpuSeconds();
    long n = 0;
    do {
        once(-1);
        ++n;
    } while (cpuSeconds() - t0 < 0.05);
    const double reference = (cpuSeconds() - t0) / static_cast<double>(n);

    rs::bench::Throughput tp(state, state.range(0) * static_cast<std::int64_t>(kMultiMessages));
    t0 = cpuSeconds();
    for (auto _ : state)
        once(isa);
    const double own =
        (cpuSeconds() - t0) / static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
    tp.finish();
    state.counters["msgs/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * static_cast<double>(kMultiMessages),
                           benchmark::Counter::kIsRate);
    state.counters["x_reference"] = own > 0 ? reference / own : 0.0;
}

void multiSizes(benchmark::internal::Benchmark* b) {
    for (std::int64_t n : {16, 64, 1536, 65536})
        b->Arg(n);
}

// The reference and one benchmark per implementation this machine runs, e.g. BM_AsconMulti_avx2/1536.
const bool kMultiRegistered = [] {
    benchmark::RegisterBenchmark("BM_AsconMultiReference", multiBench, -1)->Apply(multiSizes);
    for (auto isa : {rs::crypto::AsconMultiIsa::Portable, rs::crypto::AsconMultiIsa::Avx2,
                     rs::crypto::AsconMultiIsa::Avx512}) {
        if (!rs::crypto::asconMultiIsaAvailable(isa)) continue;
        benchmark::RegisterBenchmark(
            (std::string("BM_AsconMulti_") + rs::crypto::asconMultiIsaName(isa)).c_str(), multiBench,
            static_cast<int>(isa))
            ->Apply(multiSizes);
    }
    return true;
}();

} // namespace

BENCHMARK(BM_AsconAead128Encrypt)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);
BENCHMARK(BM_Ascon128Encrypt)->Arg(16)->Arg(64)->Arg(1536)->Arg(65536);
BENCHMARK(BM_AsconP12)->Arg(40);
