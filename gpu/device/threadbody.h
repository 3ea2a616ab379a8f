#pragma once
// What one CUDA thread does, as plain functions of its global index, so the host tests run the kernels'
// indexing, counters and tails on the CPU exactly as the device does (one loop over every thread index).
//
// Block modes: thread g of G threads handles blocks g, g + G, ..., g + (B-1)G (B blocks per thread:
// neighbouring threads touch neighbouring 16-byte blocks, so loads coalesce). ECB needs whole blocks;
// CTR computes its counter iv + index in registers and XORs the keystream, truncating the last block.

#include "gpu/device/hd.h"

namespace rs::gpu {

/** @brief A 16-byte aligned block load: one 128-bit load on the device, four words on the host. */
RS_HD Block128 loadBlockAligned(const std::uint8_t* p) {
#if defined(__CUDA_ARCH__)
    const uint4 v = *reinterpret_cast<const uint4*>(p);
    return {{v.x, v.y, v.z, v.w}};
#else
    return loadBlock(p);
#endif
}

RS_HD void storeBlockAligned(std::uint8_t* p, const Block128& b) {
#if defined(__CUDA_ARCH__)
    *reinterpret_cast<uint4*>(p) = make_uint4(b.w[0], b.w[1], b.w[2], b.w[3]);
#else
    storeBlock(p, b);
#endif
}

/** @brief Threads a launch needs for `bytes` with B blocks per thread. */
RS_HD std::uint64_t threadsFor(std::uint64_t bytes, int blocksPerThread) {
    const std::uint64_t blocks = (bytes + 15) / 16;
    return (blocks + static_cast<std::uint64_t>(blocksPerThread) - 1) /
           static_cast<std::uint64_t>(blocksPerThread);
}

/** @brief One thread of an ECB (ctr = false) or CTR launch of `threads` threads over `bytes` bytes.
 *  `encrypt(Block128) -> Block128` is the block cipher with its tables and keys bound. */
template <int B, class Encrypt>
RS_HD void blockModeThread(std::uint64_t thread, std::uint64_t threads, const std::uint8_t* in,
                           std::uint8_t* out, std::uint64_t bytes, bool ctr, const Block128& iv,
                           const Encrypt& encrypt) {
    const std::uint64_t blocks = (bytes + 15) / 16;
    Block128 x[B];
    RS_UNROLL
    for (int k = 0; k < B; ++k) {
        const std::uint64_t i = thread + static_cast<std::uint64_t>(k) * threads;
        if (i < blocks) x[k] = ctr ? counterBlock(iv, i) : loadBlockAligned(in + 16 * i);
    }
    RS_UNROLL
    for (int k = 0; k < B; ++k)
        x[k] = encrypt(x[k]);
    RS_UNROLL
    for (int k = 0; k < B; ++k) {
        const std::uint64_t i = thread + static_cast<std::uint64_t>(k) * threads;
        if (i >= blocks) continue;
        if (!ctr) {
            storeBlockAligned(out + 16 * i, x[k]);
        } else if (16 * i + 16 <= bytes) {
            const Block128 p = loadBlockAligned(in + 16 * i);
            storeBlockAligned(out + 16 * i, {{p.w[0] ^ x[k].w[0], p.w[1] ^ x[k].w[1], p.w[2] ^ x[k].w[2],
                                              p.w[3] ^ x[k].w[3]}});
        } else { // the last, partial block
            std::uint8_t ks[16];
            storeBlock(ks, x[k]);
            for (std::uint64_t j = 16 * i; j < bytes; ++j)
                out[j] = in[j] ^ ks[j - 16 * i];
        }
    }
}

} // namespace rs::gpu
