// roundscope-cli hash with the FIPS 202 rows of the registry (issue 35): SHA3-224/256/384/512 and
// SHAKE128/256 against values computed apart (Python's hashlib, OpenSSL's SHA-3), --outlen for the XOFs
// only, --in @FILE (the file's raw bytes), --impl (the fast Keccak-f[1600] against the model), and the
// rows' NIST vectors through kat.
#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

#include <QFile>
#include <QTemporaryDir>

#include <string>
#include <utility>

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

QString digest(const QStringList& args) {
    const CliResult r = runCli(args + QStringList{"--json"});
    EXPECT_EQ(r.status, 0) << args.join(' ').toStdString() << ": " << r.err.toStdString();
    return r.json().value("digest").toString();
}

// "abc", hashed by python3 -c "import hashlib; print(hashlib.sha3_256(b'abc').hexdigest())" and the like.
constexpr const char* kAbc = "616263";

} // namespace

TEST(CliSha3, DigestsOfAbcMatchAnIndependentImplementation) {
    struct Case {
        const char* alg;
        const char* outlen; // nullptr: the default
        const char* digest;
    };
    const Case cases[] = {
        {"sha3-224", nullptr, "E642824C3F8CF24AD09234EE7D3C766FC9A3A5168D0C94AD73B46FDF"},
        {"sha3-256", nullptr, "3A985DA74FE225B2045C172D6BD390BD855F086E3E9D525B46BFE24511431532"},
        {"sha3-384", nullptr,
         "EC01498288516FC926459F58E2C6AD8DF9B473CB0FC08C2596DA7CF0E49BE4B298D88CEA927AC7F539F1EDF228376D25"},
        {"sha3-512", nullptr,
         "B751850B1A57168A5693CD924B6B096E08F621827444F70D884F5D0240D2712E10E116E9192AF3C91A7EC57647E39340573"
         "40B4C"
         "F408D5A56592F8274EEC53F0"},
        // SHAKE: 32 bytes by default for SHAKE128, 64 for SHAKE256; 200 bytes cross SHAKE128's rate (168).
        {"shake128", nullptr, "5881092DD818BF5CF8A3DDB793FBCBA74097D5C526A6D35F97B83351940F2CC8"},
        {"shake256", nullptr,
         "483366601360A8771C6863080CC4114D8DB44530F8F1E1EE4F94EA37E78B5739D5A15BEF186A5386C75744C0527E1FAA9F8"
         "726E4"
         "62A12A4FEB06BD8801E751E4"},
        {"shake128", "200",
         "5881092DD818BF5CF8A3DDB793FBCBA74097D5C526A6D35F97B83351940F2CC844C50AF32ACD3F2CDD066568706F509BC1B"
         "DDE"
         "58295DAE3F891A9A0FCA5783789A41F8611214CE612394DF286A62D1A2252AA94DB9C538956C717DC2BED4F232A0294C857"
         "C73"
         "0AA16067AC1062F1201FB0D377CFB9CDE4C63599B27F3462BBA4A0ED296C801F9FF7F57302BB3076EE145F97A32AE68E76A"
         "B66"
         "C48D51675BD49ACC29082F5647584E6AA01B3F5AF057805F973FF8ECB8B226AC32ADA6F01C1FCD4818CB006AA5B4CD"},
        {"shake128", "5", "5881092DD8"},
    };
    for (const Case& c : cases) {
        QStringList args{"hash", "--alg", c.alg, "--in", kAbc};
        if (c.outlen) args += QStringList{"--outlen", c.outlen};
        EXPECT_EQ(digest(args), QString::fromLatin1(c.digest)) << c.alg << " " << (c.outlen ? c.outlen : "");
    }
    // The empty message, and a hash's own size given explicitly.
    EXPECT_EQ(digest({"hash", "--alg", "sha3-256", "--in", "", "--outlen", "32"}),
              "A7FFC6F8BF1ED76651C14756A061D662F580FF4DE43B49FA82D80A4B80F8434A");
}

TEST(CliSha3, InFileIsHashedAsItsRawBytes) {
    QTemporaryDir dir;
    const QString abc = dir.filePath("abc.bin");
    {
        QFile f(abc);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("abc");
    }
    EXPECT_EQ(digest({"hash", "--alg", "sha3-256", "--in", "@" + abc}),
              "3A985DA74FE225B2045C172D6BD390BD855F086E3E9D525B46BFE24511431532");
    // A file holding hex text is still its bytes: SHA3-256 of the six characters "616263".
    const QString text = dir.filePath("abc.hex");
    {
        QFile f(text);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(kAbc);
    }
    EXPECT_EQ(digest({"hash", "--alg", "sha3-256", "--in", "@" + text}),
              "CAA6099C72EC3B69F906BD7E6CBE5E8BCC8A85391805DD7DBA6D7F2797C2B187");
    // The Ascon rows read files the same way (one rule for --in).
    EXPECT_EQ(digest({"hash", "--alg", "ascon-hash256", "--in", "@" + abc}),
              digest({"hash", "--alg", "ascon-hash256", "--in", kAbc}));
    expectUsageError({"hash", "--alg", "sha3-256", "--in", "@" + dir.filePath("none")}, "--in: ");
    expectUsageError({"hash", "--alg", "sha3-256", "--in", "@" + dir.path()}, "--in: ");
    expectUsageError({"hash", "--alg", "sha3-256", "--in", "@"}, "--in: '@' names no file");
}

TEST(CliSha3, OutlenAndImplAreCheckedPerRow) {
    expectUsageError({"hash", "--alg", "sha3-256", "--in", kAbc, "--outlen", "16"},
                     "--outlen: sha3-256 has a fixed 32-byte digest");
    expectUsageError({"hash", "--alg", "sha3-512", "--in", kAbc, "--outlen", "32"}, "--outlen: sha3-512");
    expectUsageError({"hash", "--alg", "shake256", "--in", kAbc, "--outlen", "0"}, "--outlen");
    expectUsageError({"hash", "--alg", "shake256", "--in", "6"}, "--in: odd number of hex digits");
    expectUsageError({"hash", "--alg", "sha3-999", "--in", kAbc}, "--alg: unknown algorithm 'sha3-999'");
    expectUsageError({"hash", "--alg", "ascon-hash256", "--in", kAbc, "--impl", "fast"},
                     "--impl: ascon-hash256 has no fast path");
    expectUsageError({"hash", "--alg", "sha3-256", "--in", kAbc, "--impl", "gpu"}, "--impl: expected");
    // The SHA-3 rows run the fast Keccak-f[1600] by default, the model with --impl reference: the same bytes
    // (SHAKE128 over three blocks, SHA3-512 of a message longer than its rate).
    const QString longMsg = QString(2 * 300, 'A');
    for (const QStringList& args : {QStringList{"hash", "--alg", "shake128", "--in", kAbc, "--outlen", "500"},
                                    QStringList{"hash", "--alg", "sha3-512", "--in", longMsg},
                                    QStringList{"hash", "--alg", "sha3-224", "--in", kAbc}}) {
        const CliResult fast = runCli(args + QStringList{"--json"});
        const CliResult ref = runCli(args + QStringList{"--impl", "reference", "--json"});
        ASSERT_EQ(fast.status, 0) << fast.err.toStdString();
        ASSERT_EQ(ref.status, 0) << ref.err.toStdString();
        EXPECT_EQ(fast.json().value("impl").toString(), "fast");
        EXPECT_EQ(ref.json().value("impl").toString(), "reference");
        EXPECT_EQ(fast.json().value("digest").toString(), ref.json().value("digest").toString())
            << args.join(' ').toStdString();
    }
    // A row without a fast path runs its model by default.
    const CliResult ascon = runCli({"hash", "--alg", "ascon-hash256", "--in", kAbc, "--json"});
    ASSERT_EQ(ascon.status, 0);
    EXPECT_EQ(ascon.json().value("impl").toString(), "reference");
}

TEST(CliSha3, TheRowsNistVectorsPassThroughKatAndATamperedOneFails) {
    const std::pair<const char*, const char*> rows[] = {{"sha3-224", "sha3_224"}, {"sha3-256", "sha3_256"},
                                                        {"sha3-384", "sha3_384"}, {"sha3-512", "sha3_512"},
                                                        {"shake128", "shake128"}, {"shake256", "shake256"}};
    for (const auto& [alg, file] : rows) {
        const QString path =
            QString::fromStdString(rs::test::vectorPath("sha3/" + std::string(file) + "_nist_shortmsg.txt"));
        const CliResult r = runCli({"kat", "--alg", alg, path});
        EXPECT_EQ(r.status, 0) << alg << ": " << r.err.toStdString() << r.out.toStdString();
        EXPECT_TRUE(r.out.trimmed().endsWith("6 passed, 0 failed")) << alg << ": " << r.out.toStdString();
    }
    QTemporaryDir dir;
    QFile in(QString::fromStdString(rs::test::vectorPath("sha3/sha3_256_nist_shortmsg.txt")));
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    QByteArray text = in.readAll();
    text.replace("MD = A7FF", "MD = A7FE"); // the empty message's digest, one bit off
    const QString bad = dir.filePath("bad.txt");
    QFile out(bad);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(text);
    out.close();
    const CliResult r = runCli({"kat", "--alg", "sha3-256", bad});
    EXPECT_EQ(r.status, 1) << r.err.toStdString();
    EXPECT_TRUE(r.out.trimmed().endsWith("5 passed, 1 failed")) << r.out.toStdString();
}
