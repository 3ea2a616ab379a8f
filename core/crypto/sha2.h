#pragma once
// SHA-2 (FIPS 180-4): SHA-224 and SHA-256 over 32-bit words (64 rounds, 512-bit blocks), SHA-384,
// SHA-512, SHA-512/224 and SHA-512/256 over 64-bit words (80 rounds, 1024-bit blocks). Byte-oriented:
// messages are whole bytes. Plain C++, no Qt (the Qt-side uses of SHA-256 for file fingerprints keep
// QCryptographicHash; this one is the reference model next to SHA-3).

#include "core/crypto/bytes.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace rs::crypto {

/** @brief Incremental SHA-256 / SHA-224 (FIPS 180-4 sections 6.2 and 6.3). */
class Sha256 {
  public:
    /** @brief SHA-256, or SHA-224 (its own initial hash value, output truncated to 28 bytes). */
    explicit Sha256(bool sha224 = false) noexcept;
    /** @brief Absorbs more message bytes (any number of calls before final()). */
    void update(ByteView data) noexcept;
    /** @brief Pads, processes the last block(s) and returns the digest (32 or 28 bytes); the object is
     *  then reset to the empty message. */
    Bytes final();
    /** @brief Back to the empty message (same variant). */
    void reset() noexcept;
    std::size_t digestBytes() const noexcept { return m_sha224 ? 28 : 32; }

  private:
    void block(const std::uint8_t* p) noexcept;
    std::array<std::uint32_t, 8> m_h{};
    std::array<std::uint8_t, 64> m_buf{};
    std::size_t m_fill = 0;
    std::uint64_t m_bytes = 0;
    bool m_sha224;
};

/** @brief The SHA-512 family member a Sha512 object computes. */
enum class Sha512Variant { Sha512, Sha384, Sha512_224, Sha512_256 };

/** @brief Incremental SHA-512 / SHA-384 / SHA-512/t (FIPS 180-4 sections 6.4, 6.5 and 5.3.6). */
class Sha512 {
  public:
    explicit Sha512(Sha512Variant v = Sha512Variant::Sha512) noexcept;
    void update(ByteView data) noexcept;
    /** @brief The digest (64, 48, 28 or 32 bytes); the object is then reset to the empty message. */
    Bytes final();
    void reset() noexcept;
    std::size_t digestBytes() const noexcept;

  private:
    void block(const std::uint8_t* p) noexcept;
    std::array<std::uint64_t, 8> m_h{};
    std::array<std::uint8_t, 128> m_buf{};
    std::size_t m_fill = 0;
    std::uint64_t m_bytes = 0; ///< messages stay below 2^64 bytes; the 128-bit length's high half is 0..7
    Sha512Variant m_variant;
};

/** @brief One-shot digests of `msg`. */
Bytes sha2_224(ByteView msg);
Bytes sha2_256(ByteView msg);
Bytes sha2_384(ByteView msg);
Bytes sha2_512(ByteView msg);
Bytes sha2_512_224(ByteView msg);
Bytes sha2_512_256(ByteView msg);

} // namespace rs::crypto
