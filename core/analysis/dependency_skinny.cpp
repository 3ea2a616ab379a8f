// Structural dependency through SKINNY (Beierle et al., CRYPTO 2016): SubCells, AddConstants,
// AddRoundTweakey, ShiftRows, MixColumns per round, and the tweakey schedule (PT and the TK2/TK3
// cell LFSRs) when the tweakey is varied. All bit-level.
#include "core/analysis/dependency.h"
#include "core/analysis/structural.h"

#include "core/crypto/skinny.h"

#include <array>

namespace rs::analysis::detail {

namespace {

// 16 cells of cb bits as dependency rows; row cb * cell + b is bit b (b = 0 the LSB) of the cell.
class Cells {
  public:
    Cells(int cellBits, int cols) : m_cb(cellBits), m_m(16 * cellBits, cols) {}
    int row(int cell, int bit) const noexcept { return m_cb * cell + bit; }
    BitMatrix& m() noexcept { return m_m; }
    const BitMatrix& m() const noexcept { return m_m; }
    /** @brief Cell dst |= cell src of other, bit by bit. */
    void orCell(int dst, const Cells& other, int src) noexcept {
        for (int b = 0; b < m_cb; ++b)
            m_m.orRow(row(dst, b), other.m_m, other.row(src, b));
    }
    /** @brief Cell dst |= f(cell src of other) for a cell function with dependency table dep. */
    void orCellThrough(int dst, const Cells& other, int src, const std::vector<std::uint32_t>& dep) noexcept {
        for (int i = 0; i < m_cb; ++i)
            for (int j = 0; j < m_cb; ++j)
                if ((dep[static_cast<std::size_t>(i)] >> j) & 1u)
                    m_m.orRow(row(dst, j), other.m_m, other.row(src, i));
    }

  private:
    int m_cb;
    BitMatrix m_m;
};

// Field bit f of a 16-cell array (state or one TK): cell g / cb, bit cb - 1 - g % cb, where g is f's
// index inside the array. For 4-bit cells this is "cell 2k = high nibble of byte k", as the model packs.
void placeBit(Cells& cells, int cellBits, int indexInArray, int column) {
    cells.m().set(cells.row(indexInArray / cellBits, cellBits - 1 - indexInArray % cellBits), column);
}

} // namespace

std::vector<BitMatrix> skinnyDependency(const Plan& plan, const std::atomic<bool>* cancel) {
    const int cb = plan.cellBits;
    const bool wide = cb == 8;
    const int n = plan.varied();
    const auto sbox = cellDependency(cb, [wide](unsigned x) {
        return unsigned{wide ? crypto::skinnySbox8(static_cast<std::uint8_t>(x))
                             : crypto::skinnySbox4(static_cast<std::uint8_t>(x))};
    });
    const auto lfsr2 = cellDependency(cb, [wide](unsigned x) {
        return unsigned{crypto::skinnyLfsrTk2(static_cast<std::uint8_t>(x), wide)};
    });
    const auto lfsr3 = cellDependency(cb, [wide](unsigned x) {
        return unsigned{crypto::skinnyLfsrTk3(static_cast<std::uint8_t>(x), wide)};
    });
    const auto& pt = crypto::skinnyTweakeyPermutation();

    const int z = plan.keyBytes / plan.stateBytes; // TK1..TKz
    Cells state(cb, n);
    std::vector<Cells> tk(static_cast<std::size_t>(z), Cells(cb, n));
    for (int v = 0; v < n; ++v) {
        const int f = plan.fieldBit(v);
        if (plan.field == Field::Key)
            placeBit(tk[static_cast<std::size_t>(f / plan.stateBits)], cb, f % plan.stateBits, v);
        else
            placeBit(state, cb, f, v);
    }

    std::vector<BitMatrix> rounds;
    rounds.reserve(static_cast<std::size_t>(plan.rounds));
    for (int r = 0; r < plan.rounds; ++r) {
        checkCancel(cancel);
        // SubCells: each cell through the S-box's dependency table. AddConstants: constants only.
        Cells sub(cb, n);
        for (int c = 0; c < 16; ++c)
            sub.orCellThrough(c, state, c, sbox);
        // AddRoundTweakey: the first two rows (cells 0..7) receive TK1 ^ TK2 ^ TK3.
        for (int c = 0; c < 8; ++c)
            for (const auto& t : tk)
                sub.orCell(c, t, c);
        // ShiftRows: row i rotates right by i cells, so cell (i, j) comes from (i, j - i).
        Cells shifted(cb, n);
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
                shifted.orCell(4 * i + j, sub, 4 * i + (j - i + 4) % 4);
        // MixColumns: per column (a, b, c, d) -> (a^c^d, a, b^c, a^c).
        Cells mixed(cb, n);
        for (int j = 0; j < 4; ++j) {
            const int a = j, b = 4 + j, c = 8 + j, d = 12 + j;
            mixed.orCell(a, shifted, a);
            mixed.orCell(a, shifted, c);
            mixed.orCell(a, shifted, d);
            mixed.orCell(b, shifted, a);
            mixed.orCell(c, shifted, b);
            mixed.orCell(c, shifted, c);
            mixed.orCell(d, shifted, a);
            mixed.orCell(d, shifted, c);
        }
        state = mixed;

        // Tweakey update for the next round: PT on every array, then the LFSRs on rows 0-1 of TK2, TK3.
        for (int t = 0; t < z; ++t) {
            Cells next(cb, n);
            const Cells& cur = tk[static_cast<std::size_t>(t)];
            for (int i = 0; i < 16; ++i) {
                const int src = pt[static_cast<std::size_t>(i)];
                if (i < 8 && t == 1)
                    next.orCellThrough(i, cur, src, lfsr2);
                else if (i < 8 && t == 2)
                    next.orCellThrough(i, cur, src, lfsr3);
                else
                    next.orCell(i, cur, src);
            }
            tk[static_cast<std::size_t>(t)] = next;
        }

        // Trace numbering: state bit s is cell s / cb, cell bit cb - 1 - s % cb.
        BitMatrix out(plan.stateBits, n);
        for (int c = 0; c < 16; ++c)
            for (int b = 0; b < cb; ++b)
                out.copyRow(cb * c + cb - 1 - b, state.m(), state.row(c, b));
        rounds.push_back(std::move(out));
    }
    return rounds;
}

} // namespace rs::analysis::detail
