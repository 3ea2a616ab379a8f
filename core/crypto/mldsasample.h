#pragma once
// ML-DSA pseudorandom sampling (FIPS 204 section 7.3: Algorithms 29 SampleInBall, 30 RejNTTPoly,
// 31 RejBoundedPoly, 32 ExpandA, 33 ExpandS, 34 ExpandMask) and the coefficient rules of section 7.1
// (Algorithms 14 CoeffFromThreeBytes, 15 CoeffFromHalfByte). H is SHAKE256, G is SHAKE128; every result
// is stored mod q (coefficients in [0, q)). `perm` picks the Keccak-f[1600] under the sponges (the model or
// the fast scalar one, keccakfast.h): the same bytes either way.

#include "core/crypto/keccakfast.h"
#include "core/crypto/mldsaencode.h"
#include "core/crypto/sha3.h"

#include <cstdint>
#include <optional>

namespace rs::crypto::mldsa {

/** @brief CoeffFromThreeBytes (Algorithm 14): 2^16 (b2 mod 128) + 2^8 b1 + b0 when below q, else nullopt. */
std::optional<std::int32_t> coeffFromThreeBytes(std::uint8_t b0, std::uint8_t b1, std::uint8_t b2) noexcept;
/** @brief CoeffFromHalfByte (Algorithm 15): for eta = 2, 2 - (b mod 5) when b < 15; for eta = 4, 4 - b when
 *  b < 9; else nullopt. The value is signed (in [-eta, eta]). */
std::optional<std::int32_t> coeffFromHalfByte(std::uint8_t b, int eta) noexcept;

/** @brief RejNTTPoly (Algorithm 30) of a 34-byte seed (rho || s || r): an element of T_q drawn from G. */
MlDsaPoly rejNttPoly(ByteView seed, KeccakPermutation perm = KeccakPermutation::Reference);
/** @brief RejBoundedPoly (Algorithm 31) of a 66-byte seed: coefficients in [-eta, eta] drawn from H. */
MlDsaPoly rejBoundedPoly(ByteView seed, int eta, KeccakPermutation perm = KeccakPermutation::Reference);
/** @brief ExpandA(rho) (Algorithm 32): A_hat[r][s] = RejNTTPoly(rho || s || r), row-major (k * l). */
PolyVec expandA(const MlDsaParams& p, ByteView rho, KeccakPermutation perm = KeccakPermutation::Reference);
/** @brief ExpandS(rho') (Algorithm 33): s1 (l polynomials, seeds rho' || r as 2 bytes), then s2 (k, seeds
 *  rho' || (r + l)). */
void expandS(const MlDsaParams& p, ByteView rhoPrime, PolyVec& s1, PolyVec& s2,
             KeccakPermutation perm = KeccakPermutation::Reference);
/** @brief ExpandMask(rho'', kappa) (Algorithm 34): y_r = BitUnpack(H(rho'' || IntegerToBytes(kappa + r, 2),
 *  32 c), gamma1 - 1, gamma1) with c = 1 + bitlen(gamma1 - 1), r = 0..l-1. */
PolyVec expandMask(const MlDsaParams& p, ByteView rhoPrimePrime, int kappa,
                   KeccakPermutation perm = KeccakPermutation::Reference);
/** @brief ExpandA through Shake128x4 (Shake128x8 when `impl` is Avx512): the k * l RejNTTPoly seeds N at a
 *  time, `firstBlocks` (1-5) 168-byte blocks (56 three-byte groups each) squeezed per stream first, then one
 *  block per step while a stream lacks coefficients; a short last batch repeats a seed in its unused streams
 *  and discards them. Equal to expandA. InvalidArgument when `impl` is not available here. `streams` (for
 *  these three functions) forces 4 or 8 streams whatever `impl` (0: the default above); any other value is
 *  InvalidArgument. */
PolyVec expandAMulti(const MlDsaParams& p, ByteView rho, KeccakFastImpl impl, std::size_t streams = 0,
                     std::size_t firstBlocks = 5);
/** @brief expandAMulti into a[0 .. k l) (row-major, A_hat[r][s] at a[r l + s]), which it fills entirely. */
void expandAMultiInto(const MlDsaParams& p, ByteView rho, MlDsaPoly* a, KeccakFastImpl impl,
                      std::size_t streams = 0, std::size_t firstBlocks = 5);
/** @brief ExpandS through Shake256x4 (x8 under Avx512): RejBoundedPoly per stream, with its j < 256 rule.
 *  Equal to expandS. */
void expandSMulti(const MlDsaParams& p, ByteView rhoPrime, PolyVec& s1, PolyVec& s2, KeccakFastImpl impl,
                  std::size_t streams = 0);
/** @brief expandSMulti into s1[0 .. l) and s2[0 .. k), which it fills entirely. */
void expandSMultiInto(const MlDsaParams& p, ByteView rhoPrime, MlDsaPoly* s1, MlDsaPoly* s2,
                      KeccakFastImpl impl, std::size_t streams = 0);
/** @brief ExpandMask through Shake256x4 (x8 under Avx512): 32 c bytes squeezed per stream, then BitUnpack.
 *  Equal to expandMask. */
PolyVec expandMaskMulti(const MlDsaParams& p, ByteView rhoPrimePrime, int kappa, KeccakFastImpl impl,
                        std::size_t streams = 0);
/** @brief expandMaskMulti into y[0 .. l) (no allocation: the fast signing loop). */
void expandMaskInto(const MlDsaParams& p, ByteView rhoPrimePrime, int kappa, MlDsaPoly* y,
                    KeccakFastImpl impl, std::size_t streams = 0);
/** @brief The mask polynomials of the `count` nonces firstNonce, firstNonce + 1, ... (ExpandMask's rows
 *  kappa + r, the nonce taken mod 2^16 as IntegerToBytes(., 2) does) into y[0 .. count): polynomials
 *  beyond one attempt's l serve the next attempt, whose kappa follows on. */
void expandMaskPolys(const MlDsaParams& p, ByteView rhoPrimePrime, int firstNonce, int count, MlDsaPoly* y,
                     KeccakFastImpl impl, std::size_t streams = 0);
/** @brief How many streams the multi-stream samplers run at once with `impl` and `streams` (4 or 8): a
 *  batch of this many polynomials costs as much as one. */
std::size_t maskStreams(KeccakFastImpl impl, std::size_t streams = 0);
/** @brief SampleInBall(c~) (Algorithm 29): tau coefficients +-1, the rest 0; the first 8 bytes of H(c~) are
 *  the sign bits, the following bytes the positions. */
MlDsaPoly sampleInBall(const MlDsaParams& p, ByteView cTilde,
                       KeccakPermutation perm = KeccakPermutation::Reference);

} // namespace rs::crypto::mldsa
