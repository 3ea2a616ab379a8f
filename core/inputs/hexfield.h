#pragma once
// One hex input of an operation (a key, a nonce, a message): its name, label, expected length and
// spec example, and the rules every page that takes hex checks it by -- spaces ignored, messages a
// student can act on ("key must be 16 bytes, got 3"), random fill of the right length. Plain C++.

#include <functional>
#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace rs::inputs {

using crypto::Bytes;

/** @brief Variable-length fields (AD, messages) are capped so a trace stays small and instant. */
inline constexpr int kMaxVariableBytes = 1024;

/** @brief One hex input. */
struct HexField {
    std::string name;       ///< "state", "key", "nonce", "ad", "pt", "iv"
    std::string label;      ///< shown beside the field, e.g. "Tweakey TK1‖TK2"
    int bytes = -1;         ///< exact length, or -1 for any length up to kMaxVariableBytes
    std::string defaultHex; ///< the spec example
    /** Optional rule on the value beyond hex and length (an ML-DSA coefficient must be < q): returns
     *  the error message, empty when the bytes are valid. Empty function: any bytes of the length. */
    std::function<std::string(const Bytes&)> checkValue{};
    /** Optional random fill for a field whose checkValue rejects uniform bytes; empty: uniform bytes. */
    std::function<Bytes()> randomValue{};
};

/**
 * @brief Checks a field's hex text (UTF-8); spaces, tabs and no-break spaces are ignored. Returns the
 * error message (empty when valid) and stores the bytes in *out when valid. Messages:
 * "key: 'g' at position 5 is not a hex digit", "key: 'é' (U+00E9) at position 3 is not a hex digit",
 * "key: odd number of hex digits (7); every byte needs two", "key must be 16 bytes, got 3".
 * Positions count characters (code points) from 1, not bytes. Well-formed bytes of the right length
 * are then checked by field.checkValue, if any, whose message is returned as it is.
 */
std::string validateHex(const HexField& field, std::string_view text, Bytes* out);

/** @brief How a message names the field: "plaintext" for pt, "associated data" for ad, ... */
std::string fieldWord(const HexField& field);

/** @brief Random bytes for the field: field.randomValue() when it has one; else its fixed length; a variable
 * field keeps the length of its current text when that is valid and not empty, else 16 bytes. */
Bytes randomBytes(const HexField& field, std::string_view currentText);

} // namespace rs::inputs
