// The sponge construction of FIPS 202 section 4 over Keccak-f[1600], byte-oriented: the domain bits and
// the first padding bit are one byte (0x06 for SHA-3's 01 || 10*1, 0x1F for SHAKE's 1111 || 10*1), the
// last padding bit is 0x80 in the rate's last byte. Whole 8-byte lanes are absorbed and squeezed a lane at
// a time (the rates are multiples of 8), other bytes one by one.

#include "core/crypto/sha3.h"

#include "core/crypto/keccakfast.h"

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
    std::size_t i = 0;
    while (i < data.size()) {
        if (m_pos % 8 == 0 && data.size() - i >= 8) {
            m_state[m_pos / 8] ^= loadLe64(data.data() + i);
            i += 8;
            m_pos += 8;
        } else {
            xorByte(m_state, m_pos++, data[i++]);
        }
        if (m_pos == m_rate) {
            permute();
            m_pos = 0;
        }
    }
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
    std::size_t i = 0;
    while (i < out.size()) {
        if (m_pos == m_rate) {
            permute();
            m_pos = 0;
        }
        if (m_pos % 8 == 0 && out.size() - i >= 8) {
            storeLe64(out.data() + i, m_state[m_pos / 8]);
            i += 8;
            m_pos += 8;
        } else {
            out[i++] = byteAt(m_state, m_pos++);
        }
    }
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
