// Keccak-f[1600] in the explorer (issue 35): the registry row's trace through the explorer model (its step
// names and count), each step's explanation holding this run's values as an independent computation gives
// them (θ's column parities, ρ's offsets from FIPS 202 Table 2, π's lane map, χ, ι's round constants), and
// the bit moves of ρ and π being the spec's permutations.
#include <regex>
#include <set>

#include "core/oracle/algorithms.h"
#include "core/teach/bitmoves.h"
#include "core/teach/explain.h"
#include "core/teach/substeps.h"
#include "tests/teach/teachtest.h"

namespace {

using namespace rs;
using rs::crypto::Bytes;
using rs::crypto::Trace;
using rs::test::hx;

// Written here from FIPS 202, not from core/crypto: Table 2's offsets r[x][y] and a few of the 24 RC.
constexpr int kRho[5][5] = {{0, 36, 3, 41, 18},
                            {1, 44, 10, 45, 2},
                            {62, 6, 43, 15, 61},
                            {28, 55, 25, 21, 56},
                            {27, 20, 39, 8, 14}}; // [x][y]
const std::map<int, std::uint64_t> kRc = {{0, 0x0000000000000001ull},
                                          {1, 0x0000000000008082ull},
                                          {20, 0x8000000080008081ull},
                                          {23, 0x8000000080008008ull}};

using Lanes = std::array<std::uint64_t, 25>;

Lanes lanes(const Bytes& s) {
    Lanes a{};
    for (std::size_t i = 0; i < 25; ++i)
        for (int k = 7; k >= 0; --k)
            a[i] = a[i] << 8 | s[8 * i + static_cast<std::size_t>(k)];
    return a;
}

std::uint64_t rotl(std::uint64_t v, int n) {
    return n % 64 == 0 ? v : (v << (n % 64)) | (v >> (64 - n % 64));
}

Bytes pattern(std::size_t n, unsigned seed) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>((seed * 131 + 29 * i * i + 7 * i) & 0xFF);
    return b;
}

// State bit of lane (x, y), bit z: lanes little-endian in the bytes, bits numbered MSB of byte 0 first.
int bitOf(int x, int y, int z) {
    return 8 * (8 * (x + 5 * y) + z / 8) + 7 - z % 8;
}

std::string field(const std::string& text, const std::string& name) {
    const std::size_t at = text.find(name + " = 0x");
    EXPECT_NE(at, std::string::npos) << name << " in " << text;
    return at == std::string::npos ? "" : text.substr(at + name.size() + 3, 18);
}

const Trace& keccakTrace(int rounds = 0) {
    static std::map<int, Trace> traces;
    auto it = traces.find(rounds);
    if (it == traces.end())
        it =
            traces
                .emplace(rounds, test::runDefault("keccak-f1600", rounds, {{"state", pattern(200, 5)}}).trace)
                .first;
    return it->second;
}

TEST(Keccak, TheExplorerTracesTheRegistryRowStepByStep) {
    const auto* alg = sessions::findExplorerAlgorithm("keccak-f1600");
    ASSERT_NE(alg, nullptr);
    EXPECT_EQ(alg->kind, sessions::ExplorerKind::Permutation);
    EXPECT_EQ(alg->maxRounds, 24);
    EXPECT_EQ(alg->fields.size(), 1u);
    EXPECT_EQ(alg->fields[0].bytes, 200);
    EXPECT_EQ(alg->fields[0].defaultHex, std::string(400, '0')); // the spec example: the zero state
    const Trace t = test::runDefault("keccak-f1600").trace;
    ASSERT_EQ(t.steps.size(), 1u + 24u * 5u);
    EXPECT_EQ(t.layout.encoding, "keccak-lanes-le");
    EXPECT_EQ(t.steps[0].step, "input");
    const char* names[] = {"θ theta", "ρ rho", "π pi", "χ chi", "ι iota"};
    for (int r = 1; r <= 24; ++r)
        for (int k = 0; k < 5; ++k) {
            const auto& s = t.steps[static_cast<std::size_t>(5 * (r - 1) + k + 1)];
            EXPECT_EQ(s.step, names[k]);
            EXPECT_EQ(s.round, r);
            EXPECT_EQ(s.phase, "Keccak-f[1600]");
        }
    // Keccak-f[1600] of the zero state: lane 0 is F1258F7940E1DDE7 (the Keccak team's intermediate values).
    EXPECT_EQ(hx(lanes(t.steps.back().state)[0], 16), "0xf1258f7940e1dde7");
    // Four rounds: the last four of Keccak-f, so their first ι adds RC[20].
    const Trace four = test::runDefault("keccak-f1600", 4).trace;
    ASSERT_EQ(four.steps.size(), 21u);
    EXPECT_EQ(lanes(four.steps[5].state)[0] ^ lanes(four.steps[4].state)[0], kRc.at(20));
}

TEST(Keccak, ThetaExplanationsColumnParitiesAndMixAreTheNextState) {
    const Trace& t = keccakTrace();
    for (std::size_t i : {std::size_t{1}, std::size_t{6}, std::size_t{116}}) {
        ASSERT_EQ(t.steps[i].step, "θ theta");
        const Lanes a = lanes(t.steps[i - 1].state), after = lanes(t.steps[i].state);
        const std::string text = teach::explainStep(t, i);
        std::uint64_t c[5] = {};
        for (int x = 0; x < 5; ++x)
            for (int y = 0; y < 5; ++y)
                c[x] ^= a[static_cast<std::size_t>(x + 5 * y)];
        for (int x = 0; x < 5; ++x) {
            const std::uint64_t d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
            EXPECT_EQ(field(text, "C[" + std::to_string(x) + "]"), hx(c[x], 16)) << text;
            EXPECT_EQ(field(text, "D[" + std::to_string(x) + "]"), hx(d, 16)) << text;
            for (int y = 0; y < 5; ++y)
                EXPECT_EQ(after[static_cast<std::size_t>(x + 5 * y)],
                          a[static_cast<std::size_t>(x + 5 * y)] ^ d);
        }
        EXPECT_NE(text.find("ROT(C[x+1], 1)"), std::string::npos) << text;
    }
}

TEST(Keccak, RhoPiChiIotaExplanationsHoldThisRunsValues) {
    const Trace& t = keccakTrace();
    for (int r : {1, 2, 24}) {
        const std::size_t base = static_cast<std::size_t>(5 * (r - 1));
        // ρ: the worked lane rotated by Table 2's offset gives the next state's lane.
        const std::string rho = teach::explainStep(t, base + 2);
        std::smatch m;
        ASSERT_TRUE(std::regex_search(
            rho, m, std::regex(R"(A\[(\d),(\d)\] ROT (\d+): (0x[0-9a-f]{16}) → (0x[0-9a-f]{16}))")))
            << rho;
        const int x = std::stoi(m[1]), y = std::stoi(m[2]);
        EXPECT_EQ(std::stoi(m[3]), kRho[x][y]);
        const Lanes before = lanes(t.steps[base + 1].state), after = lanes(t.steps[base + 2].state);
        EXPECT_EQ(m[4].str(), hx(before[static_cast<std::size_t>(x + 5 * y)], 16));
        EXPECT_EQ(m[5].str(), hx(after[static_cast<std::size_t>(x + 5 * y)], 16));
        EXPECT_EQ(after[static_cast<std::size_t>(x + 5 * y)],
                  rotl(before[static_cast<std::size_t>(x + 5 * y)], kRho[x][y]));
        // π: A′[x,y] = A[(x+3y) mod 5, x], the lane's value as the next state holds it.
        const std::string pi = teach::explainStep(t, base + 3);
        ASSERT_TRUE(
            std::regex_search(pi, m, std::regex(R"(A′\[(\d),(\d)\] = A\[(\d),(\d)\] = (0x[0-9a-f]{16}))")))
            << pi;
        const int px = std::stoi(m[1]), py = std::stoi(m[2]);
        EXPECT_EQ(std::stoi(m[3]), (px + 3 * py) % 5);
        EXPECT_EQ(std::stoi(m[4]), px);
        EXPECT_EQ(m[5].str(), hx(lanes(t.steps[base + 3].state)[static_cast<std::size_t>(px + 5 * py)], 16));
        // χ on lane (0,0): a ⊕ (¬b ∧ c) = the next state's lane.
        const Lanes c = lanes(t.steps[base + 3].state);
        const std::string chi = teach::explainStep(t, base + 4);
        const std::uint64_t chi0 = c[0] ^ (~c[1] & c[2]);
        EXPECT_EQ(lanes(t.steps[base + 4].state)[0], chi0);
        EXPECT_NE(
            chi.find(hx(c[0], 16) + " ⊕ (¬" + hx(c[1], 16) + " ∧ " + hx(c[2], 16) + ") = " + hx(chi0, 16)),
            std::string::npos)
            << chi;
        // ι: the round constant of round i_r = r - 1.
        const std::string iota = teach::explainStep(t, base + 5);
        const std::uint64_t rc = lanes(t.steps[base + 5].state)[0] ^ lanes(t.steps[base + 4].state)[0];
        EXPECT_EQ(field(iota, "RC[" + std::to_string(r - 1) + "]"), hx(rc, 16)) << iota;
        if (kRc.count(r - 1)) EXPECT_EQ(rc, kRc.at(r - 1));
    }
    // Keccak-p[1600, 4]: its rounds are i_r = 20..23, as the input and ι say.
    const Trace& four = keccakTrace(4);
    EXPECT_NE(teach::explainStep(four, 0).find("Keccak-p[1600, 4]"), std::string::npos);
    EXPECT_EQ(field(teach::explainStep(four, 5), "RC[20]"), hx(kRc.at(20), 16));
    EXPECT_EQ(field(teach::explainStep(four, 20), "RC[23]"), hx(kRc.at(23), 16));
}

TEST(Keccak, RhoAndPiMovesAreTheSpecsPermutations) {
    const Trace& t = keccakTrace(2);
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const teach::BitMoves m = teach::bitMovesFor(t, i);
        const std::string& name = t.steps[i].step;
        if (name != "ρ rho" && name != "π pi") {
            EXPECT_TRUE(m.empty()) << name;
            continue;
        }
        ASSERT_EQ(m.kind, teach::BitMoves::Kind::Permutation);
        ASSERT_EQ(m.moves.size(), 1600u);
        EXPECT_EQ(m.stateBits, 1600);
        // The moves reproduce the model's step.
        EXPECT_EQ(m.apply(t.steps[i - 1].state), t.steps[i].state) << name;
        // Every bit of a one-hot state lands where the spec puts it.
        std::set<int> to;
        for (int y = 0; y < 5; ++y)
            for (int x = 0; x < 5; ++x)
                for (int z = 0; z < 64; ++z) {
                    Bytes one(200, 0);
                    const int from = bitOf(x, y, z);
                    one[static_cast<std::size_t>(from / 8)] = static_cast<std::uint8_t>(0x80 >> (from % 8));
                    // ρ: (x, y, z) → (x, y, z + r[x][y]); π: (x, y) → (y, 2x + 3y).
                    const int want = name == "ρ rho" ? bitOf(x, y, (z + kRho[x][y]) % 64)
                                                     : bitOf(y, (2 * x + 3 * y) % 5, z);
                    Bytes expectedOut(200, 0);
                    expectedOut[static_cast<std::size_t>(want / 8)] =
                        static_cast<std::uint8_t>(0x80 >> (want % 8));
                    EXPECT_EQ(m.apply(one), expectedOut) << name << " x " << x << " y " << y << " z " << z;
                    const auto dest = m.destinationsOf(from);
                    ASSERT_EQ(dest.size(), 1u);
                    EXPECT_EQ(dest[0].to, want);
                    EXPECT_EQ(dest[0].wrapped, name == "ρ rho" && z + kRho[x][y] > 63);
                    to.insert(dest[0].to);
                }
        EXPECT_EQ(to.size(), 1600u);
    }
}

// Sub-steps (core/teach/substeps.h): θ a sheet, ρ and χ a plane at a time, each computed here from FIPS 202
// independently; the last sub-step is the step's own state, every sub-step explained with its values, and a ρ
// plane's bit moves are that plane's rotations.
TEST(Keccak, SubstepsSplitThetaRhoAndChiAndEndOnEachStepsState) {
    const Trace& t = keccakTrace(2);
    const Trace sub = teach::expandSubsteps(t);
    ASSERT_EQ(t.steps.size(), 11u);
    ASSERT_EQ(sub.steps.size(), 1u + 2u * 17u);
    const char* after[] = {"π pi", "ι iota"};
    std::size_t j = 1;
    for (std::size_t i = 1; i < t.steps.size(); ++i) {
        const std::string& name = t.steps[i].step;
        if (name == after[0] || name == after[1]) {
            EXPECT_EQ(sub.steps[j].step, name);
            EXPECT_EQ(sub.steps[j].state, t.steps[i].state);
            ++j;
            continue;
        }
        const Lanes before = lanes(t.steps[i - 1].state);
        std::uint64_t c[5] = {};
        for (int x = 0; x < 5; ++x)
            for (int y = 0; y < 5; ++y)
                c[x] ^= before[static_cast<std::size_t>(x + 5 * y)];
        Lanes want = before;
        for (int k = 0; k < 5; ++k, ++j) {
            const crypto::TraceStep& st = sub.steps[j];
            EXPECT_EQ(st.round, t.steps[i].round);
            const std::string text = teach::explainStep(sub, j);
            EXPECT_NE(text.find("0x"), std::string::npos) << text;
            if (name == "θ theta") {
                EXPECT_EQ(st.step, "θ theta, sheet x=" + std::to_string(k));
                const std::uint64_t d = c[(k + 4) % 5] ^ rotl(c[(k + 1) % 5], 1);
                for (int y = 0; y < 5; ++y)
                    want[static_cast<std::size_t>(k + 5 * y)] ^= d;
                EXPECT_NE(text.find("= " + hx(d, 16) + " ("), std::string::npos) << text;
            } else if (name == "ρ rho") {
                EXPECT_EQ(st.step, "ρ rho, plane y=" + std::to_string(k));
                for (int x = 0; x < 5; ++x)
                    want[static_cast<std::size_t>(x + 5 * k)] =
                        rotl(before[static_cast<std::size_t>(x + 5 * k)], kRho[x][k]);
                const teach::BitMoves m = teach::bitMovesFor(sub, j);
                ASSERT_EQ(m.moves.size(), 1600u);
                EXPECT_EQ(m.apply(sub.steps[j - 1].state), st.state);
            } else {
                ASSERT_EQ(name, "χ chi");
                EXPECT_EQ(st.step, "χ chi, plane y=" + std::to_string(k));
                for (int x = 0; x < 5; ++x)
                    want[static_cast<std::size_t>(x + 5 * k)] =
                        before[static_cast<std::size_t>(x + 5 * k)] ^
                        (~before[static_cast<std::size_t>((x + 1) % 5 + 5 * k)] &
                         before[static_cast<std::size_t>((x + 2) % 5 + 5 * k)]);
            }
            EXPECT_EQ(lanes(st.state), want) << st.step;
        }
        EXPECT_EQ(sub.steps[j - 1].state, t.steps[i].state) << name;
    }
    // Other traces are unchanged by the Keccak expansion; names parse back.
    EXPECT_EQ(teach::expandKeccakSubsteps(test::runDefault("skinny-64-64").trace).steps.size(),
              test::runDefault("skinny-64-64").trace.steps.size());
    const auto parsed = teach::parseKeccakSubstep("χ chi, plane y=3");
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(parsed->step, "χ chi");
    EXPECT_EQ(parsed->index, 3);
    EXPECT_FALSE(teach::parseKeccakSubstep("χ chi, plane y=5").has_value());
    EXPECT_FALSE(teach::parseKeccakSubstep("χ chi").has_value());
}

} // namespace
