// Keccak-f[1600] as FIPS 202 section 3.2 writes it: five step mappings on a 5x5 array of 64-bit lanes,
// one function per step so that the code reads as the spec. The constants are computed by the spec's own
// algorithms (Algorithm 2's walk for the ρ offsets, Algorithm 5's LFSR for the ι constants).

#include "core/crypto/keccak.h"

#include "core/crypto/bytes.h"

#include <string>

namespace rs::crypto {
namespace {

constexpr std::uint64_t rotl(std::uint64_t v, int n) noexcept {
    n &= 63;
    return n == 0 ? v : (v << n) | (v >> (64 - n));
}

constexpr int lane(int x, int y) noexcept {
    return ((x % 5 + 5) % 5) + 5 * ((y % 5 + 5) % 5);
}

// Algorithm 5: rc(t), the output bit of the degree-8 LFSR x^8 + x^6 + x^5 + x^4 + 1.
constexpr bool rc(int t) noexcept {
    if (t % 255 == 0) return true;
    unsigned r = 0x80; // R = 10000000 (R[0] is the most significant bit here)
    for (int i = 1; i <= t % 255; ++i) {
        // R = 0 || R; R[0] ^= R[8]; R[4] ^= R[8]; R[5] ^= R[8]; R[6] ^= R[8]; R = Trunc8(R)
        const unsigned r8 = r & 1u;
        r >>= 1;
        if (r8) r ^= 0x80 | 0x08 | 0x04 | 0x02;
    }
    return (r & 0x80) != 0;
}

constexpr std::array<std::uint64_t, kKeccakRounds> makeRoundConstants() noexcept {
    std::array<std::uint64_t, kKeccakRounds> out{};
    for (int ir = 0; ir < kKeccakRounds; ++ir) {
        std::uint64_t rcLane = 0;
        for (int j = 0; j <= 6; ++j) // RC[2^j - 1] = rc(j + 7 i_r)
            if (rc(j + 7 * ir)) rcLane |= std::uint64_t{1} << ((1 << j) - 1);
        out[static_cast<std::size_t>(ir)] = rcLane;
    }
    return out;
}

constexpr std::array<int, 25> makeRhoOffsets() noexcept {
    std::array<int, 25> out{};
    int x = 1, y = 0; // Algorithm 2: offsets walk (x, y) -> (y, 2x + 3y)
    for (int t = 0; t < 24; ++t) {
        out[static_cast<std::size_t>(lane(x, y))] = ((t + 1) * (t + 2) / 2) % 64;
        const int nx = y, ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
    }
    return out;
}

// θ (Algorithm 1): each bit xors the parities of two neighbouring columns.
void theta(KeccakState& a) noexcept {
    std::uint64_t c[5];
    for (int x = 0; x < 5; ++x)
        c[x] = a[lane(x, 0)] ^ a[lane(x, 1)] ^ a[lane(x, 2)] ^ a[lane(x, 3)] ^ a[lane(x, 4)];
    for (int x = 0; x < 5; ++x) {
        const std::uint64_t d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
        for (int y = 0; y < 5; ++y)
            a[lane(x, y)] ^= d;
    }
}

// ρ (Algorithm 2): each lane rotated by its offset.
void rho(KeccakState& a) noexcept {
    for (std::size_t i = 0; i < 25; ++i)
        a[i] = rotl(a[i], kKeccakRhoOffsets[i]);
}

// π (Algorithm 3): A'[x, y] = A[(x + 3y) mod 5, x].
void pi(KeccakState& a) noexcept {
    const KeccakState in = a;
    for (int x = 0; x < 5; ++x)
        for (int y = 0; y < 5; ++y)
            a[lane(x, y)] = in[lane(x + 3 * y, x)];
}

// χ (Algorithm 4): A'[x, y] = A[x, y] ^ (~A[x + 1, y] & A[x + 2, y]).
void chi(KeccakState& a) noexcept {
    const KeccakState in = a;
    for (int x = 0; x < 5; ++x)
        for (int y = 0; y < 5; ++y)
            a[lane(x, y)] = in[lane(x, y)] ^ (~in[lane(x + 1, y)] & in[lane(x + 2, y)]);
}

// ι (Algorithm 6): lane (0, 0) xors the round constant.
void iota(KeccakState& a, int ir) noexcept {
    a[0] ^= kKeccakRoundConstants[static_cast<std::size_t>(ir)];
}

struct Silent {
    static constexpr bool enabled = false;
};

template <class Obs> void permute(KeccakState& a, int rounds, Obs* sink) {
    auto report = [&](int round, std::string_view step, std::span<const std::uint8_t> key = {}) {
        if constexpr (Obs::enabled) {
            const auto bytes = keccakStateBytes(a);
            sink->step("Keccak-f[1600]", -1, round, step, bytes, key);
        }
    };
    report(0, "input");
    const int first = kKeccakRounds - rounds;
    for (int ir = first; ir < kKeccakRounds; ++ir) {
        const int r = ir - first + 1;
        theta(a);
        report(r, "θ theta");
        rho(a);
        report(r, "ρ rho");
        pi(a);
        report(r, "π pi");
        chi(a);
        report(r, "χ chi");
        iota(a, ir);
        if constexpr (Obs::enabled) {
            std::uint8_t rcBytes[8];
            storeLe64(rcBytes, kKeccakRoundConstants[static_cast<std::size_t>(ir)]);
            report(r, "ι iota", rcBytes);
        }
    }
}

void checkRounds(int rounds) {
    if (rounds < 1 || rounds > kKeccakRounds)
        throw InvalidArgument("Keccak-p[1600] rounds: expected 1..24, got " + std::to_string(rounds));
}

} // namespace

const std::array<std::uint64_t, kKeccakRounds> kKeccakRoundConstants = makeRoundConstants();
const std::array<int, 25> kKeccakRhoOffsets = makeRhoOffsets();

void keccakF1600(KeccakState& a) noexcept {
    permute<Silent>(a, kKeccakRounds, static_cast<Silent*>(nullptr));
}

void keccakP1600(KeccakState& a, int rounds) {
    checkRounds(rounds);
    permute<Silent>(a, rounds, static_cast<Silent*>(nullptr));
}

void keccakP1600Observed(KeccakState& a, int rounds, StepSink& sink) {
    checkRounds(rounds);
    permute<StepSink>(a, rounds, &sink);
}

std::array<std::uint8_t, kKeccakStateBytes> keccakStateBytes(const KeccakState& a) noexcept {
    std::array<std::uint8_t, kKeccakStateBytes> out{};
    for (std::size_t i = 0; i < 25; ++i)
        storeLe64(out.data() + 8 * i, a[i]);
    return out;
}

KeccakState keccakStateFromBytes(std::span<const std::uint8_t> bytes) {
    requireLength("Keccak state", bytes, kKeccakStateBytes);
    KeccakState a{};
    for (std::size_t i = 0; i < 25; ++i)
        a[i] = loadLe64(bytes.data() + 8 * i);
    return a;
}

StateLayout keccakLayout() {
    return StateLayout{"keccak-1600", 5, 5, 64, "y", "keccak-lanes-le"};
}

} // namespace rs::crypto
