#include "core/teach/practice.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <regex>

#include "core/teach/bitmoves.h"
#include "core/teach/practicerules.h"

namespace rs::teach {

namespace {

enum class Family { Ascon, Lea, Skinny, MlDsa, Other };

Family familyOf(const crypto::StateLayout& l) {
    const auto starts = [&](const char* p) { return l.name.rfind(p, 0) == 0; };
    if (starts("ascon")) return Family::Ascon;
    if (starts("lea")) return Family::Lea;
    if (starts("skinny")) return Family::Skinny;
    if (starts("mldsa")) return Family::MlDsa;
    return Family::Other;
}

bool bitOf(const std::vector<std::uint8_t>& bytes, int i) {
    const auto byte = static_cast<std::size_t>(i / 8);
    return byte < bytes.size() && ((bytes[byte] >> (7 - i % 8)) & 1) != 0;
}

int stateBits(const crypto::StateLayout& l) {
    return l.rows * l.cols * l.cellBits;
}

// A run of n state bits starting at `first`, MSB first.
std::vector<int> span(int first, int n) {
    std::vector<int> v(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
        v[static_cast<std::size_t>(k)] = first + k;
    return v;
}

// LEA's word X[i] is stored little-endian: word bit b lives in byte 4i + b/8.
std::vector<int> leaWord(int i) {
    std::vector<int> v;
    for (int b = 31; b >= 0; --b)
        v.push_back(8 * (4 * i + b / 8) + (7 - b % 8));
    return v;
}

PracticeCell asconWord(int r) {
    return {"x" + std::to_string(r), span(64 * r, 64)};
}
PracticeCell gridCell(const crypto::StateLayout& l, int c) {
    return {(familyOf(l) == Family::MlDsa ? "coefficient " : "cell ") + std::to_string(c),
            span(c * l.cellBits, l.cellBits)};
}

std::string roundWords(const crypto::Trace& t, std::size_t step) {
    const crypto::TraceStep& s = t.steps[step];
    std::string w = s.round > 0 ? "round " + std::to_string(s.round) + "'s " : "";
    return w + s.step;
}

void need(bool ok, const std::string& why) {
    if (!ok) throw PracticeError(why);
}

void inRange(int index, int count, const std::string& what) {
    need(index >= 0 && index < count,
         what + " " + std::to_string(index) + " does not exist (0.." + std::to_string(count - 1) + ")");
}

// The butterfly partner of coefficient i at an ML-DSA step: from "(a, b)" in a sub-step's name, or from
// "(len N)" in a layer's name.
int pairPartner(const crypto::TraceStep& s, int i) {
    std::smatch m;
    static const std::regex pair(R"(\((\d+), (\d+)\))"), len(R"(\(len (\d+)\))");
    if (std::regex_search(s.step, m, pair)) {
        const int a = std::stoi(m[1]), b = std::stoi(m[2]);
        need(i == a || i == b, "this step is the butterfly (" + std::to_string(a) + ", " + std::to_string(b) +
                                   "): the practice index must be " + std::to_string(a) + " or " +
                                   std::to_string(b));
        return i == a ? b : a;
    }
    if (std::regex_search(s.step, m, len)) return i ^ std::stoi(m[1]);
    throw PracticeError("'" + s.step + "' is not a butterfly layer: a pair needs an NTT or NTT⁻¹ layer step");
}

std::string digitsOf(std::uint64_t v, int bits, EntryFormat f) {
    if (f == EntryFormat::Decimal) return std::to_string(v);
    std::string out;
    if (f == EntryFormat::Binary) {
        for (int k = bits - 1; k >= 0; --k)
            out += ((v >> k) & 1) ? '1' : '0';
        return out;
    }
    static const char* hex = "0123456789ABCDEF";
    for (int k = (bits + 3) / 4 - 1; k >= 0; --k)
        out += hex[(v >> (4 * k)) & 0xF];
    return out;
}

std::uint64_t cellValue(const std::vector<std::uint8_t>& state, const PracticeCell& c) {
    std::uint64_t v = 0;
    for (int b : c.bits)
        v = (v << 1) | (bitOf(state, b) ? 1U : 0U);
    return v;
}

int width(const PracticeCell& c, EntryFormat f) {
    const int n = static_cast<int>(c.bits.size());
    return f == EntryFormat::Binary ? n : (n + 3) / 4;
}

int digitValue(char ch, EntryFormat f) {
    const int base = f == EntryFormat::Binary ? 2 : f == EntryFormat::Hex ? 16 : 10;
    int d = -1;
    if (ch >= '0' && ch <= '9')
        d = ch - '0';
    else if (ch >= 'a' && ch <= 'f')
        d = ch - 'a' + 10;
    else if (ch >= 'A' && ch <= 'F')
        d = ch - 'A' + 10;
    return d >= 0 && d < base ? d : -1;
}

std::string formatName(EntryFormat f) {
    return f == EntryFormat::Binary ? "binary" : f == EntryFormat::Hex ? "hex" : "decimal";
}

// The entry's values, one per cell; throws PracticeError with the student's mistake in words.
std::vector<std::uint64_t> parseEntry(const PracticeTarget& t, std::string_view entry) {
    std::vector<std::string> tokens;
    std::string cur;
    for (char ch : entry) {
        if (std::isspace(static_cast<unsigned char>(ch)) || ch == ',' || ch == ';') {
            if (!cur.empty()) tokens.push_back(cur);
            cur.clear();
        } else if (!(ch == '_' || ch == ':')) {
            cur += ch;
        }
    }
    if (!cur.empty()) tokens.push_back(cur);
    if (tokens.empty()) throw PracticeError("nothing entered: " + t.entryHelp);
    for (std::string& tok : tokens)
        if (t.format == EntryFormat::Hex && tok.size() > 2 && tok[0] == '0' &&
            (tok[1] == 'x' || tok[1] == 'X'))
            tok.erase(0, 2);
    const std::size_t n = t.cells.size();
    std::vector<std::uint64_t> values;
    const auto read = [&](const std::string& digits, const PracticeCell& c) {
        std::uint64_t v = 0;
        for (char ch : digits) {
            const int d = digitValue(ch, t.format);
            if (d < 0)
                throw PracticeError("'" + std::string(1, ch) + "' in " + c.label + " is not a " +
                                    formatName(t.format) + " digit");
            const int base = t.format == EntryFormat::Binary ? 2 : t.format == EntryFormat::Hex ? 16 : 10;
            if (v > (~std::uint64_t{0} - static_cast<std::uint64_t>(d)) / static_cast<std::uint64_t>(base))
                throw PracticeError(c.label + " is too large");
            v = v * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
        }
        const int bits = static_cast<int>(c.bits.size());
        if (bits < 64 && v >> bits)
            throw PracticeError(c.label + " = " + digits + " does not fit in " + std::to_string(bits) +
                                " bits");
        values.push_back(v);
    };
    if (tokens.size() == n) {
        for (std::size_t i = 0; i < n; ++i) {
            if (t.format != EntryFormat::Decimal &&
                static_cast<int>(tokens[i].size()) > width(t.cells[i], t.format))
                throw PracticeError(t.cells[i].label + " has " + std::to_string(tokens[i].size()) +
                                    " digits, at most " + std::to_string(width(t.cells[i], t.format)) +
                                    " fit");
            read(tokens[i], t.cells[i]);
        }
        return values;
    }
    if (t.format != EntryFormat::Decimal) {
        std::string all;
        for (const std::string& tok : tokens)
            all += tok;
        std::size_t total = 0;
        for (const PracticeCell& c : t.cells)
            total += static_cast<std::size_t>(width(c, t.format));
        if (all.size() == total) {
            std::size_t at = 0;
            for (const PracticeCell& c : t.cells) {
                const auto w = static_cast<std::size_t>(width(c, t.format));
                read(all.substr(at, w), c);
                at += w;
            }
            return values;
        }
        throw PracticeError("expected " + std::to_string(n) + " values (" + std::to_string(total) + " " +
                            formatName(t.format) + " digits in all), got " + std::to_string(tokens.size()) +
                            " values with " + std::to_string(all.size()) + " digits: " + t.entryHelp);
    }
    throw PracticeError("expected " + std::to_string(n) + " numbers, got " + std::to_string(tokens.size()) +
                        ": " + t.entryHelp);
}

std::string bitText(bool b) {
    return b ? "1" : "0";
}

// Ascon's S-box, output bit r of one column, evaluated as its algebraic normal form (kAsconSboxAnf).
using AnfEval = bool (*)(const bool* x);
const AnfEval kAsconAnfEval[5] = {
    [](const bool* x) {
        return ((x[4] & x[1]) ^ x[3] ^ (x[2] & x[1]) ^ x[2] ^ (x[1] & x[0]) ^ x[1] ^ x[0]) != 0;
    },
    [](const bool* x) {
        return (x[4] ^ (x[3] & x[2]) ^ (x[3] & x[1]) ^ x[3] ^ (x[2] & x[1]) ^ x[2] ^ x[1] ^ x[0]) != 0;
    },
    [](const bool* x) { return ((x[4] & x[3]) ^ x[4] ^ x[2] ^ x[1] ^ 1) != 0; },
    [](const bool* x) { return ((x[4] & x[0]) ^ x[4] ^ (x[3] & x[0]) ^ x[3] ^ x[2] ^ x[1] ^ x[0]) != 0; },
    [](const bool* x) { return ((x[4] & x[1]) ^ x[4] ^ x[3] ^ (x[1] & x[0]) ^ x[1]) != 0; },
};

std::string asconSboxFormula(const std::vector<std::uint8_t>& before, int bit) {
    const int r = bit / 64, col = bit % 64;
    bool x[5];
    std::string values;
    for (int k = 0; k < 5; ++k) {
        x[k] = bitOf(before, 64 * k + col);
        values += bitText(x[k]);
    }
    return "S-box on column " + std::to_string(col) + " (x0..x4 = " + values + " before): x" +
           std::to_string(r) + "' = " + kAsconSboxAnf[r] + " = " + bitText(kAsconAnfEval[r](x));
}

// SKINNY's MixColumns: the rows of the column before that each output row XORs.
const std::vector<int> kMixRows[4] = {{0, 2, 3}, {0}, {1, 2}, {0, 2}};

std::string xorFormula(const crypto::StateLayout& l, const std::vector<std::uint8_t>& before,
                       const std::vector<int>& sources, const std::string& op) {
    std::string names, values;
    bool v = false;
    for (int s : sources) {
        names += (names.empty() ? "" : " ⊕ ") + stateBitName(l, s);
        values += (values.empty() ? "" : " ⊕ ") + bitText(bitOf(before, s));
        v = v != bitOf(before, s);
    }
    std::string out = names + " before " + op;
    if (sources.size() > 1) out += " = " + values;
    return out + " = " + bitText(v);
}

} // namespace

std::vector<int> PracticeTarget::allBits() const {
    std::vector<int> v;
    for (const PracticeCell& c : cells)
        v.insert(v.end(), c.bits.begin(), c.bits.end());
    return v;
}

std::string stateBitName(const crypto::StateLayout& l, int bit) {
    switch (familyOf(l)) {
    case Family::Ascon:
        return "x" + std::to_string(bit / 64) + " bit " + std::to_string(63 - bit % 64);
    case Family::Lea: {
        const int byte = bit / 8;
        return "X[" + std::to_string(byte / 4) + "] bit " + std::to_string(8 * (byte % 4) + 7 - bit % 8);
    }
    case Family::Skinny:
    case Family::MlDsa:
        if (l.cellBits > 0)
            return (familyOf(l) == Family::MlDsa ? "coefficient " : "cell ") +
                   std::to_string(bit / l.cellBits) + " bit " +
                   std::to_string(l.cellBits - 1 - bit % l.cellBits);
        break;
    case Family::Other:
        break;
    }
    return "bit " + std::to_string(bit);
}

PracticeTarget practiceTarget(const crypto::Trace& trace, std::size_t step, const LessonPractice& p) {
    need(step < trace.steps.size(), "step " + std::to_string(step) + " is past the trace's " +
                                        std::to_string(trace.steps.size()) + " steps");
    need(step > 0, "step 0 is the input: there is nothing to compute yet (choose a later step)");
    const crypto::StateLayout& l = trace.layout;
    const Family fam = familyOf(l);
    PracticeTarget t;
    t.step = step;
    const std::string after = " after " + roundWords(trace, step);
    const std::string part = practicePartName(p.part);
    const auto wrongCipher = [&](const char* fits) {
        return PracticeError("a '" + part + "' part fits " + fits + ", not the " + l.name + " state");
    };
    switch (p.part) {
    case PracticePart::State:
        if (fam == Family::Ascon) {
            for (int r = 0; r < 5; ++r)
                t.cells.push_back(asconWord(r));
            t.entryHelp = "x0 x1 x2 x3 x4, 16 hex digits each";
        } else if (fam == Family::Lea) {
            for (int i = 0; i < 4; ++i)
                t.cells.push_back({"X[" + std::to_string(i) + "]", leaWord(i)});
            t.entryHelp = "X[0] X[1] X[2] X[3], 8 hex digits each (the word's value)";
        } else if (fam == Family::Skinny || fam == Family::MlDsa) {
            for (int c = 0; c < l.rows * l.cols; ++c)
                t.cells.push_back(gridCell(l, c));
            t.entryHelp = fam == Family::MlDsa ? "the 256 coefficients in decimal, in order"
                                               : "the 16 cells row by row, " +
                                                     std::to_string(l.cellBits / 4) + " hex digit(s) each";
        } else {
            need(stateBits(l) > 0, "the " + l.name + " state has no layout to practise on");
            for (int c = 0; c < l.rows * l.cols; ++c)
                t.cells.push_back({"cell " + std::to_string(c), span(c * l.cellBits, l.cellBits)});
            t.entryHelp = "every cell in hex";
        }
        t.format = fam == Family::MlDsa ? EntryFormat::Decimal : EntryFormat::Hex;
        t.description = "the whole state" + after;
        break;
    case PracticePart::SboxColumn:
        if (fam != Family::Ascon) throw wrongCipher("Ascon");
        inRange(p.index, 64, "column");
        for (int r = 0; r < 5; ++r)
            t.cells.push_back({"x" + std::to_string(r), {64 * r + p.index}});
        t.format = EntryFormat::Binary;
        t.entryHelp = "5 binary digits: x0 x1 x2 x3 x4";
        t.description = "column " + std::to_string(p.index) + " (bit " + std::to_string(63 - p.index) +
                        " of x0..x4)" + after;
        break;
    case PracticePart::Row:
        if (fam == Family::Ascon) {
            inRange(p.index, 5, "word x");
            t.cells.push_back(asconWord(p.index));
            t.entryHelp = "16 hex digits";
            t.description = "word x" + std::to_string(p.index) + after;
        } else if (fam == Family::Skinny || fam == Family::MlDsa) {
            inRange(p.index, l.rows, "row");
            for (int c = 0; c < l.cols; ++c)
                t.cells.push_back(gridCell(l, p.index * l.cols + c));
            t.entryHelp = fam == Family::MlDsa
                              ? "16 coefficients in decimal"
                              : "4 cells, " + std::to_string(l.cellBits / 4) + " hex digit(s) each";
            t.description = "row " + std::to_string(p.index) + after;
        } else {
            throw wrongCipher("Ascon, SKINNY and ML-DSA");
        }
        t.format = fam == Family::MlDsa ? EntryFormat::Decimal : EntryFormat::Hex;
        break;
    case PracticePart::Column:
        if (fam != Family::Skinny) throw wrongCipher("SKINNY");
        inRange(p.index, l.cols, "column");
        for (int r = 0; r < l.rows; ++r)
            t.cells.push_back(gridCell(l, r * l.cols + p.index));
        t.format = EntryFormat::Hex;
        t.entryHelp = "4 cells top to bottom, " + std::to_string(l.cellBits / 4) + " hex digit(s) each";
        t.description = "column " + std::to_string(p.index) + after;
        break;
    case PracticePart::Word:
        if (fam != Family::Lea) throw wrongCipher("LEA");
        inRange(p.index, 4, "word X[i], i =");
        t.cells.push_back({"X[" + std::to_string(p.index) + "]", leaWord(p.index)});
        t.format = EntryFormat::Hex;
        t.entryHelp = "8 hex digits (the word's value)";
        t.description = "word X[" + std::to_string(p.index) + "]" + after;
        break;
    case PracticePart::Pair: {
        if (fam != Family::MlDsa) throw wrongCipher("ML-DSA's NTT and NTT⁻¹");
        inRange(p.index, l.rows * l.cols, "coefficient");
        const int partner = pairPartner(trace.steps[step], p.index);
        inRange(partner, l.rows * l.cols, "partner coefficient");
        const int a = std::min(p.index, partner), b = std::max(p.index, partner);
        t.cells = {gridCell(l, a), gridCell(l, b)};
        t.format = EntryFormat::Decimal;
        t.entryHelp = "2 coefficients in decimal: a[" + std::to_string(a) + "] a[" + std::to_string(b) + "]";
        t.description = "the butterfly pair (" + std::to_string(a) + ", " + std::to_string(b) + ")" + after;
        break;
    }
    }
    const int total = stateBits(l);
    for (int b : t.allBits())
        need(b < total, "the part reaches past the " + l.name + " state");
    return t;
}

PracticeCheck checkPractice(const crypto::Trace& trace, const PracticeTarget& t, std::string_view entry) {
    PracticeCheck r;
    std::vector<std::uint64_t> values;
    try {
        values = parseEntry(t, entry);
    } catch (const PracticeError& e) {
        r.parseError = e.what();
        return r;
    }
    const std::vector<std::uint8_t>& state = trace.steps.at(t.step).state;
    for (std::size_t c = 0; c < t.cells.size(); ++c) {
        const PracticeCell& cell = t.cells[c];
        const int n = static_cast<int>(cell.bits.size());
        bool cellWrong = false;
        for (int k = 0; k < n; ++k) {
            const bool entered = ((values[c] >> (n - 1 - k)) & 1) != 0;
            const int b = cell.bits[static_cast<std::size_t>(k)];
            ++r.checkedBits;
            if (entered != bitOf(state, b)) {
                r.wrongBits.push_back(b);
                cellWrong = true;
            }
        }
        if (cellWrong) r.wrongCells.push_back(static_cast<int>(c));
    }
    std::sort(r.wrongBits.begin(), r.wrongBits.end());
    for (std::size_t i = 0; i < r.wrongBits.size() && i < kFeedbackLines; ++i) {
        const int b = r.wrongBits[i];
        r.feedback.push_back(stateBitName(trace.layout, b) + ": you wrote " + bitText(!bitOf(state, b)) +
                             ". " + bitFormula(trace, t.step, b));
    }
    if (r.wrongBits.size() > kFeedbackLines)
        r.feedback.push_back("… and " + std::to_string(r.wrongBits.size() - kFeedbackLines) +
                             " more wrong bits");
    return r;
}

std::string practiceAnswer(const crypto::Trace& trace, const PracticeTarget& t) {
    // Single-bit cells (an S-box column) read best as one binary word: "01101".
    const bool joined =
        std::all_of(t.cells.begin(), t.cells.end(), [](const PracticeCell& c) { return c.bits.size() == 1; });
    std::string out;
    for (const PracticeCell& c : t.cells)
        out += (out.empty() || joined ? "" : " ") + digitsOf(cellValue(trace.steps.at(t.step).state, c),
                                                             static_cast<int>(c.bits.size()), t.format);
    return out;
}

std::vector<std::string> practiceHints(const crypto::Trace& trace, const PracticeTarget& t) {
    const std::vector<std::uint8_t>& before = trace.steps.at(t.step - 1).state;
    std::string inputs;
    for (const PracticeCell& c : t.cells)
        inputs += (inputs.empty() ? "" : ", ") + c.label + " = " +
                  digitsOf(cellValue(before, c), static_cast<int>(c.bits.size()), t.format);
    const PracticeCell& first = t.cells.front();
    return {"The step (" + trace.steps.at(t.step).step + "): " + stepRule(trace, t.step),
            "Before this step: " + inputs,
            "The first value: " + first.label + " = " +
                digitsOf(cellValue(trace.steps.at(t.step).state, first), static_cast<int>(first.bits.size()),
                         t.format)};
}

std::string bitFormula(const crypto::Trace& trace, std::size_t step, int bit) {
    const crypto::StateLayout& l = trace.layout;
    const std::string name = stateBitName(l, bit);
    if (step >= trace.steps.size()) return name;
    const bool now = bitOf(trace.steps[step].state, bit);
    if (step == 0) return name + " = " + bitText(now) + " (the input)";
    const std::vector<std::uint8_t>& before = trace.steps[step - 1].state;
    const crypto::TraceStep& s = trace.steps[step];
    const Family fam = familyOf(l);
    if (fam == Family::Ascon && s.step == "substitution layer") return asconSboxFormula(before, bit);
    const BitMoves moves = bitMovesFor(trace, step);
    if (!moves.empty()) {
        std::vector<int> sources;
        for (const BitMove& m : moves.sourcesOf(bit))
            sources.push_back(m.from);
        if (!sources.empty()) return name + " = " + xorFormula(l, before, sources, moves.operation);
    }
    if (fam == Family::Skinny && s.step == "MixColumns" && l.cellBits > 0) {
        const int cell = bit / l.cellBits, offset = bit % l.cellBits;
        const int row = cell / l.cols, col = cell % l.cols;
        std::vector<int> sources;
        for (int src : kMixRows[row])
            sources.push_back((src * l.cols + col) * l.cellBits + offset);
        return name + " = " + xorFormula(l, before, sources, "MixColumns");
    }
    return name + " = " + bitText(now) + ". The step: " + stepRule(trace, step);
}

void validatePractice(const Lesson& lesson, const crypto::Trace& trace) {
    for (std::size_t i = 0; i < lesson.stops.size(); ++i) {
        const LessonStop& s = lesson.stops[i];
        if (!s.practice) continue;
        try {
            practiceTarget(trace, static_cast<std::size_t>(s.step), *s.practice);
        } catch (const PracticeError& e) {
            throw LessonError("stops[" + std::to_string(i) + "].practice: " + e.what());
        }
    }
}

} // namespace rs::teach
