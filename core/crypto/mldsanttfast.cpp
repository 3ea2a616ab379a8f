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
//  - The Montgomery-domain functions (mldsanttfast.h) are the same kernels without the final reduction:
//    the lazy NTT adds < q per layer to any |x| < 2^31 - 8q; the inverse NTT's sums stay below
//    256 * 2^23 = 2^31 for |x| < 2^23 and its final factor 256^-1 R^2 (centred) leaves (-q, q); a sum of
//    products below q 2^31 in absolute value reduces to (-q, q) (|(p - m q) / 2^32| < q/2 + q/2).
#include "core/crypto/mldsanttfast.h"
#include "core/crypto/cpufeatures.h"

#include <atomic>
#include <string>

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

void nttLazyPortable(std::int32_t* w) noexcept {
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
}

void freezePortable(std::int32_t* w) noexcept {
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        w[i] = freeze(w[i]);
}

void nttPortable(std::int32_t* w) noexcept {
    nttLazyPortable(w);
    freezePortable(w);
}

/** NTT^-1 with the final factor f 2^-32, in (-q, q); the last layer (len 128) applies f with its twiddle
 *  as the AVX2 kernel does (montLastTwiddle), so both give the same values. */
void inverseNttLazyPortable(std::int32_t* w, std::int32_t f) noexcept {
    std::size_t m = kMlDsaN;
    for (std::size_t len = 1; len < kMlDsaN / 2; len *= 2)
        for (std::size_t start = 0; start < kMlDsaN; start += 2 * len) {
            const std::int32_t z = detail::kMontZetasNeg[--m];
            for (std::size_t j = start; j < start + len; ++j) {
                const std::int32_t t = w[j];
                w[j] = t + w[j + len];
                w[j + len] = montMul(z, t - w[j + len]);
            }
        }
    const std::int32_t zf = detail::montLastTwiddle(f);
    for (std::size_t j = 0; j < kMlDsaN / 2; ++j) {
        const std::int32_t t = w[j], u = w[j + kMlDsaN / 2];
        w[j] = montMul(f, t + u);
        w[j + kMlDsaN / 2] = montMul(zf, t - u);
    }
}

void inverseNttPortable(std::int32_t* w) noexcept {
    inverseNttLazyPortable(w, detail::kMontNInverse);
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        w[i] = addQIfNegative(w[i]);
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

void pointwiseMontPortable(std::int32_t* out, const std::int32_t* a, const std::int32_t* b) noexcept {
    RS_NO_LOOP_DEPENDENCY
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        out[i] = montMul(a[i], b[i]);
}

void pointwiseMontAccPortable(std::int32_t* out, std::span<const MlDsaPoly> a,
                              std::span<const MlDsaPoly> b) noexcept {
    for (std::size_t i = 0; i < kMlDsaN; ++i) {
        std::int64_t sum = 0;
        for (std::size_t j = 0; j < a.size(); ++j)
            sum += std::int64_t{a[j][i]} * b[j][i];
        out[i] = montReduce(sum);
    }
}

/** Whether the AVX2 kernels may run here (asked once). */
bool avx2Usable() noexcept {
    static const bool usable = detail::mldsaAvx2Compiled() && cpuHas(CpuFeature::Avx2);
    return usable;
}
bool useAvx2(MlDsaFastImpl impl) noexcept {
    return impl == MlDsaFastImpl::Avx2 && avx2Usable();
}

/** -1: automatic; else the forced MlDsaFastImpl. */
std::atomic<int> g_forced{-1};
/** avx2Usable() read once at start-up, so that the functions without an explicit implementation (the
 *  scheme's hot path, a pointwise product is ~40 ns) decide with two plain loads and call the kernel; a call
 * made during another file's static initialisation, before this is set, takes the portable code. */
const bool g_avx2Auto = avx2Usable();
inline bool inUseIsAvx2() noexcept {
    const int forced = g_forced.load(std::memory_order_relaxed);
    return forced < 0 ? g_avx2Auto : forced == static_cast<int>(MlDsaFastImpl::Avx2);
}
/** The implementation in use as the fast functions take it (forcing checked availability). */
inline MlDsaFastImpl inUse() noexcept {
    return inUseIsAvx2() ? MlDsaFastImpl::Avx2 : MlDsaFastImpl::Portable;
}

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
    return avx2Usable() ? MlDsaFastImpl::Avx2 : MlDsaFastImpl::Portable;
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

void mldsaNttLazyInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept {
    if (useAvx2(impl))
        detail::mldsaNttLazyAvx2(w.data());
    else
        nttLazyPortable(w.data());
}
void mldsaNttLazyInPlace(MlDsaPoly& w) noexcept {
    if (inUseIsAvx2())
        detail::mldsaNttLazyAvx2(w.data());
    else
        nttLazyPortable(w.data());
}

void mldsaInverseNttMontInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept {
    if (useAvx2(impl))
        detail::mldsaInverseNttMontAvx2(w.data());
    else
        inverseNttLazyPortable(w.data(), detail::kMontNInverseR);
}
void mldsaInverseNttMontCanonicalInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept {
    if (useAvx2(impl)) {
        detail::mldsaInverseNttMontCanonicalAvx2(w.data());
    } else {
        inverseNttLazyPortable(w.data(), detail::kMontNInverseR);
        freezePortable(w.data());
    }
}
void mldsaInverseNttMontInPlace(MlDsaPoly& w) noexcept {
    if (inUseIsAvx2())
        detail::mldsaInverseNttMontAvx2(w.data());
    else
        inverseNttLazyPortable(w.data(), detail::kMontNInverseR);
}

void mldsaPointwiseMont(MlDsaPoly& out, const MlDsaPoly& a, const MlDsaPoly& b, MlDsaFastImpl impl) noexcept {
    if (useAvx2(impl))
        detail::mldsaPointwiseMontAvx2(out.data(), a.data(), b.data());
    else
        pointwiseMontPortable(out.data(), a.data(), b.data());
}
void mldsaPointwiseMont(MlDsaPoly& out, const MlDsaPoly& a, const MlDsaPoly& b) noexcept {
    if (inUseIsAvx2())
        detail::mldsaPointwiseMontAvx2(out.data(), a.data(), b.data());
    else
        pointwiseMontPortable(out.data(), a.data(), b.data());
}

void mldsaPointwiseMontAcc(MlDsaPoly& out, std::span<const MlDsaPoly> a, std::span<const MlDsaPoly> b,
                           MlDsaFastImpl impl) {
    if (a.size() != b.size())
        throw InvalidArgument("ML-DSA pointwise sum: " + std::to_string(a.size()) + " polynomials times " +
                              std::to_string(b.size()));
    static_assert(sizeof(MlDsaPoly) == kMlDsaN * sizeof(std::int32_t)); // spans hold 256 x n coefficients
    if (useAvx2(impl) && !a.empty())
        detail::mldsaPointwiseMontAccAvx2(out.data(), a.front().data(), b.front().data(), a.size());
    else
        pointwiseMontAccPortable(out.data(), a, b);
}
void mldsaPointwiseMontAcc(MlDsaPoly& out, std::span<const MlDsaPoly> a, std::span<const MlDsaPoly> b) {
    mldsaPointwiseMontAcc(out, a, b, inUse());
}

void mldsaCanonicalInPlace(MlDsaPoly& w, MlDsaFastImpl impl) noexcept {
    if (useAvx2(impl))
        detail::mldsaFreezeAvx2(w.data());
    else
        freezePortable(w.data());
}
void mldsaCanonicalInPlace(MlDsaPoly& w) noexcept {
    if (inUseIsAvx2())
        detail::mldsaFreezeAvx2(w.data());
    else
        freezePortable(w.data());
}

} // namespace rs::crypto
