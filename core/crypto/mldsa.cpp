// ML-DSA key generation, signing and verification, written from FIPS 204 (August 2024) Algorithms 2, 3, 6-8
// and the pure interface's message formatting.
#include "core/crypto/mldsa.h"

#include "core/crypto/mldsafast.h"
#include "core/crypto/mldsainternal.h"
#include "core/crypto/mldsanttfast.h"
#include "core/crypto/sha3.h"

#include <string>

namespace rs::crypto {

namespace mldsa {

MlDsaPoly Ring::ntt(const MlDsaPoly& w) const noexcept {
    return m_impl == MlDsaImpl::Fast ? mldsaNttFast(w) : mldsaNtt(w);
}
MlDsaPoly Ring::invNtt(const MlDsaPoly& w) const noexcept {
    return m_impl == MlDsaImpl::Fast ? mldsaInverseNttFast(w) : mldsaInverseNtt(w);
}
MlDsaPoly Ring::mul(const MlDsaPoly& a, const MlDsaPoly& b) const noexcept {
    return m_impl == MlDsaImpl::Fast ? mldsaMultiplyNttFast(a, b) : mldsaMultiplyNtt(a, b);
}
MlDsaPoly Ring::add(const MlDsaPoly& a, const MlDsaPoly& b) const noexcept {
    return m_impl == MlDsaImpl::Fast ? mldsaAddNttFast(a, b) : mldsaAddNtt(a, b);
}
PolyVec Ring::ntt(const PolyVec& v) const {
    PolyVec out;
    out.reserve(v.size());
    for (const MlDsaPoly& w : v)
        out.push_back(ntt(w));
    return out;
}
PolyVec Ring::invNtt(const PolyVec& v) const {
    PolyVec out;
    out.reserve(v.size());
    for (const MlDsaPoly& w : v)
        out.push_back(invNtt(w));
    return out;
}
PolyVec Ring::matVec(const MlDsaParams& p, const PolyVec& aHat, const PolyVec& vHat) const {
    PolyVec out;
    out.reserve(static_cast<std::size_t>(p.k));
    for (int i = 0; i < p.k; ++i) {
        MlDsaPoly acc{};
        for (int j = 0; j < p.l; ++j)
            acc = add(acc, mul(aHat[static_cast<std::size_t>(i * p.l + j)], vHat[j]));
        out.push_back(acc);
    }
    return out;
}
PolyVec Ring::scalarVec(const MlDsaPoly& cHat, const PolyVec& vHat) const {
    PolyVec out;
    out.reserve(vHat.size());
    for (const MlDsaPoly& w : vHat)
        out.push_back(mul(cHat, w));
    return out;
}

MlDsaPoly subPoly(const MlDsaPoly& a, const MlDsaPoly& b) noexcept {
    MlDsaPoly out{};
    for (std::size_t i = 0; i < kMlDsaN; ++i) {
        const std::int32_t d = a[i] - b[i];
        out[i] = d < 0 ? d + kMlDsaQ : d;
    }
    return out;
}
MlDsaPoly addPoly(const MlDsaPoly& a, const MlDsaPoly& b) noexcept {
    MlDsaPoly out{};
    for (std::size_t i = 0; i < kMlDsaN; ++i) {
        const std::int32_t s = a[i] + b[i];
        out[i] = s >= kMlDsaQ ? s - kMlDsaQ : s;
    }
    return out;
}
MlDsaPoly negPoly(const MlDsaPoly& a) noexcept {
    MlDsaPoly out{};
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        out[i] = a[i] == 0 ? 0 : kMlDsaQ - a[i];
    return out;
}

Bytes shakeH(std::initializer_list<ByteView> pieces, std::size_t n, KeccakPermutation perm) {
    Shake256 h(perm);
    for (ByteView piece : pieces)
        h.absorb(piece);
    return h.squeeze(n);
}

MlDsaSignature signCore(const MlDsaParams& p, const SecretKey& sk, ByteView mu, ByteView rnd, MlDsaImpl impl,
                        MlDsaSignTrace* trace) {
    if (impl == MlDsaImpl::Fast && trace == nullptr) return signCoreFast(p, sk, mu, rnd);
    requireLength("ML-DSA mu", mu, 64);
    requireLength("ML-DSA rnd", rnd, 32);
    const Ring ring(impl);
    // Lines 2-5: the key in the NTT domain and A_hat.
    const PolyVec s1Hat = ring.ntt(sk.s1);
    const PolyVec s2Hat = ring.ntt(sk.s2);
    const PolyVec t0Hat = ring.ntt(sk.t0);
    const KeccakPermutation perm = ring.keccak();
    const PolyVec aHat = expandA(p, sk.rho, perm);
    // Line 7: rho'' = H(K || rnd || mu, 64).
    const Bytes rhoPP = shakeH({sk.key, rnd, mu}, 64, perm);
    if (trace) {
        trace->aHat = aHat;
        trace->s1 = sk.s1;
        trace->s2 = sk.s2;
        trace->t0 = sk.t0;
        trace->mu.assign(mu.begin(), mu.end());
        trace->rhoPrimePrime = rhoPP;
        trace->attempts.clear();
    }
    const std::int32_t zBound = p.gamma1 - p.beta;
    const std::int32_t r0Bound = p.gamma2 - p.beta;
    const std::size_t cTildeBytes = static_cast<std::size_t>(p.lambda / 4);
    int attempts = 0;
    // Line 8: kappa counts the masks drawn; IntegerToBytes(kappa + r, 2) needs kappa + l - 1 < 2^16, a bound
    // no real key comes near (each attempt succeeds with probability about 1 / expectedAttempts).
    for (int kappa = 0; kappa + p.l <= 65536; kappa += p.l) {
        ++attempts;
        MlDsaSignAttempt a;
        a.index = attempts;
        a.kappa = kappa;
        // Lines 11-15: y, w = NTT^-1(A_hat o NTT(y)), w1 = HighBits(w), c~ = H(mu || w1Encode(w1)), c.
        PolyVec y = expandMask(p, rhoPP, kappa, perm);
        PolyVec w = ring.invNtt(ring.matVec(p, aHat, ring.ntt(y)));
        PolyVec w1;
        for (const MlDsaPoly& wi : w)
            w1.push_back(highBitsPoly(wi, p.gamma2));
        Bytes cTilde = shakeH({mu, w1Encode(p, w1)}, cTildeBytes, perm);
        MlDsaPoly c = sampleInBall(p, cTilde, perm);
        const MlDsaPoly cHat = ring.ntt(c);
        // Lines 18-21: <<c s1>>, <<c s2>>, z = y + <<c s1>>, r0 = LowBits(w - <<c s2>>).
        const PolyVec cs1 = ring.invNtt(ring.scalarVec(cHat, s1Hat));
        const PolyVec cs2 = ring.invNtt(ring.scalarVec(cHat, s2Hat));
        PolyVec z;
        PolyVec wMinusCs2;
        for (int i = 0; i < p.l; ++i)
            z.push_back(addPoly(y[i], cs1[i]));
        std::int32_t r0Norm = 0;
        for (int i = 0; i < p.k; ++i) {
            wMinusCs2.push_back(subPoly(w[i], cs2[i]));
            r0Norm = std::max(r0Norm, infNorm(lowBitsPoly(wMinusCs2.back(), p.gamma2)));
        }
        a.zNorm = infNorm(z);
        a.r0Norm = r0Norm;
        PolyVec h;
        // Lines 23-29: the checks; the hint is made only for a z and r0 that pass.
        if (a.zNorm >= zBound) {
            a.rejection = MlDsaRejection::ZNorm;
        } else if (r0Norm >= r0Bound) {
            a.rejection = MlDsaRejection::R0Norm;
        } else {
            const PolyVec ct0 = ring.invNtt(ring.scalarVec(cHat, t0Hat));
            int ones = 0;
            for (int i = 0; i < p.k; ++i)
                h.push_back(makeHintPoly(negPoly(ct0[i]), addPoly(wMinusCs2[i], ct0[i]), p.gamma2, ones));
            a.ct0Norm = infNorm(ct0);
            a.hints = ones;
            if (a.ct0Norm >= p.gamma2)
                a.rejection = MlDsaRejection::Ct0Norm;
            else if (ones > p.omega)
                a.rejection = MlDsaRejection::TooManyHints;
        }
        const bool accepted = a.rejection == MlDsaRejection::None;
        Bytes sig;
        if (accepted) sig = sigEncode(p, cTilde, z, h); // line 33 (z is kept mod q; sigEncode centres it)
        if (trace) {
            a.y = std::move(y);
            a.w = std::move(w);
            a.w1 = std::move(w1);
            a.cTilde = std::move(cTilde);
            a.c = c;
            a.z = std::move(z);
            trace->attempts.push_back(std::move(a));
        }
        if (accepted) return {std::move(sig), attempts};
    }
    throw InvalidArgument(std::string(p.name) +
                          " signing: no signature before the mask counter kappa ran out");
}

bool verifyCore(const MlDsaParams& p, const PublicKey& pk, ByteView mu, ByteView sig, MlDsaImpl impl) {
    if (impl == MlDsaImpl::Fast) return verifyCoreFast(p, pk, mu, sig);
    requireLength("ML-DSA mu", mu, 64);
    const std::optional<Signature> s = sigDecode(p, sig);
    if (!s) return false; // wrong length or malformed hint (line 3)
    // Line 13's norm check first: a z out of range fails whatever the rest says.
    if (infNorm(s->z) >= p.gamma1 - p.beta) return false;
    const Ring ring(impl);
    const PolyVec aHat = expandA(p, pk.rho, ring.keccak());
    const MlDsaPoly cHat = ring.ntt(sampleInBall(p, s->cTilde, ring.keccak()));
    // Line 9: w'_approx = NTT^-1(A_hat o NTT(z) - NTT(c) o NTT(t1 * 2^d)).
    const PolyVec az = ring.matVec(p, aHat, ring.ntt(s->z));
    PolyVec w1;
    for (int i = 0; i < p.k; ++i) {
        MlDsaPoly t1Scaled{};
        for (std::size_t j = 0; j < kMlDsaN; ++j)
            t1Scaled[j] = modQ(static_cast<std::int64_t>(pk.t1[i][j]) << p.d);
        const MlDsaPoly ct1 = ring.mul(cHat, ring.ntt(t1Scaled));
        const MlDsaPoly wApprox = ring.invNtt(subPoly(az[i], ct1));
        w1.push_back(useHintPoly(s->h[i], wApprox, p.gamma2)); // line 10
    }
    // Lines 12-13: c~' = H(mu || w1Encode(w1'), lambda/4) against c~.
    const Bytes cTilde = shakeH({mu, w1Encode(p, w1)}, static_cast<std::size_t>(p.lambda / 4), ring.keccak());
    return constantTimeEqual(cTilde, s->cTilde);
}

} // namespace mldsa

using namespace mldsa;

MlDsaKeyPair mldsaKeyGen(MlDsaParamSet set, ByteView seed, MlDsaImpl impl) {
    const MlDsaParams& p = mldsaParams(set);
    requireLength(std::string(p.name) + " key generation seed xi", seed, 32);
    if (impl == MlDsaImpl::Fast) return keyGenFast(p, seed);
    const Ring ring(impl);
    // Line 1: (rho, rho', K) = H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l, 1), 128).
    const std::uint8_t kl[2] = {static_cast<std::uint8_t>(p.k), static_cast<std::uint8_t>(p.l)};
    const Bytes h = shakeH({seed, ByteView(kl, 2)}, 128, ring.keccak());
    const ByteView all(h);
    const ByteView rho = all.subspan(0, 32), rhoPrime = all.subspan(32, 64), key = all.subspan(96, 32);
    // Lines 3-5: A_hat, (s1, s2), t = NTT^-1(A_hat o NTT(s1)) + s2.
    const PolyVec aHat = expandA(p, rho, ring.keccak());
    PolyVec s1, s2;
    expandS(p, rhoPrime, s1, s2, ring.keccak());
    const PolyVec as1 = ring.invNtt(ring.matVec(p, aHat, ring.ntt(s1)));
    PolyVec t1(static_cast<std::size_t>(p.k)), t0(static_cast<std::size_t>(p.k));
    for (int i = 0; i < p.k; ++i)
        power2RoundPoly(addPoly(as1[i], s2[i]), t1[i], t0[i]); // line 6
    // Lines 8-10: pk, tr = H(pk, 64), sk.
    MlDsaKeyPair kp;
    kp.pk = pkEncode(p, rho, t1);
    const Bytes tr = shakeH({kp.pk}, 64, ring.keccak());
    kp.sk = skEncode(p, rho, key, tr, s1, s2, t0);
    return kp;
}

Bytes mldsaMu(MlDsaParamSet set, ByteView pk, ByteView mPrime) {
    const MlDsaParams& p = mldsaParams(set);
    requireLength(std::string(p.name) + " public key", pk, p.pkBytes);
    const Bytes tr = shakeH({pk}, 64);
    return shakeH({tr, mPrime}, 64);
}

MlDsaSignature mldsaSignMu(MlDsaParamSet set, ByteView sk, ByteView mu, ByteView rnd, MlDsaImpl impl,
                           MlDsaSignTrace* trace) {
    const MlDsaParams& p = mldsaParams(set);
    requireLength("ML-DSA mu", mu, 64);
    requireLength("ML-DSA rnd", rnd, 32);
    return signCore(p, skDecode(p, sk), mu, rnd, impl, trace);
}

MlDsaSignature mldsaSignInternal(MlDsaParamSet set, ByteView sk, ByteView mPrime, ByteView rnd,
                                 MlDsaImpl impl, MlDsaSignTrace* trace) {
    const MlDsaParams& p = mldsaParams(set);
    requireLength("ML-DSA rnd", rnd, 32);
    const SecretKey key = skDecode(p, sk);
    const Bytes mu =
        shakeH({key.tr, mPrime}, 64, Ring(impl).keccak()); // line 6: mu = H(BytesToBits(tr) || M', 64)
    return signCore(p, key, mu, rnd, impl, trace);
}

MlDsaSignature mldsaSign(MlDsaParamSet set, ByteView sk, ByteView msg, ByteView ctx, ByteView rnd,
                         MlDsaImpl impl, MlDsaSignTrace* trace) {
    return mldsaSignInternal(set, sk, mldsaFormatMessage(msg, ctx), rnd, impl, trace);
}

bool mldsaVerifyMu(MlDsaParamSet set, ByteView pk, ByteView mu, ByteView sig, MlDsaImpl impl) {
    const MlDsaParams& p = mldsaParams(set);
    const PublicKey key = pkDecode(p, pk);
    return verifyCore(p, key, mu, sig, impl);
}

bool mldsaVerifyInternal(MlDsaParamSet set, ByteView pk, ByteView mPrime, ByteView sig, MlDsaImpl impl) {
    const MlDsaParams& p = mldsaParams(set);
    const PublicKey key = pkDecode(p, pk);
    if (sig.size() != p.sigBytes) return false;
    // mu = H(H(pk, 64) || M', 64) (Algorithm 8 lines 6-7) with this implementation's Keccak.
    const KeccakPermutation perm = Ring(impl).keccak();
    return verifyCore(p, key, shakeH({shakeH({pk}, 64, perm), mPrime}, 64, perm), sig, impl);
}

bool mldsaVerify(MlDsaParamSet set, ByteView pk, ByteView msg, ByteView ctx, ByteView sig, MlDsaImpl impl) {
    const MlDsaParams& p = mldsaParams(set);
    requireLength(std::string(p.name) + " public key", pk, p.pkBytes);
    if (ctx.size() > 255) return false; // Algorithm 3 line 1
    return mldsaVerifyInternal(set, pk, mldsaFormatMessage(msg, ctx), sig, impl);
}

Bytes mldsaFormatMessage(ByteView msg, ByteView ctx) {
    if (ctx.size() > 255)
        throw InvalidArgument("ML-DSA context must be at most 255 bytes, got " + std::to_string(ctx.size()));
    Bytes m;
    m.reserve(2 + ctx.size() + msg.size());
    m.push_back(0);
    m.push_back(static_cast<std::uint8_t>(ctx.size()));
    m.insert(m.end(), ctx.begin(), ctx.end());
    m.insert(m.end(), msg.begin(), msg.end());
    return m;
}

} // namespace rs::crypto
