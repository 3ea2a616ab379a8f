// ML-DSA's coefficient loops (mldsafast.cpp) with AVX2, eight coefficients a step: HighBits of w, z = y + c
// s1 with its infinity norm, w - c s2 with the norm of its LowBits, c t0's norm with the hints, and UseHint.
// Decompose (FIPS 204 Algorithm 36) as mldsafast.cpp computes it: r1 = floor((r + gamma2 - 1) / 2 gamma2),
// here as (x * M) >> 48 with M = ceil(2^48 / 2 gamma2) (exact for x < 2^24: the error is below 2^-24, less
// than 1 / 2 gamma2), r1 = m (16 or 44) meaning r1 = 0 and r0 - 1. Inputs in [0, q); callable only when the
// CPU has AVX2 (mldsaFastImplInUse() is Avx2); the same results as the scalar loops, which the tests check.
#include "core/crypto/mldsasimd.h"

#include "core/crypto/mldsantt.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace rs::crypto::detail {

namespace {

#define RS_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline
constexpr std::int32_t kQ = kMlDsaQ;

struct Decomposer {
    __m256i bias, magic, alpha, m;
};
RS_AVX2_INLINE Decomposer decomposer(std::int32_t gamma2) {
    const std::uint64_t alpha = 2 * static_cast<std::uint64_t>(gamma2);
    const std::uint64_t magic = ((std::uint64_t{1} << 48) + alpha - 1) / alpha;
    return {_mm256_set1_epi32(gamma2 - 1), _mm256_set1_epi32(static_cast<std::int32_t>(magic)),
            _mm256_set1_epi32(static_cast<std::int32_t>(alpha)),
            _mm256_set1_epi32(static_cast<std::int32_t>((kQ - 1) / alpha))};
}
// floor((r + gamma2 - 1) / 2 gamma2) per lane (before the r1 = m exception).
RS_AVX2_INLINE __m256i rawHigh(__m256i r, const Decomposer& d) {
    const __m256i x = _mm256_add_epi32(r, d.bias);
    const __m256i even = _mm256_srli_epi64(_mm256_mul_epu32(x, d.magic), 48);
    const __m256i odd =
        _mm256_slli_epi64(_mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(x, 32), d.magic), 48), 32);
    return _mm256_blend_epi32(even, odd, 0xAA);
}
// HighBits: r1, with m -> 0.
RS_AVX2_INLINE __m256i high(__m256i r, const Decomposer& d) {
    const __m256i r1 = rawHigh(r, d);
    return _mm256_andnot_si256(_mm256_cmpeq_epi32(r1, d.m), r1);
}
// |LowBits(r)|: r - r1 2 gamma2, minus 1 where r1 = m.
RS_AVX2_INLINE __m256i absLow(__m256i r, const Decomposer& d) {
    const __m256i r1 = rawHigh(r, d);
    __m256i r0 = _mm256_sub_epi32(r, _mm256_mullo_epi32(r1, d.alpha));
    r0 = _mm256_add_epi32(r0, _mm256_cmpeq_epi32(r1, d.m)); // the mask is -1 where r1 = m
    return _mm256_abs_epi32(r0);
}
// x in (-q, 2q) to [0, q).
RS_AVX2_INLINE __m256i canonical(__m256i x) {
    const __m256i q = _mm256_set1_epi32(kQ);
    x = _mm256_add_epi32(x, _mm256_and_si256(_mm256_srai_epi32(x, 31), q)); // [0, 2q)
    x = _mm256_sub_epi32(x, q);                                             // [-q, q)
    return _mm256_add_epi32(x, _mm256_and_si256(_mm256_srai_epi32(x, 31), q));
}
// |x mod± q| for x in [0, q).
RS_AVX2_INLINE __m256i absCentred(__m256i x) {
    const __m256i q = _mm256_set1_epi32(kQ);
    const __m256i over = _mm256_cmpgt_epi32(x, _mm256_set1_epi32((kQ - 1) / 2));
    return _mm256_blendv_epi8(x, _mm256_sub_epi32(q, x), over);
}
RS_AVX2_INLINE __m256i load(const std::int32_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
RS_AVX2_INLINE void store(std::int32_t* p, __m256i v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}
RS_AVX2_INLINE std::int32_t horizontalMax(__m256i v) {
    __m128i m = _mm_max_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    m = _mm_max_epi32(m, _mm_shuffle_epi32(m, 0x4E));
    m = _mm_max_epi32(m, _mm_shuffle_epi32(m, 0xB1));
    return _mm_cvtsi128_si32(m);
}

} // namespace

__attribute__((target("avx2"))) void mldsaHighBitsAvx2(std::int32_t* w1, const std::int32_t* w,
                                                       std::int32_t gamma2) noexcept {
    const Decomposer d = decomposer(gamma2);
    for (int i = 0; i < 256; i += 8)
        store(w1 + i, high(load(w + i), d));
}

__attribute__((target("avx2"))) std::int32_t mldsaAddNormAvx2(std::int32_t* z, const std::int32_t* y,
                                                              const std::int32_t* cs1) noexcept {
    __m256i worst = _mm256_setzero_si256();
    for (int i = 0; i < 256; i += 8) {
        const __m256i v = canonical(_mm256_add_epi32(load(y + i), load(cs1 + i)));
        store(z + i, v);
        worst = _mm256_max_epi32(worst, absCentred(v));
    }
    return horizontalMax(worst);
}

__attribute__((target("avx2"))) std::int32_t mldsaSubLowNormAvx2(std::int32_t* v, const std::int32_t* w,
                                                                 const std::int32_t* cs2,
                                                                 std::int32_t gamma2) noexcept {
    const Decomposer d = decomposer(gamma2);
    __m256i worst = _mm256_setzero_si256();
    for (int i = 0; i < 256; i += 8) {
        const __m256i x = canonical(_mm256_sub_epi32(load(w + i), load(cs2 + i)));
        store(v + i, x);
        worst = _mm256_max_epi32(worst, absLow(x, d));
    }
    return horizontalMax(worst);
}

__attribute__((target("avx2"))) int mldsaHintsAvx2(std::int32_t* h, const std::int32_t* v,
                                                   const std::int32_t* ct0, std::int32_t gamma2,
                                                   std::int32_t& ct0Norm) noexcept {
    const Decomposer d = decomposer(gamma2);
    const __m256i one = _mm256_set1_epi32(1);
    __m256i worst = _mm256_setzero_si256();
    __m256i count = _mm256_setzero_si256();
    for (int i = 0; i < 256; i += 8) {
        const __m256i c = load(ct0 + i);
        const __m256i x = load(v + i);
        worst = _mm256_max_epi32(worst, absCentred(c));
        // h = MakeHint(-c t0, w - c s2 + c t0): HighBits(w - c s2 + c t0) != HighBits(w - c s2).
        const __m256i differ =
            _mm256_xor_si256(_mm256_cmpeq_epi32(high(canonical(_mm256_add_epi32(x, c)), d), high(x, d)),
                             _mm256_set1_epi32(-1));
        const __m256i bit = _mm256_and_si256(differ, one);
        store(h + i, bit);
        count = _mm256_add_epi32(count, bit);
    }
    ct0Norm = horizontalMax(worst);
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(count), _mm256_extracti128_si256(count, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
}

__attribute__((target("avx2"))) void mldsaUseHintAvx2(std::int32_t* w1, const std::int32_t* h,
                                                      const std::int32_t* r, std::int32_t gamma2) noexcept {
    const Decomposer d = decomposer(gamma2);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i one = _mm256_set1_epi32(1);
    for (int i = 0; i < 256; i += 8) {
        const __m256i x = load(r + i);
        const __m256i r1raw = rawHigh(x, d);
        const __m256i isM = _mm256_cmpeq_epi32(r1raw, d.m);
        const __m256i r1 = _mm256_andnot_si256(isM, r1raw);
        const __m256i r0 = _mm256_add_epi32(_mm256_sub_epi32(x, _mm256_mullo_epi32(r1raw, d.alpha)), isM);
        // UseHint (Algorithm 40): with a hint, r1 + 1 mod m when r0 > 0, else r1 - 1 mod m.
        const __m256i step = _mm256_blendv_epi8(_mm256_set1_epi32(-1), one, _mm256_cmpgt_epi32(r0, zero));
        __m256i v = _mm256_add_epi32(r1, _mm256_and_si256(step, _mm256_cmpgt_epi32(load(h + i), zero)));
        v = _mm256_add_epi32(v, _mm256_and_si256(_mm256_cmpgt_epi32(zero, v), d.m)); // -1 -> m - 1
        v = _mm256_andnot_si256(_mm256_cmpeq_epi32(v, d.m), v);                      // m -> 0
        store(w1 + i, v);
    }
}

namespace {

// SimpleBitPack of 4- or 6-bit fields (w1 and, for eta = 4, s1/s2): 32 values a step, first as 32 bytes in
// order (two saturating packs, then the 32-bit groups back in order), then 8 nibbles to 4 bytes or 4 six-bit
// values to 3 bytes.
__attribute__((target("avx2"))) void packSmallFields(std::uint8_t* out, const std::int32_t* fields,
                                                     int bits) noexcept {
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    for (std::size_t i = 0; i < kMlDsaN; i += 32) {
        const __m256i* in = reinterpret_cast<const __m256i*>(fields + i);
        const __m256i words = _mm256_packs_epi32(_mm256_loadu_si256(in), _mm256_loadu_si256(in + 1));
        const __m256i words2 = _mm256_packs_epi32(_mm256_loadu_si256(in + 2), _mm256_loadu_si256(in + 3));
        const __m256i bytes = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(words, words2), order);
        if (bits == 4) {
            // 16-bit lanes n0 | n1 << 8 to n0 | n1 << 4 in their low byte, then those bytes packed: 16 bytes.
            __m256i pairs = _mm256_or_si256(bytes, _mm256_srli_epi16(bytes, 4));
            pairs = _mm256_and_si256(pairs, _mm256_set1_epi16(0x00FF));
            const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(pairs, pairs), 0x08);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i / 2), _mm256_castsi256_si128(packed));
        } else {
            // n0 + 64 n1 (16 bits), then + 4096 (n2 + 64 n3): 24 bits a 32-bit lane, 12 bytes a 128-bit lane.
            const __m256i sixes = _mm256_maddubs_epi16(bytes, _mm256_set1_epi16(0x4001));
            const __m256i quads = _mm256_madd_epi16(sixes, _mm256_set1_epi32(0x10000001));
            const __m256i three = _mm256_shuffle_epi8(
                quads, _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, //
                                        0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1));
            std::uint8_t* o = out + i / 4 * 3;
            const __m128i lo = _mm256_castsi256_si128(three), hi = _mm256_extracti128_si256(three, 1);
            _mm_storel_epi64(reinterpret_cast<__m128i*>(o), lo);
            const std::uint32_t loTail = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(lo, 8)));
            __builtin_memcpy(o + 8, &loTail, 4);
            _mm_storel_epi64(reinterpret_cast<__m128i*>(o + 12), hi);
            const std::uint32_t hiTail = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(hi, 8)));
            __builtin_memcpy(o + 20, &hiTail, 4);
        }
    }
}

// SimpleBitPack of C-bit fields (C <= 15) eight a step: pairs in 64-bit lanes (2 C bits), pairs of pairs in
// each 128-bit lane's low word (4 C bits), then the two words joined (8 C bits = C bytes).
template <int C>
__attribute__((target("avx2"))) void packFields(std::uint8_t* out, const std::int32_t* f) noexcept {
    static_assert(C >= 1 && C <= 15, "four fields fit in a 64-bit word");
    const __m256i low32 = _mm256_set1_epi64x(0xFFFFFFFF);
    for (std::size_t g = 0; g < kMlDsaN; g += 8, out += C) {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + g));
        const __m256i pairs =
            _mm256_or_si256(_mm256_and_si256(v, low32), _mm256_slli_epi64(_mm256_srli_epi64(v, 32), C));
        const __m256i quads = _mm256_or_si256(pairs, _mm256_slli_epi64(_mm256_srli_si256(pairs, 8), 2 * C));
        const auto q0 = static_cast<std::uint64_t>(_mm256_extract_epi64(quads, 0));
        const auto q1 = static_cast<std::uint64_t>(_mm256_extract_epi64(quads, 2));
        const std::uint64_t lo = q0 | (q1 << (4 * C)), hi = q1 >> (64 - 4 * C);
        constexpr std::size_t kWords = C > 8 ? 16 : 8;
        if (g / 8 * C + kWords <= 32 * C) {
            // Whole words straight from the registers (a C-byte copy through memory would read across two
            // stores, which store forwarding cannot serve); the bytes past this group's C are the following
            // groups', written again right after, and never past the output's end.
            __builtin_memcpy(out, &lo, 8);
            if constexpr (C > 8) __builtin_memcpy(out + 8, &hi, 8);
        } else {
            for (int b = 0; b < C; ++b)
                out[b] = static_cast<std::uint8_t>(b < 8 ? lo >> (8 * b) : hi >> (8 * (b - 8)));
        }
    }
}

} // namespace

__attribute__((target("avx2"))) void mldsaPackFieldsAvx2(std::uint8_t* out, const std::int32_t* fields,
                                                         int bits) noexcept {
    switch (bits) {
    case 3:
        return packFields<3>(out, fields);
    case 4:
    case 6:
        return packSmallFields(out, fields, bits); // byte-wise: several times faster than packFields<4>
    case 10:
        return packFields<10>(out, fields);
    case 13:
        return packFields<13>(out, fields);
    default:
        return;
    }
}

bool mldsaRoundAvx2Compiled() noexcept {
    return true;
}

} // namespace rs::crypto::detail

#else // not x86 with GCC/Clang: never called.

namespace rs::crypto::detail {
void mldsaHighBitsAvx2(std::int32_t*, const std::int32_t*, std::int32_t) noexcept {}
std::int32_t mldsaAddNormAvx2(std::int32_t*, const std::int32_t*, const std::int32_t*) noexcept {
    return 0;
}
std::int32_t mldsaSubLowNormAvx2(std::int32_t*, const std::int32_t*, const std::int32_t*,
                                 std::int32_t) noexcept {
    return 0;
}
int mldsaHintsAvx2(std::int32_t*, const std::int32_t*, const std::int32_t*, std::int32_t,
                   std::int32_t&) noexcept {
    return 0;
}
void mldsaUseHintAvx2(std::int32_t*, const std::int32_t*, const std::int32_t*, std::int32_t) noexcept {}
void mldsaPackFieldsAvx2(std::uint8_t*, const std::int32_t*, int) noexcept {}
bool mldsaRoundAvx2Compiled() noexcept {
    return false;
}
} // namespace rs::crypto::detail

#endif
