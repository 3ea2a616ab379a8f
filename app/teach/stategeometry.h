#pragma once
// How the state grid (the explorer's state view, the exports) draws a cipher state: rows of bits grouped into
// cells, each drawn bit mapped to its bit in the trace's state bytes (MSB of byte 0 first, the numbering of
// analysis::RoundDiffusion::dependentBits). Encodes the layouts of core/crypto/trace.h:
//   Ascon 5 rows x0..x4 of 64 bits, bit 63 leftmost (words big-endian in the bytes);
//   LEA X[0..3] drawn as 4 rows of 32 bits, bit 31 leftmost (words little-endian in the bytes);
//   SKINNY 4x4 cells row by row (SKINNY-128 one byte a cell, SKINNY-64 high nibble = even cell);
//   the ML-DSA polynomial 16 rows of 16 coefficients w[16r + c], 32-bit big-endian cells (values < q < 2^23:
//   6 hex digits a cell).
//   Keccak-f[1600] 5 rows y = 0..4 of 5 lanes x = 0..4 (FIPS 202's A[x, y]), 64 bits a lane, bit z = 63
//   leftmost (lanes little-endian in the bytes): 16 hex digits a cell, or 320 bits a row (the bit view
//   scrolls).

#include <QString>

#include <cstdint>
#include <vector>

#include "core/crypto/trace.h"

namespace rs::teach {

/** @brief The drawn grid of a state layout. */
struct StateGeometry {
    enum class Kind { Ascon, Lea, Skinny, Polynomial, Keccak, Generic };
    Kind kind = Kind::Generic;
    int rows = 0;      ///< drawn rows
    int rowBits = 0;   ///< bits per drawn row
    int cellBits = 0;  ///< bits per cell (hex mode draws one cell per group of cellBits)
    int byteGroup = 8; ///< bits between wider gaps in bit mode
    int hexDigits = 0; ///< digits of a hex cell; 0: cellBits / 4
    QString title;     ///< e.g. "Ascon 5×64", "LEA 4×32", "SKINNY-64 4×4 cells"

    /** @brief The geometry for a trace layout (unknown layouts: rows of cols*cellBits bits). */
    static StateGeometry fromLayout(const crypto::StateLayout& layout);

    /** @brief Total drawn bits (= state bits). */
    int stateBits() const { return rows * rowBits; }
    /** @brief Index into the state bytes (MSB of byte 0 first) of the bit drawn at (row, col). */
    int bitIndex(int row, int col) const;
    /** @brief Row label: "x0", "X[2]", "row 1", "w[32]" (the polynomial's first coefficient of the row),
     *  "y=3" (Keccak). */
    QString rowLabel(int row) const;
    /** @brief Label of the bit drawn in column col: "bit 63", "bit 31", "cell 5 bit 7", "w[35] bit 31",
     *  "x=2 z=63" (Keccak: lane x, bit z of the lane). */
    QString columnLabel(int row, int col) const;
};

/** @brief Bit i of bytes (MSB of byte 0 first); false past the end. */
bool stateBit(const std::vector<std::uint8_t>& bytes, int index);

} // namespace rs::teach
