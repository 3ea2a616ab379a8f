// LEA-GCM on the fast paths (SP 800-38D), step for step as gcm.cpp.
#include "core/crypto/gcmfast.h"

#include "core/crypto/gcm.h"

#include <algorithm>
#include <string>

namespace rs::crypto {

namespace {

using Block = std::array<std::uint8_t, 16>;

constexpr std::uint64_t kMaxTextBytes = ((std::uint64_t{1} << 39) - 256) / 8;

void requireInputs(ByteView iv, std::size_t textBytes) {
    if (iv.empty()) throw InvalidArgument("GCM IV must not be empty");
    if (static_cast<std::uint64_t>(textBytes) > kMaxTextBytes)
        throw InvalidArgument("GCM text must be at most 2^39 - 256 bits, got " + std::to_string(textBytes) +
                              " bytes");
}

struct Setup {
    Block h{};
    Block j0{};
};

// H = E_K(0^128); J0 = IV || 0^31 || 1 for a 96-bit IV, else GHASH_H(IV padded, lengths) (7.1 steps 1-2).
Setup setup(const LeaFast& lea, ByteView iv, GhashIsa isa) {
    Setup s;
    lea.encryptBlock(s.h.data(), s.h.data());
    if (iv.size() == 12) {
        std::copy(iv.begin(), iv.end(), s.j0.begin());
        s.j0[15] = 1;
    } else {
        GhashFast g(s.h.data(), isa);
        g.updatePadded(iv);
        g.updateLengths(0, iv.size());
        s.j0 = g.digest();
    }
    return s;
}

// GCTR from inc32(J0): LeaFast::ctr increments all 128 bits, inc32 only the low 32, so the run is cut
// where the low word wraps and restarted with it at zero (at most once for a valid length).
void gctr(const LeaFast& lea, const Block& j0, ByteView in, std::uint8_t* out) {
    Block icb = j0;
    gcmInc32(icb.data());
    const std::uint64_t blocksBeforeWrap = (std::uint64_t{1} << 32) - loadBe32(icb.data() + 12);
    const std::uint64_t blocks = (in.size() + 15) / 16;
    if (blocks <= blocksBeforeWrap) {
        lea.ctr(icb.data(), in.data(), out, in.size());
        return;
    }
    const auto head = static_cast<std::size_t>(blocksBeforeWrap * 16);
    lea.ctr(icb.data(), in.data(), out, head);
    std::fill(icb.begin() + 12, icb.end(), std::uint8_t{0});
    lea.ctr(icb.data(), in.data() + head, out + head, in.size() - head);
}

// T = E_K(J0) xor GHASH_H(A, C) (7.1 steps 5-6).
Block tagOf(const LeaFast& lea, const Setup& s, ByteView aad, ByteView ct, GhashIsa isa) {
    GhashFast g(s.h.data(), isa);
    g.updatePadded(aad);
    g.updatePadded(ct);
    g.updateLengths(aad.size(), ct.size());
    Block tag = g.digest();
    Block mask{};
    lea.encryptBlock(s.j0.data(), mask.data());
    for (std::size_t i = 0; i < 16; ++i)
        tag[i] ^= mask[i];
    return tag;
}

} // namespace

void gcmEncryptFastInto(const LeaFast& lea, ByteView iv, ByteView aad, ByteView pt,
                        std::span<std::uint8_t> ct, std::span<std::uint8_t> tag, GhashIsa ghashIsa) {
    requireInputs(iv, pt.size());
    if (ct.size() != pt.size())
        throw InvalidArgument("GCM ciphertext buffer must be " + std::to_string(pt.size()) + " bytes, got " +
                              std::to_string(ct.size()));
    if (tag.size() != kGcmTagBytes)
        throw InvalidArgument("GCM tag buffer must be 16 bytes, got " + std::to_string(tag.size()));
    const Setup s = setup(lea, iv, ghashIsa);
    gctr(lea, s.j0, pt, ct.data());
    const Block t = tagOf(lea, s, aad, ByteView(ct.data(), ct.size()), ghashIsa);
    std::copy(t.begin(), t.end(), tag.begin());
}

AeadResult gcmEncryptFast(const LeaFast& lea, ByteView iv, ByteView aad, ByteView pt, GhashIsa ghashIsa) {
    requireInputs(iv, pt.size()); // before allocating
    AeadResult r;
    r.ct.resize(pt.size());
    r.tag.resize(kGcmTagBytes);
    gcmEncryptFastInto(lea, iv, aad, pt, r.ct, r.tag, ghashIsa);
    return r;
}

std::optional<Bytes> gcmDecryptFast(const LeaFast& lea, ByteView iv, ByteView aad, ByteView ct, ByteView tag,
                                    GhashIsa ghashIsa) {
    requireInputs(iv, ct.size());
    if (tag.size() != kGcmTagBytes)
        throw InvalidArgument("GCM tag must be 16 bytes, got " + std::to_string(tag.size()));
    const Setup s = setup(lea, iv, ghashIsa);
    const Block expected = tagOf(lea, s, aad, ct, ghashIsa);
    if (!constantTimeEqual(expected, tag)) return std::nullopt;
    Bytes pt(ct.size());
    gctr(lea, s.j0, ct, pt.data());
    return pt;
}

} // namespace rs::crypto
