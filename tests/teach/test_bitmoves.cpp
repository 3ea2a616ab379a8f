// teach::bitMovesFor: where bits move in SKINNY's ShiftRows, LEA's rotations and Ascon's p_L, checked
// against the cipher code: the moves applied to a step's previous state give the step's state exactly.
#include <set>

#include "core/oracle/algorithms.h"
#include "core/teach/bitmoves.h"
#include "core/teach/substeps.h"
#include "tests/teach/teachtest.h"

namespace {

using namespace rs;
using rs::crypto::Bytes;
using rs::crypto::Trace;
using rs::test::runDefault;

// State bit numbers written from trace.h's encodings (MSB of byte 0 first), not from core/teach.
int asconStateBit(int word, int bit) {
    return 64 * word + 63 - bit; // big-endian words
}

Bytes pattern(std::size_t n, unsigned seed) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>((seed * 131 + 29 * i * i + 7 * i) & 0xFF);
    return b;
}

// Every step with a model reproduces its state from the previous one; returns how many had one.
int expectMovesReproduceTrace(const Trace& t, const std::set<std::string>& modelled) {
    int n = 0;
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const teach::BitMoves m = teach::bitMovesFor(t, i);
        const bool want = i > 0 && modelled.count(t.steps[i].step) > 0;
        EXPECT_EQ(!m.empty(), want) << t.layout.name << " step " << i << " " << t.steps[i].step;
        if (m.empty()) {
            EXPECT_TRUE(m.moves.empty());
            continue;
        }
        ++n;
        EXPECT_EQ(m.stateBits, static_cast<int>(t.steps[i].state.size()) * 8);
        EXPECT_EQ(m.apply(t.steps[i - 1].state), t.steps[i].state)
            << t.layout.name << " step " << i << " " << t.steps[i].step << " round " << t.steps[i].round;
    }
    return n;
}

// A permutation: every bit is the destination of one move and the source of one move.
void expectPermutation(const teach::BitMoves& m) {
    ASSERT_EQ(m.kind, teach::BitMoves::Kind::Permutation);
    ASSERT_EQ(static_cast<int>(m.moves.size()), m.stateBits);
    std::set<int> from, to;
    for (const auto& mv : m.moves) {
        from.insert(mv.from);
        to.insert(mv.to);
    }
    EXPECT_EQ(static_cast<int>(from.size()), m.stateBits);
    EXPECT_EQ(static_cast<int>(to.size()), m.stateBits);
}

TEST(BitMoves, SkinnyShiftRowsReproducesEveryEncryptionAndDecryptionRound) {
    for (const char* id : {"skinny-64-64", "skinny-64-128", "skinny-64-192", "skinny-128-128",
                           "skinny-128-256", "skinny-128-384"}) {
        const auto* reg = oracle::findBlock(id);
        ASSERT_NE(reg, nullptr) << id;
        for (unsigned seed : {1u, 2u}) {
            const auto cipher = reg->make(pattern(reg->keyBytes, seed), 0);
            const Bytes in = pattern(reg->blockBytes, seed + 10);
            Bytes out(reg->blockBytes);
            Trace enc, dec;
            cipher->encryptBlockTraced(in.data(), out.data(), enc);
            cipher->decryptBlockTraced(out.data(), out.data(), dec);
            EXPECT_EQ(expectMovesReproduceTrace(enc, {"ShiftRows"}), reg->standardRounds) << id;
            EXPECT_EQ(expectMovesReproduceTrace(dec, {"inverse ShiftRows"}), reg->standardRounds) << id;
            expectPermutation(teach::bitMovesFor(enc, 4));
        }
    }
}

TEST(BitMoves, SkinnyCellsMoveRightByTheirRow) {
    const Trace t = runDefault("skinny-128-128", 1).trace;
    const teach::BitMoves m = teach::bitMovesFor(t, 4);
    ASSERT_EQ(t.steps[4].step, "ShiftRows");
    ASSERT_EQ(m.cells.size(), 16u);
    for (const auto& c : m.cells) {
        const int row = c.from / 4, col = c.from % 4;
        EXPECT_EQ(c.to / 4, row);
        // The spec: row i rotated right by i cells, wrapping past column 3.
        int want = col + row;
        EXPECT_EQ(c.wrapped, want > 3) << c.from;
        if (want > 3) want -= 4;
        EXPECT_EQ(c.to % 4, want) << c.from;
    }
    // One cell's bits move together: cell 7 (row 1, column 3) wraps to cell 4, byte 7 → byte 4.
    for (int k = 0; k < 8; ++k) {
        const auto src = m.sourcesOf(32 + k);
        ASSERT_EQ(src.size(), 1u);
        EXPECT_EQ(src[0].from, 56 + k);
        EXPECT_TRUE(src[0].wrapped);
    }
}

TEST(BitMoves, AsconLinearDiffusionIsTheXorOfTheListedContributions) {
    const Trace a = runDefault("ascon-p").trace;
    EXPECT_EQ(expectMovesReproduceTrace(a, {"linear diffusion"}), 12);
    const auto* alg = sessions::findExplorerAlgorithm("ascon-p");
    ASSERT_NE(alg, nullptr);
    for (unsigned seed : {3u, 4u}) {
        std::map<std::string, Bytes> in;
        for (const auto& f : alg->fields)
            in[f.name] = pattern(static_cast<std::size_t>(f.bytes), seed);
        const Trace t = sessions::runExplorer(*alg, in, 6).trace;
        ASSERT_FALSE(t.steps.empty());
        EXPECT_EQ(expectMovesReproduceTrace(t, {"linear diffusion"}), 6);
    }
    // Every output bit has three sources in its own word, so 3 × 320 contributions.
    const std::size_t pl = 3;
    ASSERT_EQ(a.steps[pl].step, "linear diffusion");
    const teach::BitMoves m = teach::bitMovesFor(a, pl);
    EXPECT_EQ(m.kind, teach::BitMoves::Kind::XorOfRotations);
    EXPECT_EQ(m.moves.size(), 960u);
}

TEST(BitMoves, AsconSourcesAreTheSpecsRotations) {
    const Trace a = runDefault("ascon-p").trace;
    const teach::BitMoves m = teach::bitMovesFor(a, 3);
    // Ascon spec: x0 ⊕= (x0 ⋙ 19) ⊕ (x0 ⋙ 28), so bit 12 of x0 reads bits 12, 31 and 40 of x0.
    const auto src = m.sourcesOf(asconStateBit(0, 12));
    ASSERT_EQ(src.size(), 3u);
    EXPECT_EQ(src[0].from, asconStateBit(0, 12));
    EXPECT_EQ(src[1].from, asconStateBit(0, 31));
    EXPECT_EQ(src[2].from, asconStateBit(0, 40));
    for (const auto& s : src)
        EXPECT_FALSE(s.wrapped);
    // Bit 50 of x0: 50 + 19 = 69 and 50 + 28 = 78 wrap around to bits 5 and 14.
    const auto wrap = m.sourcesOf(asconStateBit(0, 50));
    ASSERT_EQ(wrap.size(), 3u);
    EXPECT_EQ(wrap[1].from, asconStateBit(0, 5));
    EXPECT_EQ(wrap[2].from, asconStateBit(0, 14));
    EXPECT_FALSE(wrap[0].wrapped);
    EXPECT_TRUE(wrap[1].wrapped);
    EXPECT_TRUE(wrap[2].wrapped);
    // x4 ⊕= (x4 ⋙ 7) ⊕ (x4 ⋙ 41): bit 0 of x4 reads bits 0, 7, 41.
    std::set<int> x4;
    for (const auto& s : m.sourcesOf(asconStateBit(4, 0)))
        x4.insert(s.from);
    EXPECT_EQ(x4, (std::set<int>{asconStateBit(4, 0), asconStateBit(4, 7), asconStateBit(4, 41)}));
    // And the other way round: bit 31 of x0 goes to bits 31, 12 (= 31 - 19) and 3 (= 31 - 28).
    std::set<int> dst;
    for (const auto& d : m.destinationsOf(asconStateBit(0, 31)))
        dst.insert(d.to);
    EXPECT_EQ(dst, (std::set<int>{asconStateBit(0, 31), asconStateBit(0, 12), asconStateBit(0, 3)}));
}

TEST(BitMoves, LeaRotationsSubStepReproducesEveryRound) {
    for (const char* id : {"lea-128", "lea-192", "lea-256"}) {
        const auto* alg = sessions::findExplorerAlgorithm(id);
        ASSERT_NE(alg, nullptr);
        const Trace plain = runDefault(id).trace;
        const Trace x = teach::expandLeaSubsteps(plain);
        const int rounds = static_cast<int>(plain.steps.size()) - 1;
        EXPECT_EQ(expectMovesReproduceTrace(x, {std::string(teach::kLeaRotations)}), rounds) << id;
        // Without sub-steps a round mixes everything: no model.
        EXPECT_EQ(expectMovesReproduceTrace(plain, {}), 0) << id;
        expectPermutation(teach::bitMovesFor(x, 3));
        auto in = test::defaultInputs(*alg);
        in["pt"] = pattern(16, 9);
        EXPECT_EQ(
            expectMovesReproduceTrace(teach::expandLeaSubsteps(sessions::runExplorer(*alg, in, 0).trace),
                                      {std::string(teach::kLeaRotations)}),
            rounds)
            << id;
    }
}

TEST(BitMoves, LeaLane0RotatesLeftByNine) {
    const Trace x = teach::expandLeaSubsteps(runDefault("lea-128", 1).trace);
    ASSERT_EQ(x.steps[3].step, teach::kLeaRotations);
    const teach::BitMoves m = teach::bitMovesFor(x, 3);
    // ROL9: bit 9 of X'[0] is bit 0 of S0; bit 3 of it is bit 26 (wrapped). LE words: bit b of word 0 is
    // byte b / 8, bit b % 8 of it.
    const auto leBit = [](int b) { return (b / 8) * 8 + 7 - b % 8; };
    auto s = m.sourcesOf(leBit(9));
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0].from, leBit(0));
    EXPECT_FALSE(s[0].wrapped);
    s = m.sourcesOf(leBit(3));
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0].from, leBit(26));
    EXPECT_TRUE(s[0].wrapped);
}

TEST(BitMoves, OtherStepsHaveNoModel) {
    const Trace a = runDefault("ascon-p").trace;
    EXPECT_TRUE(teach::bitMovesFor(a, 0).empty());              // the input
    EXPECT_TRUE(teach::bitMovesFor(a, 2).empty());              // substitution layer
    EXPECT_TRUE(teach::bitMovesFor(a, a.steps.size()).empty()); // out of range
    Trace renamed = a;
    renamed.layout.name = "something-else";
    EXPECT_TRUE(teach::bitMovesFor(renamed, 3).empty());
}

} // namespace
