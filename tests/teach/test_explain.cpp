// explainStep: every step of every trace the project produces gets a formula with this run's values,
// and the values agree with the trace itself and with the specs' tables.
#include <bit>
#include <set>
#include <tuple>

#include "core/crypto/asconaead.h"
#include "core/crypto/asconhash.h"
#include "core/oracle/algorithms.h"
#include "core/teach/explain.h"
#include "core/teach/mldsasignsteps.h"
#include "core/teach/substeps.h"
#include "tests/teach/teachtest.h"

namespace {

using namespace rs;
using rs::crypto::Bytes;
using rs::crypto::Trace;
using rs::test::asconWord;
using rs::test::hx;
using rs::test::leaWord;
using rs::test::runDefault;

std::string family(const Trace& t) {
    const std::string& n = t.layout.name;
    return n.rfind("ascon", 0) == 0    ? "ascon"
           : n.rfind("lea", 0) == 0    ? "lea"
           : n.rfind("mldsa", 0) == 0  ? "mldsa"
           : n.rfind("keccak", 0) == 0 ? "keccak"
                                       : "skinny";
}

Bytes counting(std::size_t n, std::uint8_t start) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(start + i);
    return b;
}

// Every kind of trace: each explorer algorithm (defaults and longer AEAD data, so full blocks are
// absorbed), AEAD and block decryption, every hash and XOF (two output blocks), CXOF with a
// customization string, the LEA sub-step expansion, and the ML-DSA transforms at butterfly granularity.
std::vector<Trace> everyTrace() {
    std::vector<Trace> traces;
    for (const auto& alg : sessions::explorerAlgorithms()) {
        traces.push_back(runDefault(alg.id).trace);
        if (traces.back().layout.encoding == "keccak-lanes-le") // and θ, ρ, χ's sub-steps
            traces.push_back(teach::expandSubsteps(traces.back()));
        if (alg.kind == sessions::ExplorerKind::Transform) // and every butterfly step
            traces.push_back(
                sessions::runExplorer(alg, test::defaultInputs(alg), 0, sessions::ExplorerDetail::Substeps)
                    .trace);
        if (alg.kind == sessions::ExplorerKind::Aead)
            traces.push_back(
                runDefault(alg.id, 0, {{"ad", counting(37, 0x30)}, {"pt", counting(41, 0x20)}}).trace);
        if (alg.kind == sessions::ExplorerKind::Block) {
            const auto* reg = oracle::findBlock(alg.id);
            const auto in = test::defaultInputs(alg);
            const auto cipher = reg->make(in.at("key"), 0);
            Bytes out(reg->blockBytes);
            Trace dec;
            cipher->decryptBlockTraced(in.at("pt").data(), out.data(), dec);
            traces.push_back(dec);
            if (alg.id.rfind("lea", 0) == 0)
                traces.push_back(teach::expandLeaSubsteps(traces[traces.size() - 2]));
        }
    }
    for (auto v : {crypto::AsconAeadVariant::Ascon128v12, crypto::AsconAeadVariant::Ascon128av12,
                   crypto::AsconAeadVariant::AsconAead128}) {
        const Bytes key = counting(16, 0), nonce = counting(16, 0x10), ad = counting(20, 0x30);
        const auto r = crypto::asconEncrypt(v, key, nonce, ad, counting(33, 0x20));
        Trace t;
        EXPECT_TRUE(crypto::asconDecryptTraced(v, key, nonce, ad, r.ct, r.tag, t));
        traces.push_back(t);
    }
    for (auto v : {crypto::AsconHashVariant::Hashv12, crypto::AsconHashVariant::Xofv12,
                   crypto::AsconHashVariant::Hash256, crypto::AsconHashVariant::Xof128}) {
        Trace t;
        crypto::asconHashTraced(v, counting(19, 1), 32, t);
        traces.push_back(t);
    }
    Trace cx;
    crypto::asconCxof128Traced(counting(19, 1), counting(11, 0x40), 20, cx);
    traces.push_back(cx);
    return traces;
}

TEST(Explain, EveryStepOfEveryTraceHasAFormulaAndEveryKindIsListed) {
    std::set<std::tuple<std::string, std::string, std::string>> seen;
    for (const Trace& t : everyTrace()) {
        ASSERT_FALSE(t.steps.empty());
        for (std::size_t i = 0; i < t.steps.size(); ++i) {
            const auto& st = t.steps[i];
            const std::string text = teach::explainStep(t, i);
            EXPECT_TRUE(teach::isExplained(t, i))
                << t.layout.name << " " << st.phase << "/" << st.step << ": " << text;
            EXPECT_GT(text.size(), st.step.size() + 20) << st.phase << "/" << st.step << ": " << text;
            EXPECT_NE(text.find("0x"), std::string::npos) << "no concrete value: " << text;
            // ML-DSA signing's step names carry the run's indices and norms ("check ‖z‖∞ = 130983 < …"): no
            // fixed list of kinds; test_mldsasign checks each of them is explained with its numbers.
            if (teach::mldsaSignPhaseSet(st.phase)) continue;
            const bool roundStep = family(t) == "ascon" && st.round > 0;
            seen.insert({family(t), roundStep ? "" : st.phase, st.step});
        }
    }
    std::set<std::tuple<std::string, std::string, std::string>> listed;
    for (const auto& k : teach::explainedStepKinds())
        listed.insert({k.family, k.phase, k.step});
    EXPECT_EQ(seen, listed);
}

TEST(Explain, UnknownStepsGetAPlainFallback) {
    Trace t = runDefault("ascon-p", 2).trace;
    t.steps[1].step = "mystery step";
    EXPECT_FALSE(teach::isExplained(t, 1));
    EXPECT_EQ(teach::explainStep(t, 1), "mystery step (permutation, round 1)");
    // A step that needs its predecessor's state but has a short one, and a layout nobody knows.
    Trace lea = runDefault("lea-128", 2).trace;
    lea.steps[0].state.resize(3);
    EXPECT_FALSE(teach::isExplained(lea, 1));
    EXPECT_EQ(teach::explainStep(lea, 1), "round (encryption, round 1)");
    Trace other = t;
    other.layout.name = "gift-128";
    EXPECT_EQ(teach::explainStep(other, 0), "input (permutation)");
    EXPECT_THROW(teach::explainStep(t, t.steps.size()), crypto::InvalidArgument);
    EXPECT_FALSE(teach::isExplained(t, t.steps.size()));
}

// c_i = (0xf − i) ‖ i as nibbles (v1.2 table 4; SP 800-232 lists the same values).
std::uint64_t roundConstant(int i) {
    return static_cast<std::uint64_t>(((0xf - i) << 4) | i);
}

void expectRoundConstants(const Trace& t, const std::string& phase, int n, int expectedCount) {
    int count = 0;
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const auto& st = t.steps[i];
        if (st.phase != phase || st.step != "round constant") continue;
        ++count;
        const std::string text = teach::explainStep(t, i);
        const std::uint64_t c = roundConstant(12 - n + st.round - 1);
        const std::string sup = n == 12 ? "¹²" : n == 8 ? "⁸" : n == 6 ? "⁶" : "⁴";
        EXPECT_NE(text.find("x2 ⊕= " + hx(c, 2)), std::string::npos) << text;
        EXPECT_NE(text.find("round " + std::to_string(st.round) + " of p" + sup), std::string::npos) << text;
        // SP 800-232 numbers the same constants from const₄ (its table starts with four more).
        const int sp = 12 - n + st.round - 1 + 4;
        const std::string spSub = sp < 10 ? std::string("₀₁₂₃₄₅₆₇₈₉").substr(3 * sp, 3)
                                          : "₁" + std::string("₀₁₂₃₄₅₆₇₈₉").substr(3 * (sp - 10), 3);
        EXPECT_NE(text.find("const" + spSub + " in SP 800-232"), std::string::npos) << text;
        // The explanation's result is the state's x2, and x2 is the only word that changed.
        EXPECT_NE(text.find("= " + hx(asconWord(st.state, 2), 16)), std::string::npos) << text;
        EXPECT_EQ(asconWord(t.steps[i - 1].state, 2) ^ asconWord(st.state, 2), c);
    }
    EXPECT_EQ(count, expectedCount) << phase;
}

TEST(Explain, AsconRoundConstantsAreTheSpecTableEntriesOfTheRightPermutation) {
    expectRoundConstants(runDefault("ascon-p").trace, "permutation", 12, 12);
    expectRoundConstants(runDefault("ascon-p", 4).trace, "permutation", 4, 4);
    // Ascon-128: p⁶ on data (c₆ = 0x96 first), Ascon-128a and Ascon-AEAD128: p⁸ (c₄ = 0xb4 first).
    const Trace a128 = runDefault("ascon-128").trace;
    expectRoundConstants(a128, "initialization", 12, 12);
    expectRoundConstants(a128, "plaintext", 6, 6 * 2); // p⁶ after each of the two full blocks only
    expectRoundConstants(runDefault("ascon-128a").trace, "associated data", 8, 8);
    expectRoundConstants(runDefault("ascon-aead128").trace, "finalization", 12, 12);
    EXPECT_EQ(roundConstant(0), 0xf0u);
    EXPECT_EQ(roundConstant(6), 0x96u);
}

TEST(Explain, AsconSubstitutionAndLinearLayerValuesAreTheNextState) {
    // The all-zero state: after p_C, column 63 is 0, and the spec's S-box table starts S(0) = 0x04.
    const Trace z = runDefault("ascon-p", 1, {{"state", Bytes(40, 0)}}).trace;
    EXPECT_NE(teach::explainStep(z, 2).find("S(0x00) = 0x04"), std::string::npos) << teach::explainStep(z, 2);
    const Trace t = runDefault("ascon-p").trace;
    for (std::size_t i = 1; i < t.steps.size(); ++i) {
        const auto& st = t.steps[i];
        const std::string text = teach::explainStep(t, i);
        if (st.step == "substitution layer") {
            unsigned out = 0;
            for (int w = 0; w < 5; ++w)
                out = (out << 1) | static_cast<unsigned>(asconWord(st.state, w) >> 63);
            EXPECT_NE(text.find(") = " + hx(out, 2)), std::string::npos) << text;
            int changed = 0;
            for (std::size_t b = 0; b < 40; ++b)
                changed += std::popcount(static_cast<unsigned>(st.state[b] ^ t.steps[i - 1].state[b]));
            EXPECT_NE(text.find(std::to_string(changed) + " of 320 bits"), std::string::npos) << text;
        }
        if (st.step == "linear diffusion") {
            EXPECT_NE(text.find("→ " + hx(asconWord(st.state, 0), 16)), std::string::npos) << text;
        }
    }
}

TEST(Explain, AsconModeStepsShowTheRunsKeyTagAndDomainBit) {
    for (const char* id : {"ascon-128", "ascon-128a", "ascon-aead128"}) {
        const auto run = runDefault(id);
        const Trace& t = run.trace;
        const bool sp = std::string(id) == "ascon-aead128";
        for (std::size_t i = 0; i < t.steps.size(); ++i) {
            const auto& st = t.steps[i];
            const std::string text = teach::explainStep(t, i);
            if (st.step == "tag") {
                EXPECT_NE(text.find(test::hexLower(run.tag)), std::string::npos) << text;
            }
            if (st.step == "key addition") {
                // Both changed words appear with their new values.
                int changed = 0;
                for (int w = 0; w < 5; ++w)
                    if (asconWord(st.state, w) != asconWord(t.steps[i - 1].state, w)) {
                        ++changed;
                        EXPECT_NE(text.find("→ " + hx(asconWord(st.state, w), 16)), std::string::npos)
                            << text;
                        EXPECT_NE(text.find("x" + std::to_string(w) + " ⊕= K"), std::string::npos) << text;
                    }
                EXPECT_EQ(changed, 2) << text;
            }
            if (st.step == "domain separation") {
                EXPECT_NE(text.find("x4 ⊕= " + hx(sp ? 1ull << 63 : 1ull, 16)), std::string::npos) << text;
            }
            if (st.step == "initial state") {
                EXPECT_NE(text.find(oracle::findAead(id)->displayName), std::string::npos);
            }
        }
    }
    // Hash squeeze: the output block's bytes are the digest's.
    Trace h;
    const Bytes digest = crypto::asconHashTraced(crypto::AsconHashVariant::Hash256, counting(5, 1), 32, h);
    int block = 0;
    for (std::size_t i = 0; i < h.steps.size(); ++i)
        if (h.steps[i].step == "squeeze") {
            const Bytes part(digest.begin() + 8 * block, digest.begin() + 8 * block + 8);
            EXPECT_NE(teach::explainStep(h, i).find("bytes " + test::hexLower(part)), std::string::npos);
            ++block;
        }
    EXPECT_EQ(block, 4);
}

// The explanation's computed words (from the previous state and the round key) are the next state.
void expectLeaRoundsMatch(const Trace& t) {
    int rounds = 0;
    for (std::size_t i = 1; i < t.steps.size(); ++i) {
        if (t.steps[i].step != "round") continue;
        ++rounds;
        const std::string text = teach::explainStep(t, i);
        std::size_t pos = 0;
        for (int w = 0; w < 4; ++w) {
            const std::string want = "= " + hx(leaWord(t.steps[i].state, w), 8);
            const std::size_t at = text.find(want, pos);
            ASSERT_NE(at, std::string::npos) << "X[" << w << "] " << want << " in " << text;
            pos = at + want.size();
        }
    }
    EXPECT_GT(rounds, 0);
}

TEST(Explain, LeaRoundWordsEqualTheNextStateEncryptionAndDecryption) {
    for (const char* id : {"lea-128", "lea-192", "lea-256"}) {
        const auto* alg = sessions::findExplorerAlgorithm(id);
        const auto in = test::defaultInputs(*alg);
        expectLeaRoundsMatch(runDefault(id).trace);
        const auto cipher = oracle::findBlock(id)->make(in.at("key"), 0);
        Bytes out(16);
        Trace dec;
        cipher->decryptBlockTraced(in.at("pt").data(), out.data(), dec);
        expectLeaRoundsMatch(dec);
    }
}

unsigned skinnyCell(const Bytes& s, int c, int bits) {
    return bits == 8 ? s[static_cast<std::size_t>(c)]
                     : (c % 2 == 0 ? s[static_cast<std::size_t>(c / 2)] >> 4
                                   : s[static_cast<std::size_t>(c / 2)] & 0xF);
}

// c0, c1, c2 read off the state difference of each AddConstants step (cells 0, 4, 8).
void expectSkinnyConstantsMatch(const Trace& t) {
    const int bits = t.layout.cellBits;
    int seen = 0;
    for (std::size_t i = 1; i < t.steps.size(); ++i) {
        if (t.steps[i].step != "AddConstants") continue;
        ++seen;
        const std::string text = teach::explainStep(t, i);
        const Bytes &a = t.steps[i - 1].state, &b = t.steps[i].state;
        const unsigned c0 = skinnyCell(a, 0, bits) ^ skinnyCell(b, 0, bits);
        const unsigned c1 = skinnyCell(a, 4, bits) ^ skinnyCell(b, 4, bits);
        const unsigned c2 = skinnyCell(a, 8, bits) ^ skinnyCell(b, 8, bits);
        EXPECT_EQ(c2, 2u);
        EXPECT_NE(text.find("c0 = rc3..rc0 = " + hx(c0, 1)), std::string::npos) << text;
        EXPECT_NE(text.find("c1 = rc5 rc4 = " + hx(c1, 1)), std::string::npos) << text;
        if (t.steps[i].round == 1 && t.steps[i].phase == "encryption") {
            EXPECT_NE(text.find("rc = 0x01"), std::string::npos) << text; // the LFSR's first state
        }
    }
    EXPECT_GT(seen, 0);
}

TEST(Explain, SkinnyConstantsAndMixColumnsMatchTheState) {
    for (const char* id : {"skinny-64-64", "skinny-64-192", "skinny-128-256", "skinny-128-384"}) {
        const auto* alg = sessions::findExplorerAlgorithm(id);
        const auto in = test::defaultInputs(*alg);
        const Trace enc = runDefault(id).trace;
        expectSkinnyConstantsMatch(enc);
        const auto cipher = oracle::findBlock(id)->make(in.at("key"), 0);
        Bytes out(in.at("pt").size());
        Trace dec;
        cipher->decryptBlockTraced(in.at("pt").data(), out.data(), dec);
        expectSkinnyConstantsMatch(dec);
        const int bits = enc.layout.cellBits;
        for (std::size_t i = 1; i < enc.steps.size(); ++i)
            if (enc.steps[i].step == "MixColumns") {
                std::string col = "→ (";
                for (int r = 0; r < 4; ++r)
                    col += (r ? ", " : "") + hx(skinnyCell(enc.steps[i].state, 4 * r, bits), bits / 4);
                EXPECT_NE(teach::explainStep(enc, i).find(col + ")"), std::string::npos)
                    << teach::explainStep(enc, i);
            }
    }
}

} // namespace
