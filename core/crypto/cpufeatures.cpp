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
    }
    return false;
#else
    (void)feature;
    return false;
#endif
}

} // namespace

bool cpuHas(CpuFeature feature) noexcept {
    static const std::array<bool, 6> known = [] {
        std::array<bool, 6> a{};
        for (int f = 0; f < 6; ++f)
            a[static_cast<std::size_t>(f)] = ask(static_cast<CpuFeature>(f));
        return a;
    }();
    return known[static_cast<std::size_t>(feature)];
}

} // namespace rs::crypto
