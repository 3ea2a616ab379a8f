#pragma once
// Keccak-f[1600] (FIPS 202 section 3): the permutation under SHA-3 and SHAKE, with a round trace in the
// spec's step names. The state is 25 lanes of 64 bits; lane (x, y) is A[x + 5y], and bit z of a lane is
// bit z of the uint64 (FIPS 202's little-endian byte order: state byte 8(x + 5y) + i holds bits 8i..8i+7).

#include "core/crypto/trace.h"

#include <array>
#include <cstdint>

namespace rs::crypto {

/** @brief The 25 lanes; lane (x, y) at index x + 5y. */
using KeccakState = std::array<std::uint64_t, 25>;

/** @brief The number of rounds of Keccak-f[1600] (12 + 2·6). */
inline constexpr int kKeccakRounds = 24;
/** @brief The state size in bytes (1600 bits). */
inline constexpr std::size_t kKeccakStateBytes = 200;

/** @brief The 24 round constants of ι (FIPS 202 Algorithm 5/6, RC[i_r] for i_r = 0..23). */
extern const std::array<std::uint64_t, kKeccakRounds> kKeccakRoundConstants;
/** @brief ρ's rotation offset of lane (x, y), index x + 5y (FIPS 202 Table 2). */
extern const std::array<int, 25> kKeccakRhoOffsets;

/** @brief Keccak-f[1600]: all 24 rounds in place (the reference model, spec-shaped). */
void keccakF1600(KeccakState& a) noexcept;
/** @brief Keccak-p[1600, n_r]: the LAST `rounds` rounds (1..24) of Keccak-f[1600] (rounds 24 - n_r .. 23, as
 *  FIPS 202 defines Keccak-p); rounds outside 1..24 throw InvalidArgument. */
void keccakP1600(KeccakState& a, int rounds);

/** @brief The same permutation reporting to `sink`: phase "Keccak-f[1600]", round 0 "input", then per
 *  round r (1-based) the steps "θ theta", "ρ rho", "π pi", "χ chi", "ι iota" (after each step). The
 *  state is reported as 200 bytes in FIPS 202 order (lane x + 5y little-endian at byte 8(x + 5y)); the
 *  ι step's roundKey is the round constant (8 bytes, little-endian). `rounds` as keccakP1600. */
void keccakP1600Observed(KeccakState& a, int rounds, StepSink& sink);

/** @brief The state as FIPS 202 bytes (200). */
std::array<std::uint8_t, kKeccakStateBytes> keccakStateBytes(const KeccakState& a) noexcept;
/** @brief The state from FIPS 202 bytes; throws InvalidArgument unless exactly 200 bytes. */
KeccakState keccakStateFromBytes(std::span<const std::uint8_t> bytes);

/** @brief The trace layout: 5 rows (y = 0..4, label "y") x 5 lanes (x = 0..4) of 64 bits, encoding
 *  "keccak-lanes-le" (row y, column x = lane x + 5y, little-endian bytes). */
StateLayout keccakLayout();

} // namespace rs::crypto
