#pragma once
// Result type shared by every AEAD model (Ascon, GCM).

#include "core/crypto/bytes.h"

namespace rs::crypto {

/** @brief Ciphertext (same length as the plaintext) and the 16-byte tag. */
struct AeadResult {
    Bytes ct;
    Bytes tag;
};

} // namespace rs::crypto
