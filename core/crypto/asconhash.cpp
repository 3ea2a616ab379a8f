#include "core/crypto/asconhash.h"

#include <array>
#include <cstdint>
#include <string>

#include "core/crypto/asconpermutation.h"

namespace rs::crypto {

namespace {

// IVs: v1.2 words are 0 || r || a || a-b || h (h = 256 for the hash, 0 for the XOF), big-endian;
// SP 800-232 IVs are the little-endian parameter words of its section 5.
constexpr std::uint64_t kIvHashv12 = 0x00400c0000000100ull;
constexpr std::uint64_t kIvXofv12 = 0x00400c0000000000ull;
constexpr std::uint64_t kIvHash256 = 0x0000080100cc0002ull;
constexpr std::uint64_t kIvXof128 = 0x0000080000cc0003ull;
constexpr std::uint64_t kIvCxof128 = 0x0000080000cc0004ull;

template <bool LE> inline std::uint64_t loadWord(const std::uint8_t* p) noexcept {
    return detail::asconLoad<LE>(p);
}
template <bool LE> inline void storeWord(std::uint8_t* p, std::uint64_t v) noexcept {
    detail::asconStore<LE>(p, v);
}

// Absorbs a whole byte string into the 8-byte rate x0: p^12 after every block, the last block
// padded with a single 1 bit (byte 0x80 for v1.2's big-endian words, 0x01 for SP 800-232's).
template <bool LE, class Obs> void absorb(AsconState& s, ByteView data, std::string_view phase, Obs& obs) {
    const std::uint8_t* p = data.data();
    std::size_t n = data.size();
    int block = 0;
    for (; n >= 8; n -= 8, p += 8, ++block) {
        s.x[0] ^= loadWord<LE>(p);
        if constexpr (Obs::enabled) detail::asconRecord(obs, phase, block, 0, "absorb", s);
        permuteWith(s, 12, obs, phase, block);
    }
    std::array<std::uint8_t, 8> last{};
    for (std::size_t i = 0; i < n; ++i)
        last[i] = p[i];
    last[n] = LE ? 0x01 : 0x80;
    s.x[0] ^= loadWord<LE>(last.data());
    if constexpr (Obs::enabled) detail::asconRecord(obs, phase, block, 0, "pad and absorb", s);
    permuteWith(s, 12, obs, phase, block);
}

// The sponge: initialization, optional CXOF customization, message, squeeze of outLen bytes.
template <bool LE, class Obs>
void hashCore(std::uint64_t iv, const ByteView* customization, ByteView msg, std::uint8_t* out,
              std::size_t outLen, Obs& obs) {
    AsconState s{{iv, 0, 0, 0, 0}};
    if constexpr (Obs::enabled) detail::asconRecord(obs, "initialization", -1, 0, "initial state", s);
    permuteWith(s, 12, obs, "initialization", -1);

    if (customization) {
        // CXOF128: the bit length of Z as one 64-bit integer word, then Z itself padded.
        s.x[0] ^= static_cast<std::uint64_t>(customization->size()) * 8;
        if constexpr (Obs::enabled) detail::asconRecord(obs, "customization", -1, 0, "absorb length", s);
        permuteWith(s, 12, obs, "customization", -1);
        absorb<LE>(s, *customization, "customization", obs);
    }
    absorb<LE>(s, msg, "absorb", obs);

    // Squeeze: x0 is the next 8 output bytes; p^12 between output blocks only.
    for (int block = 0;; ++block) {
        if constexpr (Obs::enabled) detail::asconRecord(obs, "squeeze", block, 0, "squeeze", s);
        std::array<std::uint8_t, 8> word{};
        storeWord<LE>(word.data(), s.x[0]);
        const std::size_t take = outLen < 8 ? outLen : 8;
        for (std::size_t i = 0; i < take; ++i)
            out[i] = word[i];
        out += take;
        outLen -= take;
        if (outLen == 0) break;
        permuteWith(s, 12, obs, "squeeze", block);
    }
}

void checkXofLength(std::size_t outLen) {
    if (outLen < 1 || outLen > kAsconXofMaxOutput)
        throw InvalidArgument("XOF output length must be 1.." + std::to_string(kAsconXofMaxOutput) +
                              " bytes, got " + std::to_string(outLen));
}

void checkOutLen(AsconHashVariant v, std::size_t outLen) {
    switch (v) {
    case AsconHashVariant::Hashv12:
    case AsconHashVariant::Hash256:
        if (outLen != 32)
            throw InvalidArgument(std::string(asconHashName(v)) + " output must be 32 bytes, got " +
                                  std::to_string(outLen));
        return;
    case AsconHashVariant::Xofv12:
    case AsconHashVariant::Xof128:
        checkXofLength(outLen);
        return;
    }
    throw InvalidArgument("unknown Ascon hash variant " + std::to_string(static_cast<int>(v)));
}

template <class Obs> Bytes hashWith(AsconHashVariant v, ByteView msg, std::size_t outLen, Obs& obs) {
    Bytes out(outLen);
    switch (v) {
    case AsconHashVariant::Hashv12:
        hashCore<false>(kIvHashv12, nullptr, msg, out.data(), outLen, obs);
        break;
    case AsconHashVariant::Xofv12:
        hashCore<false>(kIvXofv12, nullptr, msg, out.data(), outLen, obs);
        break;
    case AsconHashVariant::Hash256:
        hashCore<true>(kIvHash256, nullptr, msg, out.data(), outLen, obs);
        break;
    case AsconHashVariant::Xof128:
        hashCore<true>(kIvXof128, nullptr, msg, out.data(), outLen, obs);
        break;
    }
    return out;
}

void checkCxof(ByteView customization, std::size_t outLen) {
    if (customization.size() > kAsconCxofMaxCustomization)
        throw InvalidArgument("customization must be at most " + std::to_string(kAsconCxofMaxCustomization) +
                              " bytes, got " + std::to_string(customization.size()));
    checkXofLength(outLen);
}

} // namespace

std::string_view asconHashName(AsconHashVariant v) {
    switch (v) {
    case AsconHashVariant::Hashv12:
        return "Ascon-Hash v1.2";
    case AsconHashVariant::Xofv12:
        return "Ascon-Xof v1.2";
    case AsconHashVariant::Hash256:
        return "Ascon-Hash256";
    case AsconHashVariant::Xof128:
        return "Ascon-XOF128";
    }
    throw InvalidArgument("unknown Ascon hash variant " + std::to_string(static_cast<int>(v)));
}

Bytes asconHash(AsconHashVariant v, ByteView msg, std::size_t outLen) {
    checkOutLen(v, outLen);
    NoTrace none;
    return hashWith(v, msg, outLen, none);
}

Bytes asconHashTraced(AsconHashVariant v, ByteView msg, std::size_t outLen, Trace& trace) {
    checkOutLen(v, outLen);
    trace.layout = asconLayout();
    TraceRecorder rec(trace);
    return hashWith(v, msg, outLen, rec);
}

Bytes asconCxof128(ByteView msg, ByteView customization, std::size_t outLen) {
    checkCxof(customization, outLen);
    Bytes out(outLen);
    NoTrace none;
    hashCore<true>(kIvCxof128, &customization, msg, out.data(), outLen, none);
    return out;
}

Bytes asconCxof128Traced(ByteView msg, ByteView customization, std::size_t outLen, Trace& trace) {
    checkCxof(customization, outLen);
    trace.layout = asconLayout();
    TraceRecorder rec(trace);
    Bytes out(outLen);
    hashCore<true>(kIvCxof128, &customization, msg, out.data(), outLen, rec);
    return out;
}

} // namespace rs::crypto
