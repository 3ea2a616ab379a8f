// LEA fast path, SSE2 kernel (built with -msse2): 4 blocks at a time, encryption and decryption, with the
// lane-wise rounds of leafastx4.h. Only intrinsics and raw pointers here (see leafastkernels.h).
#include "core/crypto/leafastkernels.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) &&               \
    defined(__SSE2__)
#define RS_LEA_SSE2 1
#include "core/crypto/leafastx4.h"
#endif

namespace rs::crypto::detail {

#ifdef RS_LEA_SSE2

std::size_t leaEcbSse2(const LeaKernelKeys& keys, bool decrypt, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t blocks) noexcept {
    const std::size_t groups = blocks / 4;
    for (std::size_t g = 0; g < groups; ++g, in += 64, out += 64) {
        if (decrypt)
            group4<true>(keys.dkx4, keys.rounds, in, out);
        else
            group4<false>(keys.rkx4, keys.rounds, in, out);
    }
    return 4 * groups;
}

bool leaSse2Compiled() noexcept {
    return true;
}

#else

std::size_t leaEcbSse2(const LeaKernelKeys&, bool, const std::uint8_t*, std::uint8_t*, std::size_t) noexcept {
    return 0;
}

bool leaSse2Compiled() noexcept {
    return false;
}

#endif

} // namespace rs::crypto::detail
