// The ACVP ML-DSA reader's refusals (core/acvpmldsa.h) and the Wycheproof ML-DSA reader's: each error names
// the file, the group's tgId, the case's tcId and the field; a prompt and an expected file that do not pair
// up are refused at the first mismatch; a truncated file is not JSON.
#include "tests/testsupport.h"

#include "core/acvpmldsa.h"
#include "core/fileio/safefile.h"
#include "core/wycheproofmldsa.h"

#include <string>

using namespace rs::core;

namespace {

const std::string kSeed(64, 'A');

std::string keyGenPrompt(
    const std::string& test = "\"tcId\": 7, \"seed\": \"" + kSeed + "\"",
    const std::string& group = "\"tgId\": 3, \"testType\": \"AFT\", \"parameterSet\": \"ML-DSA-44\"") {
    return "{\"vsId\": 42, \"algorithm\": \"ML-DSA\", \"mode\": \"keyGen\", \"revision\": \"FIPS204\", "
           "\"testGroups\": [{" +
           group + ", \"tests\": [{" + test + "}]}]}";
}

std::string keyGenExpected(const std::string& test = "\"tcId\": 7, \"pk\": \"AB\", \"sk\": \"CD\"",
                           int tgId = 3) {
    return "{\"vsId\": 42, \"algorithm\": \"ML-DSA\", \"mode\": \"keyGen\", \"testGroups\": [{\"tgId\": " +
           std::to_string(tgId) + ", \"tests\": [{" + test + "}]}]}";
}

std::string sigGenPrompt(const std::string& test, const std::string& group) {
    return "{\"vsId\": 1, \"algorithm\": \"ML-DSA\", \"mode\": \"sigGen\", \"testGroups\": [{\"tgId\": 5, "
           "\"parameterSet\": \"ML-DSA-65\", " +
           group + ", \"tests\": [{\"tcId\": 11, " + test + "}]}]}";
}
std::string sigGenExpected() {
    return "{\"vsId\": 1, \"mode\": \"sigGen\", \"testGroups\": [{\"tgId\": 5, \"tests\": [{\"tcId\": 11, "
           "\"signature\": \"00\"}]}]}";
}

/** The KatError message of parsing the pair, or "" when it parsed. */
std::string errorOf(const std::string& prompt, const std::string& expected) {
    try {
        parseAcvpMlDsa(prompt, expected, "p/prompt.json", "p/expectedResults.json");
    } catch (const KatError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(AcvpReader, ReadsAMinimalKeyGenPair) {
    const AcvpMlDsaVectorSet set = parseAcvpMlDsa(keyGenPrompt(), keyGenExpected());
    EXPECT_EQ(set.mode, AcvpMlDsaMode::KeyGen);
    EXPECT_EQ(set.vsId, 42);
    EXPECT_EQ(set.revision, "FIPS204");
    ASSERT_EQ(set.groups.size(), 1u);
    EXPECT_EQ(set.groups[0].tgId, 3);
    EXPECT_EQ(set.groups[0].testType, "AFT");
    EXPECT_EQ(set.groups[0].parameterSet, rs::crypto::MlDsaParamSet::MlDsa44);
    ASSERT_EQ(set.groups[0].keyGen.size(), 1u);
    EXPECT_EQ(set.groups[0].keyGen[0].tcId, 7);
    EXPECT_EQ(set.groups[0].keyGen[0].seed, rs::crypto::Bytes(32, 0xAA));
    EXPECT_EQ(set.groups[0].keyGen[0].pk, rs::test::hex("AB"));
    EXPECT_EQ(set.groups[0].keyGen[0].sk, rs::test::hex("CD"));
    EXPECT_EQ(set.caseCount(), 1u);
}

TEST(AcvpReader, AMissingFieldNamesFileGroupCaseAndField) {
    EXPECT_EQ(errorOf(keyGenPrompt("\"tcId\": 7"), keyGenExpected()),
              "p/prompt.json: test group tgId 3, test case tcId 7: field 'seed' is missing");
    EXPECT_EQ(errorOf(keyGenPrompt(), keyGenExpected("\"tcId\": 7, \"pk\": \"AB\"")),
              "p/expectedResults.json: test group tgId 3, test case tcId 7: field 'sk' is missing");
    EXPECT_EQ(errorOf(keyGenPrompt("\"tcId\": 7, \"seed\": \"00\"", "\"tgId\": 3"), keyGenExpected()),
              "p/prompt.json: test group tgId 3: field 'parameterSet' is missing");
    // sigGen: the external interface needs a context; a hedged group needs rnd; a pre-hash group a hashAlg.
    const std::string ext =
        "\"deterministic\": true, \"signatureInterface\": \"external\", \"preHash\": \"pure\"";
    EXPECT_EQ(errorOf(sigGenPrompt("\"sk\": \"00\", \"message\": \"00\"", ext), sigGenExpected()),
              "p/prompt.json: test group tgId 5, test case tcId 11: field 'context' is missing");
    const std::string hedged =
        "\"deterministic\": false, \"signatureInterface\": \"internal\", \"externalMu\": false";
    EXPECT_EQ(errorOf(sigGenPrompt("\"sk\": \"00\", \"message\": \"00\"", hedged), sigGenExpected()),
              "p/prompt.json: test group tgId 5, test case tcId 11: field 'rnd' is missing");
    const std::string mu =
        "\"deterministic\": true, \"signatureInterface\": \"internal\", \"externalMu\": true";
    EXPECT_EQ(errorOf(sigGenPrompt("\"sk\": \"00\", \"message\": \"00\"", mu), sigGenExpected()),
              "p/prompt.json: test group tgId 5, test case tcId 11: field 'mu' is missing");
    EXPECT_EQ(
        errorOf(sigGenPrompt("\"message\": \"00\"", hedged), sigGenExpected()),
        "p/prompt.json: test group tgId 5, test case tcId 11: field 'sk' is missing (in the case and in its "
        "group)");
    const std::string pre =
        "\"deterministic\": true, \"signatureInterface\": \"external\", \"preHash\": \"preHash\"";
    EXPECT_EQ(errorOf(sigGenPrompt("\"sk\": \"00\", \"message\": \"00\", \"context\": \"\"", pre),
                      sigGenExpected()),
              "p/prompt.json: test group tgId 5, test case tcId 11: field 'hashAlg' is missing");
}

TEST(AcvpReader, AWrongTypeOrValueIsNamed) {
    EXPECT_EQ(
        errorOf(keyGenPrompt("\"tcId\": 7, \"seed\": 12"), keyGenExpected()),
        "p/prompt.json: test group tgId 3, test case tcId 7: field 'seed' is a number, not a hex string");
    EXPECT_EQ(errorOf(keyGenPrompt("\"tcId\": \"7\", \"seed\": \"00\""), keyGenExpected()),
              "p/prompt.json: test group tgId 3: field 'tcId' is a string, not an integer");
    EXPECT_EQ(
        errorOf(keyGenPrompt("\"tcId\": 7, \"seed\": \"00\"", "\"tgId\": 3, \"parameterSet\": \"ML-DSA-99\""),
                keyGenExpected()),
        "p/prompt.json: test group tgId 3: field 'parameterSet' is 'ML-DSA-99', not ML-DSA-44, ML-DSA-65 or "
        "ML-DSA-87");
    const std::string ext =
        "\"deterministic\": \"yes\", \"signatureInterface\": \"external\", \"preHash\": \"pure\"";
    EXPECT_EQ(errorOf(sigGenPrompt("\"sk\": \"00\", \"message\": \"00\", \"context\": \"\"", ext),
                      sigGenExpected()),
              "p/prompt.json: test group tgId 5: field 'deterministic' is a string, not a boolean");
    const std::string pre =
        "\"deterministic\": true, \"signatureInterface\": \"external\", \"preHash\": \"preHash\"";
    EXPECT_EQ(
        errorOf(
            sigGenPrompt("\"sk\": \"00\", \"message\": \"00\", \"context\": \"\", \"hashAlg\": \"MD5\"", pre),
            sigGenExpected()),
        "p/prompt.json: test group tgId 5, test case tcId 11: field 'hashAlg' is 'MD5', not a hash function "
        "HashML-DSA takes");
    const std::string odd = "\"deterministic\": true, \"signatureInterface\": \"sideways\"";
    EXPECT_EQ(errorOf(sigGenPrompt("\"sk\": \"00\"", odd), sigGenExpected()),
              "p/prompt.json: test group tgId 5: field 'signatureInterface' is 'sideways', not external or "
              "internal");
    // sigVer's answer is a boolean.
    const std::string verPrompt =
        "{\"algorithm\": \"ML-DSA\", \"mode\": \"sigVer\", \"testGroups\": [{\"tgId\": 1, \"parameterSet\": "
        "\"ML-DSA-87\", \"signatureInterface\": \"internal\", \"externalMu\": false, \"tests\": [{\"tcId\": "
        "2, "
        "\"pk\": \"00\", \"message\": \"\", \"signature\": \"00\"}]}]}";
    const std::string verExpected =
        "{\"mode\": \"sigVer\", \"testGroups\": [{\"tgId\": 1, \"tests\": [{\"tcId\": 2, "
        "\"testPassed\": \"true\"}]}]}";
    EXPECT_EQ(
        errorOf(verPrompt, verExpected),
        "p/expectedResults.json: test group tgId 1, test case tcId 2: field 'testPassed' is a string, not a "
        "boolean");
}

TEST(AcvpReader, BadHexIsNamed) {
    EXPECT_EQ(
        errorOf(keyGenPrompt("\"tcId\": 7, \"seed\": \"0G\""), keyGenExpected()),
        "p/prompt.json: test group tgId 3, test case tcId 7: field 'seed' is not hex: not a hex digit 'G' at "
        "position 1");
    EXPECT_EQ(errorOf(keyGenPrompt(), keyGenExpected("\"tcId\": 7, \"pk\": \"ABC\", \"sk\": \"00\"")),
              "p/expectedResults.json: test group tgId 3, test case tcId 7: field 'pk' is not hex: odd "
              "number of hex "
              "digits (3)");
}

TEST(AcvpReader, PromptAndExpectedFilesThatDoNotPairUpAreRefused) {
    EXPECT_EQ(
        errorOf(keyGenPrompt(), keyGenExpected("\"tcId\": 8, \"pk\": \"AB\", \"sk\": \"CD\"")),
        "p/expectedResults.json: test group tgId 3: test case 1 of 1 is tcId 8, the prompt's is tcId 7");
    EXPECT_EQ(errorOf(keyGenPrompt(), keyGenExpected("\"tcId\": 7, \"pk\": \"AB\", \"sk\": \"CD\"", 4)),
              "p/expectedResults.json: test group 1 of 1 is tgId 4, the prompt's is tgId 3");
    // A case or group the other file lacks.
    const std::string twoCases =
        keyGenExpected("\"tcId\": 7, \"pk\": \"AB\", \"sk\": \"CD\"}, {\"tcId\": 9, \"pk\": "
                       "\"AB\", \"sk\": \"CD\"");
    EXPECT_EQ(errorOf(keyGenPrompt(), twoCases), "p/expectedResults.json: test group tgId 3: has a test case "
                                                 "the prompt's group lacks (case 2 of 2, tcId 9)");
    const std::string noCases = "{\"mode\": \"keyGen\", \"testGroups\": [{\"tgId\": 3, \"tests\": []}]}";
    EXPECT_EQ(
        errorOf(keyGenPrompt(), noCases),
        "p/expectedResults.json: test group tgId 3: has no test case tcId 7 (the prompt's case 1 of 1; the "
        "expected group has 0)");
    EXPECT_EQ(errorOf(keyGenPrompt(), "{\"testGroups\": []}"),
              "p/expectedResults.json: has no test group tgId 3 (the prompt's group 1 of 1; the expected "
              "file has 0)");
    // The expected results of another mode or vector set.
    const std::string otherMode = "{\"mode\": \"sigVer\", \"testGroups\": []}";
    EXPECT_EQ(errorOf(keyGenPrompt(), otherMode),
              "p/expectedResults.json: mode is sigVer, the prompt's is keyGen");
    const std::string otherSet = "{\"vsId\": 43, \"testGroups\": []}";
    EXPECT_EQ(errorOf(keyGenPrompt(), otherSet), "p/expectedResults.json: vsId is 43, the prompt's is 42");
}

TEST(AcvpReader, ATruncatedFileIsNotJson) {
    const std::string prompt = rs::fileio::readFileBounded(
        rs::test::vectorPath("mldsa-acvp/ML-DSA-sigVer-FIPS204/prompt.json"), kMaxVectorFileBytes, "prompt");
    const std::string expected = rs::fileio::readFileBounded(
        rs::test::vectorPath("mldsa-acvp/ML-DSA-sigVer-FIPS204/expectedResults.json"), kMaxVectorFileBytes,
        "exp");
    EXPECT_EQ(parseAcvpMlDsa(prompt, expected).caseCount(), 180u);
    const std::string err = errorOf(prompt.substr(0, prompt.size() / 2), expected);
    EXPECT_EQ(err.rfind("p/prompt.json: not valid JSON (", 0), 0u) << err;
    EXPECT_NE(err.find("truncated"), std::string::npos) << err;
    const std::string errExpected = errorOf(prompt, expected.substr(0, expected.size() - 3));
    EXPECT_EQ(errExpected.rfind("p/expectedResults.json: not valid JSON (", 0), 0u) << errExpected;
    EXPECT_THROW(readAcvpMlDsa("/nonexistent/prompt.json", "/nonexistent/expectedResults.json"), KatError);
}

TEST(AcvpReader, OtherAlgorithmsAndEmptySetsAreRefused) {
    EXPECT_EQ(errorOf("{\"algorithm\": \"ML-KEM\", \"mode\": \"keyGen\", \"testGroups\": []}",
                      "{\"testGroups\": []}"),
              "p/prompt.json: field 'algorithm' is 'ML-KEM', not ML-DSA");
    EXPECT_EQ(errorOf("{\"algorithm\": \"ML-DSA\", \"mode\": \"keyGen\", \"testGroups\": []}",
                      "{\"testGroups\": []}"),
              "p/prompt.json: no test cases");
    EXPECT_EQ(errorOf("{\"algorithm\": \"ML-DSA\", \"mode\": \"encapDecap\", \"testGroups\": []}", "{}"),
              "p/prompt.json: field 'mode' is 'encapDecap', not keyGen, sigGen or sigVer");
}

// Older ACVP sets keep sk (sigGen) and pk (sigVer) once per group; the reader takes them from there.
TEST(AcvpReader, KeysMayBeGivenOncePerGroup) {
    const std::string group =
        "\"deterministic\": true, \"signatureInterface\": \"internal\", \"externalMu\": false, "
        "\"sk\": \"0102\"";
    const AcvpMlDsaVectorSet set =
        parseAcvpMlDsa(sigGenPrompt("\"message\": \"FF\"", group), sigGenExpected());
    ASSERT_EQ(set.groups.at(0).sigGen.size(), 1u);
    EXPECT_EQ(set.groups[0].sigGen[0].sk, rs::test::hex("0102"));
    EXPECT_EQ(*set.groups[0].sigGen[0].message, rs::test::hex("FF"));
    EXPECT_EQ(set.groups[0].sigGen[0].rnd, rs::crypto::Bytes(32, 0));
    EXPECT_EQ(set.groups[0].describe(set.mode), "ML-DSA-65 deterministic internal");
}

TEST(WycheproofMlDsaReader, ErrorsNameFileTestAndField) {
    const auto err = [](const std::string& json) -> std::string {
        try {
            parseWycheproofMlDsa(json, "w.json");
        } catch (const KatError& e) {
            return e.what();
        }
        return "";
    };
    const std::string head =
        "{\"algorithm\": \"ML-DSA-44\", \"schema\": \"mldsa_verify_schema.json\", \"testGroups\": "
        "[{\"publicKey\": \"00\", \"tests\": [{\"tcId\": 4, \"result\": \"valid\", ";
    EXPECT_EQ(err(head + "\"msg\": \"00\"}]}]}"), "w.json: test tcId 4: field 'sig' is missing");
    EXPECT_EQ(err(head + "\"msg\": \"00\", \"sig\": \"0x\"}]}]}"),
              "w.json: test tcId 4: field 'sig' is not hex: not a hex digit 'x' at position 1");
    EXPECT_EQ(err(head + "\"sig\": \"00\"}]}]}"), "w.json: test tcId 4: field 'msg' is missing");
    EXPECT_EQ(err("{\"algorithm\": \"ML-DSA-44\", \"schema\": \"aead_test_schema_v1.json\"}"),
              "w.json: field 'schema' is 'aead_test_schema_v1.json', not an ML-DSA schema");
    EXPECT_EQ(
        err("{\"algorithm\": \"ML-DSA-44\", \"schema\": \"mldsa_verify_schema.json\", \"testGroups\": []}"),
        "w.json: no tests found");
    EXPECT_EQ(err(head).rfind("w.json: not valid JSON (", 0), 0u);
}
