// ML-DSA (FIPS 204) ring arithmetic: NTT round trips, the NTT against a schoolbook negacyclic product,
// the zetas table, NTT images of 1 and X, traces and argument checks. The reference arithmetic here
// (slow modular power, schoolbook product) is deliberately independent of core/crypto/mldsantt.cpp.
#include "core/crypto/mldsantt.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

using namespace rs::crypto;

namespace {

constexpr std::int64_t Q = 8380417;

// Square-and-multiply, unrelated to the table builder's repeated multiplication.
std::int64_t powMod(std::int64_t base, std::uint64_t e) {
    std::int64_t r = 1;
    base %= Q;
    while (e) {
        if (e & 1) r = r * base % Q;
        base = base * base % Q;
        e >>= 1;
    }
    return r;
}

unsigned bitrev8(unsigned k) {
    unsigned r = 0;
    for (unsigned bit = 0; bit < 8; ++bit)
        if (k & (1u << bit)) r |= 0x80u >> bit;
    return r;
}

MlDsaPoly randomPoly(std::mt19937& rng) {
    std::uniform_int_distribution<std::int32_t> d(0, static_cast<std::int32_t>(Q - 1));
    MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

// a * b in Z_q[X]/(X^256 + 1): X^256 = -1, so terms of degree i + j >= 256 wrap with a minus sign.
MlDsaPoly schoolbook(const MlDsaPoly& a, const MlDsaPoly& b) {
    std::vector<std::int64_t> acc(256, 0);
    for (std::size_t i = 0; i < 256; ++i)
        for (std::size_t j = 0; j < 256; ++j) {
            const std::int64_t prod = std::int64_t{a[i]} * b[j] % Q;
            if (i + j < 256)
                acc[i + j] = (acc[i + j] + prod) % Q;
            else
                acc[i + j - 256] = (acc[i + j - 256] - prod + Q) % Q;
        }
    MlDsaPoly r{};
    for (std::size_t i = 0; i < 256; ++i)
        r[i] = static_cast<std::int32_t>(acc[i]);
    return r;
}

MlDsaPoly fromState(const TraceStep& s) {
    return mldsaPolyFromBytes(s.state);
}

// One traced transform's layer checks: every pair (j, j + len) of the layer moves only inside
// itself. Cooley–Tukey: a' = a + zeta*b, b' = a - zeta*b, so a' + b' = 2a and a' - b' = 2*zeta*b.
// Gentleman–Sande: a' = a + b, b' = zeta'*(a - b) with zeta' = -zetas[m], so checking
// b' = zeta'*(a' - 2b) pins the pair. zeta comes from the slow powMod, block by block.
void expectLayer(const MlDsaPoly& before, const MlDsaPoly& after, std::size_t len, std::size_t& m,
                 bool forward) {
    for (std::size_t start = 0; start < 256; start += 2 * len) {
        const std::size_t k = forward ? ++m : --m;
        std::int64_t zeta = powMod(1753, bitrev8(static_cast<unsigned>(k)));
        if (!forward) zeta = (Q - zeta) % Q;
        for (std::size_t j = start; j < start + len; ++j) {
            const std::int64_t a = before[j], b = before[j + len], a2 = after[j], b2 = after[j + len];
            if (forward) {
                ASSERT_EQ((a2 + b2) % Q, 2 * a % Q) << "len " << len << " pair " << j;
                ASSERT_EQ((a2 - b2 + Q) % Q, 2 * zeta % Q * b % Q) << "len " << len << " pair " << j;
            } else {
                ASSERT_EQ(a2, (a + b) % Q) << "len " << len << " pair " << j;
                ASSERT_EQ(b2, zeta * ((a - b + Q) % Q) % Q) << "len " << len << " pair " << j;
            }
        }
    }
}

} // namespace

TEST(MlDsaNtt, Constants) {
    EXPECT_EQ(kMlDsaQ, (1 << 23) - (1 << 13) + 1);
    EXPECT_EQ(std::int64_t{kMlDsaNInverse} * 256 % Q, 1);
    // 1753 is a primitive 512-th root of unity: zeta^256 = -1 (so its order is exactly 512).
    EXPECT_EQ(powMod(kMlDsaZeta, 256), Q - 1);
}

TEST(MlDsaNtt, ZetasTable) {
    for (unsigned k = 0; k < 256; ++k)
        EXPECT_EQ(kMlDsaZetas[k], powMod(1753, bitrev8(k))) << "zetas[" << k << "]";
    // FIPS 204 Appendix B (plain values in [0, q)): the first ten entries and the last two, as
    // transcribed identically by several independent public implementations. Note zetas[7] is
    // 5178987 and zetas[255] is 7648983; 1976782, sometimes quoted as "the last zeta", is the
    // Montgomery-domain form zetas[255] * 2^32 mod q used by the pq-crystals reference code.
    const std::int32_t first[] = {4808194, 3765607, 3761513, 5178923, 5496691,
                                  5234739, 5178987, 7778734, 3542485};
    for (unsigned k = 1; k <= 9; ++k)
        EXPECT_EQ(kMlDsaZetas[k], first[k - 1]) << "zetas[" << k << "]";
    EXPECT_EQ(kMlDsaZetas[254], 1054478);
    EXPECT_EQ(kMlDsaZetas[255], 7648983);
    EXPECT_EQ(std::int64_t{kMlDsaZetas[255]} * (std::int64_t{1} << 32) % Q, 1976782);
    static_assert(kMlDsaZetas[1] == 4808194, "zetas are computed at compile time");
}

TEST(MlDsaNtt, RoundTrip) {
    std::mt19937 rng(18);
    for (int n = 0; n < 50; ++n) {
        const MlDsaPoly a = randomPoly(rng);
        const MlDsaPoly ah = mldsaNtt(a);
        for (auto c : ah)
            ASSERT_TRUE(c >= 0 && c < Q);
        EXPECT_EQ(mldsaInverseNtt(ah), a) << "polynomial " << n;
        EXPECT_EQ(mldsaNtt(mldsaInverseNtt(a)), a) << "polynomial " << n;
    }
}

TEST(MlDsaNtt, MultiplyMatchesNegacyclicSchoolbook) {
    std::mt19937 rng(204);
    for (int n = 0; n < 5; ++n) {
        const MlDsaPoly a = randomPoly(rng), b = randomPoly(rng);
        EXPECT_EQ(mldsaInverseNtt(mldsaMultiplyNtt(mldsaNtt(a), mldsaNtt(b))), schoolbook(a, b)) << n;
    }
    // X^255 * X = X^256 = -1: the wrap-around sign is what makes the ring negacyclic.
    MlDsaPoly x255{}, x{}, minusOne{};
    x255[255] = 1;
    x[1] = 1;
    minusOne[0] = static_cast<std::int32_t>(Q - 1);
    EXPECT_EQ(mldsaInverseNtt(mldsaMultiplyNtt(mldsaNtt(x255), mldsaNtt(x))), minusOne);
}

TEST(MlDsaNtt, AddIsLinear) {
    std::mt19937 rng(44);
    for (int n = 0; n < 20; ++n) {
        const MlDsaPoly a = randomPoly(rng), b = randomPoly(rng);
        MlDsaPoly sum{};
        for (std::size_t i = 0; i < 256; ++i)
            sum[i] = static_cast<std::int32_t>((std::int64_t{a[i]} + b[i]) % Q);
        EXPECT_EQ(mldsaNtt(sum), mldsaAddNtt(mldsaNtt(a), mldsaNtt(b))) << n;
        EXPECT_EQ(mldsaInverseNtt(mldsaAddNtt(mldsaNtt(a), mldsaNtt(b))), sum) << n;
    }
}

// The NTT evaluates w at the 256 roots of X^256 + 1, slot i at zeta^(2*BitRev8(i)+1):
// w_hat[i] = sum_j w[j] * zeta^((2*BitRev8(i)+1)*j). For w = 1 every slot is 1; for w = X slot i is
// the root itself, zeta^(2*BitRev8(i)+1). We also check a random w against that sum.
TEST(MlDsaNtt, EvaluatesAtOddPowersOfZeta) {
    MlDsaPoly one{}, x{};
    one[0] = 1;
    x[1] = 1;
    const MlDsaPoly oneHat = mldsaNtt(one), xHat = mldsaNtt(x);
    for (unsigned i = 0; i < 256; ++i) {
        EXPECT_EQ(oneHat[i], 1) << "slot " << i;
        EXPECT_EQ(xHat[i], powMod(1753, 2 * bitrev8(i) + 1)) << "slot " << i;
    }
    std::mt19937 rng(41);
    const MlDsaPoly w = randomPoly(rng);
    const MlDsaPoly wHat = mldsaNtt(w);
    for (unsigned i = 0; i < 256; i += 37) {
        const std::int64_t root = powMod(1753, 2 * bitrev8(i) + 1);
        std::int64_t v = 0, p = 1;
        for (unsigned j = 0; j < 256; ++j, p = p * root % Q)
            v = (v + w[j] * p) % Q;
        EXPECT_EQ(wHat[i], v) << "slot " << i;
    }
}

TEST(MlDsaNtt, CheckedInputs) {
    std::vector<std::int64_t> c(256, 5);
    EXPECT_EQ(mldsaPolyFromCoefficients(c)[7], 5);
    const std::vector<std::int64_t> short255(255, 0);
    try {
        mldsaPolyFromCoefficients(short255);
        FAIL() << "255 coefficients accepted";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("255 coefficients"), std::string::npos) << e.what();
    }
    c[7] = Q;
    try {
        mldsaPolyFromCoefficients(c);
        FAIL() << "coefficient q accepted";
    } catch (const InvalidArgument& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("coefficient 7 "), std::string::npos) << m;
        EXPECT_NE(m.find("8380417"), std::string::npos) << m;
    }
    c[7] = -1;
    EXPECT_THROW(mldsaPolyFromCoefficients(c), InvalidArgument);

    std::mt19937 rng(7);
    const MlDsaPoly p = randomPoly(rng);
    Bytes b = mldsaPolyToBytes(p);
    EXPECT_EQ(mldsaPolyFromBytes(b), p);
    EXPECT_THROW(mldsaPolyFromBytes(Bytes(1020)), InvalidArgument);
    b[28] = 0x00, b[29] = 0x7f, b[30] = 0xe0, b[31] = 0x01; // coefficient 7 = 0x7fe001 = q
    try {
        mldsaPolyFromBytes(b);
        FAIL() << "coefficient q accepted";
    } catch (const InvalidArgument& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("coefficient 7 is 8380417"), std::string::npos) << m;
    }
}

TEST(MlDsaNtt, ForwardTrace) {
    std::mt19937 rng(9);
    const MlDsaPoly a = randomPoly(rng);
    Trace t;
    const MlDsaPoly ah = mldsaNttTraced(a, t);
    EXPECT_EQ(ah, mldsaNtt(a));
    EXPECT_EQ(t.layout.name, "mldsa-poly");
    EXPECT_EQ(t.layout.rows, 16);
    EXPECT_EQ(t.layout.cols, 16);
    EXPECT_EQ(t.layout.cellBits, 32);
    EXPECT_EQ(t.layout.rowLabel, "c");
    ASSERT_EQ(t.steps.size(), 9u);
    EXPECT_EQ(t.steps[0].step, "input");
    EXPECT_EQ(fromState(t.steps[0]), a);
    EXPECT_EQ(t.steps[0].state.size(), 1024u);
    EXPECT_EQ(t.steps[0].state[3], static_cast<std::uint8_t>(a[0])); // big-endian: low byte last
    EXPECT_EQ(fromState(t.steps.back()), ah);
    std::size_t m = 0;
    for (int layer = 1; layer <= 8; ++layer) {
        const auto& s = t.steps[static_cast<std::size_t>(layer)];
        const std::size_t len = std::size_t{256} >> layer;
        EXPECT_EQ(s.phase, "NTT");
        EXPECT_EQ(s.round, layer);
        EXPECT_EQ(s.step,
                  "Cooley–Tukey layer " + std::to_string(layer) + " (len " + std::to_string(len) + ")");
        expectLayer(fromState(t.steps[static_cast<std::size_t>(layer) - 1]), fromState(s), len, m, true);
    }
}

TEST(MlDsaNtt, InverseTrace) {
    std::mt19937 rng(10);
    const MlDsaPoly ah = randomPoly(rng);
    Trace t;
    const MlDsaPoly a = mldsaInverseNttTraced(ah, t);
    EXPECT_EQ(a, mldsaInverseNtt(ah));
    ASSERT_EQ(t.steps.size(), 10u);
    EXPECT_EQ(t.steps[0].step, "input");
    EXPECT_EQ(fromState(t.steps[0]), ah);
    std::size_t m = 256;
    for (int layer = 1; layer <= 8; ++layer) {
        const auto& s = t.steps[static_cast<std::size_t>(layer)];
        const std::size_t len = std::size_t{1} << (layer - 1);
        EXPECT_EQ(s.phase, "inverse NTT");
        EXPECT_EQ(s.step,
                  "Gentleman–Sande layer " + std::to_string(layer) + " (len " + std::to_string(len) + ")");
        expectLayer(fromState(t.steps[static_cast<std::size_t>(layer) - 1]), fromState(s), len, m, false);
    }
    EXPECT_EQ(t.steps[9].step, "× 256⁻¹");
    EXPECT_EQ(t.steps[9].round, 9);
    const MlDsaPoly before = fromState(t.steps[8]);
    for (std::size_t i = 0; i < 256; ++i)
        EXPECT_EQ(std::int64_t{a[i]} * 256 % Q, before[i]) << i;
    EXPECT_EQ(fromState(t.steps[9]), a);
}
