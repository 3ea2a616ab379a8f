// ML-DSA's fast scheme (core/crypto/mldsafast.cpp: untraced KeyGen, Sign and Verify on the Montgomery-domain
// ring) equals the spec-shaped Reference under every ring implementation available here (portable and AVX2,
// forced in turn), including the attempts and the verdicts on damaged signatures; and its SIMD kernels
// (mldsasimd.h) give what the spec's functions give: RejNTTPoly's rule on random blocks, HighBits for every
// r in [0, q), LowBits' norm, z's norm, MakeHint and UseHint on random and edge inputs.
#include "core/crypto/mldsa.h"
#include "core/crypto/mldsaencode.h"
#include "core/crypto/mldsanttfast.h"
#include "core/crypto/mldsarounding.h"
#include "core/crypto/mldsasample.h"
#include "core/crypto/mldsasimd.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>

using namespace rs::crypto;
using namespace rs::crypto::mldsa;

namespace {

const MlDsaParamSet kSets[] = {MlDsaParamSet::MlDsa44, MlDsaParamSet::MlDsa65, MlDsaParamSet::MlDsa87};
constexpr std::int32_t kGammas[] = {(kMlDsaQ - 1) / 88, (kMlDsaQ - 1) / 32};

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

MlDsaPoly randomCanonical(std::mt19937& rng) {
    std::uniform_int_distribution<std::int32_t> d(0, kMlDsaQ - 1);
    MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

// Restores the automatic ring implementation when a test ends.
struct RingGuard {
    ~RingGuard() { mldsaForceFastImpl(std::nullopt); }
};

bool avx2Here() {
    return mldsaFastImplAvailable(MlDsaFastImpl::Avx2) && detail::mldsaSampleAvx2Compiled() &&
           detail::mldsaRoundAvx2Compiled();
}

} // namespace

TEST(MlDsaFastScheme, EqualsTheReferenceUnderEveryRingImplementation) {
    RingGuard guard;
    for (MlDsaFastImpl ring : mldsaFastImpls()) {
        mldsaForceFastImpl(ring);
        SCOPED_TRACE(mldsaFastImplName(ring));
        std::mt19937 rng(9041);
        for (MlDsaParamSet set : kSets) {
            const MlDsaParams& p = mldsaParams(set);
            SCOPED_TRACE(p.name);
            for (int i = 0; i < 4; ++i) {
                const Bytes seed = randomBytes(rng, 32);
                const MlDsaKeyPair ref = mldsaKeyGen(set, seed, MlDsaImpl::Reference);
                const MlDsaKeyPair fast = mldsaKeyGen(set, seed, MlDsaImpl::Fast);
                ASSERT_EQ(ref.pk, fast.pk);
                ASSERT_EQ(ref.sk, fast.sk);
                const Bytes msg = randomBytes(rng, static_cast<std::size_t>(rng() % 300));
                const Bytes ctx = randomBytes(rng, static_cast<std::size_t>(rng() % 4));
                const Bytes rnd = i % 2 == 0 ? Bytes(32, 0) : randomBytes(rng, 32);
                const MlDsaSignature a = mldsaSign(set, ref.sk, msg, ctx, rnd, MlDsaImpl::Reference);
                const MlDsaSignature b = mldsaSign(set, ref.sk, msg, ctx, rnd, MlDsaImpl::Fast);
                ASSERT_EQ(a.sig, b.sig);
                EXPECT_EQ(a.attempts, b.attempts);
                EXPECT_TRUE(mldsaVerify(set, ref.pk, msg, ctx, a.sig, MlDsaImpl::Fast));
                // One flipped bit in c~, in z and in the hints: the fast verdict is the reference's (false,
                // except for a hint byte the decoder ignores, which both must then accept alike).
                for (std::size_t at : {std::size_t{0}, p.sigBytes / 2, p.sigBytes - 1}) {
                    Bytes bad = a.sig;
                    bad[at] ^= 0x04;
                    EXPECT_EQ(mldsaVerify(set, ref.pk, msg, ctx, bad, MlDsaImpl::Fast),
                              mldsaVerify(set, ref.pk, msg, ctx, bad, MlDsaImpl::Reference))
                        << "byte " << at;
                }
                EXPECT_FALSE(mldsaVerify(set, ref.pk, randomBytes(rng, 5), ctx, a.sig, MlDsaImpl::Fast));
            }
        }
    }
}

TEST(MlDsaFastScheme, RejectionSamplingKernelKeepsTheSpecsCoefficients) {
    if (!avx2Here()) GTEST_SKIP() << "no AVX2 on this CPU or compiler: the kernel is never called here";
    std::mt19937 rng(168);
    for (int round = 0; round < 2000; ++round) {
        Bytes block = randomBytes(rng, 168);
        // Values at q - 1, q and 2^23 - 1 (top bit set and cleared) in some groups, so both sides are tested.
        for (std::size_t g = 0; g < 56; g += 7) {
            const std::uint32_t v = g % 3 == 0 ? kMlDsaQ - 1 : g % 3 == 1 ? kMlDsaQ : 0xFFFFFFu;
            block[3 * g] = static_cast<std::uint8_t>(v);
            block[3 * g + 1] = static_cast<std::uint8_t>(v >> 8);
            block[3 * g + 2] = static_cast<std::uint8_t>(v >> 16);
        }
        const std::size_t start = static_cast<std::size_t>(rng() % 256);
        MlDsaPoly got{}, want{};
        std::size_t pos = 0;
        const std::size_t n = detail::mldsaRejUniformAvx2(got.data(), start, block.data(), block.size(), pos);
        ASSERT_EQ(pos % 3, 0u);
        std::size_t m = start;
        for (std::size_t i = 0; i < pos; i += 3)
            if (const auto c = coeffFromThreeBytes(block[i], block[i + 1], block[i + 2]); c && m < kMlDsaN)
                want[m++] = *c;
        ASSERT_EQ(n, m) << "start " << start;
        for (std::size_t i = start; i < n; ++i)
            ASSERT_EQ(got[i], want[i]) << i;
        ASSERT_LE(n, kMlDsaN);
    }
}

TEST(MlDsaFastScheme, BoundedSamplingKernelKeepsTheSpecsCoefficients) {
    if (!avx2Here()) GTEST_SKIP() << "no AVX2 on this CPU or compiler: the kernel is never called here";
    std::mt19937 rng(136);
    for (int eta : {2, 4}) {
        for (int round = 0; round < 2000; ++round) {
            const Bytes block = randomBytes(rng, 1 + rng() % 136);
            const std::size_t start = static_cast<std::size_t>(rng() % 257);
            MlDsaPoly got{}, want{};
            std::size_t pos = 0;
            const std::size_t n =
                detail::mldsaRejEtaAvx2(got.data(), start, block.data(), block.size(), pos, eta);
            ASSERT_EQ(pos % 4, 0u);
            ASSERT_LE(pos, block.size());
            // Stops only when fewer than 4 bytes are left or fewer than 8 coefficients are missing.
            ASSERT_TRUE(block.size() - pos < 4 || n + 8 > kMlDsaN) << "eta " << eta << " pos " << pos;
            std::size_t m = start;
            for (std::size_t i = 0; i < pos; ++i)
                for (std::uint8_t nibble :
                     {static_cast<std::uint8_t>(block[i] & 0x0F), static_cast<std::uint8_t>(block[i] >> 4)})
                    if (const auto c = coeffFromHalfByte(nibble, eta); c && m < kMlDsaN)
                        want[m++] = *c < 0 ? *c + kMlDsaQ : *c;
            ASSERT_EQ(n, m) << "eta " << eta << " start " << start;
            for (std::size_t i = start; i < n; ++i)
                ASSERT_EQ(got[i], want[i]) << "eta " << eta << " coefficient " << i;
        }
    }
}

TEST(MlDsaFastScheme, MaskUnpackKernelIsBitUnpack) {
    if (!avx2Here()) GTEST_SKIP() << "no AVX2 on this CPU or compiler: the kernel is never called here";
    std::mt19937 rng(640);
    for (std::int32_t gamma1 : {1 << 17, 1 << 19}) {
        const int bits = gamma1 == (1 << 17) ? 18 : 20;
        for (int round = 0; round < 300; ++round) {
            // Random bytes, and all-zero / all-one encodings (values 0 and 2^bits - 1, the range's ends).
            Bytes v = round == 0   ? Bytes(32 * bits, 0)
                      : round == 1 ? Bytes(32 * bits, 0xFF)
                                   : randomBytes(rng, 32 * bits);
            MlDsaPoly got{};
            detail::mldsaUnpackZAvx2(got.data(), v.data(), bits, gamma1);
            const MlDsaPoly want = bitUnpack(v, gamma1 - 1, gamma1);
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                ASSERT_EQ(got[i], want[i]) << "gamma1 " << gamma1 << " coefficient " << i;
        }
    }
}

/** A packing kernel pack(out, w, bits) against SimpleBitPack(w, 2^bits - 1) for values in [0, top]: random
 *  polynomials and one with top everywhere; the bytes past the 32 bits it owns stay untouched. */
template <class Pack>
void expectPackerIsSimpleBitPack(Pack pack, int bits, std::uint32_t top, std::mt19937& rng) {
    for (int round = 0; round < 200; ++round) {
        MlDsaPoly w{};
        for (auto& x : w)
            x = static_cast<std::int32_t>(round == 0 ? top : rng() % (top + 1));
        Bytes want;
        simpleBitPack(w, (1u << bits) - 1, want);
        Bytes got(32 * static_cast<std::size_t>(bits) + 8, 0xA5);
        pack(got.data(), w.data(), bits);
        ASSERT_EQ(Bytes(got.begin(), got.begin() + static_cast<long>(want.size())), want) << bits << " bits";
        for (std::size_t i = want.size(); i < got.size(); ++i)
            ASSERT_EQ(got[i], 0xA5) << "byte " << i << " written past the end, " << bits << " bits";
    }
}

TEST(MlDsaFastScheme, W1PackKernelIsSimpleBitPack) {
    if (!avx2Here()) GTEST_SKIP() << "no AVX2 on this CPU or compiler: the kernel is never called here";
    std::mt19937 rng(28);
    // w1 < 16 (gamma2 = (q-1)/32) or < 44 (gamma2 = (q-1)/88).
    expectPackerIsSimpleBitPack(detail::mldsaPackFieldsAvx2, 4, 15, rng);
    expectPackerIsSimpleBitPack(detail::mldsaPackFieldsAvx2, 6, 43, rng);
}

TEST(MlDsaFastScheme, FieldPackKernelIsSimpleBitPack) {
    if (!avx2Here()) GTEST_SKIP() << "no AVX2 on this CPU or compiler: the kernel is never called here";
    std::mt19937 rng(24);
    for (const int bits : {3, 4, 6, 10, 13})
        expectPackerIsSimpleBitPack(detail::mldsaPackFieldsAvx2, bits, (1u << bits) - 1, rng);
}

TEST(MlDsaFastScheme, HighBitsKernelForEveryR) {
    if (!avx2Here()) GTEST_SKIP() << "no AVX2 on this CPU or compiler: the kernel is never called here";
    for (std::int32_t gamma2 : kGammas) {
        MlDsaPoly r{}, w1{};
        for (std::int32_t base = 0; base < kMlDsaQ; base += 256) {
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                r[i] = std::min<std::int32_t>(base + static_cast<std::int32_t>(i), kMlDsaQ - 1);
            detail::mldsaHighBitsAvx2(w1.data(), r.data(), gamma2);
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                ASSERT_EQ(w1[i], highBits(r[i], gamma2)) << "r " << r[i] << " gamma2 " << gamma2;
        }
    }
}

TEST(MlDsaFastScheme, NormAndHintKernelsMatchTheSpec) {
    if (!avx2Here()) GTEST_SKIP() << "no AVX2 on this CPU or compiler: the kernel is never called here";
    std::mt19937 rng(2048);
    for (std::int32_t gamma2 : kGammas) {
        for (int round = 0; round < 300; ++round) {
            MlDsaPoly a = randomCanonical(rng), b = randomCanonical(rng);
            // Edges: 0, q - 1, (q - 1) / 2 and its neighbours, the decompose exception's neighbourhood.
            const std::int32_t edges[] = {0,
                                          1,
                                          kMlDsaQ - 1,
                                          (kMlDsaQ - 1) / 2,
                                          (kMlDsaQ + 1) / 2,
                                          kMlDsaQ - 1 - gamma2,
                                          kMlDsaQ - gamma2,
                                          gamma2,
                                          2 * gamma2};
            for (std::size_t i = 0; i < std::size(edges); ++i) {
                a[(static_cast<std::size_t>(round) + i * 7) % kMlDsaN] = edges[i];
                b[(static_cast<std::size_t>(round) * 3 + i * 11) % kMlDsaN] = edges[i];
            }
            MlDsaPoly out{};
            // z = y + cs1 and its norm.
            std::int32_t want = 0;
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                want = std::max(want, std::abs(centered(static_cast<std::int64_t>(a[i]) + b[i])));
            ASSERT_EQ(detail::mldsaAddNormAvx2(out.data(), a.data(), b.data()), want);
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                ASSERT_EQ(out[i], modQ(static_cast<std::int64_t>(a[i]) + b[i]));
            // v = w - cs2 and the norm of LowBits(v).
            want = 0;
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                want = std::max(want, std::abs(lowBits(static_cast<std::int64_t>(a[i]) - b[i], gamma2)));
            ASSERT_EQ(detail::mldsaSubLowNormAvx2(out.data(), a.data(), b.data(), gamma2), want);
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                ASSERT_EQ(out[i], modQ(static_cast<std::int64_t>(a[i]) - b[i]));
            // h = MakeHint(-ct0, v + ct0), ct0's norm, the count of ones.
            std::int32_t norm = 0, wantNorm = 0;
            int wantOnes = 0;
            for (std::size_t i = 0; i < kMlDsaN; ++i) {
                wantNorm = std::max(wantNorm, std::abs(centered(b[i])));
                wantOnes += makeHint(-static_cast<std::int64_t>(b[i]), static_cast<std::int64_t>(a[i]) + b[i],
                                     gamma2);
            }
            // w1 = UseHint(h, r) with h from b's parity.
            MlDsaPoly hint{};
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                hint[i] = b[i] & 1;
            detail::mldsaUseHintAvx2(out.data(), hint.data(), a.data(), gamma2);
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                ASSERT_EQ(out[i], useHint(hint[i] != 0, a[i], gamma2)) << "r " << a[i] << " h " << hint[i];
            ASSERT_EQ(detail::mldsaHintsAvx2(out.data(), a.data(), b.data(), gamma2, norm), wantOnes);
            ASSERT_EQ(norm, wantNorm);
            for (std::size_t i = 0; i < kMlDsaN; ++i)
                ASSERT_EQ(out[i] != 0, makeHint(-static_cast<std::int64_t>(b[i]),
                                                static_cast<std::int64_t>(a[i]) + b[i], gamma2))
                    << i;
        }
    }
}
