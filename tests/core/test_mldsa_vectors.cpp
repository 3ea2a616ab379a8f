// The official ML-DSA vectors, every one of them, through both implementations: NIST ACVP's keyGen, sigGen
// and sigVer sets (resources/vectors/mldsa-acvp; every group: the three parameter sets, deterministic and
// hedged, external pure / pre-hash, internal on the message / on an external mu) with runMlDsaAcvp, and
// every Wycheproof ML-DSA file (resources/vectors/mldsa-wycheproof) with runWycheproofMlDsa. Each test
// counts the cases in the file's text on its own (the "tcId" keys) and requires that many results, so a
// group or file the reader skipped fails, and names the combinations of group properties it must see.
#include "tests/testsupport.h"

#include "core/acvpmldsa.h"
#include "core/acvpmldsarunner.h"
#include "core/fileio/safefile.h"
#include "core/wycheproofmldsa.h"

#include <map>
#include <set>
#include <string>

using namespace rs::core;
using rs::crypto::MlDsaImpl;

namespace {

std::string acvpPath(const std::string& mode, const char* file) {
    return rs::test::vectorPath("mldsa-acvp/ML-DSA-" + mode + "-FIPS204/" + file);
}

/** How many times `"tcId"` occurs in a file: its number of cases, counted without the reader. */
int tcIdsIn(const std::string& path) {
    const std::string text = rs::fileio::readFileBounded(path, kMaxVectorFileBytes, "vector file");
    int n = 0;
    for (std::size_t at = text.find("\"tcId\""); at != std::string::npos; at = text.find("\"tcId\"", at + 1))
        ++n;
    return n;
}

/** Runs one ACVP set and checks that every case ran and passed; returns the run for further checks. */
AcvpMlDsaRun runAndCheck(const std::string& mode, MlDsaImpl impl, int cases, std::size_t groups) {
    const std::string prompt = acvpPath(mode, "prompt.json");
    const std::string expected = acvpPath(mode, "expectedResults.json");
    EXPECT_EQ(tcIdsIn(prompt), cases) << "the prompt file changed";
    EXPECT_EQ(tcIdsIn(expected), cases) << "the expected results file changed";
    const AcvpMlDsaRun run = runMlDsaAcvp(prompt, expected, impl);
    EXPECT_EQ(run.total, cases);
    EXPECT_EQ(static_cast<int>(run.cases.size()), cases);
    EXPECT_EQ(run.groups.size(), groups);
    EXPECT_EQ(run.passed, cases);
    EXPECT_EQ(run.failed, 0);
    EXPECT_FALSE(run.cancelled);
    EXPECT_TRUE(run.allPassed());
    int shown = 0;
    for (const AcvpMlDsaCaseResult& c : run.cases)
        if (!c.passed && shown++ < 10)
            ADD_FAILURE() << mode << " tgId " << c.tgId << " tcId " << c.tcId << ": " << c.detail;
    return run;
}

/** Every group's description must be one of `want`, each of `want` must appear, each group fully passed. */
void checkGroups(const AcvpMlDsaRun& run, const std::set<std::string>& want, int perGroup) {
    std::set<std::string> seen;
    for (const AcvpMlDsaGroupTotals& g : run.groups) {
        EXPECT_TRUE(want.count(g.description)) << "unexpected group kind: " << g.description;
        EXPECT_TRUE(seen.insert(g.description).second) << "two groups are " << g.description;
        EXPECT_EQ(g.cases, perGroup) << g.description;
        EXPECT_EQ(g.passed, g.cases) << g.description;
    }
    EXPECT_EQ(seen, want);
}

std::set<std::string> kinds(const std::vector<std::string>& prefixes,
                            const std::vector<std::string>& suffixes) {
    std::set<std::string> out;
    for (const std::string& p : prefixes)
        for (const std::string& s : suffixes)
            out.insert(p + s);
    return out;
}

const std::vector<std::string> kSets{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"};
const std::vector<std::string> kSignKinds{" external pure", " external preHash", " internal",
                                          " internal externalMu"};

std::set<std::string> sigGenKinds() {
    std::vector<std::string> prefixes;
    for (const std::string& s : kSets) {
        prefixes.push_back(s + " deterministic");
        prefixes.push_back(s + " hedged");
    }
    return kinds(prefixes, kSignKinds);
}

void keyGen(MlDsaImpl impl) {
    const AcvpMlDsaRun run = runAndCheck("keyGen", impl, 75, 3);
    checkGroups(run, kinds(kSets, {""}), 25);
}

void sigGen(MlDsaImpl impl) {
    const AcvpMlDsaRun run = runAndCheck("sigGen", impl, 360, 24);
    checkGroups(run, sigGenKinds(), 15);
}

void sigVer(MlDsaImpl impl) {
    const AcvpMlDsaRun run = runAndCheck("sigVer", impl, 180, 12);
    checkGroups(run, kinds(kSets, kSignKinds), 15);
    // Both verdicts are exercised: the set holds signatures that verify and signatures that must not.
    const AcvpMlDsaVectorSet set =
        readAcvpMlDsa(acvpPath("sigVer", "prompt.json"), acvpPath("sigVer", "expectedResults.json"));
    int accepted = 0, refused = 0;
    for (const AcvpMlDsaGroup& g : set.groups)
        for (const AcvpMlDsaSigVerCase& c : g.sigVer)
            ++(c.testPassed ? accepted : refused);
    EXPECT_GT(accepted, 0);
    EXPECT_GT(refused, 0);
    EXPECT_EQ(accepted + refused, 180);
}

} // namespace

TEST(MlDsaAcvp, KeyGenEveryCaseReference) {
    keyGen(MlDsaImpl::Reference);
}
TEST(MlDsaAcvp, KeyGenEveryCaseFast) {
    keyGen(MlDsaImpl::Fast);
}
TEST(MlDsaAcvp, SigGenEveryGroupReference) {
    sigGen(MlDsaImpl::Reference);
}
TEST(MlDsaAcvp, SigGenEveryGroupFast) {
    sigGen(MlDsaImpl::Fast);
}
TEST(MlDsaAcvp, SigVerEveryGroupReference) {
    sigVer(MlDsaImpl::Reference);
}
TEST(MlDsaAcvp, SigVerEveryGroupFast) {
    sigVer(MlDsaImpl::Fast);
}

TEST(MlDsaAcvp, SigGenReadsEveryInputKind) {
    const AcvpMlDsaVectorSet set =
        readAcvpMlDsa(acvpPath("sigGen", "prompt.json"), acvpPath("sigGen", "expectedResults.json"));
    int withMu = 0, preHashed = 0, withContext = 0, hedged = 0;
    std::set<rs::crypto::MlDsaPreHash> hashes;
    for (const AcvpMlDsaGroup& g : set.groups)
        for (const AcvpMlDsaSigGenCase& c : g.sigGen) {
            ASSERT_EQ(c.rnd.size(), 32u);
            EXPECT_NE(c.message.has_value(), c.mu.has_value());
            if (c.mu) ++withMu;
            if (c.hashAlg) hashes.insert(*c.hashAlg), ++preHashed;
            if (!c.context.empty()) ++withContext;
            if (!g.deterministic) {
                ++hedged;
                EXPECT_NE(c.rnd, rs::crypto::Bytes(32, 0));
            } else {
                EXPECT_EQ(c.rnd, rs::crypto::Bytes(32, 0));
            }
        }
    EXPECT_EQ(withMu, 90);
    EXPECT_EQ(preHashed, 90);
    EXPECT_EQ(hedged, 180);
    EXPECT_GT(withContext, 0);
    EXPECT_EQ(hashes.size(), 12u) << "the pre-hash cases use all twelve hash functions";
}

// A runner that judged nothing would pass every file; a changed expected answer must fail exactly its case.
TEST(MlDsaAcvp, AWrongExpectedAnswerFailsItsCase) {
    AcvpMlDsaVectorSet set =
        readAcvpMlDsa(acvpPath("keyGen", "prompt.json"), acvpPath("keyGen", "expectedResults.json"));
    set.groups[1].keyGen[3].sk[100] ^= 0x01;
    const AcvpMlDsaRun run = runMlDsaAcvp(set, MlDsaImpl::Reference);
    ASSERT_EQ(run.failed, 1);
    EXPECT_EQ(run.passed, 74);
    EXPECT_FALSE(run.allPassed());
    const AcvpMlDsaCaseResult& bad = run.cases[25 + 3];
    EXPECT_FALSE(bad.passed);
    EXPECT_EQ(bad.tgId, 2);
    EXPECT_EQ(bad.tcId, set.groups[1].keyGen[3].tcId);
    EXPECT_NE(bad.detail.find("sk: output byte 100"), std::string::npos) << bad.detail;

    AcvpMlDsaVectorSet ver =
        readAcvpMlDsa(acvpPath("sigVer", "prompt.json"), acvpPath("sigVer", "expectedResults.json"));
    ver.groups[0].sigVer.resize(2);
    ver.groups.resize(1);
    ver.groups[0].sigVer[1].testPassed = !ver.groups[0].sigVer[1].testPassed;
    const AcvpMlDsaRun vrun = runMlDsaAcvp(ver, MlDsaImpl::Reference);
    EXPECT_EQ(vrun.passed, 1);
    ASSERT_EQ(vrun.failed, 1);
    EXPECT_NE(vrun.cases[1].detail.find("testPassed"), std::string::npos) << vrun.cases[1].detail;
}

TEST(MlDsaAcvp, ProgressCanStopTheRun) {
    const AcvpMlDsaVectorSet set =
        readAcvpMlDsa(acvpPath("keyGen", "prompt.json"), acvpPath("keyGen", "expectedResults.json"));
    std::vector<int> seen;
    const AcvpMlDsaRun run = runMlDsaAcvp(set, MlDsaImpl::Reference, [&](int done, int total) {
        EXPECT_EQ(total, 75);
        seen.push_back(done);
        return done < 4;
    });
    EXPECT_EQ(seen, (std::vector<int>{1, 2, 3, 4}));
    EXPECT_EQ(run.total, 4);
    EXPECT_TRUE(run.cancelled);
    EXPECT_FALSE(run.allPassed());
}

namespace {

struct WycheproofFile {
    const char* name;
    WycheproofMlDsaKind kind;
    int tests;
};

const WycheproofFile kWycheproofFiles[] = {
    {"mldsa_44_sign_noseed_test.json", WycheproofMlDsaKind::SignNoSeed, 73},
    {"mldsa_44_sign_seed_test.json", WycheproofMlDsaKind::SignSeed, 86},
    {"mldsa_44_verify_test.json", WycheproofMlDsaKind::Verify, 180},
    {"mldsa_65_sign_noseed_test.json", WycheproofMlDsaKind::SignNoSeed, 78},
    {"mldsa_65_sign_seed_test.json", WycheproofMlDsaKind::SignSeed, 105},
    {"mldsa_65_verify_test.json", WycheproofMlDsaKind::Verify, 210},
    {"mldsa_87_sign_noseed_test.json", WycheproofMlDsaKind::SignNoSeed, 69},
    {"mldsa_87_sign_seed_test.json", WycheproofMlDsaKind::SignSeed, 96},
    {"mldsa_87_verify_test.json", WycheproofMlDsaKind::Verify, 241},
};

void wycheproofFile(const WycheproofFile& w, MlDsaImpl impl) {
    SCOPED_TRACE(w.name);
    const std::string path = rs::test::vectorPath(std::string("mldsa-wycheproof/") + w.name);
    const WycheproofMlDsaFile file = readWycheproofMlDsa(path);
    EXPECT_EQ(file.kind, w.kind);
    EXPECT_EQ(file.numberOfTests, w.tests);
    EXPECT_EQ(static_cast<int>(file.testCount()), w.tests);
    EXPECT_EQ(tcIdsIn(path), w.tests);
    const WycheproofMlDsaRun run = runWycheproofMlDsa(file, impl);
    EXPECT_EQ(run.total, w.tests);
    EXPECT_EQ(run.passed, w.tests);
    EXPECT_TRUE(run.allPassed());
    int shown = 0;
    for (const WycheproofMlDsaResult& r : run.tests)
        if (!r.passed && shown++ < 10) ADD_FAILURE() << "tcId " << r.tcId << ": " << r.detail;
}

} // namespace

TEST(MlDsaWycheproof, EveryFileReference) {
    std::set<std::string> names;
    for (const WycheproofFile& w : kWycheproofFiles) {
        wycheproofFile(w, MlDsaImpl::Reference);
        names.insert(w.name);
    }
    // Every ML-DSA file in the folder is in the table above.
    std::set<std::string> onDisk;
    for (const auto& e :
         std::filesystem::directory_iterator(std::filesystem::path(RS_VECTORS_DIR) / "mldsa-wycheproof"))
        onDisk.insert(e.path().filename().string());
    EXPECT_EQ(onDisk, names);
}

TEST(MlDsaWycheproof, EveryFileFast) {
    for (const WycheproofFile& w : kWycheproofFiles)
        wycheproofFile(w, MlDsaImpl::Fast);
}

// The invalid tests are refused for the right reason: a signature must not come out of a bad key or context.
TEST(MlDsaWycheproof, InvalidSignTestsAreRefusedNotSigned) {
    const WycheproofMlDsaFile file =
        readWycheproofMlDsa(rs::test::vectorPath("mldsa-wycheproof/mldsa_44_sign_noseed_test.json"));
    std::map<std::string, int> invalidByFlag;
    for (const WycheproofMlDsaGroup& g : file.groups)
        for (const WycheproofMlDsaTest& t : g.tests)
            if (t.result == "invalid")
                for (const std::string& f : t.flags)
                    ++invalidByFlag[f];
    EXPECT_EQ(invalidByFlag["InvalidContext"], 1);
    EXPECT_EQ(invalidByFlag["IncorrectPrivateKeyLength"], 2);
    EXPECT_EQ(invalidByFlag["InvalidPrivateKey"], 2);
    // Turning an invalid test into a valid one must make it fail: the runner really expects a refusal.
    WycheproofMlDsaFile flipped = file;
    int flips = 0;
    for (WycheproofMlDsaGroup& g : flipped.groups)
        for (WycheproofMlDsaTest& t : g.tests)
            if (t.result == "invalid") t.result = "valid", ++flips;
    const WycheproofMlDsaRun run = runWycheproofMlDsa(flipped, MlDsaImpl::Reference);
    EXPECT_EQ(run.failed, flips);
}
