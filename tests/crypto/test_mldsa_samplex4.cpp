// ML-DSA's multi-stream samplers (core/crypto/mldsasample.h: expandAMulti, expandSMulti, expandMaskMulti over
// Shake128x4 / Shake256x4, x8 under AVX-512) equal the one-stream spec-shaped ones
// (KeccakPermutation::Reference) for all three parameter sets under every Keccak multi-state implementation
// available here, both when the implementation is passed and when it is forced (keccakForceFastImpl) under
// the KeccakPermutation::Fast entry points that MlDsaImpl::Fast uses.
#include "core/crypto/keccakfast.h"
#include "core/crypto/mldsa.h"
#include "core/crypto/mldsasample.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace rs::crypto;
using namespace rs::crypto::mldsa;

namespace {

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

bool samePolys(const PolyVec& a, const PolyVec& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return false;
    return true;
}

// Restores the automatic Keccak implementation choice when a test ends.
struct ForceGuard {
    ~ForceGuard() { keccakForceFastImpl(std::nullopt); }
};

const MlDsaParamSet kSets[] = {MlDsaParamSet::MlDsa44, MlDsaParamSet::MlDsa65, MlDsaParamSet::MlDsa87};

} // namespace

TEST(MlDsaSampleMulti, EqualsSingleStreamForEverySetAndImpl) {
    ForceGuard guard;
    std::mt19937 rng(35);
    const auto impls = keccakFastImpls();
    ASSERT_FALSE(impls.empty());
    for (const MlDsaParamSet set : kSets) {
        const MlDsaParams& p = mldsaParams(set);
        for (int trial = 0; trial < 3; ++trial) {
            const Bytes rho = randomBytes(rng, 32);
            const Bytes rhoPrime = randomBytes(rng, 64);
            // kappa near the top of the 16-bit counter too (the high byte of IntegerToBytes(kappa + r, 2)).
            const int kappa = trial == 2 ? 65000 : static_cast<int>(rng() % 2000) * p.l;
            const PolyVec aRef = expandA(p, rho, KeccakPermutation::Reference);
            PolyVec s1Ref, s2Ref;
            expandS(p, rhoPrime, s1Ref, s2Ref, KeccakPermutation::Reference);
            const PolyVec yRef = expandMask(p, rhoPrime, kappa, KeccakPermutation::Reference);
            ASSERT_EQ(aRef.size(), static_cast<std::size_t>(p.k * p.l));
            for (const KeccakFastImpl impl : impls) {
                SCOPED_TRACE(std::string(keccakFastImplName(impl)) + " set " + std::to_string(p.k));
                EXPECT_TRUE(samePolys(expandAMulti(p, rho, impl), aRef));
                PolyVec s1, s2;
                expandSMulti(p, rhoPrime, s1, s2, impl);
                EXPECT_TRUE(samePolys(s1, s1Ref));
                EXPECT_TRUE(samePolys(s2, s2Ref));
                EXPECT_TRUE(samePolys(expandMaskMulti(p, rhoPrime, kappa, impl), yRef));

                // Both widths under every implementation (x8 under AVX2 runs the x4 kernel twice; under
                // portable, eight scalar permutations), so the 8-stream code is checked on any CPU.
                for (const std::size_t streams : {std::size_t{4}, std::size_t{8}}) {
                    SCOPED_TRACE(streams);
                    EXPECT_TRUE(samePolys(expandAMulti(p, rho, impl, streams), aRef));
                    // Fewer blocks in the first read: the block-at-a-time continuation does the rest.
                    for (const std::size_t firstBlocks : {std::size_t{1}, std::size_t{4}})
                        EXPECT_TRUE(samePolys(expandAMulti(p, rho, impl, streams, firstBlocks), aRef))
                            << streams << " streams, " << firstBlocks << " blocks first";
                    PolyVec w1, w2;
                    expandSMulti(p, rhoPrime, w1, w2, impl, streams);
                    EXPECT_TRUE(samePolys(w1, s1Ref));
                    EXPECT_TRUE(samePolys(w2, s2Ref));
                    EXPECT_TRUE(samePolys(expandMaskMulti(p, rhoPrime, kappa, impl, streams), yRef));
                }

                keccakForceFastImpl(impl);
                EXPECT_TRUE(samePolys(expandA(p, rho, KeccakPermutation::Fast), aRef));
                PolyVec f1, f2;
                expandS(p, rhoPrime, f1, f2, KeccakPermutation::Fast);
                EXPECT_TRUE(samePolys(f1, s1Ref));
                EXPECT_TRUE(samePolys(f2, s2Ref));
                EXPECT_TRUE(samePolys(expandMask(p, rhoPrime, kappa, KeccakPermutation::Fast), yRef));
                keccakForceFastImpl(std::nullopt);
            }
        }
    }
}

TEST(MlDsaSampleMulti, MaskPolysOfConsecutiveNoncesEqualExpandMask) {
    // expandMaskPolys(first, count) is row 0 of ExpandMask at kappa = first, first + 1, ... for any count
    // (the fast signing loop keeps a batch's extra rows for the next attempt), with 4 and 8 streams.
    std::mt19937 rng(65);
    for (const MlDsaParamSet set : kSets) {
        const MlDsaParams& p = mldsaParams(set);
        const Bytes rhoPrime = randomBytes(rng, 64);
        // The last start runs past 2^16 - 1: the nonces wrap (mod 2^16).
        for (const int first : {0, 7 * p.l, 65536 - 8}) {
            std::vector<MlDsaPoly> want;
            for (int n = first; n < first + 16; ++n)
                want.push_back(expandMask(p, rhoPrime, n, KeccakPermutation::Reference)[0]);
            for (const std::size_t streams : {std::size_t{4}, std::size_t{8}}) {
                EXPECT_EQ(maskStreams(keccakFastImplInUse(), streams), streams);
                for (const int count : {0, 1, 3, 4, 5, 8, 12, 16}) {
                    std::vector<MlDsaPoly> got(static_cast<std::size_t>(count));
                    expandMaskPolys(p, rhoPrime, first, count, got.data(), keccakFastImplInUse(), streams);
                    for (int i = 0; i < count; ++i)
                        ASSERT_EQ(got[static_cast<std::size_t>(i)], want[static_cast<std::size_t>(i)])
                            << p.name << " nonce " << first + i << " of " << count << ", " << streams
                            << " streams";
                }
            }
        }
        MlDsaPoly none[1];
        EXPECT_THROW(expandMaskPolys(p, rhoPrime, 0, -1, none, KeccakFastImpl::Portable), InvalidArgument);
    }
}

TEST(MlDsaSampleMulti, SchemeFastEqualsReferenceUnderEveryImpl) {
    ForceGuard guard;
    std::mt19937 rng(204);
    for (const KeccakFastImpl impl : keccakFastImpls()) {
        keccakForceFastImpl(impl);
        for (const MlDsaParamSet set : kSets) {
            SCOPED_TRACE(keccakFastImplName(impl));
            const Bytes seed = randomBytes(rng, 32), msg = randomBytes(rng, 40), rnd = randomBytes(rng, 32);
            const MlDsaKeyPair kr = mldsaKeyGen(set, seed, MlDsaImpl::Reference);
            const MlDsaKeyPair kf = mldsaKeyGen(set, seed, MlDsaImpl::Fast);
            EXPECT_EQ(kf.pk, kr.pk);
            EXPECT_EQ(kf.sk, kr.sk);
            const MlDsaSignature sr = mldsaSign(set, kr.sk, msg, {}, rnd, MlDsaImpl::Reference);
            const MlDsaSignature sf = mldsaSign(set, kr.sk, msg, {}, rnd, MlDsaImpl::Fast);
            EXPECT_EQ(sf.sig, sr.sig);
            EXPECT_EQ(sf.attempts, sr.attempts);
            EXPECT_TRUE(mldsaVerify(set, kr.pk, msg, {}, sr.sig, MlDsaImpl::Fast));
        }
    }
}

TEST(MlDsaSampleMulti, RejectsBadSeedLengths) {
    const MlDsaParams& p = mldsaParams(MlDsaParamSet::MlDsa44);
    PolyVec s1, s2;
    EXPECT_THROW(expandAMulti(p, Bytes(31), KeccakFastImpl::Portable), InvalidArgument);
    EXPECT_THROW(expandSMulti(p, Bytes(63), s1, s2, KeccakFastImpl::Portable), InvalidArgument);
    EXPECT_THROW(expandMaskMulti(p, Bytes(65), 0, KeccakFastImpl::Portable), InvalidArgument);
    EXPECT_THROW(expandAMulti(p, Bytes(32), KeccakFastImpl::Portable, 5), InvalidArgument);
}
