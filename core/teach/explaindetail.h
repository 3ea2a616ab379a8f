#pragma once
// Internal: helpers shared by explain.cpp (dispatch, Ascon) and explainblock.cpp (LEA, SKINNY).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/crypto/trace.h"

namespace rs::teach::detail {

/** @brief "0x" and `digits` lower-case hex digits of v. */
std::string hexWord(std::uint64_t v, int digits);

/** @brief Lower-case hex of bytes, no prefix. */
std::string hexBytes(const std::vector<std::uint8_t>& bytes);

/** @brief The step before index, or nullptr for the first step. */
const crypto::TraceStep* previous(const crypto::Trace& trace, std::size_t index);

/** @brief Explanations of one family; nullopt when the step is not one of the family's. */
std::optional<std::string> explainAscon(const crypto::Trace& trace, std::size_t index);
std::optional<std::string> explainLea(const crypto::Trace& trace, std::size_t index);
std::optional<std::string> explainSkinny(const crypto::Trace& trace, std::size_t index);

} // namespace rs::teach::detail
