// roundscope-cli ntt run end to end: the committed ML-DSA known answers (resources/vectors/mldsa) through
// the fast path and the model, from a binary file, a hex text file and --random; every bad input is exit
// status 2 with a one-line message naming the argument.
#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

#include "core/katfile.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

/** Record `count` of the committed ML-DSA known answers. */
rs::core::KatRecord record(int count) {
    const auto records = rs::core::readKatFile(rs::test::vectorPath("mldsa/mldsa_ring_kat.txt"));
    for (const auto& r : records)
        if (r.text("Count") == std::to_string(count)) return r;
    ADD_FAILURE() << "no record " << count;
    return {};
}

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& data) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(data);
    return path;
}

QByteArray raw(const rs::crypto::Bytes& b) {
    return QByteArray(reinterpret_cast<const char*>(b.data()), static_cast<qsizetype>(b.size()));
}

QString hex(const rs::crypto::Bytes& b) {
    return QString::fromStdString(rs::crypto::toHex(b));
}

} // namespace

TEST(CliNtt, ABinaryFileGivesTheKnownAnswerWithEveryImplementation) {
    QTemporaryDir dir;
    const auto r = record(0); // mldsa-ntt, one polynomial
    ASSERT_EQ(r.text("Algorithm"), "mldsa-ntt");
    const QString in = writeFile(dir, "a.bin", raw(r.hex("A")));
    for (const char* impl : {"fast", "reference"}) {
        const CliResult res =
            runCli({"ntt", "run", "--op", "ntt", "--in", in, "--impl", QString::fromLatin1(impl), "--json"});
        ASSERT_EQ(res.status, 0) << res.err.toStdString();
        const QJsonObject o = res.json();
        EXPECT_EQ(o.value("out").toString().toUpper(), hex(r.hex("Out")).toUpper()) << impl;
        EXPECT_TRUE(o.value("matchesReference").toBool());
        EXPECT_EQ(o.value("impl").toString(), QString::fromLatin1(impl));
        const QString isa = o.value("isa").toString();
        if (std::string(impl) == "reference")
            EXPECT_EQ(isa, "scalar");
        else
            EXPECT_TRUE(isa == "avx2" || isa == "portable") << isa.toStdString();
        const QJsonArray c = o.value("coefficients").toArray();
        ASSERT_EQ(c.size(), 256);
        const rs::crypto::Bytes out = r.hex("Out");
        for (int i = 0; i < 256; ++i) {
            const auto k = static_cast<std::size_t>(4 * i);
            const double want = (out[k] << 24) | (out[k + 1] << 16) | (out[k + 2] << 8) | out[k + 3];
            ASSERT_EQ(c.at(i).toDouble(), want) << "coefficient " << i;
        }
    }
}

TEST(CliNtt, AHexTextFileOfAThenBForPwm) {
    QTemporaryDir dir;
    const auto r = record(4); // mldsa-pwm, one pair
    ASSERT_EQ(r.text("Algorithm"), "mldsa-pwm");
    // Hex text with line breaks and spaces (ignored).
    const QByteArray text = hex(r.hex("A")).toLatin1() + "\n  " + hex(r.hex("B")).toLower().toLatin1() + "\n";
    const QString in = writeFile(dir, "ab.hex", text);
    const CliResult res = runCli({"ntt", "run", "--op", "pwm", "--in", in, "--json"});
    ASSERT_EQ(res.status, 0) << res.err.toStdString();
    EXPECT_EQ(res.json().value("out").toString().toUpper(), hex(r.hex("Out")).toUpper());
    EXPECT_EQ(res.json().value("b").toString().toUpper(), hex(r.hex("B")).toUpper());
    // INTT of a 1024-byte binary (record 2: NTT^-1).
    const auto inv = record(2);
    const CliResult i =
        runCli({"ntt", "run", "--op", "intt", "--in", writeFile(dir, "i.bin", raw(inv.hex("A")))});
    ASSERT_EQ(i.status, 0) << i.err.toStdString();
    EXPECT_TRUE(i.out.contains("matchesReference: true")) << i.out.toStdString();
}

TEST(CliNtt, RandomInputsForEveryOperation) {
    for (const char* op : {"ntt", "intt", "pwm", "pwa"}) {
        const CliResult a =
            runCli({"ntt", "run", "--op", QString::fromLatin1(op), "--random", "7", "--json"});
        ASSERT_EQ(a.status, 0) << op << ": " << a.err.toStdString();
        const QJsonObject o = a.json();
        EXPECT_TRUE(o.value("matchesReference").toBool()) << op;
        EXPECT_EQ(o.value("op").toString(), QString::fromLatin1(op));
        EXPECT_EQ(o.value("seed").toDouble(), 7);
        EXPECT_EQ(o.value("out").toString().size(), 2048);
        const CliResult again = runCli({"ntt", "run", "--op", QString::fromLatin1(op), "--random", "7",
                                        "--impl", "reference", "--json"});
        EXPECT_EQ(again.json().value("out"), o.value("out")) << op; // same seed: same input, same answer
        const CliResult other =
            runCli({"ntt", "run", "--op", QString::fromLatin1(op), "--random", "8", "--json"});
        EXPECT_NE(other.json().value("a"), o.value("a")) << op;
    }
}

TEST(CliNtt, BadInputsAreClearErrors) {
    QTemporaryDir dir;
    const QString one = writeFile(dir, "one.bin", QByteArray(1024, 0));
    expectUsageError({"ntt", "run", "--op", "ntt"}, "give --in FILE or --random SEED");
    expectUsageError({"ntt", "run", "--op", "ntt", "--in", one, "--random", "1"}, "--in and --random");
    expectUsageError({"ntt", "run", "--op", "fft", "--random", "1"},
                     "--op: expected ntt, intt, pwm or pwa, got 'fft'");
    expectUsageError({"ntt", "run", "--random", "1"}, "--op");
    expectUsageError({"ntt", "run", "--op", "ntt", "--random", "1", "--impl", "gpu"},
                     "--impl: expected fast or reference, got 'gpu'");
    expectUsageError({"ntt", "run", "--op", "ntt", "--random", "-3"}, "--random");
    // pwm needs a then b: 1024 bytes is one polynomial short.
    expectUsageError({"ntt", "run", "--op", "pwm", "--in", one},
                     "1024 bytes of binary data; expected 2 polynomials, a then b: 2048 bytes");
    expectUsageError({"ntt", "run", "--op", "ntt", "--in", writeFile(dir, "short.bin", QByteArray(1000, 0))},
                     "1000 bytes of binary data; expected 1 polynomial: 1024 bytes");
    expectUsageError({"ntt", "run", "--op", "ntt", "--in", dir.filePath("absent.bin")}, "--in: ");
    // Coefficient 3 of b is q.
    QByteArray ab(2048, 0);
    const int at = 1024 + 4 * 3;
    ab[at + 1] = 0x7f;
    ab[at + 2] = static_cast<char>(0xe0);
    ab[at + 3] = 0x01;
    expectUsageError({"ntt", "run", "--op", "pwa", "--in", writeFile(dir, "big.bin", ab)},
                     "polynomial b: ML-DSA polynomial: coefficient 3 is 8380417, not in [0, q = 8380417)");
    // Hex text with a wrong digit count or a non-hex character.
    expectUsageError({"ntt", "run", "--op", "ntt", "--in", writeFile(dir, "odd.hex", QByteArray(2046, 'a'))},
                     "(2046 hex digits)");
}

TEST(CliNtt, KatRunsTheCommittedKnownAnswersThroughTheModel) {
    for (const char* op : {"mldsa-ntt", "mldsa-intt", "mldsa-pwm", "mldsa-pwa"}) {
        const CliResult r =
            runCli({"kat", "--alg", QString::fromLatin1(op),
                    QString::fromStdString(rs::test::vectorPath("mldsa/mldsa_ring_kat.txt")), "--json"});
        ASSERT_EQ(r.status, 0) << op << ": " << r.err.toStdString();
        const QJsonObject o = r.json();
        EXPECT_EQ(o.value("passed").toInt(), 2) << op;
        EXPECT_EQ(o.value("failed").toInt(), 0) << op;
        EXPECT_EQ(o.value("skipped").toInt(), 6) << op;
        EXPECT_TRUE(o.value("algorithm").toString().startsWith("ML-DSA")) << op;
    }
}
