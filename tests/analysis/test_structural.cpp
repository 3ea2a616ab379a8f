// Structural dependency against cases worked out by hand from the specs: the S-box tables, the
// rotation constants, LEA's carries and SKINNY's ShiftRows / MixColumns / tweakey schedule.
#include "tests/analysis/analysistest.h"

#include "core/analysis/plan.h"
#include "core/crypto/asconaead.h"
#include "core/crypto/skinny.h"

#include <array>

namespace {

using namespace rs::analysis;
using rs::test::asconBit;
using rs::test::bitsOf;
using rs::test::dependentRows;
using rs::test::leaBit;
using rs::test::request;
using rs::test::skinnyBit;

// Paper 000, Table 1 (= the Ascon spec's S-box table).
constexpr std::array<std::uint8_t, 32> kAsconSbox = {
    0x4,  0xb,  0x1f, 0x14, 0x1a, 0x15, 0x9,  0x2,  0x1b, 0x5, 0x8, 0x12, 0x1d, 0x3, 0x6, 0x1c,
    0x1e, 0x13, 0x7,  0xe,  0x0,  0xd,  0x11, 0x18, 0x10, 0xc, 0x1, 0x19, 0x16, 0xa, 0xf, 0x17};
// The spec's algebraic normal form of that S-box, read term by term: output word j (y0..y4) has a
// term with input word i (x0..x4) iff dependsOn[i][j]:
//   y0 = x4x1 + x3 + x2x1 + x2 + x1x0 + x1 + x0      y1 = x4 + x3x2 + x3x1 + x3 + x2x1 + x2 + x1 + x0
//   y2 = x4x3 + x4 + x2 + x1 + 1                     y3 = x4x0 + x4 + x3x0 + x3 + x2 + x1 + x0
//   y4 = x4x1 + x4 + x3 + x1x0 + x1
constexpr bool kAnf[5][5] = {{true, true, false, true, true},
                             {true, true, true, true, true},
                             {true, true, true, true, false},
                             {true, true, true, true, true},
                             {true, true, true, true, true}};
// p_L rotation amounts per word (spec, and paper 000's digest).
constexpr int kSigma[5][2] = {{19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}};

// One Ascon round from bit b of word w: the S-box spreads the column to the words of kAnf, then
// word j's bit b reaches bits b, b - r1, b - r2 (right rotations).
std::set<int> asconOneRound(int w, int b) {
    std::set<int> s;
    for (int j = 0; j < 5; ++j) {
        if (!kAnf[w][j]) continue;
        s.insert(asconBit(j, b));
        s.insert(asconBit(j, (b - kSigma[j][0] + 64) % 64));
        s.insert(asconBit(j, (b - kSigma[j][1] + 64) % 64));
    }
    return s;
}

TEST(AsconStructure, SboxTableFromTheModelIsThePapersTable) {
    EXPECT_EQ(asconSboxTable(), kAsconSbox);
}

TEST(AsconStructure, OneRoundFromOneStateBitReachesExactlyTheHandDerivedBits) {
    for (const auto& [w, b] : {std::pair{0, 63}, {2, 0}, {4, 17}, {1, 40}}) {
        const int bit = asconBit(w, b);
        const auto deps = structuralDependency(request("ascon-p", Field::State, bit, bit, 1));
        ASSERT_EQ(deps.size(), 1u);
        EXPECT_EQ(dependentRows(deps[0]), asconOneRound(w, b)) << "x" << w << " bit " << b;
    }
    // x0 bit 63 is state bit 0: y2 has no x0 term, so x2 stays clear and 4 words x 3 bits remain.
    const auto r = analyzeDiffusion(request("ascon-p", Field::State, 0, 0, 1));
    EXPECT_EQ(bitsOf(r.perRound[0].dependentBits), asconOneRound(0, 63));
    EXPECT_EQ(bitsOf(r.perRound[0].dependentBits).size(), 12u);
    EXPECT_DOUBLE_EQ(r.perRound[0].dependentFraction, 12.0 / 320);
}

TEST(AsconStructure, KeyAndNonceFieldsAreTheirStateWords) {
    // Key bit 0 is the MSB of x1, nonce bit 70 is bit 63 - 6 of x4.
    auto deps = structuralDependency(request("ascon-p", Field::Key, 0, 0, 1));
    EXPECT_EQ(dependentRows(deps[0]), asconOneRound(1, 63));
    deps = structuralDependency(request("ascon-p", Field::Nonce, 70, 70, 1));
    EXPECT_EQ(dependentRows(deps[0]), asconOneRound(4, 57));
}

// The state bit that differs between the model's own initial states ("initial state" trace step of
// asconEncryptTraced) when bit f of the key or nonce is flipped; -1 unless exactly one bit differs.
int modelInitialStateBit(rs::crypto::AsconAeadVariant v, Field field, int f) {
    rs::crypto::Bytes key(16), nonce(16);
    for (int i = 0; i < 16; ++i) {
        key[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
        nonce[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(0x10 + i);
    }
    rs::crypto::Trace a, b;
    rs::crypto::asconEncryptTraced(v, key, nonce, {}, {}, a);
    rs::crypto::Bytes& flipped = field == Field::Key ? key : nonce;
    flipped[static_cast<std::size_t>(f / 8)] ^= static_cast<std::uint8_t>(0x80u >> (f % 8));
    rs::crypto::asconEncryptTraced(v, key, nonce, {}, {}, b);
    EXPECT_EQ(a.steps.at(0).step, "initial state");
    EXPECT_EQ(b.steps.at(0).step, "initial state");
    int found = -1;
    for (int s = 0; s < 320; ++s) {
        const auto bit = [s](const rs::crypto::Bytes& st) { return (st[s / 8] >> (7 - s % 8)) & 1u; };
        if (bit(a.steps[0].state) == bit(b.steps[0].state)) continue;
        if (found >= 0) return -1;
        found = s;
    }
    return found;
}

TEST(AsconStructure, AeadKeyAndNonceBitsAreWhereEachVariantLoadsThem) {
    using V = rs::crypto::AsconAeadVariant;
    for (const auto& [id, v] :
         {std::pair{"ascon-128", V::Ascon128v12}, std::pair{"ascon-128a", V::Ascon128av12},
          std::pair{"ascon-aead128", V::AsconAead128}}) {
        for (const Field field : {Field::Key, Field::Nonce}) {
            for (int f = 0; f < 128; ++f) {
                const int model = modelInitialStateBit(v, field, f);
                ASSERT_GE(model, 0) << id << " " << fieldName(field) << " bit " << f;
                const auto plan = detail::makePlan(request(id, field, f, f, 1));
                EXPECT_EQ(detail::asconStateBitOfField(plan, f), model)
                    << id << " " << fieldName(field) << " bit " << f;
            }
            // The structural analysis starts from that bit: one round reaches its hand-derived set.
            for (const int f : {0, 7, 8, 63, 64, 127}) {
                const int s = modelInitialStateBit(v, field, f);
                const auto deps = structuralDependency(request(id, field, f, f, 1));
                EXPECT_EQ(dependentRows(deps.at(0)), asconOneRound(s / 64, 63 - s % 64))
                    << id << " " << fieldName(field) << " bit " << f;
            }
        }
    }
    // Worked by hand: SP 800-232 key byte 0 is the least significant byte of x1, so key bit 0 (its
    // MSB) is bit 7 of x1 = state bit 64 + 63 - 7; nonce bit 127 (LSB of byte 15) is bit 56 of x4.
    EXPECT_EQ(modelInitialStateBit(V::AsconAead128, Field::Key, 0), asconBit(1, 7));
    EXPECT_EQ(modelInitialStateBit(V::AsconAead128, Field::Nonce, 127), asconBit(4, 56));
    EXPECT_EQ(modelInitialStateBit(V::Ascon128v12, Field::Key, 0), asconBit(1, 63));
    // ascon-p keeps the v1.2 (big-endian) placement it documents.
    for (const Field field : {Field::Key, Field::Nonce})
        for (int f = 0; f < 128; ++f)
            EXPECT_EQ(detail::asconStateBitOfField(detail::makePlan(request("ascon-p", field, f, f)), f),
                      modelInitialStateBit(V::Ascon128v12, field, f));
}

TEST(AsconStructure, AeadIdsNameTheVariant) {
    EXPECT_EQ(analyzeDiffusion(request("ascon-aead128", Field::Nonce, 0, 0, 0)).algorithm,
              "Ascon-AEAD128 (SP 800-232) initialization");
    EXPECT_EQ(analyzeDiffusion(request("ascon-128", Field::Key, 0, 0, 3)).algorithm,
              "Ascon-128 v1.2 initialization (3 rounds)");
}

TEST(LeaStructure, OneRoundWithWordZeroVaried) {
    // Varied bits 0..31 of the plaintext are X0[0] (little-endian): pt bit v is bit 8*(v/8) + 7 - v%8.
    const auto deps = structuralDependency(request("lea-128", Field::Plaintext, 0, 31, 1));
    const BitMatrix& m = deps.at(0);
    auto varied = [](int wordBit) { return 8 * (wordBit / 8) + 7 - wordBit % 8; };
    for (int b = 0; b < 32; ++b) {
        // X1[1] = ROR5(X0[1]^.. + X0[2]^..) and X1[2] = ROR3(X0[2]^.. + X0[3]^..): no counter bit.
        EXPECT_FALSE(m.rowAny(leaBit(1, b)));
        EXPECT_FALSE(m.rowAny(leaBit(2, b)));
        // X1[3] = X0[0]: bit b depends on exactly the same bit.
        EXPECT_EQ(m.rowCount(leaBit(3, b)), 1);
        EXPECT_TRUE(m.get(leaBit(3, b), varied(b)));
        // X1[0] = ROL9(sum): sum bit k collects input bits 0..k through the carries, then moves to k+9.
        const int k = (b - 9 + 32) % 32;
        EXPECT_EQ(m.rowCount(leaBit(0, b)), k + 1) << "X1[0] bit " << b;
        for (int i = 0; i <= k; ++i)
            EXPECT_TRUE(m.get(leaBit(0, b), varied(i)));
    }
    const auto r = analyzeDiffusion(request("lea-128", Field::Plaintext, 0, 31, 1));
    EXPECT_DOUBLE_EQ(r.perRound[0].dependentFraction, 0.5);
    EXPECT_DOUBLE_EQ(r.perRound[0].pairFraction, (32.0 * 33 / 2 + 32) / (128 * 32));
}

TEST(LeaStructure, KeyNeverReachesWordThreeInRoundOne) {
    // X1[3] = X0[0] takes no round key; the other three words all do.
    for (const char* alg : {"lea-128", "lea-192", "lea-256"}) {
        const auto r = analyzeDiffusion(request(alg, Field::Key, 0, -1, 1));
        const auto bits = bitsOf(r.perRound[0].dependentBits);
        EXPECT_EQ(bits.size(), 96u) << alg;
        EXPECT_EQ(bits.count(leaBit(3, 0)), 0u) << alg;
    }
}

// Output bits of SKINNY's S4 that depend on input bit i, from the paper's table.
std::uint32_t s4Depends(int i) {
    constexpr std::array<int, 16> s4 = {0xc, 6, 9, 0, 1, 0xa, 2, 0xb, 3, 8, 5, 0xd, 4, 0xe, 7, 0xf};
    std::uint32_t m = 0;
    for (int x = 0; x < 16; ++x)
        m |= static_cast<std::uint32_t>(s4[static_cast<std::size_t>(x)] ^
                                        s4[static_cast<std::size_t>(x ^ (1 << i))]);
    return m;
}

std::set<int> cells(const BitMatrix& m, int cellBits) {
    std::set<int> s;
    for (const int bit : dependentRows(m))
        s.insert(bit / cellBits);
    return s;
}

TEST(SkinnyStructure, OneRoundOneCellThroughShiftRowsAndMixColumns) {
    // Cell (row i, col j) moves to col j + i, then MixColumns (a,b,c,d) -> (a^c^d, a, b^c, a^c):
    // row 0 feeds rows 0, 1, 3; row 1 feeds row 2; row 2 feeds rows 0, 2, 3; row 3 feeds row 0.
    const std::pair<int, std::set<int>> cases[] = {
        {0, {0, 4, 12}}, {5, {10}}, {10, {0, 8, 12}}, {15, {2}}, {3, {3, 7, 15}}};
    for (const auto& [cell, expected] : cases) {
        for (const char* alg : {"skinny-64-64", "skinny-128-256"}) {
            const int cb = std::string(alg).find("-64-") != std::string::npos ? 4 : 8;
            const auto deps =
                structuralDependency(request(alg, Field::Plaintext, cb * cell, cb * cell + cb - 1, 1));
            EXPECT_EQ(cells(deps[0], cb), expected) << alg << " cell " << cell;
        }
    }
}

TEST(SkinnyStructure, OneRoundSingleBitFollowsTheS4Table) {
    // Plaintext bit 4c + 3 - i is bit i of cell c; cell 0 lands in cells 0, 4 and 12, bit by bit.
    for (int i = 0; i < 4; ++i) {
        const auto deps = structuralDependency(request("skinny-64-64", Field::Plaintext, 3 - i, 3 - i, 1));
        std::set<int> expected;
        for (const int c : {0, 4, 12})
            for (int j = 0; j < 4; ++j)
                if ((s4Depends(i) >> j) & 1u) expected.insert(skinnyBit(4, c, j));
        EXPECT_EQ(dependentRows(deps[0]), expected) << "input bit " << i;
    }
}

TEST(SkinnyStructure, TweakeyBitsThroughPtAndTheTk2Lfsr) {
    // SKINNY-64-128: TK1 cell 0 enters round 1 directly: key bit 0 (its MSB) -> bit 3 of cells 0, 4, 12.
    auto deps = structuralDependency(request("skinny-64-128", Field::Key, 0, 0, 1));
    EXPECT_EQ(dependentRows(deps[0]),
              (std::set<int>{skinnyBit(4, 0, 3), skinnyBit(4, 4, 3), skinnyBit(4, 12, 3)}));
    // TK2 cell 9 (row 2) is not added in round 1; PT[0] = 9 moves it to cell 0 for round 2, where the
    // TK2 LFSR (x3,x2,x1,x0) -> (x2,x1,x0,x3^x2) sends x3 to bit 0 and x2 to bits 3 and 0.
    const int tk2Cell9 = 64 + 4 * 9;
    for (const auto& [bit, outBits] : {std::pair{3, std::set<int>{0}}, {2, std::set<int>{0, 3}}}) {
        const int f = tk2Cell9 + 3 - bit;
        deps = structuralDependency(request("skinny-64-128", Field::Key, f, f, 2));
        EXPECT_TRUE(dependentRows(deps[0]).empty()) << "round 1, TK2 cell 9 bit " << bit;
        // Round 2 starts with SubCells on a clean state, so only the AddRoundTweakey path counts.
        std::set<int> expected;
        for (const int c : {0, 4, 12})
            for (const int j : outBits)
                expected.insert(skinnyBit(4, c, j));
        EXPECT_EQ(dependentRows(deps[1]), expected) << "round 2, TK2 cell 9 bit " << bit;
    }
}

TEST(SkinnyStructure, CellLfsrDependencyMatchesTheSpecDescription) {
    // 8-bit TK2 LFSR (x7..x0) -> (x6..x0, x7^x5): input bit i feeds output bit i+1, x7 and x5 bit 0.
    const auto tk2 = cellDependency(
        8, [](unsigned x) { return unsigned{rs::crypto::skinnyLfsrTk2(std::uint8_t(x), true)}; });
    for (int i = 0; i < 8; ++i) {
        std::uint32_t expected = i < 7 ? 1u << (i + 1) : 0u;
        if (i == 7 || i == 5) expected |= 1u;
        EXPECT_EQ(tk2[static_cast<std::size_t>(i)], expected) << i;
    }
    // 8-bit TK3 LFSR (x7..x0) -> (x0^x6, x7..x1): bit i feeds bit i-1; x0 and x6 feed bit 7.
    const auto tk3 = cellDependency(
        8, [](unsigned x) { return unsigned{rs::crypto::skinnyLfsrTk3(std::uint8_t(x), true)}; });
    for (int i = 0; i < 8; ++i) {
        std::uint32_t expected = i > 0 ? 1u << (i - 1) : 0u;
        if (i == 0 || i == 6) expected |= 0x80u;
        EXPECT_EQ(tk3[static_cast<std::size_t>(i)], expected) << i;
    }
}

TEST(FullDiffusion, StructuralRoundsArePlausibleAndConsistent) {
    for (const auto& alg : diffusionAlgorithms()) {
        // The ring transforms reach full diffusion at their last layer by design, not inside a security
        // margin: test_mldsa_structure.cpp checks them layer by layer.
        if (alg.rfind("mldsa", 0) == 0) continue;
        for (const Field f : fieldsFor(alg)) {
            const auto r = analyzeDiffusion(request(alg, f));
            const int full = r.fullDiffusionRound;
            // Full diffusion comes after round 1 (one round reaches a few bits per varied bit) and
            // well inside the standard rounds, where the designers put their security margin.
            EXPECT_GT(full, 1) << alg << " " << fieldName(f);
            EXPECT_LE(full, r.rounds / 2) << alg << " " << fieldName(f);
            double pairs = 0;
            for (const auto& rd : r.perRound) {
                EXPECT_GE(rd.pairFraction, pairs) << alg << " round " << rd.round;
                pairs = rd.pairFraction;
                EXPECT_EQ(rd.fullDiffusion, rd.round >= full) << alg << " round " << rd.round;
                EXPECT_EQ(rd.fullDiffusion, rd.pairFraction == 1.0);
            }
        }
    }
    // The round function does not depend on the key size, so neither does plaintext diffusion.
    auto fullOf = [](const std::string& alg, Field f) {
        return analyzeDiffusion(request(alg, f)).fullDiffusionRound;
    };
    EXPECT_EQ(fullOf("lea-128", Field::Plaintext), fullOf("lea-256", Field::Plaintext));
    EXPECT_EQ(fullOf("skinny-64-64", Field::Plaintext), fullOf("skinny-64-192", Field::Plaintext));
    EXPECT_EQ(fullOf("skinny-128-128", Field::Plaintext), fullOf("skinny-128-384", Field::Plaintext));
    // A reduced-round request stops before full diffusion and reports none.
    const int asconFull = fullOf("ascon-p", Field::State);
    EXPECT_EQ(analyzeDiffusion(request("ascon-p", Field::State, 0, -1, asconFull - 1)).fullDiffusionRound,
              -1);
    EXPECT_EQ(analyzeDiffusion(request("ascon-p", Field::State, 0, -1, asconFull)).fullDiffusionRound,
              asconFull);
}

TEST(FullDiffusion, ResultDescribesTheRequest) {
    const auto r = analyzeDiffusion(request("lea-192", Field::Plaintext, 96, 127, 5));
    EXPECT_EQ(r.algorithm, "LEA-192 (5 rounds)");
    EXPECT_EQ(r.layout.name, "lea-128");
    EXPECT_EQ(r.firstBit, 96);
    EXPECT_EQ(r.lastBit, 127);
    EXPECT_EQ(r.stateBits, 128);
    EXPECT_EQ(r.perRound.size(), 5u);
    EXPECT_EQ(r.perRound[0].dependentBits.size(), 16u);
    const auto a = analyzeDiffusion(DiffusionRequest{});
    EXPECT_EQ(a.algorithm, "Ascon-p");
    EXPECT_EQ(a.field, Field::State);
    EXPECT_EQ(a.lastBit, 319);
    EXPECT_EQ(a.rounds, 12);
    EXPECT_EQ(analyzeDiffusion(request("skinny-64-64", Field::Key)).layout.cellBits, 4);
}

} // namespace
