#include "tests/testsupport.h"

#include "core/katfile.h"
#include "core/wycheproof.h"

using namespace rs::core;

TEST(KatFile, ParsesBlocksSectionsAndCrlf) {
    const auto recs = parseKat("# comment\r\n[Keylen = 128]\r\n\r\nCount = 0\r\nKey = 0A0B\r\nPT =\r\n\r\n"
                               "Count = 1\r\nKey = ff\r\nPT = 00\r\n");
    ASSERT_EQ(recs.size(), 2u);
    EXPECT_EQ(recs[0].line, 4);
    EXPECT_EQ(recs[0].text("Count"), "0");
    EXPECT_EQ(recs[0].hex("Key"), (rs::crypto::Bytes{0x0A, 0x0B}));
    EXPECT_TRUE(recs[0].hex("PT").empty());
    EXPECT_EQ(recs[1].section.at("Keylen"), "128");
    EXPECT_EQ(recs[1].hex("PT"), (rs::crypto::Bytes{0x00}));
}

TEST(KatFile, MissingFieldNamesFieldAndLine) {
    const auto recs = parseKat("\n\nCount = 3\nKey = 00\n");
    try {
        recs.at(0).text("Nonce");
        FAIL();
    } catch (const KatError& e) {
        EXPECT_EQ(std::string(e.what()), "KAT record at line 3 has no field 'Nonce'");
    }
}

TEST(KatFile, BadHexAndBadLinesAreErrors) {
    const auto recs = parseKat("Key = 0G\n");
    EXPECT_THROW(recs.at(0).hex("Key"), KatError);
    EXPECT_THROW(parseKat("Count = 1\njunk line\n", "f.txt"), KatError);
    EXPECT_THROW(readKatFile("/nonexistent/kat.txt"), KatError);
}

TEST(KatFile, ReadsTheOfficialAsconFile) {
    const auto recs = readKatFile(rs::test::vectorPath("ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"));
    ASSERT_EQ(recs.size(), 1089u);
    EXPECT_EQ(recs.back().text("Count"), "1089");
}

TEST(Wycheproof, ReadsAeadFileAndRejectsMissingOne) {
    const auto cases = readWycheproofAead(rs::test::vectorPath("ascon/wycheproof_ascon128_test.json"));
    EXPECT_EQ(cases.size(), 192u);
    EXPECT_THROW(readWycheproofAead("/nonexistent.json"), KatError);
}
