// Fuzz target: the ML-DSA decoders (core/crypto/mldsaencode.h: pkDecode, skDecode, sigDecode, FIPS 204
// Algorithms 23, 25, 27). The first byte picks the parameter set (byte % 3: 44, 65, 87) and the decoder
// (byte / 3 % 3: public key, secret key, signature); the rest is the encoding. It is given as it is (a wrong
// length must throw InvalidArgument for keys, give nullopt for signatures), then cut or zero-padded to the
// right length. Invariants:
//  - a decoded value is in its range (t1 in [0, 1023], s1/s2 in [-eta, eta], t0 in [-2^12 + 1, 2^12], z in
//    [-gamma1 + 1, gamma1], h of 0/1 with at most omega ones) and re-encodes to the very same bytes;
//  - a secret key is refused exactly when one of its s1/s2 fields holds a value above 2 eta (read here from
//    the bits), never otherwise;
//  - a signature is refused exactly when its hint bytes are not the canonical HintBitPack of the hint they
//    list (read here leniently and packed again), so every signature has one encoding: no malleability.
// Sign is not run on the fuzzed secret key: a key whose t0 makes every attempt fail runs all 65536 / l
// attempts before it throws (seconds, far more under ASan), which would stall the fuzzer.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>

#include "core/crypto/bytes.h"
#include "core/crypto/mldsa.h"
#include "core/crypto/mldsaencode.h"
#include "core/crypto/mldsarounding.h"

namespace {

using namespace rs::crypto;
using namespace rs::crypto::mldsa;

void check(bool ok) {
    if (!ok) std::abort();
}

/** The c-bit field i of a bit-packed stream (BitsToBytes order: bit j in bit j % 8 of byte j / 8). */
std::uint32_t field(ByteView v, std::size_t i, int c) {
    std::uint32_t x = 0;
    for (int b = 0; b < c; ++b) {
        const std::size_t bit = i * static_cast<std::size_t>(c) + static_cast<std::size_t>(b);
        x |= static_cast<std::uint32_t>((v[bit / 8] >> (bit % 8)) & 1) << b;
    }
    return x;
}

void checkRange(const PolyVec& v, std::size_t count, std::int32_t lo, std::int32_t hi) {
    check(v.size() == count);
    for (const MlDsaPoly& w : v)
        for (const std::int32_t x : w) {
            check(x >= 0 && x < kMlDsaQ);
            const std::int32_t c = centered(x);
            check(c >= lo && c <= hi);
        }
}

void fuzzPublicKey(const MlDsaParams& p, const Bytes& pk) {
    const PublicKey key = pkDecode(p, pk); // the right length never throws
    check(key.rho.size() == 32 && key.t1.size() == static_cast<std::size_t>(p.k));
    for (const MlDsaPoly& t : key.t1)
        for (const std::int32_t x : t)
            check(x >= 0 && x <= 1023);
    check(pkEncode(p, key.rho, key.t1) == pk);
}

void fuzzSecretKey(const MlDsaParams& p, const Bytes& sk) {
    // Whether every s1/s2 field x (the value eta - x) lies in [-eta, eta], from the bits themselves.
    const int c = bitlen(static_cast<std::uint32_t>(2 * p.eta));
    const ByteView s(ByteView(sk).subspan(128, etaPolyBytes(p) * static_cast<std::size_t>(p.k + p.l)));
    bool inRange = true;
    for (std::size_t i = 0; i < kMlDsaN * static_cast<std::size_t>(p.k + p.l); ++i)
        inRange = inRange && field(s, i, c) <= static_cast<std::uint32_t>(2 * p.eta);
    std::optional<SecretKey> key;
    try {
        key = skDecode(p, sk);
    } catch (const InvalidArgument&) {
        check(!inRange); // refused only for an s1/s2 value outside [-eta, eta]
        return;
    }
    check(inRange);
    check(key->rho.size() == 32 && key->key.size() == 32 && key->tr.size() == 64);
    checkRange(key->s1, static_cast<std::size_t>(p.l), -p.eta, p.eta);
    checkRange(key->s2, static_cast<std::size_t>(p.k), -p.eta, p.eta);
    checkRange(key->t0, static_cast<std::size_t>(p.k), -(1 << 12) + 1, 1 << 12);
    check(skEncode(p, key->rho, key->key, key->tr, key->s1, key->s2, key->t0) == sk);
}

/** The hint the bytes list, read leniently (counts clamped to [previous, omega], indices in any order). */
PolyVec lenientHint(const MlDsaParams& p, ByteView y) {
    PolyVec h(static_cast<std::size_t>(p.k), MlDsaPoly{});
    int index = 0;
    for (int i = 0; i < p.k; ++i) {
        int end = y[static_cast<std::size_t>(p.omega + i)];
        end = end < index ? index : (end > p.omega ? p.omega : end);
        for (; index < end; ++index)
            h[static_cast<std::size_t>(i)][y[static_cast<std::size_t>(index)]] = 1;
    }
    return h;
}

void fuzzSignature(const MlDsaParams& p, const Bytes& sig) {
    const std::size_t hintAt = p.sigBytes - static_cast<std::size_t>(p.omega + p.k);
    const ByteView hintBytes = ByteView(sig).subspan(hintAt);
    const Bytes canonical = hintBitPack(lenientHint(p, hintBytes), p.omega);
    const bool isCanonical = canonical.size() == hintBytes.size() &&
                             std::equal(canonical.begin(), canonical.end(), hintBytes.begin());
    const std::optional<Signature> s = sigDecode(p, sig);
    check(s.has_value() == isCanonical); // exactly the canonical hint encodings decode
    if (!s) {
        // The same signature with its hint packed canonically must decode, to that hint.
        Bytes fixed(sig.begin(), sig.begin() + static_cast<std::ptrdiff_t>(hintAt));
        fixed.insert(fixed.end(), canonical.begin(), canonical.end());
        const std::optional<Signature> f = sigDecode(p, fixed);
        check(f.has_value() && hintBitPack(f->h, p.omega) == canonical);
        return;
    }
    check(s->cTilde.size() == static_cast<std::size_t>(p.lambda / 4));
    checkRange(s->z, static_cast<std::size_t>(p.l), -p.gamma1 + 1, p.gamma1);
    int ones = 0;
    for (const MlDsaPoly& w : s->h)
        for (const std::int32_t x : w) {
            check(x == 0 || x == 1);
            ones += x;
        }
    check(s->h.size() == static_cast<std::size_t>(p.k) && ones <= p.omega);
    check(sigEncode(p, s->cTilde, s->z, s->h) == sig);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const MlDsaParams& p = mldsaParams(static_cast<MlDsaParamSet>(data[0] % 3));
    const int decoder = data[0] / 3 % 3;
    const ByteView raw(data + 1, size - 1);
    const std::size_t want = decoder == 0 ? p.pkBytes : decoder == 1 ? p.skBytes : p.sigBytes;

    // As given: a wrong length is refused, never read past.
    if (raw.size() != want) {
        if (decoder == 2) {
            check(!sigDecode(p, raw).has_value());
        } else {
            try {
                if (decoder == 0)
                    (void)pkDecode(p, raw);
                else
                    (void)skDecode(p, raw);
                std::abort();
            } catch (const InvalidArgument&) {
            }
        }
    }

    Bytes fitted(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(std::min(raw.size(), want)));
    fitted.resize(want, 0);
    if (decoder == 0)
        fuzzPublicKey(p, fitted);
    else if (decoder == 1)
        fuzzSecretKey(p, fitted);
    else
        fuzzSignature(p, fitted);
    return 0;
}
