// ML-DSA fast path: dispatch and the portable implementation (scalar Montgomery arithmetic with lazy
// reduction). Bounds (all coefficients are signed 32-bit):
//  - montgomery(a) = (a - m q) / 2^32 with m = a * q^-1 mod 2^32 lies in (-q, q) whenever |a| < q 2^31.
//  - NTT: inputs in [0, q); each Cooley–Tukey layer adds a Montgomery product (|t| < q) to or from a
//    coefficient, so after 8 layers |x| < 9q; twiddles are centred (|z| <= q/2), so every product
//    stays below 9q * q/2 < q 2^31. A final reduction (subtract round(x / 2^23) q, then add q if negative)
//    gives [0, q).
//  - NTT^-1: a Gentleman–Sande layer sums two coefficients (no reduction) and multiplies their
//    difference by a twiddle; after k layers |x| < 2^k q, so |x| < 256q < 2^31 after the 8th, and the
//    final multiplication by 256^-1 R (centred) is a valid Montgomery input. Its result is in (-q, q):
//    adding q to the negatives gives [0, q).
//  - MultiplyNTT (AVX2): montgomery(a b) is a b R^-1 in (-q, q); montgomery of that times R^2 mod q is
//    a b. The portable code takes a b mod q directly (a, b in [0, q): the product is non-negative).
#include "core/crypto/mldsanttfast.h"
#include "core/crypto/cpufeatures.h"

#include <atomic>

#include "core/crypto/mldsamontgomery.h"

namespace rs::crypto {

namespace {

using detail::kMontQInv;
constexpr std::int32_t kQ = kMlDsaQ;

inline std::int32_t montReduce(std::int64_t a) noexcept {
    const auto m =
        static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(a)) * kMontQInv);
    return static_cast<std::int32_t>((a - std::int64_t{m} * kQ) >> 32);
}
inline std::int32_t montMul(std::int32_t a, std::int32_t b) noexcept {
    return montReduce(std::int64_t{a} * b);
}
/** (-q, q) -> [0, q). */
inline std::int32_t addQIfNegative(std::int32_t x) noexcept {
    return x + ((x >> 31) & kQ);
}
/** |x| < 2^31 - 2^22 -> [0, q). */
inline std::int32_t freeze(std::int32_t x) noexcept {
    const std::int32_t t = (x + (1 << 22)) >> 23;
    return addQIfNegative(x - t * kQ);
}

void nttPortable(std::int32_t* w) noexcept {
    std::size_t m = 0;
    for (std::size_t len = 128; len >= 1; len /= 2)
        for (std::size_t start = 0; start < kMlDsaN; start += 2 * len) {
            const std::int32_t z = detail::kMontZetas[++m];
            for (std::size_t j = start; j < start + len; ++j) {
                const std::int32_t t = montMul(z, w[j + len]);
                w[j + len] = w[j] - t;
                w[j] = w[j] + t;
            }
        }
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        w[i] = freeze(w[i]);
}

void inverseNttPortable(std::int32_t* w) noexcept {
    std::size_t m = kMlDsaN;
    for (std::size_t len = 1; len < kMlDsaN; len *= 2)
        for (std::size_t start = 0; start < kMlDsaN; start += 2 * len) {
            const std::int32_t z = detail::kMontZetasNeg[--m];
            for (std::size_t j = start; j < start + len; ++j) {
                const std::int32_t t = w[j];
                w[j] = t + w[j + len];
                w[j + len] = montMul(z, t - w[j + len]);
            }
        }
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        w[i] = addQIfNegative(montMul(detail::kMontNInverse, w[i]));
}

// a and b may be the same polynomial; every element is read before it is written and no element depends
// on another, so the loops carry no dependency: the pragmas let the compiler vectorise them without a
// run-time overlap check.
#if defined(__clang__)
#define RS_NO_LOOP_DEPENDENCY _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define RS_NO_LOOP_DEPENDENCY _Pragma("GCC ivdep")
#else
#define RS_NO_LOOP_DEPENDENCY
#endif

void multiplyPortable(std::int32_t* a, const std::int32_t* b) noexcept {
    RS_NO_LOOP_DEPENDENCY
    // Scalar code has a 64-bit product at hand: one remainder by the constant q (which the compiler turns
    // into multiplications) is cheaper than two Montgomery steps; the AVX2 kernel uses Montgomery.
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        a[i] = static_cast<std::int32_t>(std::int64_t{a[i]} * b[i] % kQ);
}

void addPortable(std::int32_t* a, const std::int32_t* b) noexcept {
    RS_NO_LOOP_DEPENDENCY
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        a[i] = addQIfNegative(a[i] + b[i] - kQ);
}

/** -1: automatic; else the forced MlDsaFastImpl. */
std::atomic<int> g_forced{-1};

bool cpuHasAvx2() noexcept {
    return cpuHas(CpuFeature::Avx2);
}

MlDsaFastImpl checked(MlDsaFastImpl impl) {
    if (!mldsaFastImplAvailable(impl))
        throw InvalidArgument(std::string("ML-DSA fast path: implementation '") + mldsaFastImplName(impl) +
                              "' is not available on this machine (it runs " +
                              mldsaFastImplName(mldsaFastImplInUse()) + ")");
    return impl;
}

} // namespace

const char* mldsaFastImplName(MlDsaFastImpl impl) noexcept {
    return impl == MlDsaFastImpl::Avx2 ? "avx2" : "portable";
}

std::optional<MlDsaFastImpl> mldsaFastImplFromName(std::string_view name) noexcept {
    if (name == "portable") return MlDsaFastImpl::Portable;
    if (name == "avx2") return MlDsaFastImpl::Avx2;
    return std::nullopt;
}

bool mldsaFastImplAvailable(MlDsaFastImpl impl) noexcept {
    return impl == MlDsaFastImpl::Portable || (detail::mldsaAvx2Compiled() && cpuHasAvx2());
}

std::vector<MlDsaFastImpl> mldsaFastImpls() {
    std::vector<MlDsaFastImpl> out{MlDsaFastImpl::Portable};
    if (mldsaFastImplAvailable(MlDsaFastImpl::Avx2)) out.push_back(MlDsaFastImpl::Avx2);
    return out;
}

MlDsaFastImpl mldsaFastImplInUse() noexcept {
    const int forced = g_forced.load(std::memory_order_relaxed);
    if (forced >= 0) return static_cast<MlDsaFastImpl>(forced);
    return mldsaFastImplAvailable(MlDsaFastImpl::Avx2) ? MlDsaFastImpl::Avx2 : MlDsaFastImpl::Portable;
}

void mldsaForceFastImpl(std::optional<MlDsaFastImpl> impl) {
    if (impl) checked(*impl);
    g_forced.store(impl ? static_cast<int>(*impl) : -1, std::memory_order_relaxed);
}

void mldsaNttFastInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept {
    if (impl == MlDsaFastImpl::Avx2 && mldsaFastImplAvailable(impl))
        detail::mldsaNttAvx2(w.data());
    else
        nttPortable(w.data());
}

void mldsaInverseNttFastInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept {
    if (impl == MlDsaFastImpl::Avx2 && mldsaFastImplAvailable(impl))
        detail::mldsaInverseNttAvx2(w.data());
    else
        inverseNttPortable(w.data());
}

void mldsaMultiplyNttFastInPlace(MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl) noexcept {
    if (impl == MlDsaFastImpl::Avx2 && mldsaFastImplAvailable(impl))
        detail::mldsaMultiplyAvx2(a.data(), b.data());
    else
        multiplyPortable(a.data(), b.data());
}

void mldsaAddNttFastInPlace(MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl) noexcept {
    if (impl == MlDsaFastImpl::Avx2 && mldsaFastImplAvailable(impl))
        detail::mldsaAddAvx2(a.data(), b.data());
    else
        addPortable(a.data(), b.data());
}

MlDsaPoly mldsaNttFast(const MlDsaPoly& w) noexcept {
    MlDsaPoly r = w;
    mldsaNttFastInPlace(r, mldsaFastImplInUse());
    return r;
}
MlDsaPoly mldsaInverseNttFast(const MlDsaPoly& w) noexcept {
    MlDsaPoly r = w;
    mldsaInverseNttFastInPlace(r, mldsaFastImplInUse());
    return r;
}
MlDsaPoly mldsaMultiplyNttFast(const MlDsaPoly& a, const MlDsaPoly& b) noexcept {
    MlDsaPoly r = a;
    mldsaMultiplyNttFastInPlace(r, b, mldsaFastImplInUse());
    return r;
}
MlDsaPoly mldsaAddNttFast(const MlDsaPoly& a, const MlDsaPoly& b) noexcept {
    MlDsaPoly r = a;
    mldsaAddNttFastInPlace(r, b, mldsaFastImplInUse());
    return r;
}

MlDsaPoly mldsaNttFast(const MlDsaPoly& w, MlDsaFastImpl impl) {
    MlDsaPoly r = w;
    mldsaNttFastInPlace(r, checked(impl));
    return r;
}
MlDsaPoly mldsaInverseNttFast(const MlDsaPoly& w, MlDsaFastImpl impl) {
    MlDsaPoly r = w;
    mldsaInverseNttFastInPlace(r, checked(impl));
    return r;
}
MlDsaPoly mldsaMultiplyNttFast(const MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl) {
    MlDsaPoly r = a;
    mldsaMultiplyNttFastInPlace(r, b, checked(impl));
    return r;
}
MlDsaPoly mldsaAddNttFast(const MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl) {
    MlDsaPoly r = a;
    mldsaAddNttFastInPlace(r, b, checked(impl));
    return r;
}

} // namespace rs::crypto
