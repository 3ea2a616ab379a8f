#include "core/crypto/asconaead.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "core/crypto/asconpermutation.h"

namespace rs::crypto {

namespace {

// One variant's constants (the table in resources/vectors/SOURCES.md, from both specs).
template <std::uint64_t IV, int RateBytes, int RoundsB, bool LittleEndian> struct AeadSpec {
    static constexpr std::uint64_t iv = IV;
    static constexpr int rate = RateBytes;
    static constexpr int words = RateBytes / 8;
    static constexpr int a = 12;
    static constexpr int b = RoundsB;
    static constexpr bool le = LittleEndian;
    // Padding is one 1 bit right after the data: the byte 0x80 in v1.2's big-endian words,
    // the byte 0x01 in SP 800-232's little-endian words.
    static constexpr std::uint8_t pad = LittleEndian ? 0x01 : 0x80;
    // Domain separation after the associated data: v1.2 flips the LSB of x4, SP 800-232 the MSB.
    static constexpr std::uint64_t domain = LittleEndian ? (std::uint64_t{1} << 63) : 1;
};

// v1.2 IV = k || r || a || b || 0*, SP 800-232 IV = 1 | a<<16 | b<<20 | taglen<<24 | rate<<40.
using Ascon128 = AeadSpec<0x80400c0600000000ull, 8, 6, false>;
using Ascon128a = AeadSpec<0x80800c0800000000ull, 16, 8, false>;
using AsconAead128 = AeadSpec<0x00001000808c0001ull, 16, 8, true>;

template <bool LE> inline std::uint64_t loadWord(const std::uint8_t* p) noexcept {
    return detail::asconLoad<LE>(p);
}
template <bool LE> inline void storeWord(std::uint8_t* p, std::uint64_t v) noexcept {
    detail::asconStore<LE>(p, v);
}

// Where the data goes: the spec's XOR-and-output for encryption, and for decryption the
// plaintext out and the ciphertext into the rate ("x_r <- C_i").
template <bool Decrypt> inline std::uint64_t dataWord(std::uint64_t& x, std::uint64_t in) noexcept {
    if constexpr (Decrypt) {
        const std::uint64_t p = x ^ in;
        x = in;
        return p;
    } else {
        x ^= in;
        return x;
    }
}

// The last, partial block (n < rate bytes, possibly empty): byte-wise through the rate's bytes in
// the variant's order, then the padding byte right after the data. Only used once per phase, so
// the byte loop costs nothing measurable. out == nullptr absorbs only (associated data).
template <class V, bool Decrypt>
void lastBlock(AsconState& s, const std::uint8_t* in, std::size_t n, std::uint8_t* out) noexcept {
    std::array<std::uint8_t, V::rate> rate{};
    for (int w = 0; w < V::words; ++w)
        storeWord<V::le>(rate.data() + 8 * w, s.x[static_cast<std::size_t>(w)]);
    for (std::size_t i = 0; i < n; ++i) {
        if (Decrypt && out) {
            const std::uint8_t c = in[i]; // read before out (which may be in) is written
            out[i] = rate[i] ^ c;
            rate[i] = c;
        } else {
            rate[i] ^= in[i];
            if (out) out[i] = rate[i];
        }
    }
    rate[n] ^= V::pad;
    for (int w = 0; w < V::words; ++w)
        s.x[static_cast<std::size_t>(w)] = loadWord<V::le>(rate.data() + 8 * w);
}

// The whole mode for one variant and direction. out receives |in| bytes, tag 16 bytes.
template <class V, bool Decrypt, class Obs>
void aeadCore(ByteView key, ByteView nonce, ByteView ad, ByteView in, std::uint8_t* out, std::uint8_t* tag,
              Obs& obs) {
    constexpr int R = V::rate;
    const std::uint64_t k0 = loadWord<V::le>(key.data());
    const std::uint64_t k1 = loadWord<V::le>(key.data() + 8);

    // Initialization: S = IV || K || N, S = p^a(S), S ^= 0^{192} || K.
    AsconState s{{V::iv, k0, k1, loadWord<V::le>(nonce.data()), loadWord<V::le>(nonce.data() + 8)}};
    if constexpr (Obs::enabled) detail::asconRecord(obs, "initialization", -1, 0, "initial state", s);
    permuteWith(s, V::a, obs, "initialization", -1);
    s.x[3] ^= k0;
    s.x[4] ^= k1;
    if constexpr (Obs::enabled) detail::asconRecord(obs, "initialization", -1, 0, "key addition", s, key);

    // Associated data: only when non-empty; padded to whole rate blocks, p^b after each block.
    if (!ad.empty()) {
        const std::uint8_t* p = ad.data();
        std::size_t n = ad.size();
        int block = 0;
        for (; n >= R; n -= R, p += R, ++block) {
            for (int w = 0; w < V::words; ++w)
                s.x[static_cast<std::size_t>(w)] ^= loadWord<V::le>(p + 8 * w);
            if constexpr (Obs::enabled) detail::asconRecord(obs, "associated data", block, 0, "absorb", s);
            permuteWith(s, V::b, obs, "associated data", block);
        }
        lastBlock<V, false>(s, p, n, nullptr);
        if constexpr (Obs::enabled)
            detail::asconRecord(obs, "associated data", block, 0, "pad and absorb", s);
        permuteWith(s, V::b, obs, "associated data", block);
    }
    // Domain separation: applied even when there is no associated data.
    s.x[4] ^= V::domain;
    if constexpr (Obs::enabled) detail::asconRecord(obs, "associated data", -1, 0, "domain separation", s);

    // Plaintext / ciphertext: full blocks are followed by p^b, the padded last block is not.
    constexpr std::string_view phase = Decrypt ? "ciphertext" : "plaintext";
    const std::uint8_t* p = in.data();
    std::uint8_t* o = out;
    std::size_t n = in.size();
    int block = 0;
    for (; n >= R; n -= R, p += R, o += R, ++block) {
        for (int w = 0; w < V::words; ++w)
            storeWord<V::le>(o + 8 * w,
                             dataWord<Decrypt>(s.x[static_cast<std::size_t>(w)], loadWord<V::le>(p + 8 * w)));
        if constexpr (Obs::enabled) detail::asconRecord(obs, phase, block, 0, "absorb", s);
        permuteWith(s, V::b, obs, phase, block);
    }
    lastBlock<V, Decrypt>(s, p, n, o);
    if constexpr (Obs::enabled) detail::asconRecord(obs, phase, block, 0, "pad and absorb", s);

    // Finalization: key into the two words after the rate, p^a, tag = (x3, x4) ^ K.
    s.x[V::words] ^= k0;
    s.x[V::words + 1] ^= k1;
    if constexpr (Obs::enabled) detail::asconRecord(obs, "finalization", -1, 0, "key addition", s, key);
    permuteWith(s, V::a, obs, "finalization", -1);
    s.x[3] ^= k0;
    s.x[4] ^= k1;
    if constexpr (Obs::enabled) detail::asconRecord(obs, "finalization", -1, 0, "tag", s, key);
    storeWord<V::le>(tag, s.x[3]);
    storeWord<V::le>(tag + 8, s.x[4]);
}

// ---- The fast path -------------------------------------------------------------------------
// The same mode as aeadCore, written for speed: the rate and rounds are compile-time constants, the
// state lives in five locals for the whole message (never in memory), every permutation is inlined
// and fully unrolled into the block loop, the last partial block is one masked word operation
// instead of a byte loop, and nothing is allocated. Bit-exact with aeadCore (tests compare them).

#if defined(__GNUC__) || defined(__clang__)
#define RS_ASCON_INLINE [[gnu::always_inline]] inline
#else
#define RS_ASCON_INLINE inline
#endif

// The fast state keeps x2 and x4 complemented ("lane complementing", as in Keccak implementations):
// with the right words complemented, four of the S-box's five (not x) and y terms become plain and/or,
// and the spec's final not of x2 disappears. Complements pass through p_L unchanged (each Sigma_i
// XORs three copies of its word) and through XORs of data, keys and constants, so the mode only
// flips x2 and x4 when the state is loaded and x4 when the tag is read.
//
// Rounds alternate between two complement patterns. An even round takes (x2, x4) complemented and
// leaves (x0, x2, x4) complemented; an odd round takes that and, after one not of x1, gives back
// (x2, x4). Every permutation the mode runs (12, 8 or 6 rounds) is even, so the pattern between
// permutations is always (x2, x4). Both rounds compute exactly the spec's round on the true values.

// p_L as in the ascon-c reference: x ^ (x >>> a) ^ (x >>> b) computed as x ^ ((x ^ (x >>> (b-a))) >>> a).
RS_ASCON_INLINE void fastLinear(std::uint64_t& x0, std::uint64_t& x1, std::uint64_t& x2, std::uint64_t& x3,
                                std::uint64_t& x4, std::uint64_t t0, std::uint64_t t1, std::uint64_t t2,
                                std::uint64_t t3, std::uint64_t t4) noexcept {
    x2 = t2 ^ std::rotr(t2, 6 - 1);
    x3 = t3 ^ std::rotr(t3, 17 - 10);
    x4 = t4 ^ std::rotr(t4, 41 - 7);
    x0 = t0 ^ std::rotr(t0, 28 - 19);
    x1 = t1 ^ std::rotr(t1, 61 - 39);
    x2 = t2 ^ std::rotr(x2, 1);
    x3 = t3 ^ std::rotr(x3, 10);
    x4 = t4 ^ std::rotr(x4, 7);
    x0 = t0 ^ std::rotr(x0, 19);
    x1 = t1 ^ std::rotr(x1, 39);
}

// One round with constant C (p_C, p_S, p_L). Odd = false: in (x2, x4) complemented, out (x0, x2, x4);
// Odd = true: in (x0, x2, x4), out (x2, x4). After the input XORs the S-box's chi terms
// (not a_{i+1}) and a_{i+2} are, on the stored words, an or (when a_{i+2} is stored complemented:
// the term comes out complemented), an and (when a_{i+1} is), or one and-not where neither fits.
template <std::uint64_t C, bool Odd>
RS_ASCON_INLINE void fastRound(std::uint64_t& x0, std::uint64_t& x1, std::uint64_t& x2, std::uint64_t& x3,
                               std::uint64_t& x4) noexcept {
    x2 ^= C;
    x0 ^= x4;
    x4 ^= x3;
    x2 ^= x1;
    std::uint64_t t0 = x0 ^ (x1 | x2);
    std::uint64_t t1 = x1 ^ (x2 & x3);
    std::uint64_t t2 = x2 ^ (x3 | x4);
    std::uint64_t t3 = x3 ^ (Odd ? x4 & x0 : x4 & ~x0);
    std::uint64_t t4 = x4 ^ (Odd ? ~x0 & x1 : x0 & x1);
    t1 ^= t0;
    t3 ^= t2;
    t0 ^= t4;
    fastLinear(x0, x1, x2, x3, x4, t0, t1, t2, t3, t4);
    if constexpr (Odd) x1 = ~x1;
}

// p^Rounds, unrolled: the last Rounds of the 12 round constants, on the (x2, x4)-complemented state.
template <int Rounds, std::size_t... I>
RS_ASCON_INLINE void fastPermute(std::uint64_t& x0, std::uint64_t& x1, std::uint64_t& x2, std::uint64_t& x3,
                                 std::uint64_t& x4, std::index_sequence<I...>) noexcept {
    (fastRound<kAsconRoundConstants[12 - Rounds + I], I % 2 == 1>(x0, x1, x2, x3, x4), ...);
}
template <int Rounds>
RS_ASCON_INLINE void fastPermute(std::uint64_t& x0, std::uint64_t& x1, std::uint64_t& x2, std::uint64_t& x3,
                                 std::uint64_t& x4) noexcept {
    static_assert(Rounds >= 2 && Rounds <= 12 && Rounds % 2 == 0, "rounds come in complement-pattern pairs");
    fastPermute<Rounds>(x0, x1, x2, x3, x4, std::make_index_sequence<Rounds>{});
}

// The first n < 8 bytes of p as a word in the variant's order, the other bytes zero: byte i lands where
// asconLoad<LE> puts it (bits 8i.. for LE, bits 56-8i.. for big-endian). Bytes past n are not read.
template <bool LE> RS_ASCON_INLINE std::uint64_t loadPartial(const std::uint8_t* p, std::size_t n) noexcept {
    std::uint64_t v = 0; // the bytes as a little-endian number
    if constexpr (std::endian::native == std::endian::little) {
        unsigned shift = 0;
        if (n & 4) {
            std::uint32_t t;
            std::memcpy(&t, p, 4);
            v = t;
            p += 4;
            shift = 32;
        }
        if (n & 2) {
            std::uint16_t t;
            std::memcpy(&t, p, 2);
            v |= std::uint64_t{t} << shift;
            p += 2;
            shift += 16;
        }
        if (n & 1) v |= std::uint64_t{*p} << shift;
    } else {
        for (std::size_t i = 0; i < n; ++i)
            v |= std::uint64_t{p[i]} << (8 * i);
    }
    return LE ? v : detail::asconByteSwap(v);
}

// Writes the first n < 8 bytes of w in the variant's order (the inverse of loadPartial).
template <bool LE>
RS_ASCON_INLINE void storePartial(std::uint8_t* p, std::uint64_t w, std::size_t n) noexcept {
    std::uint64_t v = LE ? w : detail::asconByteSwap(w);
    if constexpr (std::endian::native == std::endian::little) {
        if (n & 4) {
            const auto t = static_cast<std::uint32_t>(v);
            std::memcpy(p, &t, 4);
            p += 4;
            v >>= 32;
        }
        if (n & 2) {
            const auto t = static_cast<std::uint16_t>(v);
            std::memcpy(p, &t, 2);
            p += 2;
            v >>= 16;
        }
        if (n & 1) *p = static_cast<std::uint8_t>(v);
    } else {
        for (std::size_t i = 0; i < n; ++i)
            p[i] = static_cast<std::uint8_t>(v >> (8 * i));
    }
}

// The padding bit right after n < 8 data bytes of a word, and the mask of the bytes from n on.
template <bool LE> constexpr std::uint64_t padWord(std::size_t n) noexcept {
    return LE ? std::uint64_t{0x01} << (8 * n) : std::uint64_t{0x80} << (56 - 8 * n);
}
template <bool LE> constexpr std::uint64_t tailMask(std::size_t n) noexcept {
    return LE ? ~std::uint64_t{0} << (8 * n) : ~std::uint64_t{0} >> (8 * n);
}

// One full data word: out = x ^ in; the rate word becomes the ciphertext word.
template <bool LE, bool Decrypt>
RS_ASCON_INLINE void fastDataWord(std::uint64_t& x, const std::uint8_t* in, std::uint8_t* out) noexcept {
    const std::uint64_t c = detail::asconLoad<LE>(in); // read before out (which may be in) is written
    detail::asconStore<LE>(out, x ^ c);
    x = Decrypt ? c : x ^ c;
}

// The last n < 8 data bytes of a word, then the padding.
template <bool LE, bool Decrypt>
RS_ASCON_INLINE void fastDataTail(std::uint64_t& x, const std::uint8_t* in, std::uint8_t* out,
                                  std::size_t n) noexcept {
    const std::uint64_t c = loadPartial<LE>(in, n);
    storePartial<LE>(out, x ^ c, n);
    x = (Decrypt ? (x & tailMask<LE>(n)) ^ c : x ^ c) ^ padWord<LE>(n);
}

// The whole mode; tag0, tag1 receive the computed tag words (x3 ^ k0, x4 ^ k1).
template <class V, bool Decrypt>
RS_ASCON_INLINE void fastCore(const std::uint8_t* key, const std::uint8_t* nonce, const std::uint8_t* ad,
                              std::size_t adLen, const std::uint8_t* in, std::size_t n, std::uint8_t* out,
                              std::uint64_t& tag0, std::uint64_t& tag1) noexcept {
    constexpr bool LE = V::le;
    constexpr std::size_t R = V::rate;
    const std::uint64_t k0 = detail::asconLoad<LE>(key), k1 = detail::asconLoad<LE>(key + 8);
    // The state with x2 and x4 complemented (see fastRound).
    std::uint64_t x0 = V::iv, x1 = k0, x2 = ~k1, x3 = detail::asconLoad<LE>(nonce),
                  x4 = ~detail::asconLoad<LE>(nonce + 8);
    fastPermute<V::a>(x0, x1, x2, x3, x4);
    x3 ^= k0;
    x4 ^= k1;

    if (adLen) {
        for (; adLen >= R; adLen -= R, ad += R) {
            x0 ^= detail::asconLoad<LE>(ad);
            if constexpr (R == 16) x1 ^= detail::asconLoad<LE>(ad + 8);
            fastPermute<V::b>(x0, x1, x2, x3, x4);
        }
        if (R == 16 && adLen >= 8) {
            x0 ^= detail::asconLoad<LE>(ad);
            x1 ^= loadPartial<LE>(ad + 8, adLen - 8) ^ padWord<LE>(adLen - 8);
        } else {
            x0 ^= loadPartial<LE>(ad, adLen) ^ padWord<LE>(adLen);
        }
        fastPermute<V::b>(x0, x1, x2, x3, x4);
    }
    x4 ^= V::domain;

    for (; n >= R; n -= R, in += R, out += R) {
        fastDataWord<LE, Decrypt>(x0, in, out);
        if constexpr (R == 16) fastDataWord<LE, Decrypt>(x1, in + 8, out + 8);
        fastPermute<V::b>(x0, x1, x2, x3, x4);
    }
    if (R == 16 && n >= 8) {
        fastDataWord<LE, Decrypt>(x0, in, out);
        fastDataTail<LE, Decrypt>(x1, in + 8, out + 8, n - 8);
    } else {
        fastDataTail<LE, Decrypt>(x0, in, out, n);
    }

    if constexpr (R == 16) {
        x2 ^= k0;
        x3 ^= k1;
    } else {
        x1 ^= k0;
        x2 ^= k1;
    }
    fastPermute<V::a>(x0, x1, x2, x3, x4);
    tag0 = x3 ^ k0;
    tag1 = ~x4 ^ k1;
}

template <class V>
void fastEncrypt(ByteView key, ByteView nonce, ByteView ad, ByteView pt, std::uint8_t* ct,
                 std::uint8_t* tag) noexcept {
    std::uint64_t t0, t1;
    fastCore<V, false>(key.data(), nonce.data(), ad.data(), ad.size(), pt.data(), pt.size(), ct, t0, t1);
    detail::asconStore<V::le>(tag, t0);
    detail::asconStore<V::le>(tag + 8, t1);
}

// True when the tag matches. The given tag is read before pt (which may share its buffer) is written;
// the comparison folds both words into one without an early exit.
template <class V>
bool fastDecrypt(ByteView key, ByteView nonce, ByteView ad, ByteView ct, const std::uint8_t* tag,
                 std::uint8_t* pt) noexcept {
    const std::uint64_t g0 = detail::asconLoad<V::le>(tag), g1 = detail::asconLoad<V::le>(tag + 8);
    std::uint64_t t0, t1;
    fastCore<V, true>(key.data(), nonce.data(), ad.data(), ad.size(), ct.data(), ct.size(), pt, t0, t1);
    std::uint64_t diff = (t0 ^ g0) | (t1 ^ g1);
    diff |= diff >> 32;
    return static_cast<std::uint32_t>(diff) == 0;
}

template <bool Decrypt, class Obs>
void dispatch(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView in, std::uint8_t* out,
              std::uint8_t* tag, Obs& obs) {
    switch (v) {
    case AsconAeadVariant::Ascon128v12:
        return aeadCore<Ascon128, Decrypt>(key, nonce, ad, in, out, tag, obs);
    case AsconAeadVariant::Ascon128av12:
        return aeadCore<Ascon128a, Decrypt>(key, nonce, ad, in, out, tag, obs);
    case AsconAeadVariant::AsconAead128:
        return aeadCore<AsconAead128, Decrypt>(key, nonce, ad, in, out, tag, obs);
    }
    throw InvalidArgument("unknown Ascon AEAD variant " + std::to_string(static_cast<int>(v)));
}

void checkKeyNonce(ByteView key, ByteView nonce) {
    requireLength("key", key, 16);
    requireLength("nonce", nonce, 16);
}

// Overwrites the rejected plaintext through a volatile pointer so the stores are not elided.
void wipe(std::span<std::uint8_t> b) noexcept {
    volatile std::uint8_t* p = b.data();
    for (std::size_t i = 0; i < b.size(); ++i)
        p[i] = 0;
}

void wipe(Bytes& b) noexcept {
    wipe(std::span<std::uint8_t>(b));
    b.clear();
}

void checkOutput(std::string_view what, std::size_t size, std::size_t expected) {
    if (size != expected)
        throw InvalidArgument(std::string(what) + " buffer must be " + std::to_string(expected) +
                              " bytes, got " + std::to_string(size));
}

template <class Obs>
AeadResult encryptWith(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt, Obs& obs) {
    AeadResult r;
    r.ct.resize(pt.size());
    r.tag.resize(16);
    dispatch<false>(v, key, nonce, ad, pt, r.ct.data(), r.tag.data(), obs);
    return r;
}

template <class Obs>
std::optional<Bytes> decryptWith(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView ct,
                                 ByteView tag, Obs& obs) {
    Bytes pt(ct.size());
    std::array<std::uint8_t, 16> expected{};
    dispatch<true>(v, key, nonce, ad, ct, pt.data(), expected.data(), obs);
    if (!constantTimeEqual(expected, tag)) {
        wipe(pt);
        return std::nullopt;
    }
    return pt;
}

} // namespace

std::string_view asconAeadName(AsconAeadVariant v) {
    switch (v) {
    case AsconAeadVariant::Ascon128v12:
        return "Ascon-128 v1.2";
    case AsconAeadVariant::Ascon128av12:
        return "Ascon-128a v1.2";
    case AsconAeadVariant::AsconAead128:
        return "Ascon-AEAD128 (SP 800-232)";
    }
    throw InvalidArgument("unknown Ascon AEAD variant " + std::to_string(static_cast<int>(v)));
}

AeadResult asconEncrypt(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt) {
    AeadResult r;
    r.ct.resize(pt.size());
    r.tag.resize(16);
    asconEncryptInto(v, key, nonce, ad, pt, r.ct, r.tag);
    return r;
}

std::optional<Bytes> asconDecrypt(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView ct,
                                  ByteView tag) {
    checkKeyNonce(key, nonce);
    requireLength("tag", tag, 16);
    Bytes pt(ct.size());
    if (!asconDecryptInto(v, key, nonce, ad, ct, tag, pt)) return std::nullopt; // pt already zeroed
    return pt;
}

void asconEncryptInto(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt,
                      MutableByteView ct, MutableByteView tag) {
    if (key.size() != 16 || nonce.size() != 16 || ct.size() != pt.size() || tag.size() != 16) [[unlikely]] {
        checkKeyNonce(key, nonce);
        checkOutput("ciphertext", ct.size(), pt.size());
        checkOutput("tag", tag.size(), 16);
    }
    switch (v) {
    case AsconAeadVariant::Ascon128v12:
        return fastEncrypt<Ascon128>(key, nonce, ad, pt, ct.data(), tag.data());
    case AsconAeadVariant::Ascon128av12:
        return fastEncrypt<Ascon128a>(key, nonce, ad, pt, ct.data(), tag.data());
    case AsconAeadVariant::AsconAead128:
        return fastEncrypt<AsconAead128>(key, nonce, ad, pt, ct.data(), tag.data());
    }
    throw InvalidArgument("unknown Ascon AEAD variant " + std::to_string(static_cast<int>(v)));
}

bool asconDecryptInto(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView ct,
                      ByteView tag, MutableByteView pt) {
    if (key.size() != 16 || nonce.size() != 16 || tag.size() != 16 || pt.size() != ct.size()) [[unlikely]] {
        checkKeyNonce(key, nonce);
        requireLength("tag", tag, 16);
        checkOutput("plaintext", pt.size(), ct.size());
    }
    bool ok = false;
    switch (v) {
    case AsconAeadVariant::Ascon128v12:
        ok = fastDecrypt<Ascon128>(key, nonce, ad, ct, tag.data(), pt.data());
        break;
    case AsconAeadVariant::Ascon128av12:
        ok = fastDecrypt<Ascon128a>(key, nonce, ad, ct, tag.data(), pt.data());
        break;
    case AsconAeadVariant::AsconAead128:
        ok = fastDecrypt<AsconAead128>(key, nonce, ad, ct, tag.data(), pt.data());
        break;
    default:
        throw InvalidArgument("unknown Ascon AEAD variant " + std::to_string(static_cast<int>(v)));
    }
    if (!ok) [[unlikely]]
        wipe(pt);
    return ok;
}

AeadResult asconEncryptModel(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt) {
    checkKeyNonce(key, nonce);
    NoTrace none;
    return encryptWith(v, key, nonce, ad, pt, none);
}

std::optional<Bytes> asconDecryptModel(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad,
                                       ByteView ct, ByteView tag) {
    checkKeyNonce(key, nonce);
    requireLength("tag", tag, 16);
    NoTrace none;
    return decryptWith(v, key, nonce, ad, ct, tag, none);
}

AeadResult asconEncryptTraced(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt,
                              Trace& trace) {
    checkKeyNonce(key, nonce);
    trace.layout = asconLayout();
    TraceRecorder rec(trace);
    return encryptWith(v, key, nonce, ad, pt, rec);
}

std::optional<Bytes> asconDecryptTraced(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad,
                                        ByteView ct, ByteView tag, Trace& trace) {
    checkKeyNonce(key, nonce);
    requireLength("tag", tag, 16);
    trace.layout = asconLayout();
    TraceRecorder rec(trace);
    return decryptWith(v, key, nonce, ad, ct, tag, rec);
}

} // namespace rs::crypto
