// ML-DSA building blocks (core/crypto/mldsarounding.h, mldsaencode.h, mldsasample.h): the rounding identities
// of FIPS 204 section 7.4 over ranges of r, the bit packers' byte order and round trips, HintBitUnpack's
// malformed-input rules, the key/signature encodings' round trips for every parameter set, and the samplers'
// coefficient rules and ranges.
#include "core/crypto/mldsaencode.h"
#include "core/crypto/mldsarounding.h"
#include "core/crypto/mldsasample.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <vector>

using namespace rs::crypto;
using namespace rs::crypto::mldsa;

namespace {

constexpr std::int32_t Q = 8380417;
constexpr std::int32_t kGamma2s[] = {(Q - 1) / 88, (Q - 1) / 32};
const MlDsaParamSet kSets[] = {MlDsaParamSet::MlDsa44, MlDsaParamSet::MlDsa65, MlDsaParamSet::MlDsa87};

/** r in [0, 2^16), [q - 2^16, q) and every 97th value between: both ends densely, the middle sampled. */
std::vector<std::int32_t> sampleRange() {
    std::vector<std::int32_t> rs;
    for (std::int32_t r = 0; r < (1 << 16); ++r)
        rs.push_back(r);
    for (std::int32_t r = 1 << 16; r < Q - (1 << 16); r += 97)
        rs.push_back(r);
    for (std::int32_t r = Q - (1 << 16); r < Q; ++r)
        rs.push_back(r);
    return rs;
}

MlDsaPoly randomPoly(std::mt19937& rng, std::int32_t lo, std::int32_t hi) {
    std::uniform_int_distribution<std::int32_t> d(lo, hi);
    MlDsaPoly p{};
    for (auto& c : p)
        c = modQ(d(rng));
    return p;
}

} // namespace

TEST(MlDsaRounding, Power2RoundSplitsEveryValueIntoHighAndCentredLowBits) {
    for (std::int32_t r : sampleRange()) {
        const Split s = power2Round(r);
        ASSERT_EQ(modQ(static_cast<std::int64_t>(s.r1) * 8192 + s.r0), r) << r;
        ASSERT_GT(s.r0, -4096) << r;
        ASSERT_LE(s.r0, 4096) << r;
        ASSERT_GE(s.r1, 0) << r;
        ASSERT_LE(s.r1, 1023) << r;
    }
    // Hand-checked edges: 4096 stays low (mod± keeps +2^12), 4097 rounds up; negatives reduce mod q first.
    EXPECT_EQ(power2Round(4096).r1, 0);
    EXPECT_EQ(power2Round(4096).r0, 4096);
    EXPECT_EQ(power2Round(4097).r1, 1);
    EXPECT_EQ(power2Round(4097).r0, -4095);
    EXPECT_EQ(power2Round(-1).r1, power2Round(Q - 1).r1);
    EXPECT_EQ(power2Round(Q - 1).r1, 1023);
    EXPECT_EQ(power2Round(Q - 1).r0, 0);
}

TEST(MlDsaRounding, DecomposeHighAndLowBitsForBothGamma2) {
    for (std::int32_t g2 : kGamma2s) {
        const std::int32_t m = (Q - 1) / (2 * g2);
        for (std::int32_t r : sampleRange()) {
            const Split s = decompose(r, g2);
            ASSERT_EQ(modQ(static_cast<std::int64_t>(s.r1) * 2 * g2 + s.r0), r) << r;
            ASSERT_GE(s.r1, 0) << r;
            ASSERT_LT(s.r1, m) << r;
            ASSERT_GE(s.r0, -g2) << r;
            ASSERT_LE(s.r0, g2) << r;
            ASSERT_EQ(highBits(r, g2), s.r1);
            ASSERT_EQ(lowBits(r, g2), s.r0);
            // The wrap-around corner: r+ - r0 = q - 1 gives r1 = 0 and r0 = r+ - q (in [-gamma2, 0]).
            if (r > Q - 1 - g2) {
                ASSERT_EQ(s.r1, 0) << r;
                ASSERT_EQ(s.r0, r - Q) << r;
            }
        }
        EXPECT_EQ(decompose(Q - 1, g2).r1, 0);
        EXPECT_EQ(decompose(Q - 1, g2).r0, -1);
        EXPECT_EQ(decompose(g2, g2).r1, 0);
        EXPECT_EQ(decompose(g2, g2).r0, g2);
        EXPECT_EQ(decompose(g2 + 1, g2).r1, 1);
        EXPECT_EQ(decompose(g2 + 1, g2).r0, -g2 + 1);
    }
}

TEST(MlDsaRounding, UseHintRecoversTheHighBitsOfRPlusZ) {
    // FIPS 204 Lemma: for ||z||inf <= gamma2, UseHint(MakeHint(z, r), r) = HighBits(r + z).
    for (std::int32_t g2 : kGamma2s) {
        const std::int32_t m = (Q - 1) / (2 * g2);
        const std::int32_t zs[] = {0, 1, -1, g2, -g2, g2 - 1, -(g2 - 1), g2 / 2, -g2 / 3, 4096, -4095};
        const std::vector<std::int32_t> rs = sampleRange();
        for (std::size_t i = 0; i < rs.size(); i += 3) {
            const std::int32_t r = rs[i];
            for (std::int32_t z : zs) {
                const bool h = makeHint(z, r, g2);
                ASSERT_EQ(h, highBits(r, g2) != highBits(static_cast<std::int64_t>(r) + z, g2));
                const std::int32_t v = useHint(h, r, g2);
                ASSERT_EQ(v, highBits(static_cast<std::int64_t>(r) + z, g2)) << "r " << r << " z " << z;
                ASSERT_GE(v, 0);
                ASSERT_LT(v, m);
            }
            ASSERT_EQ(useHint(false, r, g2), highBits(r, g2));
        }
        // The hint wraps around: HighBits 0 with r0 <= 0 goes to m - 1, HighBits m - 1 with r0 > 0 to 0.
        EXPECT_EQ(useHint(true, 0, g2), m - 1);
        EXPECT_EQ(useHint(true, static_cast<std::int64_t>(2) * g2 * (m - 1) + 1, g2), 0);
    }
}

TEST(MlDsaRounding, InfinityNormIsTheLargestCentredMagnitude) {
    MlDsaPoly w{};
    EXPECT_EQ(infNorm(w), 0);
    w[3] = Q - 7; // -7
    w[9] = 5;
    EXPECT_EQ(infNorm(w), 7);
    w[200] = (Q - 1) / 2; // the largest centred value
    EXPECT_EQ(infNorm(w), (Q - 1) / 2);
    w[200] = (Q + 1) / 2; // -(q-1)/2
    EXPECT_EQ(infNorm(w), (Q - 1) / 2);
    MlDsaPoly v{};
    v[0] = 100;
    EXPECT_EQ(infNorm(std::vector<MlDsaPoly>{v, w}), (Q - 1) / 2);
    EXPECT_EQ(infNorm(std::vector<MlDsaPoly>{}), 0);
    // Coefficients outside [0, q) are reduced first: -9 and q + 11 count as 9 and 11, 2q - 1 as 1.
    MlDsaPoly u{};
    u[7] = -9;
    EXPECT_EQ(infNorm(u), 9);
    u[8] = Q + 11;
    EXPECT_EQ(infNorm(u), 11);
    u[7] = u[8] = 2 * Q - 1;
    EXPECT_EQ(infNorm(u), 1);
}

TEST(MlDsaEncode, BitlenAndPackingBitOrder) {
    EXPECT_EQ(bitlen(0), 0);
    EXPECT_EQ(bitlen(1), 1);
    EXPECT_EQ(bitlen(4), 3);
    EXPECT_EQ(bitlen(1023), 10);
    EXPECT_EQ(bitlen((1 << 17) - 1), 17);
    EXPECT_EQ(bitlen(1 << 19), 20);
    // SimpleBitPack with b = 1023 (10 bits): coefficient 1 = 1 sets bit 10 = bit 2 of byte 1; coefficient 0 =
    // 0x3FF fills byte 0 and the two low bits of byte 1.
    MlDsaPoly w{};
    w[0] = 0x3FF;
    w[1] = 1;
    Bytes out;
    simpleBitPack(w, 1023, out);
    ASSERT_EQ(out.size(), 320u);
    EXPECT_EQ(out[0], 0xFF);
    EXPECT_EQ(out[1], 0x07);
    EXPECT_EQ(out[2], 0x00);
    // BitPack(w, 2, 2) stores 2 - w in 3 bits: w = 2 everywhere packs to zeros, w0 = -2 gives 4 in bits 0..2.
    MlDsaPoly s{};
    s.fill(2);
    s[0] = Q - 2;
    s[1] = 1; // 2 - 1 = 1 in bits 3..5
    Bytes packed;
    bitPack(s, 2, 2, packed);
    ASSERT_EQ(packed.size(), 96u);
    EXPECT_EQ(packed[0], 0x04 | 0x08);
    for (std::size_t i = 1; i < packed.size(); ++i)
        ASSERT_EQ(packed[i], 0) << i;
}

TEST(MlDsaEncode, PackersRoundTrip) {
    std::mt19937 rng(204);
    for (int round = 0; round < 20; ++round) {
        for (std::uint32_t b : {1023u, 15u, 43u}) {
            std::uniform_int_distribution<std::int32_t> d(0, static_cast<std::int32_t>(b));
            MlDsaPoly w{};
            for (auto& c : w)
                c = d(rng);
            Bytes out;
            simpleBitPack(w, b, out);
            ASSERT_EQ(out.size(), 32u * static_cast<unsigned>(bitlen(b)));
            ASSERT_EQ(simpleBitUnpack(out, b), w);
        }
        const std::pair<std::int32_t, std::int32_t> ranges[] = {
            {2, 2}, {4, 4}, {4095, 4096}, {(1 << 17) - 1, 1 << 17}, {(1 << 19) - 1, 1 << 19}};
        for (const auto& ab : ranges) {
            const MlDsaPoly w = randomPoly(rng, -ab.first, ab.second);
            Bytes out;
            bitPack(w, ab.first, ab.second, out);
            ASSERT_EQ(out.size(),
                      32u * static_cast<unsigned>(bitlen(static_cast<std::uint32_t>(ab.first + ab.second))));
            ASSERT_EQ(bitUnpack(out, ab.first, ab.second), w);
        }
    }
    EXPECT_THROW(simpleBitUnpack(Bytes(319), 1023), InvalidArgument);
    EXPECT_THROW(bitUnpack(Bytes(97), 2, 2), InvalidArgument);
    // Widths ML-DSA never uses (packed one value at a time, not in fixed groups) round-trip too.
    for (std::uint32_t b : {1u, 127u, (1u << 22) - 1, (1u << 30) + 5}) {
        MlDsaPoly w{};
        for (std::size_t i = 0; i < w.size(); ++i)
            w[i] = static_cast<std::int32_t>((i * 2654435761u) % (b + 1));
        Bytes out;
        simpleBitPack(w, b, out);
        ASSERT_EQ(simpleBitUnpack(out, b), w) << b;
    }
}

TEST(MlDsaEncode, HintBitPackRoundTripAndItsLayout) {
    const int omega = 80;
    std::vector<MlDsaPoly> h(4, MlDsaPoly{});
    h[0][7] = 1;
    h[0][255] = 1;
    h[2][0] = 1;
    const Bytes y = hintBitPack(h, omega);
    ASSERT_EQ(y.size(), 84u);
    EXPECT_EQ(y[0], 7);
    EXPECT_EQ(y[1], 255);
    EXPECT_EQ(y[2], 0);
    EXPECT_EQ(y[80], 2); // cumulative counts per polynomial
    EXPECT_EQ(y[81], 2);
    EXPECT_EQ(y[82], 3);
    EXPECT_EQ(y[83], 3);
    const auto back = hintBitUnpack(y, 4, omega);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, h);
    // Indices restart in a new polynomial: 200 then 5 is fine across polynomials.
    Bytes across(84, 0);
    across[0] = 200;
    across[1] = 5;
    across[80] = 1;
    across[81] = 2;
    across[82] = 2;
    across[83] = 2;
    const auto acrossH = hintBitUnpack(across, 4, omega);
    ASSERT_TRUE(acrossH.has_value());
    EXPECT_EQ((*acrossH)[0][200], 1);
    EXPECT_EQ((*acrossH)[1][5], 1);
    // More than omega ones cannot be packed.
    std::vector<MlDsaPoly> many(4, MlDsaPoly{});
    for (int j = 0; j < 81; ++j)
        many[j % 4][j] = 1;
    EXPECT_THROW(hintBitPack(many, omega), InvalidArgument);
}

TEST(MlDsaEncode, HintBitUnpackRejectsEveryMalformedCase) {
    const int omega = 55, k = 6;
    auto base = [&] {
        Bytes y(omega + k, 0);
        y[0] = 3;
        y[1] = 9;
        y[2] = 4; // second polynomial
        for (int i = 0; i < k; ++i)
            y[omega + i] = i == 0 ? 2 : 3;
        return y;
    };
    ASSERT_TRUE(hintBitUnpack(base(), k, omega).has_value());
    Bytes outOfOrder = base();
    std::swap(outOfOrder[0], outOfOrder[1]); // 9 then 3
    EXPECT_FALSE(hintBitUnpack(outOfOrder, k, omega).has_value());
    Bytes repeated = base();
    repeated[1] = 3; // 3 then 3: not strictly increasing
    EXPECT_FALSE(hintBitUnpack(repeated, k, omega).has_value());
    Bytes overOmega = base();
    overOmega[omega + k - 1] = omega + 1;
    EXPECT_FALSE(hintBitUnpack(overOmega, k, omega).has_value());
    Bytes falling = base();
    falling[omega + 1] = 1; // below the first polynomial's count 2
    EXPECT_FALSE(hintBitUnpack(falling, k, omega).has_value());
    Bytes padding = base();
    padding[omega - 1] = 1; // a non-zero byte after the last index
    EXPECT_FALSE(hintBitUnpack(padding, k, omega).has_value());
    Bytes paddingRightAfter = base();
    paddingRightAfter[3] = 7;
    EXPECT_FALSE(hintBitUnpack(paddingRightAfter, k, omega).has_value());
    EXPECT_FALSE(hintBitUnpack(Bytes(omega + k - 1, 0), k, omega).has_value());
    EXPECT_FALSE(hintBitUnpack(Bytes(omega + k + 1, 0), k, omega).has_value());
    // All counts at omega with omega increasing indices in the first polynomial is the largest valid hint.
    Bytes full(omega + k, 0);
    for (int i = 0; i < omega; ++i)
        full[i] = static_cast<std::uint8_t>(i * 4);
    for (int i = 0; i < k; ++i)
        full[omega + i] = omega;
    EXPECT_TRUE(hintBitUnpack(full, k, omega).has_value());
}

TEST(MlDsaEncode, KeyAndSignatureEncodingsRoundTripForEverySet) {
    for (MlDsaParamSet set : kSets) {
        const MlDsaParams& p = mldsaParams(set);
        SCOPED_TRACE(p.name);
        Bytes seed(32);
        for (std::size_t i = 0; i < seed.size(); ++i)
            seed[i] = static_cast<std::uint8_t>(i * 7 + p.k);
        const MlDsaKeyPair kp = mldsaKeyGen(set, seed);
        const PublicKey pk = pkDecode(p, kp.pk);
        EXPECT_EQ(pkEncode(p, pk.rho, pk.t1), kp.pk);
        const SecretKey sk = skDecode(p, kp.sk);
        EXPECT_EQ(skEncode(p, sk.rho, sk.key, sk.tr, sk.s1, sk.s2, sk.t0), kp.sk);
        EXPECT_EQ(sk.rho, pk.rho);
        EXPECT_EQ(infNorm(sk.s1), p.eta); // with 256 l coefficients every value of [-eta, eta] appears
        EXPECT_LE(infNorm(sk.t0), 4096);
        const Bytes rnd(32, 0);
        const MlDsaSignature s = mldsaSign(set, kp.sk, Bytes{1, 2, 3}, Bytes{}, rnd);
        const auto sig = sigDecode(p, s.sig);
        ASSERT_TRUE(sig.has_value());
        EXPECT_EQ(sig->cTilde.size(), static_cast<std::size_t>(p.lambda / 4));
        EXPECT_LT(infNorm(sig->z), p.gamma1 - p.beta);
        EXPECT_EQ(sigEncode(p, sig->cTilde, sig->z, sig->h), s.sig);
        // w1Encode: 4 bits a coefficient for gamma2 = (q-1)/32, 6 bits for (q-1)/88.
        const std::size_t w1Bits = p.gamma2 == (Q - 1) / 88 ? 6 : 4;
        EXPECT_EQ(w1Encode(p, std::vector<MlDsaPoly>(static_cast<std::size_t>(p.k), MlDsaPoly{})).size(),
                  32 * w1Bits * static_cast<std::size_t>(p.k));
        EXPECT_THROW(pkDecode(p, Bytes(p.pkBytes - 1)), InvalidArgument);
        EXPECT_THROW(skDecode(p, Bytes(p.skBytes + 1)), InvalidArgument);
        EXPECT_FALSE(sigDecode(p, Bytes(p.sigBytes - 1)).has_value());
    }
}

TEST(MlDsaEncode, SkDecodeRejectsS1AndS2OutsideEta) {
    // eta = 2 packs 2 - s in 3 bits, so the fields 5, 6, 7 stand for -3, -4, -5: not a valid key.
    const MlDsaParams& p = mldsaParams(MlDsaParamSet::MlDsa44);
    const MlDsaKeyPair kp = mldsaKeyGen(MlDsaParamSet::MlDsa44, Bytes(32, 0x11));
    Bytes bad = kp.sk;
    bad[128] = static_cast<std::uint8_t>((bad[128] & 0xF8) | 7); // s1[0] coefficient 0 = -5
    EXPECT_THROW(skDecode(p, bad), InvalidArgument);
    Bytes badS2 = kp.sk;
    const std::size_t s2Start = 128 + static_cast<std::size_t>(p.l) * etaPolyBytes(p);
    badS2[s2Start] = static_cast<std::uint8_t>((badS2[s2Start] & 0xF8) | 5); // s2[0] coefficient 0 = -3
    EXPECT_THROW(skDecode(p, badS2), InvalidArgument);
    // The message names the polynomial, the coefficient and its value: s2[1] coefficient 2 (bits 6-8).
    Bytes badS2b = kp.sk;
    const std::size_t s2b = s2Start + etaPolyBytes(p);
    badS2b[s2b] = static_cast<std::uint8_t>(badS2b[s2b] | 0xC0);         // bits 6, 7 set
    badS2b[s2b + 1] = static_cast<std::uint8_t>(badS2b[s2b + 1] | 0x01); // bit 8: the field is 7, s = -5
    try {
        skDecode(p, badS2b);
        ADD_FAILURE() << "skDecode accepted s2[1][2] = -5";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("s2[1] coefficient 2 is -5, outside [-2, 2]"), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(mldsaSign(MlDsaParamSet::MlDsa44, bad, Bytes{}, Bytes{}, Bytes(32, 0)), InvalidArgument);
    // eta = 4 packs 4 - s in 4 bits: 9..15 stand for -5..-11.
    const MlDsaParams& p65 = mldsaParams(MlDsaParamSet::MlDsa65);
    Bytes bad65 = mldsaKeyGen(MlDsaParamSet::MlDsa65, Bytes(32, 0x22)).sk;
    bad65[128] = static_cast<std::uint8_t>((bad65[128] & 0xF0) | 9);
    EXPECT_THROW(skDecode(p65, bad65), InvalidArgument);
}

TEST(MlDsaSample, CoefficientRules) {
    EXPECT_EQ(coeffFromThreeBytes(0x00, 0xE0, 0x7F), Q - 1);         // 0x7FE000 = q - 1
    EXPECT_FALSE(coeffFromThreeBytes(0x01, 0xE0, 0x7F).has_value()); // q
    EXPECT_FALSE(coeffFromThreeBytes(0xFF, 0xFF, 0x7F).has_value());
    EXPECT_EQ(coeffFromThreeBytes(0x01, 0x02, 0x83), 0x030201); // the top bit of b2 is dropped
    EXPECT_EQ(coeffFromThreeBytes(0, 0, 0), 0);
    for (int b = 0; b < 16; ++b) {
        const auto e2 = coeffFromHalfByte(static_cast<std::uint8_t>(b), 2);
        const auto e4 = coeffFromHalfByte(static_cast<std::uint8_t>(b), 4);
        if (b < 15) {
            ASSERT_TRUE(e2.has_value());
            EXPECT_EQ(*e2, 2 - b % 5);
        } else {
            EXPECT_FALSE(e2.has_value());
        }
        if (b < 9) {
            ASSERT_TRUE(e4.has_value());
            EXPECT_EQ(*e4, 4 - b);
        } else {
            EXPECT_FALSE(e4.has_value());
        }
    }
}

TEST(MlDsaSample, SamplersStayInTheirRanges) {
    for (MlDsaParamSet set : kSets) {
        const MlDsaParams& p = mldsaParams(set);
        SCOPED_TRACE(p.name);
        Bytes rho(32), rho64(64);
        for (std::size_t i = 0; i < rho64.size(); ++i)
            rho64[i] = static_cast<std::uint8_t>(3 * i + 1);
        for (std::size_t i = 0; i < rho.size(); ++i)
            rho[i] = static_cast<std::uint8_t>(5 * i + 2);
        const PolyVec a = expandA(p, rho);
        ASSERT_EQ(a.size(), static_cast<std::size_t>(p.k * p.l));
        // Entry (r, s) is RejNTTPoly(rho || s || r): column index first.
        Bytes seed = rho;
        seed.push_back(1); // s
        seed.push_back(0); // r
        EXPECT_EQ(a[1], rejNttPoly(seed));
        EXPECT_NE(a[1], a[static_cast<std::size_t>(p.l)]);
        PolyVec s1, s2;
        expandS(p, rho64, s1, s2);
        ASSERT_EQ(s1.size(), static_cast<std::size_t>(p.l));
        ASSERT_EQ(s2.size(), static_cast<std::size_t>(p.k));
        EXPECT_EQ(infNorm(s1), p.eta);
        EXPECT_EQ(infNorm(s2), p.eta);
        const PolyVec y = expandMask(p, rho64, 0);
        ASSERT_EQ(y.size(), static_cast<std::size_t>(p.l));
        EXPECT_LE(infNorm(y), p.gamma1);
        EXPECT_GT(infNorm(y), p.gamma1 / 2);
        // kappa selects the masks: ExpandMask(rho'', l) starts where ExpandMask(rho'', 0) would continue.
        const PolyVec y2 = expandMask(p, rho64, 1);
        EXPECT_EQ(y2[0], y[1]);
        // SampleInBall: tau coefficients +-1, every one of the lambda/4 bytes of c~ counts.
        Bytes cTilde(static_cast<std::size_t>(p.lambda / 4), 0x5A);
        const MlDsaPoly c = sampleInBall(p, cTilde);
        int ones = 0;
        for (std::int32_t v : c) {
            ASSERT_TRUE(v == 0 || v == 1 || v == Q - 1) << v;
            ones += v != 0;
        }
        EXPECT_EQ(ones, p.tau);
        cTilde.back() ^= 1;
        EXPECT_NE(sampleInBall(p, cTilde), c);
        EXPECT_THROW(expandA(p, Bytes(31)), InvalidArgument);
        EXPECT_THROW(expandMask(p, Bytes(32), 0), InvalidArgument);
    }
    EXPECT_THROW(rejBoundedPoly(Bytes(66), 3), InvalidArgument);
}
