#include "core/teach/bitmoves.h"

#include "core/crypto/keccak.h"
#include "core/teach/substeps.h"

namespace rs::teach {

namespace {

// Bit b (0 = least significant) of Ascon word w: words are big-endian in the state bytes.
int asconBit(int w, int b) {
    return 64 * w + (63 - b);
}

// Bit b of LEA word w: words are little-endian in the state bytes.
int leaBit(int w, int b) {
    return (4 * w + b / 8) * 8 + (7 - b % 8);
}

BitMoves asconLinear() {
    // p_L: xi ← xi ⊕ (xi ⋙ a) ⊕ (xi ⋙ b); bit j of (x ⋙ r) is bit (j + r) mod 64 of x.
    static constexpr int kRot[5][2] = {{19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}};
    BitMoves m;
    m.kind = BitMoves::Kind::XorOfRotations;
    m.operation = "p_L";
    m.stateBits = 320;
    for (int w = 0; w < 5; ++w)
        for (int j = 0; j < 64; ++j) {
            m.moves.push_back({asconBit(w, j), asconBit(w, j), false});
            for (int r : kRot[w])
                m.moves.push_back({asconBit(w, (j + r) % 64), asconBit(w, j), j + r >= 64});
        }
    return m;
}

BitMoves leaRotations() {
    // Lane 0: ROL9, lane 1: ROR5, lane 2: ROR3 (negative: left); lane 3 unchanged. Bit j of (x ⋙ r)
    // is bit j + r of x, wrapped past bit 31 when j + r > 31; bit j of (x ⋘ l) is bit j - l, wrapped
    // past bit 0 when j < l.
    static constexpr int kRight[4] = {-9, 5, 3, 0};
    BitMoves m;
    m.kind = BitMoves::Kind::Permutation;
    m.operation = "rotations";
    m.stateBits = 128;
    for (int w = 0; w < 4; ++w)
        for (int j = 0; j < 32; ++j) {
            const int src = j + kRight[w];
            m.moves.push_back({leaBit(w, (src + 32) % 32), leaBit(w, j), src < 0 || src > 31});
        }
    return m;
}

BitMoves skinnyShiftRows(int cellBits, bool inverse) {
    // ShiftRows: row i rotates right by i cells (cell c = 4 * row + column); the inverse rotates left.
    BitMoves m;
    m.kind = BitMoves::Kind::Permutation;
    m.operation = inverse ? "inverse ShiftRows" : "ShiftRows";
    m.stateBits = 16 * cellBits;
    for (int row = 0; row < 4; ++row)
        for (int col = 0; col < 4; ++col) {
            const int to = inverse ? (col + 4 - row) % 4 : (col + row) % 4;
            const bool wrapped = inverse ? col - row < 0 : col + row >= 4;
            const CellMove c{4 * row + col, 4 * row + to, wrapped};
            m.cells.push_back(c);
            for (int k = 0; k < cellBits; ++k)
                m.moves.push_back({c.from * cellBits + k, c.to * cellBits + k, wrapped});
        }
    return m;
}

// Bit z of Keccak lane i (x + 5y): lanes are little-endian in the state bytes.
int keccakBit(int laneIndex, int z) {
    return (8 * laneIndex + z / 8) * 8 + (7 - z % 8);
}

BitMoves keccakRho(int plane = -1) {
    // ρ: A′[x,y,z] = A[x,y,z − r[x,y]]: bit z of a lane goes to bit z + r mod 64 (a left rotation), wrapped
    // past bit 63 when z + r > 63. One plane's sub-step (plane >= 0) rotates that plane; every other bit
    // stays.
    BitMoves m;
    m.kind = BitMoves::Kind::Permutation;
    m.operation = "ρ";
    m.stateBits = 1600;
    for (int i = 0; i < 25; ++i) {
        const int r =
            plane < 0 || i / 5 == plane ? crypto::kKeccakRhoOffsets[static_cast<std::size_t>(i)] : 0;
        for (int z = 0; z < 64; ++z)
            m.moves.push_back({keccakBit(i, z), keccakBit(i, (z + r) % 64), z + r > 63});
    }
    return m;
}

BitMoves keccakPi() {
    // π: A′[x,y] = A[(x + 3y) mod 5, x]: every bit keeps its z and moves with its lane.
    BitMoves m;
    m.kind = BitMoves::Kind::Permutation;
    m.operation = "π";
    m.stateBits = 1600;
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 5; ++x) {
            const int from = (x + 3 * y) % 5 + 5 * x, to = x + 5 * y;
            for (int z = 0; z < 64; ++z)
                m.moves.push_back({keccakBit(from, z), keccakBit(to, z), false});
        }
    return m;
}

} // namespace

std::vector<BitMove> BitMoves::sourcesOf(int to) const {
    std::vector<BitMove> out;
    for (const BitMove& mv : moves)
        if (mv.to == to) out.push_back(mv);
    return out;
}

std::vector<BitMove> BitMoves::destinationsOf(int from) const {
    std::vector<BitMove> out;
    for (const BitMove& mv : moves)
        if (mv.from == from) out.push_back(mv);
    return out;
}

std::vector<std::uint8_t> BitMoves::apply(const std::vector<std::uint8_t>& before) const {
    std::vector<std::uint8_t> after(before.size(), 0);
    const int bits = static_cast<int>(before.size()) * 8;
    for (const BitMove& mv : moves) {
        if (mv.from >= bits || mv.to >= bits) continue;
        const int v = (before[static_cast<std::size_t>(mv.from / 8)] >> (7 - mv.from % 8)) & 1;
        // Permutation: one source per destination, so XOR sets it; p_L: the XOR of the contributions.
        after[static_cast<std::size_t>(mv.to / 8)] ^= static_cast<std::uint8_t>(v << (7 - mv.to % 8));
    }
    return after;
}

BitMoves bitMovesFor(const crypto::Trace& trace, std::size_t step) {
    if (step == 0 || step >= trace.steps.size()) return {};
    const std::string& name = trace.steps[step].step;
    const std::string& layout = trace.layout.name;
    if (layout == "ascon-320" && name == "linear diffusion") return asconLinear();
    if (layout == "lea-128" && name == kLeaRotations) return leaRotations();
    if ((layout == "skinny-128" || layout == "skinny-64") &&
        (name == "ShiftRows" || name == "inverse ShiftRows"))
        return skinnyShiftRows(layout == "skinny-128" ? 8 : 4, name != "ShiftRows");
    if (trace.layout.encoding == "keccak-lanes-le") {
        if (name == "ρ rho") return keccakRho();
        if (const auto sub = parseKeccakSubstep(name); sub && sub->step == kKeccakRho)
            return keccakRho(sub->index);
        if (name == "π pi") return keccakPi();
    }
    return {};
}

} // namespace rs::teach
