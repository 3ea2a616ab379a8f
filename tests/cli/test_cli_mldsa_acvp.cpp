// roundscope-cli mldsa acvp end to end (issue 35): NIST's ACVP ML-DSA keyGen and sigVer vector sets
// (resources/vectors/mldsa-acvp) pass with both implementations; a copy of the keyGen answers with one public
// key changed fails that one case (exit 1, named by tgId and tcId); unreadable or mismatched files are
// usage errors (exit 2).
#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

QString acvp(const char* set, const char* file) {
    return QString::fromStdString(rs::test::vectorPath(std::string("mldsa-acvp/") + set + "/" + file));
}

const char* kKeyGen = "ML-DSA-keyGen-FIPS204";
const char* kSigVer = "ML-DSA-sigVer-FIPS204";

} // namespace

TEST(CliMlDsaAcvp, KeyGenAndSigVerSetsPassWithBothImplementations) {
    for (const char* set : {kKeyGen, kSigVer}) {
        for (const char* impl : {"fast", "reference"}) {
            const CliResult r = runCli({"mldsa", "acvp", acvp(set, "prompt.json"),
                                        acvp(set, "expectedResults.json"), "--impl", impl, "--json"});
            ASSERT_EQ(r.status, 0) << set << " " << impl << ": " << r.err.toStdString();
            const QJsonObject o = r.json();
            EXPECT_EQ(o.value("impl").toString(), impl);
            EXPECT_EQ(o.value("failed").toInt(), 0);
            EXPECT_GT(o.value("total").toInt(), 0);
            EXPECT_EQ(o.value("passed").toInt(), o.value("total").toInt());
            EXPECT_TRUE(o.value("failures").toArray().isEmpty());
            int cases = 0;
            for (const QJsonValue g : o.value("groups").toArray())
                cases += g.toObject().value("cases").toInt();
            EXPECT_EQ(cases, o.value("total").toInt());
        }
    }
    const CliResult text =
        runCli({"mldsa", "acvp", acvp(kKeyGen, "prompt.json"), acvp(kKeyGen, "expectedResults.json")});
    ASSERT_EQ(text.status, 0);
    EXPECT_TRUE(text.out.trimmed().endsWith("passed, 0 failed")) << text.out.toStdString();
    EXPECT_TRUE(text.out.startsWith("tgId 1 (ML-DSA-")) << text.out.toStdString();
}

TEST(CliMlDsaAcvp, AChangedAnswerFailsItsCase) {
    QFile in(acvp(kKeyGen, "expectedResults.json"));
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(in.readAll()).object();
    QJsonArray groups = doc.value("testGroups").toArray();
    QJsonObject group = groups.at(0).toObject();
    QJsonArray tests = group.value("tests").toArray();
    QJsonObject first = tests.at(0).toObject();
    QString pk = first.value("pk").toString();
    pk[10] = pk[10] == QLatin1Char('0') ? QLatin1Char('1') : QLatin1Char('0');
    first.insert("pk", pk);
    tests.replace(0, first);
    group.insert("tests", tests);
    groups.replace(0, group);
    doc.insert("testGroups", groups);
    QTemporaryDir dir;
    const QString changed = dir.filePath("expectedResults.json");
    QFile out(changed);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(doc).toJson());
    out.close();

    const CliResult r = runCli({"mldsa", "acvp", acvp(kKeyGen, "prompt.json"), changed, "--json"});
    EXPECT_EQ(r.status, 1) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_EQ(o.value("failed").toInt(), 1);
    EXPECT_EQ(o.value("passed").toInt(), o.value("total").toInt() - 1);
    const QJsonArray failures = o.value("failures").toArray();
    ASSERT_EQ(failures.size(), 1);
    EXPECT_EQ(failures.at(0).toObject().value("tgId").toInt(), group.value("tgId").toInt());
    EXPECT_EQ(failures.at(0).toObject().value("tcId").toInt(), first.value("tcId").toInt());
    EXPECT_TRUE(failures.at(0).toObject().value("detail").toString().contains("pk"))
        << failures.at(0).toObject().value("detail").toString().toStdString();
    // Without --json: the failed case first, then the totals.
    const CliResult text = runCli({"mldsa", "acvp", acvp(kKeyGen, "prompt.json"), changed});
    EXPECT_EQ(text.status, 1);
    EXPECT_TRUE(text.out.startsWith("FAIL tgId ")) << text.out.toStdString();
    EXPECT_TRUE(text.out.trimmed().endsWith(", 1 failed")) << text.out.toStdString();
}

TEST(CliMlDsaAcvp, BadFilesAreUsageErrors) {
    QTemporaryDir dir;
    expectUsageError({"mldsa", "acvp", acvp(kKeyGen, "prompt.json")},
                     "mldsa acvp: expected PROMPT.json and EXPECTED.json");
    expectUsageError({"mldsa", "acvp", acvp(kKeyGen, "prompt.json"), dir.filePath("none.json")}, "none.json");
    // A keyGen prompt with sigVer's answers.
    expectUsageError({"mldsa", "acvp", acvp(kKeyGen, "prompt.json"), acvp(kSigVer, "expectedResults.json")},
                     "mldsa acvp: ");
    expectUsageError({"mldsa", "acvp", acvp(kKeyGen, "prompt.json"), acvp(kKeyGen, "expectedResults.json"),
                      "--impl", "gpu"},
                     "--impl: expected fast or reference");
}
