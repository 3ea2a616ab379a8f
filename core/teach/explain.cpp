#include "core/teach/explain.h"

#include <bit>
#include <cstdio>

#include "core/crypto/asconpermutation.h"
#include "core/crypto/bytes.h"
#include "core/teach/explaindetail.h"
#include "core/teach/substeps.h"

namespace rs::teach {

namespace detail {

std::string hexWord(std::uint64_t v, int digits) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v));
    return buf;
}

std::string hexBytes(const std::vector<std::uint8_t>& bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s;
    s.reserve(2 * bytes.size());
    for (std::uint8_t b : bytes) {
        s += kDigits[b >> 4];
        s += kDigits[b & 0xF];
    }
    return s;
}

const crypto::TraceStep* previous(const crypto::Trace& trace, std::size_t index) {
    return index > 0 ? &trace.steps[index - 1] : nullptr;
}

} // namespace detail

namespace {

using crypto::Trace;
using crypto::TraceStep;
using detail::hexWord;

// One Ascon variant, recognised by the IV word x0 of its "initial state" step (the IVs of asconaead.cpp
// and asconhash.cpp, from both specs).
struct AsconVariant {
    const char* name;
    std::uint64_t iv;
    int rateWords; ///< rate r = 64 * rateWords bits
    bool littleEndian;
    bool aead;
};

constexpr AsconVariant kVariants[] = {
    {"Ascon-128 v1.2", 0x80400c0600000000ull, 1, false, true},
    {"Ascon-128a v1.2", 0x80800c0800000000ull, 2, false, true},
    {"Ascon-AEAD128 (SP 800-232)", 0x00001000808c0001ull, 2, true, true},
    {"Ascon-Hash v1.2", 0x00400c0000000100ull, 1, false, false},
    {"Ascon-Xof v1.2", 0x00400c0000000000ull, 1, false, false},
    {"Ascon-Hash256 (SP 800-232)", 0x0000080100cc0002ull, 1, true, false},
    {"Ascon-XOF128 (SP 800-232)", 0x0000080000cc0003ull, 1, true, false},
    {"Ascon-CXOF128 (SP 800-232)", 0x0000080000cc0004ull, 1, true, false},
};

std::uint64_t word(const std::vector<std::uint8_t>& s, int i) {
    return crypto::loadBe64(s.data() + 8 * i);
}

bool asconState(const TraceStep* s) {
    return s != nullptr && s->state.size() == 40;
}

const AsconVariant* variantOf(const Trace& t) {
    for (const TraceStep& s : t.steps)
        if (s.step == "initial state" && s.state.size() == 40) {
            for (const AsconVariant& v : kVariants)
                if (v.iv == word(s.state, 0)) return &v;
            return nullptr;
        }
    return nullptr;
}

std::string digits(int n, const char* const (&table)[10]) {
    const std::string d = std::to_string(n);
    std::string out;
    for (char c : d)
        out += table[c - '0'];
    return out;
}

std::string sup(int n) {
    static const char* const kSup[10] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    return digits(n, kSup);
}

std::string sub(int n) {
    static const char* const kSub[10] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
    return digits(n, kSub);
}

// The rounds of the permutation call a round step belongs to: its steps share phase and block and
// count up from 1; a step of round 0 (absorb, squeeze, ...) separates two calls.
int permutationRounds(const Trace& t, std::size_t index) {
    const TraceStep& s = t.steps[index];
    int n = s.round;
    for (std::size_t j = index + 1; j < t.steps.size(); ++j) {
        const TraceStep& q = t.steps[j];
        if (q.round <= 0 || q.round < n || q.phase != s.phase || q.block != s.block) break;
        n = q.round;
    }
    return n;
}

// The 5-bit S-box on one column, through the model's own bitsliced p_S on bit 0 of each word.
unsigned asconSbox(unsigned v) {
    std::uint64_t x[5];
    for (int i = 0; i < 5; ++i)
        x[i] = (v >> (4 - i)) & 1u;
    crypto::detail::asconSubstitution(x[0], x[1], x[2], x[3], x[4]);
    unsigned out = 0;
    for (int i = 0; i < 5; ++i)
        out = (out << 1) | static_cast<unsigned>(x[i] & 1u);
    return out;
}

unsigned column(const std::vector<std::uint8_t>& s, int bit) {
    unsigned v = 0;
    for (int i = 0; i < 5; ++i)
        v = (v << 1) | static_cast<unsigned>((word(s, i) >> bit) & 1u);
    return v;
}

// "x3 ⊕= 0x… → 0x…" for every word that the step changed.
std::string changedWords(const std::vector<std::uint8_t>& before, const std::vector<std::uint8_t>& after) {
    std::string out;
    for (int i = 0; i < 5; ++i) {
        const std::uint64_t d = word(before, i) ^ word(after, i);
        if (d == 0) continue;
        if (!out.empty()) out += ", ";
        out += "x" + std::to_string(i) + " ⊕= " + hexWord(d, 16) + " → " + hexWord(word(after, i), 16);
    }
    return out.empty() ? "no word changed" : out;
}

std::string allWords(const std::vector<std::uint8_t>& s) {
    std::string out;
    for (int i = 0; i < 5; ++i)
        out += (i ? ", x" : "x") + std::to_string(i) + " = " + hexWord(word(s, i), 16);
    return out;
}

std::string rateText(const AsconVariant* v) {
    if (v == nullptr) return "the rate";
    return v->rateWords == 1 ? "the rate x0 (r = 64 bits)" : "the rate x0‖x1 (r = 128 bits)";
}

std::string byteOrder(const AsconVariant* v) {
    if (v == nullptr) return "";
    return v->littleEndian ? ", words loaded little-endian" : ", words loaded big-endian";
}

std::string phaseData(std::string_view phase) {
    if (phase == "associated data") return "associated-data block A";
    if (phase == "plaintext") return "plaintext block P";
    if (phase == "ciphertext") return "ciphertext block C";
    if (phase == "customization") return "customization block Z";
    return "message block M";
}

std::optional<std::string> roundStep(const Trace& t, std::size_t index, const TraceStep& st,
                                     const TraceStep& prev) {
    const int n = permutationRounds(t, index);
    const std::string p = "p" + sup(n);
    const std::string where = "round " + std::to_string(st.round) + " of " + p;
    if (st.step == "round constant") {
        const int i = 12 - n + st.round - 1;
        if (i < 0 || i > 11) return std::nullopt;
        const std::uint8_t c = crypto::kAsconRoundConstants[static_cast<std::size_t>(i)];
        return "p_C, " + where + ": x2 ⊕= " + hexWord(c, 2) + " (round constant c" + sub(i) +
               " of v1.2's table, const" + sub(i + 4) + " in SP 800-232; " + p + " uses c" + sub(12 - n) +
               "…c₁₁): x2 = " + hexWord(word(prev.state, 2), 16) + " ⊕ " + hexWord(c, 2) + " = " +
               hexWord(word(prev.state, 2) ^ c, 16);
    }
    if (st.step == "substitution layer") {
        const unsigned in = column(prev.state, 63);
        int changed = 0;
        for (std::size_t b = 0; b < 40; ++b)
            changed += std::popcount(static_cast<unsigned>(prev.state[b] ^ st.state[b]));
        return "p_S, " + where +
               ": the 5-bit S-box on each of the 64 columns (bit j of x0…x4, x0 the MSB); column 63: S(" +
               hexWord(in, 2) + ") = " + hexWord(asconSbox(in), 2) + "; " + std::to_string(changed) +
               " of 320 bits changed";
    }
    if (st.step == "linear diffusion") {
        const std::uint64_t x0 = word(prev.state, 0);
        return "p_L, " + where +
               ": xᵢ ⊕= (xᵢ ⋙ a) ⊕ (xᵢ ⋙ b) with (a, b) = (19, 28), (61, 39), (1, 6), (10, 17), (7, 41) for "
               "x0…x4; x0 = " +
               hexWord(x0, 16) + " → " + hexWord(x0 ^ std::rotr(x0, 19) ^ std::rotr(x0, 28), 16);
    }
    return std::nullopt;
}

std::optional<std::string> initialState(const Trace& t, const TraceStep& st) {
    const AsconVariant* v = variantOf(t);
    const std::uint64_t iv = word(st.state, 0);
    if (v != nullptr && !v->aead)
        return "S = IV ‖ 0²⁵⁶ (" + std::string(v->name) + "): x0 = IV = " + hexWord(iv, 16) +
               ", x1…x4 = 0; then p¹²";
    const std::string name =
        v != nullptr ? std::string(v->name) : "IV " + hexWord(iv, 16) + ", variant unknown";
    return "S = IV ‖ K ‖ N (" + name + byteOrder(v) + "): x0 = IV = " + hexWord(iv, 16) +
           ", x1‖x2 = K = " + hexWord(word(st.state, 1), 16) + "‖" + hexWord(word(st.state, 2), 16) +
           ", x3‖x4 = N = " + hexWord(word(st.state, 3), 16) + "‖" + hexWord(word(st.state, 4), 16) +
           "; then p¹²";
}

// K₀, K₁ as the variant loads the key (the step's round key holds the 16 key bytes).
std::optional<std::pair<std::uint64_t, std::uint64_t>> keyWords(const AsconVariant* v, const TraceStep& st) {
    if (v == nullptr || st.roundKey.size() != 16) return std::nullopt;
    const std::uint8_t* k = st.roundKey.data();
    if (v->littleEndian) return std::pair{crypto::loadLe64(k), crypto::loadLe64(k + 8)};
    return std::pair{crypto::loadBe64(k), crypto::loadBe64(k + 8)};
}

std::optional<std::string> keyAddition(const Trace& t, const TraceStep& st, const TraceStep& prev) {
    const AsconVariant* v = variantOf(t);
    const auto k = keyWords(v, st);
    const bool init = st.phase == "initialization";
    // Initialization: S ⊕= 0¹⁹² ‖ K after p^a; finalization: S ⊕= 0^r ‖ K ‖ 0^(256−r) before p^a.
    const int w = init ? 3 : (v != nullptr ? v->rateWords : -1);
    const std::string formula =
        init ? "after p¹²: S ⊕= 0¹⁹² ‖ K"
             : "before p¹²: S ⊕= 0ʳ ‖ K ‖ 0²⁵⁶⁻ʳ (r = " +
                   (v != nullptr ? std::to_string(64 * v->rateWords) : std::string("?")) + ")";
    if (!k || w < 0) return formula + ": " + changedWords(prev.state, st.state);
    const std::string a = "x" + std::to_string(w), b = "x" + std::to_string(w + 1);
    return formula + ": " + a + " ⊕= K₀ = " + hexWord(k->first, 16) + " → " +
           hexWord(word(prev.state, w) ^ k->first, 16) + ", " + b + " ⊕= K₁ = " + hexWord(k->second, 16) +
           " → " + hexWord(word(prev.state, w + 1) ^ k->second, 16);
}

std::optional<std::string> dataStep(const Trace& t, const TraceStep& st, const TraceStep& prev) {
    const AsconVariant* v = variantOf(t);
    const std::string blk = phaseData(st.phase) + sub(st.block < 0 ? 0 : st.block);
    const bool last = st.step == "pad and absorb";
    const std::string pad = !last             ? ""
                            : v == nullptr    ? ", padded with one 1 bit"
                            : v->littleEndian ? ", padded with one 1 bit (byte 0x01 after the data)"
                                              : ", padded with one 1 bit (byte 0x80 after the data)";
    const std::string what = (last ? "last " : "") + blk + pad + byteOrder(v);
    if (st.phase == "plaintext")
        return what + ": C = P ⊕ " + rateText(v) +
               ", the rate keeps C: " + changedWords(prev.state, st.state);
    if (st.phase == "ciphertext")
        return what + ": P = C ⊕ " + rateText(v) +
               ", the rate takes C: " + changedWords(prev.state, st.state);
    return what + " XORed into " + rateText(v) + ": " + changedWords(prev.state, st.state);
}

std::optional<std::string> tag(const Trace& t, const TraceStep& st) {
    const AsconVariant* v = variantOf(t);
    std::vector<std::uint8_t> bytes(16);
    const bool le = v != nullptr && v->littleEndian;
    for (int i = 0; i < 2; ++i) {
        if (le)
            crypto::storeLe64(bytes.data() + 8 * i, word(st.state, 3 + i));
        else
            crypto::storeBe64(bytes.data() + 8 * i, word(st.state, 3 + i));
    }
    return std::string("after p¹²: T = (x3 ⊕ K₀) ‖ (x4 ⊕ K₁): x3 = ") + hexWord(word(st.state, 3), 16) +
           ", x4 = " + hexWord(word(st.state, 4), 16) + " → tag bytes " + detail::hexBytes(bytes) +
           (le ? " (words stored little-endian)" : " (words stored big-endian)");
}

std::optional<std::string> squeeze(const Trace& t, const TraceStep& st) {
    const AsconVariant* v = variantOf(t);
    std::vector<std::uint8_t> bytes(8);
    if (v != nullptr && v->littleEndian)
        crypto::storeLe64(bytes.data(), word(st.state, 0));
    else
        crypto::storeBe64(bytes.data(), word(st.state, 0));
    return "output block H" + sub(st.block < 0 ? 0 : st.block) + " = x0 = " + hexWord(word(st.state, 0), 16) +
           " (bytes " + detail::hexBytes(bytes) + "); p¹² runs between output blocks";
}

} // namespace

namespace detail {

std::optional<std::string> explainAscon(const Trace& t, std::size_t index) {
    const TraceStep& st = t.steps[index];
    const TraceStep* prev = previous(t, index);
    if (st.state.size() != 40) return std::nullopt;
    if (st.round > 0) return asconState(prev) ? roundStep(t, index, st, *prev) : std::nullopt;
    if (st.step == "input" && st.phase == "permutation") {
        const int n = index + 1 < t.steps.size() ? permutationRounds(t, index + 1) : 0;
        return "input of p" + sup(n) + " (320-bit state, five 64-bit words): " + allWords(st.state);
    }
    if (st.step == "initial state") return initialState(t, st);
    if (st.step == "tag" && st.phase == "finalization") return tag(t, st);
    if (st.step == "squeeze" && st.phase == "squeeze") return squeeze(t, st);
    if (!asconState(prev)) return std::nullopt;
    if (st.step == "key addition" && (st.phase == "initialization" || st.phase == "finalization"))
        return keyAddition(t, st, *prev);
    if (st.step == "domain separation" && st.phase == "associated data") {
        const AsconVariant* v = variantOf(t);
        const std::string which = v == nullptr      ? ""
                                  : v->littleEndian ? " (SP 800-232: the MSB of x4)"
                                                    : " (v1.2: the LSB of x4)";
        return "domain separation after the associated data, even when it is empty" + which + ": " +
               changedWords(prev->state, st.state);
    }
    if (st.step == "absorb length" && st.phase == "customization")
        return "CXOF128: x0 ⊕= |Z| in bits = " + std::to_string(word(prev->state, 0) ^ word(st.state, 0)) +
               " → x0 = " + hexWord(word(st.state, 0), 16) + "; then p¹²";
    const bool dataPhase = st.phase == "associated data" || st.phase == "plaintext" ||
                           st.phase == "ciphertext" || st.phase == "customization" || st.phase == "absorb";
    if (dataPhase && (st.step == "absorb" || st.step == "pad and absorb")) return dataStep(t, st, *prev);
    return std::nullopt;
}

} // namespace detail

std::string explainStep(const crypto::Trace& trace, std::size_t index) {
    if (index >= trace.steps.size())
        throw crypto::InvalidArgument("step " + std::to_string(index) + " is past the trace's " +
                                      std::to_string(trace.steps.size()) + " steps");
    const TraceStep& st = trace.steps[index];
    std::optional<std::string> text;
    const std::string& layout = trace.layout.name;
    if (layout.rfind("ascon", 0) == 0)
        text = detail::explainAscon(trace, index);
    else if (layout.rfind("lea", 0) == 0)
        text = detail::explainLea(trace, index);
    else if (layout.rfind("skinny", 0) == 0)
        text = detail::explainSkinny(trace, index);
    else if (layout.rfind("mldsa", 0) == 0)
        text = detail::explainMlDsa(trace, index);
    else if (layout.rfind("keccak", 0) == 0)
        text = detail::explainKeccak(trace, index);
    if (text) return *text;
    std::string fallback = st.step + " (" + st.phase;
    if (st.round > 0) fallback += ", round " + std::to_string(st.round);
    return fallback + ")";
}

bool isExplained(const crypto::Trace& trace, std::size_t index) {
    if (index >= trace.steps.size()) return false;
    const std::string& layout = trace.layout.name;
    if (layout.rfind("ascon", 0) == 0) return detail::explainAscon(trace, index).has_value();
    if (layout.rfind("lea", 0) == 0) return detail::explainLea(trace, index).has_value();
    if (layout.rfind("skinny", 0) == 0) return detail::explainSkinny(trace, index).has_value();
    if (layout.rfind("mldsa", 0) == 0) return detail::explainMlDsa(trace, index).has_value();
    if (layout.rfind("keccak", 0) == 0) return detail::explainKeccak(trace, index).has_value();
    return false;
}

const std::vector<StepKind>& explainedStepKinds() {
    static const std::vector<StepKind> kinds = [] {
        std::vector<StepKind> k;
        for (const char* s : {"round constant", "substitution layer", "linear diffusion"})
            k.push_back({"ascon", "", s});
        const std::pair<const char*, const char*> ascon[] = {{"permutation", "input"},
                                                             {"initialization", "initial state"},
                                                             {"initialization", "key addition"},
                                                             {"associated data", "absorb"},
                                                             {"associated data", "pad and absorb"},
                                                             {"associated data", "domain separation"},
                                                             {"plaintext", "absorb"},
                                                             {"plaintext", "pad and absorb"},
                                                             {"ciphertext", "absorb"},
                                                             {"ciphertext", "pad and absorb"},
                                                             {"finalization", "key addition"},
                                                             {"finalization", "tag"},
                                                             {"customization", "absorb length"},
                                                             {"customization", "absorb"},
                                                             {"customization", "pad and absorb"},
                                                             {"absorb", "absorb"},
                                                             {"absorb", "pad and absorb"},
                                                             {"squeeze", "squeeze"}};
        for (const auto& [phase, step] : ascon)
            k.push_back({"ascon", phase, step});
        for (const char* phase : {"encryption", "decryption"})
            for (const char* step : {"input", "round"})
                k.push_back({"lea", phase, step});
        for (std::string_view s : {kLeaKeyXor, kLeaAddition, kLeaRotations, kLeaWordRotation})
            k.push_back({"lea", "encryption", std::string(s)});
        for (const char* s :
             {"input", "SubCells", "AddConstants", "AddRoundTweakey", "ShiftRows", "MixColumns"})
            k.push_back({"skinny", "encryption", s});
        for (const char* s : {"input", "inverse MixColumns", "inverse ShiftRows", "AddRoundTweakey",
                              "AddConstants", "inverse SubCells"})
            k.push_back({"skinny", "decryption", s});
        for (auto& [phase, step] : detail::mldsaStepKinds())
            k.push_back({"mldsa", std::move(phase), std::move(step)});
        for (const char* s : {"input", "θ theta", "ρ rho", "π pi", "χ chi", "ι iota"})
            k.push_back({"keccak", "Keccak-f[1600]", s});
        for (std::string_view s : {kKeccakTheta, kKeccakRho, kKeccakChi})
            for (int i = 0; i < 5; ++i)
                k.push_back({"keccak", "Keccak-f[1600]", keccakSubstepName(s, i)});
        return k;
    }();
    return kinds;
}

} // namespace rs::teach
