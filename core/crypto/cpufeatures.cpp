#include "core/crypto/cpufeatures.h"

#include <array>

namespace rs::crypto {

namespace {

bool ask(CpuFeature feature) noexcept {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init(); // may run before the CPU model is set up (static initialisation)
    // __builtin_cpu_supports needs a literal argument.
    switch (feature) {
    case CpuFeature::Sse2:
        return __builtin_cpu_supports("sse2") != 0;
    case CpuFeature::Ssse3:
        return __builtin_cpu_supports("ssse3") != 0;
    case CpuFeature::Pclmul:
        return __builtin_cpu_supports("pclmul") != 0;
    case CpuFeature::Popcnt:
        return __builtin_cpu_supports("popcnt") != 0;
    case CpuFeature::Avx2:
        return __builtin_cpu_supports("avx2") != 0;
    case CpuFeature::Avx512f:
        return __builtin_cpu_supports("avx512f") != 0;
    case CpuFeature::Avx512bw:
        return __builtin_cpu_supports("avx512bw") != 0;
    case CpuFeature::Vpclmulqdq:
        return __builtin_cpu_supports("vpclmulqdq") != 0;
    }
    return false;
#else
    (void)feature;
    return false;
#endif
}

} // namespace

bool cpuHas(CpuFeature feature) noexcept {
    constexpr int kCount = static_cast<int>(CpuFeature::Vpclmulqdq) + 1;
    static const std::array<bool, kCount> known = [] {
        std::array<bool, kCount> a{};
        for (int f = 0; f < kCount; ++f)
            a[static_cast<std::size_t>(f)] = ask(static_cast<CpuFeature>(f));
        return a;
    }();
    return known[static_cast<std::size_t>(feature)];
}

} // namespace rs::crypto
