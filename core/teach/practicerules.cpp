#include "core/teach/practicerules.h"

#include <cstdint>
#include <regex>

#include "core/crypto/bytes.h"
#include "core/crypto/skinny.h"

namespace rs::teach {

const char* const kAsconSboxAnf[5] = {
    "x4x1 ⊕ x3 ⊕ x2x1 ⊕ x2 ⊕ x1x0 ⊕ x1 ⊕ x0", "x4 ⊕ x3x2 ⊕ x3x1 ⊕ x3 ⊕ x2x1 ⊕ x2 ⊕ x1 ⊕ x0",
    "x4x3 ⊕ x4 ⊕ x2 ⊕ x1 ⊕ 1", "x4x0 ⊕ x4 ⊕ x3x0 ⊕ x3 ⊕ x2 ⊕ x1 ⊕ x0", "x4x1 ⊕ x4 ⊕ x3 ⊕ x1x0 ⊕ x1"};

namespace {

std::string hex(std::uint64_t v, int digits) {
    static const char* d = "0123456789abcdef";
    std::string s = "0x";
    for (int i = digits - 1; i >= 0; --i)
        s += d[(v >> (4 * i)) & 0xF];
    return s;
}

bool starts(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

std::string asconRule(const crypto::Trace& t, std::size_t step) {
    const crypto::TraceStep& st = t.steps[step];
    if (st.step == "round constant" && st.state.size() == 40) {
        const std::uint64_t c =
            crypto::loadBe64(st.state.data() + 16) ^ crypto::loadBe64(t.steps[step - 1].state.data() + 16);
        return "p_C: x2 ⊕= c, this round's constant c = " + hex(c, 2) + "; x0, x1, x3 and x4 stay";
    }
    if (st.step == "substitution layer") {
        std::string f;
        for (int r = 0; r < 5; ++r)
            f += (r ? "; x" : "x") + std::to_string(r) + "' = " + kAsconSboxAnf[r];
        return "p_S: every column (bit j of x0..x4) goes through the 5-bit S-box: " + f;
    }
    if (st.step == "linear diffusion")
        return "p_L: xᵢ ⊕= (xᵢ ⋙ a) ⊕ (xᵢ ⋙ b), (a, b) = (19, 28), (61, 39), (1, 6), (10, 17), (7, 41) for "
               "x0..x4 "
               "(⋙ rotates right: bit j of the rotation is bit j + a of the word, mod 64)";
    return {};
}

std::string skinnyRule(const crypto::Trace& t, std::size_t step) {
    const crypto::TraceStep& st = t.steps[step];
    const bool wide = t.layout.cellBits == 8;
    if (st.step == "SubCells") {
        if (wide) return "SubCells: every cell x becomes S8(x), the spec's 8-bit S-box table";
        std::string table;
        for (unsigned x = 0; x < 16; ++x)
            table += (x ? " " : "") + hex(crypto::skinnySbox4(static_cast<std::uint8_t>(x)), 1).substr(2);
        return "SubCells: every cell x becomes S4(x); S4 = " + table + " (S4(0) first)";
    }
    if (st.step == "AddRoundTweakey") {
        std::string rtk;
        for (std::uint8_t b : st.roundKey)
            rtk += hex(b, 2).substr(2);
        return "AddRoundTweakey: rows 0 and 1 (cells 0–7) ⊕= this round's tweakey RTK = 0x" + rtk +
               "; rows 2 and 3 stay";
    }
    if (st.step == "ShiftRows") return "ShiftRows: row i rotates right by i cells (row 0 stays)";
    if (st.step == "MixColumns")
        return "MixColumns: each column (a, b, c, d), top to bottom, becomes (a⊕c⊕d, a, b⊕c, a⊕c)";
    return {};
}

std::string leaRule(const crypto::Trace& t, std::size_t step) {
    const crypto::TraceStep& st = t.steps[step];
    std::string rk;
    if (st.roundKey.size() == 24)
        for (int j = 0; j < 6; ++j)
            rk += (j ? ", RK" : "; RK") + std::to_string(j) + " = " +
                  hex(crypto::loadLe32(st.roundKey.data() + 4 * j), 8);
    if (st.step == "round")
        return "X'[0] = ROL9((X[0]⊕RK0) ⊞ (X[1]⊕RK1)), X'[1] = ROR5((X[1]⊕RK2) ⊞ (X[2]⊕RK3)), "
               "X'[2] = ROR3((X[2]⊕RK4) ⊞ (X[3]⊕RK5)), X'[3] = X[0] (⊞ is addition mod 2³²)" +
               rk;
    if (st.step == "⊕ round key") return "lanes 0, 1, 2 ⊕= RK0, RK2, RK4; lane 3 (X[3]) stays" + rk;
    if (st.step == "⊞ modular addition")
        return "lane i ← lane i ⊞ (X[i+1] ⊕ RK2i+1) mod 2³² for i = 0, 1, 2 (X is the round's input); lane 3 "
               "stays" +
               rk;
    if (st.step == "rotations")
        return "lane 0 ← ROL9(lane 0), lane 1 ← ROR5(lane 1), lane 2 ← ROR3(lane 2); lane 3 stays";
    if (st.step == "word rotation")
        return "lane 3 ← X[0] of the round's input (X'[3] = X[0]); lanes 0, 1, 2 stay";
    return {};
}

std::string mldsaRule(const crypto::Trace& t, std::size_t step) {
    const std::string& s = t.steps[step].step;
    static const std::regex zeta(R"(ζ = (.*)$)");
    std::smatch m;
    const std::string z = std::regex_search(s, m, zeta) ? " with " + m[0].str() : "";
    const std::string q = " (mod q = 8380417)";
    if (starts(s, "Cooley–Tukey layer"))
        return s +
               ": each pair (j, j + len) of a block of 2·len: t = ζ·a[j+len]; a[j+len] = a[j] − t; a[j] = "
               "a[j] + t" +
               q + ", ζ = zetas[m] of the block";
    if (starts(s, "Gentleman–Sande layer"))
        return s +
               ": each pair (j, j + len) of a block of 2·len: t = a[j]; a[j] = t + a[j+len]; a[j+len] = ζ·(t "
               "− a[j+len])" +
               q + ", ζ = −zetas[m] of the block";
    if (starts(s, "layer") && s.find("butterfly") != std::string::npos) {
        const bool inverse = s.find("−zetas") != std::string::npos;
        return s.substr(0, s.find(':')) +
               (inverse ? ": t = a; a = t + b; b = ζ·(t − b)" : ": t = ζ·b; b = a − t; a = a + t") + q + z;
    }
    if (starts(s, "× 256")) return "every coefficient × 8347681 (256⁻¹ mod q) mod q = 8380417";
    return {};
}

} // namespace

std::string stepRule(const crypto::Trace& t, std::size_t step) {
    if (step == 0 || step >= t.steps.size()) return "the input";
    const std::string& l = t.layout.name;
    std::string rule = starts(l, "ascon")    ? asconRule(t, step)
                       : starts(l, "skinny") ? skinnyRule(t, step)
                       : starts(l, "lea")    ? leaRule(t, step)
                       : starts(l, "mldsa")  ? mldsaRule(t, step)
                                             : std::string();
    return rule.empty() ? "the step: " + t.steps[step].step : rule;
}

} // namespace rs::teach
