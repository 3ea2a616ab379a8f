// ML-DSA (core/crypto/mldsa.h): the parameter sets of Tables 1 and 2, answers of an independent FIPS 204
// implementation, sign/verify round trips (pure, HashML-DSA with all 12 pre-hashes, internal, external mu),
// the context rules, every class of malformed signature, Reference and Fast giving the same bytes, and the
// sign trace (every attempt with its norms and the reason it was rejected).
#include "core/crypto/mldsa.h"
#include "core/crypto/mldsainternal.h"
#include "core/crypto/sha2.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace rs::crypto;

namespace {

const MlDsaParamSet kSets[] = {MlDsaParamSet::MlDsa44, MlDsaParamSet::MlDsa65, MlDsaParamSet::MlDsa87};
const MlDsaPreHash kPreHashes[] = {
    MlDsaPreHash::Sha2_224,     MlDsaPreHash::Sha2_256,     MlDsaPreHash::Sha2_384, MlDsaPreHash::Sha2_512,
    MlDsaPreHash::Sha2_512_224, MlDsaPreHash::Sha2_512_256, MlDsaPreHash::Sha3_224, MlDsaPreHash::Sha3_256,
    MlDsaPreHash::Sha3_384,     MlDsaPreHash::Sha3_512,     MlDsaPreHash::Shake128, MlDsaPreHash::Shake256};

Bytes text(const std::string& s) {
    return Bytes(s.begin(), s.end());
}

Bytes counting(std::size_t n, int start) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(start + static_cast<int>(i));
    return b;
}

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

std::string sha256Hex(ByteView b) {
    return toHex(sha2_256(b));
}

} // namespace

TEST(MlDsaScheme, ParameterSetsFollowTables1And2) {
    const MlDsaParams& p44 = mldsaParams(MlDsaParamSet::MlDsa44);
    const MlDsaParams& p65 = mldsaParams(MlDsaParamSet::MlDsa65);
    const MlDsaParams& p87 = mldsaParams(MlDsaParamSet::MlDsa87);
    EXPECT_STREQ(p44.name, "ML-DSA-44");
    EXPECT_EQ(p44.k, 4);
    EXPECT_EQ(p44.l, 4);
    EXPECT_EQ(p44.eta, 2);
    EXPECT_EQ(p44.tau, 39);
    EXPECT_EQ(p44.beta, 78);
    EXPECT_EQ(p44.gamma1, 1 << 17);
    EXPECT_EQ(p44.gamma2, 95232);
    EXPECT_EQ(p44.omega, 80);
    EXPECT_EQ(p44.lambda, 128);
    EXPECT_EQ(p65.k, 6);
    EXPECT_EQ(p65.l, 5);
    EXPECT_EQ(p65.eta, 4);
    EXPECT_EQ(p65.tau, 49);
    EXPECT_EQ(p65.beta, 196);
    EXPECT_EQ(p65.gamma1, 1 << 19);
    EXPECT_EQ(p65.gamma2, 261888);
    EXPECT_EQ(p65.omega, 55);
    EXPECT_EQ(p65.lambda, 192);
    EXPECT_EQ(p87.k, 8);
    EXPECT_EQ(p87.l, 7);
    EXPECT_EQ(p87.eta, 2);
    EXPECT_EQ(p87.tau, 60);
    EXPECT_EQ(p87.beta, 120);
    EXPECT_EQ(p87.omega, 75);
    EXPECT_EQ(p87.lambda, 256);
    const std::size_t sizes[3][3] = {{1312, 2560, 2420}, {1952, 4032, 3309}, {2592, 4896, 4627}};
    for (int i = 0; i < 3; ++i) {
        const MlDsaParams& p = mldsaParams(kSets[i]);
        SCOPED_TRACE(p.name);
        EXPECT_EQ(p.d, 13);
        EXPECT_EQ(p.beta, p.tau * p.eta);
        EXPECT_EQ(p.pkBytes, sizes[i][0]);
        EXPECT_EQ(p.skBytes, sizes[i][1]);
        EXPECT_EQ(p.sigBytes, sizes[i][2]);
        const MlDsaKeyPair kp = mldsaKeyGen(kSets[i], Bytes(32, 1));
        EXPECT_EQ(kp.pk.size(), sizes[i][0]);
        EXPECT_EQ(kp.sk.size(), sizes[i][1]);
        EXPECT_EQ(mldsaSign(kSets[i], kp.sk, Bytes{}, Bytes{}, Bytes(32, 0)).sig.size(), sizes[i][2]);
    }
    EXPECT_DOUBLE_EQ(p44.expectedAttempts, 4.25);
    EXPECT_DOUBLE_EQ(p65.expectedAttempts, 5.1);
    EXPECT_DOUBLE_EQ(p87.expectedAttempts, 3.85);
}

TEST(MlDsaScheme, NamesOfSetsAndPreHashes) {
    EXPECT_EQ(mldsaParamSetFromName("ML-DSA-44"), MlDsaParamSet::MlDsa44);
    EXPECT_EQ(mldsaParamSetFromName("ml-dsa-65"), MlDsaParamSet::MlDsa65);
    EXPECT_EQ(mldsaParamSetFromName("MLDSA-87"), MlDsaParamSet::MlDsa87);
    EXPECT_EQ(mldsaParamSetFromName("44"), MlDsaParamSet::MlDsa44);
    EXPECT_FALSE(mldsaParamSetFromName("ML-DSA-45").has_value());
    EXPECT_FALSE(mldsaParamSetFromName("ML-DSA-").has_value());
    EXPECT_FALSE(mldsaParamSetFromName("").has_value());
    for (MlDsaPreHash ph : kPreHashes)
        EXPECT_EQ(mldsaPreHashFromName(mldsaPreHashName(ph)), ph) << mldsaPreHashName(ph);
    EXPECT_EQ(mldsaPreHashFromName("sha2-512/256"), MlDsaPreHash::Sha2_512_256);
    EXPECT_EQ(mldsaPreHashFromName("SHAKE-128"), MlDsaPreHash::Shake128);
    EXPECT_FALSE(mldsaPreHashFromName("SHA-1").has_value());
    EXPECT_STREQ(mldsaRejectionText(MlDsaRejection::ZNorm), "‖z‖∞ ≥ γ1 − β");
}

// Answers of an independent FIPS 204 implementation (@noble/post-quantum 0.7.1, ml_dsa44/65/87): for the seed
// bytes i + set (i = 0..31), SHA-256 of pk and sk; of the signature of "RoundScope ML-DSA" with context
// "ctx", deterministic, hedged (rnd = 32 x A5) and HashML-DSA with SHA2-512 (deterministic).
TEST(MlDsaScheme, MatchesAnIndependentImplementation) {
    struct Case {
        MlDsaParamSet set;
        int seedStart;
        const char *pk, *sk, *det, *hedged, *pre512;
    };
    const Case cases[] = {
        {MlDsaParamSet::MlDsa44, 44, "15046EB76FF165A69059DCA772F5442FE507CE0AECC64FE99A5326713E394B25",
         "109FAB91801BC31B5F939751DDF474EEDF893ED3D78610C226E21FDEAE130E0A",
         "0E7949E718E1A48B6EC198FE116ED31187D1A7996677CB24B2E7877BDF9D4983",
         "743D56C48E89657842D28B5DE95BBF23D66C7D04BD58B13AA59F9F52126AF294",
         "4A322876D8A86B8648AE419F6BA4A93A464EB0BD5183CB3E1A42278DCD08C92F"},
        {MlDsaParamSet::MlDsa65, 65, "160B125F5BE075AFB6AC60AEBF11762E9BFEEE81A80CA35FBA288765DCDA17B9",
         "54BFAA0700D7613D46D6908C9EDFFA63F11E3E2077F7419997504ECEE99E6B34",
         "EC4EDBB07F75D95562B6557AA07BA5DDDEF5473DA1ED9CF9EED828BA7E0B781A",
         "50E9992657EDD554B281D687F4CD07DD5A85447132E7B587BC47DCA8302A3963",
         "C1DAE70D18C066F2CC5E2060DD8C71048509595EF0FD122B6E1EDF77FB41AC98"},
        {MlDsaParamSet::MlDsa87, 87, "A497495E41FAE0E39D59E7689C7598031102FB8A73AAB897B3ACC4AAB228E82A",
         "E6AFC2BBEA3CAF3033D700776BE68327E891DCBE12FBA0075D0710BEB1E7C94E",
         "B3F6D7906E0861A8FDF50302CC0DD4E3A7393266820A65BCE0AD5E3C23EB6C68",
         "6787C29AAF436E99D87702F79C45F5220BC07C41FC9BEF230B12E5B4673582F2",
         "2B8EBBA330E22577B22FBA58E4D26FE2C818F504823AD4810F31A7D47F79E51D"},
    };
    const Bytes msg = text("RoundScope ML-DSA");
    const Bytes ctx = text("ctx");
    for (const Case& c : cases) {
        for (MlDsaImpl impl : {MlDsaImpl::Reference, MlDsaImpl::Fast}) {
            SCOPED_TRACE(std::string(mldsaParams(c.set).name) +
                         (impl == MlDsaImpl::Fast ? " fast" : " reference"));
            const MlDsaKeyPair kp = mldsaKeyGen(c.set, counting(32, c.seedStart), impl);
            EXPECT_EQ(sha256Hex(kp.pk), c.pk);
            EXPECT_EQ(sha256Hex(kp.sk), c.sk);
            EXPECT_EQ(sha256Hex(mldsaSign(c.set, kp.sk, msg, ctx, Bytes(32, 0), impl).sig), c.det);
            EXPECT_EQ(sha256Hex(mldsaSign(c.set, kp.sk, msg, ctx, Bytes(32, 0xA5), impl).sig), c.hedged);
            EXPECT_EQ(
                sha256Hex(
                    mldsaHashSign(c.set, kp.sk, msg, ctx, MlDsaPreHash::Sha2_512, Bytes(32, 0), impl).sig),
                c.pre512);
        }
    }
}

TEST(MlDsaScheme, MessageFormatting) {
    const Bytes m = mldsaFormatMessage(text("msg"), text("ab"));
    EXPECT_EQ(m, (Bytes{0, 2, 'a', 'b', 'm', 's', 'g'}));
    const Bytes digest = sha2_256(text("msg"));
    Bytes pre{1, 2, 'a', 'b', 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01};
    pre.insert(pre.end(), digest.begin(), digest.end());
    EXPECT_EQ(mldsaFormatPreHashMessage(text("msg"), text("ab"), MlDsaPreHash::Sha2_256), pre);
    // OID arcs 2.16.840.1.101.3.4.2.x and the digest lengths (SHAKE128: 256 bits, SHAKE256: 512 bits).
    const std::pair<MlDsaPreHash, std::pair<int, std::size_t>> oids[] = {
        {MlDsaPreHash::Sha2_256, {1, 32}},     {MlDsaPreHash::Sha2_384, {2, 48}},
        {MlDsaPreHash::Sha2_512, {3, 64}},     {MlDsaPreHash::Sha2_224, {4, 28}},
        {MlDsaPreHash::Sha2_512_224, {5, 28}}, {MlDsaPreHash::Sha2_512_256, {6, 32}},
        {MlDsaPreHash::Sha3_224, {7, 28}},     {MlDsaPreHash::Sha3_256, {8, 32}},
        {MlDsaPreHash::Sha3_384, {9, 48}},     {MlDsaPreHash::Sha3_512, {10, 64}},
        {MlDsaPreHash::Shake128, {11, 32}},    {MlDsaPreHash::Shake256, {12, 64}}};
    for (const auto& o : oids) {
        const Bytes oid = mldsa::preHashOid(o.first);
        ASSERT_EQ(oid.size(), 11u);
        EXPECT_EQ(oid.back(), o.second.first) << mldsaPreHashName(o.first);
        EXPECT_EQ(mldsa::preHashDigest(o.first, text("abc")).size(), o.second.second)
            << mldsaPreHashName(o.first);
        EXPECT_EQ(mldsaFormatPreHashMessage(Bytes{}, Bytes{}, o.first).size(), 2 + 11 + o.second.second);
    }
}

TEST(MlDsaScheme, SignVerifyRoundTripsOnEveryInterface) {
    std::mt19937 rng(2024);
    for (MlDsaParamSet set : kSets) {
        SCOPED_TRACE(mldsaParams(set).name);
        const MlDsaKeyPair kp = mldsaKeyGen(set, randomBytes(rng, 32));
        const Bytes msg = randomBytes(rng, 100), ctx = randomBytes(rng, 17), rnd = randomBytes(rng, 32);
        const Bytes sig = mldsaSign(set, kp.sk, msg, ctx, rnd).sig;
        EXPECT_TRUE(mldsaVerify(set, kp.pk, msg, ctx, sig));
        EXPECT_FALSE(mldsaVerify(set, kp.pk, text("other"), ctx, sig));
        EXPECT_FALSE(mldsaVerify(set, kp.pk, msg, Bytes{}, sig));
        // The pure signature is Sign_internal of M' = 0 || |ctx| || ctx || M, and mu = H(tr || M').
        const Bytes mPrime = mldsaFormatMessage(msg, ctx);
        EXPECT_EQ(mldsaSignInternal(set, kp.sk, mPrime, rnd).sig, sig);
        EXPECT_TRUE(mldsaVerifyInternal(set, kp.pk, mPrime, sig));
        const Bytes mu = mldsaMu(set, kp.pk, mPrime);
        EXPECT_EQ(mldsaSignMu(set, kp.sk, mu, rnd).sig, sig);
        EXPECT_TRUE(mldsaVerifyMu(set, kp.pk, mu, sig));
        Bytes otherMu = mu;
        otherMu[0] ^= 1;
        EXPECT_FALSE(mldsaVerifyMu(set, kp.pk, otherMu, sig));
        // Deterministic signing repeats itself; two rnd values give two valid signatures.
        const Bytes det = mldsaSign(set, kp.sk, msg, ctx, Bytes(32, 0)).sig;
        EXPECT_EQ(mldsaSign(set, kp.sk, msg, ctx, Bytes(32, 0)).sig, det);
        EXPECT_NE(det, sig);
        EXPECT_TRUE(mldsaVerify(set, kp.pk, msg, ctx, det));
        // Another key does not verify it.
        const MlDsaKeyPair other = mldsaKeyGen(set, randomBytes(rng, 32));
        EXPECT_FALSE(mldsaVerify(set, other.pk, msg, ctx, sig));
    }
}

TEST(MlDsaScheme, HashMlDsaWithEveryPreHash) {
    const MlDsaParamSet set = MlDsaParamSet::MlDsa44;
    const MlDsaKeyPair kp = mldsaKeyGen(set, counting(32, 9));
    const Bytes msg = text("pre-hashed"), ctx = text("c");
    const Bytes pure = mldsaSign(set, kp.sk, msg, ctx, Bytes(32, 0)).sig;
    for (MlDsaPreHash ph : kPreHashes) {
        SCOPED_TRACE(mldsaPreHashName(ph));
        const Bytes sig = mldsaHashSign(set, kp.sk, msg, ctx, ph, Bytes(32, 7)).sig;
        EXPECT_TRUE(mldsaHashVerify(set, kp.pk, msg, ctx, ph, sig));
        EXPECT_FALSE(mldsaHashVerify(set, kp.pk, text("pre-hashes"), ctx, ph, sig));
        EXPECT_FALSE(mldsaVerify(set, kp.pk, msg, ctx, sig)); // not a pure signature
        const MlDsaPreHash other =
            ph == MlDsaPreHash::Sha2_256 ? MlDsaPreHash::Sha3_256 : MlDsaPreHash::Sha2_256;
        EXPECT_FALSE(mldsaHashVerify(set, kp.pk, msg, ctx, other, sig));
        EXPECT_TRUE(mldsaVerifyInternal(set, kp.pk, mldsaFormatPreHashMessage(msg, ctx, ph), sig));
    }
    EXPECT_FALSE(mldsaHashVerify(set, kp.pk, msg, ctx, MlDsaPreHash::Sha2_256, pure));
}

TEST(MlDsaScheme, ContextOver255BytesThrowsInSignAndFailsVerify) {
    const MlDsaParamSet set = MlDsaParamSet::MlDsa44;
    const MlDsaKeyPair kp = mldsaKeyGen(set, counting(32, 1));
    const Bytes msg = text("m"), rnd(32, 0);
    const Bytes ctx255(255, 0xCC), ctx256(256, 0xCC);
    const Bytes sig = mldsaSign(set, kp.sk, msg, ctx255, rnd).sig;
    EXPECT_TRUE(mldsaVerify(set, kp.pk, msg, ctx255, sig));
    EXPECT_THROW(mldsaSign(set, kp.sk, msg, ctx256, rnd), InvalidArgument);
    EXPECT_FALSE(mldsaVerify(set, kp.pk, msg, ctx256, sig));
    EXPECT_THROW(mldsaHashSign(set, kp.sk, msg, ctx256, MlDsaPreHash::Sha2_256, rnd), InvalidArgument);
    EXPECT_FALSE(mldsaHashVerify(set, kp.pk, msg, ctx256, MlDsaPreHash::Sha2_256, sig));
    EXPECT_THROW(mldsaFormatMessage(msg, ctx256), InvalidArgument);
    EXPECT_THROW(mldsaFormatPreHashMessage(msg, ctx256, MlDsaPreHash::Sha3_256), InvalidArgument);
}

TEST(MlDsaScheme, WrongLengthInputsThrow) {
    const MlDsaParamSet set = MlDsaParamSet::MlDsa65;
    const MlDsaKeyPair kp = mldsaKeyGen(set, Bytes(32, 3));
    EXPECT_THROW(mldsaKeyGen(set, Bytes(31, 3)), InvalidArgument);
    EXPECT_THROW(mldsaKeyGen(set, Bytes(33, 3)), InvalidArgument);
    EXPECT_THROW(mldsaSign(set, kp.sk, Bytes{}, Bytes{}, Bytes(31, 0)), InvalidArgument);
    EXPECT_THROW(mldsaSign(set, Bytes(kp.sk.begin(), kp.sk.end() - 1), Bytes{}, Bytes{}, Bytes(32, 0)),
                 InvalidArgument);
    EXPECT_THROW(mldsaSignMu(set, kp.sk, Bytes(63, 0), Bytes(32, 0)), InvalidArgument);
    EXPECT_THROW(mldsaVerifyMu(set, kp.pk, Bytes(65, 0), Bytes(mldsaParams(set).sigBytes, 0)),
                 InvalidArgument);
    EXPECT_THROW(mldsaVerify(set, Bytes(kp.pk.begin(), kp.pk.end() - 1), Bytes{}, Bytes{}, Bytes(3309, 0)),
                 InvalidArgument);
    EXPECT_THROW(mldsaMu(set, Bytes(10, 0), Bytes{}), InvalidArgument);
    // A 44 key is no 65 key.
    const MlDsaKeyPair kp44 = mldsaKeyGen(MlDsaParamSet::MlDsa44, Bytes(32, 3));
    EXPECT_THROW(mldsaSign(set, kp44.sk, Bytes{}, Bytes{}, Bytes(32, 0)), InvalidArgument);
}

TEST(MlDsaScheme, EveryClassOfMalformedSignatureVerifiesFalse) {
    for (MlDsaParamSet set : kSets) {
        const MlDsaParams& p = mldsaParams(set);
        SCOPED_TRACE(p.name);
        const MlDsaKeyPair kp = mldsaKeyGen(set, counting(32, 100));
        const Bytes msg = text("malformed"), ctx;
        const Bytes sig = mldsaSign(set, kp.sk, msg, ctx, Bytes(32, 0)).sig;
        ASSERT_TRUE(mldsaVerify(set, kp.pk, msg, ctx, sig));
        auto verifies = [&](const Bytes& s) { return mldsaVerify(set, kp.pk, msg, ctx, s); };
        // Wrong length: cut, extended, empty.
        EXPECT_FALSE(verifies(Bytes(sig.begin(), sig.end() - 1)));
        Bytes longer = sig;
        longer.push_back(0);
        EXPECT_FALSE(verifies(longer));
        EXPECT_FALSE(verifies(Bytes{}));
        // The hint part: omega index bytes then k cumulative counts.
        const std::size_t hintStart = p.sigBytes - static_cast<std::size_t>(p.omega + p.k);
        const auto decoded = mldsa::sigDecode(p, sig);
        ASSERT_TRUE(decoded.has_value());
        const int total = sig[p.sigBytes - 1];
        ASSERT_GE(total, 2) << "the test needs a signature with two hints";
        // Hint indices out of order: swap the first polynomial that has two of them.
        int prev = 0;
        bool swapped = false;
        for (int i = 0; i < p.k && !swapped; ++i) {
            const int end = sig[hintStart + static_cast<std::size_t>(p.omega + i)];
            if (end - prev >= 2) {
                Bytes s = sig;
                std::swap(s[hintStart + static_cast<std::size_t>(prev)],
                          s[hintStart + static_cast<std::size_t>(prev + 1)]);
                EXPECT_FALSE(verifies(s)) << "out of order";
                EXPECT_FALSE(mldsa::sigDecode(p, s).has_value());
                swapped = true;
            }
            prev = end;
        }
        EXPECT_TRUE(swapped);
        // A count over omega.
        Bytes over = sig;
        over[p.sigBytes - 1] = static_cast<std::uint8_t>(p.omega + 1);
        EXPECT_FALSE(verifies(over)) << "over omega";
        // A non-zero byte in the unused index slots.
        if (total < p.omega) {
            Bytes pad = sig;
            pad[hintStart + static_cast<std::size_t>(p.omega - 1)] = 1;
            EXPECT_FALSE(verifies(pad)) << "padding";
        }
        // z out of range: the first field packs gamma1 - z0; all zero bits there means z0 = gamma1.
        Bytes zHigh = sig;
        const std::size_t zStart = static_cast<std::size_t>(p.lambda / 4);
        zHigh[zStart] = 0;
        zHigh[zStart + 1] = 0;
        zHigh[zStart + 2] &= static_cast<std::uint8_t>(p.gamma1 == (1 << 17) ? 0xFC : 0xF0);
        const auto zHighDecoded = mldsa::sigDecode(p, zHigh);
        ASSERT_TRUE(zHighDecoded.has_value());
        EXPECT_EQ(zHighDecoded->z[0][0], p.gamma1);
        EXPECT_FALSE(verifies(zHigh)) << "z out of range";
        EXPECT_FALSE(mldsa::verifyCore(p, mldsa::pkDecode(p, kp.pk),
                                       mldsaMu(set, kp.pk, mldsaFormatMessage(msg, ctx)), zHigh,
                                       MlDsaImpl::Reference));
        // A flipped bit anywhere: in c~, in z, in the hint counts.
        for (std::size_t pos : {std::size_t{0}, zStart + 40, static_cast<std::size_t>(p.sigBytes - 1)}) {
            Bytes flipped = sig;
            flipped[pos] ^= 0x01;
            EXPECT_FALSE(verifies(flipped)) << "flipped bit at byte " << pos;
        }
        // Random garbage of the right length never crashes and never verifies.
        std::mt19937 rng(7);
        for (int i = 0; i < 5; ++i)
            EXPECT_FALSE(verifies(randomBytes(rng, p.sigBytes)));
    }
}

TEST(MlDsaScheme, ReferenceAndFastGiveTheSameBytes) {
    std::mt19937 rng(4427);
    for (MlDsaParamSet set : kSets) {
        SCOPED_TRACE(mldsaParams(set).name);
        for (int i = 0; i < 3; ++i) {
            const Bytes seed = randomBytes(rng, 32);
            const MlDsaKeyPair ref = mldsaKeyGen(set, seed, MlDsaImpl::Reference);
            const MlDsaKeyPair fast = mldsaKeyGen(set, seed, MlDsaImpl::Fast);
            ASSERT_EQ(ref.pk, fast.pk);
            ASSERT_EQ(ref.sk, fast.sk);
            const Bytes msg = randomBytes(rng, static_cast<std::size_t>(rng() % 200));
            const Bytes rnd = i == 0 ? Bytes(32, 0) : randomBytes(rng, 32);
            MlDsaSignTrace refTrace, fastTrace;
            const MlDsaSignature a =
                mldsaSign(set, ref.sk, msg, Bytes{}, rnd, MlDsaImpl::Reference, &refTrace);
            const MlDsaSignature b = mldsaSign(set, ref.sk, msg, Bytes{}, rnd, MlDsaImpl::Fast, &fastTrace);
            ASSERT_EQ(a.sig, b.sig);
            EXPECT_EQ(a.attempts, b.attempts);
            ASSERT_EQ(refTrace.attempts.size(), fastTrace.attempts.size());
            for (std::size_t j = 0; j < refTrace.attempts.size(); ++j) {
                EXPECT_EQ(refTrace.attempts[j].w, fastTrace.attempts[j].w);
                EXPECT_EQ(refTrace.attempts[j].z, fastTrace.attempts[j].z);
            }
            EXPECT_TRUE(mldsaVerify(set, ref.pk, msg, Bytes{}, a.sig, MlDsaImpl::Fast));
            EXPECT_TRUE(mldsaVerify(set, ref.pk, msg, Bytes{}, a.sig, MlDsaImpl::Reference));
        }
    }
}

TEST(MlDsaScheme, SignTraceRecordsEveryAttemptAndWhyItWasRejected) {
    int rejected = 0;
    for (MlDsaParamSet set : kSets) {
        const MlDsaParams& p = mldsaParams(set);
        SCOPED_TRACE(p.name);
        const MlDsaKeyPair kp = mldsaKeyGen(set, counting(32, 50));
        for (int m = 0; m < 4; ++m) {
            const Bytes msg{static_cast<std::uint8_t>(m)};
            MlDsaSignTrace trace;
            const MlDsaSignature s =
                mldsaSign(set, kp.sk, msg, Bytes{}, Bytes(32, 0), MlDsaImpl::Reference, &trace);
            EXPECT_EQ(mldsaSign(set, kp.sk, msg, Bytes{}, Bytes(32, 0)).sig,
                      s.sig); // the trace changes nothing
            ASSERT_EQ(static_cast<int>(trace.attempts.size()), s.attempts);
            EXPECT_EQ(trace.aHat.size(), static_cast<std::size_t>(p.k * p.l));
            EXPECT_EQ(trace.s1.size(), static_cast<std::size_t>(p.l));
            EXPECT_EQ(trace.s2.size(), static_cast<std::size_t>(p.k));
            EXPECT_EQ(trace.t0.size(), static_cast<std::size_t>(p.k));
            EXPECT_EQ(trace.mu, mldsaMu(set, kp.pk, mldsaFormatMessage(msg, Bytes{})));
            EXPECT_EQ(trace.rhoPrimePrime.size(), 64u);
            for (std::size_t j = 0; j < trace.attempts.size(); ++j) {
                const MlDsaSignAttempt& a = trace.attempts[j];
                EXPECT_EQ(a.index, static_cast<int>(j) + 1);
                EXPECT_EQ(a.kappa, static_cast<int>(j) * p.l);
                ASSERT_EQ(a.y.size(), static_cast<std::size_t>(p.l));
                ASSERT_EQ(a.w.size(), static_cast<std::size_t>(p.k));
                ASSERT_EQ(a.w1.size(), static_cast<std::size_t>(p.k));
                ASSERT_EQ(a.z.size(), static_cast<std::size_t>(p.l));
                EXPECT_EQ(a.y, mldsa::expandMask(p, trace.rhoPrimePrime, a.kappa));
                EXPECT_EQ(a.w1[0], mldsa::highBitsPoly(a.w[0], p.gamma2));
                EXPECT_EQ(a.c, mldsa::sampleInBall(p, a.cTilde));
                EXPECT_EQ(a.zNorm, mldsa::infNorm(a.z));
                EXPECT_GE(a.r0Norm, 0); // r0 is computed in every attempt
                const bool last = j + 1 == trace.attempts.size();
                EXPECT_EQ(a.rejection == MlDsaRejection::None, last);
                switch (a.rejection) {
                case MlDsaRejection::ZNorm:
                    EXPECT_GE(a.zNorm, p.gamma1 - p.beta);
                    break;
                case MlDsaRejection::R0Norm:
                    EXPECT_LT(a.zNorm, p.gamma1 - p.beta);
                    EXPECT_GE(a.r0Norm, p.gamma2 - p.beta);
                    break;
                case MlDsaRejection::Ct0Norm:
                    EXPECT_LT(a.r0Norm, p.gamma2 - p.beta);
                    EXPECT_GE(a.ct0Norm, p.gamma2);
                    break;
                case MlDsaRejection::TooManyHints:
                    EXPECT_LT(a.ct0Norm, p.gamma2);
                    EXPECT_GT(a.hints, p.omega);
                    break;
                case MlDsaRejection::None:
                    EXPECT_LT(a.zNorm, p.gamma1 - p.beta);
                    EXPECT_LT(a.r0Norm, p.gamma2 - p.beta);
                    EXPECT_GE(a.ct0Norm, 0);
                    EXPECT_LT(a.ct0Norm, p.gamma2);
                    EXPECT_GE(a.hints, 0);
                    EXPECT_LE(a.hints, p.omega);
                    // The accepted attempt is the signature: its c~ opens it, its hint count closes it.
                    EXPECT_EQ(Bytes(s.sig.begin(), s.sig.begin() + p.lambda / 4), a.cTilde);
                    EXPECT_EQ(s.sig.back(), a.hints);
                    break;
                }
                if (a.rejection == MlDsaRejection::ZNorm || a.rejection == MlDsaRejection::R0Norm) {
                    EXPECT_EQ(a.ct0Norm, -1);
                    EXPECT_EQ(a.hints, -1);
                }
                rejected += a.rejection != MlDsaRejection::None;
            }
        }
    }
    EXPECT_GT(rejected, 0) << "12 signatures at about 4 attempts each should reject some";
}
