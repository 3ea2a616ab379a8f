// roundscope-cli end to end: run the real executable, parse its one JSON object, compare with the
// official vectors; every bad input must give exit status 2 and a one-line message naming the argument.
#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

#include "core/crypto/blockmodes.h"
#include "core/katfile.h"
#include "core/oracle/algorithms.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <sys/stat.h>

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;
CliResult cli(const QStringList& args) {
    return rs::test::runCli(args);
}

QString q(const std::string& s) {
    return QString::fromStdString(s);
}
QString hexOf(const rs::core::KatRecord& r, const char* f) {
    return q(rs::crypto::toHex(r.hex(f)));
}

} // namespace

TEST(Cli, AeadEncryptDecryptMatchTheKatForEveryAsconVariant) {
    const std::pair<const char*, const char*> files[] = {
        {"ascon-128", "ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"},
        {"ascon-128a", "ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt"},
        {"ascon-aead128", "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt"}};
    for (const auto& [alg, file] : files) {
        const auto recs = rs::core::readKatFile(rs::test::vectorPath(file));
        const auto& r = recs.at(33 * 5 + 7); // PT 5 bytes, AD 7 bytes
        const QString ctTag = hexOf(r, "CT");
        const CliResult enc =
            cli({"aead", "encrypt", "--alg", alg, "--key", hexOf(r, "Key"), "--nonce", hexOf(r, "Nonce"),
                 "--ad", hexOf(r, "AD"), "--pt", hexOf(r, "PT"), "--json"});
        ASSERT_EQ(enc.status, 0) << enc.err.toStdString();
        const QJsonObject o = enc.json();
        EXPECT_EQ(o.value("ct").toString() + o.value("tag").toString(), ctTag) << alg;
        const QString ct = ctTag.left(ctTag.size() - 32), tag = ctTag.right(32);
        const CliResult dec =
            cli({"aead", "decrypt", "--alg", alg, "--key", hexOf(r, "Key"), "--nonce", hexOf(r, "Nonce"),
                 "--ad", hexOf(r, "AD"), "--ct", ct, "--tag", tag, "--json"});
        ASSERT_EQ(dec.status, 0) << dec.err.toStdString();
        EXPECT_EQ(dec.json().value("pt").toString(), hexOf(r, "PT"));
    }
}

TEST(Cli, WrongTagExitsThreeWithNothingOnStdout) {
    const auto recs =
        rs::core::readKatFile(rs::test::vectorPath("ascon/asconaead128_LWC_AEAD_KAT_128_128.txt"));
    const auto& r = recs.at(33 * 3 + 2);
    QString ctTag = hexOf(r, "CT");
    const QString ct = ctTag.left(ctTag.size() - 32);
    QString tag = ctTag.right(32);
    tag[0] = tag[0] == 'A' ? 'B' : 'A';
    const CliResult dec =
        cli({"aead", "decrypt", "--alg", "ascon-aead128", "--key", hexOf(r, "Key"), "--nonce",
             hexOf(r, "Nonce"), "--ad", hexOf(r, "AD"), "--ct", ct, "--tag", tag, "--json"});
    EXPECT_EQ(dec.status, 3);
    EXPECT_TRUE(dec.out.isEmpty());
    EXPECT_FALSE(dec.err.isEmpty());
}

TEST(Cli, LeaGcmMatchesKisaVectors) {
    const auto recs = rs::core::readKatFile(rs::test::vectorPath("lea/lea_kisa_gcm.txt"));
    int checked = 0;
    for (const auto& r : recs) {
        const auto keyBits = r.hex("Key").size() * 8;
        const QString alg = QString("lea-%1-gcm").arg(keyBits);
        const CliResult enc =
            cli({"aead", "encrypt", "--alg", alg, "--key", hexOf(r, "Key"), "--nonce", hexOf(r, "IV"), "--ad",
                 hexOf(r, "AAD"), "--pt", hexOf(r, "PT"), "--json"});
        ASSERT_EQ(enc.status, 0) << enc.err.toStdString();
        EXPECT_EQ(enc.json().value("ct").toString(), hexOf(r, "CT"));
        EXPECT_EQ(enc.json().value("tag").toString(), hexOf(r, "Tag"));
        if (++checked == 6) break; // the model tests run all 30; here a few per key size suffice
    }
    EXPECT_EQ(checked, 6);
}

TEST(Cli, BlockEcbAndCtrMatchOfficialVectors) {
    const auto skinny = rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"));
    ASSERT_EQ(skinny.size(), 6u);
    for (const auto& r : skinny) {
        const QString alg = q(r.text("Algorithm")).toLower();
        const CliResult enc = cli({"block", "encrypt", "--alg", alg, "--key", hexOf(r, "Tweakey"), "--in",
                                   hexOf(r, "PT"), "--json"});
        ASSERT_EQ(enc.status, 0) << alg.toStdString() << ": " << enc.err.toStdString();
        EXPECT_EQ(enc.json().value("out").toString(), hexOf(r, "CT")) << alg.toStdString();
        const CliResult dec = cli({"block", "decrypt", "--alg", alg, "--key", hexOf(r, "Tweakey"), "--in",
                                   hexOf(r, "CT"), "--json"});
        EXPECT_EQ(dec.json().value("out").toString(), hexOf(r, "PT")) << alg.toStdString();
    }
    const auto ctr = rs::core::readKatFile(rs::test::vectorPath("lea/lea_kisa_ctr.txt"));
    const auto& r = ctr.at(0);
    const QString alg = QString("lea-%1").arg(r.hex("Key").size() * 8);
    const CliResult enc = cli({"block", "encrypt", "--alg", alg, "--key", hexOf(r, "Key"), "--in",
                               hexOf(r, "PT"), "--mode", "ctr", "--iv", hexOf(r, "IV"), "--json"});
    ASSERT_EQ(enc.status, 0) << enc.err.toStdString();
    EXPECT_EQ(enc.json().value("out").toString(), hexOf(r, "CT"));
}

TEST(Cli, HashAndXofMatchKats) {
    const auto h = rs::core::readKatFile(rs::test::vectorPath("ascon/asconhash256_LWC_HASH_KAT_128_256.txt"));
    const CliResult a = cli({"hash", "--alg", "ascon-hash256", "--in", hexOf(h.at(17), "Msg"), "--json"});
    ASSERT_EQ(a.status, 0) << a.err.toStdString();
    EXPECT_EQ(a.json().value("digest").toString(), hexOf(h.at(17), "MD"));
    const auto x = rs::core::readKatFile(rs::test::vectorPath("ascon/asconxof128_LWC_XOF_KAT_128_512.txt"));
    const CliResult b =
        cli({"hash", "--alg", "ascon-xof128", "--in", hexOf(x.at(40), "Msg"), "--outlen", "64", "--json"});
    ASSERT_EQ(b.status, 0) << b.err.toStdString();
    EXPECT_EQ(b.json().value("digest").toString(), hexOf(x.at(40), "MD"));
}

TEST(Cli, KatCommandCountsAndFails) {
    const CliResult ok = cli({"kat", "--alg", "ascon-128a",
                              q(rs::test::vectorPath("ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt"))});
    EXPECT_EQ(ok.status, 0) << ok.err.toStdString();
    EXPECT_TRUE(ok.out.trimmed().endsWith("1089 passed, 0 failed")) << ok.out.toStdString();
    // The v1.2 file run as SP 800-232 must fail every record: the variants are not interoperable.
    const CliResult bad =
        cli({"kat", "--alg", "ascon-aead128",
             q(rs::test::vectorPath("ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt")), "--json"});
    EXPECT_EQ(bad.status, 1);
    EXPECT_EQ(bad.json().value("passed").toInt(), 0);
    EXPECT_EQ(bad.json().value("failed").toInt(), 1089);
    const CliResult hash = cli(
        {"kat", "--alg", "ascon-hash", q(rs::test::vectorPath("ascon/asconhashv12_LWC_HASH_KAT_256.txt"))});
    EXPECT_EQ(hash.status, 0) << hash.err.toStdString();
    EXPECT_TRUE(hash.out.trimmed().endsWith("1025 passed, 0 failed")) << hash.out.toStdString();
}

TEST(Cli, KatCommandTakesBlockCiphersThroughTheSameComparator) {
    // A cipher takes the mode of the file's records; the other key sizes of KISA's mixed files are skipped.
    for (const char* file : {"lea/lea_kisa_ecb.txt", "lea/lea_kisa_ctr.txt"}) {
        const CliResult r = cli({"kat", "--alg", "lea-192", q(rs::test::vectorPath(file)), "--json"});
        EXPECT_EQ(r.status, 0) << file << ": " << r.err.toStdString();
        EXPECT_EQ(r.json().value("passed").toInt(), 10) << file;
        EXPECT_EQ(r.json().value("skipped").toInt(), 20) << file;
    }
    const CliResult skinny =
        cli({"kat", "--alg", "skinny-64-192-ecb", q(rs::test::vectorPath("skinny/skinny_paper_kat.txt"))});
    EXPECT_EQ(skinny.status, 0) << skinny.err.toStdString();
    EXPECT_TRUE(skinny.out.trimmed().endsWith("1 passed, 0 failed, 5 skipped")) << skinny.out.toStdString();
    // An explicit mode takes only that mode's records: none of the ECB file is CTR. Bad input (exit 2, naming
    // --alg), not a KAT failure: nothing was checked.
    const CliResult none =
        cli({"kat", "--alg", "lea-128-ctr", q(rs::test::vectorPath("lea/lea_kisa_ecb.txt"))});
    EXPECT_EQ(none.status, 2);
    EXPECT_TRUE(none.err.contains("--alg lea-128-ctr: no record of")) << none.err.toStdString();
    // A record whose CT is wrong is named with the first differing byte.
    QTemporaryDir dir;
    const QString path = dir.filePath("wrong.txt");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("Count = 7\nKey = 0F1E2D3C4B5A69788796A5B4C3D2E1F0\nPT = 101112131415161718191A1B1C1D1E1F\n"
            "CT = 9FC84E3528C6C6185532C7A704648BFE\n");
    f.close();
    const CliResult wrong = cli({"kat", "--alg", "lea-128", path});
    EXPECT_EQ(wrong.status, 1);
    EXPECT_TRUE(wrong.out.startsWith("FAIL Count = 7 (line 1): output byte 15 is fd, the KAT gives fe"))
        << wrong.out.toStdString();
}

TEST(Cli, AKatFileThatCannotBeRunIsBadInputNotAKatFailure) {
    // Exit 1 says the algorithm gave a wrong answer; a file whose record cannot even be run (a CT shorter
    // than the tag, a nonce of another size) or that holds no record for --alg is bad input: exit 2.
    QTemporaryDir dir;
    const QString path = dir.filePath("short.txt");
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(
            "Count = 1\nKey = 000102030405060708090A0B0C0D0E0F\nNonce = 000102030405060708090A0B0C0D0E0F\n"
            "PT = \nAD = \nCT = 0011\n");
    }
    const CliResult r = cli({"kat", "--alg", "ascon-aead128", path});
    EXPECT_EQ(r.status, 2) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("FAIL Count = 1 (line 1): CT is shorter than the tag")) << r.out.toStdString();
    EXPECT_TRUE(QString::fromUtf8(r.err).contains("FILE: " + path + ": 1 record cannot be run"))
        << r.err.toStdString();
    const CliResult json = cli({"kat", "--alg", "ascon-aead128", path, "--json"});
    EXPECT_EQ(json.status, 2);
    EXPECT_EQ(json.json().value("malformed").toInt(), 1);
    // A file with no record for --alg (KISA's LEA file names LEA in every record).
    const QString lea = q(rs::test::vectorPath("lea/lea_kisa_ecb.txt"));
    const CliResult none = cli({"kat", "--alg", "skinny-128-256", lea});
    EXPECT_EQ(none.status, 2) << none.err.toStdString();
    EXPECT_TRUE(none.err.contains("--alg skinny-128-256: no record of")) << none.err.toStdString();
    // ip kat takes the same exit status.
    const CliResult ip = cli({"ip", "kat", "--alg", "skinny-128-256", lea});
    EXPECT_EQ(ip.status, 2) << ip.err.toStdString();
    EXPECT_TRUE(ip.err.contains("no record of")) << ip.err.toStdString();
}

TEST(Cli, TraceReportsLayoutAndEndsAtTheOutput) {
    const CliResult p = cli({"trace", "--alg", "ascon-p", "--rounds", "6", "--json"});
    ASSERT_EQ(p.status, 0) << p.err.toStdString();
    const QJsonObject o = p.json();
    EXPECT_EQ(o.value("layout").toObject().value("rows").toInt(), 5);
    EXPECT_EQ(o.value("layout").toObject().value("cols").toInt(), 64);
    const QJsonArray steps = o.value("steps").toArray();
    ASSERT_FALSE(steps.isEmpty());
    EXPECT_EQ(steps.last().toObject().value("state").toString(), o.value("output").toString());
    EXPECT_EQ(steps.last().toObject().value("step").toString(), "linear diffusion");
    EXPECT_EQ(steps.last().toObject().value("round").toInt(), 6);

    const CliResult s = cli({"trace", "--alg", "skinny-128-256", "--key",
                             "009CEC81605D4AC1D2AE9E3085D7A1F31AC123EBFC00FDDCF01046CEEDDFCAB3", "--in",
                             "3A0C47767A26A68DD382A695E7022E25", "--json"});
    ASSERT_EQ(s.status, 0) << s.err.toStdString();
    const QJsonArray ss = s.json().value("steps").toArray();
    EXPECT_EQ(ss.size(), 1 + 5 * 48);
    EXPECT_EQ(ss.last().toObject().value("state").toString(), "B731D98A4BDE147A7ED4A6F16B9B587F");
    EXPECT_EQ(s.json().value("layout").toObject().value("cell_bits").toInt(), 8);

    const CliResult l = cli({"trace", "--alg", "lea-128", "--key", "0F1E2D3C4B5A69788796A5B4C3D2E1F0", "--in",
                             "101112131415161718191A1B1C1D1E1F", "--json"});
    ASSERT_EQ(l.status, 0) << l.err.toStdString();
    const QJsonArray ls = l.json().value("steps").toArray();
    EXPECT_EQ(ls.size(), 25);
    EXPECT_EQ(ls.last().toObject().value("state").toString(), "9FC84E3528C6C6185532C7A704648BFD");

    const CliResult a = cli({"trace", "--alg", "ascon-128", "--key", "000102030405060708090A0B0C0D0E0F",
                             "--nonce", "000102030405060708090A0B0C0D0E0F", "--pt", "00", "--json"});
    ASSERT_EQ(a.status, 0) << a.err.toStdString();
    QStringList phases;
    for (const auto& v : a.json().value("steps").toArray()) {
        const QString ph = v.toObject().value("phase").toString();
        if (phases.isEmpty() || phases.last() != ph) phases << ph;
    }
    // Domain separation belongs to the AD phase even when there is no AD.
    EXPECT_EQ(phases.join(',').toStdString(), "initialization,associated data,plaintext,finalization");
}

namespace {

// Bits in which two equally long hex strings differ, counted by hand.
int hexDiffBits(const QString& a, const QString& b) {
    const auto x = rs::crypto::fromHex(a.toStdString()), y = rs::crypto::fromHex(b.toStdString());
    EXPECT_EQ(x.size(), y.size());
    int n = 0;
    for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i)
        for (unsigned v = x[i] ^ y[i]; v != 0; v >>= 1)
            n += static_cast<int>(v & 1u);
    return n;
}

// The hex string with bit `bit` flipped (MSB of byte 0 first).
QString flipHexBit(const QString& hex, int bit) {
    auto b = rs::crypto::fromHex(hex.toStdString());
    b[static_cast<std::size_t>(bit / 8)] ^= static_cast<std::uint8_t>(0x80u >> (bit % 8));
    return q(rs::crypto::toHex(b));
}

} // namespace

TEST(Cli, TraceFlipReportsTheTwinDifferencePerStep) {
    const QString key = "0F1E2D3C4B5A69788796A5B4C3D2E1F0", in = "101112131415161718191A1B1C1D1E1F";
    const CliResult t =
        cli({"trace", "--alg", "lea-128", "--key", key, "--in", in, "--flip", "in:13", "--json"});
    ASSERT_EQ(t.status, 0) << t.err.toStdString();
    const QJsonObject o = t.json();
    const QJsonObject twin = o.value("twin").toObject();
    EXPECT_EQ(twin.value("field").toString(), "in");
    EXPECT_EQ(twin.value("bit").toInt(), 13);
    EXPECT_EQ(twin.value("input").toString(), flipHexBit(in, 13));
    const QJsonArray steps = o.value("steps").toArray();
    ASSERT_EQ(steps.size(), 25);
    for (const auto& v : steps)
        ASSERT_TRUE(v.toObject().contains("twin_diff_bits"));
    // The input step differs in exactly the flipped bit.
    EXPECT_EQ(steps.first().toObject().value("twin_diff_bits").toInt(), 1);
    // The last step is the output: its difference is the popcount of ct XOR ct', where ct' comes from
    // a separate run on the hand-flipped block.
    const CliResult flipped =
        cli({"trace", "--alg", "lea-128", "--key", key, "--in", flipHexBit(in, 13), "--json"});
    ASSERT_EQ(flipped.status, 0) << flipped.err.toStdString();
    const QString ct = o.value("output").toString(), ct2 = flipped.json().value("output").toString();
    EXPECT_EQ(twin.value("output").toString(), ct2);
    const int expected = hexDiffBits(ct, ct2);
    EXPECT_GT(expected, 30);
    EXPECT_EQ(steps.last().toObject().value("twin_diff_bits").toInt(), expected);
    EXPECT_EQ(twin.value("output_diff_bits").toInt(), expected);
    // Every step by hand: the state of the same step of the flipped run.
    const QJsonArray steps2 = flipped.json().value("steps").toArray();
    for (int i = 0; i < steps.size(); ++i)
        EXPECT_EQ(steps[i].toObject().value("twin_diff_bits").toInt(),
                  hexDiffBits(steps[i].toObject().value("state").toString(),
                              steps2[i].toObject().value("state").toString()))
            << "step " << i;
    // Without --flip there is no twin.
    const CliResult plain = cli({"trace", "--alg", "lea-128", "--key", key, "--in", in, "--json"});
    EXPECT_FALSE(plain.json().contains("twin"));
    EXPECT_FALSE(plain.json().value("steps").toArray().first().toObject().contains("twin_diff_bits"));
}

TEST(Cli, TraceFlipOfAnAeadNonce) {
    const QString key = "000102030405060708090A0B0C0D0E0F", nonce = "101112131415161718191A1B1C1D1E1F";
    const CliResult t = cli({"trace", "--alg", "ascon-aead128", "--key", key, "--nonce", nonce, "--ad",
                             "30313233", "--pt", "2021222324", "--flip", "nonce:0", "--json"});
    ASSERT_EQ(t.status, 0) << t.err.toStdString();
    const QJsonObject o = t.json();
    const QJsonArray steps = o.value("steps").toArray();
    EXPECT_EQ(steps.first().toObject().value("step").toString(), "initial state");
    EXPECT_EQ(steps.first().toObject().value("twin_diff_bits").toInt(), 1);
    const CliResult enc = cli({"aead", "encrypt", "--alg", "ascon-aead128", "--key", key, "--nonce",
                               flipHexBit(nonce, 0), "--ad", "30313233", "--pt", "2021222324", "--json"});
    ASSERT_EQ(enc.status, 0) << enc.err.toStdString();
    const QJsonObject twin = o.value("twin").toObject();
    EXPECT_EQ(twin.value("output").toString(), enc.json().value("ct").toString());
    EXPECT_EQ(twin.value("tag").toString(), enc.json().value("tag").toString());
    EXPECT_EQ(twin.value("tag_diff_bits").toInt(),
              hexDiffBits(o.value("tag").toString(), enc.json().value("tag").toString()));
}

TEST(Cli, TraceFlipRejectsBadFields) {
    const QString k = "0F1E2D3C4B5A69788796A5B4C3D2E1F0", in = "101112131415161718191A1B1C1D1E1F";
    expectUsageError({"trace", "--alg", "lea-128", "--key", k, "--in", in, "--flip", "in:128"}, "--flip");
    expectUsageError({"trace", "--alg", "lea-128", "--key", k, "--in", in, "--flip", "nonce:1"}, "--flip");
    expectUsageError({"trace", "--alg", "lea-128", "--key", k, "--in", in, "--flip", "key"}, "--flip");
    expectUsageError(
        {"trace", "--alg", "ascon-128", "--key", k, "--nonce", k, "--pt", "00", "--flip", "ad:0"}, "--flip");
    expectUsageError({"trace", "--alg", "ascon-p", "--flip", "in:x"}, "--flip");
}

TEST(Cli, BadInputsExitTwoNamingTheArgument) {
    const QString k = "000102030405060708090A0B0C0D0E0F";
    expectUsageError({"aead", "encrypt", "--alg", "ascon-128", "--key", "ABC", "--nonce", k, "--pt", ""},
                     "--key");
    expectUsageError({"aead", "encrypt", "--alg", "ascon-128", "--key", k, "--nonce", "ZZ", "--pt", ""},
                     "--nonce");
    expectUsageError({"aead", "encrypt", "--alg", "ascon-128", "--key", "0011", "--nonce", k, "--pt", ""},
                     "--key");
    expectUsageError({"aead", "encrypt", "--alg", "ascon-128", "--key", k, "--nonce", "0011", "--pt", ""},
                     "--nonce");
    expectUsageError({"aead", "encrypt", "--alg", "ascon-999", "--key", k, "--nonce", k, "--pt", ""},
                     "--alg");
    expectUsageError({"aead", "encrypt", "--alg", "ascon-128", "--key", k, "--nonce", k}, "--pt");
    expectUsageError(
        {"aead", "decrypt", "--alg", "ascon-128", "--key", k, "--nonce", k, "--ct", "", "--tag", "00"},
        "--tag");
    expectUsageError({"block", "encrypt", "--alg", "lea-128", "--key", k, "--in", "00"}, "--in");
    expectUsageError({"block", "encrypt", "--alg", "lea-192", "--key", k, "--in", k}, "--key");
    expectUsageError({"block", "encrypt", "--alg", "lea-128", "--key", k, "--in", k, "--mode", "cbc"},
                     "--mode");
    expectUsageError({"block", "encrypt", "--alg", "lea-128", "--key", k, "--in", k, "--mode", "ctr"},
                     "--iv");
    expectUsageError({"hash", "--alg", "ascon-hash256", "--in", "0", "--json"}, "--in");
    expectUsageError({"hash", "--alg", "ascon-hash256", "--in", "00", "--outlen", "12"}, "--outlen");
    expectUsageError({"trace", "--alg", "ascon-p", "--rounds", "13"}, "--rounds");
    expectUsageError({"trace", "--alg", "ascon-p", "--in", "00"}, "--in");
    expectUsageError({"kat", "--alg", "ascon-128", "/nonexistent/kat.txt"}, "FILE");
    expectUsageError({"kat", "--alg", "ascon-128"}, "FILE");
    expectUsageError({"aead", "encrypt", "--alg", "ascon-128", "--key"}, "--key");
    expectUsageError({"aead", "encrypt", "--alg", "ascon-128", "--bogus", "1"}, "--bogus");
    expectUsageError({"frobnicate"}, "frobnicate");
}

TEST(Cli, FlagsAndNumbersAreCheckedNotIgnored) {
    const QString k = "000102030405060708090A0B0C0D0E0F";
    // A flag of another command is an error, never silently ignored.
    expectUsageError({"kat", "--alg", "ascon-128", "--resume", "x.txt"}, "--resume");
    expectUsageError({"hash", "--alg", "ascon-hash256", "--in", "00", "--decrypt"}, "--decrypt");
    expectUsageError(
        {"aead", "encrypt", "--alg", "ascon-128", "--key", k, "--nonce", k, "--pt", "", "--lanes"},
        "--lanes");
    expectUsageError({"list", "--csv"}, "--csv");
    // Integers are whole decimal numbers: no spaces, no '+', no hex, no trailing text.
    for (const char* bad : {" 12", "12 ", "+12", "0x10", "12abc", "", "99999999999999999999999"})
        expectUsageError({"hash", "--alg", "ascon-xof128", "--in", "00", "--outlen", bad}, "--outlen");
    // --help anywhere shows the usage and runs nothing.
    const CliResult help = runCli({"campaign", "run", "--db", "/nonexistent/x.sqlite", "--help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_TRUE(help.out.startsWith("usage: roundscope-cli"));
    EXPECT_FALSE(QFile::exists("/nonexistent/x.sqlite"));
}

TEST(Cli, DevicesAndFifosAreRefusedAsInputFiles) {
    // Reading /dev/zero as a KAT file would never end (and exhaust memory).
    expectUsageError({"kat", "--alg", "ascon-128", "/dev/zero"}, "character device");
    QTemporaryDir dir;
    const QString fifo = dir.filePath("kat.fifo");
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    expectUsageError({"kat", "--alg", "ascon-128", fifo}, "FIFO"); // no writer: a plain open would block
    expectUsageError({"kat", "--alg", "ascon-128", dir.path()}, "directory");
}

TEST(Cli, ManyBadInvocationsEachGiveOneLineAndExitTwo) {
    // A sweep of malformed command lines (after the 268 of the issue): never a crash, never a silent
    // success, always one line on stderr and exit status 2.
    const QString k = "000102030405060708090A0B0C0D0E0F";
    const std::vector<QStringList> bad = {
        {"aead"},
        {"aead", "encrypt"},
        {"aead", "frob", "--alg", "ascon-128"},
        {"aead", "encrypt", "--alg"},
        {"aead", "encrypt", "--alg", "ascon-128", "--key", k, "--key", k, "--nonce", k, "--pt", ""},
        {"aead", "encrypt", "--alg=", "--key", k},
        {"aead", "encrypt", "--json=1", "--alg", "ascon-128"},
        {"aead", "decrypt", "--alg", "lea-128-gcm", "--key", k, "--nonce", "00", "--ct", "", "--tag", k},
        {"block", "encrypt", "--alg", "skinny-64-64", "--key", "00", "--in", "00"},
        {"block", "decrypt", "--alg", "lea-128", "--key", k, "--in", k, "--mode", "ctr", "--iv", "00"},
        {"block", "encrypt", "--alg", "lea-128", "--key", k, "--in", k, "extra"},
        {"hash", "--alg", "ascon-hash256"},
        {"hash", "--alg", "ascon-xof128", "--in", "00", "--outlen", "0"},
        {"hash", "--alg", "ascon-xof128", "--in", "00", "--outlen", "-1"},
        {"hash", "--alg", "nope", "--in", "00"},
        {"kat"},
        {"kat", "--alg", "ascon-128", "a", "b"},
        {"trace", "--alg", "ascon-p", "--rounds", "0"},
        {"trace", "--alg", "ascon-p", "--flip", "state:999"},
        {"trace", "--alg", "lea-128", "--key", k, "--in", k, "--flip", "in:-1"},
        {"trace", "--alg", "lea-128", "--key", k, "--in", k, "--flip", "pt"},
        {"diffusion", "--alg", "lea-128", "--samples", "-5"},
        {"diffusion", "--alg", "lea-128", "--vary", "pt:40-20"},
        {"ip"},
        {"ip", "run", "--alg", "ascon-128", "--unroll", "5"},
        {"ip", "kat", "--alg", "ascon-128"},
        {"wave"},
        {"wave", "info"},
        {"wave", "convert", "a.vcd"},
        {"campaign"},
        {"campaign", "run"},
        {"campaign", "export", "--db", "/nonexistent/x.sqlite"},
        {"chart", "--db", "/nonexistent/x.sqlite"},
        {"riscv", "run", "--kernel", "nope"},
        {"riscv", "run", "--kernel", "lea-128-ctr-c", "--bytes", "1e3"},
        {"board"},
        {"board", "bench", "--port", "virtual", "--count", "0"},
        {"list", "extra"},
        {"--"},
    };
    for (const QStringList& args : bad) {
        const CliResult r = runCli(args);
        const std::string what = args.join(' ').toStdString();
        EXPECT_EQ(r.status, 2) << what << ": " << r.err.toStdString();
        const QString err = QString::fromUtf8(r.err).trimmed();
        EXPECT_FALSE(err.isEmpty()) << what;
        EXPECT_EQ(err.count('\n'), 0) << what << ": " << err.toStdString();
        EXPECT_TRUE(err.startsWith("roundscope-cli: ")) << what << ": " << err.toStdString();
    }
}

TEST(Cli, DemoShowsEveryBlockCipherOnItsExampleBesideTheSpecsAnswer) {
    // The demo's block ciphers are the registry's rows, each on its explorer example (the spec's), judged
    // against the spec's answer from the row's own vector files: a new row shows up with nothing to add.
    const CliResult r = runCli({"demo"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const std::string out = r.out.toStdString();
    EXPECT_EQ(out.find("!= spec"), std::string::npos) << out;
    EXPECT_EQ(out.find("no spec vector"), std::string::npos) << out;
    int shown = 0;
    for (const auto& alg : rs::oracle::blockAlgorithms()) {
        std::string key, pt;
        for (const auto& f : alg.explorer.inputs) {
            if (f.name == "key") key = f.example;
            if (f.name == "pt") pt = f.example;
        }
        ASSERT_FALSE(key.empty() || pt.empty()) << alg.id;
        // "  LEA-128  9FC8...  = spec", the model's output on the example beside the spec's verdict.
        const auto cipher = alg.make(rs::crypto::fromHex(key), 0);
        const std::string ct = rs::crypto::toHex(rs::crypto::ecbEncrypt(*cipher, rs::crypto::fromHex(pt)));
        EXPECT_NE(out.find("  " + alg.displayName + "  " + ct + "  = spec\n"), std::string::npos) << alg.id;
        EXPECT_NE(out.find("trace --alg " + alg.id + " --key " + key + " --in " + pt + " --json"),
                  std::string::npos)
            << alg.id;
        ++shown;
    }
    EXPECT_GE(shown, 9);
}
