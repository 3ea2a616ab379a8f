// RejNTTPoly's coefficient rule (FIPS 204 Algorithm 14, CoeffFromThreeBytes) eight 3-byte groups at a time
// with AVX2: the 24 bytes spread to eight 32-bit lanes, the top bit of each group cleared, the lanes below q
// kept and packed to the front (a permutation looked up by the 8-bit mask of kept lanes), stored at a[n].
// RejBoundedPoly's rule (Algorithm 15, CoeffFromHalfByte) likewise, sixteen nibbles (eight bytes) a step.
// The mask's and z's unpacking (BitUnpack with 18 or 20 bits) eight values a step.
// Called only when the CPU has AVX2 (mldsaFastImplInUse() is Avx2); the same coefficients as the scalar rule.
#include "core/crypto/mldsasimd.h"

#include "core/crypto/mldsantt.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#include <array>

namespace rs::crypto::detail {

namespace {

// For each 8-bit mask, the indices of its set bits in order (then zeros): the lanes to move to the front.
constexpr std::array<std::uint64_t, 256> compressTable() {
    std::array<std::uint64_t, 256> t{};
    for (unsigned m = 0; m < 256; ++m) {
        std::uint64_t v = 0;
        int k = 0;
        for (unsigned lane = 0; lane < 8; ++lane)
            if ((m >> lane) & 1u) v |= static_cast<std::uint64_t>(lane) << (8 * k++);
        t[m] = v;
    }
    return t;
}
constexpr std::array<std::uint64_t, 256> kCompress = compressTable();

} // namespace

__attribute__((target("avx2,popcnt"))) std::size_t mldsaRejUniformAvx2(std::int32_t* a, std::size_t n,
                                                                       const std::uint8_t* buf,
                                                                       std::size_t len,
                                                                       std::size_t& pos) noexcept {
    // Bytes 0-11 of the 24 to the low 128-bit lane, bytes 12-23 to the high one (qwords 0,1 | 1,2), then
    // three bytes to each 32-bit lane (the fourth from a zeroed index).
    const __m256i spread = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1, //
                                            4, 5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1);
    const __m256i low23 = _mm256_set1_epi32(0x7FFFFF);
    const __m256i q = _mm256_set1_epi32(kMlDsaQ);
    while (n + 8 <= kMlDsaN && pos + 32 <= len) {
        __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(buf + pos));
        v = _mm256_permute4x64_epi64(v, 0x94); // qwords 0, 1, 1, 2
        v = _mm256_and_si256(_mm256_shuffle_epi8(v, spread), low23);
        const unsigned keep =
            static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(q, v))));
        const __m256i order =
            _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<long long>(kCompress[keep])));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + n), _mm256_permutevar8x32_epi32(v, order));
        n += static_cast<std::size_t>(__builtin_popcount(keep));
        pos += 24;
    }
    return n;
}

namespace {

// The value CoeffFromHalfByte gives a kept nibble h, as a signed byte: 2 - (h mod 5) or 4 - h (0 for the
// nibbles it rejects).
template <int Eta> constexpr std::array<std::int8_t, 16> etaValues() {
    std::array<std::int8_t, 16> t{};
    for (int h = 0; h < 16; ++h)
        t[static_cast<std::size_t>(h)] =
            static_cast<std::int8_t>(Eta == 2 ? (h < 15 ? 2 - h % 5 : 0) : (h < 9 ? 4 - h : 0));
    return t;
}

// Eight signed values (in [-eta, eta]) to 32-bit lanes mod q, the kept ones packed to a[n]; returns the new
// n.
// x + q in the lanes where x is negative.
__attribute__((target("avx2"))) inline __m256i addQIfNegative(__m256i x, __m256i q) noexcept {
    return _mm256_add_epi32(x, _mm256_and_si256(_mm256_srai_epi32(x, 31), q));
}

__attribute__((target("avx2,popcnt"))) inline std::size_t
keepEight(std::int32_t* a, std::size_t n, __m128i values, unsigned keep, __m256i q) noexcept {
    const __m256i v = addQIfNegative(_mm256_cvtepi8_epi32(values), q);
    const __m256i order = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<long long>(kCompress[keep])));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + n), _mm256_permutevar8x32_epi32(v, order));
    return n + static_cast<std::size_t>(__builtin_popcount(keep));
}

template <int Eta>
__attribute__((target("avx2,popcnt"))) std::size_t
rejEta(std::int32_t* a, std::size_t n, const std::uint8_t* buf, std::size_t len, std::size_t& pos) noexcept {
    static constexpr std::array<std::int8_t, 16> kValues = etaValues<Eta>();
    const __m128i values = _mm_loadu_si128(reinterpret_cast<const __m128i*>(kValues.data()));
    const __m128i low4 = _mm_set1_epi8(0x0F);
    const __m128i limit = _mm_set1_epi8(Eta == 2 ? 15 : 9);
    const __m256i q = _mm256_set1_epi32(kMlDsaQ);
    // The nibbles of the bytes in b's low half in CoeffFromHalfByte's order (low, then high, byte by byte).
    const auto nibbles = [&](__m128i b) {
        const __m128i lo = _mm_and_si128(b, low4);
        const __m128i hi = _mm_and_si128(_mm_srli_epi16(b, 4), low4);
        return _mm_unpacklo_epi8(lo, hi);
    };
    // Eight bytes (sixteen nibbles) a step while two groups of eight fit in a.
    while (n + 16 <= kMlDsaN && pos + 8 <= len) {
        std::uint64_t eight;
        __builtin_memcpy(&eight, buf + pos, 8);
        const __m128i h = nibbles(_mm_cvtsi64_si128(static_cast<long long>(eight)));
        const auto keep = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(limit, h)));
        const __m128i v = _mm_shuffle_epi8(values, h);
        n = keepEight(a, n, v, keep & 0xFF, q);
        n = keepEight(a, n, _mm_srli_si128(v, 8), keep >> 8, q);
        pos += 8;
    }
    // Then four bytes (eight nibbles) a step.
    while (n + 8 <= kMlDsaN && pos + 4 <= len) {
        std::uint32_t four;
        __builtin_memcpy(&four, buf + pos, 4);
        const __m128i h = nibbles(_mm_cvtsi32_si128(static_cast<int>(four)));
        const auto keep = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(limit, h))) & 0xFF;
        n = keepEight(a, n, _mm_shuffle_epi8(values, h), keep, q);
        pos += 4;
    }
    return n;
}

} // namespace

std::size_t mldsaRejEtaAvx2(std::int32_t* a, std::size_t n, const std::uint8_t* buf, std::size_t len,
                            std::size_t& pos, int eta) noexcept {
    return eta == 2 ? rejEta<2>(a, n, buf, len, pos) : rejEta<4>(a, n, buf, len, pos);
}

namespace {

// Eight C-bit values (C = 18 or 20) fill C bytes; value j starts at bit j C. The low 128-bit lane reads the
// group's first 16 bytes (values 0-3), the high one 16 bytes from byte C / 2 (values 4-7, bit 4 C = byte C /
// 2 as C is even); each 32-bit lane takes the 4 bytes holding its value, shifts it down and masks it.
template <int C>
__attribute__((target("avx2"))) void unpackZ(std::int32_t* out, const std::uint8_t* in,
                                             std::int32_t gamma1) noexcept {
    constexpr char kO1 = C / 8, kO2 = 2 * C / 8, kO3 = 3 * C / 8;
    const __m256i bytes = _mm256_setr_epi8(0, 1, 2, 3, kO1, kO1 + 1, kO1 + 2, kO1 + 3, kO2, kO2 + 1, kO2 + 2,
                                           kO2 + 3, kO3, kO3 + 1, kO3 + 2, kO3 + 3, //
                                           0, 1, 2, 3, kO1, kO1 + 1, kO1 + 2, kO1 + 3, kO2, kO2 + 1, kO2 + 2,
                                           kO2 + 3, kO3, kO3 + 1, kO3 + 2, kO3 + 3);
    const __m256i shifts = _mm256_setr_epi32(0, C % 8, 2 * C % 8, 3 * C % 8, 0, C % 8, 2 * C % 8, 3 * C % 8);
    const __m256i mask = _mm256_set1_epi32((1 << C) - 1);
    const __m256i g1 = _mm256_set1_epi32(gamma1);
    const __m256i q = _mm256_set1_epi32(kMlDsaQ);
    constexpr std::size_t kLen = 32 * C;
    std::size_t g = 0;
    for (; g * C + C / 2 + 16 <= kLen; ++g) { // every group but the last (whose high read would pass the end)
        const std::uint8_t* p = in + g * C;
        __m256i v = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))),
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + C / 2)), 1);
        v = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(v, bytes), shifts), mask);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8 * g),
                            addQIfNegative(_mm256_sub_epi32(g1, v), q));
    }
    for (; g < 32; ++g) {
        // Three bytes hold each value (its shift is at most 24 - C).
        const std::uint8_t* p = in + g * C;
        for (int j = 0; j < 8; ++j) {
            const int bit = j * C;
            const std::uint32_t three = static_cast<std::uint32_t>(p[bit / 8]) |
                                        (static_cast<std::uint32_t>(p[bit / 8 + 1]) << 8) |
                                        (static_cast<std::uint32_t>(p[bit / 8 + 2]) << 16);
            const std::int32_t r = gamma1 - static_cast<std::int32_t>((three >> (bit % 8)) & ((1u << C) - 1));
            out[8 * g + static_cast<std::size_t>(j)] = r + ((r >> 31) & kMlDsaQ);
        }
    }
}

} // namespace

void mldsaUnpackZAvx2(std::int32_t* out, const std::uint8_t* in, int bits, std::int32_t gamma1) noexcept {
    if (bits == 18)
        unpackZ<18>(out, in, gamma1);
    else
        unpackZ<20>(out, in, gamma1);
}

bool mldsaSampleAvx2Compiled() noexcept {
    return true;
}

} // namespace rs::crypto::detail

#else // not x86 with GCC/Clang: never called.

namespace rs::crypto::detail {
std::size_t mldsaRejUniformAvx2(std::int32_t*, std::size_t n, const std::uint8_t*, std::size_t,
                                std::size_t&) noexcept {
    return n;
}
std::size_t mldsaRejEtaAvx2(std::int32_t*, std::size_t n, const std::uint8_t*, std::size_t, std::size_t&,
                            int) noexcept {
    return n;
}
void mldsaUnpackZAvx2(std::int32_t*, const std::uint8_t*, int, std::int32_t) noexcept {}
bool mldsaSampleAvx2Compiled() noexcept {
    return false;
}
} // namespace rs::crypto::detail

#endif
