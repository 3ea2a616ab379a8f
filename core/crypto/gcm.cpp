#include "core/crypto/gcm.h"

#include "core/crypto/blockmodes.h"
#include "core/crypto/ghash.h"

#include <algorithm>

namespace rs::crypto {

namespace {

using Block = std::array<std::uint8_t, 16>;

// SP 800-38D 5.2.1.1: len(P) <= 2^39 - 256 bits, which keeps inc32 from ever reusing a counter.
constexpr std::uint64_t kMaxPlaintextBytes = ((std::uint64_t{1} << 39) - 256) / 8;

void requireGcmInputs(const BlockCipher& cipher, ByteView iv, std::size_t textBytes) {
    if (cipher.blockSize() != 16)
        throw InvalidArgument("GCM needs a 128-bit block cipher; " + cipher.name() + " has " +
                              std::to_string(8 * cipher.blockSize()) + "-bit blocks");
    if (iv.empty()) throw InvalidArgument("GCM IV must not be empty");
    if (static_cast<std::uint64_t>(textBytes) > kMaxPlaintextBytes)
        throw InvalidArgument("GCM text must be at most 2^39 - 256 bits, got " + std::to_string(textBytes) +
                              " bytes");
}

// H = E_K(0^128) (SP 800-38D 7.1 step 1).
Block hashSubkey(const BlockCipher& cipher) {
    Block h{};
    cipher.encryptBlock(h.data(), h.data());
    return h;
}

// T = MSB_128(GCTR(J0, S)) = E_K(J0) xor GHASH_H(A, C) (SP 800-38D 7.1 steps 5-6).
Block computeTag(const BlockCipher& cipher, const Block& h, const Block& j0, ByteView aad, ByteView ct) {
    Block tag = ghash(h.data(), aad, ct);
    Block mask{};
    cipher.encryptBlock(j0.data(), mask.data());
    for (std::size_t i = 0; i < 16; ++i)
        tag[i] ^= mask[i];
    return tag;
}

// inc32(J0): the first counter block used for data (SP 800-38D 7.1 step 3).
Block firstDataCounter(const Block& j0) {
    Block icb = j0;
    gcmInc32(icb.data());
    return icb;
}

} // namespace

void gcmInc32(std::uint8_t block[16]) noexcept {
    std::uint32_t c = loadBe32(block + 12);
    storeBe32(block + 12, c + 1);
}

std::array<std::uint8_t, 16> gcmPreCounterBlock(const std::uint8_t h[16], ByteView iv) {
    if (iv.empty()) throw InvalidArgument("GCM IV must not be empty");
    Block j0{};
    if (iv.size() == 12) {
        std::copy(iv.begin(), iv.end(), j0.begin());
        j0[15] = 1;
        return j0;
    }
    // s = 128*ceil(len(IV)/128) - len(IV) zero bits of padding, then 0^64 || [len(IV)]_64: exactly
    // GHASH with the IV in the "ciphertext" slot and no AAD.
    return ghash(h, {}, iv);
}

Bytes gcmCtr(const BlockCipher& cipher, const std::uint8_t icb[16], ByteView in) {
    if (cipher.blockSize() != 16)
        throw InvalidArgument("GCTR needs a 128-bit block cipher; " + cipher.name() + " has " +
                              std::to_string(8 * cipher.blockSize()) + "-bit blocks");
    // ctrXor increments the whole block, inc32 only the low 32 bits: they agree until the low word
    // wraps. Run ctrXor up to that point and restart it with the low word at zero and the upper
    // 96 bits kept. With len(P) <= 2^32 - 2 blocks there is at most one wrap.
    const std::uint64_t low = loadBe32(icb + 12);
    const std::uint64_t blocksBeforeWrap = (std::uint64_t{1} << 32) - low;
    const std::uint64_t blocks = (in.size() + 15) / 16;
    if (blocks <= blocksBeforeWrap) return ctrXor(cipher, ByteView(icb, 16), in);

    const std::size_t head = static_cast<std::size_t>(blocksBeforeWrap * 16);
    Bytes out = ctrXor(cipher, ByteView(icb, 16), in.first(head));
    Block wrapped{};
    std::copy(icb, icb + 12, wrapped.begin());
    const Bytes tail = ctrXor(cipher, wrapped, in.subspan(head));
    out.insert(out.end(), tail.begin(), tail.end());
    return out;
}

AeadResult gcmEncrypt(const BlockCipher& cipher, ByteView iv, ByteView aad, ByteView pt) {
    requireGcmInputs(cipher, iv, pt.size());
    const Block h = hashSubkey(cipher);
    const Block j0 = gcmPreCounterBlock(h.data(), iv);
    // C = GCTR(inc32(J0), P), then the tag over (A, C).
    const Block icb = firstDataCounter(j0);
    AeadResult r;
    r.ct = gcmCtr(cipher, icb.data(), pt);
    const Block tag = computeTag(cipher, h, j0, aad, r.ct);
    r.tag.assign(tag.begin(), tag.end());
    return r;
}

std::optional<Bytes> gcmDecrypt(const BlockCipher& cipher, ByteView iv, ByteView aad, ByteView ct,
                                ByteView tag) {
    requireGcmInputs(cipher, iv, ct.size());
    if (tag.size() != kGcmTagBytes)
        throw InvalidArgument("GCM tag must be 16 bytes, got " + std::to_string(tag.size()));
    const Block h = hashSubkey(cipher);
    const Block j0 = gcmPreCounterBlock(h.data(), iv);
    // SP 800-38D 7.2: the tag depends only on A and C, so it is verified first and no plaintext is
    // produced for a forgery.
    const Block expected = computeTag(cipher, h, j0, aad, ct);
    if (!constantTimeEqual(expected, tag)) return std::nullopt;
    const Block icb = firstDataCounter(j0);
    return gcmCtr(cipher, icb.data(), ct);
}

} // namespace rs::crypto
