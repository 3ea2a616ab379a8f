// Structural dependency through Keccak-f[1600] (FIPS 202 section 3.2), step by step as the model applies
// them: θ (each bit collects the parities of columns x-1 and x+1, the latter one z lower), ρ and π (bits
// move), χ (each bit collects its two right-hand neighbours in the row), ι (a constant: nothing).
#include "core/analysis/dependency.h"

#include "core/crypto/keccak.h"

namespace rs::analysis::detail {

namespace {

constexpr int kBits = 1600;

constexpr int lane(int x, int y) noexcept {
    return (x % 5 + 5) % 5 + 5 * ((y % 5 + 5) % 5);
}

// Trace numbering: lane i is state bytes 8i..8i+7 little-endian, so its bit z is bit z % 8 of byte
// 8i + z / 8, i.e. state bit 8 (8i + z / 8) + 7 - z % 8 (MSB of byte 0 first).
constexpr int stateBit(int laneIndex, int z) noexcept {
    z = (z % 64 + 64) % 64;
    return 8 * (8 * laneIndex + z / 8) + 7 - z % 8;
}

} // namespace

std::vector<BitMatrix> keccakDependency(const Plan& plan, const std::atomic<bool>* cancel) {
    const int cols = plan.varied();
    BitMatrix cur(kBits, cols);
    for (int v = 0; v < cols; ++v)
        cur.set(plan.fieldBit(v), v); // the state's hex string is the trace's state bytes

    std::vector<BitMatrix> rounds;
    rounds.reserve(static_cast<std::size_t>(plan.rounds));
    for (int r = 0; r < plan.rounds; ++r) {
        checkCancel(cancel);
        // θ: A[x,y,z] ^= C[x-1,z] ^ C[x+1,z-1], C[x,z] the parity of column (x, z).
        BitMatrix parity(5 * 64, cols);
        for (int x = 0; x < 5; ++x)
            for (int z = 0; z < 64; ++z)
                for (int y = 0; y < 5; ++y)
                    parity.orRow(64 * x + z, cur, stateBit(lane(x, y), z));
        BitMatrix theta = cur;
        for (int x = 0; x < 5; ++x)
            for (int y = 0; y < 5; ++y)
                for (int z = 0; z < 64; ++z) {
                    const int b = stateBit(lane(x, y), z);
                    theta.orRow(b, parity, 64 * ((x + 4) % 5) + z);
                    theta.orRow(b, parity, 64 * ((x + 1) % 5) + (z + 63) % 64);
                }
        // ρ then π: A'[x,y,z] = A_θ[(x + 3y) mod 5, x, z - r[(x + 3y) mod 5, x]].
        BitMatrix moved(kBits, cols);
        for (int x = 0; x < 5; ++x)
            for (int y = 0; y < 5; ++y) {
                const int src = lane(x + 3 * y, x);
                const int off = crypto::kKeccakRhoOffsets[static_cast<std::size_t>(src)];
                for (int z = 0; z < 64; ++z)
                    moved.copyRow(stateBit(lane(x, y), z), theta, stateBit(src, z - off));
            }
        // χ: A[x,y,z] ^= ~A[x+1,y,z] & A[x+2,y,z]; ι adds a constant.
        BitMatrix chi = moved;
        for (int x = 0; x < 5; ++x)
            for (int y = 0; y < 5; ++y)
                for (int z = 0; z < 64; ++z) {
                    const int b = stateBit(lane(x, y), z);
                    chi.orRow(b, moved, stateBit(lane(x + 1, y), z));
                    chi.orRow(b, moved, stateBit(lane(x + 2, y), z));
                }
        cur = std::move(chi);
        rounds.push_back(cur);
    }
    return rounds;
}

} // namespace rs::analysis::detail
