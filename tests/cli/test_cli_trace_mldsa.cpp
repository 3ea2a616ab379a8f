// roundscope-cli trace --alg mldsa-ntt|mldsa-intt end to end: the explorer's ML-DSA transforms, their steps
// (input, 8 layers, and NTT^-1's × 256⁻¹), the last step beside `ntt run` and the FIPS 204 model, the
// butterfly sub-steps, --export-steps, and the refusals (a coefficient >= q names its index).
#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

#include "core/crypto/mldsantt.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

namespace {

using rs::test::expectUsageError;
using rs::test::runCli;
namespace crypto = rs::crypto;

crypto::MlDsaPoly counting() {
    crypto::MlDsaPoly p{};
    for (std::size_t i = 0; i < p.size(); ++i)
        p[i] = static_cast<std::int32_t>(i);
    return p;
}

crypto::MlDsaPoly spread() {
    crypto::MlDsaPoly p{};
    for (std::size_t i = 0; i < p.size(); ++i)
        p[i] = static_cast<std::int32_t>((i * 104729u + 11u) % static_cast<std::size_t>(crypto::kMlDsaQ));
    p[3] = crypto::kMlDsaQ - 1;
    return p;
}

QString hexOf(const crypto::MlDsaPoly& p) {
    return QString::fromStdString(crypto::toHex(crypto::mldsaPolyToBytes(p)));
}

QStringList trace(const char* alg) {
    return {QStringLiteral("trace"), QStringLiteral("--alg"), QLatin1String(alg)};
}

/** `ntt run --op OP --in FILE --json` on p: its "out" hex. */
QString nttRunOut(const char* op, const crypto::MlDsaPoly& p) {
    QTemporaryDir dir;
    EXPECT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("p.bin"));
    const crypto::Bytes bytes = crypto::mldsaPolyToBytes(p);
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qsizetype>(bytes.size()));
    f.close();
    const auto r = runCli({QStringLiteral("ntt"), QStringLiteral("run"), QStringLiteral("--op"),
                           QLatin1String(op), QStringLiteral("--in"), path, QStringLiteral("--json")});
    EXPECT_EQ(r.status, 0) << r.err.toStdString();
    return r.json().value(QStringLiteral("out")).toString();
}

TEST(CliTraceMlDsa, DefaultInputsAreTheExplorersAndTheLastStepIsTheTransform) {
    const crypto::MlDsaPoly w = counting();
    const crypto::MlDsaPoly wHat = crypto::mldsaNtt(w);
    for (const auto& [alg, op, in, out, steps] :
         {std::tuple{"mldsa-ntt", "ntt", w, wHat, 9}, std::tuple{"mldsa-intt", "intt", wHat, w, 10}}) {
        QStringList args = trace(alg);
        args << QStringLiteral("--json");
        const auto r = runCli(args);
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        const QJsonObject o = r.json();
        EXPECT_EQ(o.value(QStringLiteral("layout")).toObject().value(QStringLiteral("name")).toString(),
                  QStringLiteral("mldsa-poly"));
        const QJsonArray s = o.value(QStringLiteral("steps")).toArray();
        ASSERT_EQ(s.size(), steps) << alg;
        EXPECT_EQ(s.first().toObject().value(QStringLiteral("state")).toString(), hexOf(in)) << alg;
        const QString last = s.last().toObject().value(QStringLiteral("state")).toString();
        EXPECT_EQ(last, hexOf(out)) << alg;
        EXPECT_EQ(last, nttRunOut(op, in)) << alg;
        EXPECT_EQ(o.value(QStringLiteral("output")).toString(), last) << alg;
    }
}

TEST(CliTraceMlDsa, GivenPolynomialMatchesNttRunAndTheModel) {
    const crypto::MlDsaPoly p = spread();
    for (const auto& [alg, op, want] : {std::tuple{"mldsa-ntt", "ntt", crypto::mldsaNtt(p)},
                                        std::tuple{"mldsa-intt", "intt", crypto::mldsaInverseNtt(p)}}) {
        QStringList args = trace(alg);
        args << QStringLiteral("--poly") << hexOf(p) << QStringLiteral("--json");
        const auto r = runCli(args);
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        const QJsonArray s = r.json().value(QStringLiteral("steps")).toArray();
        ASSERT_FALSE(s.isEmpty());
        EXPECT_EQ(s.first().toObject().value(QStringLiteral("state")).toString(), hexOf(p));
        const QString last = s.last().toObject().value(QStringLiteral("state")).toString();
        EXPECT_EQ(last, hexOf(want)) << alg;
        EXPECT_EQ(last, nttRunOut(op, p)) << alg;
    }
}

TEST(CliTraceMlDsa, TextOutputNamesTheTransform) {
    const auto r = runCli(trace("mldsa-intt"));
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QString text = QString::fromUtf8(r.out);
    EXPECT_TRUE(text.contains(QStringLiteral("algorithm: ML-DSA INTT"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("output: ") + hexOf(counting()))) << text.toStdString();
}

TEST(CliTraceMlDsa, SubstepsAddOneStepPerButterfly) {
    for (const auto& [alg, layerSteps] : {std::pair{"mldsa-ntt", 9}, std::pair{"mldsa-intt", 10}}) {
        QStringList args = trace(alg);
        args << QStringLiteral("--substeps") << QStringLiteral("--json");
        const auto r = runCli(args);
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        const QJsonArray s = r.json().value(QStringLiteral("steps")).toArray();
        EXPECT_EQ(s.size(), layerSteps + 8 * 128) << alg; // 128 butterflies before each of the 8 layers
        const bool inverse = std::string(alg) == "mldsa-intt";
        const crypto::MlDsaButterfly b = crypto::mldsaButterfly(inverse, 1, 1);
        EXPECT_EQ(s.at(1).toObject().value(QStringLiteral("step")).toString().toStdString(),
                  crypto::mldsaButterflyStepName(inverse, b));
    }
}

TEST(CliTraceMlDsa, FlipRunsTheTwin) {
    QStringList args = trace("mldsa-ntt");
    args << QStringLiteral("--flip") << QStringLiteral("poly:31") << QStringLiteral("--json");
    const auto r = runCli(args);
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject twin = r.json().value(QStringLiteral("twin")).toObject();
    crypto::MlDsaPoly flipped = counting();
    flipped[0] ^= 1;
    EXPECT_EQ(twin.value(QStringLiteral("output")).toString(), hexOf(crypto::mldsaNtt(flipped)));
}

TEST(CliTraceMlDsa, ExportStepsDrawsTheLayers) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("steps"));
    QStringList args = trace("mldsa-intt");
    args << QStringLiteral("--export-steps") << out << QStringLiteral("--from") << QStringLiteral("8")
         << QStringLiteral("--json");
    const auto r = runCli(args);
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject e = r.json().value(QStringLiteral("export")).toObject();
    EXPECT_EQ(e.value(QStringLiteral("steps")).toInt(), 3); // steps 8, 9, 10
    EXPECT_EQ(QDir(out).entryList({QStringLiteral("*.png")}, QDir::Files).size(), 3);
}

TEST(CliTraceMlDsa, BadInputsAreClearErrors) {
    crypto::Bytes bytes = crypto::mldsaPolyToBytes(counting());
    crypto::storeBe32(bytes.data() + 4 * 7, static_cast<std::uint32_t>(crypto::kMlDsaQ));
    QStringList big = trace("mldsa-ntt");
    big << QStringLiteral("--poly") << QString::fromStdString(crypto::toHex(bytes));
    expectUsageError(big, "coefficient 7");
    expectUsageError(big, "--poly");

    QStringList shortPoly = trace("mldsa-intt");
    shortPoly << QStringLiteral("--poly") << QStringLiteral("00000001");
    expectUsageError(shortPoly, "1024 bytes");

    QStringList notHex = trace("mldsa-ntt");
    notHex << QStringLiteral("--poly") << QStringLiteral("zz");
    expectUsageError(notHex, "--poly");

    // bit 0 is coefficient 0's bit 31: the flipped coefficient would be >= q
    QStringList flipHigh = trace("mldsa-ntt");
    flipHigh << QStringLiteral("--flip") << QStringLiteral("poly:0");
    expectUsageError(flipHigh, "coefficient 0");

    QStringList flipField = trace("mldsa-ntt");
    flipField << QStringLiteral("--flip") << QStringLiteral("key:3");
    expectUsageError(flipField, "--flip");

    QStringList rounds = trace("mldsa-ntt");
    rounds << QStringLiteral("--rounds") << QStringLiteral("4");
    expectUsageError(rounds, "--rounds");

    expectUsageError(trace("mldsa-pwm"), "mldsa-ntt");
}

} // namespace
