// ML-DSA's fast path (MlDsaImpl::Fast): KeyGen_internal, Sign_internal (without a trace) and Verify_internal,
// the same algorithms as mldsa.cpp (FIPS 204 Algorithms 6-8) giving the same bytes, computed differently:
// - the ring stays in the Montgomery domain (mldsanttfast.h): NTTs without their final reduction, every
//   product a Montgomery product (factor 2^-32), A_hat * NTT(y) one accumulated row at a time, and NTT^-1
//   with its factor 2^32, so that each chain is exact mod q and reduced once, to [0, q);
// - the rounding functions in 32-bit arithmetic with gamma2 a compile-time constant (division by a
//   constant, no 64-bit remainder), over whole polynomials;
// - the checks in the order that rejects soonest (z, then r0, then c t0 and the hints): only the accepted
//   attempt's outputs leave the function, and those do not depend on the order;
// - fixed arrays for the vectors (k, l <= 8) and the fast Keccak (4/8-stream samplers, keccakfast.h).
// The spec-shaped mldsa.cpp stays the oracle; the tests hold the two equal on every vector and many random
// inputs (test_mldsa_scheme, test_mldsa_vectors).
#include "core/crypto/mldsafast.h"

#include "core/crypto/keccakfast.h"
#include "core/crypto/mldsanttfast.h"
#include "core/crypto/mldsasimd.h"
#include "core/crypto/sha3.h"

#include <algorithm>
#include <array>
#include <memory>
#include <span>
#include <string>

namespace rs::crypto::mldsa {

namespace {

constexpr int kMaxDim = 8;
using Polys = std::array<MlDsaPoly, kMaxDim>;
constexpr std::int32_t kQ = kMlDsaQ;
constexpr KeccakPermutation kPerm = KeccakPermutation::Fast;

// x in (-2q, 2q) to [0, q).
inline std::int32_t canonical(std::int32_t x) noexcept {
    x += (x >> 31) & kQ; // (-q, 2q)
    x += (x >> 31) & kQ; // [0, 2q)
    x -= kQ;             // [-q, q)
    return x + ((x >> 31) & kQ);
}
// |x mod± q| for x in [0, q).
inline std::int32_t absCentred(std::int32_t x) noexcept {
    return x > (kQ - 1) / 2 ? kQ - x : x;
}

// Decompose (Algorithm 36) of r in [0, q) with gamma2 = G2: r1 = ceil((r - G2) / 2G2) makes r - r1 * 2G2 the
// representative of r mod± 2G2 in (-G2, G2]; the one exception is r - r0 = q - 1, where r1 = 0, r0 - 1.
template <std::int32_t G2> struct Rounding {
    static constexpr std::int32_t kAlpha = 2 * G2;
    static constexpr std::int32_t kM = (kQ - 1) / kAlpha; // 16 or 44
    static std::int32_t high(std::int32_t r) noexcept {
        const std::int32_t r1 = (r + G2 - 1) / kAlpha;
        return r1 == kM ? 0 : r1;
    }
    static std::int32_t low(std::int32_t r) noexcept {
        const std::int32_t r1 = (r + G2 - 1) / kAlpha;
        const std::int32_t r0 = r - r1 * kAlpha;
        return r1 == kM ? r0 - 1 : r0;
    }
    static std::int32_t useHint(bool h, std::int32_t r) noexcept {
        const std::int32_t r1raw = (r + G2 - 1) / kAlpha;
        const std::int32_t r0 = r - r1raw * kAlpha - (r1raw == kM ? 1 : 0);
        const std::int32_t r1 = r1raw == kM ? 0 : r1raw;
        if (!h) return r1;
        if (r0 > 0) return r1 + 1 == kM ? 0 : r1 + 1;
        return r1 == 0 ? kM - 1 : r1 - 1;
    }
};

// t = as1 + s2 (each in [0, q)) to [0, q), then Power2Round (Algorithm 35): r1 = ceil((t - 2^12) / 2^13),
// r0 = t - r1 2^13 in (-2^12, 2^12], stored mod q. Distinct arrays (restrict) and no branch: the loop
// vectorises.
void power2RoundRow(const std::int32_t* __restrict as1, const std::int32_t* __restrict s2,
                    std::int32_t* __restrict r1, std::int32_t* __restrict r0) noexcept {
    for (std::size_t n = 0; n < kMlDsaN; ++n) {
        std::int32_t t = as1[n] + s2[n] - kQ;
        t += (t >> 31) & kQ;
        const std::int32_t hi = (t + (1 << 12) - 1) >> 13;
        const std::int32_t lo = t - (hi << 13);
        r1[n] = hi;
        r0[n] = lo + ((lo >> 31) & kQ);
    }
}

void nttLazy(MlDsaPoly& w, MlDsaFastImpl ri) noexcept {
    mldsaNttLazyInPlace(w, ri);
}
// w1Encode (Algorithm 28) into out (kMaxW1Bytes), eight values a step with AVX2 when the ring runs it.
std::size_t encodeW1(const MlDsaParams& p, const Polys& w1, std::uint8_t* out, bool avx2) noexcept {
    if (!avx2) return w1EncodeTo(p, w1.data(), out);
    const int bits = w1Bits(p);
    const std::size_t polyBytes = 32 * static_cast<std::size_t>(bits);
    for (int i = 0; i < p.k; ++i)
        detail::mldsaPackFieldsAvx2(out + static_cast<std::size_t>(i) * polyBytes, w1[i].data(), bits);
    return static_cast<std::size_t>(p.k) * polyBytes;
}

// A_hat on the heap (up to 56 KiB) without the zero-fill a vector would do first: ExpandA writes all of it.
using AHat = std::unique_ptr<MlDsaPoly[]>;
AHat expandAHat(const MlDsaParams& p, ByteView rho) {
    AHat a(new MlDsaPoly[static_cast<std::size_t>(p.k * p.l)]);
    expandAMultiInto(p, rho, a.get(), keccakFastImplInUse());
    return a;
}

// row_i of A_hat o v_hat, back to R_q: NTT^-1(sum_j A_hat[i][j] o v_hat[j]) in [0, q).
void matRow(MlDsaPoly& out, const AHat& aHat, int i, const Polys& vHat, int l, MlDsaFastImpl ri) {
    const std::size_t n = static_cast<std::size_t>(l);
    mldsaPointwiseMontAcc(out, std::span<const MlDsaPoly>(aHat.get() + static_cast<std::size_t>(i) * n, n),
                          std::span<const MlDsaPoly>(vHat.data(), n), ri);
    mldsaInverseNttMontCanonicalInPlace(out, ri);
}
// NTT^-1(c_hat o v_hat) in [0, q).
void scalarTimes(MlDsaPoly& out, const MlDsaPoly& cHat, const MlDsaPoly& vHat, MlDsaFastImpl ri) noexcept {
    mldsaPointwiseMont(out, cHat, vHat, ri);
    mldsaInverseNttMontCanonicalInPlace(out, ri);
}

template <std::int32_t G2>
MlDsaSignature signWith(const MlDsaParams& p, const SecretKey& sk, ByteView mu, ByteView rnd) {
    using R = Rounding<G2>;
    const MlDsaFastImpl ri = mldsaFastImplInUse();
    const bool avx2 = ri == MlDsaFastImpl::Avx2; // the coefficient loops with mldsaroundavx2.cpp's kernels
    const int k = p.k, l = p.l;
    Polys s1Hat, s2Hat, t0Hat;
    for (int j = 0; j < l; ++j) {
        s1Hat[j] = sk.s1[j];
        nttLazy(s1Hat[j], ri);
    }
    for (int i = 0; i < k; ++i) {
        s2Hat[i] = sk.s2[i];
        nttLazy(s2Hat[i], ri);
        t0Hat[i] = sk.t0[i];
        nttLazy(t0Hat[i], ri);
    }
    const AHat aHat = expandAHat(p, sk.rho);
    const Bytes rhoPP = shakeH({sk.key, rnd, mu}, 64, kPerm);
    const std::int32_t zBound = p.gamma1 - p.beta;
    const std::int32_t r0Bound = G2 - p.beta;
    const std::size_t cTildeBytes = static_cast<std::size_t>(p.lambda / 4);
    // Nothing below allocates until the accepted signature is encoded.
    Polys y, yHat, w, w1, wcs2, tmp;
    PolyVec z(static_cast<std::size_t>(l)), h(static_cast<std::size_t>(k));
    std::array<std::uint8_t, kMaxW1Bytes> w1Bytes;
    std::array<std::uint8_t, 64> cTildeBuf;
    const std::span<std::uint8_t> cTilde(cTildeBuf.data(), cTildeBytes);
    const KeccakFastImpl ki = keccakFastImplInUse();
    // The masks come a batch of the sampler's streams (4 or 8) at a time over consecutive nonces: with l not
    // a multiple of the batch, the batch's remaining polynomials are kept for the next attempt (its kappa
    // follows on), which the loop needs more often than not, instead of streams run empty.
    const int batch = static_cast<int>(maskStreams(ki));
    std::array<MlDsaPoly, 2 * kMaxDim> drawn;
    int drawnCount = 0; // drawn[0 .. drawnCount) are the masks of the nonces kappa, kappa + 1, ...
    int attempts = 0;
    for (int kappa = 0; kappa + l <= 65536; kappa += l) {
        ++attempts;
        const int have = std::min(drawnCount, l);
        std::copy(drawn.begin(), drawn.begin() + have, y.begin());
        std::copy(drawn.begin() + have, drawn.begin() + drawnCount, drawn.begin());
        drawnCount -= have;
        if (have < l) {
            const int need = l - have;
            const int count = (need + batch - 1) / batch * batch;
            expandMaskPolys(p, rhoPP, kappa + have, count, drawn.data(), ki);
            std::copy(drawn.begin(), drawn.begin() + need, y.begin() + have);
            std::copy(drawn.begin() + need, drawn.begin() + count, drawn.begin());
            drawnCount = count - need;
        }
        for (int j = 0; j < l; ++j) {
            yHat[j] = y[j];
            nttLazy(yHat[j], ri);
        }
        for (int i = 0; i < k; ++i) {
            matRow(w[i], aHat, i, yHat, l, ri);
            if (avx2) {
                detail::mldsaHighBitsAvx2(w1[i].data(), w[i].data(), G2);
                continue;
            }
            for (std::size_t n = 0; n < kMlDsaN; ++n)
                w1[i][n] = R::high(w[i][n]);
        }
        Shake256 hc(kPerm);
        hc.absorb(mu);
        hc.absorb(ByteView(w1Bytes.data(), encodeW1(p, w1, w1Bytes.data(), avx2)));
        hc.squeeze(cTilde);
        MlDsaPoly cHat = sampleInBall(p, cTilde, kPerm);
        nttLazy(cHat, ri);
        // ||z||inf < gamma1 - beta with z = y + c s1.
        bool ok = true;
        for (int j = 0; j < l && ok; ++j) {
            scalarTimes(tmp[0], cHat, s1Hat[j], ri);
            if (avx2) {
                ok = detail::mldsaAddNormAvx2(z[j].data(), y[j].data(), tmp[0].data()) < zBound;
                continue;
            }
            std::int32_t worst = 0;
            for (std::size_t n = 0; n < kMlDsaN; ++n) {
                const std::int32_t zn = canonical(y[j][n] + tmp[0][n]);
                z[j][n] = zn;
                worst = std::max(worst, absCentred(zn));
            }
            ok = worst < zBound;
        }
        if (!ok) continue;
        // ||r0||inf < gamma2 - beta with r0 = LowBits(w - c s2).
        for (int i = 0; i < k && ok; ++i) {
            scalarTimes(tmp[0], cHat, s2Hat[i], ri);
            if (avx2) {
                ok = detail::mldsaSubLowNormAvx2(wcs2[i].data(), w[i].data(), tmp[0].data(), G2) < r0Bound;
                continue;
            }
            std::int32_t worst = 0;
            for (std::size_t n = 0; n < kMlDsaN; ++n) {
                const std::int32_t v = canonical(w[i][n] - tmp[0][n]);
                wcs2[i][n] = v;
                const std::int32_t r0 = R::low(v);
                worst = std::max(worst, r0 < 0 ? -r0 : r0);
            }
            ok = worst < r0Bound;
        }
        if (!ok) continue;
        // ||c t0||inf < gamma2 and at most omega hints h = MakeHint(-c t0, w - c s2 + c t0).
        int ones = 0;
        for (int i = 0; i < k && ok; ++i) {
            scalarTimes(tmp[0], cHat, t0Hat[i], ri);
            if (avx2) {
                std::int32_t ct0Norm = 0;
                ones += detail::mldsaHintsAvx2(h[i].data(), wcs2[i].data(), tmp[0].data(), G2, ct0Norm);
                ok = ct0Norm < G2;
                continue;
            }
            std::int32_t worst = 0;
            for (std::size_t n = 0; n < kMlDsaN; ++n) {
                const std::int32_t ct0 = tmp[0][n];
                worst = std::max(worst, absCentred(ct0));
                const std::int32_t hint = R::high(canonical(wcs2[i][n] + ct0)) != R::high(wcs2[i][n]) ? 1 : 0;
                h[i][n] = hint;
                ones += hint;
            }
            ok = worst < G2;
        }
        if (!ok || ones > p.omega) continue;
        return {sigEncode(p, cTilde, z, h), attempts};
    }
    throw InvalidArgument(std::string(p.name) +
                          " signing: no signature before the mask counter kappa ran out");
}

// A signature decoded by verifyCoreFast: c~ in the signature's bytes, z and h where the caller keeps them.
struct DecodedSignature {
    ByteView cTilde;
    const Polys* z;
    const PolyVec* h;
};

template <std::int32_t G2>
bool verifyWith(const MlDsaParams& p, const PublicKey& pk, ByteView mu, const DecodedSignature& s) {
    using R = Rounding<G2>;
    const MlDsaFastImpl ri = mldsaFastImplInUse();
    const int k = p.k, l = p.l;
    constexpr int kD = 13; // d of every ML-DSA parameter set (FIPS 204 Table 1)
    if (p.d != kD) throw InvalidArgument(std::string(p.name) + ": the fast path is built for d = 13");
    const AHat aHat = expandAHat(p, pk.rho);
    MlDsaPoly cHat = sampleInBall(p, s.cTilde, kPerm);
    nttLazy(cHat, ri);
    Polys zHat;
    for (int j = 0; j < l; ++j) {
        zHat[j] = (*s.z)[j];
        nttLazy(zHat[j], ri);
    }
    Polys w1;
    MlDsaPoly az, ct1;
    for (int i = 0; i < k; ++i) {
        // w'_approx = NTT^-1(A_hat o NTT(z) - NTT(c) o NTT(t1 2^d)): both products carry 2^-32, NTT^-1 2^32.
        const std::size_t n = static_cast<std::size_t>(l);
        mldsaPointwiseMontAcc(az, std::span<const MlDsaPoly>(aHat.get() + static_cast<std::size_t>(i) * n, n),
                              std::span<const MlDsaPoly>(zHat.data(), n), ri);
        for (std::size_t c = 0; c < kMlDsaN; ++c)
            ct1[c] = pk.t1[i][c] << kD; // < 2^23 < q; a constant shift, so the loop vectorises
        nttLazy(ct1, ri);
        mldsaPointwiseMont(ct1, cHat, ct1, ri);
        for (std::size_t c = 0; c < kMlDsaN; ++c)
            az[c] = canonical(az[c] - ct1[c]); // (-2q, 2q) to [0, q): NTT^-1 takes |x| < 2^23
        mldsaInverseNttMontCanonicalInPlace(az, ri);
        if (ri == MlDsaFastImpl::Avx2) {
            detail::mldsaUseHintAvx2(w1[i].data(), (*s.h)[i].data(), az.data(), G2);
            continue;
        }
        for (std::size_t c = 0; c < kMlDsaN; ++c)
            w1[i][c] = R::useHint((*s.h)[i][c] != 0, az[c]);
    }
    // c~' = H(mu || w1Encode(w1'), lambda / 4) (Algorithm 8 line 12) without a vector.
    std::array<std::uint8_t, kMaxW1Bytes> w1Bytes;
    std::array<std::uint8_t, 64> cBuf;
    const std::span<std::uint8_t> cTilde(cBuf.data(), s.cTilde.size());
    Shake256 hc(kPerm);
    hc.absorb(mu);
    hc.absorb(ByteView(w1Bytes.data(), encodeW1(p, w1, w1Bytes.data(), ri == MlDsaFastImpl::Avx2)));
    hc.squeeze(cTilde);
    return constantTimeEqual(ByteView(cTilde), s.cTilde);
}

constexpr std::int32_t kGamma2Small = (kQ - 1) / 88; // ML-DSA-44
constexpr std::int32_t kGamma2Large = (kQ - 1) / 32; // ML-DSA-65, ML-DSA-87

} // namespace

MlDsaSignature signCoreFast(const MlDsaParams& p, const SecretKey& sk, ByteView mu, ByteView rnd) {
    requireLength("ML-DSA mu", mu, 64);
    requireLength("ML-DSA rnd", rnd, 32);
    return p.gamma2 == kGamma2Small ? signWith<kGamma2Small>(p, sk, mu, rnd)
                                    : signWith<kGamma2Large>(p, sk, mu, rnd);
}

bool verifyCoreFast(const MlDsaParams& p, const PublicKey& pk, ByteView mu, ByteView sig) {
    requireLength("ML-DSA mu", mu, 64);
    // sigDecode (Algorithm 27) into fixed arrays, z eight values a step with AVX2; the same verdicts as
    // sigDecode: a wrong length or a malformed hint is false, as is ||z||inf >= gamma1 - beta.
    if (sig.size() != p.sigBytes) return false;
    const std::size_t cBytes = static_cast<std::size_t>(p.lambda / 4), zBytes = zPolyBytes(p);
    const std::optional<PolyVec> h =
        hintBitUnpack(sig.subspan(cBytes + static_cast<std::size_t>(p.l) * zBytes), p.k, p.omega);
    if (!h) return false;
    const bool avx2 = mldsaFastImplInUse() == MlDsaFastImpl::Avx2;
    Polys z;
    std::int32_t norm = 0;
    for (int j = 0; j < p.l; ++j) {
        const ByteView zj = sig.subspan(cBytes + static_cast<std::size_t>(j) * zBytes, zBytes);
        if (avx2)
            detail::mldsaUnpackZAvx2(z[j].data(), zj.data(), static_cast<int>(zBytes / 32), p.gamma1);
        else
            z[j] = bitUnpack(zj, p.gamma1 - 1, p.gamma1);
        norm = std::max(norm, infNorm(z[j]));
    }
    if (norm >= p.gamma1 - p.beta) return false;
    const DecodedSignature s{sig.subspan(0, cBytes), &z, &*h};
    return p.gamma2 == kGamma2Small ? verifyWith<kGamma2Small>(p, pk, mu, s)
                                    : verifyWith<kGamma2Large>(p, pk, mu, s);
}

MlDsaKeyPair keyGenFast(const MlDsaParams& p, ByteView seed) {
    const MlDsaFastImpl ri = mldsaFastImplInUse();
    const std::uint8_t kl[2] = {static_cast<std::uint8_t>(p.k), static_cast<std::uint8_t>(p.l)};
    const Bytes hs = shakeH({seed, ByteView(kl, 2)}, 128, kPerm);
    const ByteView all(hs);
    const ByteView rho = all.subspan(0, 32), rhoPrime = all.subspan(32, 64), key = all.subspan(96, 32);
    const AHat aHat = expandAHat(p, rho);
    // Fixed arrays throughout (no vector to allocate and zero), each written whole before it is read.
    Polys s1, s2, s1Hat, t1, t0;
    expandSMultiInto(p, rhoPrime, s1.data(), s2.data(), keccakFastImplInUse());
    for (int j = 0; j < p.l; ++j) {
        s1Hat[j] = s1[j];
        nttLazy(s1Hat[j], ri);
    }
    MlDsaPoly t;
    for (int i = 0; i < p.k; ++i) {
        matRow(t, aHat, i, s1Hat, p.l, ri);
        power2RoundRow(t.data(), s2[i].data(), t1[i].data(), t0[i].data());
    }
    const auto k = static_cast<std::size_t>(p.k), l = static_cast<std::size_t>(p.l);
    MlDsaKeyPair kp;
    std::uint8_t tr[64];
    const auto hashPk = [&] {
        Shake256 h(kPerm);
        h.absorb(kp.pk);
        h.squeeze(std::span<std::uint8_t>(tr, 64));
    };
    if (ri != MlDsaFastImpl::Avx2) {
        kp.pk = pkEncode(p, rho, PolySpan(t1.data(), k));
        hashPk();
        kp.sk = skEncode(p, rho, key, ByteView(tr, 64), PolySpan(s1.data(), l), PolySpan(s2.data(), k),
                         PolySpan(t0.data(), k));
        return kp;
    }
    // pkEncode and skEncode (Algorithms 22, 24) with the AVX2 packer: t1 as it is, s1, s2 and t0 as the
    // fields BitPack writes (b - v for v in [-a, b], v from its representative mod q).
    kp.pk.resize(p.pkBytes);
    std::copy(rho.begin(), rho.end(), kp.pk.begin());
    for (std::size_t i = 0; i < k; ++i)
        detail::mldsaPackFieldsAvx2(kp.pk.data() + 32 + 320 * i, t1[i].data(), 10);
    hashPk();
    kp.sk.resize(p.skBytes);
    std::uint8_t* o = kp.sk.data();
    o = std::copy(rho.begin(), rho.end(), o);
    o = std::copy(key.begin(), key.end(), o);
    o = std::copy(tr, tr + 64, o);
    MlDsaPoly fields;
    const auto pack = [&](const MlDsaPoly& w, std::int32_t b, int bits) {
        for (std::size_t n = 0; n < kMlDsaN; ++n) {
            fields[n] = b - centeredCanonical(w[n]);
        }
        detail::mldsaPackFieldsAvx2(o, fields.data(), bits);
        o += 32 * static_cast<std::size_t>(bits);
    };
    const int etaBits = bitlen(static_cast<std::uint32_t>(2 * p.eta));
    for (std::size_t j = 0; j < l; ++j)
        pack(s1[j], p.eta, etaBits);
    for (std::size_t i = 0; i < k; ++i)
        pack(s2[i], p.eta, etaBits);
    for (std::size_t i = 0; i < k; ++i)
        pack(t0[i], 1 << 12, 13);
    return kp;
}

} // namespace rs::crypto::mldsa
