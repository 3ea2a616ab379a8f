// Practice mode's core (core/teach/practice.h): every part of every cipher, checked bit by bit against the
// model's trace, with the expected entries written here from the state bytes (not by practiceAnswer).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "core/teach/practice.h"
#include "tests/teach/teachtest.h"

using namespace rs;

namespace {

std::size_t findStep(const crypto::Trace& t, const std::string& name, int round) {
    for (std::size_t i = 0; i < t.steps.size(); ++i)
        if (t.steps[i].step == name && t.steps[i].round == round) return i;
    ADD_FAILURE() << name << " of round " << round << " not in the trace";
    return 0;
}

teach::LessonPractice part(teach::PracticePart p, int index, int hints = 3, bool reveal = true) {
    return {p, index, hints, reveal};
}

int bitOf(const crypto::Bytes& s, int i) {
    return (s[static_cast<std::size_t>(i / 8)] >> (7 - i % 8)) & 1;
}

// Flips the entry's last digit ('0' <-> '1' in binary, +1 mod 16 in hex).
std::string flipLast(std::string e, bool binary) {
    char& c = e.back();
    if (binary)
        c = c == '0' ? '1' : '0';
    else
        c = "123456789ABCDEF0"[std::string("0123456789ABCDEF").find(static_cast<char>(std::toupper(c)))];
    return e;
}

} // namespace

TEST(Practice, AsconSboxColumnIsCheckedBitByBitWithTheSpecsFormula) {
    const auto run = test::runDefault("ascon-p", 2);
    const std::size_t step = findStep(run.trace, "substitution layer", 1);
    const auto t = teach::practiceTarget(run.trace, step, part(teach::PracticePart::SboxColumn, 7));
    const crypto::Bytes& after = run.trace.steps[step].state;
    std::string right;
    for (int r = 0; r < 5; ++r)
        right += ((test::asconWord(after, r) >> (63 - 7)) & 1) ? '1' : '0';
    EXPECT_TRUE(teach::checkPractice(run.trace, t, right).correct()) << right;
    EXPECT_TRUE(teach::checkPractice(run.trace, t,
                                     std::string{right[0], ' ', right[1], ',', right[2], right[3], right[4]})
                    .correct());
    EXPECT_EQ(teach::practiceAnswer(run.trace, t), right);
    const auto wrong = teach::checkPractice(run.trace, t, flipLast(right, true));
    ASSERT_FALSE(wrong.correct());
    ASSERT_EQ(wrong.wrongBits, std::vector<int>{64 * 4 + 7});
    EXPECT_EQ(wrong.wrongCells, std::vector<int>{4});
    ASSERT_EQ(wrong.feedback.size(), 1u);
    EXPECT_NE(wrong.feedback[0].find("x4 bit 56"), std::string::npos) << wrong.feedback[0];
    EXPECT_NE(wrong.feedback[0].find("x4x1 ⊕ x4 ⊕ x3 ⊕ x1x0 ⊕ x1"), std::string::npos) << wrong.feedback[0];
}

TEST(Practice, TheSboxFormulaAgreesWithTheModelOnEveryBitOfTwelveRounds) {
    const auto run = test::runDefault("ascon-p");
    int checked = 0;
    for (std::size_t s = 1; s < run.trace.steps.size(); ++s) {
        if (run.trace.steps[s].step != "substitution layer") continue;
        for (int b = 0; b < 320; ++b) {
            const std::string f = teach::bitFormula(run.trace, s, b);
            ASSERT_EQ(f.back() - '0', bitOf(run.trace.steps[s].state, b))
                << "step " << s << " bit " << b << ": " << f;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 12 * 320);
}

TEST(Practice, MovesAndMixColumnsFormulasAgreeWithTheModel) {
    for (const char* id : {"ascon-p", "skinny-64-192", "skinny-128-384"}) {
        const auto run = test::runDefault(id, 2);
        int checked = 0;
        for (std::size_t s = 1; s < run.trace.steps.size(); ++s) {
            const std::string& n = run.trace.steps[s].step;
            if (n != "linear diffusion" && n != "ShiftRows" && n != "MixColumns") continue;
            const int bits = static_cast<int>(run.trace.steps[s].state.size()) * 8;
            for (int b = 0; b < bits; ++b) {
                const std::string f = teach::bitFormula(run.trace, s, b);
                ASSERT_EQ(f.back() - '0', bitOf(run.trace.steps[s].state, b))
                    << id << " step " << s << ": " << f;
                ASSERT_NE(f.find("before"), std::string::npos) << f;
                ++checked;
            }
        }
        EXPECT_GT(checked, 0) << id;
    }
}

TEST(Practice, AsconWordAfterTheLinearLayer) {
    const auto run = test::runDefault("ascon-p", 2);
    const std::size_t step = findStep(run.trace, "linear diffusion", 2);
    const auto t = teach::practiceTarget(run.trace, step, part(teach::PracticePart::Row, 2));
    std::string right = test::hx(test::asconWord(run.trace.steps[step].state, 2), 16).substr(2);
    EXPECT_TRUE(teach::checkPractice(run.trace, t, right).correct());
    EXPECT_TRUE(teach::checkPractice(run.trace, t, "0x" + right).correct());
    const auto wrong = teach::checkPractice(run.trace, t, flipLast(right, false));
    ASSERT_FALSE(wrong.wrongBits.empty());
    EXPECT_NE(wrong.feedback[0].find("p_L"), std::string::npos) << wrong.feedback[0];
    EXPECT_NE(wrong.feedback[0].find(" ⊕ "), std::string::npos) << wrong.feedback[0];
}

TEST(Practice, SkinnyRowAndColumn) {
    const auto run = test::runDefault("skinny-64-192", 2);
    const std::size_t shift = findStep(run.trace, "ShiftRows", 1), mix = findStep(run.trace, "MixColumns", 1);
    const auto nibble = [&](std::size_t step, int cell) {
        const std::uint8_t b = run.trace.steps[step].state[static_cast<std::size_t>(cell / 2)];
        return "0123456789ABCDEF"[cell % 2 ? b & 0xF : b >> 4];
    };
    std::string row;
    for (int c = 0; c < 4; ++c)
        row += nibble(shift, 4 + c);
    const auto rowT = teach::practiceTarget(run.trace, shift, part(teach::PracticePart::Row, 1));
    EXPECT_TRUE(teach::checkPractice(run.trace, rowT, row).correct());
    std::string col;
    for (int r = 0; r < 4; ++r)
        col += std::string(1, nibble(mix, 4 * r + 2)) + " ";
    const auto colT = teach::practiceTarget(run.trace, mix, part(teach::PracticePart::Column, 2));
    EXPECT_TRUE(teach::checkPractice(run.trace, colT, col).correct());
    col.pop_back();
    const auto wrong = teach::checkPractice(run.trace, colT, flipLast(col, false));
    ASSERT_FALSE(wrong.correct());
    EXPECT_EQ(wrong.wrongCells, std::vector<int>{3});
    EXPECT_NE(wrong.feedback[0].find("cell 14"), std::string::npos) << wrong.feedback[0];
    EXPECT_NE(wrong.feedback[0].find("MixColumns"), std::string::npos) << wrong.feedback[0];
}

TEST(Practice, LeaWordIsTheWordsValue) {
    const auto run = test::runDefault("lea-128", 2);
    const std::size_t step = findStep(run.trace, "round", 1);
    const auto t = teach::practiceTarget(run.trace, step, part(teach::PracticePart::Word, 1));
    const std::string right = test::hx(test::leaWord(run.trace.steps[step].state, 1), 8).substr(2);
    EXPECT_TRUE(teach::checkPractice(run.trace, t, right).correct()) << right;
    const auto wrong = teach::checkPractice(run.trace, t, flipLast(right, false));
    ASSERT_FALSE(wrong.correct());
    EXPECT_EQ(wrong.feedback[0].rfind("X[1] bit ", 0), 0u) << wrong.feedback[0];
}

TEST(Practice, MlDsaButterflyPairInDecimal) {
    const auto run = test::runDefault("mldsa-ntt");
    const std::size_t step = 1; // Cooley–Tukey layer 1 (len 128)
    const auto t = teach::practiceTarget(run.trace, step, part(teach::PracticePart::Pair, 130));
    ASSERT_EQ(t.cells.size(), 2u);
    EXPECT_EQ(t.cells[0].label, "coefficient 2");
    EXPECT_EQ(t.cells[1].label, "coefficient 130");
    const crypto::Bytes& s = run.trace.steps[step].state;
    const std::string right = std::to_string(crypto::loadBe32(s.data() + 8)) + " " +
                              std::to_string(crypto::loadBe32(s.data() + 4 * 130));
    EXPECT_TRUE(teach::checkPractice(run.trace, t, right).correct()) << right;
    EXPECT_FALSE(teach::checkPractice(run.trace, t, "1 2").correct());
    EXPECT_NE(teach::checkPractice(run.trace, t, "1").parseError.find("expected 2 numbers"),
              std::string::npos);
}

TEST(Practice, PartsThatDoNotFitAreRefusedInWords) {
    const auto ascon = test::runDefault("ascon-p", 2);
    const auto lea = test::runDefault("lea-128", 1);
    const auto expectError = [](const crypto::Trace& tr, std::size_t step, teach::LessonPractice p,
                                const char* what) {
        try {
            teach::practiceTarget(tr, step, p);
            ADD_FAILURE() << "accepted: " << what;
        } catch (const teach::PracticeError& e) {
            EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
        }
    };
    expectError(lea.trace, 1, part(teach::PracticePart::SboxColumn, 0), "fits Ascon");
    expectError(ascon.trace, 1, part(teach::PracticePart::Column, 0), "fits SKINNY");
    expectError(ascon.trace, 1, part(teach::PracticePart::Word, 0), "fits LEA");
    expectError(ascon.trace, 1, part(teach::PracticePart::Pair, 0), "ML-DSA");
    expectError(ascon.trace, 1, part(teach::PracticePart::SboxColumn, 64), "column 64 does not exist");
    expectError(ascon.trace, 0, part(teach::PracticePart::State, 0), "step 0 is the input");
    expectError(ascon.trace, 99, part(teach::PracticePart::State, 0), "past the trace");
    const auto ntt = test::runDefault("mldsa-intt"); // its last step is × 256⁻¹
    expectError(ntt.trace, ntt.trace.steps.size() - 1, part(teach::PracticePart::Pair, 0),
                "is not a butterfly layer");
}

TEST(Practice, UnreadableEntriesSayWhyAndCheckNothing) {
    const auto run = test::runDefault("ascon-p", 2);
    const auto t = teach::practiceTarget(run.trace, 3, part(teach::PracticePart::Row, 0));
    for (const auto& [entry, why] : std::vector<std::pair<std::string, std::string>>{
             {"", "nothing entered"},
             {"   ", "nothing entered"},
             {"12345678901234567", "at most 16 fit"},
             {"123456789012345G", "'G' in x0 is not a hex digit"},
             {"12 34", "expected 1 values"}}) {
        const auto c = teach::checkPractice(run.trace, t, entry);
        EXPECT_FALSE(c.correct()) << entry;
        EXPECT_EQ(c.checkedBits, 0) << entry;
        EXPECT_NE(c.parseError.find(why), std::string::npos) << entry << ": " << c.parseError;
    }
    const auto col = teach::practiceTarget(run.trace, 2, part(teach::PracticePart::SboxColumn, 0));
    EXPECT_NE(teach::checkPractice(run.trace, col, "10120").parseError.find("not a binary digit"),
              std::string::npos);
}

TEST(Practice, ManyWrongBitsAreCountedNotAllListed) {
    const auto run = test::runDefault("ascon-p", 2);
    const auto t = teach::practiceTarget(run.trace, 3, part(teach::PracticePart::State, 0));
    const std::string answer = teach::practiceAnswer(run.trace, t);
    std::string inverted;
    for (char c : answer)
        inverted += c == ' ' ? ' ' : "FEDCBA9876543210"[std::string("0123456789ABCDEF").find(c)];
    const auto c = teach::checkPractice(run.trace, t, inverted);
    EXPECT_EQ(c.wrongBits.size(), 320u);
    ASSERT_EQ(c.feedback.size(), teach::kFeedbackLines + 1);
    EXPECT_NE(c.feedback.back().find("308 more wrong bits"), std::string::npos) << c.feedback.back();
}

TEST(Practice, HintsGoFromTheFormulaToTheFirstValue) {
    const auto run = test::runDefault("skinny-64-192", 1);
    const std::size_t mix = findStep(run.trace, "MixColumns", 1);
    const auto t = teach::practiceTarget(run.trace, mix, part(teach::PracticePart::Column, 0));
    const auto hints = teach::practiceHints(run.trace, t);
    ASSERT_EQ(hints.size(), 3u);
    EXPECT_EQ(hints[0], "The step (MixColumns): MixColumns: each column (a, b, c, d), top to bottom, becomes "
                        "(a⊕c⊕d, a, b⊕c, a⊕c)");
    EXPECT_NE(hints[1].find("cell 0 = "), std::string::npos) << hints[1];
    const std::string answer = teach::practiceAnswer(run.trace, t);
    EXPECT_EQ(hints[2], "The first value: cell 0 = " + answer.substr(0, answer.find(' ')));
}

TEST(Practice, LessonPracticeStopsRoundTripAndAreValidatedAgainstTheTrace) {
    teach::Lesson l;
    l.title = "Ascon-p, two rounds";
    l.algorithm = "ascon-p";
    l.rounds = 2;
    l.inputs = {{"state", crypto::Bytes(40, 0)}};
    teach::LessonStop s;
    s.step = 2;
    s.title = "Your turn: one S-box column";
    s.note = "Compute column 0.";
    s.practice = teach::LessonPractice{teach::PracticePart::SboxColumn, 0, 2, false};
    l.stops = {s};
    const QByteArray saved = teach::saveLesson(l);
    const teach::Lesson again = teach::parseLesson(saved, sessions::lessonCatalog());
    EXPECT_EQ(again, l);
    const auto run = test::runDefault("ascon-p", 2);
    EXPECT_NO_THROW(teach::validatePractice(again, run.trace));
    l.stops[0].practice->part = teach::PracticePart::Word;
    try {
        teach::validatePractice(l, run.trace);
        ADD_FAILURE() << "a LEA word on Ascon was accepted";
    } catch (const teach::LessonError& e) {
        EXPECT_NE(std::string(e.what()).find("stops[0].practice: a 'word' part fits LEA"), std::string::npos)
            << e.what();
    }
}

TEST(Practice, LessonPracticeAndRoundsErrors) {
    const auto parse = [](const std::string& alg, const std::string& inputs, const std::string& stop,
                          const std::string& top) {
        const std::string json =
            R"({"format": "roundscope-lesson", "version": 1, "title": "t", "algorithm": ")" + alg +
            R"(", "inputs": )" + inputs + top + R"(, "stops": [{"step": 1, "view": "value", "note": "n")" +
            stop + "}]}";
        try {
            teach::parseLesson(QByteArray::fromStdString(json), sessions::lessonCatalog());
        } catch (const teach::LessonError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    const std::string state = R"({"state": ")" + std::string(80, '0') + "\"}";
    const auto ascon = [&](const std::string& stop, const std::string& top) {
        return parse("ascon-p", state, stop, top);
    };
    EXPECT_EQ(ascon(R"(, "practice": {"part": "row", "index": 1, "hints": 1, "reveal": true})", ""),
              "accepted");
    EXPECT_EQ(ascon("", R"(, "rounds": 2)"), "accepted");
    EXPECT_NE(ascon(R"(, "practice": {"part": "diagonal"})", "")
                  .find("stops[0].practice.part: 'diagonal' is not a part"),
              std::string::npos);
    EXPECT_NE(
        ascon(R"(, "practice": {"part": "row", "hints": 4})", "").find("stops[0].practice.hints: at most 3"),
        std::string::npos);
    EXPECT_NE(ascon(R"(, "practice": {"part": "row", "reveal": 1})", "").find("must be true or false"),
              std::string::npos);
    EXPECT_NE(ascon(R"(, "practice": {"part": "row", "colour": 1})", "").find("practice.colour: unknown key"),
              std::string::npos);
    EXPECT_NE(ascon("", R"(, "rounds": 13)").find("rounds: 13 is outside 1..12"), std::string::npos);
    EXPECT_NE(ascon("", R"(, "rounds": 0)").find("rounds: 0 is outside"), std::string::npos);
    const std::string poly = R"({"poly": ")" + std::string(2048, '0') + "\"}";
    const std::string fixed = parse("mldsa-ntt", poly, "", R"(, "rounds": 2)");
    EXPECT_NE(fixed.find("fixed rounds"), std::string::npos) << fixed;
}

// The first hint gives the step's rule, never a worked part of the answer (the step explanations work an
// example out, which could be the very part asked): at every step of each cipher, it holds no changed word,
// cell or coefficient of the state after the step as a whole number.
TEST(Practice, TheFirstHintNeverWorksTheAnswerOut) {
    const auto tokens = [](const std::string& text) {
        std::vector<std::string> out;
        std::string cur;
        for (char ch : text + " ") {
            if (std::isalnum(static_cast<unsigned char>(ch))) {
                cur += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            } else if (!cur.empty()) {
                out.push_back(cur.rfind("0x", 0) == 0 ? cur.substr(2) : cur);
                cur.clear();
            }
        }
        return out;
    };
    int checked = 0;
    for (const char* id :
         {"ascon-p", "skinny-64-192", "skinny-128-256", "lea-128", "mldsa-ntt", "mldsa-intt"}) {
        const auto run = test::runDefault(id, std::string(id).rfind("mldsa", 0) == 0 ? 0 : 2);
        for (std::size_t s = 1; s < run.trace.steps.size(); ++s) {
            const auto t = teach::practiceTarget(run.trace, s, part(teach::PracticePart::State, 0));
            const auto words = tokens(teach::practiceHints(run.trace, t)[0]);
            for (const teach::PracticeCell& c : t.cells) {
                std::string value = teach::practiceAnswer(run.trace, {t.step, "", "", t.format, {c}});
                const std::string before =
                    teach::practiceAnswer(run.trace, {t.step - 1, "", "", t.format, {c}});
                if (value.size() < 4 || value == before) continue; // short, or unchanged: not a worked result
                for (char& ch : value)
                    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                ++checked;
                EXPECT_EQ(std::find(words.begin(), words.end(), value), words.end())
                    << id << " step " << s << ": the first hint gives " << c.label << " = " << value;
            }
        }
    }
    EXPECT_GT(checked, 500);
}
