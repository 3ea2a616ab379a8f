#pragma once
// ML-DSA (FIPS 204) ring arithmetic: polynomials of R_q = Z_q[X]/(X^256 + 1), q = 8380417, and the
// number-theoretic transform of section 7.5 (Algorithms 41 NTT, 42 NTT^-1, 44 AddNTT, 45 MultiplyNTT).
// A polynomial is std::array<std::int32_t, 256> with every coefficient canonical in [0, q); the fast
// functions assume that (they do not check), the checked constructors below enforce it. NTT outputs
// are in the spec's bit-reversed order: slot i holds the evaluation at zeta^(2*BitRev8(i)+1).

#include "core/crypto/bytes.h"
#include "core/crypto/trace.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace rs::crypto {

/** @brief The ML-DSA modulus q = 2^23 - 2^13 + 1. */
inline constexpr std::int32_t kMlDsaQ = 8380417;
/** @brief The ring degree n. */
inline constexpr std::size_t kMlDsaN = 256;
/** @brief zeta = 1753, a primitive 512-th root of unity mod q. */
inline constexpr std::int32_t kMlDsaZeta = 1753;
/** @brief 256^-1 mod q, the final factor of NTT^-1 (Algorithm 42). */
inline constexpr std::int32_t kMlDsaNInverse = 8347681;

/** @brief A polynomial (or its NTT): 256 coefficients, each in [0, q). */
using MlDsaPoly = std::array<std::int32_t, kMlDsaN>;

/** @brief BitRev8(k): the 8 bits of k (0..255) reversed. */
constexpr unsigned mldsaBitRev8(unsigned k) noexcept {
    unsigned r = 0;
    for (int i = 0; i < 8; ++i)
        r |= ((k >> i) & 1u) << (7 - i);
    return r;
}

namespace detail {
constexpr std::array<std::int32_t, kMlDsaN> mldsaMakeZetas() noexcept {
    std::array<std::int32_t, kMlDsaN> z{};
    for (unsigned k = 0; k < kMlDsaN; ++k) {
        std::int64_t acc = 1;
        for (unsigned e = 0; e < mldsaBitRev8(k); ++e)
            acc = acc * kMlDsaZeta % kMlDsaQ;
        z[k] = static_cast<std::int32_t>(acc);
    }
    return z;
}
} // namespace detail

/** @brief zetas[k] = zeta^BitRev8(k) mod q (FIPS 204 Appendix B; zetas[0] = 1 is not used by the NTT). */
inline constexpr std::array<std::int32_t, kMlDsaN> kMlDsaZetas = detail::mldsaMakeZetas();

/** @brief NTT(w) (Algorithm 41); input and output coefficients in [0, q). */
MlDsaPoly mldsaNtt(const MlDsaPoly& w) noexcept;
/** @brief NTT^-1(w_hat) (Algorithm 42), including the final multiplication by 256^-1. */
MlDsaPoly mldsaInverseNtt(const MlDsaPoly& wHat) noexcept;
/** @brief AddNTT (Algorithm 44): coefficient-wise sum mod q. */
MlDsaPoly mldsaAddNtt(const MlDsaPoly& a, const MlDsaPoly& b) noexcept;
/** @brief MultiplyNTT (Algorithm 45): coefficient-wise product mod q. */
MlDsaPoly mldsaMultiplyNtt(const MlDsaPoly& a, const MlDsaPoly& b) noexcept;

/** @brief Checked construction: exactly 256 coefficients, each in [0, q); otherwise throws
 *  InvalidArgument naming the count, or the first bad index and its value. */
MlDsaPoly mldsaPolyFromCoefficients(std::span<const std::int64_t> coefficients);
/** @brief Checked construction from the trace encoding: 1024 bytes, 256 big-endian 32-bit
 *  coefficients, each < q; otherwise throws InvalidArgument naming the length or index and value. */
MlDsaPoly mldsaPolyFromBytes(ByteView bytes);
/** @brief The trace encoding of a polynomial: 256 coefficients, 4 bytes big-endian each. */
Bytes mldsaPolyToBytes(const MlDsaPoly& p);

/** @brief How finely the traced transforms report: one step per layer, or also one per butterfly. */
enum class MlDsaTraceDetail {
    Layers,     ///< input, the 8 layers (and NTT^-1's final scaling)
    Butterflies ///< as Layers, and before each layer step one step per butterfly of that layer
};

/** @brief One butterfly of a layer, as Algorithms 41 and 42 index it. */
struct MlDsaButterfly {
    int layer = 0;     ///< 1..8 in the order the algorithm runs the layers
    int index = 0;     ///< 1..128 inside the layer, in the algorithm's loop order
    std::size_t i = 0; ///< the pair (i, i + len) it reads and writes
    std::size_t len = 0;
    std::size_t m = 0;     ///< zetas[m] (NTT: zeta = zetas[m]; NTT^-1: zeta = -zetas[m] mod q)
    std::int32_t zeta = 0; ///< the factor it multiplies by, in [0, q)
};

/** @brief Butterfly `index` (1..128) of layer `layer` (1..8) of NTT (inverse = false) or NTT^-1;
 *  throws InvalidArgument for a layer or index out of range. */
MlDsaButterfly mldsaButterfly(bool inverse, int layer, int index);

/** @brief The trace step name of a butterfly, in the spec's words:
 *  "layer k butterfly j: (i, i+len), ζ = z" (NTT) or "... ζ = −zetas[m] = z" (NTT^-1), values in decimal. */
std::string mldsaButterflyStepName(bool inverse, const MlDsaButterfly& b);

/** @brief NTT reporting its steps to `sink`: phase "NTT", round 0 "input", then rounds 1..8
 *  "Cooley–Tukey layer k (len L)" with L = 128, 64, ..., 1. With Butterflies, each layer step is
 *  preceded by its 128 butterfly steps (same round k, mldsaButterflyStepName), the last of which has
 *  the layer step's state. */
MlDsaPoly mldsaNttObserved(const MlDsaPoly& w, StepSink& sink,
                           MlDsaTraceDetail detail = MlDsaTraceDetail::Layers);
/** @brief NTT^-1 reporting its steps to `sink`: phase "inverse NTT", round 0 "input", rounds 1..8
 *  "Gentleman–Sande layer k (len L)" with L = 1, 2, ..., 128, round 9 "× 256⁻¹". With Butterflies,
 *  as mldsaNttObserved. */
MlDsaPoly mldsaInverseNttObserved(const MlDsaPoly& wHat, StepSink& sink,
                                  MlDsaTraceDetail detail = MlDsaTraceDetail::Layers);
/** @brief mldsaNttObserved into a Trace (also sets trace.layout). */
MlDsaPoly mldsaNttTraced(const MlDsaPoly& w, Trace& trace,
                         MlDsaTraceDetail detail = MlDsaTraceDetail::Layers);
/** @brief mldsaInverseNttObserved into a Trace (also sets trace.layout). */
MlDsaPoly mldsaInverseNttTraced(const MlDsaPoly& wHat, Trace& trace,
                                MlDsaTraceDetail detail = MlDsaTraceDetail::Layers);

/** @brief The layout of ML-DSA polynomial trace states: 16 x 16 cells of 32 bits, row label "c". */
StateLayout mldsaPolyLayout();

} // namespace rs::crypto
