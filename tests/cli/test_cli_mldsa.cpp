// roundscope-cli mldsa keygen|sign|verify end to end (issue 35): a key pair, a signature and its verification
// for every parameter set; the deterministic variant stable, the hedged one fresh; a changed signature,
// message or context refused (exit 1); HashML-DSA; keys, messages and signatures from @FILE (raw and hex
// text); the JSON shapes; and every bad input exit status 2 with one line naming its option.
#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

#include "core/crypto/mldsa.h"

#include <QFile>
#include <QJsonObject>
#include <QStringList>
#include <QTemporaryDir>

#include <set>

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

const QString kSeed = QStringLiteral("000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F");
const QString kMsg = QStringLiteral("526F756E6453636F7065"); // "RoundScope"

CliResult cli(QStringList args) {
    return runCli(args);
}

/** The CLI's answer as one JSON object, after checking it succeeded. */
QJsonObject ok(const QStringList& args) {
    const CliResult r = cli(args);
    EXPECT_EQ(r.status, 0) << args.join(' ').toStdString() << ": " << r.err.toStdString();
    return r.json();
}

std::set<QString> keysOf(const QJsonObject& o) {
    std::set<QString> keys;
    for (auto it = o.begin(); it != o.end(); ++it)
        keys.insert(it.key());
    return keys;
}

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& data) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(data);
    return path;
}

/** A hex string with one bit of byte `index` flipped. */
QString flipped(const QString& hex, int index) {
    QByteArray bytes = QByteArray::fromHex(hex.toLatin1());
    bytes[index] = static_cast<char>(bytes[index] ^ 0x01);
    return QString::fromLatin1(bytes.toHex().toUpper());
}

struct Keys {
    QString pk, sk;
};

Keys keygen(const QString& param, const QString& impl = QStringLiteral("fast")) {
    const QJsonObject k =
        ok({"mldsa", "keygen", "--param", param, "--seed", kSeed, "--impl", impl, "--json"});
    return {k.value("pk").toString(), k.value("sk").toString()};
}

} // namespace

TEST(CliMlDsa, KeyGenSignVerifyRoundTripForEveryParameterSet) {
    for (const rs::crypto::MlDsaParamSet set :
         {rs::crypto::MlDsaParamSet::MlDsa44, rs::crypto::MlDsaParamSet::MlDsa65,
          rs::crypto::MlDsaParamSet::MlDsa87}) {
        const rs::crypto::MlDsaParams& p = rs::crypto::mldsaParams(set);
        const QString param = QString::fromLatin1(p.name).section('-', 2); // "44"
        SCOPED_TRACE(p.name);
        const Keys keys = keygen(param);
        // The CLI's keys are the library's for that seed, at the set's sizes.
        const rs::crypto::MlDsaKeyPair lib =
            rs::crypto::mldsaKeyGen(set, rs::crypto::fromHex(kSeed.toStdString()));
        EXPECT_EQ(keys.pk.toStdString(), rs::crypto::toHex(lib.pk));
        EXPECT_EQ(keys.sk.toStdString(), rs::crypto::toHex(lib.sk));
        EXPECT_EQ(static_cast<std::size_t>(keys.pk.size()), 2 * p.pkBytes);
        EXPECT_EQ(static_cast<std::size_t>(keys.sk.size()), 2 * p.skBytes);

        const QJsonObject s = ok({"mldsa", "sign", "--param", param, "--sk", keys.sk, "--msg", kMsg, "--ctx",
                                  "0102", "--deterministic", "--json"});
        const QString sig = s.value("sig").toString();
        EXPECT_EQ(static_cast<std::size_t>(sig.size()), 2 * p.sigBytes);
        EXPECT_GE(s.value("attempts").toInt(), 1);
        const QJsonObject v = ok({"mldsa", "verify", "--param", param, "--pk", keys.pk, "--msg", kMsg,
                                  "--ctx", "0102", "--sig", sig, "--json"});
        EXPECT_TRUE(v.value("valid").toBool());

        // One flipped bit of the signature, another message or another context: exit 1, valid false.
        for (const QStringList& bad :
             {QStringList{"--msg", kMsg, "--ctx", "0102", "--sig", flipped(sig, 5)},
              QStringList{"--msg", kMsg, "--ctx", "0102", "--sig", flipped(sig, sig.size() / 2 - 1)},
              QStringList{"--msg", flipped(kMsg, 0), "--ctx", "0102", "--sig", sig},
              QStringList{"--msg", kMsg, "--ctx", "0103", "--sig", sig},
              QStringList{"--msg", kMsg, "--sig", sig}}) {
            const CliResult r =
                cli(QStringList{"mldsa", "verify", "--param", param, "--pk", keys.pk, "--json"} + bad);
            EXPECT_EQ(r.status, 1) << bad.join(' ').toStdString();
            EXPECT_FALSE(r.json().value("valid").toBool(true));
            EXPECT_TRUE(QString::fromUtf8(r.err).contains("does not verify")) << r.err.toStdString();
        }
    }
}

TEST(CliMlDsa, DeterministicSignaturesAreStableAndHedgedOnesFresh) {
    const Keys keys = keygen("44");
    const QStringList base{"mldsa", "sign", "--param", "44", "--sk", keys.sk, "--msg", kMsg, "--json"};
    const QJsonObject a = ok(base + QStringList{"--deterministic"});
    const QJsonObject b = ok(base + QStringList{"--deterministic"});
    EXPECT_EQ(a.value("sig").toString(), b.value("sig").toString());
    EXPECT_EQ(a.value("rnd").toString(), QString(64, '0'));
    EXPECT_EQ(a.value("rndSource").toString(), "deterministic");
    // --rnd of all zeros is the deterministic variant; another rnd another signature, as stable.
    EXPECT_EQ(ok(base + QStringList{"--rnd", QString(64, '0')}).value("sig").toString(),
              a.value("sig").toString());
    const QJsonObject c = ok(base + QStringList{"--rnd", kSeed});
    EXPECT_NE(c.value("sig").toString(), a.value("sig").toString());
    EXPECT_EQ(ok(base + QStringList{"--rnd", kSeed}).value("sig").toString(), c.value("sig").toString());
    EXPECT_EQ(c.value("rndSource").toString(), "given");
    // Neither: a fresh rnd each time, printed, and each signature verifies.
    const QJsonObject h1 = ok(base), h2 = ok(base);
    EXPECT_EQ(h1.value("rndSource").toString(), "random");
    EXPECT_EQ(h1.value("rnd").toString().size(), 64);
    EXPECT_NE(h1.value("rnd").toString(), h2.value("rnd").toString());
    EXPECT_NE(h1.value("sig").toString(), h2.value("sig").toString());
    for (const QJsonObject& h : {h1, h2}) {
        EXPECT_TRUE(ok({"mldsa", "verify", "--param", "44", "--pk", keys.pk, "--msg", kMsg, "--sig",
                        h.value("sig").toString(), "--json"})
                        .value("valid")
                        .toBool());
        // The printed rnd reproduces it.
        EXPECT_EQ(ok(base + QStringList{"--rnd", h.value("rnd").toString()}).value("sig").toString(),
                  h.value("sig").toString());
    }
    // keygen without --seed: a fresh seed, printed, that reproduces the keys.
    const QJsonObject k = ok({"mldsa", "keygen", "--param", "44", "--json"});
    EXPECT_EQ(k.value("seedSource").toString(), "random");
    EXPECT_EQ(ok({"mldsa", "keygen", "--param", "44", "--seed", k.value("seed").toString(), "--json"})
                  .value("sk")
                  .toString(),
              k.value("sk").toString());
}

TEST(CliMlDsa, FastAndReferenceGiveTheSameBytes) {
    const Keys fast = keygen("65", "fast");
    const Keys ref = keygen("65", "reference");
    EXPECT_EQ(fast.sk, ref.sk);
    QString sigs[2];
    int i = 0;
    for (const char* impl : {"fast", "reference"}) {
        const QJsonObject s = ok({"mldsa", "sign", "--param", "65", "--sk", fast.sk, "--msg", kMsg,
                                  "--deterministic", "--impl", impl, "--json"});
        EXPECT_EQ(s.value("impl").toString(), impl);
        sigs[i++] = s.value("sig").toString();
        EXPECT_TRUE(ok({"mldsa", "verify", "--param", "65", "--pk", fast.pk, "--msg", kMsg, "--sig", sigs[0],
                        "--impl", impl, "--json"})
                        .value("valid")
                        .toBool());
    }
    EXPECT_EQ(sigs[0], sigs[1]);
}

TEST(CliMlDsa, HashMlDsaSignsThePreHashAndVerifiesOnlyWithIt) {
    const Keys keys = keygen("44");
    const QJsonObject s = ok({"mldsa", "sign", "--param", "44", "--sk", keys.sk, "--msg", kMsg, "--prehash",
                              "SHA2-256", "--deterministic", "--json"});
    EXPECT_EQ(s.value("prehash").toString(), "SHA2-256");
    const QString sig = s.value("sig").toString();
    const QStringList verify{"mldsa", "verify", "--param", "44",    "--pk",
                             keys.pk, "--msg",  kMsg,      "--sig", sig};
    EXPECT_EQ(cli(verify + QStringList{"--prehash", "SHA2-256"}).status, 0);
    EXPECT_EQ(cli(verify + QStringList{"--prehash", "SHA3-256"}).status, 1);
    EXPECT_EQ(cli(verify).status, 1); // the pure interface: another M'
    // The pure signature of the same message differs.
    EXPECT_NE(
        ok({"mldsa", "sign", "--param", "44", "--sk", keys.sk, "--msg", kMsg, "--deterministic", "--json"})
            .value("sig")
            .toString(),
        sig);
}

TEST(CliMlDsa, InputsFromFilesRawOrHexText) {
    QTemporaryDir dir;
    const Keys keys = keygen("44");
    const QByteArray skRaw = QByteArray::fromHex(keys.sk.toLatin1());
    // A hex text file may hold line breaks, spaces and lower case; a raw file exactly the set's bytes.
    QByteArray skText;
    for (qsizetype i = 0; i < keys.sk.size(); i += 64)
        skText += keys.sk.mid(i, 64).toLower().toLatin1() + "\n";
    const QString skHexFile = writeFile(dir, "sk.hex", skText);
    const QString skRawFile = writeFile(dir, "sk.bin", skRaw);
    // A message file is its raw bytes: this one is the 20 ASCII characters of kMsg, not the 10 bytes.
    const QString msgFile = writeFile(dir, "msg.txt", kMsg.toLatin1());
    const QString msgAscii = QString::fromLatin1(kMsg.toLatin1().toHex().toUpper());

    const QJsonObject inline_ = ok(
        {"mldsa", "sign", "--param", "44", "--sk", keys.sk, "--msg", msgAscii, "--deterministic", "--json"});
    for (const QString& sk : {skHexFile, skRawFile}) {
        const QJsonObject fromFile = ok({"mldsa", "sign", "--param", "44", "--sk", "@" + sk, "--msg",
                                         "@" + msgFile, "--deterministic", "--json"});
        EXPECT_EQ(fromFile.value("sig").toString(), inline_.value("sig").toString()) << sk.toStdString();
    }
    const QString sigFile =
        writeFile(dir, "sig.bin", QByteArray::fromHex(inline_.value("sig").toString().toLatin1()));
    const QString pkFile = writeFile(dir, "pk.hex", keys.pk.toLatin1() + "\n");
    const QJsonObject v = ok({"mldsa", "verify", "--param", "44", "--pk", "@" + pkFile, "--msg",
                              "@" + msgFile, "--sig", "@" + sigFile, "--json"});
    EXPECT_TRUE(v.value("valid").toBool());
    // The message file's bytes, not its text read as hex: against kMsg's 10 bytes it does not verify.
    EXPECT_EQ(
        cli({"mldsa", "verify", "--param", "44", "--pk", "@" + pkFile, "--msg", kMsg, "--sig", "@" + sigFile})
            .status,
        1);
    // Neither the raw size nor hex text; an empty name; a missing file; a folder.
    const QString junk = writeFile(dir, "junk.bin", QByteArray("\x01\x02zz\n", 5));
    expectUsageError({"mldsa", "sign", "--param", "44", "--sk", "@" + junk, "--msg", kMsg}, "--sk: '");
    expectUsageError({"mldsa", "sign", "--param", "44", "--sk", "@" + junk, "--msg", kMsg}, "nor hex text");
    expectUsageError({"mldsa", "sign", "--param", "44", "--sk", "@", "--msg", kMsg},
                     "--sk: '@' names no file");
    expectUsageError({"mldsa", "sign", "--param", "44", "--sk", keys.sk, "--msg", "@" + dir.filePath("none")},
                     "--msg: ");
    expectUsageError(
        {"mldsa", "verify", "--param", "44", "--pk", "@" + dir.path(), "--msg", kMsg, "--sig", "00"},
        "--pk: ");
    // A hex file of the wrong length names both sizes.
    const QString shortHex = writeFile(dir, "short.hex", keys.pk.left(20).toLatin1());
    expectUsageError(
        {"mldsa", "verify", "--param", "44", "--pk", "@" + shortHex, "--msg", kMsg, "--sig", "00"},
        "--pk: expected 1312 bytes for ML-DSA-44, got 10");
}

TEST(CliMlDsa, JsonAndTextShapes) {
    const QJsonObject k = ok({"mldsa", "keygen", "--param", "87", "--seed", kSeed, "--json"});
    EXPECT_EQ(keysOf(k), (std::set<QString>{"param", "impl", "seed", "seedSource", "pk", "sk"}));
    EXPECT_EQ(k.value("param").toString(), "ML-DSA-87");
    EXPECT_EQ(k.value("impl").toString(), "fast");
    EXPECT_EQ(k.value("seed").toString(), kSeed);
    EXPECT_EQ(k.value("seedSource").toString(), "given");
    const QJsonObject s = ok({"mldsa", "sign", "--param", "ML-DSA-87", "--sk", k.value("sk").toString(),
                              "--msg", "", "--deterministic", "--json"});
    EXPECT_EQ(keysOf(s), (std::set<QString>{"param", "impl", "sig", "attempts", "rnd", "rndSource"}));
    EXPECT_TRUE(s.value("attempts").isDouble());
    const QJsonObject v = ok({"mldsa", "verify", "--param", "87", "--pk", k.value("pk").toString(), "--msg",
                              "", "--sig", s.value("sig").toString(), "--json"});
    EXPECT_EQ(keysOf(v), (std::set<QString>{"param", "impl", "valid"}));
    // Without --json: one "name: value" line each.
    const CliResult text = cli({"mldsa", "verify", "--param", "87", "--pk", k.value("pk").toString(), "--msg",
                                "", "--sig", s.value("sig").toString(), "--impl", "reference"});
    EXPECT_EQ(text.status, 0);
    EXPECT_EQ(QString::fromUtf8(text.out),
              "impl: reference\nparam: ML-DSA-87\nvalid: true\n"); // QJsonObject: sorted
}

TEST(CliMlDsa, EveryBadInputIsAUsageErrorNamingItsOption) {
    const Keys keys = keygen("44");
    const QString sig(2 * 2420, 'A');
    const QString ctx256(512, '0');
    const QStringList sign{"mldsa", "sign", "--param", "44", "--sk", keys.sk, "--msg", kMsg};
    const QStringList verify{"mldsa", "verify", "--param", "44", "--pk", keys.pk, "--msg", kMsg};
    expectUsageError({"mldsa"}, "mldsa: expected 'keygen', 'sign'");
    expectUsageError({"mldsa", "frob"}, "got 'frob'");
    expectUsageError({"mldsa", "keygen"}, "missing --param");
    expectUsageError({"mldsa", "keygen", "--param", "42"},
                     "--param: unknown parameter set '42' (choose 44, 65 or 87)");
    expectUsageError({"mldsa", "keygen", "--param", "44", "--seed", kSeed.left(62)},
                     "--seed: expected 32 bytes, got 31");
    expectUsageError({"mldsa", "keygen", "--param", "44", "--seed", "0g"}, "--seed: not a hex digit");
    expectUsageError({"mldsa", "keygen", "--param", "44", "--seed", "123"},
                     "--seed: odd number of hex digits");
    expectUsageError({"mldsa", "keygen", "--param", "44", "--impl", "gpu"},
                     "--impl: expected fast or reference");
    expectUsageError({"mldsa", "sign", "--param", "44", "--sk", "00", "--msg", kMsg},
                     "--sk: expected 2560 bytes for ML-DSA-44, got 1");
    expectUsageError({"mldsa", "sign", "--param", "65", "--sk", keys.sk, "--msg", kMsg},
                     "--sk: expected 4032 bytes for ML-DSA-65, got 2560");
    expectUsageError({"mldsa", "sign", "--param", "44", "--sk", keys.sk}, "missing --msg");
    expectUsageError(sign + QStringList{"--ctx", ctx256}, "--ctx: at most 255 bytes, got 256");
    expectUsageError(sign + QStringList{"--rnd", kSeed, "--deterministic"}, "--rnd and --deterministic");
    expectUsageError(sign + QStringList{"--rnd", "00"}, "--rnd: expected 32 bytes, got 1");
    expectUsageError(sign + QStringList{"--prehash", "MD5"}, "--prehash: unknown pre-hash function 'MD5'");
    expectUsageError(sign + QStringList{"--sig", "00"}, "unknown option --sig");
    // A secret key of the right size that does not decode (s1 coefficients out of [-eta, eta]).
    expectUsageError({"mldsa", "sign", "--param", "44", "--sk", QString(2 * 2560, 'F'), "--msg", kMsg},
                     "--sk: ");
    expectUsageError(verify + QStringList{"--sig", "00"}, "--sig: expected 2420 bytes for ML-DSA-44, got 1");
    expectUsageError(verify + QStringList{"--sig", sig + "AA"},
                     "--sig: expected 2420 bytes for ML-DSA-44, got 2421");
    expectUsageError(verify + QStringList{"--sig", sig, "--ctx", ctx256},
                     "--ctx: at most 255 bytes, got 256");
    expectUsageError(verify + QStringList{"--sig", sig, "--prehash", "SHA2"}, "--prehash: ");
    expectUsageError({"mldsa", "verify", "--param", "44", "--pk", keys.sk, "--msg", kMsg, "--sig", sig},
                     "--pk: expected 1312 bytes for ML-DSA-44, got 2560");
    expectUsageError(verify + QStringList{"--sig", sig, "--deterministic"},
                     "--deterministic is not an option");
}

TEST(CliMlDsa, HelpListsTheCommandFromTheTable) {
    const CliResult all = cli({"--help"});
    const QString help = QString::fromUtf8(all.out);
    EXPECT_TRUE(help.contains("mldsa keygen --param 44|65|87 [--seed HEX]")) << help.toStdString();
    EXPECT_TRUE(help.contains("mldsa sign --param 44|65|87 --sk HEX|@FILE --msg HEX|@FILE"));
    EXPECT_TRUE(help.contains("mldsa verify --param 44|65|87 --pk HEX|@FILE"));
    EXPECT_TRUE(help.contains("mldsa verify: the"));
    const CliResult own = cli({"mldsa", "--help"});
    EXPECT_EQ(own.status, 0);
    const QString mine = QString::fromUtf8(own.out);
    EXPECT_TRUE(mine.contains("SHA2-224")) << mine.toStdString();
    EXPECT_TRUE(mine.contains("SHAKE-256") || mine.contains("SHAKE256")) << mine.toStdString();
    EXPECT_TRUE(mine.contains("[--deterministic]"));
}

// `trace --alg mldsa-NN-sign`: signing stepped as the explorer steps it; the signature it prints is the one
// `mldsa sign --deterministic` gives for the same seed and message, its last step is the passed hint check,
// a twin flips a message bit, and bad fields are usage errors naming them.
TEST(CliMlDsa, TraceStepsSigningAsTheExplorerDoes) {
    const CliResult r = cli({"trace", "--alg", "mldsa-44-sign", "--seed", kSeed, "--msg", kMsg});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QString out = QString::fromUtf8(r.out);
    const QJsonObject k = ok({"mldsa", "keygen", "--param", "44", "--seed", kSeed, "--json"});
    const QJsonObject s = ok({"mldsa", "sign", "--param", "44", "--sk", k.value("sk").toString(), "--msg",
                              kMsg, "--deterministic", "--json"});
    EXPECT_TRUE(out.contains(QStringLiteral("output: ") + s.value("sig").toString()))
        << out.left(200).toStdString();
    EXPECT_TRUE(out.contains(QStringLiteral("\"step\":\"check hints = ")));
    const int attempts = s.value("attempts").toInt();
    EXPECT_TRUE(out.contains(QStringLiteral("\"round\":%1,").arg(attempts)));
    EXPECT_FALSE(out.contains(QStringLiteral("\"round\":%1,").arg(attempts + 1)));
    const CliResult twin = cli({"trace", "--alg", "mldsa-44-sign", "--flip", "msg:3"});
    ASSERT_EQ(twin.status, 0) << twin.err.toStdString();
    EXPECT_TRUE(QString::fromUtf8(twin.out).contains(QStringLiteral("\"field\":\"msg\"")));
    expectUsageError({"trace", "--alg", "mldsa-44-sign", "--seed", "00"},
                     "--seed: mldsa-44-sign takes 32 bytes, got 1");
    expectUsageError({"trace", "--alg", "mldsa-44-sign", "--ctx", QString(512, QLatin1Char('A'))}, "--ctx: ");
}
