// Keccak-f[1600] fast path, AVX-512 kernel: 8 states, one per 64-bit lane of a __m512i (keccakfastkernel.h's
// round without lane complementing): vprolq rotations, vpternlogq for χ (a ^ (~b & c), table 0xD2) and for
// θ's five-way XORs (0x96). Built with -mavx2 -mavx512f (core/crypto/CMakeLists.txt) and called only when
// the CPU reports AVX-512F; it includes no library header but the kernel's, so nothing here is shared with
// code built without AVX-512.
#include "core/crypto/keccakfastkernel.h"

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace rs::crypto::detail {

#if defined(__AVX512F__)

namespace {

struct Avx512Ops {
    using V = __m512i;
    static constexpr bool kComplementLanes = false;
    static V set1(std::uint64_t v) noexcept { return _mm512_set1_epi64(static_cast<long long>(v)); }
    static V x(V a, V b) noexcept { return _mm512_xor_si512(a, b); }
    static V xor5(V a, V b, V c, V d, V e) noexcept {
        return _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96);
    }
    static V chi(V a, V b, V c) noexcept { return _mm512_ternarylogic_epi64(a, b, c, 0xD2); }
    template <int N> static V rol(V a) noexcept {
        if constexpr (N == 0)
            return a;
        else
            return _mm512_rol_epi64(a, N);
    }
};

} // namespace

bool keccakAvx512Compiled() noexcept {
    return true;
}

void keccakX8Avx512(std::uint64_t* w) noexcept {
    KeccakLanes<Avx512Ops> A;
#define RS_KECCAK_LOAD(i) A.a[i] = _mm512_loadu_si512(w + 8 * (i));
    RS_KECCAK_EACH_LANE(RS_KECCAK_LOAD)
#undef RS_KECCAK_LOAD
    keccakFastPermute<Avx512Ops>(A);
#define RS_KECCAK_STORE(i) _mm512_storeu_si512(w + 8 * (i), A.a[i]);
    RS_KECCAK_EACH_LANE(RS_KECCAK_STORE)
#undef RS_KECCAK_STORE
}

#else

bool keccakAvx512Compiled() noexcept {
    return false;
}

void keccakX8Avx512(std::uint64_t*) noexcept {}

#endif

} // namespace rs::crypto::detail
