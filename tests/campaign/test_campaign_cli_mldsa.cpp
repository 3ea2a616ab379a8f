// `roundscope-cli campaign run` and `chart` on the ML-DSA scheme operations (issue 35), end to end through
// the real executable: a definition of ML-DSA-44's keygen, sign and verify on cpu and cpu-mt runs and is
// stored verified (keygen once, at its seed's 32 bytes), sign's attempts are exported, charts per operation
// are written for a time and for the attempts; the preset paper001-scheme runs; a target that cannot run
// them is refused by name and nothing is stored; kat refuses them.
#include "tests/clitestsupport.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QTemporaryDir>

#include <fstream>

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

QString writeSpec(const QTemporaryDir& dir, const QString& name, const std::string& json) {
    const QString path = dir.filePath(name);
    std::ofstream(path.toStdString()) << json;
    return path;
}

TEST(CampaignCliMlDsa, TheSchemeRunsIsExportedAndChartedPerOperation) {
    QTemporaryDir dir;
    const QString db = dir.filePath("m.sqlite");
    const QString spec = writeSpec(dir, "m.json", R"({"name": "ml-dsa-44", "targets": ["cpu", "cpu-mt"],
        "algorithms": ["mldsa-44-keygen", "mldsa-44-sign", "mldsa-44-verify"], "message_bytes": [0, 64],
        "repeats": 2, "options": {"cpu-mt.threads": "2"}})");
    CliResult r = runCli({"campaign", "run", spec, "--db", db, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("runs").toInt(), 10); // 2 targets x (keygen at 32 B + sign and verify x 2 sizes)
    EXPECT_EQ(r.json().value("failed").toInt(), 0);
    const QString id = QString::number(r.json().value("campaign").toInteger());

    r = runCli({"campaign", "export", "--db", db, "--id", id, "--csv"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    int attempts = 0, keygen32 = 0;
    for (const QByteArray& line : r.out.trimmed().split('\n')) {
        attempts += line.contains(",mldsa-44-sign,") && line.contains(",attempts_median,") ? 1 : 0;
        keygen32 += line.contains(",mldsa-44-keygen,") && line.contains(",time_median,") ? 1 : 0;
    }
    EXPECT_EQ(attempts, 4); // every sign run: 2 targets x 2 sizes
    EXPECT_EQ(keygen32, 2); // one keygen run a target

    const QString png = dir.filePath("time.png");
    r = runCli({"chart", "--db", db, "--campaign", id, "--metric", "time_median", "--out", png, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("series").toInt(), 6); // 2 targets x 3 operations
    EXPECT_FALSE(QImage(png).isNull());
    const QString pdf = dir.filePath("attempts.pdf");
    r = runCli(
        {"chart", "--db", db, "--campaign", id, "--metric", "attempts_median", "--out", pdf, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("series").toInt(), 2); // sign only, on both targets
    QFile f(pdf);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.read(5) == "%PDF-");
}

TEST(CampaignCliMlDsa, ThePresetRuns) {
    QTemporaryDir dir;
    const QString db = dir.filePath("p.sqlite");
    const CliResult r = runCli({"campaign", "run", "--preset", "paper001-scheme", "--db", db, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("runs").toInt(), 30);
    EXPECT_EQ(r.json().value("failed").toInt(), 0);
}

TEST(CampaignCliMlDsa, ATargetThatCannotRunThemIsRefusedByName) {
    QTemporaryDir dir;
    const QString db = dir.filePath("ip.sqlite");
    const QString spec = writeSpec(dir, "ip.json", R"({"name": "ip", "targets": ["cpu", "ip"],
        "algorithms": ["mldsa-44-sign"], "message_bytes": [32]})");
    expectUsageError({"campaign", "run", spec, "--db", db},
                     "SPEC: targets x algorithms: ip does not run mldsa-44-sign (ip runs ");
    EXPECT_FALSE(QFile::exists(db));
    // kat has no records of a scheme operation: it says so (unguarded, it would take the operation for a
    // block cipher, which it has none of).
    expectUsageError({"kat", "--alg", "mldsa-44-sign", spec},
                     "--alg: mldsa-44-sign is an ML-DSA scheme operation: it runs in campaigns");
}

} // namespace
