// ML-DSA fast path, AVX2 kernels: 8 signed 32-bit lanes, Montgomery multiplication through the even/odd
// 32 x 32 -> 64-bit products (vpmuldq), the same lazy-reduction bounds as the portable code
// (mldsanttfast.cpp). Layers with len >= 8 take 8 consecutive butterflies per vector with one broadcast
// twiddle; the last three (len 4, 2, 1) work on 64 coefficients at a time transposed as 8 x 8, so that
// vector k holds coefficient k of 8 consecutive groups of 8 and every butterfly is again lane-wise, with a
// per-lane twiddle vector. Every function here carries the avx2 target attribute and uses only
// intrinsics and raw pointers: nothing is instantiated that code built without AVX2 could share.
#include "core/crypto/mldsanttfast.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define RS_MLDSA_AVX2 1
#include <immintrin.h>

#include "core/crypto/mldsamontgomery.h"
#endif

namespace rs::crypto::detail {

#ifdef RS_MLDSA_AVX2

namespace {

constexpr std::int32_t kQ = kMlDsaQ;

/** Per-lane twiddles of the last three layers, for each of the four 64-coefficient batches: [0] len 4,
 *  [1] len 2 for offsets 0/1, [2] len 2 for offsets 4/5, [3..6] len 1 for offsets 0, 2, 4, 6. */
struct LaneTwiddles {
    std::int32_t v[4][7][8];
};

constexpr LaneTwiddles forwardLanes() {
    LaneTwiddles t{};
    for (int batch = 0; batch < 4; ++batch)
        for (int lane = 0; lane < 8; ++lane) {
            const int g = 8 * batch + lane; // group of 8 coefficients [8g, 8g + 8)
            // Forward, layer len L: block b = start / 2L, twiddle index 128 / L + b.
            t.v[batch][0][lane] = kMontZetas[static_cast<std::size_t>(32 + g)];
            t.v[batch][1][lane] = kMontZetas[static_cast<std::size_t>(64 + 2 * g)];
            t.v[batch][2][lane] = kMontZetas[static_cast<std::size_t>(64 + 2 * g + 1)];
            for (int p = 0; p < 4; ++p)
                t.v[batch][3 + p][lane] = kMontZetas[static_cast<std::size_t>(128 + 4 * g + p)];
        }
    return t;
}

constexpr LaneTwiddles inverseLanes() {
    LaneTwiddles t{};
    for (int batch = 0; batch < 4; ++batch)
        for (int lane = 0; lane < 8; ++lane) {
            const int g = 8 * batch + lane;
            // Inverse, layer len L: block b, twiddle -zetas[256 / L - 1 - b].
            t.v[batch][0][lane] = kMontZetasNeg[static_cast<std::size_t>(63 - g)];
            t.v[batch][1][lane] = kMontZetasNeg[static_cast<std::size_t>(127 - 2 * g)];
            t.v[batch][2][lane] = kMontZetasNeg[static_cast<std::size_t>(127 - (2 * g + 1))];
            for (int p = 0; p < 4; ++p)
                t.v[batch][3 + p][lane] = kMontZetasNeg[static_cast<std::size_t>(255 - (4 * g + p))];
        }
    return t;
}

alignas(32) constexpr LaneTwiddles kForwardLanes = forwardLanes();
alignas(32) constexpr LaneTwiddles kInverseLanes = inverseLanes();

#define RS_AVX2_FN __attribute__((target("avx2"), always_inline)) inline

/** Lane-wise Montgomery product a b 2^-32, in (-q, q) for |a b| < q 2^31. */
RS_AVX2_FN __m256i montMul(__m256i a, __m256i b) {
    const __m256i q = _mm256_set1_epi32(kQ);
    const __m256i qinv = _mm256_set1_epi32(static_cast<std::int32_t>(kMontQInv));
    const __m256i pe = _mm256_mul_epi32(a, b); // lanes 0, 2, 4, 6 as 64-bit products
    const __m256i po = _mm256_mul_epi32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
    const __m256i me = _mm256_mul_epi32(pe, qinv); // low 32 bits: m = p q^-1 mod 2^32
    const __m256i mo = _mm256_mul_epi32(po, qinv);
    const __m256i re = _mm256_sub_epi64(pe, _mm256_mul_epi32(me, q)); // low 32 bits now 0
    const __m256i ro = _mm256_sub_epi64(po, _mm256_mul_epi32(mo, q));
    return _mm256_blend_epi32(_mm256_srli_epi64(re, 32), ro, 0xAA);
}

RS_AVX2_FN __m256i addQIfNegative(__m256i x) {
    return _mm256_add_epi32(x, _mm256_and_si256(_mm256_srai_epi32(x, 31), _mm256_set1_epi32(kQ)));
}

/** |x| < 2^31 - 2^22 -> [0, q). */
RS_AVX2_FN __m256i freeze(__m256i x) {
    const __m256i t = _mm256_srai_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(1 << 22)), 23);
    return addQIfNegative(_mm256_sub_epi32(x, _mm256_mullo_epi32(t, _mm256_set1_epi32(kQ))));
}

RS_AVX2_FN void butterflyCt(__m256i& a, __m256i& b, __m256i z) {
    const __m256i t = montMul(z, b);
    b = _mm256_sub_epi32(a, t);
    a = _mm256_add_epi32(a, t);
}

RS_AVX2_FN void butterflyGs(__m256i& a, __m256i& b, __m256i z) {
    const __m256i t = a;
    a = _mm256_add_epi32(t, b);
    b = montMul(z, _mm256_sub_epi32(t, b));
}

RS_AVX2_FN void transpose8(__m256i r[8]) {
    __m256i t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_epi32(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        u[i] = _mm256_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm256_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm256_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm256_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    for (int i = 0; i < 4; ++i) {
        r[i] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x20);
        r[i + 4] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x31);
    }
}

RS_AVX2_FN __m256i load(const std::int32_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
RS_AVX2_FN void store(std::int32_t* p, __m256i v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}

} // namespace

__attribute__((target("avx2"))) void mldsaNttAvx2(std::int32_t* w) noexcept {
    // Layers len = 128 .. 8: one twiddle per block, 8 butterflies per vector.
    for (int len = 128, first = 1; len >= 8; len /= 2, first *= 2)
        for (int start = 0, m = first; start < 256; start += 2 * len, ++m) {
            const __m256i z = _mm256_set1_epi32(kMontZetas[static_cast<std::size_t>(m)]);
            for (int j = start; j < start + len; j += 8) {
                __m256i a = load(w + j), b = load(w + j + len);
                butterflyCt(a, b, z);
                store(w + j, a);
                store(w + j + len, b);
            }
        }
    // Layers len = 4, 2, 1 on 8 x 8 transposed batches, then the final reduction to [0, q).
    for (int batch = 0; batch < 4; ++batch) {
        std::int32_t* p = w + 64 * batch;
        const auto& tw = kForwardLanes.v[batch];
        __m256i r[8];
        for (int k = 0; k < 8; ++k)
            r[k] = load(p + 8 * k);
        transpose8(r);
        const __m256i z4 = load(tw[0]);
        for (int k = 0; k < 4; ++k)
            butterflyCt(r[k], r[k + 4], z4);
        const __m256i z2a = load(tw[1]), z2b = load(tw[2]);
        butterflyCt(r[0], r[2], z2a);
        butterflyCt(r[1], r[3], z2a);
        butterflyCt(r[4], r[6], z2b);
        butterflyCt(r[5], r[7], z2b);
        for (int k = 0; k < 4; ++k)
            butterflyCt(r[2 * k], r[2 * k + 1], load(tw[3 + k]));
        transpose8(r);
        for (int k = 0; k < 8; ++k)
            store(p + 8 * k, freeze(r[k]));
    }
}

__attribute__((target("avx2"))) void mldsaInverseNttAvx2(std::int32_t* w) noexcept {
    // Layers len = 1, 2, 4 on 8 x 8 transposed batches.
    for (int batch = 0; batch < 4; ++batch) {
        std::int32_t* p = w + 64 * batch;
        const auto& tw = kInverseLanes.v[batch];
        __m256i r[8];
        for (int k = 0; k < 8; ++k)
            r[k] = load(p + 8 * k);
        transpose8(r);
        for (int k = 0; k < 4; ++k)
            butterflyGs(r[2 * k], r[2 * k + 1], load(tw[3 + k]));
        const __m256i z2a = load(tw[1]), z2b = load(tw[2]);
        butterflyGs(r[0], r[2], z2a);
        butterflyGs(r[1], r[3], z2a);
        butterflyGs(r[4], r[6], z2b);
        butterflyGs(r[5], r[7], z2b);
        const __m256i z4 = load(tw[0]);
        for (int k = 0; k < 4; ++k)
            butterflyGs(r[k], r[k + 4], z4);
        transpose8(r);
        for (int k = 0; k < 8; ++k)
            store(p + 8 * k, r[k]);
    }
    // Layers len = 8 .. 128; block b of layer len takes -zetas[256 / len - 1 - b].
    for (int len = 8; len < 256; len *= 2)
        for (int start = 0, m = 256 / len - 1; start < 256; start += 2 * len, --m) {
            const __m256i z = _mm256_set1_epi32(kMontZetasNeg[static_cast<std::size_t>(m)]);
            for (int j = start; j < start + len; j += 8) {
                __m256i a = load(w + j), b = load(w + j + len);
                butterflyGs(a, b, z);
                store(w + j, a);
                store(w + j + len, b);
            }
        }
    const __m256i f = _mm256_set1_epi32(kMontNInverse);
    for (int i = 0; i < 256; i += 8)
        store(w + i, addQIfNegative(montMul(f, load(w + i))));
}

__attribute__((target("avx2"))) void mldsaMultiplyAvx2(std::int32_t* a, const std::int32_t* b) noexcept {
    const __m256i r2 = _mm256_set1_epi32(kMontR2);
    for (int i = 0; i < 256; i += 8)
        store(a + i, addQIfNegative(montMul(r2, montMul(load(a + i), load(b + i)))));
}

__attribute__((target("avx2"))) void mldsaAddAvx2(std::int32_t* a, const std::int32_t* b) noexcept {
    const __m256i q = _mm256_set1_epi32(kQ);
    for (int i = 0; i < 256; i += 8)
        store(a + i, addQIfNegative(_mm256_sub_epi32(_mm256_add_epi32(load(a + i), load(b + i)), q)));
}

bool mldsaAvx2Compiled() noexcept {
    return true;
}

#else // not x86 with GCC/Clang: the kernels are never called (mldsaFastImplAvailable(Avx2) is false).

void mldsaNttAvx2(std::int32_t*) noexcept {}
void mldsaInverseNttAvx2(std::int32_t*) noexcept {}
void mldsaMultiplyAvx2(std::int32_t*, const std::int32_t*) noexcept {}
void mldsaAddAvx2(std::int32_t*, const std::int32_t*) noexcept {}
bool mldsaAvx2Compiled() noexcept {
    return false;
}

#endif

} // namespace rs::crypto::detail
