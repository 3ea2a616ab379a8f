// LEA fast path: key setup, run-time dispatch, the portable scalar code and CTR on top of the ECB kernels.
#include "core/crypto/leafast.h"
#include "core/crypto/cpufeatures.h"

#include "core/crypto/lea.h"
#include "core/crypto/leafastkernels.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <string_view>

namespace rs::crypto {

namespace {

bool hasSse2() noexcept {
    static const bool has = detail::leaSse2Compiled() && cpuHas(CpuFeature::Sse2);
    return has;
}
bool hasAvx2() noexcept {
    static const bool has = detail::leaAvx2Compiled() && cpuHas(CpuFeature::Avx2);
    return has;
}

// One round as in lea.cpp: (a, b, c, d) = (X[0], X[1], X[2], X[3]); the new state is (b, c, d, a).
inline void encRound(std::uint32_t a, std::uint32_t& b, std::uint32_t& c, std::uint32_t& d,
                     const std::uint32_t* k) noexcept {
    d = std::rotr((c ^ k[4]) + (d ^ k[5]), 3);
    c = std::rotr((b ^ k[2]) + (c ^ k[3]), 5);
    b = std::rotl((a ^ k[0]) + (b ^ k[1]), 9);
}

// Rounds is 24, 28 or 32, a compile-time constant: whole passes of four renamed rounds, no tail loop.
// (A full unroll measured slower than this four-round body on x86-64: more code, same work.)
template <int Rounds>
inline void encryptUnrolled(const std::uint32_t* rk, const std::uint8_t* in, std::uint8_t* out) noexcept {
    std::uint32_t x0 = loadLe32(in), x1 = loadLe32(in + 4), x2 = loadLe32(in + 8), x3 = loadLe32(in + 12);
    for (int r = 0; r < Rounds; r += 4, rk += 24) {
        encRound(x0, x1, x2, x3, rk);
        encRound(x1, x2, x3, x0, rk + 6);
        encRound(x2, x3, x0, x1, rk + 12);
        encRound(x3, x0, x1, x2, rk + 18);
    }
    storeLe32(out, x0);
    storeLe32(out + 4, x1);
    storeLe32(out + 8, x2);
    storeLe32(out + 12, x3);
}

// Big-endian 64-bit store and 8-byte XOR through memcpy (one move each, any alignment).
inline void storeBe64Fast(std::uint8_t* p, std::uint64_t v) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
    std::memcpy(p, &v, 8);
#else
    storeBe64(p, v);
#endif
}
inline void xor8(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out) noexcept {
    std::uint64_t x, y;
    std::memcpy(&x, a, 8);
    std::memcpy(&y, b, 8);
    x ^= y;
    std::memcpy(out, &x, 8);
}

// Blocks handed to the ECB kernels per CTR chunk: the counter blocks are written here and encrypted in
// place, then XORed into the output (1 KiB on the stack, a multiple of 8 blocks).
constexpr std::size_t kCtrChunkBlocks = 64;

} // namespace

const char* leaFastIsaName(LeaFastIsa isa) noexcept {
    switch (isa) {
    case LeaFastIsa::Portable:
        return "portable";
    case LeaFastIsa::Sse2:
        return "sse2";
    case LeaFastIsa::Avx2:
        return "avx2";
    }
    return "?";
}

bool leaFastIsaAvailable(LeaFastIsa isa) noexcept {
    switch (isa) {
    case LeaFastIsa::Portable:
        return true;
    case LeaFastIsa::Sse2:
        return hasSse2();
    case LeaFastIsa::Avx2:
        return hasAvx2();
    }
    return false;
}

LeaFastIsa leaFastBest() noexcept {
    if (hasAvx2()) return LeaFastIsa::Avx2;
    if (hasSse2()) return LeaFastIsa::Sse2;
    return LeaFastIsa::Portable;
}

LeaFast::LeaFast(ByteView key, LeaFastIsa isa) : m_isa(isa) {
    // The reference key schedule (lea.cpp) runs once per key; it throws InvalidArgument on a bad length.
    const Lea ref(key);
    if (!leaFastIsaAvailable(isa))
        throw InvalidArgument(std::string("LEA fast path: implementation '") + leaFastIsaName(isa) +
                              "' is not available on this machine");
    m_rounds = ref.rounds();
    const auto& rks = ref.roundKeys();
    for (std::size_t i = 0; i < rks.size(); ++i)
        for (std::size_t j = 0; j < 6; ++j) {
            m_rk[6 * i + j] = rks[i][j];
            for (std::size_t l = 0; l < 4; ++l)
                m_rkx4[4 * (6 * i + j) + l] = rks[i][j];
        }
}

void LeaFast::encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept {
    switch (m_rounds) {
    case 24:
        encryptUnrolled<24>(m_rk, in, out);
        break;
    case 28:
        encryptUnrolled<28>(m_rk, in, out);
        break;
    default:
        encryptUnrolled<32>(m_rk, in, out);
        break;
    }
}

void LeaFast::ecbPortable(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept {
    // The round count is resolved once for the whole run, not per block.
    auto run = [&]<int Rounds>() {
        for (std::size_t b = 0; b < blocks; ++b)
            encryptUnrolled<Rounds>(m_rk, in + 16 * b, out + 16 * b);
    };
    if (m_rounds == 24)
        run.template operator()<24>();
    else if (m_rounds == 28)
        run.template operator()<28>();
    else
        run.template operator()<32>();
}

void LeaFast::ecb(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept {
    std::size_t done = 0;
    if (m_isa == LeaFastIsa::Avx2) {
        const std::size_t groups = blocks / 8;
        detail::leaEcbAvx2(m_rk, m_rounds, in, out, groups);
        done = 8 * groups;
    }
    if (m_isa == LeaFastIsa::Avx2 || m_isa == LeaFastIsa::Sse2) {
        // AVX2 leaves at most 7 blocks: one more group of 4 here, the rest scalar.
        const std::size_t groups = (blocks - done) / 4;
        detail::leaEcbSse2(m_rkx4, m_rounds, in + 16 * done, out + 16 * done, groups);
        done += 4 * groups;
    }
    ecbPortable(in + 16 * done, out + 16 * done, blocks - done);
}

void LeaFast::ctr(const std::uint8_t counter0[16], const std::uint8_t* in, std::uint8_t* out,
                  std::size_t bytes) const noexcept {
    // The counter as two big-endian 64-bit halves; +1 carries from the low half into the high one, so
    // the whole 128-bit block wraps mod 2^128 like addBigEndian/ctrXor.
    std::uint64_t hi = loadBe64(counter0), lo = loadBe64(counter0 + 8);
    alignas(32) std::uint8_t ks[16 * kCtrChunkBlocks];
    while (bytes > 0) {
        const std::size_t n = std::min(bytes, sizeof ks);
        const std::size_t blocks = (n + 15) / 16;
        for (std::size_t b = 0; b < blocks; ++b) {
            storeBe64Fast(ks + 16 * b, hi);
            storeBe64Fast(ks + 16 * b + 8, lo);
            hi += (++lo == 0) ? 1 : 0;
        }
        ecb(ks, ks, blocks);
        std::size_t i = 0;
        for (; i + 8 <= n; i += 8)
            xor8(in + i, ks + i, out + i);
        for (; i < n; ++i)
            out[i] = in[i] ^ ks[i];
        in += n;
        out += n;
        bytes -= n;
    }
}

} // namespace rs::crypto
