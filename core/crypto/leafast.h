#pragma once
// LEA-128/192/256 fast path: one block, ECB (encryption and decryption) and CTR, with the same results
// as core/crypto/lea.h. One block and every tail of fewer than 4 blocks run scalar C++ with all rounds
// unrolled and the round keys (and a decryption table) prepared once per key: no virtual call or
// allocation per block. Many blocks run one of four implementations, chosen at run time: "portable"
// (that scalar code; everywhere), "sse2" (4 blocks in 4 registers, one 32-bit word of each block per
// lane), "avx2" (8 blocks, two sets of 4 in the two 128-bit lanes, then a group of 4 in VEX-encoded
// 128-bit code) and "avx512" (16 blocks, four sets of 4 in the four 128-bit lanes, two such sets at
// once, rotations in one instruction, CTR counters built in registers; the 4..15 blocks left go through
// the avx2 code). LEA is ARX only (no tables, no data-dependent
// branches or addresses), so every path runs in constant time.

#include "core/crypto/bytes.h"

#include <cstddef>
#include <cstdint>

namespace rs::crypto {

/** @brief An implementation of the LEA fast path. */
enum class LeaFastIsa { Portable, Sse2, Avx2, Avx512 };

/** @brief "portable", "sse2", "avx2" or "avx512". */
const char* leaFastIsaName(LeaFastIsa isa) noexcept;
/** @brief Whether this build and this CPU can run `isa` (portable: always). */
bool leaFastIsaAvailable(LeaFastIsa isa) noexcept;
/** @brief The fastest implementation available here (avx512, else avx2, else sse2, else portable). */
LeaFastIsa leaFastBest() noexcept;

/** @brief LEA with the standard round count (24/28/32 for 16/24/32-byte keys). */
class LeaFast {
  public:
    /** @brief Runs the key schedule. `key` is 16, 24 or 32 bytes, else InvalidArgument (a
     *  std::invalid_argument); InvalidArgument too when `isa` is not available here. */
    explicit LeaFast(ByteView key, LeaFastIsa isa = leaFastBest());

    /** @brief Encrypts `blocks` consecutive 16-byte blocks. `in == out` is allowed; other overlaps
     *  are not. No alignment needed. */
    void ecb(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept;
    /** @brief CTR: out = in xor keystream over `bytes` bytes (a last partial block allowed), keystream
     *  block k = E(counter0 + k) with the 16-byte counter a big-endian integer mod 2^128 (as
     *  ctrXor in blockmodes.h). `in == out` is allowed; other overlaps are not. */
    void ctr(const std::uint8_t counter0[16], const std::uint8_t* in, std::uint8_t* out,
             std::size_t bytes) const noexcept;
    /** @brief Decrypts `blocks` consecutive 16-byte blocks (ECB); the same rules as ecb. */
    void ecbDecrypt(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept;
    /** @brief Encrypts one block with the unrolled scalar code (any isa); in and out may alias. */
    void encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept;
    /** @brief Decrypts one block with the unrolled scalar code (any isa); in and out may alias. */
    void decryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept;

    /** @brief The implementation this instance runs. */
    LeaFastIsa isa() const noexcept { return m_isa; }
    /** @brief 24, 28 or 32. */
    int rounds() const noexcept { return m_rounds; }

  private:
    template <bool Decrypt>
    void ecbRun(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept;

    static constexpr std::size_t kMaxRounds = 32;
    alignas(32) std::uint32_t m_rk[kMaxRounds * 6] = {};       // RK_i word j at [6i + j]
    alignas(16) std::uint32_t m_rkx4[kMaxRounds * 6 * 4] = {}; // the same, each word 4 times (SSE2)
    // Decryption table: row i belongs to encryption round N-1-i, as (RK0, RK1, RK1^RK2, RK3, RK3^RK4, RK5)
    // (leafastx4.h says why), and the same with each word 4 times.
    alignas(32) std::uint32_t m_dk[kMaxRounds * 6] = {};
    alignas(16) std::uint32_t m_dkx4[kMaxRounds * 6 * 4] = {};
    int m_rounds = 0;
    LeaFastIsa m_isa = LeaFastIsa::Portable;
};

} // namespace rs::crypto
