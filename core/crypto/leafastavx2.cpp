// LEA fast path, AVX2 kernel (built with -mavx2): 8 blocks at a time, then one group of 4 with the 128-bit
// code of leafastx4.h (VEX-encoded here). Blocks g and g + 4 share a 256-bit register (low and high
// 128-bit lane); the in-lane 4 x 4 transpose then puts word X[j] of all 8 blocks in register j and every
// LEA round (KS X 3246) is lane-wise, as in leafastx4.h (which also gives the decryption round). Round-key
// words are broadcast from memory (a load, no shuffle). Only intrinsics and raw pointers here.
#include "core/crypto/leafastkernels.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) &&               \
    defined(__AVX2__)
#define RS_LEA_AVX2 1
#include "core/crypto/leafastx4.h"
#include <immintrin.h>
#endif

namespace rs::crypto::detail {

#ifdef RS_LEA_AVX2

namespace {

template <int L> inline __m256i rotl(__m256i x) noexcept {
    return _mm256_or_si256(_mm256_slli_epi32(x, L), _mm256_srli_epi32(x, 32 - L));
}

inline __m256i key(const std::uint32_t* k, int word) noexcept {
    return _mm256_set1_epi32(static_cast<int>(k[word]));
}

// One encryption round on (a, b, c, d) = (X[0], X[1], X[2], X[3]); the new state is (b, c, d, a).
inline void encRound(__m256i a, __m256i& b, __m256i& c, __m256i& d, const std::uint32_t* k) noexcept {
    d = rotl<29>(_mm256_add_epi32(_mm256_xor_si256(c, key(k, 4)), _mm256_xor_si256(d, key(k, 5))));
    c = rotl<27>(_mm256_add_epi32(_mm256_xor_si256(b, key(k, 2)), _mm256_xor_si256(c, key(k, 3))));
    b = rotl<9>(_mm256_add_epi32(_mm256_xor_si256(a, key(k, 0)), _mm256_xor_si256(b, key(k, 1))));
}

// Its inverse, with one round of the decryption key table (see leafastx4.h).
inline void decRound(__m256i a, __m256i& b, __m256i& c, __m256i& d, const std::uint32_t* k) noexcept {
    const __m256i u1 = _mm256_sub_epi32(rotl<23>(b), _mm256_xor_si256(a, key(k, 0)));
    b = _mm256_xor_si256(u1, key(k, 1));
    const __m256i u2 = _mm256_sub_epi32(rotl<5>(c), _mm256_xor_si256(u1, key(k, 2)));
    c = _mm256_xor_si256(u2, key(k, 3));
    const __m256i u3 = _mm256_sub_epi32(rotl<3>(d), _mm256_xor_si256(u2, key(k, 4)));
    d = _mm256_xor_si256(u3, key(k, 5));
}

inline void transpose(__m256i& r0, __m256i& r1, __m256i& r2, __m256i& r3) noexcept {
    const __m256i t0 = _mm256_unpacklo_epi32(r0, r1), t1 = _mm256_unpacklo_epi32(r2, r3);
    const __m256i t2 = _mm256_unpackhi_epi32(r0, r1), t3 = _mm256_unpackhi_epi32(r2, r3);
    r0 = _mm256_unpacklo_epi64(t0, t1);
    r1 = _mm256_unpackhi_epi64(t0, t1);
    r2 = _mm256_unpacklo_epi64(t2, t3);
    r3 = _mm256_unpackhi_epi64(t2, t3);
}

// Blocks j (low lane) and j + 4 (high lane) of the group at p.
inline __m256i loadPair(const std::uint8_t* p, int j) noexcept {
    const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * j));
    const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * (j + 4)));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

inline void storePair(std::uint8_t* p, int j, __m256i v) noexcept {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 16 * j), _mm256_castsi256_si128(v));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 16 * (j + 4)), _mm256_extracti128_si256(v, 1));
}

template <bool Decrypt>
std::size_t run(const LeaKernelKeys& keys, const std::uint8_t* in, std::uint8_t* out,
                std::size_t blocks) noexcept {
    const std::uint32_t* k6 = Decrypt ? keys.dk : keys.rk;
    const std::size_t groups = blocks / 8;
    for (std::size_t g = 0; g < groups; ++g, in += 128, out += 128) {
        __m256i x0 = loadPair(in, 0), x1 = loadPair(in, 1), x2 = loadPair(in, 2), x3 = loadPair(in, 3);
        transpose(x0, x1, x2, x3);
        const std::uint32_t* k = k6;
        for (int r = 0; r < keys.rounds; r += 4, k += 24) {
            if constexpr (Decrypt) {
                decRound(x3, x0, x1, x2, k);
                decRound(x2, x3, x0, x1, k + 6);
                decRound(x1, x2, x3, x0, k + 12);
                decRound(x0, x1, x2, x3, k + 18);
            } else {
                encRound(x0, x1, x2, x3, k);
                encRound(x1, x2, x3, x0, k + 6);
                encRound(x2, x3, x0, x1, k + 12);
                encRound(x3, x0, x1, x2, k + 18);
            }
        }
        transpose(x0, x1, x2, x3);
        storePair(out, 0, x0);
        storePair(out, 1, x1);
        storePair(out, 2, x2);
        storePair(out, 3, x3);
    }
    std::size_t done = 8 * groups;
    if (blocks - done >= 4) {
        group4<Decrypt>(Decrypt ? keys.dkx4 : keys.rkx4, keys.rounds, in, out);
        done += 4;
    }
    _mm256_zeroupper();
    return done;
}

} // namespace

std::size_t leaEcbAvx2(const LeaKernelKeys& keys, bool decrypt, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t blocks) noexcept {
    return decrypt ? run<true>(keys, in, out, blocks) : run<false>(keys, in, out, blocks);
}

bool leaAvx2Compiled() noexcept {
    return true;
}

#else

std::size_t leaEcbAvx2(const LeaKernelKeys&, bool, const std::uint8_t*, std::uint8_t*, std::size_t) noexcept {
    return 0;
}

bool leaAvx2Compiled() noexcept {
    return false;
}

#endif

} // namespace rs::crypto::detail
