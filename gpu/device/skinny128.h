#pragma once
// SKINNY-128 encryption in the T-table form of paper 004, shared by the CUDA kernels and the host tests.
//
// The state is kept as four COLUMN words: column c holds cells (0,c), (1,c), (2,c), (3,c) in bytes 0..3.
// One round (SubCells, AddConstants, AddRoundTweakey, ShiftRows, MixColumns) is, per output column c,
//   T0[x(0,c)] ^ T1[x(1,c-1)] ^ T2[x(2,c-2)] ^ T3[x(3,c-3)] ^ RC'[r][c] ^ TK'[r][c]
// where T_i[b] places S8(b) in the rows that MixColumns copies row i into (rows 0,1,3 / 2 / 0,2,3 / 0)
// and RC' and TK' are the round constants and round tweakey after ShiftRows and MixColumns (the key
// addition commutes with the two linear layers because it comes after SubCells). That is 4 table
// lookups and 5 XORs per column: the paper's form. The folded form adds one precomputed K' = RC' ^ TK'.
// The S-box form computes T_i[b] = S8(b) * m_i (no carries: S8(b) < 256) from a 256-entry S-box.

#include "gpu/device/hd.h"

namespace rs::gpu {

constexpr int kSkinny128256Rounds = 48;
constexpr int kSkinnyMaxRounds = 56;

/** @brief The multiplier that spreads S8(b) over the rows MixColumns sends row `row` to (rows 0,1,3 / 2 /
 *  0,2,3 / 0). A function, not a table: the device then folds it for the constant rows of each lookup. */
RS_HD std::uint32_t skinnyRowSpread(int row) {
    return row == 0 ? 0x01000101u : row == 1 ? 0x00010000u : row == 2 ? 0x01010001u : 0x00000001u;
}

/** @brief Rows <-> columns of a 4x4 byte matrix (an involution). */
RS_HD Block128 transpose4x4(const Block128& b) {
    Block128 t{};
    for (int c = 0; c < 4; ++c)
        t.w[c] =
            byteOf(b.w[0], c) | byteOf(b.w[1], c) << 8 | byteOf(b.w[2], c) << 16 | byteOf(b.w[3], c) << 24;
    return t;
}

/** @brief R rounds on column words. `lookup(row, byte)` gives T_row[byte]; `key(round, col)` the word
 *  XORed into column col after the lookups (RC'^TK' as two XORs, or K' as one). */
template <class Lookup, class Key>
RS_HD Block128 skinnyRoundsColumns(Block128 s, int rounds, const Lookup& lookup, const Key& key) {
    for (int r = 0; r < rounds; ++r) {
        Block128 o;
        RS_UNROLL
        for (int c = 0; c < 4; ++c)
            o.w[c] = lookup(0, byteOf(s.w[c], 0)) ^ lookup(1, byteOf(s.w[(c + 3) & 3], 1)) ^
                     lookup(2, byteOf(s.w[(c + 2) & 3], 2)) ^ lookup(3, byteOf(s.w[(c + 1) & 3], 3)) ^
                     key(r, c);
        s = o;
    }
    return s;
}

/** @brief Paper 004's form: four T-tables T[4][256] and, per round, RC'[r][4] and TK'[r][4] added as two
 *  XORs. `block` is the 16-byte block as little-endian row words (loadBlock). */
RS_HD Block128 skinnyEncryptTables(const Block128& block, const std::uint32_t (*t)[256],
                                   const std::uint32_t (*rc)[4], const std::uint32_t (*tk)[4], int rounds) {
    const Block128 out = skinnyRoundsColumns(
        transpose4x4(block), rounds, [t](int row, std::uint32_t b) { return t[row][b]; },
        [rc, tk](int r, int c) { return rc[r][c] ^ tk[r][c]; });
    return transpose4x4(out);
}

/** @brief The tables with the keys folded: K'[r][4] (one XOR per column instead of two). */
RS_HD Block128 skinnyEncryptTablesFolded(const Block128& block, const std::uint32_t (*t)[256],
                                         const std::uint32_t (*k)[4], int rounds) {
    const Block128 out = skinnyRoundsColumns(
        transpose4x4(block), rounds, [t](int row, std::uint32_t b) { return t[row][b]; },
        [k](int r, int c) { return k[r][c]; });
    return transpose4x4(out);
}

/** @brief The S-box form: T_i[b] = S8(b) * skinnyRowSpread(i), keys folded (K'[r][4], one XOR).
 *  `sbox(b)` returns S8(b) (from whatever memory the caller keeps it in). */
template <class Sbox>
RS_HD Block128 skinnyEncryptSbox(const Block128& block, const Sbox& sbox, const std::uint32_t (*k)[4],
                                 int rounds) {
    const Block128 out = skinnyRoundsColumns(
        transpose4x4(block), rounds,
        [&sbox](int row, std::uint32_t b) { return sbox(b) * skinnyRowSpread(row); },
        [k](int r, int c) { return k[r][c]; });
    return transpose4x4(out);
}

/** @brief The state a key addition k (16 cells, row by row) makes after ShiftRows and MixColumns, as
 *  column words: what the tables' round key words are made of. */
RS_HD Block128 skinnyKeyAfterLinearLayer(const std::uint8_t* k) {
    std::uint8_t z[4][4];
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            z[r][c] = k[4 * r + ((c - r + 4) & 3)]; // ShiftRows: row r rotated right by r
    Block128 cols{};
    for (int c = 0; c < 4; ++c) {
        const std::uint32_t o0 = z[0][c] ^ z[2][c] ^ z[3][c], o1 = z[0][c], o2 = z[1][c] ^ z[2][c],
                            o3 = z[0][c] ^ z[2][c];
        cols.w[c] = o0 | o1 << 8 | o2 << 16 | o3 << 24;
    }
    return cols;
}

/** @brief The 6-bit round-constant LFSR: the constant of round r+1 from that of round r (starts at 0). */
RS_HD std::uint8_t skinnyNextConstant(std::uint8_t rc) {
    return static_cast<std::uint8_t>(((rc << 1) & 0x3f) | (((rc >> 5) ^ (rc >> 4) ^ 1) & 1));
}

} // namespace rs::gpu
