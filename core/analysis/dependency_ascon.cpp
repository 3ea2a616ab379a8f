// Structural dependency through the Ascon permutation (spec section 2.6): p_C, p_S, p_L per round.
#include "core/analysis/dependency.h"
#include "core/analysis/structural.h"

#include "core/crypto/asconpermutation.h"

#include <array>

namespace rs::analysis {

namespace {

// Rotation amounts of p_L per word (Sigma_i(x) = x ^ (x >>> a) ^ (x >>> b)), as the model applies them.
constexpr std::array<std::array<int, 2>, 5> kSigma = {{{19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}}};

// Trace numbering: word w is state bytes 8w..8w+7 big-endian, so its bit b is state bit 64w + 63 - b.
constexpr int stateBit(int word, int bit) noexcept {
    return 64 * word + 63 - bit;
}

} // namespace

std::array<std::uint8_t, 32> asconSboxTable() {
    // Runs the model's own bitsliced p_S on column 0 for every 5-bit input, so the table cannot drift
    // from the code the permutation executes.
    std::array<std::uint8_t, 32> table{};
    for (unsigned x = 0; x < 32; ++x) {
        std::array<std::uint64_t, 5> w{};
        for (int i = 0; i < 5; ++i)
            w[static_cast<std::size_t>(i)] = (x >> (4 - i)) & 1u; // x0 is the MSB of the S-box input
        crypto::detail::asconSubstitution(w[0], w[1], w[2], w[3], w[4]);
        unsigned y = 0;
        for (int i = 0; i < 5; ++i)
            y |= static_cast<unsigned>(w[static_cast<std::size_t>(i)] & 1u) << (4 - i);
        table[x] = static_cast<std::uint8_t>(y);
    }
    return table;
}

namespace detail {

std::vector<BitMatrix> asconDependency(const Plan& plan, const std::atomic<bool>* cancel) {
    const auto sbox = asconSboxTable();
    // dep[i] = S-box output bits (as 5-bit masks, x0 = bit 4) that depend on input bit of word i.
    const auto dep = cellDependency(5, [&](unsigned x) { return unsigned{sbox[x & 31u]}; });
    // depends[i][j]: output word j depends on input word i.
    std::array<std::array<bool, 5>, 5> depends{};
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            depends[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
                (dep[static_cast<std::size_t>(4 - i)] >> (4 - j)) & 1u;

    BitMatrix cur(320, plan.varied());
    for (int v = 0; v < plan.varied(); ++v)
        cur.set(asconStateBitOfField(plan, plan.fieldBit(v)), v);

    std::vector<BitMatrix> rounds;
    rounds.reserve(static_cast<std::size_t>(plan.rounds));
    for (int r = 0; r < plan.rounds; ++r) {
        checkCancel(cancel);
        // p_C adds a constant to x2: no dependency changes.
        // p_S: output word j of column b collects the input words i that S-box bit j depends on.
        BitMatrix sub(320, plan.varied());
        for (int b = 0; b < 64; ++b)
            for (int j = 0; j < 5; ++j)
                for (int i = 0; i < 5; ++i)
                    if (depends[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)])
                        sub.orRow(stateBit(j, b), cur, stateBit(i, b));
        // p_L: bit b of Sigma_w(x) is x_b ^ x_{b+a} ^ x_{b+c} (right rotations, indices mod 64).
        BitMatrix lin(320, plan.varied());
        for (int w = 0; w < 5; ++w) {
            const auto& rot = kSigma[static_cast<std::size_t>(w)];
            for (int b = 0; b < 64; ++b) {
                lin.orRow(stateBit(w, b), sub, stateBit(w, b));
                lin.orRow(stateBit(w, b), sub, stateBit(w, (b + rot[0]) % 64));
                lin.orRow(stateBit(w, b), sub, stateBit(w, (b + rot[1]) % 64));
            }
        }
        cur = lin;
        rounds.push_back(cur);
    }
    return rounds;
}

} // namespace detail

} // namespace rs::analysis
