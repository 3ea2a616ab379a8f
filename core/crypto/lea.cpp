#include "core/crypto/lea.h"

#include <bit>
#include <string_view>

namespace rs::crypto {

namespace {

using RoundKey = Lea::RoundKey;

// The spec's constants live in lea.h, shared with the dependency analysis of the key schedule.
constexpr const auto& kDelta = kLeaDelta;
constexpr const auto& kKeyRot = kLeaKeyRotations;

std::vector<RoundKey> keySchedule(ByteView key, int rounds) {
    std::array<std::uint32_t, 8> t{};
    const std::size_t words = key.size() / 4;
    for (std::size_t j = 0; j < words; ++j)
        t[j] = loadLe32(key.data() + 4 * j);

    std::vector<RoundKey> rk(static_cast<std::size_t>(rounds));
    for (int i = 0; i < rounds; ++i) {
        RoundKey& k = rk[static_cast<std::size_t>(i)];
        if (words == 4) {
            // LEA-128: T[j] <- ROL_{rot[j]}(T[j] + ROL_{i+j}(delta[i mod 4])), RK = (T0, T1, T2, T1, T3, T1).
            const std::uint32_t d = kDelta[static_cast<std::size_t>(i % 4)];
            for (int j = 0; j < 4; ++j)
                t[j] = std::rotl(t[j] + std::rotl(d, i + j), kKeyRot[j]);
            k = {t[0], t[1], t[2], t[1], t[3], t[1]};
        } else if (words == 6) {
            // LEA-192: six words, delta[i mod 6], RK = (T0..T5).
            const std::uint32_t d = kDelta[static_cast<std::size_t>(i % 6)];
            for (int j = 0; j < 6; ++j) {
                t[j] = std::rotl(t[j] + std::rotl(d, i + j), kKeyRot[j]);
                k[j] = t[j];
            }
        } else {
            // LEA-256: eight words used six at a time, starting at T[6i mod 8], delta[i mod 8].
            const std::uint32_t d = kDelta[static_cast<std::size_t>(i % 8)];
            for (int j = 0; j < 6; ++j) {
                const std::size_t w = static_cast<std::size_t>((6 * i + j) % 8);
                t[w] = std::rotl(t[w] + std::rotl(d, i + j), kKeyRot[j]);
                k[j] = t[w];
            }
        }
    }
    t.fill(0);
    return rk;
}

// One encryption round on words held in (a, b, c, d) = (X[0], X[1], X[2], X[3]):
//   X'[0] = ROL9((X[0]^RK0) + (X[1]^RK1)), X'[1] = ROR5((X[1]^RK2) + (X[2]^RK3)),
//   X'[2] = ROR3((X[2]^RK4) + (X[3]^RK5)), X'[3] = X[0].
// The results overwrite b, c, d and a stays, so the new state sits in (b, c, d, a): callers rename
// the variables instead of moving words (the pattern repeats every 4 rounds).
inline void encRound(std::uint32_t a, std::uint32_t& b, std::uint32_t& c, std::uint32_t& d,
                     const RoundKey& k) noexcept {
    d = std::rotr((c ^ k[4]) + (d ^ k[5]), 3);
    c = std::rotr((b ^ k[2]) + (c ^ k[3]), 5);
    b = std::rotl((a ^ k[0]) + (b ^ k[1]), 9);
}

// Inverse round on the state (y0, y1, y2, y3) = X_{i+1}[0..3]:
//   X_i[0] = X_{i+1}[3], X_i[1] = (ROR9(X_{i+1}[0]) - (X_i[0]^RK0)) ^ RK1,
//   X_i[2] = (ROL5(X_{i+1}[1]) - (X_i[1]^RK2)) ^ RK3, X_i[3] = (ROL3(X_{i+1}[2]) - (X_i[2]^RK4)) ^ RK5.
// The previous state ends up in (y3, y0, y1, y2).
inline void decRound(std::uint32_t& y0, std::uint32_t& y1, std::uint32_t& y2, std::uint32_t y3,
                     const RoundKey& k) noexcept {
    y0 = (std::rotr(y0, 9) - (y3 ^ k[0])) ^ k[1];
    y1 = (std::rotl(y1, 5) - (y0 ^ k[2])) ^ k[3];
    y2 = (std::rotl(y2, 3) - (y1 ^ k[4])) ^ k[5];
}

// Records X[0..3] (little-endian words, as the block bytes) and optionally the round key words.
template <class Obs>
void emit(Obs& obs, std::string_view phase, int round, std::string_view step, std::uint32_t x0,
          std::uint32_t x1, std::uint32_t x2, std::uint32_t x3, const RoundKey* k) {
    std::array<std::uint8_t, 16> s{};
    storeLe32(s.data(), x0);
    storeLe32(s.data() + 4, x1);
    storeLe32(s.data() + 8, x2);
    storeLe32(s.data() + 12, x3);
    std::array<std::uint8_t, 24> kb{};
    if (k != nullptr)
        for (std::size_t j = 0; j < 6; ++j)
            storeLe32(kb.data() + 4 * j, (*k)[j]);
    obs.step(phase, -1, round, step, s,
             k != nullptr ? std::span<const std::uint8_t>(kb) : std::span<const std::uint8_t>());
}

template <class Obs>
inline void encryptCore(const RoundKey* rk, int rounds, const std::uint8_t* in, std::uint8_t* out, Obs& obs) {
    constexpr std::string_view ph = "encryption";
    std::uint32_t x0 = loadLe32(in), x1 = loadLe32(in + 4), x2 = loadLe32(in + 8), x3 = loadLe32(in + 12);
    if constexpr (Obs::enabled) emit(obs, ph, 0, "input", x0, x1, x2, x3, nullptr);
    int r = 0;
    // Four rounds per pass with renamed words: after them the state is back in (x0, x1, x2, x3).
    for (; r + 4 <= rounds; r += 4) {
        encRound(x0, x1, x2, x3, rk[r]);
        if constexpr (Obs::enabled) emit(obs, ph, r + 1, "round", x1, x2, x3, x0, &rk[r]);
        encRound(x1, x2, x3, x0, rk[r + 1]);
        if constexpr (Obs::enabled) emit(obs, ph, r + 2, "round", x2, x3, x0, x1, &rk[r + 1]);
        encRound(x2, x3, x0, x1, rk[r + 2]);
        if constexpr (Obs::enabled) emit(obs, ph, r + 3, "round", x3, x0, x1, x2, &rk[r + 2]);
        encRound(x3, x0, x1, x2, rk[r + 3]);
        if constexpr (Obs::enabled) emit(obs, ph, r + 4, "round", x0, x1, x2, x3, &rk[r + 3]);
    }
    // Reduced-round variants only: the last rounds % 4 rounds, moving the words back in place.
    for (; r < rounds; ++r) {
        encRound(x0, x1, x2, x3, rk[r]);
        const std::uint32_t t = x0;
        x0 = x1;
        x1 = x2;
        x2 = x3;
        x3 = t;
        if constexpr (Obs::enabled) emit(obs, ph, r + 1, "round", x0, x1, x2, x3, &rk[r]);
    }
    storeLe32(out, x0);
    storeLe32(out + 4, x1);
    storeLe32(out + 8, x2);
    storeLe32(out + 12, x3);
}

template <class Obs>
inline void decryptCore(const RoundKey* rk, int rounds, const std::uint8_t* in, std::uint8_t* out, Obs& obs) {
    constexpr std::string_view ph = "decryption";
    std::uint32_t x0 = loadLe32(in), x1 = loadLe32(in + 4), x2 = loadLe32(in + 8), x3 = loadLe32(in + 12);
    if constexpr (Obs::enabled) emit(obs, ph, 0, "input", x0, x1, x2, x3, nullptr);
    // Decryption round j (1-based) undoes encryption round i = rounds - j, using RK_i.
    int j = 0;
    // Reduced-round variants only: peel rounds % 4 rounds first so the rest come in fours.
    for (; j < rounds % 4; ++j) {
        const RoundKey& k = rk[rounds - 1 - j];
        decRound(x0, x1, x2, x3, k);
        const std::uint32_t t = x3;
        x3 = x2;
        x2 = x1;
        x1 = x0;
        x0 = t;
        if constexpr (Obs::enabled) emit(obs, ph, j + 1, "round", x0, x1, x2, x3, &k);
    }
    for (; j < rounds; j += 4) {
        const RoundKey* k = rk + (rounds - 1 - j);
        decRound(x0, x1, x2, x3, k[0]);
        if constexpr (Obs::enabled) emit(obs, ph, j + 1, "round", x3, x0, x1, x2, &k[0]);
        decRound(x3, x0, x1, x2, k[-1]);
        if constexpr (Obs::enabled) emit(obs, ph, j + 2, "round", x2, x3, x0, x1, &k[-1]);
        decRound(x2, x3, x0, x1, k[-2]);
        if constexpr (Obs::enabled) emit(obs, ph, j + 3, "round", x1, x2, x3, x0, &k[-2]);
        decRound(x1, x2, x3, x0, k[-3]);
        if constexpr (Obs::enabled) emit(obs, ph, j + 4, "round", x0, x1, x2, x3, &k[-3]);
    }
    storeLe32(out, x0);
    storeLe32(out + 4, x1);
    storeLe32(out + 8, x2);
    storeLe32(out + 12, x3);
}

} // namespace

int Lea::standardRounds(std::size_t keyBytes) noexcept {
    switch (keyBytes) {
    case 16:
        return 24;
    case 24:
        return 28;
    case 32:
        return 32;
    default:
        return 0;
    }
}

Lea::Lea(ByteView key, int rounds) : m_keyBytes(key.size()) {
    const int standard = standardRounds(key.size());
    if (standard == 0)
        throw InvalidArgument("LEA key must be 16, 24 or 32 bytes, got " + std::to_string(key.size()));
    if (rounds == 0) rounds = standard;
    if (rounds < 1 || rounds > standard)
        throw InvalidArgument("LEA rounds must be 0 (standard) or 1.." + std::to_string(standard) + " for " +
                              std::to_string(8 * key.size()) + "-bit keys, got " + std::to_string(rounds));
    m_rounds = rounds;
    m_roundKeys = keySchedule(key, rounds);
}

std::string Lea::name() const {
    return "LEA-" + std::to_string(8 * m_keyBytes);
}

void Lea::encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept {
    NoTrace obs;
    encryptCore(m_roundKeys.data(), m_rounds, in, out, obs);
}

void Lea::decryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept {
    NoTrace obs;
    decryptCore(m_roundKeys.data(), m_rounds, in, out, obs);
}

// The traced paths go through the StepSink instantiation, so recorder and analysis share one copy.
void Lea::encryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const {
    trace.layout = layout();
    TraceRecorder rec(trace);
    encryptBlockObserved(in, out, rec);
}

void Lea::decryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const {
    trace.layout = layout();
    TraceRecorder rec(trace);
    StepSink& sink = rec;
    decryptCore(m_roundKeys.data(), m_rounds, in, out, sink);
}

void Lea::encryptBlockObserved(const std::uint8_t* in, std::uint8_t* out, StepSink& sink) const {
    encryptCore(m_roundKeys.data(), m_rounds, in, out, sink);
}

StateLayout Lea::layout() {
    StateLayout l;
    l.name = "lea-128";
    l.rows = 1;
    l.cols = 4;
    l.cellBits = 32;
    l.rowLabel = "X";
    l.encoding = "16 bytes = X[0] X[1] X[2] X[3], each 32-bit word little-endian as LEA loads the block, "
                 "so the last step's state bytes equal the output block";
    return l;
}

} // namespace rs::crypto
