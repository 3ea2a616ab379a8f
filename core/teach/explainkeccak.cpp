// Keccak-f[1600]'s step explanations (FIPS 202 section 3.2): each step's formula with this run's values,
// computed from the step before (θ's column parities C and their mix D, ρ's rotation of a lane, π's lane
// move, χ on one lane, ι's round constant from the step's round key).
#include <algorithm>
#include <array>
#include <cstdint>

#include "core/crypto/bytes.h"
#include "core/crypto/keccak.h"
#include "core/teach/explaindetail.h"
#include "core/teach/substeps.h"

namespace rs::teach::detail {

namespace {

using crypto::Trace;
using crypto::TraceStep;

using Lanes = std::array<std::uint64_t, 25>;

constexpr std::string_view kPhase = "Keccak-f[1600]";

Lanes lanesOf(const std::vector<std::uint8_t>& s) {
    Lanes a{};
    for (std::size_t i = 0; i < 25 && 8 * i + 8 <= s.size(); ++i)
        a[i] = crypto::loadLe64(s.data() + 8 * i);
    return a;
}

std::uint64_t rotl(std::uint64_t v, int n) {
    n &= 63;
    return n == 0 ? v : (v << n) | (v >> (64 - n));
}

constexpr std::size_t lane(int x, int y) {
    return static_cast<std::size_t>((x % 5 + 5) % 5 + 5 * ((y % 5 + 5) % 5));
}

std::string h(std::uint64_t v) {
    return hexWord(v, 16);
}

std::string at(int x, int y) {
    return "A[" + std::to_string(x) + "," + std::to_string(y) + "]";
}

// The rounds of the trace (n_r) and so the first round index of Keccak-p[1600, n_r]: 24 - n_r.
int traceRounds(const Trace& t) {
    int n = 0;
    for (const TraceStep& s : t.steps)
        n = std::max(n, s.round);
    return n;
}

std::string theta(const Lanes& a) {
    std::array<std::uint64_t, 5> c{}, d{};
    for (int x = 0; x < 5; ++x)
        for (int y = 0; y < 5; ++y)
            c[static_cast<std::size_t>(x)] ^= a[lane(x, y)];
    for (int x = 0; x < 5; ++x)
        d[static_cast<std::size_t>(x)] =
            c[static_cast<std::size_t>((x + 4) % 5)] ^ rotl(c[static_cast<std::size_t>((x + 1) % 5)], 1);
    std::string s =
        "θ: A[x,y] ⊕= D[x] = C[x−1] ⊕ ROT(C[x+1], 1), C[x] = A[x,0] ⊕ … ⊕ A[x,4] (column parities);";
    for (int x = 0; x < 5; ++x)
        s += std::string(x == 0 ? " " : ", ") + "C[" + std::to_string(x) +
             "] = " + h(c[static_cast<std::size_t>(x)]);
    s += ";";
    for (int x = 0; x < 5; ++x)
        s += std::string(x == 0 ? " " : ", ") + "D[" + std::to_string(x) +
             "] = " + h(d[static_cast<std::size_t>(x)]);
    return s;
}

// The lane a worked example shows: the first lane other than (0, 0) (whose offset is 0) holding a one bit,
// else lane (1, 0).
std::size_t exampleLane(const Lanes& a) {
    for (std::size_t i = 1; i < 25; ++i)
        if (a[i] != 0) return i;
    return 1;
}

std::string rho(const Lanes& a) {
    const std::size_t i = exampleLane(a);
    const int x = static_cast<int>(i % 5), y = static_cast<int>(i / 5);
    const int r = crypto::kKeccakRhoOffsets[i];
    return "ρ: lane (x,y) rotated left by r[x,y] (FIPS 202 Table 2: r[1,0] = 1, r[2,0] = 62, …, r[4,4] = "
           "14); " +
           at(x, y) + " ROT " + std::to_string(r) + ": " + h(a[i]) + " → " + h(rotl(a[i], r));
}

std::string pi(const Lanes& before) {
    // The worked lane: the first destination after (0, 0) whose source lane holds a one bit, else A′[0,1].
    int ex = 0, ey = 1;
    for (int i = 24; i >= 1; --i) { // backwards, so the first such lane is the one kept
        const int x = i % 5, y = i / 5;
        if (before[lane(x + 3 * y, x)] != 0) {
            ex = x;
            ey = y;
        }
    }
    const int sx = (ex + 3 * ey) % 5, sy = ex;
    return "π: A′[x,y] = A[(x+3y) mod 5, x]: whole lanes move, their bits unchanged; A′[" +
           std::to_string(ex) + "," + std::to_string(ey) + "] = " + at(sx, sy) + " = " +
           h(before[lane(sx, sy)]);
}

std::string chi(const Lanes& a) {
    const std::uint64_t v = a[0] ^ (~a[1] & a[2]);
    return "χ: a ⊕= (¬b) ∧ c along each row, A[x,y] ⊕= (¬A[x+1,y]) ∧ A[x+2,y]; A[0,0] = " + h(a[0]) +
           " ⊕ (¬" + h(a[1]) + " ∧ " + h(a[2]) + ") = " + h(v);
}

std::string iota(const Trace& t, const TraceStep& st, const Lanes& before) {
    const std::uint64_t rc = st.roundKey.size() == 8 ? crypto::loadLe64(st.roundKey.data()) : 0;
    const int ir = crypto::kKeccakRounds - traceRounds(t) + st.round - 1;
    return "ι: lane (0,0) ⊕= RC[" + std::to_string(ir) + "] = " + h(rc) +
           " (round i_r = " + std::to_string(ir) + " of Keccak-f's 0..23): A[0,0] = " + h(before[0]) + " → " +
           h(before[0] ^ rc);
}

// The sub-steps (substeps.h): θ a sheet at a time, from the state before θ; ρ and χ a plane at a time.
std::string thetaSheet(const Lanes& pre, int x) {
    std::array<std::uint64_t, 5> c{};
    for (int cx = 0; cx < 5; ++cx)
        for (int y = 0; y < 5; ++y)
            c[static_cast<std::size_t>(cx)] ^= pre[lane(cx, y)];
    const std::uint64_t left = c[static_cast<std::size_t>((x + 4) % 5)];
    const std::uint64_t right = c[static_cast<std::size_t>((x + 1) % 5)];
    const std::string xs = std::to_string(x);
    return "θ, sheet x=" + xs + ": A[" + xs + ",y] ⊕= D[" + xs + "] for y = 0..4, D[" + xs + "] = C[" +
           std::to_string((x + 4) % 5) + "] ⊕ ROT(C[" + std::to_string((x + 1) % 5) + "], 1) = " + h(left) +
           " ⊕ ROT(" + h(right) + ", 1) = " + h(left ^ rotl(right, 1)) +
           " (C[x]: the column parities of the state before θ)";
}

std::string rhoPlane(const Lanes& a, int y) {
    std::string offsets;
    int ex = 0;
    for (int x = 4; x >= 0; --x)
        if (a[lane(x, y)] != 0) ex = x;
    for (int x = 0; x < 5; ++x)
        offsets += (x == 0 ? "" : ", ") + std::to_string(crypto::kKeccakRhoOffsets[lane(x, y)]);
    const int r = crypto::kKeccakRhoOffsets[lane(ex, y)];
    return "ρ, plane y=" + std::to_string(y) + ": A[x," + std::to_string(y) + "] rotated left by r[x," +
           std::to_string(y) + "] = " + offsets + " (x = 0..4); " + at(ex, y) + " ROT " + std::to_string(r) +
           ": " + h(a[lane(ex, y)]) + " → " + h(rotl(a[lane(ex, y)], r));
}

std::string chiPlane(const Lanes& a, int y) {
    const std::uint64_t v = a[lane(0, y)] ^ (~a[lane(1, y)] & a[lane(2, y)]);
    const std::string ys = std::to_string(y);
    return "χ, plane y=" + ys + ": A[x," + ys + "] ⊕= (¬A[x+1," + ys + "]) ∧ A[x+2," + ys +
           "] for x = 0..4; " + at(0, y) + " = " + h(a[lane(0, y)]) + " ⊕ (¬" + h(a[lane(1, y)]) + " ∧ " +
           h(a[lane(2, y)]) + ") = " + h(v);
}

} // namespace

std::optional<std::string> explainKeccak(const Trace& trace, std::size_t index) {
    const TraceStep& st = trace.steps[index];
    if (st.phase != kPhase || st.state.size() != crypto::kKeccakStateBytes) return std::nullopt;
    if (st.step == "input") {
        const int n = traceRounds(trace);
        const std::string s =
            "Keccak-f[1600] input: 25 lanes A[x,y] of 64 bits (lane x + 5y, bytes little-endian), "
            "A[0,0] = " +
            h(lanesOf(st.state)[0]) + "; ";
        if (n == crypto::kKeccakRounds) return s + "24 rounds R = ι∘χ∘π∘ρ∘θ, i_r = 0..23";
        return s + std::to_string(n) + " rounds = Keccak-p[1600, " + std::to_string(n) +
               "], the last rounds i_r = " + std::to_string(crypto::kKeccakRounds - n) + "..23";
    }
    const TraceStep* prev = previous(trace, index);
    if (prev == nullptr || prev->state.size() != crypto::kKeccakStateBytes) return std::nullopt;
    const Lanes before = lanesOf(prev->state);
    if (const std::optional<KeccakSubstep> sub = parseKeccakSubstep(st.step)) {
        if (sub->step != kKeccakTheta)
            return sub->step == kKeccakRho ? rhoPlane(before, sub->index) : chiPlane(before, sub->index);
        // D comes from the state before θ: the step before the first sheet.
        std::size_t first = index;
        while (first > 0) {
            const std::optional<KeccakSubstep> s = parseKeccakSubstep(trace.steps[first - 1].step);
            if (!s || s->step != kKeccakTheta) break;
            --first;
        }
        if (first == 0) return std::nullopt;
        return thetaSheet(lanesOf(trace.steps[first - 1].state), sub->index);
    }
    if (st.step == "θ theta") return theta(before);
    if (st.step == "ρ rho") return rho(before);
    if (st.step == "π pi") return pi(before);
    if (st.step == "χ chi") return chi(before);
    if (st.step == "ι iota") return iota(trace, st, before);
    return std::nullopt;
}

} // namespace rs::teach::detail
