// No output is judged outside core/oracle (issue 31, item 2; docs/CONVENTIONS.md rule 17): a back end, a
// facade or a command hands its output to oracle::verify, an OutputJudge or runKat, never compares it with a
// reference itself. This test scans the program's sources (app/ core/ hw/ gpu/ riscv/, not tests/;
// core/oracle is where judging lives) for the ways to compare bytes with a known answer and fails on each one
// that the allow-list below does not name with the reason it judges no output; an entry that no longer
// matches anything fails too, so the list stays true. Entries marked PENDING(ip) are judgements still to move
// into the oracle (the IP cores' helper's).
//
// What counts as a comparison with a known answer:
//  - `==` or `!=` with an operand named as a known answer: a name (or the last part of a member chain) one of
//    whose words (camelCase or snake_case) is want, wanted, expected, expect, reference, ref, model, golden,
//    kat or answer, or a call of a function so named (referenceOutput(...), mldsaReference(...),
//    modelOf(...)); unless either side is a size, a count or an iterator (`got.size() == want`,
//    `size != expected`, `it != model.end()`);
//  - a byte-wise comparison call: memcmp, bcmp, std::equal, std::mismatch (ranges:: too).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <string>
#include <vector>

#include "tests/core/sourcescan.h"

namespace {

using rs::test::Allowed;
using rs::test::AllowListOutcome;
using rs::test::matchAllowList;

// clang-format off
const std::vector<Allowed> kAllowed{
    // Byte comparisons of files' magic numbers and of a store's own data.
    {"core/campaign/storecheck.cpp", "std::memcmp(header.data(), kMagic", "a file's SQLite header, before it is opened as a store"},
    {"core/campaign/storecheck.cpp", "schemaDescription(c) != expectedSchema(", "an older store's tables against those of its schema version"},
    {"riscv/runner/riscvprogram.cpp", "std::memcmp(d.data(),", "an image's ELF magic, before its sections are read"},
    {"core/waveform/waveformtrack.h", "std::memcmp(wordsAt(i), w,", "the waveform store folding equal values of a signal"},
    {"core/waveform/vcdtofst.cpp", "std::equal(now, now + s.words, before)",
     "VCD -> FST streamed: the store's folding of equal values of a signal, one time step at a time"},
    // The cluster's checks of a folder: definitions and plans, not outputs.
    {"core/cluster/clustercampaign.cpp", "if (got != want)", "a shard store's runs against its plan's runs (merge refuses the shard)"},
    {"core/cluster/clustercheck.cpp", "if (!(expected[i] == plan.shards[i]))", "plan.json's shards against those the stored definition gives"},
    {"core/cluster/clustercheck.cpp", "campaign::specJson(c.spec) == want", "a shard store's definition text against the plan's"},
    // wave diff: two dumps the user compares with each other, no output against a reference.
    {"core/waveform/wavediff.h", "bool equal() const;", "whether two dumps agree signal by signal (wave diff), not an output judged"},
    {"core/waveform/wavediff.cpp", "bool WaveDiff::equal() const", "the same"},
    {"app/cli/cmd_wave.cpp", "{\"equal\", d.equal()}", "wave diff's report of two dumps"},
    {"app/cli/cmd_wave.cpp", "d.equal() ? \"equal: \"", "the same"},
    {"app/cli/cmd_wave.cpp", "return d.equal() ? kExitOk", "the same: its exit status"},
    // The firmware's polling loop: words read back against the count it waits for.
    {"hw/zynq/firmware/ascon_ip.c", "(got == want ||", "the number of output words read so far against the number expected (a length)"},
};
// clang-format on

/** The words of a name: "refOutput" -> ref, output; "m_expected" -> m, expected; "kKatFile" -> k, kat, file.
 */
std::vector<std::string> words(const std::string& name) {
    std::vector<std::string> out;
    std::string w;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        const bool upper = std::isupper(static_cast<unsigned char>(c)) != 0;
        const bool lowerBefore = i > 0 && std::islower(static_cast<unsigned char>(name[i - 1])) != 0;
        if (c == '_' || (upper && lowerBefore)) {
            if (!w.empty()) out.push_back(w);
            w.clear();
            if (c == '_') continue;
        }
        w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (!w.empty()) out.push_back(w);
    return out;
}

/** One side of a comparison: the last name of its member chain, and whether it is called. */
struct Operand {
    std::string name;
    bool call = false;
};

bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

/** The operand that ends at `end` (exclusive), read backwards: `a.b->size()`, `want[i]`, `*row`. */
Operand leftOperand(const std::string& code, std::size_t end) {
    std::size_t i = end;
    while (i > 0 && code[i - 1] == ' ')
        --i;
    Operand o;
    // A call's or an index's brackets, skipped whole.
    while (i > 0 && (code[i - 1] == ')' || code[i - 1] == ']')) {
        const char close = code[i - 1], open = close == ')' ? '(' : '[';
        if (close == ')') o.call = true;
        int depth = 0;
        while (i > 0) {
            --i;
            if (code[i] == close) ++depth;
            if (code[i] == open && --depth == 0) break;
        }
        while (i > 0 && code[i - 1] == ' ')
            --i;
    }
    std::size_t start = i;
    while (start > 0 && isNameChar(code[start - 1]))
        --start;
    o.name = code.substr(start, i - start);
    return o;
}

/** The operand that starts at `begin`, read forwards: its chain's last name, and whether it is called. */
Operand rightOperand(const std::string& code, std::size_t begin) {
    std::size_t i = begin;
    while (i < code.size() && (code[i] == ' ' || code[i] == '*' || code[i] == '&' || code[i] == '!'))
        ++i;
    Operand o;
    for (;;) {
        const std::size_t start = i;
        while (i < code.size() && isNameChar(code[i]))
            ++i;
        o.name = code.substr(start, i - start);
        if (code.compare(i, 1, ".") == 0 || code.compare(i, 2, "::") == 0 || code.compare(i, 2, "->") == 0) {
            i += code[i] == '.' ? 1 : 2;
            continue;
        }
        break;
    }
    while (i < code.size() && code[i] == ' ')
        ++i;
    o.call = i < code.size() && code[i] == '(';
    return o;
}

bool namesAKnownAnswer(const Operand& o) {
    static const std::vector<std::string> known = {"want", "wanted", "expected", "expect", "reference",
                                                   "ref",  "model",  "golden",   "kat",    "answer"};
    for (const std::string& w : words(o.name))
        if (std::find(known.begin(), known.end(), w) != known.end()) return true;
    return false;
}

bool isASizeOrPosition(const Operand& o) {
    static const std::vector<std::string> sizes = {"size",  "length", "count",  "end",
                                                   "begin", "cend",   "cbegin", "npos"};
    const std::vector<std::string> w = words(o.name);
    return !w.empty() && std::find(sizes.begin(), sizes.end(), w.back()) != sizes.end();
}

const std::regex& byteComparison() {
    static const std::regex re(R"(\b(std::)?(ranges::)?(memcmp|bcmp|equal|mismatch)\s*\()");
    return re;
}

/** What kind of comparison with a known answer the code holds, or "" for none. */
std::string judgement(const std::string& code) {
    if (std::regex_search(code, byteComparison())) return "a byte-wise comparison";
    for (std::size_t at = code.find_first_of("=!"); at != std::string::npos;
         at = code.find_first_of("=!", at + 1)) {
        if (at + 1 >= code.size() || code[at + 1] != '=') continue;
        if (at > 0 &&
            (code[at - 1] == '=' || code[at - 1] == '!' || code[at - 1] == '<' || code[at - 1] == '>'))
            continue;
        const Operand l = leftOperand(code, at), r = rightOperand(code, at + 2);
        ++at;
        if (isASizeOrPosition(l) || isASizeOrPosition(r)) continue;
        if (namesAKnownAnswer(l) || namesAKnownAnswer(r)) return "== or != against a known answer";
    }
    return {};
}

struct Hit {
    std::string file;
    int line = 0;
    std::string text;
    std::string kind;
};

std::vector<Hit> scan() {
    std::vector<Hit> hits;
    rs::test::forEachSourceLine(RS_SOURCE_DIR, [&hits](const rs::test::SourceLine& l) {
        if (l.file.rfind("core/oracle/", 0) == 0) return; // where outputs are judged
        const std::string code = rs::test::withoutStrings(rs::test::withoutLineComment(l.text));
        if (code.find("#include") != std::string::npos) return;
        if (const std::string kind = judgement(code); !kind.empty())
            hits.push_back({l.file, l.number, l.text, kind});
    });
    return hits;
}

TEST(Judging, NoOutputIsComparedWithAKnownAnswerOutsideTheOracle) {
    const std::vector<Hit> hits = scan();
    const AllowListOutcome found = matchAllowList<Hit>(hits, kAllowed, [](const Hit& h) {
        return h.file + ":" + std::to_string(h.line) + " (" + h.kind + "): " + h.text;
    });
    EXPECT_TRUE(found.unlisted.empty())
        << "judge an output with oracle::verify, an oracle::OutputJudge (check, or "
           "expectMessages and checkMessage for many messages) or core::runKat; or, "
           "when the comparison judges no output, add it to kAllowed with the reason:"
        << found.unlisted;
    EXPECT_TRUE(found.stale.empty()) << "kAllowed names comparisons that are gone (drop the entries):"
                                     << found.stale;
}

TEST(Judging, TheScanFindsEachKindOfComparison) {
    // The patterns themselves, so a typo cannot make the scan above pass by finding nothing.
    for (const char* judged :
         {"return got == want ? kExitOk : kExitKatFailed;", "s.matchesModel = s.output == s.model;",
          "const bool matches = r.output == modelOf(op, a, b);", "if (out != expected) return false;",
          "if (out[i] != want[i]) return i;", "ok = referenceOutput(op, in) == out;",
          "if (output == m_expectedCt) {", "if (tag != refTag)", "match = std::memcmp(out, ref, n) == 0;",
          "if (!std::equal(ct.begin(), ct.end(), want))", "std::ranges::equal(a, b)",
          "const auto d = std::mismatch(got.begin(), got.end(), kat.begin());"})
        EXPECT_FALSE(judgement(judged).empty()) << judged;
    for (const char* fine :
         {"if (got.size() == want) break;", "if (size != expected)", "if (bytes.size() != expected)",
          "if (m != model.end()) {", "if (std::find(known.begin(), known.end(), g) == known.end())",
          "s.state == ShardState::Refused", "if (side == Left)",
          "const oracle::Verdict v = oracle::verify(out, want);", "if (a == b) return;", "x = y;",
          "if (kind != MlDsaKind::Ntt)"})
        EXPECT_TRUE(judgement(fine).empty()) << fine;
    EXPECT_EQ(words("refOutput"), (std::vector<std::string>{"ref", "output"}));
    EXPECT_EQ(words("m_expected"), (std::vector<std::string>{"m", "expected"}));
    EXPECT_EQ(words("Refused"), (std::vector<std::string>{"refused"}));
    EXPECT_GT(scan().size(), 3u) << "the scan read the sources";
}

} // namespace
