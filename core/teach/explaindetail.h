#pragma once
// Internal: helpers shared by explain.cpp (dispatch, Ascon), explainblock.cpp (LEA, SKINNY),
// explainmldsa.cpp, explainkeccak.cpp and substeps.cpp (LEA sub-steps).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/crypto/trace.h"

namespace rs::teach::detail {

/** @brief "0x" and `digits` lower-case hex digits of v. */
std::string hexWord(std::uint64_t v, int digits);

/** @brief Lower-case hex of bytes, no prefix. */
std::string hexBytes(const std::vector<std::uint8_t>& bytes);

/** @brief LEA's state words X[0..3] (16 bytes, each word little-endian, as the LEA trace encodes them). */
using LeaWords = std::array<std::uint32_t, 4>;
LeaWords leaWords(const std::vector<std::uint8_t>& state);

/** @brief The step before index, or nullptr for the first step. */
const crypto::TraceStep* previous(const crypto::Trace& trace, std::size_t index);

/** @brief Explanations of one family; nullopt when the step is not one of the family's. */
std::optional<std::string> explainAscon(const crypto::Trace& trace, std::size_t index);
std::optional<std::string> explainLea(const crypto::Trace& trace, std::size_t index);
std::optional<std::string> explainSkinny(const crypto::Trace& trace, std::size_t index);
std::optional<std::string> explainMlDsa(const crypto::Trace& trace, std::size_t index);
/** @brief Keccak-f[1600] (explainkeccak.cpp): the input and θ, ρ, π, χ, ι of every round. */
std::optional<std::string> explainKeccak(const crypto::Trace& trace, std::size_t index);

/** @brief The ML-DSA (phase, step) pairs explainMlDsa explains: per transform the input, the 8 layers,
 *  their 1024 butterflies, and NTT⁻¹'s × 256⁻¹ (explainmldsa.cpp). */
std::vector<std::pair<std::string, std::string>> mldsaStepKinds();

} // namespace rs::teach::detail
