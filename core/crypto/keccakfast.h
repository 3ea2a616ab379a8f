#pragma once
// Keccak-f[1600] fast path: the same permutation as keccakF1600 (core/crypto/keccak.h, the reference
// model, which stays spec-shaped and traced) with identical results, for the sponges that need speed.
//  * keccakF1600Fast: one state in scalar code, its 25 lanes in local variables, two rounds per loop
//    iteration with the lanes renamed between them (no copy), and lane complementing (six lanes kept
//    inverted, so χ needs 5 NOTs a round instead of 25; core/crypto/keccakfastkernel.h).
//  * keccakF1600x4 / keccakF1600x8: 4 or 8 independent states at once, for many SHAKE streams (ML-DSA's
//    ExpandA, ExpandS, ExpandMask). Implementations, chosen at run time like the other fast paths:
//    "portable" (keccakF1600Fast on each state, everywhere), "avx2" (one state per 64-bit lane of a
//    __m256i; built with -mavx2 in keccakx4avx2.cpp) and "avx512" (one per lane of a __m512i, vprolq
//    rotations and vpternlogq for χ; built with -mavx512f in keccakx8avx512.cpp). x4 under "avx512" runs
//    the AVX2 kernel (AVX-512F has no 256-bit forms without AVX-512VL); x8 under "avx2" runs it twice.
//    On other CPUs or compilers the SIMD kernels compile to placeholders that report themselves unavailable.
//  * KeccakSpongeX<N> (Shake128x4, Shake256x4, Shake128x8, Shake256x8): N sponges in lockstep over those
//    permutations: absorb N inputs of equal length, squeeze N outputs of equal length; stream j's output
//    is that of a one-stream Shake128/Shake256 (core/crypto/sha3.h) on input j.

#include "core/crypto/bytes.h"
#include "core/crypto/keccak.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace rs::crypto {

/** @brief An implementation of the multi-state permutation. */
enum class KeccakFastImpl { Portable, Avx2, Avx512 };

/** @brief "portable", "avx2" or "avx512". */
const char* keccakFastImplName(KeccakFastImpl impl) noexcept;
/** @brief The implementation named `name`; nullopt for any other name. */
std::optional<KeccakFastImpl> keccakFastImplFromName(std::string_view name) noexcept;
/** @brief Whether this build and this CPU can run `impl` (portable: always; avx512 needs AVX2 too). */
bool keccakFastImplAvailable(KeccakFastImpl impl) noexcept;
/** @brief Every implementation available here, portable first. */
std::vector<KeccakFastImpl> keccakFastImpls();
/** @brief The implementation used where none is given: the forced one, else the best available. */
KeccakFastImpl keccakFastImplInUse() noexcept;
/** @brief Forces the implementation used where none is given (tests, benchmarks); nullopt returns to the
 *  automatic choice. InvalidArgument when `impl` is not available here. */
void keccakForceFastImpl(std::optional<KeccakFastImpl> impl);

/** @brief Keccak-f[1600] on one state (all 24 rounds), scalar; the result of keccakF1600. */
void keccakF1600Fast(KeccakState& a) noexcept;

/** @brief N states (N = 4 or 8) interleaved lane by lane, the SIMD kernels' layout: lane i (= x + 5y) of
 *  state j at w[N i + j]. */
template <std::size_t N> struct KeccakStatesX {
    static_assert(N == 4 || N == 8, "the kernels run 4 or 8 states");
    alignas(64) std::array<std::uint64_t, 25 * N> w{};

    /** @brief State j (< N) as a KeccakState. */
    KeccakState get(std::size_t j) const noexcept {
        KeccakState s{};
        for (std::size_t i = 0; i < 25; ++i)
            s[i] = w[N * i + j];
        return s;
    }
    /** @brief Sets state j (< N). */
    void set(std::size_t j, const KeccakState& s) noexcept {
        for (std::size_t i = 0; i < 25; ++i)
            w[N * i + j] = s[i];
    }
};
using KeccakStatesX4 = KeccakStatesX<4>;
using KeccakStatesX8 = KeccakStatesX<8>;

/** @brief Keccak-f[1600] on each of the 4 / 8 states with `impl` (portable when `impl` is not available
 *  here), or with keccakFastImplInUse(). */
void keccakF1600x4(KeccakStatesX4& s, KeccakFastImpl impl) noexcept;
void keccakF1600x8(KeccakStatesX8& s, KeccakFastImpl impl) noexcept;
void keccakF1600x4(KeccakStatesX4& s) noexcept;
void keccakF1600x8(KeccakStatesX8& s) noexcept;

/**
 * @brief N Keccak sponges (N = 4 or 8) in lockstep: the byte rate and padding byte of KeccakSponge
 * (core/crypto/sha3.h) for every stream. Each call takes one piece per stream, all of the same length, so
 * the streams share their position and one permutation call serves them all. Absorb any number of pieces,
 * then squeeze any number; stream j's concatenated output equals KeccakSponge's on stream j's input.
 * Unequal lengths, or absorbing after the first squeeze, throw InvalidArgument.
 */
template <std::size_t N> class KeccakSpongeX {
  public:
    /** @brief With keccakFastImplInUse() at construction. */
    KeccakSpongeX(std::size_t rateBytes, std::uint8_t domainByte) noexcept;
    /** @brief With `impl`; InvalidArgument when it is not available here. */
    KeccakSpongeX(std::size_t rateBytes, std::uint8_t domainByte, KeccakFastImpl impl);

    /** @brief Absorbs in[j] into stream j (all of one length). */
    void absorb(const std::array<ByteView, N>& in);
    /** @brief Squeezes out[j].size() more bytes of stream j (all of one length). */
    void squeeze(const std::array<std::span<std::uint8_t>, N>& out);
    /** @brief Squeezes n more bytes of every stream into new vectors. */
    std::array<Bytes, N> squeeze(std::size_t n);
    /** @brief Back to the empty states (same rate, domain and implementation). */
    void reset() noexcept;

    std::size_t rateBytes() const noexcept { return m_rate; }
    KeccakFastImpl impl() const noexcept { return m_impl; }

  private:
    void permute() noexcept;
    void finish() noexcept;
    KeccakStatesX<N> m_s;
    std::size_t m_rate;
    std::uint8_t m_domain;
    KeccakFastImpl m_impl;
    std::size_t m_pos = 0; ///< byte offset inside the current block, the same for every stream
    bool m_squeezing = false;
};
extern template class KeccakSpongeX<4>;
extern template class KeccakSpongeX<8>;

/** @brief Four SHAKE128 streams (rate 168 bytes), e.g. four of ExpandA's RejNTTPoly(ρ || s || r). */
class Shake128x4 : public KeccakSpongeX<4> {
  public:
    Shake128x4() noexcept : KeccakSpongeX<4>(168, 0x1F) {}
    explicit Shake128x4(KeccakFastImpl impl) : KeccakSpongeX<4>(168, 0x1F, impl) {}
};
/** @brief Four SHAKE256 streams (rate 136 bytes), e.g. four of ExpandS's / ExpandMask's samplers. */
class Shake256x4 : public KeccakSpongeX<4> {
  public:
    Shake256x4() noexcept : KeccakSpongeX<4>(136, 0x1F) {}
    explicit Shake256x4(KeccakFastImpl impl) : KeccakSpongeX<4>(136, 0x1F, impl) {}
};
/** @brief Eight SHAKE128 streams. */
class Shake128x8 : public KeccakSpongeX<8> {
  public:
    Shake128x8() noexcept : KeccakSpongeX<8>(168, 0x1F) {}
    explicit Shake128x8(KeccakFastImpl impl) : KeccakSpongeX<8>(168, 0x1F, impl) {}
};
/** @brief Eight SHAKE256 streams. */
class Shake256x8 : public KeccakSpongeX<8> {
  public:
    Shake256x8() noexcept : KeccakSpongeX<8>(136, 0x1F) {}
    explicit Shake256x8(KeccakFastImpl impl) : KeccakSpongeX<8>(136, 0x1F, impl) {}
};

} // namespace rs::crypto
