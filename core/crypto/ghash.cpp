#include "core/crypto/ghash.h"

namespace rs::crypto {

namespace {

// R = 0xE1 || 0^120 as the high 64-bit word (bytes 0..7, big-endian).
constexpr std::uint64_t kRHigh = 0xE100000000000000ULL;

// V * x in GCM bit order: a right shift by one bit of the 128-bit string, and when the bit
// shifted out (x^127's coefficient, LSB of byte 15) was set, x^128 is reduced by XOR with R.
constexpr void mulX(std::uint64_t& hi, std::uint64_t& lo) noexcept {
    const std::uint64_t carry = 0 - (lo & 1); // all ones when the LSB is set
    lo = (lo >> 1) | (hi << 63);
    hi = (hi >> 1) ^ (kRHigh & carry);
}

// Reduction of the four bits shifted out by a multiply by x^4 (Shoup's "last4" table):
// entry r is the high word of (0, r) * x^4, i.e. r's bits moved past x^127 and folded back by R.
constexpr std::array<std::uint64_t, 16> makeReduce4() {
    std::array<std::uint64_t, 16> t{};
    for (std::uint64_t r = 0; r < 16; ++r) {
        std::uint64_t hi = 0, lo = r;
        for (int i = 0; i < 4; ++i)
            mulX(hi, lo);
        t[r] = hi; // lo is now zero: the R terms reach at most bit 10 of the string
    }
    return t;
}
constexpr std::array<std::uint64_t, 16> kReduce4 = makeReduce4();

} // namespace

void gf128Mul(const std::uint8_t x[16], const std::uint8_t y[16], std::uint8_t z[16]) noexcept {
    // SP 800-38D Algorithm 1: Z_0 = 0, V_0 = Y; for i = 0..127: if x_i then Z ^= V; V = V * x.
    std::uint64_t vhi = loadBe64(y), vlo = loadBe64(y + 8);
    const std::uint64_t xhi = loadBe64(x), xlo = loadBe64(x + 8);
    std::uint64_t zhi = 0, zlo = 0;
    for (int i = 0; i < 128; ++i) {
        // Bit i of X counts from the MSB of byte 0; a mask instead of a branch keeps it constant time.
        const std::uint64_t word = i < 64 ? xhi : xlo;
        const std::uint64_t mask = 0 - ((word >> (63 - (i & 63))) & 1);
        zhi ^= vhi & mask;
        zlo ^= vlo & mask;
        mulX(vhi, vlo);
    }
    storeBe64(z, zhi);
    storeBe64(z + 8, zlo);
}

Ghash::Ghash(const std::uint8_t h[16]) noexcept {
    // Table of n * H for 4-bit n whose bits (8, 4, 2, 1) stand for x^0, x^1, x^2, x^3, the order in
    // which a nibble of an element holds them: 8 -> H, 4 -> H*x, 2 -> H*x^2, 1 -> H*x^3, the rest by XOR.
    std::uint64_t hi = loadBe64(h), lo = loadBe64(h + 8);
    for (int bit = 8; bit >= 1; bit >>= 1) {
        m_hi[static_cast<std::size_t>(bit)] = hi;
        m_lo[static_cast<std::size_t>(bit)] = lo;
        mulX(hi, lo);
    }
    for (std::size_t n = 2; n < 16; n <<= 1)
        for (std::size_t j = 1; j < n; ++j) {
            m_hi[n + j] = m_hi[n] ^ m_hi[j];
            m_lo[n + j] = m_lo[n] ^ m_lo[j];
        }
}

void Ghash::absorbBlock(const std::uint8_t* block) noexcept {
    // X = (X xor B) * H by Horner's rule over the 32 nibbles, highest powers first (the low nibble of
    // byte 15 holds x^124..x^127): Z = Z * x^4 xor (nibble * H), ending with the high nibble of byte 0.
    std::uint8_t v[16];
    storeBe64(v, m_xhi ^ loadBe64(block));
    storeBe64(v + 8, m_xlo ^ loadBe64(block + 8));
    std::uint64_t zhi = 0, zlo = 0;
    // (The first shift acts on Z = 0 and changes nothing, so it needs no special case.)
    for (int i = 15; i >= 0; --i) {
        for (const std::size_t n : {std::size_t(v[i] & 0x0F), std::size_t(v[i] >> 4)}) {
            // Z * x^4: shift the string right by 4 and fold the 4 dropped bits back in.
            const std::size_t rem = static_cast<std::size_t>(zlo & 0x0F);
            zlo = (zlo >> 4) | (zhi << 60);
            zhi = (zhi >> 4) ^ kReduce4[rem];
            zhi ^= m_hi[n];
            zlo ^= m_lo[n];
        }
    }
    m_xhi = zhi;
    m_xlo = zlo;
}

void Ghash::update(ByteView data) noexcept {
    std::size_t off = 0;
    for (; off + 16 <= data.size(); off += 16)
        absorbBlock(data.data() + off);
    if (off < data.size()) {
        // The spec pads A and C with zeros up to a block boundary (SP 800-38D 7.1 step 5).
        std::uint8_t last[16] = {};
        for (std::size_t i = 0; off + i < data.size(); ++i)
            last[i] = data[off + i];
        absorbBlock(last);
    }
}

void Ghash::updateLengths(std::uint64_t aadBytes, std::uint64_t ctBytes) noexcept {
    std::uint8_t block[16];
    storeBe64(block, aadBytes * 8);
    storeBe64(block + 8, ctBytes * 8);
    absorbBlock(block);
}

std::array<std::uint8_t, 16> Ghash::digest() const noexcept {
    std::array<std::uint8_t, 16> out{};
    storeBe64(out.data(), m_xhi);
    storeBe64(out.data() + 8, m_xlo);
    return out;
}

std::array<std::uint8_t, 16> ghash(const std::uint8_t h[16], ByteView aad, ByteView ct) noexcept {
    Ghash g(h);
    g.update(aad);
    g.update(ct);
    g.updateLengths(aad.size(), ct.size());
    return g.digest();
}

} // namespace rs::crypto
