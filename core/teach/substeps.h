#pragma once
// LEA's trace has one step per round. For teaching, expandLeaSubsteps splits every encryption round
// into the four parts of KS X 3246's round function, so a difference can be followed inside a round.
//
// Lanes: a sub-step's state is four 32-bit words stored as the trace stores LEA states (16 bytes,
// each word little-endian). Lane i (i = 0, 1, 2) holds the value being computed for X'[i] from the
// words X[i] and X[i+1] of the round's input; lane 3 holds the input word X[3], which is only read
// (as lane 2's right operand X[3]⊕RK5) and is dropped by the word rotation:
//   "⊕ round key"        (X[0]⊕RK0, X[1]⊕RK2, X[2]⊕RK4, X[3])  left operands; the right operands
//                        X[1]⊕RK1, X[2]⊕RK3, X[3]⊕RK5 are in the step's explanation (explain.h)
//   "⊞ modular addition" (S0, S1, S2, X[3])  with Si = (X[i]⊕RK2i) ⊞ (X[i+1]⊕RK2i+1) mod 2³²
//   "rotations"          (ROL9(S0), ROR5(S1), ROR3(S2), X[3])
//   "word rotation"      (ROL9(S0), ROR5(S1), ROR3(S2), X[0]) = the original "round" step's state,
//                        since X'[3] = X[0]
// A key XOR moves no difference, so the twin view shows the same differences before and after it.
// Every sub-step keeps the round's phase, block, round number and round key.
//
// Decryption rounds are left as they are (one "round" step each): the inverse round subtracts, so its
// parts do not line up with the encryption lanes, and teaching follows encryption.

//
// Keccak-f[1600] (expandKeccakSubsteps): θ one sheet at a time ("θ theta, sheet x=0" … "x=4": the five lanes
// A[x, 0..4] take D[x], computed from the state before θ), ρ and χ one plane at a time ("ρ rho, plane y=0" …,
// "χ chi, plane y=0" …: the five lanes A[0..4, y] rotated, or χ applied to the row); π moves every lane at
// once and ι touches one lane, so they stay single steps. The last sub-step's state is the step's state.
// A round has 17 steps instead of 5.

#include <optional>
#include <string>
#include <string_view>

#include "core/crypto/trace.h"

namespace rs::teach {

/** @brief Sub-step names, in order; the last sub-step's state is the round's state. */
inline constexpr std::string_view kLeaKeyXor = "⊕ round key";
inline constexpr std::string_view kLeaAddition = "⊞ modular addition";
inline constexpr std::string_view kLeaRotations = "rotations";
inline constexpr std::string_view kLeaWordRotation = "word rotation";

/**
 * @brief The trace with each LEA encryption "round" step replaced by its four sub-steps.
 *
 * Other steps (the input, decryption rounds) are copied. A trace that is not LEA's (layout name not
 * "lea-…") is returned unchanged, as is a round step without its 24-byte round key.
 */
crypto::Trace expandLeaSubsteps(const crypto::Trace& t);

namespace detail {
/** @brief A sub-step of `whole`: its copy (phase, block, round, round key) named `name`, with `state`. */
crypto::TraceStep subStepOf(const crypto::TraceStep& whole, std::string_view name,
                            std::vector<std::uint8_t> state);
} // namespace detail

/** @brief Keccak-f[1600]'s steps that have sub-steps (the trace's step names). */
inline constexpr std::string_view kKeccakTheta = "θ theta";
inline constexpr std::string_view kKeccakRho = "ρ rho";
inline constexpr std::string_view kKeccakChi = "χ chi";

/** @brief "θ theta, sheet x=I" for θ, "ρ rho, plane y=I" / "χ chi, plane y=I" for ρ and χ (I = 0..4). */
std::string keccakSubstepName(std::string_view step, int index);
/** @brief A Keccak sub-step's step and index, parsed from its name; nullopt for any other name. */
struct KeccakSubstep {
    std::string step; ///< kKeccakTheta, kKeccakRho or kKeccakChi
    int index = 0;    ///< the sheet x (θ) or plane y (ρ, χ)
};
std::optional<KeccakSubstep> parseKeccakSubstep(std::string_view name);

/** @brief The trace with each Keccak θ, ρ and χ step replaced by its five sub-steps; a trace of another
 *  layout (encoding not "keccak-lanes-le") is returned unchanged. */
crypto::Trace expandKeccakSubsteps(const crypto::Trace& t);

/** @brief The sub-step view of any trace: LEA's or Keccak's expansion, other traces unchanged. */
crypto::Trace expandSubsteps(const crypto::Trace& t);

} // namespace rs::teach
