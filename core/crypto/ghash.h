#pragma once
// GF(2^128) arithmetic and GHASH as GCM defines them (NIST SP 800-38D section 6.3-6.4; McGrew-Viega
// section 2.5): bit 0 of an element is the MSB of byte 0 (the coefficient of x^0), and the field is
// reduced by x^128 + x^7 + x^2 + x + 1, written R = 0xE1 || 0^120 in that bit order.

#include "core/crypto/bytes.h"

#include <array>
#include <cstdint>

namespace rs::crypto {

/** @brief Z = X * Y in GF(2^128), GCM bit order; the bit-serial shift-and-add of SP 800-38D
 *  Algorithm 1. Reference implementation: slow but branch-free. Z may alias X or Y. */
void gf128Mul(const std::uint8_t x[16], const std::uint8_t y[16], std::uint8_t z[16]) noexcept;

/** @brief Incremental GHASH_H (SP 800-38D Algorithm 2) with 4-bit tables (Shoup's method).
 *  State X starts at 0; every 16-byte block B updates X = (X xor B) * H. The tables index on data
 *  and H, so this model is not hardened against cache-timing attacks. */
class Ghash {
  public:
    /** @brief Precomputes the multiples of the hash subkey H (16 bytes). */
    explicit Ghash(const std::uint8_t h[16]) noexcept;

    /** @brief Absorbs `data` as 16-byte blocks; a last partial block is zero-padded, so each call
     *  is padded on its own (one call per GCM field, or whole blocks). */
    void update(ByteView data) noexcept;
    /** @brief Absorbs the length block [len(A)]_64 || [len(C)]_64, in bits (lengths given in bytes). */
    void updateLengths(std::uint64_t aadBytes, std::uint64_t ctBytes) noexcept;
    /** @brief The current chain value X (after the length block: the GHASH output). */
    std::array<std::uint8_t, 16> digest() const noexcept;

  private:
    void absorbBlock(const std::uint8_t* block) noexcept;

    std::array<std::uint64_t, 16> m_hi{}; // m_hi/m_lo[n] = n * H for the 4-bit element n
    std::array<std::uint64_t, 16> m_lo{};
    std::uint64_t m_xhi = 0; // chain value X, bytes 0..7 and 8..15 as big-endian words
    std::uint64_t m_xlo = 0;
};

/** @brief GHASH_H(A, C) = the chain over pad(A) || pad(C) || [len(A)]_64 || [len(C)]_64. */
std::array<std::uint8_t, 16> ghash(const std::uint8_t h[16], ByteView aad, ByteView ct) noexcept;

} // namespace rs::crypto
