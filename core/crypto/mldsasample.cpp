// ML-DSA sampling, written from FIPS 204 Algorithms 14, 15 and 29-34.
#include "core/crypto/mldsasample.h"

#include "core/crypto/keccakfast.h"
#include "core/crypto/mldsanttfast.h"
#include "core/crypto/mldsarounding.h"
#include "core/crypto/mldsasimd.h"
#include "core/crypto/sha3.h"

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <type_traits>

namespace rs::crypto::mldsa {

namespace {

// A sponge's output read a block at a time: squeezing n bytes in pieces gives the same stream as one squeeze,
// so the byte-by-byte reads of the algorithms are served from a buffer.
template <class Sponge, std::size_t Rate> class StreamReader {
  public:
    StreamReader(ByteView seed, KeccakPermutation perm) : m_sponge(perm) { m_sponge.absorb(seed); }
    std::uint8_t next() {
        if (m_pos == Rate) {
            m_sponge.squeeze(std::span<std::uint8_t>(m_buf));
            m_pos = 0;
        }
        return m_buf[m_pos++];
    }

  private:
    Sponge m_sponge;
    std::array<std::uint8_t, Rate> m_buf{};
    std::size_t m_pos = Rate;
};

Bytes withSuffix(ByteView seed, std::initializer_list<std::uint8_t> suffix) {
    Bytes b(seed.begin(), seed.end());
    b.insert(b.end(), suffix.begin(), suffix.end());
    return b;
}

void requireSeed(const char* what, ByteView seed, std::size_t n) {
    if (seed.size() != n)
        throw InvalidArgument(std::string(what) + ": a " + std::to_string(n) + "-byte seed expected, got " +
                              std::to_string(seed.size()));
}

// The rule of CoeffFromThreeBytes (Algorithm 14) over a block of a stream: each 3-byte group, its top bit
// cleared, is the next coefficient when it is below q. Branch-free: the candidate is always stored at a[n]
// (inside the array: the loop runs while n < 256) and the count advances only when it is kept.
std::size_t acceptThreeByteCoeffs(const std::uint8_t* b, std::size_t len, MlDsaPoly& a, std::size_t n,
                                  bool avx2) noexcept {
    std::size_t i = 0;
    if (avx2) n = detail::mldsaRejUniformAvx2(a.data(), n, b, len, i);
    for (; i + 3 <= len && n < kMlDsaN; i += 3) {
        const std::int32_t z = static_cast<std::int32_t>(b[i]) | (static_cast<std::int32_t>(b[i + 1]) << 8) |
                               (static_cast<std::int32_t>(b[i + 2] & 0x7F) << 16);
        a[n] = z;
        n += z < kMlDsaQ ? 1 : 0;
    }
    return n;
}
// CoeffFromHalfByte (Algorithm 15) over a block: both nibbles of each byte, low first, kept when below 15
// (eta = 2, value 2 - b mod 5) or 9 (eta = 4, value 4 - b), stored mod q.
template <int Eta>
std::size_t acceptHalfByteCoeffs(const std::uint8_t* b, std::size_t len, MlDsaPoly& a, std::size_t n,
                                 bool avx2) noexcept {
    constexpr std::int32_t kLimit = Eta == 2 ? 15 : 9;
    // Branch-free (whether a nibble is kept is random): the candidate is stored at a[n], inside the array
    // since n < 256 there, and n advances only when it is kept.
    auto value = [](std::int32_t h) {
        const std::int32_t v = Eta == 2 ? 2 - h % 5 : 4 - h;
        return v + ((v >> 31) & kMlDsaQ);
    };
    std::size_t i = 0;
    if (avx2) n = detail::mldsaRejEtaAvx2(a.data(), n, b, len, i, Eta);
    for (; i < len && n < kMlDsaN; ++i) {
        const std::int32_t lo = b[i] & 0x0F, hi = b[i] >> 4;
        a[n] = value(lo);
        n += lo < kLimit ? 1 : 0;
        if (n == kMlDsaN) break;
        a[n] = value(hi);
        n += hi < kLimit ? 1 : 0;
    }
    return n;
}

// The multi-stream samplers: N (4, or 8 under AVX-512) independent sponges of KeccakSpongeX in lockstep, one
// per polynomial. Each stream is read a block at a time; a group of the rule never crosses a block (168 = 56
// * 3 for RejNTTPoly, RejBoundedPoly reads single bytes), so each stream is the same byte sequence that the
// one-stream StreamReader gives. A short last batch repeats its first seed in the unused streams, whose
// results are discarded.
template <std::size_t N>
void rejNttPolysN(ByteView rho, const std::array<int, N>& index, std::size_t count, MlDsaPoly* out,
                  KeccakFastImpl impl, std::size_t firstBlocks) {
    constexpr std::size_t kRate = 168;
    std::array<std::array<std::uint8_t, 34>, N> seeds{};
    std::array<ByteView, N> in{};
    for (std::size_t j = 0; j < N; ++j) {
        const int t = index[j < count ? j : 0];
        std::copy(rho.begin(), rho.end(), seeds[j].begin());
        seeds[j][32] = static_cast<std::uint8_t>(t & 0xFF); // s
        seeds[j][33] = static_cast<std::uint8_t>(t >> 8);   // r
        in[j] = ByteView(seeds[j].data(), seeds[j].size());
    }
    const bool avx2 = mldsaFastImplInUse() == MlDsaFastImpl::Avx2;
    KeccakSpongeX<N> g(kRate, 0x1F, impl);
    g.absorb(in);
    // firstBlocks blocks first (5 by default: 840 bytes, 280 groups, and a polynomial needs 256 below q, so
    // more are almost never needed), read as one run so that only its end goes through the scalar rule; then
    // a block at a time.
    constexpr std::size_t kMaxFirst = 5 * kRate;
    const std::size_t first = std::clamp<std::size_t>(firstBlocks, 1, 5) * kRate;
    std::array<std::array<std::uint8_t, kMaxFirst>, N> buf;
    std::array<std::span<std::uint8_t>, N> outs{};
    std::array<std::size_t, N> filled{};
    std::size_t done = 0;
    for (std::size_t len = first; done < count; len = kRate) {
        for (std::size_t j = 0; j < N; ++j)
            outs[j] = std::span<std::uint8_t>(buf[j].data(), len);
        g.squeeze(outs);
        for (std::size_t j = 0; j < count; ++j) {
            std::size_t n = filled[j];
            if (n == kMlDsaN) continue;
            n = acceptThreeByteCoeffs(buf[j].data(), len, out[j], n, avx2);
            filled[j] = n;
            if (n == kMlDsaN) ++done;
        }
    }
}

template <std::size_t N>
void rejBoundedPolysN(ByteView rhoPrime, const std::array<int, N>& index, std::size_t count, int eta,
                      MlDsaPoly* const* out, KeccakFastImpl impl) {
    constexpr std::size_t kRate = 136;
    std::array<std::array<std::uint8_t, 66>, N> seeds{};
    std::array<ByteView, N> in{};
    for (std::size_t j = 0; j < N; ++j) {
        const int r = index[j < count ? j : 0];
        std::copy(rhoPrime.begin(), rhoPrime.end(), seeds[j].begin());
        seeds[j][64] = static_cast<std::uint8_t>(r & 0xFF);
        seeds[j][65] = static_cast<std::uint8_t>(r >> 8);
        in[j] = ByteView(seeds[j].data(), seeds[j].size());
    }
    const bool avx2 = mldsaFastImplInUse() == MlDsaFastImpl::Avx2;
    KeccakSpongeX<N> h(kRate, 0x1F, impl);
    h.absorb(in);
    std::array<std::array<std::uint8_t, kRate>, N> buf{};
    std::array<std::span<std::uint8_t>, N> outs{};
    for (std::size_t j = 0; j < N; ++j)
        outs[j] = std::span<std::uint8_t>(buf[j]);
    std::array<std::size_t, N> filled{};
    std::size_t done = 0;
    while (done < count) {
        h.squeeze(outs);
        for (std::size_t j = 0; j < count; ++j) {
            std::size_t n = filled[j];
            if (n == kMlDsaN) continue;
            n = eta == 2 ? acceptHalfByteCoeffs<2>(buf[j].data(), kRate, *out[j], n, avx2)
                         : acceptHalfByteCoeffs<4>(buf[j].data(), kRate, *out[j], n, avx2);
            filled[j] = n;
            if (n == kMlDsaN) ++done;
        }
    }
}

template <std::size_t N>
void expandMaskN(const MlDsaParams& p, ByteView rhoPrimePrime, int kappa, int polys, MlDsaPoly* y,
                 KeccakFastImpl impl) {
    const std::size_t bytes = zPolyBytes(p); // 32 c: 576 or 640
    constexpr std::size_t kMaxBytes = 32 * 20;
    std::array<std::array<std::uint8_t, 66>, N> seeds{};
    std::array<ByteView, N> in{};
    std::array<std::array<std::uint8_t, kMaxBytes>, N> buf{};
    std::array<std::span<std::uint8_t>, N> outs{};
    const bool avx2 = mldsaFastImplInUse() == MlDsaFastImpl::Avx2; // bytes / 32 is 18 or 20
    for (int r0 = 0; r0 < polys; r0 += static_cast<int>(N)) {
        const std::size_t count = std::min<std::size_t>(N, static_cast<std::size_t>(polys - r0));
        for (std::size_t j = 0; j < N; ++j) {
            const int n = kappa + r0 + static_cast<int>(j < count ? j : 0);
            std::copy(rhoPrimePrime.begin(), rhoPrimePrime.end(), seeds[j].begin());
            seeds[j][64] = static_cast<std::uint8_t>(n & 0xFF);
            seeds[j][65] = static_cast<std::uint8_t>((n >> 8) & 0xFF);
            in[j] = ByteView(seeds[j].data(), seeds[j].size());
            outs[j] = std::span<std::uint8_t>(buf[j].data(), bytes);
        }
        KeccakSpongeX<N> h(136, 0x1F, impl);
        h.absorb(in);
        h.squeeze(outs);
        for (std::size_t j = 0; j < count; ++j) {
            MlDsaPoly& out = y[static_cast<std::size_t>(r0) + j];
            if (avx2)
                detail::mldsaUnpackZAvx2(out.data(), buf[j].data(), static_cast<int>(bytes / 32), p.gamma1);
            else
                out = bitUnpack(ByteView(buf[j].data(), bytes), p.gamma1 - 1, p.gamma1);
        }
    }
}

// 8 streams when asked, or by default under AVX-512 (one __m512i a lane); 4 otherwise.
bool useX8(KeccakFastImpl impl, std::size_t streams) {
    if (streams != 0 && streams != 4 && streams != 8)
        throw InvalidArgument("ML-DSA multi-stream sampler: 4 or 8 streams (or 0 for the default)");
    return streams == 8 || (streams == 0 && impl == KeccakFastImpl::Avx512);
}

} // namespace

std::optional<std::int32_t> coeffFromThreeBytes(std::uint8_t b0, std::uint8_t b1, std::uint8_t b2) noexcept {
    const std::int32_t z =
        (static_cast<std::int32_t>(b2 & 0x7F) << 16) | (static_cast<std::int32_t>(b1) << 8) | b0;
    if (z < kMlDsaQ) return z;
    return std::nullopt;
}

std::optional<std::int32_t> coeffFromHalfByte(std::uint8_t b, int eta) noexcept {
    if (eta == 2 && b < 15) return 2 - (b % 5);
    if (eta == 4 && b < 9) return 4 - b;
    return std::nullopt;
}

MlDsaPoly rejNttPoly(ByteView seed, KeccakPermutation perm) {
    requireSeed("RejNTTPoly", seed, 34);
    StreamReader<Shake128, 168> g(seed, perm);
    MlDsaPoly a{};
    std::size_t j = 0;
    while (j < kMlDsaN) {
        const std::uint8_t b0 = g.next();
        const std::uint8_t b1 = g.next();
        const std::uint8_t b2 = g.next();
        if (const auto c = coeffFromThreeBytes(b0, b1, b2)) a[j++] = *c;
    }
    return a;
}

MlDsaPoly rejBoundedPoly(ByteView seed, int eta, KeccakPermutation perm) {
    requireSeed("RejBoundedPoly", seed, 66);
    if (eta != 2 && eta != 4) throw InvalidArgument("RejBoundedPoly: eta must be 2 or 4");
    StreamReader<Shake256, 136> h(seed, perm);
    MlDsaPoly a{};
    std::size_t j = 0;
    while (j < kMlDsaN) {
        const std::uint8_t z = h.next();
        const auto z0 = coeffFromHalfByte(z & 0x0F, eta);
        const auto z1 = coeffFromHalfByte(z >> 4, eta);
        if (z0) a[j++] = modQ(*z0);
        if (z1 && j < kMlDsaN) a[j++] = modQ(*z1);
    }
    return a;
}

PolyVec expandA(const MlDsaParams& p, ByteView rho, KeccakPermutation perm) {
    if (perm == KeccakPermutation::Fast) return expandAMulti(p, rho, keccakFastImplInUse());
    requireSeed("ExpandA", rho, 32);
    PolyVec a;
    a.reserve(static_cast<std::size_t>(p.k * p.l));
    for (int r = 0; r < p.k; ++r)
        for (int s = 0; s < p.l; ++s)
            a.push_back(rejNttPoly(
                withSuffix(rho, {static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(r)}), perm));
    return a;
}

void expandS(const MlDsaParams& p, ByteView rhoPrime, PolyVec& s1, PolyVec& s2, KeccakPermutation perm) {
    if (perm == KeccakPermutation::Fast) return expandSMulti(p, rhoPrime, s1, s2, keccakFastImplInUse());
    requireSeed("ExpandS", rhoPrime, 64);
    s1.clear();
    s2.clear();
    auto seed = [&](int r) {
        return withSuffix(rhoPrime, {static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(r >> 8)});
    };
    for (int r = 0; r < p.l; ++r)
        s1.push_back(rejBoundedPoly(seed(r), p.eta, perm));
    for (int r = 0; r < p.k; ++r)
        s2.push_back(rejBoundedPoly(seed(r + p.l), p.eta, perm));
}

PolyVec expandMask(const MlDsaParams& p, ByteView rhoPrimePrime, int kappa, KeccakPermutation perm) {
    if (perm == KeccakPermutation::Fast)
        return expandMaskMulti(p, rhoPrimePrime, kappa, keccakFastImplInUse());
    requireSeed("ExpandMask", rhoPrimePrime, 64);
    const std::size_t bytes = zPolyBytes(p); // 32 c
    PolyVec y;
    y.reserve(static_cast<std::size_t>(p.l));
    for (int r = 0; r < p.l; ++r) {
        const int n = kappa + r;
        // IntegerToBytes(kappa + r, 2): signCore stops before kappa + r reaches 2^16.
        const Bytes v = shake256(
            withSuffix(rhoPrimePrime, {static_cast<std::uint8_t>(n), static_cast<std::uint8_t>(n >> 8)}),
            bytes, perm);
        y.push_back(bitUnpack(v, p.gamma1 - 1, p.gamma1));
    }
    return y;
}

PolyVec expandAMulti(const MlDsaParams& p, ByteView rho, KeccakFastImpl impl, std::size_t streams,
                     std::size_t firstBlocks) {
    PolyVec a(static_cast<std::size_t>(p.k * p.l));
    expandAMultiInto(p, rho, a.data(), impl, streams, firstBlocks);
    return a;
}
void expandAMultiInto(const MlDsaParams& p, ByteView rho, MlDsaPoly* a, KeccakFastImpl impl,
                      std::size_t streams, std::size_t firstBlocks) {
    requireSeed("ExpandA", rho, 32);
    const std::size_t total = static_cast<std::size_t>(p.k * p.l);
    auto run = [&](auto width) {
        constexpr std::size_t N = decltype(width)::value;
        for (std::size_t t0 = 0; t0 < total; t0 += N) {
            const std::size_t count = std::min(N, total - t0);
            std::array<int, N> index{};
            for (std::size_t j = 0; j < count; ++j) {
                const int t = static_cast<int>(t0 + j);
                index[j] = (t % p.l) | ((t / p.l) << 8); // s in the low byte, r in the high byte
            }
            rejNttPolysN<N>(rho, index, count, a + t0, impl, firstBlocks);
        }
    };
    if (useX8(impl, streams))
        run(std::integral_constant<std::size_t, 8>{});
    else
        run(std::integral_constant<std::size_t, 4>{});
}

void expandSMulti(const MlDsaParams& p, ByteView rhoPrime, PolyVec& s1, PolyVec& s2, KeccakFastImpl impl,
                  std::size_t streams) {
    s1.resize(static_cast<std::size_t>(p.l));
    s2.resize(static_cast<std::size_t>(p.k));
    expandSMultiInto(p, rhoPrime, s1.data(), s2.data(), impl, streams);
}
void expandSMultiInto(const MlDsaParams& p, ByteView rhoPrime, MlDsaPoly* s1, MlDsaPoly* s2,
                      KeccakFastImpl impl, std::size_t streams) {
    requireSeed("ExpandS", rhoPrime, 64);
    if (p.eta != 2 && p.eta != 4) throw InvalidArgument("RejBoundedPoly: eta must be 2 or 4");
    const int total = p.l + p.k;
    auto run = [&](auto width) {
        constexpr std::size_t N = decltype(width)::value;
        for (int r0 = 0; r0 < total; r0 += static_cast<int>(N)) {
            const std::size_t count = std::min<std::size_t>(N, static_cast<std::size_t>(total - r0));
            std::array<int, N> index{};
            std::array<MlDsaPoly*, N> out{};
            for (std::size_t j = 0; j < count; ++j) {
                const int r = r0 + static_cast<int>(j);
                index[j] = r;
                out[j] = r < p.l ? s1 + r : s2 + (r - p.l);
            }
            rejBoundedPolysN<N>(rhoPrime, index, count, p.eta, out.data(), impl);
        }
    };
    if (useX8(impl, streams))
        run(std::integral_constant<std::size_t, 8>{});
    else
        run(std::integral_constant<std::size_t, 4>{});
}

PolyVec expandMaskMulti(const MlDsaParams& p, ByteView rhoPrimePrime, int kappa, KeccakFastImpl impl,
                        std::size_t streams) {
    PolyVec y(static_cast<std::size_t>(p.l));
    expandMaskInto(p, rhoPrimePrime, kappa, y.data(), impl, streams);
    return y;
}

void expandMaskInto(const MlDsaParams& p, ByteView rhoPrimePrime, int kappa, MlDsaPoly* y,
                    KeccakFastImpl impl, std::size_t streams) {
    expandMaskPolys(p, rhoPrimePrime, kappa, p.l, y, impl, streams);
}
void expandMaskPolys(const MlDsaParams& p, ByteView rhoPrimePrime, int firstNonce, int count, MlDsaPoly* y,
                     KeccakFastImpl impl, std::size_t streams) {
    requireSeed("ExpandMask", rhoPrimePrime, 64);
    if (count < 0) throw InvalidArgument("ExpandMask: a negative number of polynomials");
    if (useX8(impl, streams))
        expandMaskN<8>(p, rhoPrimePrime, firstNonce, count, y, impl);
    else
        expandMaskN<4>(p, rhoPrimePrime, firstNonce, count, y, impl);
}
std::size_t maskStreams(KeccakFastImpl impl, std::size_t streams) {
    return useX8(impl, streams) ? 8 : 4;
}

MlDsaPoly sampleInBall(const MlDsaParams& p, ByteView cTilde, KeccakPermutation perm) {
    // H(c~) read a block (136 bytes) at a time from a local buffer.
    Shake256 h(perm);
    h.absorb(cTilde);
    std::array<std::uint8_t, 136> block;
    h.squeeze(std::span<std::uint8_t>(block));
    std::size_t pos = 0;
    const auto next = [&] {
        if (pos == block.size()) {
            h.squeeze(std::span<std::uint8_t>(block));
            pos = 0;
        }
        return block[pos++];
    };
    std::uint64_t signs = 0;
    for (int i = 0; i < 8; ++i)
        signs |= static_cast<std::uint64_t>(next()) << (8 * i);
    MlDsaPoly c;
    c.fill(0);
    for (int i = static_cast<int>(kMlDsaN) - p.tau; i < static_cast<int>(kMlDsaN); ++i) {
        int j = next();
        while (j > i)
            j = next();
        c[static_cast<std::size_t>(i)] = c[static_cast<std::size_t>(j)];
        // h[i + tau - 256] is the sign bit: bit (i + tau - 256) of the 64 little-endian bits.
        c[static_cast<std::size_t>(j)] =
            ((signs >> (i + p.tau - static_cast<int>(kMlDsaN))) & 1) != 0 ? kMlDsaQ - 1 : 1;
    }
    return c;
}

} // namespace rs::crypto::mldsa
