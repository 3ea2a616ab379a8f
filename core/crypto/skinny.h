#pragma once
// SKINNY tweakable block ciphers, all six sizes of Beierle et al., "The SKINNY Family of Block
// Ciphers and its Low-Latency Variant MANTIS", CRYPTO 2016 (IACR ePrint 2016/660).
//
// State and tweakey are 4x4 grids of cells filled row by row from the byte string:
//  * SKINNY-128 (8-bit cells): cell i is byte i.
//  * SKINNY-64 (4-bit cells): cell 2k is the HIGH nibble of byte k, cell 2k+1 its low nibble.
// The tweakey string is TK1 || TK2 || TK3 (as many n-bit arrays as the variant has); this class
// treats it as one opaque tweakey, like the paper's test vectors.

#include "core/crypto/blockcipher.h"
#include "core/crypto/trace.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rs::crypto {

/** @brief The six SKINNY-n-t sizes: block size n (64 or 128 bits), tweakey size t = z * n. */
enum class SkinnyVariant { S64_64, S64_128, S64_192, S128_128, S128_256, S128_384 };

/** @brief Exact variant name, e.g. "SKINNY-128-256". */
std::string_view skinnyName(SkinnyVariant v) noexcept;
/** @brief Parses a lowercase id ("skinny-64-64" ... "skinny-128-384"); nullopt when unknown. */
std::optional<SkinnyVariant> skinnyVariantFromId(std::string_view id) noexcept;
/** @brief Tweakey length in bytes (t / 8): 8, 16, 24, 16, 32 or 48. */
std::size_t skinnyTweakeyBytes(SkinnyVariant v) noexcept;
/** @brief Block length in bytes (n / 8): 8 or 16. */
std::size_t skinnyBlockBytes(SkinnyVariant v) noexcept;
/** @brief Standard number of rounds (paper, Table 2): 32, 36, 40, 40, 48 or 56. */
int skinnyRounds(SkinnyVariant v) noexcept;

/** @brief The 4-bit S-box S4 of SKINNY-64 applied to the low nibble of x (high nibble ignored). */
std::uint8_t skinnySbox4(std::uint8_t x) noexcept;
/** @brief S4^-1 applied to the low nibble of x (high nibble ignored). */
std::uint8_t skinnySbox4Inverse(std::uint8_t x) noexcept;
/** @brief The 8-bit S-box S8 of SKINNY-128. */
std::uint8_t skinnySbox8(std::uint8_t x) noexcept;
/** @brief S8^-1. */
std::uint8_t skinnySbox8Inverse(std::uint8_t x) noexcept;

/** @brief The tweakey cell permutation PT of the spec: after each round TK[i] <- TK[PT[i]]. */
const std::array<int, 16>& skinnyTweakeyPermutation() noexcept;
/** @brief The TK2 cell LFSR (4-bit cells when !wideCells, else 8-bit), as the key schedule applies
 *  it to the first two rows of TK2 after PT. */
std::uint8_t skinnyLfsrTk2(std::uint8_t cell, bool wideCells) noexcept;
/** @brief The TK3 cell LFSR, as skinnyLfsrTk2. */
std::uint8_t skinnyLfsrTk3(std::uint8_t cell, bool wideCells) noexcept;

/** @brief A SKINNY block cipher keyed with a whole tweakey; the round tweakeys are computed once, at
 *  construction, so encryptBlock/decryptBlock neither allocate nor branch on the key.
 *
 *  Traces (encryptBlockTraced / decryptBlockTraced) append to Trace::steps, block -1:
 *  round 0 "input", then per round exactly five steps.
 *  Encryption, phase "encryption", round r = 1..R:
 *    "SubCells", "AddConstants", "AddRoundTweakey", "ShiftRows", "MixColumns".
 *  Decryption, phase "decryption", round r = 1..R in processing order (round r undoes encryption
 *  round R + 1 - r and uses its round tweakey and constant):
 *    "inverse MixColumns", "inverse ShiftRows", "AddRoundTweakey", "AddConstants", "inverse SubCells".
 *  States are encoded like the block (see layout()), so the last encryption state is the ciphertext
 *  and the last decryption state is the plaintext. The AddRoundTweakey step carries the round
 *  tweakey in TraceStep::roundKey: the 8 cells of its first two rows (TK1 ^ TK2 ^ TK3), packed like
 *  the state (8 bytes for SKINNY-128, 4 bytes for SKINNY-64). */
class Skinny final : public TracedBlockCipher {
  public:
    /** @brief Throws InvalidArgument unless tweakey has exactly skinnyTweakeyBytes(v) bytes and
     *  rounds is 0 (the standard count) or 1..skinnyRounds(v) (a reduced-round version). */
    Skinny(SkinnyVariant variant, ByteView tweakey, int rounds = 0);

    /** @brief 8 for SKINNY-64, 16 for SKINNY-128. */
    std::size_t blockSize() const noexcept override;
    /** @brief "SKINNY-64-64" ... "SKINNY-128-384" (the reduced round count is not part of the name). */
    std::string name() const override;
    /** @brief The variant this instance was built for. */
    SkinnyVariant variant() const noexcept { return m_variant; }
    /** @brief Number of rounds this instance runs (standard or reduced). */
    int rounds() const noexcept { return m_rounds; }

    /** @brief Encrypts one block; in and out may alias. */
    void encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept override;
    /** @brief Decrypts one block; in and out may alias. */
    void decryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept override;

    /** @brief encryptBlock that also sets trace.layout and appends 1 + 5 * rounds() steps. */
    void encryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const override;
    /** @brief decryptBlock that also sets trace.layout and appends 1 + 5 * rounds() steps. */
    void decryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const override;

    /** @brief encryptBlock reporting the same steps as encryptBlockTraced to `sink`, without
     *  allocating; the state after round r is the last step with that round number. */
    void encryptBlockObserved(const std::uint8_t* in, std::uint8_t* out, StepSink& sink) const override;

    /** @brief The round tweakey of round r (0-based, r < rounds()): the first two rows of TK1 ^ TK2 ^ TK3
     *  as the spec adds them. SKINNY-128: two little-endian row words (cell 4i+j in byte j of word i);
     *  SKINNY-64: word 0 holds cells 0..7 as nibbles (cell 0 in the top nibble), word 1 is 0.
     *  Table-driven implementations (the CUDA kernels) precompute from it. */
    std::array<std::uint32_t, 2> roundTweakey(int r) const noexcept {
        return m_wide ? std::array<std::uint32_t, 2>{m_rtk[2 * r], m_rtk[2 * r + 1]}
                      : std::array<std::uint32_t, 2>{m_rtk[r], 0};
    }

    /** @brief "skinny-64" (4-bit cells) or "skinny-128" (8-bit cells), 4 x 4 cells, row by row. */
    StateLayout layout() const;
    StateLayout stateLayout() const override { return layout(); }

    /** @brief Most rounds of any variant (SKINNY-128-384). */
    static constexpr int kMaxRounds = 56;

  private:
    SkinnyVariant m_variant;
    int m_rounds = 0;
    bool m_wide = false; // 8-bit cells (SKINNY-128)
    // Round tweakeys, first two rows only (the spec adds nothing to rows 2 and 3).
    // SKINNY-128: two little-endian row words per round (cell 4i+j in byte j of word i).
    // SKINNY-64: one word per round, cells 0..7 as nibbles, cell 0 in the top nibble.
    std::array<std::uint32_t, 2 * kMaxRounds> m_rtk{};
};

} // namespace rs::crypto
