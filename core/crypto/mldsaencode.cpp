// ML-DSA encodings, written from FIPS 204 Algorithms 16-28.
#include "core/crypto/mldsaencode.h"

#include "core/crypto/mldsarounding.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>

namespace rs::crypto::mldsa {

namespace {

constexpr std::int32_t kT0Low = (1 << 12) - 1; // 2^(d-1) - 1
constexpr std::int32_t kT0High = 1 << 12;      // 2^(d-1)
constexpr std::uint32_t kT1Max = 1023;         // 2^(bitlen(q-1) - d) - 1
constexpr std::size_t kT1PolyBytes = 320;      // 32 * 10
constexpr std::size_t kT0PolyBytes = 416;      // 32 * 13

// Eight c-bit values fill exactly c bytes, so both directions work a group of eight at a time; with c a
// compile-time constant (the widths ML-DSA uses) every shift and byte position of a group is a constant.
template <int C, class Value> void packGroups(const MlDsaPoly& w, Value value, std::uint8_t* o) {
    static_assert(C <= 24, "a group fits in three 64-bit words");
    constexpr std::uint32_t kMask = (std::uint32_t{1} << C) - 1;
    // The fields first, in a loop of plain arithmetic the compiler vectorises, then the bits.
    std::array<std::uint32_t, kMlDsaN> f;
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        f[i] = static_cast<std::uint32_t>(value(w[i])) & kMask;
    for (std::size_t g = 0; g < kMlDsaN; g += 8, o += C) {
        // The group's 8 C bits in three little-endian words (every shift a constant), then its C bytes.
        std::uint64_t acc[3] = {0, 0, 0};
#pragma GCC unroll 8
        for (int j = 0; j < 8; ++j) {
            const int bit = j * C;
            const std::uint64_t x = f[g + static_cast<std::size_t>(j)];
            acc[bit / 64] |= x << (bit % 64);
            if (bit % 64 + C > 64) acc[bit / 64 + 1] |= x >> (64 - bit % 64);
        }
        // Whole words where the output has room past this group (their extra bytes are the following groups',
        // written again right after): a C-byte copy out of acc would read across two of its stores, which
        // store forwarding cannot serve. The last groups byte by byte.
        constexpr std::size_t kWords = (C + 7) / 8;
        if (g / 8 * C + 8 * kWords <= 32 * C) {
            for (std::size_t k = 0; k < kWords; ++k)
                storeLe64(o + 8 * k, acc[k]);
        } else {
            for (int b = 0; b < C; ++b)
                o[b] = static_cast<std::uint8_t>(acc[b / 8] >> (8 * (b % 8)));
        }
    }
}
template <int C> void unpackGroups(const std::uint8_t* v, MlDsaPoly& w) {
    static_assert(C <= 25, "a value and its shift fit in 32 bits");
    constexpr std::uint32_t kMask = (std::uint32_t{1} << C) - 1;
    // Value j of a group is the 32 bits from byte j C / 8, shifted down by j C mod 8. The last group is
    // copied to a padded buffer first: its later values' 32-bit reads would pass the input's end.
    const auto group = [&](const std::uint8_t* in, std::size_t g) {
#pragma GCC unroll 8
        for (int j = 0; j < 8; ++j) {
            const int bit = j * C;
            const std::uint32_t x = loadLe32(in + bit / 8) >> (bit % 8);
            w[g + static_cast<std::size_t>(j)] = static_cast<std::int32_t>(x & kMask);
        }
    };
    std::size_t g = 0;
    for (; g + 8 < kMlDsaN; g += 8, v += C)
        group(v, g);
    std::uint8_t last[C + 4] = {};
    std::memcpy(last, v, C);
    group(last, g);
}
// Calls f with the width as a compile-time constant for ML-DSA's widths, at run time for any other.
template <class F> void withWidth(int c, F f) {
    switch (c) {
    case 3:
        return f(std::integral_constant<int, 3>{});
    case 4:
        return f(std::integral_constant<int, 4>{});
    case 6:
        return f(std::integral_constant<int, 6>{});
    case 10:
        return f(std::integral_constant<int, 10>{});
    case 13:
        return f(std::integral_constant<int, 13>{});
    case 18:
        return f(std::integral_constant<int, 18>{});
    case 20:
        return f(std::integral_constant<int, 20>{});
    default:
        return f(c);
    }
}

// Writes the 256 values, c bits each, little-endian (BitsToBytes of the concatenated IntegerToBits) to o[0,
// 32 c).
template <class Value> void packBitsTo(const MlDsaPoly& w, int c, Value value, std::uint8_t* o) {
    withWidth(c, [&](auto width) {
        if constexpr (std::is_same_v<decltype(width), int>) {
            std::uint64_t acc = 0;
            int bits = 0;
            const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
            for (std::size_t i = 0; i < kMlDsaN; ++i) {
                acc |= (static_cast<std::uint64_t>(value(w[i])) & mask) << bits;
                bits += width;
                while (bits >= 8) {
                    *o++ = static_cast<std::uint8_t>(acc);
                    acc >>= 8;
                    bits -= 8;
                }
            }
        } else {
            packGroups<decltype(width)::value>(w, value, o);
        }
    });
}
// Appends them to out.
template <class Value> void packBits(const MlDsaPoly& w, int c, Value value, Bytes& out) {
    const std::size_t pos = out.size();
    out.resize(pos + 32 * static_cast<std::size_t>(c), 0);
    packBitsTo(w, c, value, out.data() + pos);
}

// Reads 256 values of c bits each from v (exactly 32 * c bytes, checked by the callers).
template <class Map> void unpackBitsInto(ByteView v, int c, Map map, MlDsaPoly& w) {
    withWidth(c, [&](auto width) {
        if constexpr (std::is_same_v<decltype(width), int>) {
            std::uint64_t acc = 0;
            int bits = 0;
            std::size_t pos = 0;
            const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
            for (std::size_t i = 0; i < kMlDsaN; ++i) {
                while (bits < width) {
                    acc |= static_cast<std::uint64_t>(v[pos++]) << bits;
                    bits += 8;
                }
                w[i] = map(static_cast<std::int32_t>(acc & mask));
                acc >>= width;
                bits -= width;
            }
        } else {
            // The raw fields, then the map in a loop of its own (plain arithmetic: it vectorises).
            unpackGroups<decltype(width)::value>(v.data(), w);
            for (std::int32_t& x : w)
                x = map(x);
        }
    });
}
// Every coefficient is written: no zero-fill first (a 1 KiB store the decoders would pay per polynomial).
template <class Map> MlDsaPoly unpackBits(ByteView v, int c, Map map) {
    MlDsaPoly w;
    unpackBitsInto(v, c, map, w);
    return w;
}
// BitUnpack(v, a, b)'s map b - x to [0, q) without a branch (b - x is in (-q, q); its sign is data).
struct FromTop {
    std::int32_t b;
    std::int32_t operator()(std::int32_t x) const noexcept {
        const std::int32_t r = b - x;
        return r + ((r >> 31) & kMlDsaQ);
    }
};

void requireBytes(const char* what, ByteView v, std::size_t n) {
    if (v.size() != n)
        throw InvalidArgument(std::string(what) + ": " + std::to_string(n) + " bytes expected, got " +
                              std::to_string(v.size()));
}

void requireCount(const char* what, PolySpan v, int n) {
    if (static_cast<int>(v.size()) != n)
        throw InvalidArgument(std::string(what) + ": " + std::to_string(n) + " polynomials expected, got " +
                              std::to_string(v.size()));
}

ByteView sub(ByteView v, std::size_t& pos, std::size_t n) {
    ByteView s = v.subspan(pos, n);
    pos += n;
    return s;
}

} // namespace

int bitlen(std::uint32_t x) noexcept {
    int n = 0;
    for (; x != 0; x >>= 1)
        ++n;
    return n;
}

std::size_t zPolyBytes(const MlDsaParams& p) noexcept {
    return 32 * static_cast<std::size_t>(1 + bitlen(static_cast<std::uint32_t>(p.gamma1 - 1)));
}
std::size_t etaPolyBytes(const MlDsaParams& p) noexcept {
    return 32 * static_cast<std::size_t>(bitlen(static_cast<std::uint32_t>(2 * p.eta)));
}

void simpleBitPack(const MlDsaPoly& w, std::uint32_t b, Bytes& out) {
    packBits(
        w, bitlen(b), [](std::int32_t x) { return static_cast<std::uint32_t>(x); }, out);
}

void bitPack(const MlDsaPoly& w, std::int32_t a, std::int32_t b, Bytes& out) {
    packBits(
        w, bitlen(static_cast<std::uint32_t>(a + b)),
        [b](std::int32_t x) { return static_cast<std::uint32_t>(b - centeredCanonical(x)); }, out);
}

MlDsaPoly simpleBitUnpack(ByteView v, std::uint32_t b) {
    const int c = bitlen(b);
    requireBytes("SimpleBitUnpack", v, 32 * static_cast<std::size_t>(c));
    return unpackBits(v, c, std::identity{});
}

MlDsaPoly bitUnpack(ByteView v, std::int32_t a, std::int32_t b) {
    const int c = bitlen(static_cast<std::uint32_t>(a + b));
    requireBytes("BitUnpack", v, 32 * static_cast<std::size_t>(c));
    return unpackBits(v, c, FromTop{b});
}

Bytes hintBitPack(const PolyVec& h, int omega) {
    const int k = static_cast<int>(h.size());
    Bytes y(static_cast<std::size_t>(omega + k), 0);
    // Without a branch per coefficient (which ones are set is data): every index is written at the next free
    // place of a scratch array and kept only when its hint is set; too many hints are refused after.
    std::array<std::uint8_t, kMlDsaN + 1> scratch;
    std::size_t index = 0;
    for (int i = 0; i < k; ++i) {
        std::size_t here = 0;
        const MlDsaPoly& hi = h[static_cast<std::size_t>(i)];
        for (std::size_t j = 0; j < kMlDsaN; ++j) {
            scratch[here] = static_cast<std::uint8_t>(j);
            here += hi[j] != 0 ? 1 : 0;
        }
        if (index + here > static_cast<std::size_t>(omega))
            throw InvalidArgument("HintBitPack: more than omega = " + std::to_string(omega) + " hints");
        std::copy(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(here),
                  y.begin() + static_cast<std::ptrdiff_t>(index));
        index += here;
        y[static_cast<std::size_t>(omega + i)] = static_cast<std::uint8_t>(index);
    }
    return y;
}

std::optional<PolyVec> hintBitUnpack(ByteView y, int k, int omega) {
    if (k < 0 || omega < 0 || y.size() != static_cast<std::size_t>(omega + k)) return std::nullopt;
    PolyVec h(static_cast<std::size_t>(k), MlDsaPoly{});
    int index = 0;
    for (int i = 0; i < k; ++i) {
        const int end = y[omega + i];
        if (end < index || end > omega) return std::nullopt; // counts must not fall nor pass omega
        const int first = index;
        while (index < end) {
            if (index > first && y[index - 1] >= y[index]) return std::nullopt; // strictly increasing
            h[i][y[index]] = 1;
            ++index;
        }
    }
    for (int i = index; i < omega; ++i)
        if (y[i] != 0) return std::nullopt; // padding after the last index must be zero
    return h;
}

Bytes pkEncode(const MlDsaParams& p, ByteView rho, PolySpan t1) {
    requireBytes("pkEncode rho", rho, 32);
    requireCount("pkEncode t1", t1, p.k);
    Bytes pk(rho.begin(), rho.end());
    pk.reserve(p.pkBytes);
    for (const MlDsaPoly& t : t1)
        simpleBitPack(t, kT1Max, pk);
    return pk;
}

PublicKey pkDecode(const MlDsaParams& p, ByteView pk) {
    if (pk.size() != p.pkBytes)
        throw InvalidArgument(std::string(p.name) + " public key must be " + std::to_string(p.pkBytes) +
                              " bytes, got " + std::to_string(pk.size()));
    PublicKey out;
    std::size_t pos = 0;
    ByteView rho = sub(pk, pos, 32);
    out.rho.assign(rho.begin(), rho.end());
    out.t1.reserve(static_cast<std::size_t>(p.k));
    MlDsaPoly t;
    for (int i = 0; i < p.k; ++i) {
        unpackBitsInto(sub(pk, pos, kT1PolyBytes), static_cast<int>(kT1PolyBytes / 32), std::identity{}, t);
        out.t1.push_back(t);
    }
    return out;
}

Bytes skEncode(const MlDsaParams& p, ByteView rho, ByteView key, ByteView tr, PolySpan s1, PolySpan s2,
               PolySpan t0) {
    requireBytes("skEncode rho", rho, 32);
    requireBytes("skEncode K", key, 32);
    requireBytes("skEncode tr", tr, 64);
    requireCount("skEncode s1", s1, p.l);
    requireCount("skEncode s2", s2, p.k);
    requireCount("skEncode t0", t0, p.k);
    Bytes sk;
    sk.reserve(p.skBytes);
    sk.insert(sk.end(), rho.begin(), rho.end());
    sk.insert(sk.end(), key.begin(), key.end());
    sk.insert(sk.end(), tr.begin(), tr.end());
    for (const MlDsaPoly& s : s1)
        bitPack(s, p.eta, p.eta, sk);
    for (const MlDsaPoly& s : s2)
        bitPack(s, p.eta, p.eta, sk);
    for (const MlDsaPoly& t : t0)
        bitPack(t, kT0Low, kT0High, sk);
    return sk;
}

SecretKey skDecode(const MlDsaParams& p, ByteView sk) {
    if (sk.size() != p.skBytes)
        throw InvalidArgument(std::string(p.name) + " secret key must be " + std::to_string(p.skBytes) +
                              " bytes, got " + std::to_string(sk.size()));
    SecretKey out;
    std::size_t pos = 0;
    auto take = [&](Bytes& dst, std::size_t n) {
        ByteView s = sub(sk, pos, n);
        dst.assign(s.begin(), s.end());
    };
    take(out.rho, 32);
    take(out.key, 32);
    take(out.tr, 64);
    const std::size_t etaBytes = etaPolyBytes(p);
    // BitUnpack(., eta, eta) gives eta - x for the stored x in [0, 2^c): in [-eta, eta] exactly when x <= 2
    // eta.
    const auto twoEta = static_cast<std::uint32_t>(2 * p.eta);
    auto readEta = [&](PolyVec& dst, int count, const char* name) {
        dst.reserve(static_cast<std::size_t>(count));
        MlDsaPoly s;
        for (int i = 0; i < count; ++i) {
            unpackBitsInto(sub(sk, pos, etaBytes), bitlen(twoEta), std::identity{}, s);
            std::uint32_t largest = 0;
            for (std::int32_t x : s)
                largest = std::max(largest, static_cast<std::uint32_t>(x));
            if (largest > twoEta) {
                const auto j = static_cast<std::size_t>(
                    std::find_if(s.begin(), s.end(),
                                 [&](std::int32_t x) { return static_cast<std::uint32_t>(x) > twoEta; }) -
                    s.begin());
                throw InvalidArgument(std::string(p.name) + " secret key: " + name + "[" + std::to_string(i) +
                                      "] coefficient " + std::to_string(j) + " is " +
                                      std::to_string(p.eta - s[j]) + ", outside [-" + std::to_string(p.eta) +
                                      ", " + std::to_string(p.eta) + "]");
            }
            for (std::int32_t& x : s)
                x = FromTop{p.eta}(x);
            dst.push_back(s);
        }
    };
    readEta(out.s1, p.l, "s1");
    readEta(out.s2, p.k, "s2");
    out.t0.reserve(static_cast<std::size_t>(p.k));
    MlDsaPoly t;
    for (int i = 0; i < p.k; ++i) {
        unpackBitsInto(sub(sk, pos, kT0PolyBytes), static_cast<int>(kT0PolyBytes / 32), FromTop{kT0High}, t);
        out.t0.push_back(t);
    }
    return out;
}

Bytes sigEncode(const MlDsaParams& p, ByteView cTilde, const PolyVec& z, const PolyVec& h) {
    requireBytes("sigEncode c~", cTilde, static_cast<std::size_t>(p.lambda / 4));
    requireCount("sigEncode z", z, p.l);
    requireCount("sigEncode h", h, p.k);
    Bytes sig(cTilde.begin(), cTilde.end());
    sig.reserve(p.sigBytes);
    for (const MlDsaPoly& zi : z)
        bitPack(zi, p.gamma1 - 1, p.gamma1, sig);
    const Bytes hints = hintBitPack(h, p.omega);
    sig.insert(sig.end(), hints.begin(), hints.end());
    return sig;
}

std::optional<Signature> sigDecode(const MlDsaParams& p, ByteView sig) {
    if (sig.size() != p.sigBytes) return std::nullopt;
    Signature out;
    std::size_t pos = 0;
    ByteView c = sub(sig, pos, static_cast<std::size_t>(p.lambda / 4));
    out.cTilde.assign(c.begin(), c.end());
    const std::size_t zBytes = zPolyBytes(p);
    out.z.reserve(static_cast<std::size_t>(p.l));
    MlDsaPoly z;
    for (int i = 0; i < p.l; ++i) {
        unpackBitsInto(sub(sig, pos, zBytes), static_cast<int>(zBytes / 32), FromTop{p.gamma1}, z);
        out.z.push_back(z);
    }
    std::optional<PolyVec> h = hintBitUnpack(sig.subspan(pos), p.k, p.omega);
    if (!h) return std::nullopt;
    out.h = std::move(*h);
    return out;
}

int w1Bits(const MlDsaParams& p) noexcept {
    return bitlen(static_cast<std::uint32_t>((kMlDsaQ - 1) / (2 * p.gamma2) - 1));
}

std::size_t w1EncodeTo(const MlDsaParams& p, const MlDsaPoly* w1, std::uint8_t* out) {
    const int c = w1Bits(p);
    const std::size_t polyBytes = 32 * static_cast<std::size_t>(c);
    for (int i = 0; i < p.k; ++i)
        packBitsTo(
            w1[i], c, [](std::int32_t x) { return static_cast<std::uint32_t>(x); }, out + i * polyBytes);
    return static_cast<std::size_t>(p.k) * polyBytes;
}

Bytes w1Encode(const MlDsaParams& p, const PolyVec& w1) {
    const auto b = static_cast<std::uint32_t>((kMlDsaQ - 1) / (2 * p.gamma2) - 1);
    Bytes out;
    out.reserve(w1.size() * 32 * static_cast<std::size_t>(bitlen(b)));
    for (const MlDsaPoly& w : w1)
        simpleBitPack(w, b, out);
    return out;
}

} // namespace rs::crypto::mldsa
