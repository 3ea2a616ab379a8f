// roundscope-cli's --impl: the fast paths (the cpu target's, cpu.impl = fast, the default) and the model
// code (reference) give the same bytes for the official vectors in both directions, and the output names
// what ran (impl, isa) as a campaign run's parameters do; a cipher without a fast path says reference; a
// tampered tag releases nothing on either path; a bad --impl is a usage error naming it.
#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

#include "core/katfile.h"

#include <QJsonObject>

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;

CliResult cli(QStringList args, const QString& impl) {
    args << "--json";
    if (!impl.isEmpty()) args << "--impl" << impl;
    return rs::test::runCli(args);
}

QString hexOf(const rs::core::KatRecord& r, const char* f) {
    return QString::fromStdString(rs::crypto::toHex(r.hex(f)));
}

TEST(CliImpl, BlockCiphersGiveTheVectorsOnBothPathsAndNameThem) {
    const auto lea = rs::core::readKatFile(rs::test::vectorPath("lea/lea_spec_kat.txt"));
    const auto skinny = rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"));
    ASSERT_FALSE(lea.empty());
    int fastSeen = 0;
    for (const QString impl : {QString(), QString("fast"), QString("reference")}) {
        for (const auto& r : skinny) {
            const QString alg = QString::fromStdString(r.text("Algorithm")).toLower();
            const bool hasFast = alg.startsWith("skinny-128");
            const CliResult enc =
                cli({"block", "encrypt", "--alg", alg, "--key", hexOf(r, "Tweakey"), "--in", hexOf(r, "PT")},
                    impl);
            ASSERT_EQ(enc.status, 0) << enc.err.toStdString();
            EXPECT_EQ(enc.json().value("out").toString(), hexOf(r, "CT")) << alg.toStdString();
            const CliResult dec =
                cli({"block", "decrypt", "--alg", alg, "--key", hexOf(r, "Tweakey"), "--in", hexOf(r, "CT")},
                    impl);
            EXPECT_EQ(dec.json().value("out").toString(), hexOf(r, "PT")) << alg.toStdString();
            const bool fast = impl != "reference" && hasFast;
            for (const CliResult* c : {&enc, &dec}) {
                EXPECT_EQ(c->json().value("impl").toString(), fast ? "fast" : "reference")
                    << alg.toStdString();
                EXPECT_EQ(c->json().value("isa").toString() == "scalar", !fast) << alg.toStdString();
            }
            fastSeen += fast ? 1 : 0;
        }
        for (const auto& r : lea) {
            const QString alg = QString("lea-%1").arg(r.hex("Key").size() * 8);
            const CliResult dec = cli(
                {"block", "decrypt", "--alg", alg, "--key", hexOf(r, "Key"), "--in", hexOf(r, "CT")}, impl);
            ASSERT_EQ(dec.status, 0) << dec.err.toStdString();
            EXPECT_EQ(dec.json().value("out").toString(), hexOf(r, "PT"));
            EXPECT_EQ(dec.json().value("impl").toString(), impl == "reference" ? "reference" : "fast");
        }
    }
    EXPECT_GT(fastSeen, 0);
    // CTR on both paths: the same keystream over a message that is not a whole number of blocks.
    const auto ctr = rs::core::readKatFile(rs::test::vectorPath("lea/lea_kisa_ctr.txt"));
    for (const auto& r : ctr) {
        if (r.hex("PT").size() % 16 == 0 && r.hex("PT").size() < 40) continue;
        const QString alg = QString("lea-%1").arg(r.hex("Key").size() * 8);
        for (const QString impl : {"fast", "reference"}) {
            const CliResult enc = cli({"block", "encrypt", "--alg", alg, "--key", hexOf(r, "Key"), "--in",
                                       hexOf(r, "PT"), "--mode", "ctr", "--iv", hexOf(r, "IV")},
                                      impl);
            ASSERT_EQ(enc.status, 0) << enc.err.toStdString();
            EXPECT_EQ(enc.json().value("out").toString(), hexOf(r, "CT")) << impl.toStdString();
            EXPECT_EQ(enc.json().value("impl").toString(), impl);
        }
        break;
    }
}

TEST(CliImpl, AeadsGiveTheVectorsOnBothPathsAndATamperedTagReleasesNothing) {
    const std::pair<const char*, const char*> files[] = {
        {"ascon-128", "ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"},
        {"ascon-aead128", "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt"}};
    for (const auto& [alg, file] : files) {
        const auto recs = rs::core::readKatFile(rs::test::vectorPath(file));
        const auto& r = recs.at(33 * 17 + 5);
        const QString ctTag = hexOf(r, "CT"), ct = ctTag.left(ctTag.size() - 32), tag = ctTag.right(32);
        QString bad = tag;
        bad[0] = bad[0] == 'A' ? 'B' : 'A';
        for (const QString impl : {"fast", "reference"}) {
            const QStringList common{"--alg",           alg,    "--key",       hexOf(r, "Key"), "--nonce",
                                     hexOf(r, "Nonce"), "--ad", hexOf(r, "AD")};
            const CliResult enc =
                cli(QStringList{"aead", "encrypt"} + common + QStringList{"--pt", hexOf(r, "PT")}, impl);
            ASSERT_EQ(enc.status, 0) << enc.err.toStdString();
            EXPECT_EQ(enc.json().value("ct").toString() + enc.json().value("tag").toString(), ctTag);
            EXPECT_EQ(enc.json().value("impl").toString(), impl);
            const CliResult dec =
                cli(QStringList{"aead", "decrypt"} + common + QStringList{"--ct", ct, "--tag", tag}, impl);
            ASSERT_EQ(dec.status, 0) << dec.err.toStdString();
            EXPECT_EQ(dec.json().value("pt").toString(), hexOf(r, "PT"));
            EXPECT_EQ(dec.json().value("impl").toString(), impl);
            const CliResult forged =
                cli(QStringList{"aead", "decrypt"} + common + QStringList{"--ct", ct, "--tag", bad}, impl);
            EXPECT_EQ(forged.status, 3) << impl.toStdString();
            EXPECT_TRUE(forged.out.isEmpty());
        }
    }
    // LEA-GCM: CTR and GHASH on their SIMD paths; the isa names both.
    const auto gcm = rs::core::readKatFile(rs::test::vectorPath("lea/lea_kisa_gcm.txt"));
    const auto& r = gcm.at(3);
    const QString alg = QString("lea-%1-gcm").arg(r.hex("Key").size() * 8);
    for (const QString impl : {"fast", "reference"}) {
        const QStringList common{"--alg",        alg,    "--key",        hexOf(r, "Key"), "--nonce",
                                 hexOf(r, "IV"), "--ad", hexOf(r, "AAD")};
        const CliResult enc =
            cli(QStringList{"aead", "encrypt"} + common + QStringList{"--pt", hexOf(r, "PT")}, impl);
        ASSERT_EQ(enc.status, 0) << enc.err.toStdString();
        EXPECT_EQ(enc.json().value("ct").toString(), hexOf(r, "CT"));
        EXPECT_EQ(enc.json().value("tag").toString(), hexOf(r, "Tag"));
        EXPECT_EQ(enc.json().value("isa").toString().contains('+'), impl == "fast");
        const CliResult dec = cli(QStringList{"aead", "decrypt"} + common +
                                      QStringList{"--ct", hexOf(r, "CT"), "--tag", hexOf(r, "Tag")},
                                  impl);
        ASSERT_EQ(dec.status, 0) << dec.err.toStdString();
        EXPECT_EQ(dec.json().value("pt").toString(), hexOf(r, "PT"));
    }
}

TEST(CliImpl, ABadImplIsAUsageErrorNamingIt) {
    const QString k = "0F1E2D3C4B5A69788796A5B4C3D2E1F0";
    expectUsageError({"block", "encrypt", "--alg", "lea-128", "--key", k, "--in", k, "--impl", "turbo"},
                     "--impl");
    expectUsageError(
        {"aead", "encrypt", "--alg", "ascon-128", "--key", k, "--nonce", k, "--pt", "", "--impl", ""},
        "--impl");
}

} // namespace
