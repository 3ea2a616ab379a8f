#pragma once
// Multi-message Ascon-AEAD128 (internal header: included only by asconmulti*.cpp). It pulls in no
// library header and all its functions have internal linkage, so a file built with -mavx2 or -mavx512f
// instantiates nothing that code built for the baseline could share.
//
// The mode runs L independent messages at once, one per lane: each state word x0..x4 is a vector of
// L 64-bit words, word j of message j's state in lane j (in the lane order load2/store2 choose; they
// are inverses, and every input goes through load2, so the order never shows). All messages of one
// call have the same AD and plaintext lengths, so the control flow is shared and only data differs.
//
// Ops supplies: type V; kLanes; set1(u64) (the same word in every lane); x(a, b) = a ^ b;
// xandn(x, a, b) = x ^ (~a & b); xor3(a, b, c); notv(a); ror<R>(a) (64-bit right rotation by R);
// load2(p, off, w0, w1): lane j gets the two little-endian words at p[j] + off (16 bytes);
// store2(p, off, w0, w1): the inverse, writing 16 bytes to each p[j] + off.

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace rs::crypto::detail {

/** The most lanes any kernel has (AVX-512: 8). */
inline constexpr std::size_t kAsconMultiMaxLanes = 8;

/** Per-lane pointers of one kernel call: key and nonce (16 bytes), AD (adLen), plaintext and
 *  ciphertext (ptLen; ct may equal pt), tag (16 bytes). Lanes past the caller's messages repeat a
 *  real message (same inputs, same outputs), so a kernel always runs all its lanes. */
struct AsconMultiLanes {
    const std::uint8_t* key[kAsconMultiMaxLanes];
    const std::uint8_t* nonce[kAsconMultiMaxLanes];
    const std::uint8_t* ad[kAsconMultiMaxLanes];
    const std::uint8_t* pt[kAsconMultiMaxLanes];
    std::uint8_t* ct[kAsconMultiMaxLanes];
    std::uint8_t* tag[kAsconMultiMaxLanes];
};

namespace {

// SP 800-232 Ascon-AEAD128 constants (asconaead.cpp, asconpermutation.h; asconmulti.cpp checks the
// round constants against kAsconRoundConstants at compile time).
constexpr std::uint64_t kAsconMultiIv = 0x00001000808c0001ull;
constexpr std::uint64_t kAsconMultiDomain = std::uint64_t{1} << 63;
constexpr std::uint8_t kAsconMultiPad = 0x01;
constexpr std::uint8_t kAsconMultiRc[12] = {0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5,
                                            0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b};

/** The 320-bit states of kLanes messages. */
template <class Ops> struct AsconMultiState { typename Ops::V x0, x1, x2, x3, x4; };

/** p^Rounds on every lane: the round function of asconpermutation.h (p_C, p_S, p_L) in vector form. */
template <class Ops, int Rounds> inline void asconMultiPermute(AsconMultiState<Ops>& s) noexcept {
    using V = typename Ops::V;
    V x0 = s.x0, x1 = s.x1, x2 = s.x2, x3 = s.x3, x4 = s.x4;
    for (int i = 12 - Rounds; i < 12; ++i) {
        x2 = Ops::x(x2, Ops::set1(kAsconMultiRc[i]));
        // p_S: the S-box's "t_i = ~x_i & x_{i+1}; x_i ^= t_{i+1}" on the inputs of that step.
        x0 = Ops::x(x0, x4);
        x4 = Ops::x(x4, x3);
        x2 = Ops::x(x2, x1);
        const V a0 = x0, a1 = x1, a2 = x2, a3 = x3, a4 = x4;
        x0 = Ops::xandn(a0, a1, a2);
        x1 = Ops::xandn(a1, a2, a3);
        x2 = Ops::xandn(a2, a3, a4);
        x3 = Ops::xandn(a3, a4, a0);
        x4 = Ops::xandn(a4, a0, a1);
        x1 = Ops::x(x1, x0);
        x0 = Ops::x(x0, x4);
        x3 = Ops::x(x3, x2);
        x2 = Ops::notv(x2);
        // p_L
        x0 = Ops::xor3(x0, Ops::template ror<19>(x0), Ops::template ror<28>(x0));
        x1 = Ops::xor3(x1, Ops::template ror<61>(x1), Ops::template ror<39>(x1));
        x2 = Ops::xor3(x2, Ops::template ror<1>(x2), Ops::template ror<6>(x2));
        x3 = Ops::xor3(x3, Ops::template ror<10>(x3), Ops::template ror<17>(x3));
        x4 = Ops::xor3(x4, Ops::template ror<7>(x4), Ops::template ror<41>(x4));
    }
    s = {x0, x1, x2, x3, x4};
}

/** Loads the last n < 16 bytes at p[j] + off of every lane, followed by the padding byte. */
template <class Ops>
inline void asconMultiLoadPadded(const std::uint8_t* const* p, std::size_t off, std::size_t n,
                                 typename Ops::V& w0, typename Ops::V& w1) noexcept {
    std::uint8_t buf[Ops::kLanes][16] = {};
    const std::uint8_t* lanes[Ops::kLanes];
    for (std::size_t j = 0; j < Ops::kLanes; ++j) {
        if (n) std::memcpy(buf[j], p[j] + off, n);
        buf[j][n] = kAsconMultiPad;
        lanes[j] = buf[j];
    }
    Ops::load2(lanes, 0, w0, w1);
}

/** Ascon-AEAD128 encryption of Ops::kLanes messages (the mode of asconaead.cpp's aeadCore). */
template <class Ops>
inline void asconMultiEncryptLanes(const AsconMultiLanes& m, std::size_t adLen, std::size_t ptLen) noexcept {
    using V = typename Ops::V;
    constexpr std::size_t L = Ops::kLanes;
    // Initialization: S = IV || K || N, p^12, S ^= 0^192 || K.
    V k0, k1;
    AsconMultiState<Ops> s;
    Ops::load2(m.key, 0, k0, k1);
    Ops::load2(m.nonce, 0, s.x3, s.x4);
    s.x0 = Ops::set1(kAsconMultiIv);
    s.x1 = k0;
    s.x2 = k1;
    asconMultiPermute<Ops, 12>(s);
    s.x3 = Ops::x(s.x3, k0);
    s.x4 = Ops::x(s.x4, k1);

    // Associated data (only when non-empty): full blocks, then the padded last one, p^8 after each.
    if (adLen) {
        std::size_t off = 0;
        V w0, w1;
        for (; adLen - off >= 16; off += 16) {
            Ops::load2(m.ad, off, w0, w1);
            s.x0 = Ops::x(s.x0, w0);
            s.x1 = Ops::x(s.x1, w1);
            asconMultiPermute<Ops, 8>(s);
        }
        asconMultiLoadPadded<Ops>(m.ad, off, adLen - off, w0, w1);
        s.x0 = Ops::x(s.x0, w0);
        s.x1 = Ops::x(s.x1, w1);
        asconMultiPermute<Ops, 8>(s);
    }
    s.x4 = Ops::x(s.x4, Ops::set1(kAsconMultiDomain));

    // Plaintext: the rate after absorbing a block is the ciphertext block; no p^8 after the last one.
    std::size_t off = 0;
    V w0, w1;
    for (; ptLen - off >= 16; off += 16) {
        Ops::load2(m.pt, off, w0, w1);
        s.x0 = Ops::x(s.x0, w0);
        s.x1 = Ops::x(s.x1, w1);
        Ops::store2(m.ct, off, s.x0, s.x1);
        asconMultiPermute<Ops, 8>(s);
    }
    const std::size_t n = ptLen - off;
    asconMultiLoadPadded<Ops>(m.pt, off, n, w0, w1);
    s.x0 = Ops::x(s.x0, w0);
    s.x1 = Ops::x(s.x1, w1);
    if (n) {
        std::uint8_t buf[L][16];
        std::uint8_t* lanes[L];
        for (std::size_t j = 0; j < L; ++j)
            lanes[j] = buf[j];
        Ops::store2(lanes, 0, s.x0, s.x1);
        for (std::size_t j = 0; j < L; ++j)
            std::memcpy(m.ct[j] + off, buf[j], n);
    }

    // Finalization: K into x2, x3; p^12; tag = (x3, x4) ^ K.
    s.x2 = Ops::x(s.x2, k0);
    s.x3 = Ops::x(s.x3, k1);
    asconMultiPermute<Ops, 12>(s);
    Ops::store2(m.tag, 0, Ops::x(s.x3, k0), Ops::x(s.x4, k1));
}

} // namespace

/** Whether asconmultiavx2.cpp / asconmultiavx512.cpp were compiled with their kernels (x86, GCC or
 *  Clang); otherwise they are placeholders that report themselves unavailable. */
bool asconMultiAvx2Compiled() noexcept;
bool asconMultiAvx512Compiled() noexcept;
/** Encrypts the 4 (AVX2) or 8 (AVX-512) lanes of m; callable only when the CPU has the ISA. */
void asconMultiAvx2Encrypt(const AsconMultiLanes& m, std::size_t adLen, std::size_t ptLen) noexcept;
void asconMultiAvx512Encrypt(const AsconMultiLanes& m, std::size_t adLen, std::size_t ptLen) noexcept;

} // namespace rs::crypto::detail
