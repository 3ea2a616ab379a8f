#pragma once
// What the processor running this program offers, asked once per feature (GCC/Clang on x86; false
// elsewhere). The fast paths choose their kernels with it at run time, so the library runs on any x86-64.

namespace rs::crypto {

enum class CpuFeature { Sse2, Ssse3, Pclmul, Popcnt, Avx2, Avx512f, Avx512bw, Vpclmulqdq };

/** @brief Whether the CPU has the feature (the answer is computed once and cached). */
bool cpuHas(CpuFeature feature) noexcept;

} // namespace rs::crypto
