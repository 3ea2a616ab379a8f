// Keccak-f[1600] fast path: the scalar permutation (lane complementing, keccakfastkernel.h), the choice of
// the multi-state implementation, and the lockstep sponges.
#include "core/crypto/keccakfast.h"
#include "core/crypto/cpufeatures.h"

#include <algorithm>
#include <atomic>
#include <string>

#include "core/crypto/keccakfastkernel.h"

namespace rs::crypto {

namespace {

struct ScalarOps {
    using V = std::uint64_t;
    static constexpr bool kComplementLanes = true;
    static V set1(std::uint64_t v) noexcept { return v; }
    static V x(V a, V b) noexcept { return a ^ b; }
    static V xor5(V a, V b, V c, V d, V e) noexcept { return a ^ b ^ c ^ d ^ e; }
    static V andv(V a, V b) noexcept { return a & b; }
    static V orv(V a, V b) noexcept { return a | b; }
    static V notv(V a) noexcept { return ~a; }
    template <int N> static V rol(V a) noexcept {
        if constexpr (N == 0)
            return a;
        else
            return (a << N) | (a >> (64 - N));
    }
};

/** All ones for the lanes the scalar round keeps inverted. */
constexpr std::uint64_t complementMask(int i) noexcept {
    return detail::keccakComplemented(i) ? ~std::uint64_t{0} : 0;
}

/** Keccak-f[1600] on the state whose lane i is w[stride i]. */
void permuteScalar(std::uint64_t* w, std::size_t stride) noexcept {
    detail::KeccakLanes<ScalarOps> A;
#define RS_KECCAK_LOAD(i) A.a[i] = w[stride * (i)] ^ complementMask(i);
    RS_KECCAK_EACH_LANE(RS_KECCAK_LOAD)
#undef RS_KECCAK_LOAD
    detail::keccakFastPermute<ScalarOps>(A);
#define RS_KECCAK_STORE(i) w[stride * (i)] = A.a[i] ^ complementMask(i);
    RS_KECCAK_EACH_LANE(RS_KECCAK_STORE)
#undef RS_KECCAK_STORE
}

/** -1: automatic; else the forced KeccakFastImpl. */
std::atomic<int> g_forced{-1};

KeccakFastImpl checked(KeccakFastImpl impl) {
    if (!keccakFastImplAvailable(impl))
        throw InvalidArgument(std::string("Keccak fast path: implementation '") + keccakFastImplName(impl) +
                              "' is not available on this machine (it runs " +
                              keccakFastImplName(keccakFastImplInUse()) + ")");
    return impl;
}

} // namespace

const char* keccakFastImplName(KeccakFastImpl impl) noexcept {
    switch (impl) {
    case KeccakFastImpl::Avx2:
        return "avx2";
    case KeccakFastImpl::Avx512:
        return "avx512";
    case KeccakFastImpl::Portable:
        break;
    }
    return "portable";
}

std::optional<KeccakFastImpl> keccakFastImplFromName(std::string_view name) noexcept {
    for (KeccakFastImpl impl : {KeccakFastImpl::Portable, KeccakFastImpl::Avx2, KeccakFastImpl::Avx512})
        if (name == keccakFastImplName(impl)) return impl;
    return std::nullopt;
}

bool keccakFastImplAvailable(KeccakFastImpl impl) noexcept {
    const bool avx2 = detail::keccakAvx2Compiled() && cpuHas(CpuFeature::Avx2);
    switch (impl) {
    case KeccakFastImpl::Portable:
        return true;
    case KeccakFastImpl::Avx2:
        return avx2;
    case KeccakFastImpl::Avx512:
        return avx2 && detail::keccakAvx512Compiled() && cpuHas(CpuFeature::Avx512f);
    }
    return false;
}

std::vector<KeccakFastImpl> keccakFastImpls() {
    std::vector<KeccakFastImpl> out;
    for (KeccakFastImpl impl : {KeccakFastImpl::Portable, KeccakFastImpl::Avx2, KeccakFastImpl::Avx512})
        if (keccakFastImplAvailable(impl)) out.push_back(impl);
    return out;
}

KeccakFastImpl keccakFastImplInUse() noexcept {
    const int forced = g_forced.load(std::memory_order_relaxed);
    if (forced >= 0) return static_cast<KeccakFastImpl>(forced);
    if (keccakFastImplAvailable(KeccakFastImpl::Avx512)) return KeccakFastImpl::Avx512;
    if (keccakFastImplAvailable(KeccakFastImpl::Avx2)) return KeccakFastImpl::Avx2;
    return KeccakFastImpl::Portable;
}

void keccakForceFastImpl(std::optional<KeccakFastImpl> impl) {
    if (impl) checked(*impl);
    g_forced.store(impl ? static_cast<int>(*impl) : -1, std::memory_order_relaxed);
}

void keccakF1600Fast(KeccakState& a) noexcept {
    permuteScalar(a.data(), 1);
}

void keccakF1600x4(KeccakStatesX4& s, KeccakFastImpl impl) noexcept {
    // Both SIMD implementations run 4 states on the AVX2 kernel (avx512 implies avx2 here).
    if (impl != KeccakFastImpl::Portable && keccakFastImplAvailable(impl)) {
        detail::keccakX4Avx2(s.w.data(), 4);
        return;
    }
    for (std::size_t j = 0; j < 4; ++j)
        permuteScalar(s.w.data() + j, 4);
}

void keccakF1600x8(KeccakStatesX8& s, KeccakFastImpl impl) noexcept {
    if (impl == KeccakFastImpl::Avx512 && keccakFastImplAvailable(impl)) {
        detail::keccakX8Avx512(s.w.data());
        return;
    }
    if (impl == KeccakFastImpl::Avx2 && keccakFastImplAvailable(impl)) {
        detail::keccakX4Avx2(s.w.data(), 8);
        detail::keccakX4Avx2(s.w.data() + 4, 8);
        return;
    }
    for (std::size_t j = 0; j < 8; ++j)
        permuteScalar(s.w.data() + j, 8);
}

void keccakF1600x4(KeccakStatesX4& s) noexcept {
    keccakF1600x4(s, keccakFastImplInUse());
}

void keccakF1600x8(KeccakStatesX8& s) noexcept {
    keccakF1600x8(s, keccakFastImplInUse());
}

// ---- Lockstep sponges ----

template <std::size_t N>
KeccakSpongeX<N>::KeccakSpongeX(std::size_t rateBytes, std::uint8_t domainByte) noexcept
    : m_rate(rateBytes), m_domain(domainByte), m_impl(keccakFastImplInUse()) {}

template <std::size_t N>
KeccakSpongeX<N>::KeccakSpongeX(std::size_t rateBytes, std::uint8_t domainByte, KeccakFastImpl impl)
    : m_rate(rateBytes), m_domain(domainByte), m_impl(checked(impl)) {}

template <std::size_t N> void KeccakSpongeX<N>::permute() noexcept {
    if constexpr (N == 4)
        keccakF1600x4(m_s, m_impl);
    else
        keccakF1600x8(m_s, m_impl);
}

namespace {

template <class Spans> std::size_t commonLength(const Spans& spans, const char* what) {
    const std::size_t n = spans[0].size();
    for (const auto& s : spans)
        if (s.size() != n)
            throw InvalidArgument(std::string("Keccak multi-stream sponge: the ") + what +
                                  " of the streams differ in length");
    return n;
}

} // namespace

template <std::size_t N> void KeccakSpongeX<N>::absorb(const std::array<ByteView, N>& in) {
    if (m_squeezing) throw InvalidArgument("Keccak multi-stream sponge: absorb after squeeze");
    const std::size_t len = commonLength(in, "inputs");
    std::uint64_t* w = m_s.w.data();
    std::size_t off = 0;
    while (off < len) {
        const std::size_t lane = m_pos / 8;
        if (m_pos % 8 == 0 && len - off >= 8 && m_pos + 8 <= m_rate) {
            for (std::size_t j = 0; j < N; ++j)
                w[N * lane + j] ^= loadLe64(in[j].data() + off);
            m_pos += 8;
            off += 8;
        } else {
            const unsigned shift = 8 * static_cast<unsigned>(m_pos % 8);
            for (std::size_t j = 0; j < N; ++j)
                w[N * lane + j] ^= std::uint64_t{in[j][off]} << shift;
            ++m_pos;
            ++off;
        }
        if (m_pos == m_rate) {
            permute();
            m_pos = 0;
        }
    }
}

template <std::size_t N> void KeccakSpongeX<N>::finish() noexcept {
    // pad10*1 after the domain bits (FIPS 202 section 5.1 with the suffix in the first padding byte).
    std::uint64_t* w = m_s.w.data();
    const std::size_t last = m_rate - 1;
    for (std::size_t j = 0; j < N; ++j) {
        w[N * (m_pos / 8) + j] ^= std::uint64_t{m_domain} << (8 * (m_pos % 8));
        w[N * (last / 8) + j] ^= std::uint64_t{0x80} << (8 * (last % 8));
    }
    permute();
    m_pos = 0;
    m_squeezing = true;
}

template <std::size_t N> void KeccakSpongeX<N>::squeeze(const std::array<std::span<std::uint8_t>, N>& out) {
    const std::size_t len = commonLength(out, "outputs");
    if (!m_squeezing) finish();
    const std::uint64_t* w = m_s.w.data();
    std::size_t off = 0;
    while (off < len) {
        if (m_pos == m_rate) {
            permute();
            m_pos = 0;
        }
        const std::size_t lane = m_pos / 8;
        const std::size_t lanes = m_pos % 8 == 0 ? std::min((m_rate - m_pos) / 8, (len - off) / 8) : 0;
        if (lanes > 0) {
            // Whole lanes to every stream (a whole block is the samplers' usual read).
            std::array<std::uint8_t*, N> o;
            for (std::size_t j = 0; j < N; ++j)
                o[j] = out[j].data() + off;
            if (m_impl != KeccakFastImpl::Portable) {
                // A SIMD implementation is chosen only where the CPU has AVX2 (AVX-512 implies it here).
                for (std::size_t c = 0; c < N; c += 4)
                    detail::keccakX4SqueezeAvx2(w + N * lane + c, N, lanes, o.data() + c);
            } else {
                for (std::size_t k = 0; k < lanes; ++k)
                    for (std::size_t j = 0; j < N; ++j)
                        storeLe64(o[j] + 8 * k, w[N * (lane + k) + j]);
            }
            m_pos += 8 * lanes;
            off += 8 * lanes;
        } else {
            const unsigned shift = 8 * static_cast<unsigned>(m_pos % 8);
            for (std::size_t j = 0; j < N; ++j)
                out[j][off] = static_cast<std::uint8_t>(w[N * lane + j] >> shift);
            ++m_pos;
            ++off;
        }
    }
}

template <std::size_t N> std::array<Bytes, N> KeccakSpongeX<N>::squeeze(std::size_t n) {
    std::array<Bytes, N> out;
    std::array<std::span<std::uint8_t>, N> spans;
    for (std::size_t j = 0; j < N; ++j) {
        out[j].resize(n);
        spans[j] = out[j];
    }
    squeeze(spans);
    return out;
}

template <std::size_t N> void KeccakSpongeX<N>::reset() noexcept {
    m_s = {};
    m_pos = 0;
    m_squeezing = false;
}

template class KeccakSpongeX<4>;
template class KeccakSpongeX<8>;

} // namespace rs::crypto
