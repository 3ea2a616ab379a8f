#pragma once
// ML-DSA encodings (FIPS 204 section 7.1-7.2): the bit packers (Algorithms 16-21: SimpleBitPack, BitPack,
// SimpleBitUnpack, BitUnpack, HintBitPack, HintBitUnpack) and the key, signature and w1 encodings
// (Algorithms 22-28: pkEncode, pkDecode, skEncode, skDecode, sigEncode, sigDecode, w1Encode).
// Polynomials are MlDsaPoly with coefficients in [0, q): a signed value v (as BitPack takes and BitUnpack
// gives) is stored as v mod q. Bits are packed little-endian: coefficient i takes bits i*c .. i*c + c - 1 of
// the output, bit j of the stream being bit j mod 8 of byte j / 8 (BitsToBytes).
// The decoders never read outside their input: a wrong length throws (keys) or gives nullopt (signatures,
// hints), and HintBitUnpack's malformed cases (indices out of order, a count over omega or below the previous
// one, a non-zero byte after the last index) give nullopt.

#include "core/crypto/bytes.h"
#include "core/crypto/mldsa.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace rs::crypto::mldsa {

using PolyVec = std::vector<MlDsaPoly>;
/** @brief Polynomials the encoders read: a PolyVec or a fixed array. */
using PolySpan = std::span<const MlDsaPoly>;

/** @brief bitlen(x): the number of bits of x (0 for 0). */
int bitlen(std::uint32_t x) noexcept;

/** @brief SimpleBitPack(w, b) (Algorithm 16): appends 32 * bitlen(b) bytes; coefficients must be in [0, b].
 */
void simpleBitPack(const MlDsaPoly& w, std::uint32_t b, Bytes& out);
/** @brief BitPack(w, a, b) (Algorithm 17): appends 32 * bitlen(a + b) bytes holding b - w_i; the
 *  coefficients, in [0, q) as MlDsaPoly holds them, must stand for values in [-a, b] (mod q). */
void bitPack(const MlDsaPoly& w, std::int32_t a, std::int32_t b, Bytes& out);
/** @brief SimpleBitUnpack(v, b) (Algorithm 18): v must be 32 * bitlen(b) bytes (else InvalidArgument);
 *  coefficients in [0, 2^bitlen(b) - 1] (they exceed b when b + 1 is no power of 2). */
MlDsaPoly simpleBitUnpack(ByteView v, std::uint32_t b);
/** @brief BitUnpack(v, a, b) (Algorithm 19): v must be 32 * bitlen(a + b) bytes (else InvalidArgument);
 *  coefficient i is b - z_i (mod q), in [b - 2^c + 1, b] with c = bitlen(a + b). */
MlDsaPoly bitUnpack(ByteView v, std::int32_t a, std::int32_t b);

/** @brief HintBitPack(h) (Algorithm 20): omega + k bytes (k = h.size()); coefficients are 0/1 and at most
 *  omega of them 1 (else InvalidArgument). */
Bytes hintBitPack(const PolyVec& h, int omega);
/** @brief HintBitUnpack(y) (Algorithm 21): y must be omega + k bytes; nullopt when it is malformed. */
std::optional<PolyVec> hintBitUnpack(ByteView y, int k, int omega);

/** @brief A decoded public key. */
struct PublicKey {
    Bytes rho;  ///< 32 bytes
    PolyVec t1; ///< k polynomials, coefficients 0..1023
};
/** @brief A decoded secret key (s1, s2, t0 mod q). */
struct SecretKey {
    Bytes rho;  ///< 32 bytes
    Bytes key;  ///< K, 32 bytes
    Bytes tr;   ///< 64 bytes
    PolyVec s1; ///< l polynomials in [-eta, eta]
    PolyVec s2; ///< k polynomials in [-eta, eta]
    PolyVec t0; ///< k polynomials in [-2^12 + 1, 2^12]
};
/** @brief A decoded signature. */
struct Signature {
    Bytes cTilde; ///< lambda / 4 bytes
    PolyVec z;    ///< l polynomials in [-gamma1 + 1, gamma1] (not yet checked against gamma1 - beta)
    PolyVec h;    ///< k polynomials of 0/1
};

/** @brief pkEncode(rho, t1) (Algorithm 22). */
Bytes pkEncode(const MlDsaParams& p, ByteView rho, PolySpan t1);
/** @brief pkDecode(pk) (Algorithm 23); a pk of the wrong length throws InvalidArgument. */
PublicKey pkDecode(const MlDsaParams& p, ByteView pk);
/** @brief skEncode(rho, K, tr, s1, s2, t0) (Algorithm 24). */
Bytes skEncode(const MlDsaParams& p, ByteView rho, ByteView key, ByteView tr, PolySpan s1, PolySpan s2,
               PolySpan t0);
/** @brief skDecode(sk) (Algorithm 25); a sk of the wrong length, or with an s1/s2 coefficient outside
 *  [-eta, eta] (possible for eta = 2, whose 3-bit fields hold -5..2), throws InvalidArgument. */
SecretKey skDecode(const MlDsaParams& p, ByteView sk);
/** @brief sigEncode(c~, z, h) (Algorithm 26); z's coefficients must stand for values in [-gamma1 + 1,
 * gamma1]. */
Bytes sigEncode(const MlDsaParams& p, ByteView cTilde, const PolyVec& z, const PolyVec& h);
/** @brief sigDecode(sigma) (Algorithm 27); nullopt for a signature of the wrong length or a malformed hint.
 */
std::optional<Signature> sigDecode(const MlDsaParams& p, ByteView sig);
/** @brief w1Encode(w1) (Algorithm 28): SimpleBitPack of each w1_i with b = (q-1)/(2 gamma2) - 1. */
Bytes w1Encode(const MlDsaParams& p, const PolyVec& w1);
/** @brief The bits of each w1 coefficient in w1Encode: bitlen((q-1)/(2 gamma2) - 1), 6 for ML-DSA-44, 4 else.
 */
int w1Bits(const MlDsaParams& p) noexcept;
/** @brief A bound on w1Encode's length: k = 8 polynomials of 6 bits (ML-DSA-44 has 4 x 6, ML-DSA-65 6 x 4,
 *  ML-DSA-87 8 x 4). */
inline constexpr std::size_t kMaxW1Bytes = 8 * 32 * 6;
/** @brief w1Encode of w1[0 .. k) into out (at least kMaxW1Bytes), without allocating; returns its length. */
std::size_t w1EncodeTo(const MlDsaParams& p, const MlDsaPoly* w1, std::uint8_t* out);

/** @brief The byte length of one packed z polynomial: 32 * (1 + bitlen(gamma1 - 1)). */
std::size_t zPolyBytes(const MlDsaParams& p) noexcept;
/** @brief The byte length of one packed s1/s2 polynomial: 32 * bitlen(2 eta). */
std::size_t etaPolyBytes(const MlDsaParams& p) noexcept;

} // namespace rs::crypto::mldsa
