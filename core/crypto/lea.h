#pragma once
// LEA, the Korean 128-bit block cipher (KS X 3246, ISO/IEC 29192-2:2019): 128/192/256-bit keys,
// 24/28/32 ARX rounds on four 32-bit words. Bytes are loaded as little-endian words, as the spec does.

#include "core/crypto/blockcipher.h"
#include "core/crypto/trace.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rs::crypto {

/** @brief Key schedule constants delta[0..7] of the spec (KS X 3246, key schedule section). */
inline constexpr std::array<std::uint32_t, 8> kLeaDelta = {0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec,
                                                           0x715ea49e, 0xc785da0a, 0xe04ef22a, 0xe5c40957};
/** @brief Left-rotation amounts applied to T[j] in the key schedule, for j = 0..5. */
inline constexpr std::array<int, 6> kLeaKeyRotations = {1, 3, 6, 11, 13, 17};

/** @brief LEA-128/192/256 (chosen by the key length), optionally reduced to fewer rounds. */
class Lea final : public TracedBlockCipher {
  public:
    /** @brief One round key: the six 32-bit words RK0..RK5 of the spec. */
    using RoundKey = std::array<std::uint32_t, 6>;

    /** @brief Runs the key schedule. `key` is 16, 24 or 32 bytes; `rounds` 0 means the standard
     *  24/28/32, otherwise 1..standard (reduced-round variants for analysis). Throws InvalidArgument. */
    explicit Lea(ByteView key, int rounds = 0);

    /** @brief Always 16. */
    std::size_t blockSize() const noexcept override { return 16; }
    /** @brief "LEA-128", "LEA-192" or "LEA-256" (reduced rounds do not change the name). */
    std::string name() const override;
    /** @brief Number of rounds this instance runs. */
    int rounds() const noexcept { return m_rounds; }
    /** @brief Key size in bytes (16, 24 or 32). */
    std::size_t keyBytes() const noexcept { return m_keyBytes; }
    /** @brief The round keys RK_0..RK_{rounds-1}, each as the spec's six words. */
    const std::vector<RoundKey>& roundKeys() const noexcept { return m_roundKeys; }

    /** @brief Encrypts one block (fast path); in and out may alias. */
    void encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept override;
    /** @brief Decrypts one block (fast path); in and out may alias. */
    void decryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept override;

    /** @brief Encrypts one block and appends its round states to `trace` (and sets trace.layout):
     *  phase "encryption", round 0 step "input", then rounds 1..N step "round" with that round's key. */
    void encryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const override;
    /** @brief Decrypts one block and appends its round states to `trace` (and sets trace.layout):
     *  phase "decryption", round 0 step "input", then rounds 1..N step "round"; decryption round j
     *  undoes encryption round N+1-j and carries that round's key. */
    void decryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const override;

    /** @brief Encrypts one block reporting the same steps as encryptBlockTraced to `sink`, without
     *  allocating; the state after round r is the step with that round number. */
    void encryptBlockObserved(const std::uint8_t* in, std::uint8_t* out, StepSink& sink) const override;

    /** @brief The state layout of LEA trace steps: one row X of four 32-bit words. */
    static StateLayout layout();
    StateLayout stateLayout() const override { return layout(); }

    /** @brief The standard round count for a key of `keyBytes` bytes (24, 28, 32), or 0 if invalid. */
    static int standardRounds(std::size_t keyBytes) noexcept;

  private:
    std::vector<RoundKey> m_roundKeys;
    std::size_t m_keyBytes = 0;
    int m_rounds = 0;
};

} // namespace rs::crypto
