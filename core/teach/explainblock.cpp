// Explanations of the block ciphers' steps: LEA (KS X 3246) rounds and sub-steps, SKINNY (paper,
// section 2.3) encryption and decryption steps. Values are recomputed from the previous step and the
// round key, so each explanation can be checked against the step's own state.
#include <array>
#include <bit>
#include <cstdint>

#include "core/crypto/bytes.h"
#include "core/teach/explaindetail.h"
#include "core/teach/substeps.h"

namespace rs::teach::detail {

LeaWords leaWords(const std::vector<std::uint8_t>& state) {
    LeaWords w{};
    for (std::size_t i = 0; i < 4; ++i)
        w[i] = crypto::loadLe32(state.data() + 4 * i);
    return w;
}

namespace {

using crypto::Trace;
using crypto::TraceStep;
using Words = LeaWords;

std::array<std::uint32_t, 6> leaRoundKey(const TraceStep& st) {
    std::array<std::uint32_t, 6> k{};
    for (std::size_t j = 0; j < 6; ++j)
        k[j] = crypto::loadLe32(st.roundKey.data() + 4 * j);
    return k;
}

std::string w32(std::uint32_t v) {
    return hexWord(v, 8);
}

std::string leaInput(const TraceStep& st) {
    const Words x = leaWords(st.state);
    const char* what = st.phase == "decryption" ? "C" : "P";
    return std::string("X[0‖1‖2‖3] ← ") + what + " as four 32-bit little-endian words: X[0] = " + w32(x[0]) +
           ", X[1] = " + w32(x[1]) + ", X[2] = " + w32(x[2]) + ", X[3] = " + w32(x[3]);
}

std::string leaEncRound(const TraceStep& st, const Words& x) {
    const auto k = leaRoundKey(st);
    const std::uint32_t y0 = std::rotl((x[0] ^ k[0]) + (x[1] ^ k[1]), 9);
    const std::uint32_t y1 = std::rotr((x[1] ^ k[2]) + (x[2] ^ k[3]), 5);
    const std::uint32_t y2 = std::rotr((x[2] ^ k[4]) + (x[3] ^ k[5]), 3);
    return "round " + std::to_string(st.round) + ": X[0] ← ROL9((X[0]⊕RK0) ⊞ (X[1]⊕RK1)) = " + w32(y0) +
           ", X[1] ← ROR5((X[1]⊕RK2) ⊞ (X[2]⊕RK3)) = " + w32(y1) +
           ", X[2] ← ROR3((X[2]⊕RK4) ⊞ (X[3]⊕RK5)) = " + w32(y2) + ", X[3] ← X[0] = " + w32(x[0]);
}

// Decryption round j undoes encryption round R−j+1 with that round's key; x is X_{i+1}, the result X_i.
std::string leaDecRound(const TraceStep& st, const Words& y) {
    const auto k = leaRoundKey(st);
    const std::uint32_t x0 = y[3];
    const std::uint32_t x1 = (std::rotr(y[0], 9) - (x0 ^ k[0])) ^ k[1];
    const std::uint32_t x2 = (std::rotl(y[1], 5) - (x1 ^ k[2])) ^ k[3];
    const std::uint32_t x3 = (std::rotl(y[2], 3) - (x2 ^ k[4])) ^ k[5];
    return "inverse round " + std::to_string(st.round) + ": X[0] ← X'[3] = " + w32(x0) +
           ", X[1] ← (ROR9(X'[0]) ⊟ (X[0]⊕RK0)) ⊕ RK1 = " + w32(x1) +
           ", X[2] ← (ROL5(X'[1]) ⊟ (X[1]⊕RK2)) ⊕ RK3 = " + w32(x2) +
           ", X[3] ← (ROL3(X'[2]) ⊟ (X[2]⊕RK4)) ⊕ RK5 = " + w32(x3);
}

// The input of the round a sub-step belongs to: the step before the round's "⊕ round key" sub-step.
const TraceStep* subStepRoundInput(const Trace& t, std::size_t index) {
    for (std::size_t j = index + 1; j-- > 0;) {
        const TraceStep& s = t.steps[j];
        if (s.round != t.steps[index].round || s.phase != t.steps[index].phase) return nullptr;
        if (s.step == kLeaKeyXor)
            return j > 0 && t.steps[j - 1].state.size() == 16 ? &t.steps[j - 1] : nullptr;
    }
    return nullptr;
}

std::optional<std::string> leaSubStep(const Trace& t, std::size_t index) {
    const TraceStep& st = t.steps[index];
    const TraceStep* in = subStepRoundInput(t, index);
    if (in == nullptr || st.roundKey.size() != 24) return std::nullopt;
    const Words x = leaWords(in->state);
    const auto k = leaRoundKey(st);
    const std::uint32_t s0 = (x[0] ^ k[0]) + (x[1] ^ k[1]), s1 = (x[1] ^ k[2]) + (x[2] ^ k[3]),
                        s2 = (x[2] ^ k[4]) + (x[3] ^ k[5]);
    const std::string r = "round " + std::to_string(st.round) + ", ";
    if (st.step == kLeaKeyXor)
        return r + "round key XOR (moves no difference): X[0]⊕RK0 = " + w32(x[0] ^ k[0]) +
               ", X[1]⊕RK2 = " + w32(x[1] ^ k[2]) + ", X[2]⊕RK4 = " + w32(x[2] ^ k[4]) +
               "; right operands X[1]⊕RK1 = " + w32(x[1] ^ k[1]) + ", X[2]⊕RK3 = " + w32(x[2] ^ k[3]) +
               ", X[3]⊕RK5 = " + w32(x[3] ^ k[5]);
    if (st.step == kLeaAddition)
        return r +
               "addition mod 2³² (a carry moves a difference only towards the MSB): S0 = (X[0]⊕RK0) ⊞ "
               "(X[1]⊕RK1) = " +
               w32(s0) + ", S1 = (X[1]⊕RK2) ⊞ (X[2]⊕RK3) = " + w32(s1) +
               ", S2 = (X[2]⊕RK4) ⊞ (X[3]⊕RK5) = " + w32(s2);
    if (st.step == kLeaRotations)
        return r + "rotations: ROL9(S0) = " + w32(std::rotl(s0, 9)) +
               ", ROR5(S1) = " + w32(std::rotr(s1, 5)) + ", ROR3(S2) = " + w32(std::rotr(s2, 3));
    if (st.step == kLeaWordRotation)
        return r + "word rotation: X' = (ROL9(S0), ROR5(S1), ROR3(S2), X[0]), X'[3] ← X[0] = " + w32(x[0]) +
               "; X' = " + w32(std::rotl(s0, 9)) + " " + w32(std::rotr(s1, 5)) + " " + w32(std::rotr(s2, 3)) +
               " " + w32(x[0]);
    return std::nullopt;
}

// SKINNY cells: one per byte (SKINNY-128) or one per nibble, the high nibble first (SKINNY-64).
unsigned cell(const std::vector<std::uint8_t>& s, int c, int bits) {
    if (bits == 8) return s[static_cast<std::size_t>(c)];
    const std::uint8_t b = s[static_cast<std::size_t>(c / 2)];
    return c % 2 == 0 ? b >> 4 : b & 0xFu;
}

std::string cellHex(unsigned v, int bits) {
    return hexWord(v, bits / 4);
}

std::string row(const std::vector<std::uint8_t>& s, int r, int bits) {
    std::string out = "(";
    for (int c = 0; c < 4; ++c)
        out += (c ? " " : "") + cellHex(cell(s, 4 * r + c, bits), bits);
    return out + ")";
}

std::string columnText(const std::vector<std::uint8_t>& s, int col, int bits) {
    std::string out = "(";
    for (int r = 0; r < 4; ++r)
        out += (r ? ", " : "") + cellHex(cell(s, 4 * r + col, bits), bits);
    return out + ")";
}

// The 6-bit round-constant LFSR (rc5..rc0) ← (rc4..rc0, rc5⊕rc4⊕1) from 0, once per round.
unsigned skinnyConstant(int round) {
    unsigned rc = 0;
    for (int i = 0; i < round; ++i)
        rc = ((rc << 1) & 0x3Fu) | (((rc >> 5) ^ (rc >> 4) ^ 1u) & 1u);
    return rc;
}

int totalRounds(const Trace& t, std::string_view phase) {
    int n = 0;
    for (const TraceStep& s : t.steps)
        if (s.phase == phase && s.round > n) n = s.round;
    return n;
}

std::optional<std::string> skinnyStep(const Trace& t, std::size_t index, const TraceStep* prev) {
    const TraceStep& st = t.steps[index];
    const int bits = t.layout.cellBits;
    const std::size_t bytes = bits == 8 ? 16 : 8;
    if ((bits != 4 && bits != 8) || st.state.size() != bytes) return std::nullopt;
    const std::string sbox = bits == 8 ? "S8" : "S4";
    if (st.step == "input")
        return std::string(st.phase == "decryption" ? "ciphertext" : "plaintext") + " as a 4×4 matrix of " +
               std::to_string(bits) + "-bit cells, row by row: " + row(st.state, 0, bits) + " " +
               row(st.state, 1, bits) + " " + row(st.state, 2, bits) + " " + row(st.state, 3, bits);
    if (prev == nullptr || prev->state.size() != bytes) return std::nullopt;
    const std::string r = "round " + std::to_string(st.round) + ": ";
    if (st.step == "SubCells" || st.step == "inverse SubCells") {
        const bool inv = st.step != "SubCells";
        return r + (inv ? sbox + "⁻¹" : sbox) +
               " on each of the 16 cells; cell 0: " + cellHex(cell(prev->state, 0, bits), bits) + " → " +
               cellHex(cell(st.state, 0, bits), bits) + ", row 0 " + row(prev->state, 0, bits) + " → " +
               row(st.state, 0, bits);
    }
    if (st.step == "AddConstants") {
        // Encryption round r uses the r-th LFSR state; decryption round j undoes encryption round R−j+1.
        const int enc = st.phase == "decryption" ? totalRounds(t, st.phase) - st.round + 1 : st.round;
        const unsigned rc = skinnyConstant(enc);
        return r + "rc = " + hexWord(rc, 2) + " (6-bit LFSR, round " + std::to_string(enc) +
               "); c0 = rc3..rc0 = " + hexWord(rc & 0xFu, 1) + ", c1 = rc5 rc4 = " + hexWord(rc >> 4, 1) +
               ", c2 = 0x2 XORed into rows 0, 1, 2 of column 0 (cells 0, 4, 8)";
    }
    if (st.step == "AddRoundTweakey")
        return r + "rows 0 and 1 (cells 0–7) ⊕= the round tweakey (first two rows of TK1" +
               std::string(" ⊕ … ⊕ TKz") + "): RTK = 0x" + hexBytes(st.roundKey) + "; row 0 → " +
               row(st.state, 0, bits) + ", row 1 → " + row(st.state, 1, bits);
    if (st.step == "ShiftRows" || st.step == "inverse ShiftRows") {
        const bool inv = st.step != "ShiftRows";
        std::string rows;
        for (int i = 1; i < 4; ++i)
            rows += (i > 1 ? ", row " : "row ") + std::to_string(i) + " " + row(prev->state, i, bits) +
                    " → " + row(st.state, i, bits);
        return r + "row i rotates " + (inv ? "left" : "right") + " by i cells (row 0 stays): " + rows;
    }
    if (st.step == "MixColumns" || st.step == "inverse MixColumns") {
        const bool inv = st.step != "MixColumns";
        const std::string f =
            inv ? "each column (a⊕c⊕d, a, b⊕c, a⊕c) ← (a, b, c, d) undone: a = y1, c = y3⊕a, "
                  "b = y2⊕c, d = y0⊕y3"
                : "M = [1 0 1 1; 1 0 0 0; 0 1 1 0; 1 0 1 0], each column (a, b, c, d) → "
                  "(a⊕c⊕d, a, b⊕c, a⊕c)";
        return r + f + "; column 0 " + columnText(prev->state, 0, bits) + " → " +
               columnText(st.state, 0, bits);
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> explainLea(const Trace& t, std::size_t index) {
    const TraceStep& st = t.steps[index];
    if (st.state.size() != 16) return std::nullopt;
    const bool enc = st.phase == "encryption", dec = st.phase == "decryption";
    if (!enc && !dec) return std::nullopt;
    if (st.step == "input") return leaInput(st);
    if (enc && (st.step == kLeaKeyXor || st.step == kLeaAddition || st.step == kLeaRotations ||
                st.step == kLeaWordRotation))
        return leaSubStep(t, index);
    const TraceStep* prev = previous(t, index);
    if (st.step != "round" || prev == nullptr || prev->state.size() != 16 || st.roundKey.size() != 24)
        return std::nullopt;
    return enc ? leaEncRound(st, leaWords(prev->state)) : leaDecRound(st, leaWords(prev->state));
}

std::optional<std::string> explainSkinny(const Trace& t, std::size_t index) {
    const TraceStep& st = t.steps[index];
    if (st.phase != "encryption" && st.phase != "decryption") return std::nullopt;
    return skinnyStep(t, index, previous(t, index));
}

} // namespace rs::teach::detail
