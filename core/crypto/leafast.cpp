// LEA fast path: key setup (with the decryption table), run-time dispatch, the unrolled scalar code (one
// block, short inputs and tails, CTR with the counter in registers) and CTR on top of the ECB kernels.
#include "core/crypto/leafast.h"
#include "core/crypto/cpufeatures.h"

#include "core/crypto/lea.h"
#include "core/crypto/leafastkernels.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

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
// The AVX-512 path hands its 8..15-block remainder to the AVX2 kernel, so it needs both.
bool hasAvx512() noexcept {
    static const bool has = detail::leaAvx512Compiled() && cpuHas(CpuFeature::Avx512f) && hasAvx2();
    return has;
}

#if defined(__GNUC__) || defined(__clang__)
#define RS_LEA_INLINE inline __attribute__((always_inline))
#else
#define RS_LEA_INLINE inline
#endif

// Little-endian 32-bit load and store through memcpy: one move each on x86. (The byte-wise loadLe32 /
// storeLe32 of bytes.h, inlined into the unrolled block code, came out as dozens of byte shuffles.)
RS_LEA_INLINE std::uint32_t load32(const std::uint8_t* p) noexcept {
    if constexpr (std::endian::native != std::endian::little) return loadLe32(p);
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
RS_LEA_INLINE void store32(std::uint8_t* p, std::uint32_t v) noexcept {
    if constexpr (std::endian::native != std::endian::little) return storeLe32(p, v);
    std::memcpy(p, &v, 4);
}

// One round as in lea.cpp: (a, b, c, d) = (X[0], X[1], X[2], X[3]); the new state is (b, c, d, a).
RS_LEA_INLINE void encRound(std::uint32_t a, std::uint32_t& b, std::uint32_t& c, std::uint32_t& d,
                            const std::uint32_t* k) noexcept {
    d = std::rotr((c ^ k[4]) + (d ^ k[5]), 3);
    c = std::rotr((b ^ k[2]) + (c ^ k[3]), 5);
    b = std::rotl((a ^ k[0]) + (b ^ k[1]), 9);
}

// Its inverse with one row of the decryption table (RK0, RK1, RK1^RK2, RK3, RK3^RK4, RK5): X[1] is
// recovered first, then X[2] from it, then X[3] (u ^ K2 is X[1] ^ RK2 one XOR earlier).
RS_LEA_INLINE void decRound(std::uint32_t a, std::uint32_t& b, std::uint32_t& c, std::uint32_t& d,
                            const std::uint32_t* k) noexcept {
    const std::uint32_t u1 = std::rotr(b, 9) - (a ^ k[0]);
    b = u1 ^ k[1];
    const std::uint32_t u2 = std::rotl(c, 5) - (u1 ^ k[2]);
    c = u2 ^ k[3];
    const std::uint32_t u3 = std::rotl(d, 3) - (u2 ^ k[4]);
    d = u3 ^ k[5];
}

// All rounds unrolled: Q runs over the passes of four renamed rounds, so every round-key word is a load
// at a constant offset and no loop counter or pointer is updated. Rounds is 24, 28 or 32.
template <bool Decrypt, std::size_t... Q>
RS_LEA_INLINE void allRounds(std::uint32_t& x0, std::uint32_t& x1, std::uint32_t& x2, std::uint32_t& x3,
                             const std::uint32_t* k, std::index_sequence<Q...>) noexcept {
    if constexpr (Decrypt)
        ((decRound(x3, x0, x1, x2, k + 24 * Q), decRound(x2, x3, x0, x1, k + 24 * Q + 6),
          decRound(x1, x2, x3, x0, k + 24 * Q + 12), decRound(x0, x1, x2, x3, k + 24 * Q + 18)),
         ...);
    else
        ((encRound(x0, x1, x2, x3, k + 24 * Q), encRound(x1, x2, x3, x0, k + 24 * Q + 6),
          encRound(x2, x3, x0, x1, k + 24 * Q + 12), encRound(x3, x0, x1, x2, k + 24 * Q + 18)),
         ...);
}

// One block; `k` is the encryption key table (m_rk) or the decryption table (m_dk).
template <bool Decrypt, int Rounds>
RS_LEA_INLINE void blockUnrolled(const std::uint32_t* k, const std::uint8_t* in, std::uint8_t* out) noexcept {
    std::uint32_t x0 = load32(in), x1 = load32(in + 4), x2 = load32(in + 8), x3 = load32(in + 12);
    allRounds<Decrypt>(x0, x1, x2, x3, k, std::make_index_sequence<Rounds / 4>{});
    store32(out, x0);
    store32(out + 4, x1);
    store32(out + 8, x2);
    store32(out + 12, x3);
}

// `blocks` blocks with the scalar code; the round count is resolved once for the whole run.
template <bool Decrypt>
void scalarBlocks(const std::uint32_t* k, int rounds, const std::uint8_t* in, std::uint8_t* out,
                  std::size_t blocks) noexcept {
    auto run = [&]<int Rounds>() {
        for (std::size_t b = 0; b < blocks; ++b)
            blockUnrolled<Decrypt, Rounds>(k, in + 16 * b, out + 16 * b);
    };
    if (rounds == 24)
        run.template operator()<24>();
    else if (rounds == 28)
        run.template operator()<28>();
    else
        run.template operator()<32>();
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

// The LEA word X[j] of a big-endian counter half: bytes 4j..4j+3 read little-endian (KS X 3246 loads).
RS_LEA_INLINE std::uint32_t counterWord(std::uint64_t half, int shift) noexcept {
    const auto w = static_cast<std::uint32_t>(half >> shift);
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap32(w);
#else
    return (w >> 24) | ((w >> 8) & 0xff00) | ((w << 8) & 0xff0000) | (w << 24);
#endif
}

// CTR block by block with the unrolled scalar code: the counter block is built in registers and the
// keystream XORed into the data a word at a time (no keystream buffer but for a last partial block).
template <int Rounds>
void ctrScalar(const std::uint32_t* rk, std::uint64_t hi, std::uint64_t lo, const std::uint8_t* in,
               std::uint8_t* out, std::size_t bytes) noexcept {
    while (bytes > 0) {
        std::uint32_t x0 = counterWord(hi, 32), x1 = counterWord(hi, 0), x2 = counterWord(lo, 32),
                      x3 = counterWord(lo, 0);
        allRounds<false>(x0, x1, x2, x3, rk, std::make_index_sequence<Rounds / 4>{});
        hi += (++lo == 0) ? 1 : 0;
        if (bytes >= 16) {
            store32(out, load32(in) ^ x0);
            store32(out + 4, load32(in + 4) ^ x1);
            store32(out + 8, load32(in + 8) ^ x2);
            store32(out + 12, load32(in + 12) ^ x3);
            in += 16;
            out += 16;
            bytes -= 16;
        } else {
            std::uint8_t ks[16];
            store32(ks, x0);
            store32(ks + 4, x1);
            store32(ks + 8, x2);
            store32(ks + 12, x3);
            for (std::size_t i = 0; i < bytes; ++i)
                out[i] = in[i] ^ ks[i];
            bytes = 0;
        }
    }
}

// Blocks handed to the ECB kernels per CTR chunk (1 KiB on the stack, a multiple of 16 blocks).
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
    case LeaFastIsa::Avx512:
        return "avx512";
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
    case LeaFastIsa::Avx512:
        return hasAvx512();
    }
    return false;
}

LeaFastIsa leaFastBest() noexcept {
    if (hasAvx512()) return LeaFastIsa::Avx512;
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
    const std::size_t n = rks.size();
    for (std::size_t i = 0; i < n; ++i) {
        const auto& e = rks[n - 1 - i]; // decryption row i undoes encryption round n-1-i
        const std::uint32_t d[6] = {e[0], e[1], e[1] ^ e[2], e[3], e[3] ^ e[4], e[5]};
        for (std::size_t j = 0; j < 6; ++j) {
            m_rk[6 * i + j] = rks[i][j];
            m_dk[6 * i + j] = d[j];
            for (std::size_t l = 0; l < 4; ++l) {
                m_rkx4[4 * (6 * i + j) + l] = rks[i][j];
                m_dkx4[4 * (6 * i + j) + l] = d[j];
            }
        }
    }
}

void LeaFast::encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept {
    if (m_rounds == 24)
        blockUnrolled<false, 24>(m_rk, in, out);
    else if (m_rounds == 28)
        blockUnrolled<false, 28>(m_rk, in, out);
    else
        blockUnrolled<false, 32>(m_rk, in, out);
}

void LeaFast::decryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept {
    if (m_rounds == 24)
        blockUnrolled<true, 24>(m_dk, in, out);
    else if (m_rounds == 28)
        blockUnrolled<true, 28>(m_dk, in, out);
    else
        blockUnrolled<true, 32>(m_dk, in, out);
}

template <bool Decrypt>
void LeaFast::ecbRun(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept {
    // The SIMD kernels take whole groups of 4 (AVX2: of 8, then one of 4; AVX-512: of 16, then the AVX2
    // kernel on the 4..15 left); fewer than 4 blocks, and the 1..3 left after the groups, run the scalar
    // code without entering a kernel.
    std::size_t done = 0;
    if (blocks >= 4 && m_isa != LeaFastIsa::Portable) {
        const detail::LeaKernelKeys keys{m_rk, m_rkx4, m_dk, m_dkx4, m_rounds};
        switch (m_isa) {
        case LeaFastIsa::Avx512:
            if (blocks >= 16) done = detail::leaEcbAvx512(keys, Decrypt, in, out, blocks);
            if (blocks - done >= 4)
                done += detail::leaEcbAvx2(keys, Decrypt, in + 16 * done, out + 16 * done, blocks - done);
            break;
        case LeaFastIsa::Avx2:
            done = detail::leaEcbAvx2(keys, Decrypt, in, out, blocks);
            break;
        default:
            done = detail::leaEcbSse2(keys, Decrypt, in, out, blocks);
            break;
        }
    }
    if (done < blocks)
        scalarBlocks<Decrypt>(Decrypt ? m_dk : m_rk, m_rounds, in + 16 * done, out + 16 * done,
                              blocks - done);
}

void LeaFast::ecb(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept {
    ecbRun<false>(in, out, blocks);
}

void LeaFast::ecbDecrypt(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept {
    ecbRun<true>(in, out, blocks);
}

void LeaFast::ctr(const std::uint8_t counter0[16], const std::uint8_t* in, std::uint8_t* out,
                  std::size_t bytes) const noexcept {
    // The counter as two big-endian 64-bit halves; +1 carries from the low half into the high one, so
    // the whole 128-bit block wraps mod 2^128 like addBigEndian/ctrXor.
    std::uint64_t hi = loadBe64(counter0), lo = loadBe64(counter0 + 8);
    if (m_isa != LeaFastIsa::Portable && bytes >= 64) {
        // Groups of 4 blocks through the SIMD kernel: the counter blocks are written to `ks`, encrypted
        // in place, then XORed into the output.
        alignas(64) std::uint8_t ks[16 * kCtrChunkBlocks];
        while (bytes >= 64) {
            std::size_t n = std::min(bytes / 64 * 64, sizeof ks);
            if (m_isa == LeaFastIsa::Avx512 && bytes >= 256) {
                // AVX-512 builds the counters in registers; it stops before a group of 16 in which the
                // counter's lowest 32-bit word wraps, and that group (or the 4..15 blocks at the end) goes
                // through `ks` below.
                const detail::LeaKernelKeys keys{m_rk, m_rkx4, m_dk, m_dkx4, m_rounds};
                const std::size_t done = detail::leaCtrAvx512(keys, hi, lo, in, out, bytes / 16);
                in += 16 * done;
                out += 16 * done;
                bytes -= 16 * done;
                if (bytes < 64) break;
                n = std::min<std::size_t>(bytes / 64 * 64, 256);
            }
            for (std::size_t b = 0; b < n / 16; ++b) {
                storeBe64Fast(ks + 16 * b, hi);
                storeBe64Fast(ks + 16 * b + 8, lo);
                hi += (++lo == 0) ? 1 : 0;
            }
            ecbRun<false>(ks, ks, n / 16);
            for (std::size_t i = 0; i < n; i += 8)
                xor8(in + i, ks + i, out + i);
            in += n;
            out += n;
            bytes -= n;
        }
    }
    if (bytes == 0) return;
    // Short inputs and the last 1..3 blocks (every block on portable): scalar, counter in registers.
    if (m_rounds == 24)
        ctrScalar<24>(m_rk, hi, lo, in, out, bytes);
    else if (m_rounds == 28)
        ctrScalar<28>(m_rk, hi, lo, in, out, bytes);
    else
        ctrScalar<32>(m_rk, hi, lo, in, out, bytes);
}

} // namespace rs::crypto
