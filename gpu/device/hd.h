#pragma once
// Shared by the CUDA kernels and the host tests: RS_HD marks a function __host__ __device__ under nvcc
// and is empty for the host compiler, so the same per-block code runs on the GPU and in CTest on the CPU.

#include <cstdint>

#if defined(__CUDACC__)
#define RS_HD __host__ __device__ __forceinline__
#define RS_UNROLL _Pragma("unroll")
#else
#define RS_HD inline
#define RS_UNROLL
#endif

namespace rs::gpu {

/** @brief Byte r (0 = least significant) of w; PRMT on the device. */
RS_HD std::uint32_t byteOf(std::uint32_t w, int r) {
#if defined(__CUDA_ARCH__)
    return __byte_perm(w, 0u, 0x4440u + static_cast<unsigned>(r));
#else
    return (w >> (8 * r)) & 0xffu;
#endif
}

RS_HD std::uint32_t rol32(std::uint32_t x, int n) {
    return (x << n) | (x >> (32 - n));
}
RS_HD std::uint32_t ror32(std::uint32_t x, int n) {
    return (x >> n) | (x << (32 - n));
}
RS_HD std::uint64_t ror64(std::uint64_t x, int n) {
    return (x >> n) | (x << (64 - n));
}

RS_HD std::uint32_t load32le(const std::uint8_t* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}
RS_HD void store32le(std::uint8_t* p, std::uint32_t v) {
    p[0] = static_cast<std::uint8_t>(v);
    p[1] = static_cast<std::uint8_t>(v >> 8);
    p[2] = static_cast<std::uint8_t>(v >> 16);
    p[3] = static_cast<std::uint8_t>(v >> 24);
}

/** @brief A 128-bit block as four little-endian words (bytes 4i..4i+3 in word i). */
struct Block128 {
    std::uint32_t w[4];
};

RS_HD Block128 loadBlock(const std::uint8_t* p) {
    return {{load32le(p), load32le(p + 4), load32le(p + 8), load32le(p + 12)}};
}
RS_HD void storeBlock(std::uint8_t* p, const Block128& b) {
    for (int i = 0; i < 4; ++i)
        store32le(p + 4 * i, b.w[i]);
}

/** @brief The CTR counter block of block `index`: iv + index as one big-endian 128-bit integer (wrapping),
 *  as rs::crypto::ctrXor increments it. Computed per thread in registers, never stored. */
RS_HD Block128 counterBlock(const Block128& iv, std::uint64_t index) {
    // The big-endian integer's least significant 64 bits are bytes 8..15: words 2 and 3 byte-swapped.
    const auto bswap = [](std::uint32_t x) {
        return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
    };
    std::uint64_t lo = (std::uint64_t(bswap(iv.w[2])) << 32) | bswap(iv.w[3]);
    std::uint64_t hi = (std::uint64_t(bswap(iv.w[0])) << 32) | bswap(iv.w[1]);
    const std::uint64_t sum = lo + index;
    hi += sum < lo ? 1 : 0;
    lo = sum;
    return {{bswap(static_cast<std::uint32_t>(hi >> 32)), bswap(static_cast<std::uint32_t>(hi)),
             bswap(static_cast<std::uint32_t>(lo >> 32)), bswap(static_cast<std::uint32_t>(lo))}};
}

} // namespace rs::gpu
