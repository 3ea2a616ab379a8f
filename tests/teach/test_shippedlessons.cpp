// The lessons in resources/lessons: each loads, its steps exist in the trace of its inputs, and what
// its notes claim is recomputed here from the twin runs and the project's structural analysis.
#include <QDir>

#include <algorithm>

#include "core/analysis/diffusion.h"
#include "core/crypto/mldsantt.h"
#include "core/teach/explain.h"
#include "core/teach/practice.h"
#include "tests/teach/teachtest.h"

namespace {

using namespace rs;
using crypto::Bytes;
using crypto::Trace;

const std::string kDir = RS_LESSONS_DIR;

teach::Lesson load(const std::string& name) {
    return teach::loadLesson(kDir + "/" + name, test::explorerCatalog());
}

// The lesson's run and its twin with the stop's flip.
struct Twin {
    Trace main, twin;
    std::vector<int> flips;
};

Twin twinOf(const teach::Lesson& l, const teach::LessonStop& stop) {
    const auto* alg = sessions::findExplorerAlgorithm(l.algorithm);
    Twin t;
    t.main = sessions::runExplorer(*alg, l.inputs, l.rounds).trace;
    auto in = l.inputs;
    EXPECT_TRUE(stop.flip.has_value());
    if (stop.flip) sessions::flipInputBit(in[stop.flip->field], stop.flip->bit);
    t.twin = sessions::runExplorer(*alg, in, l.rounds).trace;
    t.flips = sessions::twinFlipsPerStep(t.main, t.twin);
    return t;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

analysis::DiffusionResult structural(const std::string& alg, analysis::Field f, int first, int last) {
    analysis::DiffusionRequest r;
    r.alg = alg;
    r.field = f;
    r.firstBit = first;
    r.lastBit = last;
    return analysis::analyzeDiffusion(r);
}

TEST(ShippedLessons, EveryLessonLoadsAndItsStepsExist) {
    const QStringList files =
        QDir(QString::fromStdString(kDir)).entryList({"*.json"}, QDir::Files, QDir::Name);
    EXPECT_EQ(files, (QStringList{"ascon-sbox-linear-diffusion.json", "keccak-theta-chi-diffusion.json",
                                  "lea-ctr-counter-diffusion.json", "mldsa-ntt-butterfly-diffusion.json",
                                  "mldsa-sign-rejection-sampling.json", "practice-ascon-p-two-rounds.json",
                                  "practice-skinny64-two-rounds.json", "skinny-shiftrows-mixcolumns.json"}));
    for (const QString& f : files) {
        SCOPED_TRACE(f.toStdString());
        const teach::Lesson l = load(f.toStdString());
        const auto* alg = sessions::findExplorerAlgorithm(l.algorithm);
        ASSERT_NE(alg, nullptr);
        const Trace t = sessions::runExplorer(*alg, l.inputs, l.rounds).trace;
        EXPECT_NO_THROW(teach::validateLesson(l, t.steps.size()));
        EXPECT_NO_THROW(teach::validatePractice(l, t));
        int twins = 0;
        for (const auto& s : l.stops) {
            EXPECT_TRUE(teach::isExplained(t, static_cast<std::size_t>(s.step)));
            EXPECT_FALSE(s.note.empty());
            twins += s.view == teach::LessonView::Twin;
        }
        EXPECT_GT(twins, 0);
        // The file is what saveLesson writes, up to layout: it survives a save and a parse unchanged.
        EXPECT_EQ(teach::parseLesson(teach::saveLesson(l), test::explorerCatalog()), l);
    }
}

// Which of the 64 columns (bit j of every word) hold a difference between two Ascon states.
std::vector<int> asconColumns(const Bytes& a, const Bytes& b) {
    std::vector<int> cols;
    for (int j = 63; j >= 0; --j) {
        bool d = false;
        for (int w = 0; w < 5; ++w)
            d = d || ((test::asconWord(a, w) ^ test::asconWord(b, w)) >> j & 1u);
        if (d) cols.push_back(j);
    }
    return cols;
}

TEST(ShippedLessons, AsconLessonsNumbersAreThisRuns) {
    const teach::Lesson l = load("ascon-sbox-linear-diffusion.json");
    ASSERT_EQ(l.stops.size(), 7u);
    const Trace main = twinOf(l, l.stops[2]).main;
    // Stop 1: p_C changes x2 only, by round 1's constant.
    const auto& s1 = main.steps[static_cast<std::size_t>(l.stops[1].step)];
    EXPECT_EQ(s1.step, "round constant");
    const Bytes& before = main.steps[static_cast<std::size_t>(l.stops[1].step) - 1].state;
    for (int w : {0, 1, 3, 4})
        EXPECT_EQ(test::asconWord(before, w), test::asconWord(s1.state, w));
    EXPECT_TRUE(
        contains(l.stops[1].note, test::hx(test::asconWord(before, 2) ^ test::asconWord(s1.state, 2), 2)));
    // Stop 2: after p_S the difference is inside one column, the flipped bit's (state bit 0 = bit 63 of x0).
    const Twin t = twinOf(l, l.stops[2]);
    const auto step = [&](int i) {
        return static_cast<std::size_t>(l.stops[static_cast<std::size_t>(i)].step);
    };
    EXPECT_EQ(main.steps[step(2)].step, "substitution layer");
    EXPECT_EQ(asconColumns(t.main.steps[step(2)].state, t.twin.steps[step(2)].state), std::vector<int>{63});
    EXPECT_TRUE(contains(l.stops[2].note, std::to_string(t.flips[step(2)]) + " bits of that column"));
    // Stop 3: p_L triples a single-bit difference per word.
    EXPECT_EQ(main.steps[step(3)].step, "linear diffusion");
    EXPECT_EQ(t.flips[step(3)], 3 * t.flips[step(2)]);
    EXPECT_TRUE(contains(l.stops[3].note, std::to_string(t.flips[step(2)]) + " differing bits become " +
                                              std::to_string(t.flips[step(3)])));
    // Stops 4-6 end rounds 2, 3, 4; their counts are this run's.
    for (int i : {4, 5, 6}) {
        EXPECT_EQ(main.steps[step(i)].round, i - 2);
        EXPECT_EQ(main.steps[step(i)].step, "linear diffusion");
        EXPECT_TRUE(
            contains(l.stops[static_cast<std::size_t>(i)].note, std::to_string(t.flips[step(i)]) + " bits"))
            << l.stops[static_cast<std::size_t>(i)].note;
    }
    // Structural claims: 306 of 320 bits depend after round 3, all after round 4 (full diffusion).
    const auto d = structural("ascon-p", analysis::Field::State, 0, 0);
    EXPECT_EQ(d.fullDiffusionRound, 4);
    const int dependent3 = static_cast<int>(d.perRound[2].dependentFraction * 320 + 0.5);
    EXPECT_TRUE(contains(l.stops[5].note, std::to_string(dependent3) + " of the 320 state bits depend"));
    EXPECT_FALSE(d.perRound[2].fullDiffusion);
    EXPECT_TRUE(contains(l.stops[6].note,
                         "Full diffusion after " + std::to_string(d.fullDiffusionRound) + " rounds"));
    // "About half": the twin differs in 40-60 % of the 320 bits after round 4.
    EXPECT_GE(t.flips[step(6)], 128);
    EXPECT_LE(t.flips[step(6)], 192);
}

TEST(ShippedLessons, KeccakLessonsNumbersAreThisRuns) {
    const teach::Lesson l = load("keccak-theta-chi-diffusion.json");
    ASSERT_EQ(l.stops.size(), 7u);
    const auto step = [&](int i) {
        return static_cast<std::size_t>(l.stops[static_cast<std::size_t>(i)].step);
    };
    const Twin t = twinOf(l, l.stops[2]);
    // Stop 1: round 1 leaves the zero state zero until ι adds RC[0] = 1 to lane (0, 0).
    ASSERT_EQ(t.main.steps[step(1)].step, "ι iota");
    EXPECT_EQ(t.main.steps[step(1) - 1].state, Bytes(200, 0));
    Bytes rc0(200, 0);
    rc0[0] = 1; // lane 0 little-endian: bit 0 is the LSB of byte 0
    EXPECT_EQ(t.main.steps[step(1)].state, rc0);
    EXPECT_TRUE(contains(l.stops[1].note, "RC[0] = 0x0000000000000001"));
    // Stop 2: θ of round 1 takes the flipped bit to 11 bits: itself and two columns of 5.
    EXPECT_EQ(t.main.steps[step(2)].step, "θ theta");
    EXPECT_EQ(t.flips[step(2)], 11);
    EXPECT_TRUE(contains(l.stops[2].note, "reaches " + std::to_string(t.flips[step(2)]) + " bits"));
    // Stop 3: ρ and π only move bits.
    EXPECT_EQ(t.main.steps[step(3)].step, "π pi");
    EXPECT_EQ(t.flips[step(3)], t.flips[step(2)]);
    EXPECT_TRUE(contains(l.stops[3].note, "still " + std::to_string(t.flips[step(3)])));
    // Stops 4-6 end rounds 1, 2, 3: the twin's counts, and the structural analysis of the flipped bit.
    const auto d = structural("keccak-f1600", analysis::Field::State, 7, 7);
    EXPECT_EQ(d.fullDiffusionRound, 3);
    for (int i : {4, 5, 6}) {
        const auto& note = l.stops[static_cast<std::size_t>(i)].note;
        EXPECT_EQ(t.main.steps[step(i)].round, i - 3);
        EXPECT_EQ(t.main.steps[step(i)].step, "ι iota");
        EXPECT_TRUE(contains(note, std::to_string(t.flips[step(i)]) + " bits")) << note;
        const int dependent =
            static_cast<int>(d.perRound[static_cast<std::size_t>(i - 4)].dependentFraction * 1600 + 0.5);
        if (i < 6)
            EXPECT_TRUE(contains(note, std::to_string(dependent) + " of the 1600 state bits depend")) << note;
        else
            EXPECT_EQ(dependent, 1600);
    }
    EXPECT_TRUE(contains(l.stops[6].note,
                         "Full diffusion after " + std::to_string(d.fullDiffusionRound) + " rounds"));
    EXPECT_GE(t.flips[step(6)], 700); // "about half" of 1600
    EXPECT_LE(t.flips[step(6)], 900);
}

// The SKINNY cells (one per byte) that differ between two states, as the note words them.
std::string cellsText(const Bytes& a, const Bytes& b) {
    std::vector<int> cells;
    for (int c = 0; c < 16; ++c)
        if (a[static_cast<std::size_t>(c)] != b[static_cast<std::size_t>(c)]) cells.push_back(c);
    if (cells.size() == 16) return "all 16 cells";
    if (cells.size() == 1) return "cell " + std::to_string(cells[0]);
    std::string s = "cells ";
    for (std::size_t i = 0; i < cells.size(); ++i)
        s += (i == 0 ? "" : i + 1 == cells.size() ? " and " : ", ") + std::to_string(cells[i]);
    return s;
}

TEST(ShippedLessons, SkinnyLessonsCellsAreThisRuns) {
    const teach::Lesson l = load("skinny-shiftrows-mixcolumns.json");
    ASSERT_EQ(l.stops.size(), 7u);
    const Twin t = twinOf(l, l.stops[1]);
    const std::vector<std::pair<int, std::string>> steps = {{1, "SubCells"},   {2, "ShiftRows"},
                                                            {3, "MixColumns"}, {4, "ShiftRows"},
                                                            {5, "MixColumns"}, {6, "MixColumns"}};
    for (const auto& [i, name] : steps) {
        const auto& stop = l.stops[static_cast<std::size_t>(i)];
        const auto s = static_cast<std::size_t>(stop.step);
        EXPECT_EQ(t.main.steps[s].step, name) << i;
        EXPECT_EQ(stop.flip, l.stops[1].flip);
        const std::string cells = cellsText(t.main.steps[s].state, t.twin.steps[s].state);
        EXPECT_TRUE(contains(stop.note, cells))
            << "stop " << i << " should say '" << cells << "': " << stop.note;
    }
    EXPECT_TRUE(contains(l.stops[1].note, std::to_string(t.flips[static_cast<std::size_t>(l.stops[1].step)]) +
                                              " bits now differ"));
    // Full diffusion: the structural analysis of the flipped bit (plaintext bit 7) agrees on the round.
    const auto d = structural("skinny-128-256", analysis::Field::Plaintext, 7, 7);
    EXPECT_EQ(d.fullDiffusionRound, t.main.steps[static_cast<std::size_t>(l.stops[6].step)].round);
    EXPECT_FALSE(d.perRound[static_cast<std::size_t>(d.fullDiffusionRound) - 2].fullDiffusion);
    EXPECT_TRUE(contains(l.stops[6].note, "full diffusion in round " + std::to_string(d.fullDiffusionRound)));
    EXPECT_EQ(d.rounds, 48);
}

std::string ops(int xors, int adds, int rots) {
    const auto n = [](int k, const char* one, const char* many) {
        return std::to_string(k) + " " + (k == 1 ? one : many);
    };
    return n(xors, "XOR", "XORs") + ", " + n(adds, "addition", "additions") + " and " +
           n(rots, "rotation", "rotations");
}

std::string wordsText(const std::vector<int>& words) {
    std::string s;
    for (std::size_t i = 0; i < words.size(); ++i)
        s += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + ("X[" + std::to_string(words[i]) + "]");
    return s;
}

TEST(ShippedLessons, LeaCtrLessonAgreesWithThePrecomputationAnalysis) {
    const teach::Lesson l = load("lea-ctr-counter-diffusion.json");
    ASSERT_EQ(l.stops.size(), 5u);
    const Twin t = twinOf(l, l.stops[0]);
    // Stop 0: the twin is the next counter value, only X[0]'s lowest bit changes.
    const Bytes& pt = l.inputs.at("pt");
    EXPECT_EQ(test::leaWord(t.twin.steps[0].state, 0), test::leaWord(pt, 0) + 1);
    EXPECT_EQ(t.flips[0], 1);
    EXPECT_TRUE(contains(l.stops[0].note, "counter " + std::to_string(test::leaWord(pt, 0)) + " becomes " +
                                              std::to_string(test::leaWord(pt, 0) + 1)));
    // The project's analysis with the counter in X[0] (plaintext bits 0..31).
    const auto d = structural("lea-128", analysis::Field::Plaintext, 0, 31);
    ASSERT_TRUE(d.precomputable);
    const auto& p = *d.precomputable;
    ASSERT_EQ(p.rounds.size(), 3u);
    for (std::size_t r = 0; r < 2; ++r) {
        const auto& stop = l.stops[r + 1];
        const auto s = static_cast<std::size_t>(stop.step);
        EXPECT_EQ(t.main.steps[s].round, p.rounds[r].round);
        EXPECT_TRUE(contains(stop.note, wordsText(p.rounds[r].independentWords))) << stop.note;
        EXPECT_TRUE(contains(stop.note, ops(p.rounds[r].xors, p.rounds[r].adds, p.rounds[r].rots)))
            << stop.note;
        // The words called precomputable really are equal in the twin runs, the others differ.
        for (int w = 0; w < 4; ++w) {
            const bool independent =
                std::count(p.rounds[r].independentWords.begin(), p.rounds[r].independentWords.end(), w);
            EXPECT_EQ(test::leaWord(t.main.steps[s].state, w) == test::leaWord(t.twin.steps[s].state, w),
                      independent)
                << "round " << r + 1 << " X[" << w << "]";
        }
    }
    // Stop 3: every word depends from the round of full word diffusion on; the paper's totals.
    const auto s3 = static_cast<std::size_t>(l.stops[3].step);
    EXPECT_EQ(t.main.steps[s3].round, p.fullWordDiffusionRound);
    EXPECT_TRUE(contains(l.stops[3].note, "From round " + std::to_string(p.fullWordDiffusionRound)));
    for (int w = 0; w < 4; ++w)
        EXPECT_NE(test::leaWord(t.main.steps[s3].state, w), test::leaWord(t.twin.steps[s3].state, w));
    EXPECT_TRUE(contains(l.stops[3].note, ops(p.xors, p.adds, p.rots) + " per block"));
    // The same saving for the counter in X[3] (lea-128-ctr's big-endian increment), as the note says.
    const auto x3 = structural("lea-128", analysis::Field::Plaintext, 96, 127);
    ASSERT_TRUE(x3.precomputable);
    EXPECT_EQ(ops(x3.precomputable->xors, x3.precomputable->adds, x3.precomputable->rots),
              ops(p.xors, p.adds, p.rots));
    // Stop 4: bit-level full diffusion of all 32 counter bits.
    EXPECT_EQ(t.main.steps[static_cast<std::size_t>(l.stops[4].step)].round, d.fullDiffusionRound);
    EXPECT_TRUE(contains(l.stops[4].note, "after round " + std::to_string(d.fullDiffusionRound)));
}

} // namespace

// The ML-DSA NTT lesson: the coefficients each twin stop names are the ones the twin run changes, 2^k of
// them after layer k, and the input is w[i] = i.
TEST(ShippedLessons, MlDsaNttLessonsCoefficientsAreThisRuns) {
    const teach::Lesson l = load("mldsa-ntt-butterfly-diffusion.json");
    ASSERT_EQ(l.stops.size(), 4u);
    const Bytes& poly = l.inputs.at("poly");
    for (std::uint32_t i = 0; i < 256; ++i)
        EXPECT_EQ(crypto::loadBe32(poly.data() + 4 * i), i);
    for (const auto& stop : l.stops) {
        if (stop.view != teach::LessonView::Twin) continue;
        SCOPED_TRACE(stop.step);
        const Twin t = twinOf(l, stop);
        const auto cells = sessions::twinCellsPerStep(t.main, t.twin);
        const int k = stop.step;
        EXPECT_EQ(cells[static_cast<std::size_t>(k)], 1 << k);
        EXPECT_TRUE(contains(stop.note, std::to_string(1 << k) + " coefficients differ")) << stop.note;
        // Each coefficient the note names (w[i]) differs in the twin, and every differing one is named
        // (or, after layer 8, all are).
        const auto& a = t.main.steps[static_cast<std::size_t>(k)].state;
        const auto& b = t.twin.steps[static_cast<std::size_t>(k)].state;
        for (int c = 0; c < 256; ++c) {
            const bool differs = crypto::loadBe32(a.data() + 4 * c) != crypto::loadBe32(b.data() + 4 * c);
            const bool named = contains(stop.note, "w[" + std::to_string(c) + "]");
            if (named) EXPECT_TRUE(differs) << "w[" << c << "]";
            if (differs && k < 3) EXPECT_TRUE(named) << "w[" << c << "]";
        }
    }
    EXPECT_TRUE(contains(l.stops[1].note, "ζ = 4808194"));
    EXPECT_EQ(crypto::kMlDsaZetas[1], 4808194);
}

// The two practice lessons (issue 34): reduced rounds, practice stops that fit their steps, and the
// numbers their notes state.
TEST(ShippedLessons, ThePracticeLessonsAreShortAndTheirNotesHold) {
    const teach::Lesson ascon = load("practice-ascon-p-two-rounds.json");
    const teach::Lesson skinny = load("practice-skinny64-two-rounds.json");
    EXPECT_EQ(ascon.rounds, 2);
    EXPECT_EQ(skinny.rounds, 2);
    const auto practiceStops = [](const teach::Lesson& l) {
        return std::count_if(l.stops.begin(), l.stops.end(),
                             [](const auto& s) { return s.practice.has_value(); });
    };
    EXPECT_GE(practiceStops(ascon), 4);
    EXPECT_GE(practiceStops(skinny), 4);
    // Ascon: one flipped bit of x3 → 5 bits after the S-box, 15 after round 1, 75 after round 2.
    const Twin a = twinOf(ascon, ascon.stops[4]);
    EXPECT_EQ(a.flips[2], 5);
    EXPECT_EQ(a.flips[3], 15);
    EXPECT_TRUE(contains(ascon.stops[4].note, "15 bits differ"));
    EXPECT_EQ(a.flips[6], 75);
    EXPECT_TRUE(contains(ascon.stops[7].note, "75 of the 320 bits"));
    EXPECT_TRUE(contains(ascon.stops[1].note, "0x5a"));
    EXPECT_EQ(crypto::loadBe64(a.main.steps[1].state.data() + 16) ^
                  crypto::loadBe64(a.main.steps[0].state.data() + 16),
              0x5aU);
    EXPECT_EQ(crypto::loadBe64(a.main.steps[4].state.data() + 16) ^
                  crypto::loadBe64(a.main.steps[3].state.data() + 16),
              0x4bU);
    // SKINNY: the S4 table the note prints is the model's (row 0's cells 5 3 0 C → SubCells).
    const Twin s = twinOf(skinny, skinny.stops[4]);
    // The table as the note lists it ("S4 = c 6 9 0 …"), read from the note itself.
    const std::string& note = skinny.stops[1].note;
    const std::size_t at = note.find("S4 = ");
    ASSERT_NE(at, std::string::npos);
    std::string table;
    for (std::size_t i = at + 5; i < note.size() && table.size() < 16; i += 2)
        table += note[i];
    const auto cell = [](const Bytes& st, int c) {
        return (st[static_cast<std::size_t>(c / 2)] >> (c % 2 ? 0 : 4)) & 0xF;
    };
    for (int c = 0; c < 16; ++c) {
        const int in = cell(s.main.steps[0].state, c);
        EXPECT_EQ(cell(s.main.steps[1].state, c),
                  std::stoi(std::string(1, table[static_cast<std::size_t>(in)]), nullptr, 16))
            << "cell " << c;
    }
    EXPECT_EQ(s.flips[5], 9);
    EXPECT_TRUE(contains(skinny.stops[4].note, "9 bits differ, in cells 0, 4 and 12"));
    EXPECT_EQ(s.flips[10], 14);
    EXPECT_TRUE(contains(skinny.stops[6].note, "14 of the 64 bits"));
}
