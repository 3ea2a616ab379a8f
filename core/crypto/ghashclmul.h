#pragma once
// GHASH (NIST SP 800-38D 6.4) with carry-less multiplication: the same chain values as core/crypto/ghash.h,
// chosen at run time. "pclmul" works on byte-reversed elements (bit i of the GCM string is then bit
// 127 - i of the register), multiplies with PCLMULQDQ, folds four blocks per reduction with H, H^2, H^3,
// H^4 (aggregated reduction) and reduces by x^128 + x^7 + x^2 + x + 1 with shifts; it has no table and
// no data-dependent branch (constant time). "portable" is the reference 4-bit table code of ghash.h
// (not hardened against cache timing). "vpclmul" (VPCLMULQDQ with AVX512F and AVX512BW) multiplies 4 blocks
// per 512-bit instruction and folds 16 blocks per reduction with H .. H^16 (the powers above H^4 are
// computed on the first update of 16 blocks or more, so short messages do not pay for them); fewer than
// 16 blocks run the pclmul code. Both give the same chain values as the reference.

#include "core/crypto/bytes.h"
#include "core/crypto/ghash.h"
#include "core/crypto/ghashclmulkernels.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace rs::crypto {

/** @brief An implementation of GHASH. */
enum class GhashIsa { Portable, Pclmul, Vpclmul };

/** @brief "portable", "pclmul" or "vpclmul". */
const char* ghashIsaName(GhashIsa isa) noexcept;
/** @brief Whether this build and this CPU can run `isa` (portable: always; pclmul: PCLMULQDQ and SSSE3;
 *  vpclmul: those and VPCLMULQDQ, AVX512F, AVX512BW). */
bool ghashIsaAvailable(GhashIsa isa) noexcept;
/** @brief vpclmul when available, else pclmul when available, else portable. */
GhashIsa ghashBest() noexcept;

/** @brief Incremental GHASH_H with the semantics of Ghash (ghash.h): X starts at 0, each 16-byte
 *  block B gives X = (X xor B) * H. */
class GhashFast {
  public:
    /** @brief Prepares the hash subkey H (16 bytes). InvalidArgument when `isa` is not available. */
    explicit GhashFast(const std::uint8_t h[16], GhashIsa isa = ghashBest());

    /** @brief Absorbs `blocks` whole 16-byte blocks. */
    void update(const std::uint8_t* data, std::size_t blocks) noexcept;
    /** @brief Absorbs `data`, the last partial block zero-padded (as Ghash::update, one GCM field). */
    void updatePadded(ByteView data) noexcept;
    /** @brief Absorbs [len(A)]_64 || [len(C)]_64 in bits (lengths given in bytes). */
    void updateLengths(std::uint64_t aadBytes, std::uint64_t ctBytes) noexcept;
    /** @brief The current chain value X, in GCM byte order (after the length block: the GHASH output). */
    std::array<std::uint8_t, 16> digest() const noexcept;
    /** @brief The implementation this instance runs. */
    GhashIsa isa() const noexcept { return m_isa; }

  private:
    Ghash m_ref;                               // portable path
    alignas(16) std::uint8_t m_htab[64] = {};  // pclmul, vpclmul: H, H^2, H^3, H^4 byte-reversed
    alignas(64) std::uint8_t m_hpow[256] = {}; // vpclmul: H^16, H^15, .., H^1 byte-reversed
    std::uint8_t m_x[16] = {};                 // pclmul, vpclmul: X in GCM byte order
    bool m_hpowReady = false;                  // vpclmul: m_hpow is filled in
    GhashIsa m_isa;
};

} // namespace rs::crypto
