// GHASH with PCLMULQDQ (built with -mpclmul -mssse3): four blocks per reduction with H, H^2, H^3, H^4;
// the multiply and the reduction (and why they work on byte-reversed elements) are in ghashclmulx1.h.
// Only intrinsics and raw pointers here (no inline function shared with baseline code).
#include "core/crypto/ghashclmulkernels.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) &&               \
    defined(__PCLMUL__) && defined(__SSSE3__)
#define RS_GHASH_CLMUL 1
#include "core/crypto/ghashclmulx1.h"
#endif

namespace rs::crypto::detail {

#ifdef RS_GHASH_CLMUL

void ghashClmulInit(const std::uint8_t h[16], std::uint8_t htab[64]) noexcept {
    const __m128i h1 = byteReverse(load(h));
    const __m128i h2 = mul(h1, h1);
    const __m128i h3 = mul(h2, h1);
    const __m128i h4 = mul(h3, h1);
    auto* t = reinterpret_cast<__m128i*>(htab);
    _mm_store_si128(t, h1);
    _mm_store_si128(t + 1, h2);
    _mm_store_si128(t + 2, h3);
    _mm_store_si128(t + 3, h4);
}

void ghashClmulUpdate(const std::uint8_t htab[64], std::uint8_t x[16], const std::uint8_t* data,
                      std::size_t blocks) noexcept {
    const auto* t = reinterpret_cast<const __m128i*>(htab);
    const __m128i h1 = _mm_load_si128(t), h2 = _mm_load_si128(t + 1), h3 = _mm_load_si128(t + 2),
                  h4 = _mm_load_si128(t + 3);
    __m128i acc = byteReverse(load(x));
    // Four blocks per reduction: X' = (X + B0) H^4 + B1 H^3 + B2 H^2 + B3 H (Horner's rule expanded).
    for (; blocks >= 4; blocks -= 4, data += 64) {
        __m128i lo = _mm_setzero_si128(), mid = _mm_setzero_si128(), hi = _mm_setzero_si128();
        mulAcc(_mm_xor_si128(acc, byteReverse(load(data))), h4, lo, mid, hi);
        mulAcc(byteReverse(load(data + 16)), h3, lo, mid, hi);
        mulAcc(byteReverse(load(data + 32)), h2, lo, mid, hi);
        mulAcc(byteReverse(load(data + 48)), h1, lo, mid, hi);
        acc = reduce(lo, mid, hi);
    }
    for (; blocks > 0; --blocks, data += 16)
        acc = mul(_mm_xor_si128(acc, byteReverse(load(data))), h1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(x), byteReverse(acc));
}

bool ghashClmulCompiled() noexcept {
    return true;
}

#else

void ghashClmulInit(const std::uint8_t*, std::uint8_t*) noexcept {}
void ghashClmulUpdate(const std::uint8_t*, std::uint8_t*, const std::uint8_t*, std::size_t) noexcept {}
bool ghashClmulCompiled() noexcept {
    return false;
}

#endif

} // namespace rs::crypto::detail
