#pragma once
// Where bits move (issue 17, "show where bits move"): for a trace step whose operation only moves bits
// (SKINNY ShiftRows, LEA's "rotations" sub-step) or XORs rotations of a word (Ascon's linear diffusion
// p_L), the list of moves from the previous step's state to this step's state. Bits are numbered as the
// state grid numbers them: bit i of the trace's state bytes, MSB of byte 0 first.
//
//   SKINNY "ShiftRows": row i rotates right by i cells; every bit moves with its cell.
//   LEA "rotations" (core/teach/substeps.h): lanes 0..2 rotate by ROL9, ROR5, ROR3; lane 3 stays.
//   Ascon "linear diffusion": xi ← xi ⊕ ROR(xi, a) ⊕ ROR(xi, b), (a, b) = (19, 28), (61, 39), (1, 6),
//     (10, 17), (7, 41): each output bit is the XOR of three input bits of its own word.
//   Keccak-f[1600] "ρ rho": lane (x, y) rotates left by r[x, y]; "π pi": A′[x,y] = A[(x+3y) mod 5, x], every
//     bit keeps its z.
// For a permutation every destination bit has one source; for p_L three ("contributions").
// Other steps have no movement model (kind None, no moves).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/crypto/trace.h"

namespace rs::teach {

/** @brief One source bit → destination bit of a step (state bit numbers, MSB of byte 0 first). */
struct BitMove {
    int from = 0;
    int to = 0;
    bool wrapped = false; ///< the move crosses its word's (or row's) end and comes in at the other end
};

/** @brief A cell of SKINNY's 4×4 state moving (cells numbered row by row, 0..15). */
struct CellMove {
    int from = 0;
    int to = 0;
    bool wrapped = false; ///< rotated past column 3 back to the left
};

struct BitMoves {
    enum class Kind {
        None,          ///< this step has no movement model
        Permutation,   ///< every destination bit is exactly one source bit
        XorOfRotations ///< every destination bit is the XOR of its sources
    };
    Kind kind = Kind::None;
    std::string operation;       ///< the spec's name: "ShiftRows", "p_L", "rotations", "ρ", "π"
    std::vector<BitMove> moves;  ///< all moves; for XorOfRotations, one per contribution
    std::vector<CellMove> cells; ///< SKINNY only: every cell's move (row 0's cells stay)
    int stateBits = 0;

    bool empty() const { return kind == Kind::None; }
    /** @brief The moves that end in bit `to` (its sources, in the order the spec lists them). */
    std::vector<BitMove> sourcesOf(int to) const;
    /** @brief The moves that start from bit `from` (where it goes). */
    std::vector<BitMove> destinationsOf(int from) const;
    /** @brief The state after the step, computed from the one before by the moves alone: each
     *  destination bit is its source (permutation) or the XOR of its sources. */
    std::vector<std::uint8_t> apply(const std::vector<std::uint8_t>& before) const;
};

/** @brief The movement model of trace step `step` (kind None for steps without one or out of range). */
BitMoves bitMovesFor(const crypto::Trace& trace, std::size_t step);

} // namespace rs::teach
