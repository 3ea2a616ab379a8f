// The Round Explorer's ML-DSA transforms (core/sessions): the table entries and their field, coefficient
// errors as field errors, the layer and butterfly traces, the twin's diffusion per coefficient (after
// Cooley–Tukey layer k of the NTT a flipped input coefficient has reached exactly 2^k coefficients) and the
// twin flips that would push a coefficient to q or above, said in words.
#include "core/crypto/mldsantt.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/explorermodel.h"
#include "tests/qtcoreapp.h"

#include <gtest/gtest.h>

using namespace rs;
using rs::crypto::Bytes;

namespace {

const sessions::ExplorerAlgorithm& alg(const char* id) {
    const auto* a = sessions::findExplorerAlgorithm(id);
    if (a == nullptr) throw std::runtime_error(std::string("no explorer algorithm ") + id);
    return *a;
}

std::map<std::string, Bytes> defaults(const sessions::ExplorerAlgorithm& a) {
    std::map<std::string, Bytes> in;
    for (const auto& f : a.fields)
        in[f.name] = crypto::fromHex(f.defaultHex);
    return in;
}

crypto::MlDsaPoly counting() {
    crypto::MlDsaPoly p{};
    for (std::size_t i = 0; i < 256; ++i)
        p[i] = static_cast<std::int32_t>(i);
    return p;
}

} // namespace

TEST(ExplorerMlDsa, TableEntriesAndDefaults) {
    for (const char* id : {"mldsa-ntt", "mldsa-intt"}) {
        const auto& a = alg(id);
        EXPECT_EQ(a.kind, sessions::ExplorerKind::Transform);
        ASSERT_EQ(a.fields.size(), 1u);
        EXPECT_EQ(a.fields[0].name, "poly");
        EXPECT_EQ(a.fields[0].label, "Polynomial");
        EXPECT_EQ(a.fields[0].bytes, 1024);
        EXPECT_EQ(a.maxRounds, 0);
        EXPECT_EQ(a.diffusionAlg, id);
        EXPECT_EQ(a.diffusionRounds, 8);
    }
    EXPECT_EQ(alg("mldsa-ntt").displayName, "ML-DSA NTT");
    // NTT starts from (0, 1, ..., 255); NTT⁻¹ from its NTT and so ends on it.
    EXPECT_EQ(crypto::fromHex(alg("mldsa-ntt").fields[0].defaultHex), crypto::mldsaPolyToBytes(counting()));
    const auto run = sessions::runExplorer(alg("mldsa-intt"), defaults(alg("mldsa-intt")), 0);
    EXPECT_EQ(run.output, crypto::mldsaPolyToBytes(counting()));
    EXPECT_EQ(run.trace.steps.size(), 10u);
    const auto fwd = sessions::runExplorer(alg("mldsa-ntt"), defaults(alg("mldsa-ntt")), 0);
    EXPECT_EQ(fwd.output, crypto::mldsaPolyToBytes(crypto::mldsaNtt(counting())));
    EXPECT_EQ(sessions::roundEndSteps(fwd.trace), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(ExplorerMlDsa, CoefficientAtOrAboveQIsAFieldError) {
    inputs::HexInputs in(alg("mldsa-ntt").hexFields());
    EXPECT_TRUE(in.valid());
    Bytes b = crypto::mldsaPolyToBytes(counting());
    crypto::storeBe32(b.data() + 4 * 7, 8380417); // coefficient 7 = q
    in.setBytes("poly", b);
    EXPECT_EQ(in.error("poly"), "Polynomial: coefficient 7 is 8380417, not in [0, q = 8380417)");
    EXPECT_FALSE(in.values().has_value());
    in.setText("poly", "00");
    EXPECT_EQ(in.error("poly"), "poly must be 1024 bytes, got 1");
    // A random fill is valid (uniform bytes would almost never be).
    for (int i = 0; i < 5; ++i) {
        in.randomize("poly");
        EXPECT_EQ(in.error("poly"), "");
    }
    // The model refuses it too, and a round count other than 8 layers.
    auto d = defaults(alg("mldsa-ntt"));
    EXPECT_THROW(sessions::runExplorer(alg("mldsa-ntt"), {{"poly", b}}, 0), crypto::InvalidArgument);
    EXPECT_THROW(sessions::runExplorer(alg("mldsa-ntt"), d, 5), crypto::InvalidArgument);
    EXPECT_NO_THROW(sessions::runExplorer(alg("mldsa-ntt"), d, 8));
}

TEST(ExplorerMlDsa, SubstepsAreButterflies) {
    const auto& a = alg("mldsa-ntt");
    const auto run = sessions::runExplorer(a, defaults(a), 0, sessions::ExplorerDetail::Substeps);
    EXPECT_EQ(run.trace.steps.size(), 1033u);
    EXPECT_EQ(run.trace.steps[1].step, "layer 1 butterfly 1: (0, 128), ζ = 4808194");
    // Other algorithms trace the same either way.
    const auto& lea = alg("lea-128");
    EXPECT_EQ(
        sessions::runExplorer(lea, defaults(lea), 0, sessions::ExplorerDetail::Substeps).trace.steps.size(),
        sessions::runExplorer(lea, defaults(lea), 0).trace.steps.size());
}

TEST(ExplorerMlDsa, AfterLayerKTwoToTheKCoefficientsDiffer) {
    const auto& a = alg("mldsa-ntt");
    const auto in = defaults(a);
    const auto main = sessions::runExplorer(a, in, 0);
    for (int c : {0, 1, 77, 128, 200, 255}) {
        auto twinIn = in;
        sessions::flipInputBit(twinIn["poly"], 32 * c + 31); // the LSB of coefficient c
        ASSERT_EQ(sessions::flipInputError(a, "poly", in.at("poly"), 32 * c + 31), "");
        const auto twin = sessions::runExplorer(a, twinIn, 0);
        const std::vector<int> cells = sessions::twinCellsPerStep(main.trace, twin.trace);
        ASSERT_EQ(cells.size(), 9u);
        for (int k = 0; k <= 8; ++k)
            EXPECT_EQ(cells[static_cast<std::size_t>(k)], 1 << k) << "coefficient " << c << ", layer " << k;
    }
}

TEST(ExplorerMlDsa, TwinCellsCountCellsNotBits) {
    crypto::Trace a, b;
    a.layout = b.layout = crypto::mldsaPolyLayout();
    a.steps.push_back({"NTT", -1, 0, "input", Bytes(1024, 0), {}});
    b.steps = a.steps;
    b.steps[0].state[0] = 0x01; // coefficient 0, one bit
    b.steps[0].state[4] = 0xFF; // coefficient 1, eight bits
    EXPECT_EQ(sessions::twinCellsPerStep(a, b), std::vector<int>{2});
    EXPECT_EQ(sessions::twinFlipsPerStep(a, b), std::vector<int>{9});
    b.steps.push_back(b.steps[0]);
    EXPECT_TRUE(sessions::twinCellsPerStep(a, b).empty());
}

TEST(ExplorerMlDsa, FlipsThatLeaveZqAreSaid) {
    const auto& a = alg("mldsa-ntt");
    const Bytes poly = defaults(a).at("poly");
    EXPECT_EQ(sessions::defaultFlipBit(a, "poly"), 31);
    EXPECT_EQ(sessions::defaultFlipBit(alg("ascon-p"), "state"), 0);
    // Bit 0 is the top bit of coefficient 0: 0 → 2^31.
    EXPECT_EQ(
        sessions::flipInputError(a, "poly", poly, 0),
        "flipping bit 0 (bit 31 of coefficient 0) makes that coefficient 2147483648, not below q = 8380417; "
        "flip one of its low 23 bits (field bits 9–31) instead");
    EXPECT_NE(sessions::flipInputError(a, "poly", poly, 32 * 5 + 8), ""); // bit 23 of coefficient 5
    EXPECT_EQ(sessions::flipInputError(a, "poly", poly, 32 * 5 + 9), ""); // bit 22 of 5: 5 + 2^22 < q
    // A coefficient near q: q − 1 = 0x7FE000; flipping its bit 13 clears a bit (valid), flipping bit 12
    // gives 0x7FF000 ≥ q.
    Bytes high = poly;
    crypto::storeBe32(high.data(), 8380416);
    EXPECT_EQ(sessions::flipInputError(a, "poly", high, 31 - 13), "");
    EXPECT_NE(sessions::flipInputError(a, "poly", high, 31 - 12), "");
    EXPECT_EQ(sessions::flipInputError(alg("ascon-p"), "state", Bytes(40, 0xFF), 0), "");
}

TEST(ExplorerMlDsa, SessionTwinAndSubsteps) {
    sessions::CipherSession s;
    ASSERT_TRUE(s.setAlgorithm("mldsa-ntt"));
    EXPECT_EQ(s.flipField(), "poly");
    EXPECT_EQ(s.flipBit(), 31);
    ASSERT_TRUE(s.hasTwin());
    EXPECT_EQ(s.twinCells(), (std::vector<int>{1, 2, 4, 8, 16, 32, 64, 128, 256}));
    s.setFlip("poly", 0); // top bit of coefficient 0
    EXPECT_FALSE(s.hasTwin());
    EXPECT_NE(s.twinError().indexOf("not below q = 8380417"), -1) << s.twinError().toStdString();
    s.setFlip("poly", 32 * 3 + 31);
    EXPECT_TRUE(s.hasTwin());
    s.setSubsteps(true);
    EXPECT_EQ(s.stepCount(), 1033);
    EXPECT_EQ(s.twinCells().size(), 1033u);
    EXPECT_EQ(s.twinCells().back(), 256);
    s.setSubsteps(false);
    // A coefficient ≥ q typed in: a field error, no run, the previous trace kept.
    const int runs = s.traceRuns();
    Bytes b = crypto::mldsaPolyToBytes(counting());
    crypto::storeBe32(b.data() + 4 * 255, 0xFFFFFFFF);
    s.setInput("poly", QString::fromStdString(crypto::toHex(b)));
    EXPECT_EQ(s.inputError("poly"), "Polynomial: coefficient 255 is 4294967295, not in [0, q = 8380417)");
    s.recomputeNow();
    EXPECT_EQ(s.traceRuns(), runs);
    EXPECT_TRUE(s.hasTrace());
    // Back to a cipher: the flip bit is that field's default again.
    ASSERT_TRUE(s.setAlgorithm("ascon-p"));
    EXPECT_EQ(s.flipBit(), 0);
}
