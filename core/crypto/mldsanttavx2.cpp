// ML-DSA fast path, AVX2 kernels: 8 signed 32-bit lanes, Montgomery multiplication through the even/odd
// 32 x 32 -> 64-bit products (vpmuldq) with the twiddles' products zeta * q^-1 mod 2^32 precomputed, so
// m = b zeta q^-1 mod 2^32 is one 8-lane low multiplication (vpmulld) beside the products b zeta, and the
// high halves are subtracted in 32-bit lanes (the low halves of b zeta and m q are equal, so no borrow
// crosses). The polynomial stays
// in registers across merged layers: the forward NTT runs layers len 128, 64, 32 on eight vectors 32
// coefficients apart, then len 16, 8 and (on the 8 x 8 transpose of a 64-coefficient batch, so that
// vector k holds coefficient k of 8 groups of 8 and every butterfly is again lane-wise) len 4, 2, 1,
// transposing back so the output keeps the spec's bit-reversed order; the inverse runs the same passes
// backwards. Bounds as in mldsanttfast.cpp. Every function here carries the avx2 target attribute and uses
// only intrinsics and raw pointers: nothing is instantiated that code built without AVX2 could share.
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

/** zeta * q^-1 mod 2^32 as a signed lane: the low half of m = (b zeta) q^-1 is b (zeta q^-1). */
constexpr std::int32_t timesQInv(std::int32_t z) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(z) * kMontQInv);
}

/** One per-lane twiddle vector as the butterfly takes it: z and z q^-1 per lane, and z's odd lanes moved to
 *  the even positions (vpmuldq reads the low half of each 64-bit lane). */
struct LaneTwiddle {
    std::int32_t z[8], zq[8], zOdd[8];
};
/** The last three layers' twiddles for each 64-coefficient batch: [0] len 4, [1] len 2 for offsets 0/1,
 *  [2] len 2 for offsets 4/5, [3..6] len 1 for offsets 0, 2, 4, 6. */
struct LaneTwiddles {
    LaneTwiddle v[4][7];
};

constexpr void setLane(LaneTwiddle& t, int lane, std::int32_t z) {
    t.z[lane] = z;
    t.zq[lane] = timesQInv(z);
    if (lane % 2) t.zOdd[lane - 1] = t.zOdd[lane] = z;
}

constexpr LaneTwiddles laneTwiddles(bool inverse) {
    LaneTwiddles t{};
    // Forward, layer len L, block b: zetas[128 / L + b]; the inverse's block b of that layer takes
    // -zetas[256 / L - 1 - b], i.e. index 3 * 128 / L - 1 - k for the forward's index k.
    auto zeta = [inverse](int k, int base) {
        return inverse ? kMontZetasNeg[static_cast<std::size_t>(3 * base - 1 - k)]
                       : kMontZetas[static_cast<std::size_t>(k)];
    };
    for (int batch = 0; batch < 4; ++batch)
        for (int lane = 0; lane < 8; ++lane) {
            const int g = 8 * batch + lane; // group of 8 coefficients [8g, 8g + 8)
            setLane(t.v[batch][0], lane, zeta(32 + g, 32));
            setLane(t.v[batch][1], lane, zeta(64 + 2 * g, 64));
            setLane(t.v[batch][2], lane, zeta(64 + 2 * g + 1, 64));
            for (int p = 0; p < 4; ++p)
                setLane(t.v[batch][3 + p], lane, zeta(128 + 4 * g + p, 128));
        }
    return t;
}

struct BroadcastTwiddles {
    std::int32_t z[32], zq[32];
};
constexpr BroadcastTwiddles broadcastTwiddles(const std::array<std::int32_t, kMlDsaN>& zetas) {
    BroadcastTwiddles t{};
    for (int k = 0; k < 32; ++k) {
        t.z[k] = zetas[static_cast<std::size_t>(k)];
        t.zq[k] = timesQInv(t.z[k]);
    }
    return t;
}

alignas(32) constexpr LaneTwiddles kForwardLanes = laneTwiddles(false);
alignas(32) constexpr LaneTwiddles kInverseLanes = laneTwiddles(true);
constexpr BroadcastTwiddles kForwardBroadcast = broadcastTwiddles(kMontZetas);
constexpr BroadcastTwiddles kInverseBroadcast = broadcastTwiddles(kMontZetasNeg);

#define RS_AVX2_FN __attribute__((target("avx2"), always_inline)) inline
// The loops over a batch's 8 vectors must be unrolled for the vectors to live in registers (GCC does not
// unroll them at -O2).
#if defined(__clang__)
#define RS_UNROLL _Pragma("unroll")
#else
#define RS_UNROLL _Pragma("GCC unroll 8")
#endif

RS_AVX2_FN __m256i load(const std::int32_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
RS_AVX2_FN void store(std::int32_t* p, __m256i v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}
/** The odd 32-bit lanes' high halves moved down (vmovshdup). */
RS_AVX2_FN __m256i highToLow(__m256i x) {
    return _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(x)));
}

/** A twiddle for montMul: z and z q^-1 per lane, and z's odd lanes moved to the even positions. */
struct Tw {
    __m256i z, zq, zOdd;
};
RS_AVX2_FN Tw broadcast(const BroadcastTwiddles& t, int k) {
    const __m256i z = _mm256_set1_epi32(t.z[k]), zq = _mm256_set1_epi32(t.zq[k]);
    return {z, zq, z};
}
RS_AVX2_FN Tw lanes(const LaneTwiddle& t) {
    return {load(t.z), load(t.zq), load(t.zOdd)};
}

/** The high halves of the 64-bit even-lane results e and odd-lane results o as 8 lanes. */
RS_AVX2_FN __m256i gatherHigh(__m256i e, __m256i o) {
    return _mm256_blend_epi32(highToLow(e), o, 0xAA);
}

/** Lane-wise b z 2^-32 mod q, in (-q, q) for |b z| < q 2^31 (the same value as mldsanttfast.cpp's
 *  montMul). */
RS_AVX2_FN __m256i montMul(__m256i b, const Tw& t) {
    const __m256i q = _mm256_set1_epi32(kQ);
    const __m256i bo = _mm256_srli_epi64(b, 32);
    const __m256i m = _mm256_mullo_epi32(b, t.zq); // m = b zeta q^-1 mod 2^32, all 8 lanes at once
    const __m256i he = _mm256_mul_epi32(b, t.z), ho = _mm256_mul_epi32(bo, t.zOdd);
    const __m256i le = _mm256_mul_epi32(m, q), lo = _mm256_mul_epi32(_mm256_srli_epi64(m, 32), q);
    return gatherHigh(_mm256_sub_epi32(he, le), _mm256_sub_epi32(ho, lo));
}

/** Lane-wise a b 2^-32 mod q for arbitrary a, b (q^-1 applied after the product). */
RS_AVX2_FN __m256i montMulPlain(__m256i a, __m256i b) {
    const __m256i q = _mm256_set1_epi32(kQ);
    const __m256i qinv = _mm256_set1_epi32(static_cast<std::int32_t>(kMontQInv));
    const __m256i pe = _mm256_mul_epi32(a, b);
    const __m256i po = _mm256_mul_epi32(_mm256_srli_epi64(a, 32), highToLow(b));
    const __m256i le = _mm256_mul_epi32(_mm256_mul_epi32(pe, qinv), q);
    const __m256i lo = _mm256_mul_epi32(_mm256_mul_epi32(po, qinv), q);
    return gatherHigh(_mm256_sub_epi32(pe, le), _mm256_sub_epi32(po, lo));
}

RS_AVX2_FN __m256i addQIfNegative(__m256i x) {
    return _mm256_add_epi32(x, _mm256_and_si256(_mm256_srai_epi32(x, 31), _mm256_set1_epi32(kQ)));
}

/** |x| < 2^31 - 2^22 -> [0, q). */
RS_AVX2_FN __m256i freeze(__m256i x) {
    const __m256i t = _mm256_srai_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(1 << 22)), 23);
    return addQIfNegative(_mm256_sub_epi32(x, _mm256_mullo_epi32(t, _mm256_set1_epi32(kQ))));
}

RS_AVX2_FN void butterflyCt(__m256i& a, __m256i& b, const Tw& z) {
    const __m256i t = montMul(b, z);
    b = _mm256_sub_epi32(a, t);
    a = _mm256_add_epi32(a, t);
}

RS_AVX2_FN void butterflyGs(__m256i& a, __m256i& b, const Tw& z) {
    const __m256i t = a;
    a = _mm256_add_epi32(t, b);
    b = montMul(_mm256_sub_epi32(t, b), z);
}

RS_AVX2_FN void transpose8(__m256i r[8]) {
    __m256i t[8], u[8];
    RS_UNROLL
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_epi32(r[i], r[i + 1]);
    }
    RS_UNROLL
    for (int i = 0; i < 8; i += 4) {
        u[i] = _mm256_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm256_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm256_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm256_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    RS_UNROLL
    for (int i = 0; i < 4; ++i) {
        r[i] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x20);
        r[i + 4] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x31);
    }
}

/** The forward NTT; Freeze: reduce the output to [0, q), else leave it lazy (|x| < bound + 8q). */
template <bool Freeze> RS_AVX2_FN void nttKernel(std::int32_t* w) {
    const BroadcastTwiddles& bt = kForwardBroadcast;
    // Layers len 128, 64, 32: vector i holds coefficients [8 off + 32 i, + 8).
    for (int off = 0; off < 4; ++off) {
        __m256i r[8];
        RS_UNROLL
        for (int i = 0; i < 8; ++i)
            r[i] = load(w + 8 * off + 32 * i);
        const Tw z1 = broadcast(bt, 1);
        RS_UNROLL
        for (int i = 0; i < 4; ++i)
            butterflyCt(r[i], r[i + 4], z1);
        const Tw z2 = broadcast(bt, 2), z3 = broadcast(bt, 3);
        butterflyCt(r[0], r[2], z2);
        butterflyCt(r[1], r[3], z2);
        butterflyCt(r[4], r[6], z3);
        butterflyCt(r[5], r[7], z3);
        RS_UNROLL
        for (int j = 0; j < 4; ++j)
            butterflyCt(r[2 * j], r[2 * j + 1], broadcast(bt, 4 + j));
        RS_UNROLL
        for (int i = 0; i < 8; ++i)
            store(w + 8 * off + 32 * i, r[i]);
    }
    // Layers len 16, 8, then 4, 2, 1 on the transposed batch: vector i holds [64 batch + 8 i, + 8).
    for (int batch = 0; batch < 4; ++batch) {
        std::int32_t* p = w + 64 * batch;
        __m256i r[8];
        RS_UNROLL
        for (int i = 0; i < 8; ++i)
            r[i] = load(p + 8 * i);
        const Tw za = broadcast(bt, 8 + 2 * batch), zb = broadcast(bt, 9 + 2 * batch);
        butterflyCt(r[0], r[2], za);
        butterflyCt(r[1], r[3], za);
        butterflyCt(r[4], r[6], zb);
        butterflyCt(r[5], r[7], zb);
        RS_UNROLL
        for (int j = 0; j < 4; ++j)
            butterflyCt(r[2 * j], r[2 * j + 1], broadcast(bt, 16 + 4 * batch + j));
        transpose8(r);
        const auto& tw = kForwardLanes.v[batch];
        const Tw z4 = lanes(tw[0]);
        RS_UNROLL
        for (int k = 0; k < 4; ++k)
            butterflyCt(r[k], r[k + 4], z4);
        const Tw z2a = lanes(tw[1]), z2b = lanes(tw[2]);
        butterflyCt(r[0], r[2], z2a);
        butterflyCt(r[1], r[3], z2a);
        butterflyCt(r[4], r[6], z2b);
        butterflyCt(r[5], r[7], z2b);
        RS_UNROLL
        for (int k = 0; k < 4; ++k)
            butterflyCt(r[2 * k], r[2 * k + 1], lanes(tw[3 + k]));
        transpose8(r);
        RS_UNROLL
        for (int i = 0; i < 8; ++i)
            store(p + 8 * i, Freeze ? freeze(r[i]) : r[i]);
    }
}

/** The inverse NTT, the last layer's outputs multiplied by F 2^-32 (F centred; folded into the last layer's
 *  twiddle as the portable code does); Canonical: add q to the negatives, giving [0, q), else leave (-q, q).
 */
template <bool Canonical, std::int32_t F> RS_AVX2_FN void inverseNttKernel(std::int32_t* w) {
    const BroadcastTwiddles& bt = kInverseBroadcast;
    // Layers len 1, 2, 4 on the transposed batch, then len 8, 16: vector i holds [64 batch + 8 i, + 8).
    for (int batch = 0; batch < 4; ++batch) {
        std::int32_t* p = w + 64 * batch;
        const auto& tw = kInverseLanes.v[batch];
        __m256i r[8];
        RS_UNROLL
        for (int i = 0; i < 8; ++i)
            r[i] = load(p + 8 * i);
        transpose8(r);
        RS_UNROLL
        for (int k = 0; k < 4; ++k)
            butterflyGs(r[2 * k], r[2 * k + 1], lanes(tw[3 + k]));
        const Tw z2a = lanes(tw[1]), z2b = lanes(tw[2]);
        butterflyGs(r[0], r[2], z2a);
        butterflyGs(r[1], r[3], z2a);
        butterflyGs(r[4], r[6], z2b);
        butterflyGs(r[5], r[7], z2b);
        const Tw z4 = lanes(tw[0]);
        RS_UNROLL
        for (int k = 0; k < 4; ++k)
            butterflyGs(r[k], r[k + 4], z4);
        transpose8(r);
        // len 8: block 4 batch + j takes -zetas[31 - (4 batch + j)]; len 16: -zetas[15 - (2 batch + j)].
        RS_UNROLL
        for (int j = 0; j < 4; ++j)
            butterflyGs(r[2 * j], r[2 * j + 1], broadcast(bt, 31 - 4 * batch - j));
        const Tw za = broadcast(bt, 15 - 2 * batch), zb = broadcast(bt, 14 - 2 * batch);
        butterflyGs(r[0], r[2], za);
        butterflyGs(r[1], r[3], za);
        butterflyGs(r[4], r[6], zb);
        butterflyGs(r[5], r[7], zb);
        RS_UNROLL
        for (int i = 0; i < 8; ++i)
            store(p + 8 * i, r[i]);
    }
    // Layers len 32, 64, 128 with the final factor: vector i holds [8 off + 32 i, + 8).
    constexpr std::int32_t kZf = montLastTwiddle(F);
    const Tw ft = {_mm256_set1_epi32(F), _mm256_set1_epi32(timesQInv(F)), _mm256_set1_epi32(F)};
    const Tw zft = {_mm256_set1_epi32(kZf), _mm256_set1_epi32(timesQInv(kZf)), _mm256_set1_epi32(kZf)};
    for (int off = 0; off < 4; ++off) {
        __m256i r[8];
        RS_UNROLL
        for (int i = 0; i < 8; ++i)
            r[i] = load(w + 8 * off + 32 * i);
        RS_UNROLL
        for (int j = 0; j < 4; ++j)
            butterflyGs(r[2 * j], r[2 * j + 1], broadcast(bt, 7 - j));
        const Tw z3 = broadcast(bt, 3), z2 = broadcast(bt, 2);
        butterflyGs(r[0], r[2], z3);
        butterflyGs(r[1], r[3], z3);
        butterflyGs(r[4], r[6], z2);
        butterflyGs(r[5], r[7], z2);
        RS_UNROLL
        for (int i = 0; i < 4; ++i) {
            const __m256i t = r[i];
            r[i] = montMul(_mm256_add_epi32(t, r[i + 4]), ft);
            r[i + 4] = montMul(_mm256_sub_epi32(t, r[i + 4]), zft);
        }
        RS_UNROLL
        for (int i = 0; i < 8; ++i)
            store(w + 8 * off + 32 * i, Canonical ? addQIfNegative(r[i]) : r[i]);
    }
}

} // namespace

__attribute__((target("avx2"))) void mldsaNttAvx2(std::int32_t* w) noexcept {
    nttKernel<true>(w);
}

__attribute__((target("avx2"))) void mldsaNttLazyAvx2(std::int32_t* w) noexcept {
    nttKernel<false>(w);
}

__attribute__((target("avx2"))) void mldsaInverseNttAvx2(std::int32_t* w) noexcept {
    inverseNttKernel<true, kMontNInverse>(w);
}

__attribute__((target("avx2"))) void mldsaInverseNttMontAvx2(std::int32_t* w) noexcept {
    inverseNttKernel<false, kMontNInverseR>(w);
}

__attribute__((target("avx2"))) void mldsaInverseNttMontCanonicalAvx2(std::int32_t* w) noexcept {
    inverseNttKernel<true, kMontNInverseR>(w); // the last layer's outputs are montMul's, in (-q, q)
}

__attribute__((target("avx2"))) void mldsaMultiplyAvx2(std::int32_t* a, const std::int32_t* b) noexcept {
    const __m256i r2 = _mm256_set1_epi32(kMontR2);
    for (int i = 0; i < 256; i += 8)
        store(a + i, addQIfNegative(montMulPlain(r2, montMulPlain(load(a + i), load(b + i)))));
}

__attribute__((target("avx2"))) void mldsaPointwiseMontAvx2(std::int32_t* out, const std::int32_t* a,
                                                            const std::int32_t* b) noexcept {
#if defined(__clang__)
#pragma unroll 4
#else
#pragma GCC unroll 4
#endif
    for (int i = 0; i < 256; i += 8)
        store(out + i, montMulPlain(load(a + i), load(b + i)));
}

namespace {

/** out = sum_j a_j o b_j 2^-32 over L pairs (L = 0: the run-time count), the products summed in 64 bits. */
template <int L>
RS_AVX2_FN void pointwiseAccKernel(std::int32_t* out, const std::int32_t* a, const std::int32_t* b,
                                   std::size_t count) {
    const __m256i q = _mm256_set1_epi32(kQ);
    const __m256i qinv = _mm256_set1_epi32(static_cast<std::int32_t>(kMontQInv));
    const std::size_t n = L > 0 ? static_cast<std::size_t>(L) : count;
    for (int i = 0; i < 256; i += 8) {
        __m256i pe = _mm256_setzero_si256(), po = _mm256_setzero_si256();
        RS_UNROLL
        for (std::size_t j = 0; j < n; ++j) {
            const __m256i x = load(a + 256 * j + i), y = load(b + 256 * j + i);
            pe = _mm256_add_epi64(pe, _mm256_mul_epi32(x, y));
            po = _mm256_add_epi64(po, _mm256_mul_epi32(_mm256_srli_epi64(x, 32), highToLow(y)));
        }
        const __m256i le = _mm256_mul_epi32(_mm256_mul_epi32(pe, qinv), q);
        const __m256i lo = _mm256_mul_epi32(_mm256_mul_epi32(po, qinv), q);
        store(out + i, gatherHigh(_mm256_sub_epi32(pe, le), _mm256_sub_epi32(po, lo)));
    }
}

} // namespace

__attribute__((target("avx2"))) void mldsaPointwiseMontAccAvx2(std::int32_t* out, const std::int32_t* a,
                                                               const std::int32_t* b,
                                                               std::size_t count) noexcept {
    // ML-DSA's l and k are 4, 5 and 7 (and 6, 8 for k): fixed counts unroll completely.
    switch (count) {
    case 4:
        return pointwiseAccKernel<4>(out, a, b, count);
    case 5:
        return pointwiseAccKernel<5>(out, a, b, count);
    case 6:
        return pointwiseAccKernel<6>(out, a, b, count);
    case 7:
        return pointwiseAccKernel<7>(out, a, b, count);
    case 8:
        return pointwiseAccKernel<8>(out, a, b, count);
    default:
        return pointwiseAccKernel<0>(out, a, b, count);
    }
}

__attribute__((target("avx2"))) void mldsaFreezeAvx2(std::int32_t* w) noexcept {
    for (int i = 0; i < 256; i += 8)
        store(w + i, freeze(load(w + i)));
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
void mldsaNttLazyAvx2(std::int32_t*) noexcept {}
void mldsaInverseNttAvx2(std::int32_t*) noexcept {}
void mldsaInverseNttMontAvx2(std::int32_t*) noexcept {}
void mldsaInverseNttMontCanonicalAvx2(std::int32_t*) noexcept {}
void mldsaMultiplyAvx2(std::int32_t*, const std::int32_t*) noexcept {}
void mldsaPointwiseMontAvx2(std::int32_t*, const std::int32_t*, const std::int32_t*) noexcept {}
void mldsaPointwiseMontAccAvx2(std::int32_t*, const std::int32_t*, const std::int32_t*,
                               std::size_t) noexcept {}
void mldsaFreezeAvx2(std::int32_t*) noexcept {}
void mldsaAddAvx2(std::int32_t*, const std::int32_t*) noexcept {}
bool mldsaAvx2Compiled() noexcept {
    return false;
}

#endif

} // namespace rs::crypto::detail
