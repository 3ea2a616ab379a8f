#include "core/crypto/asconaead.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

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
    checkKeyNonce(key, nonce);
    NoTrace none;
    return encryptWith(v, key, nonce, ad, pt, none);
}

std::optional<Bytes> asconDecrypt(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView ct,
                                  ByteView tag) {
    checkKeyNonce(key, nonce);
    requireLength("tag", tag, 16);
    NoTrace none;
    return decryptWith(v, key, nonce, ad, ct, tag, none);
}

void asconEncryptInto(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt,
                      MutableByteView ct, MutableByteView tag) {
    checkKeyNonce(key, nonce);
    checkOutput("ciphertext", ct.size(), pt.size());
    checkOutput("tag", tag.size(), 16);
    NoTrace none;
    dispatch<false>(v, key, nonce, ad, pt, ct.data(), tag.data(), none);
}

bool asconDecryptInto(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView ct,
                      ByteView tag, MutableByteView pt) {
    checkKeyNonce(key, nonce);
    requireLength("tag", tag, 16);
    checkOutput("plaintext", pt.size(), ct.size());
    // The tag is read before the plaintext overwrites anything it may share a buffer with.
    std::array<std::uint8_t, 16> given{}, expected{};
    std::copy(tag.begin(), tag.end(), given.begin());
    NoTrace none;
    dispatch<true>(v, key, nonce, ad, ct, pt.data(), expected.data(), none);
    if (constantTimeEqual(expected, given)) return true;
    wipe(pt);
    return false;
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
