// SKINNY-128 fast path: the portable bitsliced kernel (16 blocks, one uint64 per bit-plane) and the
// run-time choice between it and the AVX2 and AVX-512 kernels (skinnyfastavx2.cpp, skinnyfastavx512.cpp).
#include "core/crypto/skinnyfast.h"
#include "core/crypto/cpufeatures.h"

#include "core/crypto/skinnyfastkernel.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <string>

namespace rs::crypto {

namespace {

// ---------------------------------------------------------------------------------------------
// Portable kernel: cell c of a row plane in bits 16c..16c+15 of a uint64, block k at bit 16c + k.
// ---------------------------------------------------------------------------------------------

struct PortableOps {
    using V = std::uint64_t;
    static constexpr int kMaskWords = 1;
    static V x(V a, V b) noexcept { return a ^ b; }
    static V x3(V a, V b, V c) noexcept { return a ^ b ^ c; }
    static V xnorOr(V x, V a, V b) noexcept { return x ^ ~(a | b); }
    template <int I> static V rotCells(V v) noexcept { return std::rotl(v, 16 * I); }
    static V cell0() noexcept { return 0xFFFFu; }
    static V loadMask(const std::uint64_t* p) noexcept { return *p; }
};

constexpr std::size_t kPortableBatch = 16;
constexpr std::size_t kAvx2Batch = 64;
constexpr std::size_t kAvx512Batch = 128;
// Tails shorter than this go through the T-table reference: a padded batch would cost more (measured
// with tests/bench/bench_skinny.cpp: a portable batch costs about 9 reference blocks, an AVX2 batch 8).
constexpr std::size_t kPortableRefBelow = 9;
constexpr std::size_t kAvx2RefBelow = 8;
constexpr std::size_t kAvx512RefBelow = 8;

inline void storeCounter(std::uint8_t* p, std::uint64_t hi, std::uint64_t lo) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    if constexpr (std::endian::native == std::endian::little) {
        hi = __builtin_bswap64(hi);
        lo = __builtin_bswap64(lo);
        std::memcpy(p, &hi, 8);
        std::memcpy(p + 8, &lo, 8);
        return;
    }
#endif
    storeBe64(p, hi);
    storeBe64(p + 8, lo);
}

/** out = in ^ ks for n bytes, eight at a time (out may be in). */
inline void xorInto(const std::uint8_t* in, const std::uint8_t* ks, std::uint8_t* out,
                    std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t a, b;
        std::memcpy(&a, in + i, 8);
        std::memcpy(&b, ks + i, 8);
        a ^= b;
        std::memcpy(out + i, &a, 8);
    }
    for (; i < n; ++i)
        out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
}

/** Byte c of x (c < 4) to byte 2c of the result. */
inline std::uint64_t spread(std::uint64_t x) noexcept {
    x = (x | x << 16) & 0x0000FFFF0000FFFFULL;
    return (x | x << 8) & 0x00FF00FF00FF00FFULL;
}
/** The inverse of spread on the even bytes of x. */
inline std::uint32_t unspread(std::uint64_t x) noexcept {
    x &= 0x00FF00FF00FF00FFULL;
    x = (x | x >> 8) & 0x0000FFFF0000FFFFULL;
    return static_cast<std::uint32_t>(x | x >> 16);
}

/** Swaps bit s of the word index with bit s of the bit-in-byte index, s = 1, 2, 4: afterwards bit
 *  (8j + y) of w[x] is what bit (8j + x) of w[y] was. Its own inverse. */
inline void transpose8(std::uint64_t* w) noexcept {
    auto swapMove = [](std::uint64_t& a, std::uint64_t& b, std::uint64_t m, int s) {
        const std::uint64_t t = ((a >> s) ^ b) & m;
        b ^= t;
        a ^= t << s;
    };
    for (int i : {0, 2, 4, 6})
        swapMove(w[i], w[i + 1], 0x5555555555555555ULL, 1);
    for (int i : {0, 1, 4, 5})
        swapMove(w[i], w[i + 2], 0x3333333333333333ULL, 2);
    for (int i : {0, 1, 2, 3})
        swapMove(w[i], w[i + 4], 0x0F0F0F0F0F0F0F0FULL, 4);
}

/** 16 blocks in, 16 blocks out (in == out allowed). Row r of block i and of block 8 + i are spread over
 *  the even and odd bytes of word i; the bit transpose then yields plane b with bit 16c + k = bit b of
 *  cell c (row r) of block k. */
void portableBatch(const std::uint64_t* masks, int rounds, const std::uint8_t* in, std::uint8_t* out,
                   bool decrypt) noexcept {
    std::uint64_t s[4][8];
    for (int row = 0; row < 4; ++row) {
        for (int i = 0; i < 8; ++i)
            s[row][i] =
                spread(loadLe32(in + 16 * i + 4 * row)) | spread(loadLe32(in + 16 * (8 + i) + 4 * row)) << 8;
        transpose8(s[row]);
    }
    if (decrypt)
        detail::skinnyRoundsInversePlanes<PortableOps>(s, masks, rounds);
    else
        detail::skinnyRoundsPlanes<PortableOps>(s, masks, rounds);
    for (int row = 0; row < 4; ++row) {
        transpose8(s[row]);
        for (int i = 0; i < 8; ++i) {
            storeLe32(out + 16 * i + 4 * row, unspread(s[row][i]));
            storeLe32(out + 16 * (8 + i) + 4 * row, unspread(s[row][i] >> 8));
        }
    }
}

bool cpuHasAvx2() noexcept {
    return cpuHas(CpuFeature::Avx2);
}
bool cpuHasAvx512() noexcept {
    return cpuHas(CpuFeature::Avx512f);
}

// Round constants, as skinny.cpp defines them: a 6-bit LFSR updated before each round.
std::array<std::uint8_t, Skinny::kMaxRounds> roundConstants() noexcept {
    std::array<std::uint8_t, Skinny::kMaxRounds> rc{};
    unsigned v = 0;
    for (auto& c : rc) {
        v = ((v << 1) & 0x3Eu) | (((v >> 5) ^ (v >> 4) ^ 1u) & 1u);
        c = static_cast<std::uint8_t>(v);
    }
    return rc;
}

} // namespace

const char* skinnyFastIsaName(SkinnyFastIsa isa) noexcept {
    switch (isa) {
    case SkinnyFastIsa::Portable:
        return "portable";
    case SkinnyFastIsa::Avx2:
        return "avx2";
    case SkinnyFastIsa::Avx512:
        return "avx512";
    }
    return "unknown";
}

bool skinnyFastIsaAvailable(SkinnyFastIsa isa) noexcept {
    switch (isa) {
    case SkinnyFastIsa::Portable:
        return true;
    case SkinnyFastIsa::Avx2:
        return detail::skinnyFastAvx2Compiled() && cpuHasAvx2();
    case SkinnyFastIsa::Avx512:
        return detail::skinnyFastAvx512Compiled() && cpuHasAvx512() && cpuHasAvx2();
    }
    return false;
}

SkinnyFastIsa skinnyFastBest() noexcept {
    if (skinnyFastIsaAvailable(SkinnyFastIsa::Avx512)) return SkinnyFastIsa::Avx512;
    return skinnyFastIsaAvailable(SkinnyFastIsa::Avx2) ? SkinnyFastIsa::Avx2 : SkinnyFastIsa::Portable;
}

SkinnyFast::SkinnyFast(SkinnyVariant variant, ByteView tweakey, SkinnyFastIsa isa)
    : m_ref(variant, tweakey), m_isa(isa) {
    if (skinnyBlockBytes(variant) != 16)
        throw InvalidArgument("SkinnyFast: " + std::string(skinnyName(variant)) +
                              " is not supported (SKINNY-128 variants only)");
    if (!skinnyFastIsaAvailable(isa))
        throw InvalidArgument(std::string("SkinnyFast: implementation '") + skinnyFastIsaName(isa) +
                              "' is not available on this machine");
    m_rounds = m_ref.rounds();
    const std::size_t words = isa == SkinnyFastIsa::Avx512 ? 8 : isa == SkinnyFastIsa::Avx2 ? 4 : 1;
    m_masks.assign(static_cast<std::size_t>(m_rounds) * 16 * words, 0);
    const auto rc = roundConstants();
    for (int r = 0; r < m_rounds; ++r) {
        const auto k = m_ref.roundTweakey(r);
        // Cells 0..7 (rows 0 and 1) of round tweakey XOR constant: c0 into cell 0, c1 into cell 4.
        std::array<std::uint8_t, 8> cells{};
        for (int j = 0; j < 4; ++j) {
            cells[j] = static_cast<std::uint8_t>(k[0] >> (8 * j));
            cells[4 + j] = static_cast<std::uint8_t>(k[1] >> (8 * j));
        }
        cells[0] ^= rc[r] & 0x0F;
        cells[4] ^= rc[r] >> 4;
        // Row 1's planes are stored rotated as ShiftRows rotates row 1: cell c in quarter c + 1.
        for (int row = 0; row < 2; ++row)
            for (int b = 0; b < 8; ++b) {
                std::uint64_t* m = m_masks.data() + (static_cast<std::size_t>(r) * 16 + 8 * row + b) * words;
                for (int c = 0; c < 4; ++c) {
                    if (((cells[4 * row + c] >> b) & 1) == 0) continue; // key setup only
                    const std::size_t q = static_cast<std::size_t>(c + row) % 4;
                    if (words == 1)
                        m[0] |= std::uint64_t{0xFFFF} << (16 * q);
                    else
                        for (std::size_t w = 0; w < words / 4; ++w)
                            m[q * (words / 4) + w] = ~std::uint64_t{0}; // quarter q: words / 4 words
                }
            }
    }
}

std::size_t SkinnyFast::batchBlocks() const noexcept {
    switch (m_isa) {
    case SkinnyFastIsa::Avx2:
        return kAvx2Batch;
    case SkinnyFastIsa::Avx512:
        return kAvx512Batch;
    case SkinnyFastIsa::Portable:
        break;
    }
    return kPortableBatch;
}

std::size_t SkinnyFast::refBelow() const noexcept {
    switch (m_isa) {
    case SkinnyFastIsa::Avx2:
        return kAvx2RefBelow;
    case SkinnyFastIsa::Avx512:
        return kAvx512RefBelow;
    case SkinnyFastIsa::Portable:
        break;
    }
    return kPortableRefBelow;
}

void SkinnyFast::encryptBatches(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
                                bool decrypt) const noexcept {
    if (m_isa == SkinnyFastIsa::Avx2) {
        detail::skinnyFastAvx2Ecb(m_masks.data(), m_rounds, in, out, blocks / kAvx2Batch, decrypt);
        return;
    }
    if (m_isa == SkinnyFastIsa::Avx512) {
        detail::skinnyFastAvx512Ecb(m_masks.data(), m_rounds, in, out, blocks / kAvx512Batch, decrypt);
        return;
    }
    for (std::size_t i = 0; i < blocks; i += kPortableBatch)
        portableBatch(m_masks.data(), m_rounds, in + 16 * i, out + 16 * i, decrypt);
}

void SkinnyFast::ecbBoth(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
                         bool decrypt) const noexcept {
    const std::size_t batch = batchBlocks();
    const std::size_t whole = blocks - blocks % batch;
    if (whole > 0) encryptBatches(in, out, whole, decrypt);
    const std::size_t tail = blocks - whole;
    if (tail == 0) return;
    in += 16 * whole;
    out += 16 * whole;
    if (tail < refBelow()) {
        for (std::size_t i = 0; i < tail; ++i)
            if (decrypt)
                m_ref.decryptBlock(in + 16 * i, out + 16 * i);
            else
                m_ref.encryptBlock(in + 16 * i, out + 16 * i);
        return;
    }
    alignas(64) std::uint8_t buf[16 * kAvx512Batch] = {};
    std::memcpy(buf, in, 16 * tail);
    encryptBatches(buf, buf, batch, decrypt);
    std::memcpy(out, buf, 16 * tail);
}

void SkinnyFast::ecb(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept {
    ecbBoth(in, out, blocks, false);
}

void SkinnyFast::ecbDecrypt(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept {
    ecbBoth(in, out, blocks, true);
}

void SkinnyFast::ctr(const std::uint8_t* counter0, const std::uint8_t* in, std::uint8_t* out,
                     std::size_t bytes) const noexcept {
    const std::size_t batch = batchBlocks();
    // The counter as a 128-bit big-endian number (hi, lo), incremented modulo 2^128.
    std::uint64_t hi = loadBe64(counter0), lo = loadBe64(counter0 + 8);
    alignas(64) std::uint8_t ks[16 * kAvx512Batch];
    while (bytes > 0) {
        const std::size_t blocks = std::min(batch, (bytes + 15) / 16);
        for (std::size_t i = 0; i < blocks; ++i) {
            storeCounter(ks + 16 * i, hi, lo);
            if (++lo == 0) ++hi;
        }
        if (blocks < refBelow()) {
            for (std::size_t i = 0; i < blocks; ++i)
                m_ref.encryptBlock(ks + 16 * i, ks + 16 * i);
        } else {
            if (blocks < batch) std::memset(ks + 16 * blocks, 0, 16 * (batch - blocks));
            encryptBatches(ks, ks, batch, false);
        }
        const std::size_t n = std::min(bytes, 16 * blocks);
        xorInto(in, ks, out, n);
        in += n;
        out += n;
        bytes -= n;
    }
}

} // namespace rs::crypto
