// The sponge construction of FIPS 202 section 4 over Keccak-f[1600], byte-oriented: the domain bits and
// the first padding bit are one byte (0x06 for SHA-3's 01 || 10*1, 0x1F for SHAKE's 1111 || 10*1), the
// last padding bit is 0x80 in the rate's last byte. Runs of whole 8-byte lanes are absorbed and squeezed a
// lane at a time (the rates are multiples of 8), other bytes one by one.

#include "core/crypto/sha3.h"

#include "core/crypto/keccakfast.h"

#include <algorithm>

namespace rs::crypto {
namespace {

void xorByte(KeccakState& s, std::size_t pos, std::uint8_t b) noexcept {
    s[pos / 8] ^= std::uint64_t{b} << (8 * (pos % 8));
}

std::uint8_t byteAt(const KeccakState& s, std::size_t pos) noexcept {
    return static_cast<std::uint8_t>(s[pos / 8] >> (8 * (pos % 8)));
}

} // namespace

KeccakSponge::KeccakSponge(std::size_t rateBytes, std::uint8_t domainByte, KeccakPermutation perm) noexcept
    : m_perm(perm), m_rate(rateBytes), m_domain(domainByte) {}

void KeccakSponge::permute() noexcept {
    if (m_perm == KeccakPermutation::Fast)
        keccakF1600Fast(m_state);
    else
        keccakF1600(m_state);
}

void KeccakSponge::absorb(ByteView data) {
    if (m_squeezing) throw InvalidArgument("Keccak sponge: absorb after squeeze");
    // Locals for the position and the state: the input bytes may alias anything, members would be reloaded
    // after every store.
    const std::uint8_t* in = data.data();
    std::size_t n = data.size(), pos = m_pos;
    const std::size_t rate = m_rate;
    std::uint64_t* lanes = m_state.data();
    while (n > 0) {
        if (pos % 8 == 0 && n >= 8 && pos + 8 <= rate) {
            // Whole lanes up to the end of the block or of the input.
            const std::size_t count = std::min((rate - pos) / 8, n / 8);
            for (std::size_t k = 0; k < count; ++k)
                lanes[pos / 8 + k] ^= loadLe64(in + 8 * k);
            in += 8 * count;
            n -= 8 * count;
            pos += 8 * count;
        } else {
            xorByte(m_state, pos++, *in++);
            --n;
        }
        if (pos == rate) {
            permute();
            pos = 0;
        }
    }
    m_pos = pos;
}

void KeccakSponge::finish() noexcept {
    xorByte(m_state, m_pos, m_domain);
    xorByte(m_state, m_rate - 1, 0x80);
    permute();
    m_pos = 0;
    m_squeezing = true;
}

void KeccakSponge::squeeze(std::span<std::uint8_t> out) noexcept {
    if (!m_squeezing) finish();
    std::uint8_t* o = out.data();
    std::size_t n = out.size(), pos = m_pos;
    const std::size_t rate = m_rate;
    while (n > 0) {
        if (pos == rate) {
            permute();
            pos = 0;
        }
        if (pos % 8 == 0 && n >= 8 && pos + 8 <= rate) {
            const std::size_t count = std::min((rate - pos) / 8, n / 8);
            for (std::size_t k = 0; k < count; ++k)
                storeLe64(o + 8 * k, m_state[pos / 8 + k]);
            o += 8 * count;
            n -= 8 * count;
            pos += 8 * count;
        } else {
            *o++ = byteAt(m_state, pos++);
            --n;
        }
    }
    m_pos = pos;
}

Bytes KeccakSponge::squeeze(std::size_t n) {
    Bytes out(n);
    squeeze(std::span<std::uint8_t>(out));
    return out;
}

void KeccakSponge::reset() noexcept {
    m_state = {};
    m_pos = 0;
    m_squeezing = false;
}

namespace {
Bytes spongeHash(std::size_t rate, std::uint8_t domain, ByteView msg, std::size_t outBytes,
                 KeccakPermutation perm = KeccakPermutation::Reference) {
    KeccakSponge s(rate, domain, perm);
    s.absorb(msg);
    return s.squeeze(outBytes);
}
} // namespace

Bytes sha3_224(ByteView msg) {
    return spongeHash(144, 0x06, msg, 28);
}
Bytes sha3_256(ByteView msg) {
    return spongeHash(136, 0x06, msg, 32);
}
Bytes sha3_384(ByteView msg) {
    return spongeHash(104, 0x06, msg, 48);
}
Bytes sha3_512(ByteView msg) {
    return spongeHash(72, 0x06, msg, 64);
}
Bytes shake128(ByteView msg, std::size_t outBytes, KeccakPermutation perm) {
    return spongeHash(168, 0x1F, msg, outBytes, perm);
}
Bytes shake256(ByteView msg, std::size_t outBytes, KeccakPermutation perm) {
    return spongeHash(136, 0x1F, msg, outBytes, perm);
}

} // namespace rs::crypto
