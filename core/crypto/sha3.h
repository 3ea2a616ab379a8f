#pragma once
// SHA-3 and SHAKE (FIPS 202): the sponge over Keccak-f[1600] with incremental absorb and squeeze.
// SHA3-224/256/384/512 (domain bits 01, then pad10*1) and the XOFs SHAKE128/256 (domain bits 1111),
// byte-oriented. A Shake object absorbs any number of pieces, then squeezes any number of pieces of
// any length: the concatenated output equals one squeeze of the total length.

#include "core/crypto/bytes.h"
#include "core/crypto/keccak.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace rs::crypto {

/** @brief Which Keccak-f[1600] a sponge calls: the spec-shaped model (keccak.h, the oracle's) or the fast
 *  one (keccakfast.h: lanes in registers, lane complementing); the bytes are the same. */
enum class KeccakPermutation { Reference, Fast };

/** @brief A Keccak sponge with a byte rate and a domain-separation/padding first byte (0x06 for SHA-3,
 *  0x1F for SHAKE). Absorb, then squeeze; absorbing after the first squeeze throws InvalidArgument. */
class KeccakSponge {
  public:
    KeccakSponge(std::size_t rateBytes, std::uint8_t domainByte,
                 KeccakPermutation perm = KeccakPermutation::Reference) noexcept;
    /** @brief Absorbs more input (any length, any number of calls before the first squeeze). */
    void absorb(ByteView data);
    /** @brief Squeezes out.size() more bytes (pads and switches to squeezing on the first call). */
    void squeeze(std::span<std::uint8_t> out) noexcept;
    /** @brief Squeezes n more bytes into a new vector. */
    Bytes squeeze(std::size_t n);
    /** @brief Back to the empty state (same rate and domain). */
    void reset() noexcept;
    std::size_t rateBytes() const noexcept { return m_rate; }

  private:
    void finish() noexcept;
    void permute() noexcept;
    KeccakState m_state{};
    KeccakPermutation m_perm;
    std::size_t m_rate;
    std::uint8_t m_domain;
    std::size_t m_pos = 0; ///< byte offset inside the current block (absorbing or squeezing)
    bool m_squeezing = false;
};

/** @brief SHAKE128 (rate 168 bytes). */
class Shake128 : public KeccakSponge {
  public:
    explicit Shake128(KeccakPermutation perm = KeccakPermutation::Reference) noexcept
        : KeccakSponge(168, 0x1F, perm) {}
};
/** @brief SHAKE256 (rate 136 bytes). */
class Shake256 : public KeccakSponge {
  public:
    explicit Shake256(KeccakPermutation perm = KeccakPermutation::Reference) noexcept
        : KeccakSponge(136, 0x1F, perm) {}
};

/** @brief SHA3-224/256/384/512 of `msg`. */
Bytes sha3_224(ByteView msg);
Bytes sha3_256(ByteView msg);
Bytes sha3_384(ByteView msg);
Bytes sha3_512(ByteView msg);
/** @brief SHAKE128/256 of `msg`, outBytes bytes of output. */
Bytes shake128(ByteView msg, std::size_t outBytes, KeccakPermutation perm = KeccakPermutation::Reference);
Bytes shake256(ByteView msg, std::size_t outBytes, KeccakPermutation perm = KeccakPermutation::Reference);

} // namespace rs::crypto
