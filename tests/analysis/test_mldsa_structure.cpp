// The ML-DSA NTT / NTT⁻¹ as an analysis family: the per-coefficient structural dependency against real
// twin runs of the model (after layer k exactly the 2^k coefficients a changed input coefficient reached
// in the trace), full diffusion after layer 8, and the refused avalanche with its reason.
#include "tests/analysis/analysistest.h"

#include "core/crypto/mldsantt.h"

#include <random>

namespace {

using namespace rs;
using analysis::Field;

// The coefficients in which two trace states differ, from the trace bytes (not from the analysis).
std::set<int> differingCoefficients(const crypto::TraceStep& a, const crypto::TraceStep& b) {
    std::set<int> out;
    for (int c = 0; c < 256; ++c)
        for (int k = 0; k < 4; ++k)
            if (a.state[static_cast<std::size_t>(4 * c + k)] != b.state[static_cast<std::size_t>(4 * c + k)])
                out.insert(c);
    return out;
}

std::set<int> dependentCoefficients(const analysis::RoundDiffusion& rd) {
    std::set<int> out;
    for (int bit = 0; bit < 8192; ++bit)
        if ((rd.dependentBits[static_cast<std::size_t>(bit / 8)] >> (7 - bit % 8)) & 1u) out.insert(bit / 32);
    return out;
}

crypto::Trace traced(bool inverse, const crypto::MlDsaPoly& p) {
    crypto::Trace t;
    if (inverse)
        crypto::mldsaInverseNttTraced(p, t);
    else
        crypto::mldsaNttTraced(p, t);
    return t;
}

} // namespace

TEST(MlDsaStructure, EachLayerReachesTheCoefficientsATwinRunChanges) {
    std::mt19937 rng(18);
    std::uniform_int_distribution<std::int32_t> d(0, crypto::kMlDsaQ - 1);
    crypto::MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    for (const char* id : {"mldsa-ntt", "mldsa-intt"}) {
        const bool inverse = std::string(id) == "mldsa-intt";
        const crypto::Trace main = traced(inverse, p);
        for (int coefficient : {0, 3, 64, 129, 254}) {
            // Vary the 32 bits of one input coefficient.
            const auto res = analysis::analyzeDiffusion(
                test::request(id, Field::State, 32 * coefficient, 32 * coefficient + 31));
            ASSERT_EQ(res.perRound.size(), 8u);
            crypto::MlDsaPoly q = p;
            q[static_cast<std::size_t>(coefficient)] ^= 1; // stays below q
            const crypto::Trace twin = traced(inverse, q);
            for (int k = 1; k <= 8; ++k) {
                const auto& rd = res.perRound[static_cast<std::size_t>(k - 1)];
                const std::set<int> dep = dependentCoefficients(rd);
                EXPECT_EQ(dep.size(), std::size_t{1} << k)
                    << id << " coefficient " << coefficient << " layer " << k;
                EXPECT_EQ(dep, differingCoefficients(main.steps[static_cast<std::size_t>(k)],
                                                     twin.steps[static_cast<std::size_t>(k)]))
                    << id << " coefficient " << coefficient << " layer " << k;
                EXPECT_DOUBLE_EQ(rd.dependentFraction, std::ldexp(1.0, k) / 256);
            }
            EXPECT_EQ(res.fullDiffusionRound, 8) << id;
        }
    }
}

TEST(MlDsaStructure, WholePolynomialAndReducedLayers) {
    const auto all = analysis::analyzeDiffusion(test::request("mldsa-ntt", Field::State));
    EXPECT_EQ(all.algorithm, "ML-DSA NTT");
    EXPECT_EQ(all.layout.name, "mldsa-poly");
    EXPECT_EQ(all.stateBits, 8192);
    EXPECT_EQ(all.lastBit, 8191);
    // Every coefficient is reached from the first layer on (the whole input varies), but every coefficient
    // depends on every input coefficient only after layer 8: pairs 2^k / 256.
    for (int k = 1; k <= 8; ++k) {
        EXPECT_DOUBLE_EQ(all.perRound[static_cast<std::size_t>(k - 1)].dependentFraction, 1.0);
        EXPECT_DOUBLE_EQ(all.perRound[static_cast<std::size_t>(k - 1)].pairFraction,
                         std::ldexp(1.0, k) / 256);
    }
    EXPECT_EQ(all.fullDiffusionRound, 8);
    const auto three = analysis::analyzeDiffusion(test::request("mldsa-intt", Field::State, 0, 31, 3));
    EXPECT_EQ(three.algorithm, "ML-DSA INTT (3 layers)");
    EXPECT_EQ(three.perRound.size(), 3u);
    EXPECT_EQ(three.fullDiffusionRound, -1);
}

TEST(MlDsaStructure, RequestsAreChecked) {
    EXPECT_EQ(analysis::standardRounds("mldsa-ntt"), 8);
    EXPECT_EQ(analysis::fieldsFor("mldsa-intt"), std::vector<Field>{Field::State});
    EXPECT_EQ(analysis::fieldBits("mldsa-ntt", Field::State), 8192);
    EXPECT_EQ(analysis::fieldBits("mldsa-ntt", Field::Key), 0);
    const auto ids = analysis::diffusionAlgorithms();
    EXPECT_NE(std::find(ids.begin(), ids.end(), "mldsa-ntt"), ids.end());
    EXPECT_NE(std::find(ids.begin(), ids.end(), "mldsa-intt"), ids.end());
    const auto argumentOf = [](const analysis::DiffusionRequest& r) {
        try {
            analysis::analyzeDiffusion(r);
        } catch (const analysis::AnalysisError& e) {
            return e.argument() + " | " + e.what();
        }
        return std::string("accepted");
    };
    const std::string samples = argumentOf(test::request("mldsa-ntt", Field::State, 0, 31, 0, 100));
    EXPECT_EQ(samples.rfind("samples | ", 0), 0u) << samples;
    EXPECT_NE(samples.find("linear over Z_q"), std::string::npos) << samples;
    EXPECT_EQ(argumentOf(test::request("mldsa-ntt", Field::State, 0, 31, 9)).rfind("rounds | ", 0), 0u);
    EXPECT_EQ(argumentOf(test::request("mldsa-ntt", Field::Key)).rfind("field | ", 0), 0u);
    EXPECT_EQ(argumentOf(test::request("mldsa-ntt", Field::State, 0, 8192)).rfind("bits | ", 0), 0u);
}

namespace {

using analysis::BitMatrix;

// Input coefficients each output coefficient reads after `layers` layers, by brute force: a changed
// input coefficient (value 1 at d) followed through the butterfly index pairs of the model.
std::vector<std::set<int>> readsAfter(bool inverse, int layers) {
    std::vector<std::set<int>> deps(256);
    for (int c = 0; c < 256; ++c)
        deps[static_cast<std::size_t>(c)] = {c};
    for (int layer = 1; layer <= layers; ++layer)
        for (int b = 1; b <= 128; ++b) {
            const auto bf = crypto::mldsaButterfly(inverse, layer, b);
            std::set<int> both = deps[bf.i];
            both.insert(deps[bf.i + bf.len].begin(), deps[bf.i + bf.len].end());
            deps[bf.i] = both;
            deps[bf.i + bf.len] = both;
        }
    return deps;
}

} // namespace

TEST(MlDsaStructure, BitMatricesAndTheSummaryAgreeWithTheButterflies) {
    // analyzeDiffusion summarises per coefficient; structuralDependency expands to state bits. Both
    // against the butterfly network, for ranges that start and end inside coefficients.
    const std::vector<std::pair<int, int>> ranges = {{0, -1}, {5, 40}, {31, 32}, {100, 1000}, {8191, 8191}};
    for (const char* alg : {"mldsa-ntt", "mldsa-intt"}) {
        const bool inverse = std::string(alg) == "mldsa-intt";
        for (const auto& [first, last] : ranges) {
            for (const int layers : {1, 3, 8}) {
                const auto req = test::request(alg, Field::State, first, last, layers);
                const auto deps = analysis::structuralDependency(req);
                const auto res = analysis::analyzeDiffusion(req);
                const auto reads = readsAfter(inverse, layers);
                const int to = last == -1 ? 8191 : last;
                ASSERT_EQ(deps.size(), static_cast<std::size_t>(layers));
                const BitMatrix& m = deps.back();
                if (to - first < 2000) {
                    for (int s = 0; s < 8192; ++s)
                        for (int v = 0; v <= to - first; ++v)
                            ASSERT_EQ(m.get(s, v),
                                      reads[static_cast<std::size_t>(s / 32)].count((first + v) / 32) == 1)
                                << alg << " " << first << "-" << last << " layer " << layers << " bit " << s
                                << " v " << v;
                }
                for (int r = 0; r < layers; ++r) {
                    const BitMatrix& mr = deps[static_cast<std::size_t>(r)];
                    const auto& rd = res.perRound[static_cast<std::size_t>(r)];
                    std::vector<std::uint8_t> bits(1024, 0);
                    for (int s = 0; s < 8192; ++s)
                        if (mr.rowAny(s))
                            bits[static_cast<std::size_t>(s / 8)] |=
                                static_cast<std::uint8_t>(0x80u >> (s % 8));
                    EXPECT_EQ(rd.dependentBits, bits) << alg << " layer " << r + 1;
                    EXPECT_EQ(rd.pairFraction, static_cast<double>(mr.count()) / (8192.0 * (to - first + 1)));
                    EXPECT_EQ(rd.fullDiffusion, mr.full());
                }
            }
        }
    }
}
