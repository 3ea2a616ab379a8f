// Keccak-f[1600] fast path (core/crypto/keccakfast.h): the scalar permutation equals the reference model
// (core/crypto/keccak.h) on random and edge states; every multi-state implementation available here
// permutes each of its 4 or 8 states exactly as the reference does its own state (so no lane leaks into
// another); the lockstep SHAKE streams give what one-stream SHAKE (core/crypto/sha3.h) gives on each
// input, for random lengths and piecewise absorbs and squeezes; and the implementation choice can be
// named and forced, an unavailable one refused.
#include "core/crypto/keccakfast.h"
#include "core/crypto/sha3.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace rs::crypto;

namespace {

KeccakState randomState(std::mt19937_64& rng) {
    KeccakState s{};
    for (auto& lane : s)
        lane = rng();
    return s;
}

KeccakState referencePermuted(KeccakState s) {
    keccakF1600(s);
    return s;
}

/** Random states, then the zero state, all ones, each single bit of lanes 0, 1, 12 and 24 set, and each
 *  lane alone all ones (the complemented lanes of the scalar round among them). */
std::vector<KeccakState> cases(std::size_t randomCount) {
    std::mt19937_64 rng(0x4b656363616bull);
    std::vector<KeccakState> out;
    for (std::size_t i = 0; i < randomCount; ++i)
        out.push_back(randomState(rng));
    out.push_back(KeccakState{});
    KeccakState ones{};
    ones.fill(~std::uint64_t{0});
    out.push_back(ones);
    for (std::size_t lane : {0u, 1u, 12u, 24u})
        for (int bit = 0; bit < 64; ++bit) {
            KeccakState s{};
            s[lane] = std::uint64_t{1} << bit;
            out.push_back(s);
        }
    for (std::size_t lane = 0; lane < 25; ++lane) {
        KeccakState s{};
        s[lane] = ~std::uint64_t{0};
        out.push_back(s);
    }
    return out;
}

TEST(KeccakFast, ScalarEqualsReference) {
    for (const KeccakState& s : cases(3000)) {
        KeccakState got = s;
        keccakF1600Fast(got);
        ASSERT_EQ(got, referencePermuted(s));
    }
}

TEST(KeccakFast, ScalarChainsLikeReference) {
    // 1000 permutations in a row from the zero state (each output the next input).
    KeccakState fast{}, ref{};
    for (int i = 0; i < 1000; ++i) {
        keccakF1600Fast(fast);
        keccakF1600(ref);
        ASSERT_EQ(fast, ref) << "after " << i + 1 << " permutations";
    }
}

class KeccakFastImpls : public ::testing::TestWithParam<KeccakFastImpl> {
  protected:
    void SetUp() override {
        if (!keccakFastImplAvailable(GetParam()))
            GTEST_SKIP() << keccakFastImplName(GetParam()) << " is not available on this machine";
    }
    void TearDown() override { keccakForceFastImpl(std::nullopt); }
};

/** Permutes the states of `all` N at a time with `impl`; each must come out as the reference's. */
template <std::size_t N>
void expectEachLaneIsReference(const std::vector<KeccakState>& all, KeccakFastImpl impl) {
    for (std::size_t first = 0; first + N <= all.size(); first += N) {
        KeccakStatesX<N> s;
        for (std::size_t j = 0; j < N; ++j)
            s.set(j, all[first + j]);
        if constexpr (N == 4)
            keccakF1600x4(s, impl);
        else
            keccakF1600x8(s, impl);
        for (std::size_t j = 0; j < N; ++j)
            ASSERT_EQ(s.get(j), referencePermuted(all[first + j])) << "state " << first + j << ", lane " << j;
    }
}

TEST_P(KeccakFastImpls, FourStatesEachEqualReference) {
    expectEachLaneIsReference<4>(cases(2000), GetParam());
}

TEST_P(KeccakFastImpls, EightStatesEachEqualReference) {
    expectEachLaneIsReference<8>(cases(2000), GetParam());
}

TEST_P(KeccakFastImpls, LanesAreIndependent) {
    // All lanes hold one state but lane k, which differs in one bit: only lane k's output differs, and
    // every lane's output is the reference's of its own input.
    std::mt19937_64 rng(7);
    const KeccakState base = randomState(rng);
    KeccakState flipped = base;
    flipped[13] ^= std::uint64_t{1} << 41;
    for (std::size_t k = 0; k < 8; ++k) {
        KeccakStatesX8 s8;
        KeccakStatesX4 s4;
        for (std::size_t j = 0; j < 8; ++j) {
            s8.set(j, j == k ? flipped : base);
            if (j < 4) s4.set(j, j == k ? flipped : base);
        }
        keccakF1600x8(s8, GetParam());
        keccakF1600x4(s4, GetParam());
        for (std::size_t j = 0; j < 8; ++j) {
            const KeccakState want = referencePermuted(j == k ? flipped : base);
            ASSERT_EQ(s8.get(j), want) << "x8, lane " << j << ", changed lane " << k;
            if (j < 4) {
                ASSERT_EQ(s4.get(j), want) << "x4, lane " << j << ", changed lane " << k;
            }
        }
    }
}

Bytes randomBytes(std::mt19937_64& rng, std::size_t n) {
    Bytes b(n);
    for (auto& v : b)
        v = static_cast<std::uint8_t>(rng());
    return b;
}

/** N streams through KeccakSpongeX<N> against one-stream SHAKE on each input: inputs of `inLen` bytes
 *  absorbed in random pieces, `outLen` bytes squeezed in random pieces. */
template <class Multi, class Single, std::size_t N>
void expectStreamsAreSingleShake(KeccakFastImpl impl, std::size_t inLen, std::size_t outLen,
                                 std::mt19937_64& rng) {
    std::array<Bytes, N> in;
    for (auto& b : in)
        b = randomBytes(rng, inLen);
    Multi multi(impl);
    for (std::size_t off = 0; off < inLen;) {
        const std::size_t n = std::min<std::size_t>(inLen - off, rng() % 200);
        std::array<ByteView, N> pieces;
        for (std::size_t j = 0; j < N; ++j)
            pieces[j] = ByteView(in[j]).subspan(off, n);
        multi.absorb(pieces);
        off += n;
    }
    std::array<Bytes, N> out;
    for (auto& b : out)
        b.resize(outLen);
    for (std::size_t off = 0; off < outLen;) {
        const std::size_t n = std::min<std::size_t>(outLen - off, rng() % 400);
        std::array<std::span<std::uint8_t>, N> pieces;
        for (std::size_t j = 0; j < N; ++j)
            pieces[j] = std::span<std::uint8_t>(out[j]).subspan(off, n);
        multi.squeeze(pieces);
        off += n;
    }
    for (std::size_t j = 0; j < N; ++j) {
        Single single;
        single.absorb(in[j]);
        ASSERT_EQ(out[j], single.squeeze(outLen)) << "stream " << j << ", " << inLen << " bytes in, "
                                                  << outLen << " out, " << keccakFastImplName(impl);
    }
}

/** Lengths around the rates (136, 168) and random ones. */
template <class Multi, class Single, std::size_t N> void expectShakeStreams(KeccakFastImpl impl) {
    std::mt19937_64 rng(20261207);
    for (std::size_t inLen : {0u, 1u, 7u, 8u, 34u, 66u, 135u, 136u, 137u, 167u, 168u, 169u, 336u, 500u})
        expectStreamsAreSingleShake<Multi, Single, N>(impl, inLen, 1 + rng() % 1200, rng);
    for (int i = 0; i < 40; ++i)
        expectStreamsAreSingleShake<Multi, Single, N>(impl, rng() % 700, rng() % 1500, rng);
}

TEST_P(KeccakFastImpls, Shake128x4IsFourShake128) {
    expectShakeStreams<Shake128x4, Shake128, 4>(GetParam());
}

TEST_P(KeccakFastImpls, Shake256x4IsFourShake256) {
    expectShakeStreams<Shake256x4, Shake256, 4>(GetParam());
}

TEST_P(KeccakFastImpls, Shake128x8IsEightShake128) {
    expectShakeStreams<Shake128x8, Shake128, 8>(GetParam());
}

TEST_P(KeccakFastImpls, Shake256x8IsEightShake256) {
    expectShakeStreams<Shake256x8, Shake256, 8>(GetParam());
}

TEST_P(KeccakFastImpls, MlDsaSamplerShapes) {
    // ExpandA: SHAKE128 on 34-byte seeds (ρ || s || r), squeezed a block (168 bytes) at a time; ExpandS /
    // ExpandMask: SHAKE256 on 66-byte seeds, a block (136 bytes) at a time.
    std::mt19937_64 rng(44);
    std::array<Bytes, 4> seeds34, seeds66;
    for (std::size_t j = 0; j < 4; ++j) {
        seeds34[j] = randomBytes(rng, 34);
        seeds66[j] = randomBytes(rng, 66);
    }
    Shake128x4 a(GetParam());
    Shake256x4 s(GetParam());
    a.absorb({seeds34[0], seeds34[1], seeds34[2], seeds34[3]});
    s.absorb({seeds66[0], seeds66[1], seeds66[2], seeds66[3]});
    std::array<Bytes, 4> outA, outS;
    for (int block = 0; block < 5; ++block) {
        const auto ba = a.squeeze(168);
        const auto bs = s.squeeze(136);
        for (std::size_t j = 0; j < 4; ++j) {
            outA[j].insert(outA[j].end(), ba[j].begin(), ba[j].end());
            outS[j].insert(outS[j].end(), bs[j].begin(), bs[j].end());
        }
    }
    for (std::size_t j = 0; j < 4; ++j) {
        EXPECT_EQ(outA[j], shake128(seeds34[j], 5 * 168)) << "ExpandA stream " << j;
        EXPECT_EQ(outS[j], shake256(seeds66[j], 5 * 136)) << "ExpandS stream " << j;
    }
}

TEST_P(KeccakFastImpls, ForcedImplIsInUse) {
    keccakForceFastImpl(GetParam());
    EXPECT_EQ(keccakFastImplInUse(), GetParam());
    EXPECT_EQ(Shake128x4().impl(), GetParam());
    keccakForceFastImpl(std::nullopt);
    EXPECT_EQ(keccakFastImplInUse(), keccakFastImpls().back());
}

INSTANTIATE_TEST_SUITE_P(All, KeccakFastImpls,
                         ::testing::Values(KeccakFastImpl::Portable, KeccakFastImpl::Avx2,
                                           KeccakFastImpl::Avx512),
                         [](const ::testing::TestParamInfo<KeccakFastImpl>& info) {
                             return std::string(keccakFastImplName(info.param));
                         });

TEST(KeccakFast, ImplNames) {
    for (KeccakFastImpl impl : {KeccakFastImpl::Portable, KeccakFastImpl::Avx2, KeccakFastImpl::Avx512})
        EXPECT_EQ(keccakFastImplFromName(keccakFastImplName(impl)), impl);
    EXPECT_FALSE(keccakFastImplFromName("sse2"));
    EXPECT_EQ(keccakFastImpls().front(), KeccakFastImpl::Portable);
    EXPECT_TRUE(keccakFastImplAvailable(KeccakFastImpl::Portable));
    // AVX-512 is offered only with AVX2 (x4 runs on the AVX2 kernel).
    if (keccakFastImplAvailable(KeccakFastImpl::Avx512)) {
        EXPECT_TRUE(keccakFastImplAvailable(KeccakFastImpl::Avx2));
    }
}

TEST(KeccakFast, UnavailableImplIsRefused) {
    std::vector<KeccakFastImpl> missing;
    for (KeccakFastImpl impl : {KeccakFastImpl::Avx2, KeccakFastImpl::Avx512})
        if (!keccakFastImplAvailable(impl)) missing.push_back(impl);
    if (missing.empty()) GTEST_SKIP() << "every implementation is available on this machine";
    const KeccakFastImpl before = keccakFastImplInUse();
    for (KeccakFastImpl impl : missing) {
        EXPECT_THROW(keccakForceFastImpl(impl), InvalidArgument) << keccakFastImplName(impl);
        EXPECT_EQ(keccakFastImplInUse(), before);
        EXPECT_THROW(Shake128x4{impl}, InvalidArgument);
        EXPECT_THROW(Shake256x8{impl}, InvalidArgument);
        // The noexcept permutations run the portable code instead.
        std::mt19937_64 rng(3);
        KeccakStatesX4 s;
        std::array<KeccakState, 4> in;
        for (std::size_t j = 0; j < 4; ++j) {
            in[j] = randomState(rng);
            s.set(j, in[j]);
        }
        keccakF1600x4(s, impl);
        for (std::size_t j = 0; j < 4; ++j)
            EXPECT_EQ(s.get(j), referencePermuted(in[j]));
    }
}

TEST(KeccakFast, SpongeRefusesUnequalLengthsAndLateAbsorb) {
    Shake128x4 x;
    const Bytes a(10), b(11);
    EXPECT_THROW(x.absorb({a, a, b, a}), InvalidArgument);
    x.absorb({a, a, a, a});
    std::array<Bytes, 4> out{Bytes(5), Bytes(5), Bytes(5), Bytes(6)};
    EXPECT_THROW(x.squeeze({out[0], out[1], out[2], out[3]}), InvalidArgument);
    x.squeeze(std::size_t{3});
    EXPECT_THROW(x.absorb({a, a, a, a}), InvalidArgument);
    // reset: empty again, absorbing allowed, output that of SHAKE128("").
    x.reset();
    x.absorb({Bytes{}, Bytes{}, Bytes{}, Bytes{}});
    const auto empty = x.squeeze(32);
    for (const Bytes& e : empty)
        EXPECT_EQ(e, shake128({}, 32));
}

} // namespace
