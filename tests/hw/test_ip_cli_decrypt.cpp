// `roundscope-cli ip run --decrypt` and `ip kat`'s decryption direction, through the real executable: the IP
// releases the KAT record's plaintext when the tag verifies; a tag or ciphertext altered by one bit is an
// authentication failure (exit 3) that prints no plaintext and is never called an encryption mismatch; misuse
// of --ct / --tag is a one-line usage error (exit 2).
#include "tests/clitestsupport.h"
#include "tests/hw/hwtest.h"

#include <QJsonArray>
#include <QJsonObject>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <unistd.h>

#include "core/katfile.h"

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;

QString hexOf(const rs::crypto::Bytes& b) {
    return QString::fromStdString(rs::crypto::toHex(b));
}

/** A KAT record's key, nonce, AD, plaintext, ciphertext and tag (CT = ciphertext‖tag). */
struct Record {
    QString key, nonce, ad, pt, ct, tag;
};

Record record(const rs::test::IpVariant& v, std::size_t index) {
    const auto recs = rs::core::readKatFile(rs::test::vectorPath(v.katFile));
    const auto& r = recs.at(index);
    const rs::crypto::Bytes ctTag = r.hex("CT");
    return {hexOf(r.hex("Key")),
            hexOf(r.hex("Nonce")),
            hexOf(r.hex("AD")),
            hexOf(r.hex("PT")),
            hexOf(rs::crypto::Bytes(ctTag.begin(), ctTag.end() - 16)),
            hexOf(rs::crypto::Bytes(ctTag.end() - 16, ctTag.end()))};
}

/** The hex text with the lowest bit of its last byte flipped. */
QString flipLastBit(const QString& hex) {
    rs::crypto::Bytes b = rs::crypto::fromHex(hex.toStdString());
    b.back() ^= 0x01;
    return hexOf(b);
}

QStringList decryptArgs(const char* alg, const Record& r, const QString& tag) {
    return {"ip",   "run", "--decrypt", "--alg", alg,     "--key", r.key,      "--nonce",          r.nonce,
            "--ad", r.ad,  "--ct",      r.ct,    "--tag", tag,     "--unroll", QStringLiteral("2")};
}

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST(IpCliDecrypt, ReleasesTheKatPlaintextWhenTheTagVerifies) {
    for (const auto& v : rs::test::ipVariants()) {
        const Record r = record(v, 33 * 9 + 17); // PT 9 bytes, AD 17 bytes
        QStringList args = decryptArgs(v.id, r, r.tag);
        args << "--json";
        const CliResult res = rs::test::runCli(args);
        ASSERT_EQ(res.status, 0) << v.id << ": " << res.err.toStdString();
        const QJsonObject o = res.json();
        EXPECT_EQ(o.value("pt").toString(), r.pt) << v.id;
        EXPECT_TRUE(o.value("authenticated").toBool());
        EXPECT_TRUE(o.value("decrypt").toBool());
        EXPECT_GT(o.value("cycles").toObject().value("total").toInteger(), 0);
    }
    // Without --json: the plaintext as a "pt:" line.
    const Record r = record(rs::test::ipVariants().front(), 33 * 4 + 3);
    const CliResult text = rs::test::runCli(decryptArgs("ascon-128", r, r.tag));
    ASSERT_EQ(text.status, 0) << text.err.toStdString();
    EXPECT_TRUE(text.out.contains(("pt: " + r.pt).toUtf8())) << text.out.toStdString();
}

TEST(IpCliDecrypt, AnAlteredTagIsAnAuthenticationFailureWithNoPlaintext) {
    const auto& v = rs::test::ipVariants().back();
    const Record r = record(v, 33 * 9 + 17);
    for (const bool json : {false, true}) {
        QStringList args = decryptArgs(v.id, r, flipLastBit(r.tag));
        if (json) args << "--json";
        const CliResult res = rs::test::runCli(args);
        EXPECT_EQ(res.status, 3) << res.err.toStdString();
        EXPECT_TRUE(res.err.contains("authentication failed")) << res.err.toStdString();
        EXPECT_FALSE(res.out.contains(r.pt.toUtf8())) << res.out.toStdString();
        EXPECT_FALSE(res.out.contains("pt:")) << res.out.toStdString();
        if (json) {
            const QJsonObject o = res.json();
            EXPECT_FALSE(o.value("authenticated").toBool(true));
            EXPECT_FALSE(o.contains("pt"));
        }
    }
    // An altered ciphertext fails the same way.
    Record ct = r;
    ct.ct = flipLastBit(r.ct);
    const CliResult res = rs::test::runCli(decryptArgs(v.id, ct, r.tag));
    EXPECT_EQ(res.status, 3);
    EXPECT_TRUE(res.out.isEmpty()) << res.out.toStdString();
}

TEST(IpCliDecrypt, MisusedCiphertextAndTagAreUsageErrors) {
    const Record r = record(rs::test::ipVariants().front(), 33 * 9 + 17);
    const QStringList base{"ip", "run", "--alg", "ascon-128", "--key", r.key, "--nonce", r.nonce};
    // A tag of 15 bytes, of 17 bytes, not hex.
    expectUsageError(QStringList(base) << "--decrypt"
                                       << "--ct" << r.ct << "--tag" << r.tag.left(30),
                     "--tag");
    expectUsageError(QStringList(base) << "--decrypt"
                                       << "--ct" << r.ct << "--tag" << r.tag + "00",
                     "--tag");
    expectUsageError(QStringList(base) << "--decrypt"
                                       << "--ct" << r.ct << "--tag"
                                       << "xyz",
                     "--tag");
    // --ct or --tag without --decrypt.
    expectUsageError(QStringList(base) << "--ct" << r.ct << "--tag" << r.tag, "--decrypt");
    expectUsageError(QStringList(base) << "--pt" << r.pt << "--tag" << r.tag, "--tag");
    // --decrypt without --ct or --tag, or with --pt.
    expectUsageError(QStringList(base) << "--decrypt"
                                       << "--tag" << r.tag,
                     "--ct");
    expectUsageError(QStringList(base) << "--decrypt"
                                       << "--ct" << r.ct,
                     "--tag");
    expectUsageError(QStringList(base) << "--decrypt"
                                       << "--ct" << r.ct << "--tag" << r.tag << "--pt" << r.pt,
                     "--pt");
    // --decrypt on a block core, which has no decryption.
    expectUsageError({"ip", "run", "--alg", "lea-128", "--decrypt", "--key", r.key, "--pt", r.pt},
                     "--decrypt");
}

/** Writes the first 40 records of v's KAT file to path, each record's CT (ciphertext‖tag) passed through
 *  alter with its Count first. */
void writeAlteredKat(const rs::test::IpVariant& v, const std::string& path,
                     const std::function<void(const std::string& count, rs::crypto::Bytes& ctTag)>& alter) {
    std::vector<rs::core::KatRecord> recs = rs::core::parseKat(slurp(rs::test::vectorPath(v.katFile)));
    recs.resize(40);
    std::string kat;
    for (const auto& r : recs) {
        for (auto [name, value] : r.fields) {
            if (name == "CT") {
                rs::crypto::Bytes b = rs::crypto::fromHex(value);
                alter(r.text("Count"), b);
                value = rs::crypto::toHex(b);
            }
            kat += name + " = " + value + "\n";
        }
        kat += "\n";
    }
    std::ofstream(path) << kat;
}

TEST(IpCliDecrypt, KatReportsAnAlteredRecordAsAnAuthenticationFailure) {
    namespace fs = std::filesystem;
    const auto& v = rs::test::ipVariants().front();
    // The first 40 records, Count = 40's tag and Count = 35's ciphertext altered by one bit.
    const fs::path dir = fs::temp_directory_path() / ("rs_test_ip_decrypt_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string path = (dir / "altered.txt").string();
    writeAlteredKat(v, path, [](const std::string& count, rs::crypto::Bytes& b) {
        // Count 40: the tag's last byte; Count 35: its one ciphertext byte.
        if (count == "40" || count == "35") b.at(count == "40" ? b.size() - 1 : 0) ^= 0x01;
    });

    const CliResult text = rs::test::runCli({"ip", "kat", "--alg", v.id, QString::fromStdString(path)});
    EXPECT_EQ(text.status, 3) << text.err.toStdString();
    const QString out = QString::fromUtf8(text.out);
    EXPECT_TRUE(out.contains("AUTH FAIL Count = 40 ")) << out.toStdString();
    EXPECT_TRUE(out.contains("AUTH FAIL Count = 35 ")) << out.toStdString();
    EXPECT_TRUE(out.contains("tag was altered")) << out.toStdString();
    EXPECT_TRUE(out.contains("ciphertext was altered")) << out.toStdString();
    EXPECT_FALSE(out.contains(QStringLiteral("\nFAIL "))) << "no encryption mismatch: " << out.toStdString();
    EXPECT_FALSE(out.startsWith(QStringLiteral("FAIL "))) << out.toStdString();
    EXPECT_TRUE(out.contains("38 passed, 0 failed, 2 failed authentication")) << out.toStdString();
    EXPECT_TRUE(text.err.contains("authentication failed")) << text.err.toStdString();

    const CliResult json =
        rs::test::runCli({"ip", "kat", "--alg", v.id, "--json", QString::fromStdString(path)});
    EXPECT_EQ(json.status, 3);
    const QJsonObject o = json.json();
    EXPECT_EQ(o.value("passed").toInt(), 38);
    EXPECT_EQ(o.value("failed").toInt(), 0);
    EXPECT_EQ(o.value("authentication_failed").toInt(), 2);
    EXPECT_EQ(o.value("authentication_failures").toArray().size(), 2);
    fs::remove_all(dir);
}

TEST(IpCliDecrypt, KatReportsAnEmptyCiphertextWithAnAlteredTagAsAnAuthenticationFailure) {
    namespace fs = std::filesystem;
    const auto& v = rs::test::ipVariants().front();
    // Count = 1 has no plaintext: its CT is the tag alone. The other records' ciphertexts match the model, so
    // the file is of this algorithm and the tag was altered.
    const fs::path dir =
        fs::temp_directory_path() / ("rs_test_ip_decrypt_empty_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string path = (dir / "altered.txt").string();
    writeAlteredKat(v, path, [](const std::string& count, rs::crypto::Bytes& b) {
        if (count == "1") {
            ASSERT_EQ(b.size(), 16u) << "Count = 1 is expected to have an empty plaintext";
            b.at(3) ^= 0x80;
        }
    });
    const CliResult text = rs::test::runCli({"ip", "kat", "--alg", v.id, QString::fromStdString(path)});
    EXPECT_EQ(text.status, 3) << text.err.toStdString();
    const QString out = QString::fromUtf8(text.out);
    EXPECT_TRUE(out.contains("AUTH FAIL Count = 1 (line ")) << out.toStdString();
    EXPECT_TRUE(out.contains("the record's tag was altered: authentication failed")) << out.toStdString();
    EXPECT_FALSE(out.contains(QStringLiteral("\nFAIL "))) << "no encryption mismatch: " << out.toStdString();
    EXPECT_FALSE(out.startsWith(QStringLiteral("FAIL "))) << out.toStdString();
    EXPECT_TRUE(out.contains("39 passed, 0 failed, 1 failed authentication")) << out.toStdString();
    fs::remove_all(dir);
}

TEST(IpCliDecrypt, KatStillCallsAFileOfAnotherAlgorithmAMismatch) {
    // Every record of the v1.2 file differs from Ascon-AEAD128 in ciphertext and tag: encryption mismatches
    // (exit 1), not authentication failures.
    const CliResult r = rs::test::runCli(
        {"ip", "kat", "--alg", "ascon-aead128", "--json",
         QString::fromStdString(rs::test::vectorPath("ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"))});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.json().value("failed").toInt(), 1089);
    EXPECT_FALSE(r.json().contains("authentication_failed"));
}
