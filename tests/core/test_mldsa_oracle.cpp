// The oracle's ML-DSA ring operations (mldsa-ntt, -intt, -pwm, -pwa): how a point's sizes become
// polynomials in oracle::Inputs, the reference output, clear errors for sizes and coefficients, and the
// model against the committed known answers (resources/vectors/mldsa, computed from the definitions by
// tests/crypto/mldsa_ring_kat.py).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/katrunner.h"
#include "core/oracle/operation.h"
#include "tests/testsupport.h"

using namespace rs;
using crypto::Bytes;
using oracle::OracleError;

namespace {

constexpr std::uint32_t Q = 8380417;

std::vector<std::uint32_t> coefficients(const Bytes& b) {
    std::vector<std::uint32_t> c;
    for (std::size_t i = 0; i + 4 <= b.size(); i += 4)
        c.push_back(std::uint32_t{b[i]} << 24 | std::uint32_t{b[i + 1]} << 16 | std::uint32_t{b[i + 2]} << 8 |
                    b[i + 3]);
    return c;
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const OracleError& e) {
        return e.what();
    }
    return "(no OracleError)";
}

} // namespace

TEST(MlDsaOracle, TheFourOperationsAreOperations) {
    for (const char* id : {"mldsa-ntt", "mldsa-intt", "mldsa-pwm", "mldsa-pwa"}) {
        const auto op = oracle::findOperation(id);
        ASSERT_TRUE(op) << id;
        ASSERT_NE(op->mldsa, nullptr);
        EXPECT_EQ(op->aead, nullptr);
        EXPECT_EQ(op->block, nullptr);
        const auto ids = oracle::operationIds();
        EXPECT_NE(std::find(ids.begin(), ids.end(), id), ids.end());
    }
    EXPECT_TRUE(oracle::findOperation("mldsa-pwm")->mldsa->twoOperands);
    EXPECT_FALSE(oracle::findOperation("mldsa-intt")->mldsa->twoOperands);
    EXPECT_FALSE(oracle::findOperation("mldsa-mul"));
}

TEST(MlDsaOracle, InputsAreKPolynomialsInMessageAndKey) {
    const auto ntt = oracle::makeInputs("mldsa-ntt", 2048, 0);
    EXPECT_EQ(ntt.message.size(), 2048u);
    EXPECT_TRUE(ntt.key.empty());
    EXPECT_TRUE(ntt.nonce.empty());
    EXPECT_TRUE(ntt.ad.empty());
    const auto pwm = oracle::makeInputs("mldsa-pwm", 3072, 16); // AD size ignored, as for block modes
    EXPECT_EQ(pwm.message.size(), 3072u);
    EXPECT_EQ(pwm.key.size(), 3072u);
    EXPECT_TRUE(pwm.ad.empty());
    EXPECT_NE(pwm.message, pwm.key);
    // Deterministic, coefficients uniform in [0, q): all below q, the range's top reached.
    EXPECT_EQ(oracle::makeInputs("mldsa-ntt", 2048, 0).message, ntt.message);
    const auto c = coefficients(pwm.message);
    EXPECT_TRUE(std::all_of(c.begin(), c.end(), [](std::uint32_t x) { return x < Q; }));
    EXPECT_GT(*std::max_element(c.begin(), c.end()), Q - Q / 64);
    EXPECT_LT(*std::min_element(c.begin(), c.end()), Q / 64);
}

TEST(MlDsaOracle, ReferenceOutputIsTheModelPerPolynomial) {
    for (const char* id : {"mldsa-ntt", "mldsa-intt", "mldsa-pwm", "mldsa-pwa"}) {
        const auto op = oracle::operation(id);
        const auto in = oracle::makeInputs(id, 2048, 0);
        const Bytes out = oracle::referenceOutput(op, in);
        ASSERT_EQ(out.size(), 2048u) << id;
        for (std::size_t i = 0; i < 2; ++i) {
            const auto a = crypto::mldsaPolyFromBytes(crypto::ByteView(in.message).subspan(1024 * i, 1024));
            crypto::MlDsaPoly want{};
            if (op.mldsa->kind == oracle::MlDsaKind::Ntt) want = crypto::mldsaNtt(a);
            if (op.mldsa->kind == oracle::MlDsaKind::InverseNtt) want = crypto::mldsaInverseNtt(a);
            if (op.mldsa->twoOperands) {
                const auto b = crypto::mldsaPolyFromBytes(crypto::ByteView(in.key).subspan(1024 * i, 1024));
                want = op.mldsa->kind == oracle::MlDsaKind::AddNtt ? crypto::mldsaAddNtt(a, b)
                                                                     : crypto::mldsaMultiplyNtt(a, b);
            }
            EXPECT_EQ(Bytes(out.begin() + 1024 * static_cast<long>(i), out.begin() + 1024 * static_cast<long>(i + 1)),
                      crypto::mldsaPolyToBytes(want))
                << id << " polynomial " << i;
        }
    }
}

TEST(MlDsaOracle, SizesThatAreNotWholePolynomialsAreClearErrors) {
    for (const std::uint64_t bytes : {0ull, 1000ull, 1025ull})
        EXPECT_EQ(errorOf([&] { oracle::makeInputs("mldsa-ntt", bytes, 0); }),
                  "mldsa-ntt: the message is " + std::to_string(bytes) +
                      " bytes, not a positive multiple of 1024 (one polynomial: 256 coefficients of 4 bytes)");
    const auto op = oracle::operation("mldsa-pwa");
    auto in = oracle::makeInputs("mldsa-pwa", 2048, 0);
    in.key.resize(1024);
    EXPECT_EQ(errorOf([&] { oracle::referenceOutput(op, in); }),
              "mldsa-pwa: the key is 1024 bytes; it holds the second operands (key): 2048 bytes for 2 polynomials");
    auto ntt = oracle::makeInputs("mldsa-ntt", 1024, 0);
    ntt.key = Bytes(1024);
    EXPECT_NE(errorOf([&] { oracle::referenceOutput(oracle::operation("mldsa-ntt"), ntt); }).find("it holds nothing"),
              std::string::npos);
}

TEST(MlDsaOracle, ACoefficientOfQOrMoreIsNamed) {
    auto in = oracle::makeInputs("mldsa-pwm", 2048, 0);
    // Polynomial 1 of the key, coefficient 7 = q.
    const std::size_t at = 1024 + 4 * 7;
    in.key[at] = 0x00;
    in.key[at + 1] = 0x7f;
    in.key[at + 2] = 0xe0;
    in.key[at + 3] = 0x01;
    const std::string e = errorOf([&] { oracle::referenceOutput(oracle::operation("mldsa-pwm"), in); });
    EXPECT_NE(e.find("mldsa-pwm: key polynomial 1: "), std::string::npos) << e;
    EXPECT_NE(e.find("7"), std::string::npos) << e;
    EXPECT_NE(e.find("8380417"), std::string::npos) << e;
}

TEST(MlDsaOracle, TheModelPassesTheCommittedKnownAnswers) {
    const auto records = core::readKatFile(test::vectorPath("mldsa/mldsa_ring_kat.txt"));
    ASSERT_EQ(records.size(), 8u);
    for (const char* id : {"mldsa-ntt", "mldsa-intt", "mldsa-pwm", "mldsa-pwa"}) {
        const auto op = oracle::operation(id);
        const core::KatOutcome o = core::runKat(op, records, core::modelDevice(op));
        EXPECT_EQ(o.passed, 2) << id;
        EXPECT_EQ(o.failed, 0) << id << ": " << (o.failures.empty() ? "" : o.failures.front());
        EXPECT_EQ(o.skipped, 6) << id; // the other operations' records
    }
}

TEST(MlDsaOracle, AWrongDeviceFailsTheKnownAnswers) {
    const auto records = core::readKatFile(test::vectorPath("mldsa/mldsa_ring_kat.txt"));
    const auto op = oracle::operation("mldsa-pwm");
    // AddNTT where MultiplyNTT is asked: every record must fail.
    const auto wrong = core::oneAtATime(
        [](const oracle::Inputs& in) { return oracle::referenceOutput(oracle::operation("mldsa-pwa"), in); });
    const core::KatOutcome o = core::runKat(op, records, wrong);
    EXPECT_EQ(o.passed, 0);
    EXPECT_EQ(o.failed, 2);
}
