// ML-DSA sampling, written from FIPS 204 Algorithms 14, 15 and 29-34.
#include "core/crypto/mldsasample.h"

#include "core/crypto/mldsarounding.h"
#include "core/crypto/sha3.h"

#include <array>
#include <string>

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

MlDsaPoly sampleInBall(const MlDsaParams& p, ByteView cTilde, KeccakPermutation perm) {
    StreamReader<Shake256, 136> h(cTilde, perm);
    std::uint64_t signs = 0;
    for (int i = 0; i < 8; ++i)
        signs |= static_cast<std::uint64_t>(h.next()) << (8 * i);
    MlDsaPoly c{};
    for (int i = static_cast<int>(kMlDsaN) - p.tau; i < static_cast<int>(kMlDsaN); ++i) {
        int j = h.next();
        while (j > i)
            j = h.next();
        c[i] = c[j];
        // h[i + tau - 256] is the sign bit: bit (i + tau - 256) of the 64 little-endian bits.
        c[j] = ((signs >> (i + p.tau - static_cast<int>(kMlDsaN))) & 1) != 0 ? kMlDsaQ - 1 : 1;
    }
    return c;
}

} // namespace rs::crypto::mldsa
