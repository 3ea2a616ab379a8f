// `roundscope-cli campaign import` through the real executable: a campaign exported as Google Benchmark
// JSON and imported into another store compares with the original as SAME at every point with a ratio of
// exactly 1, its repeats equal in order; a foreign file (microseconds, iterations per repeat, aggregates)
// imports with --map and its figures in ns; and every refused file is one line naming the problem, exit 2,
// with the store unchanged.
#include "tests/clitestsupport.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include "core/campaign/campaignstore.h"
#include "tests/campaign/repeatstest.h"

#include <algorithm>

namespace {

using namespace rs::campaign;
using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    ASSERT_EQ(f.write(bytes), bytes.size());
}

/** A finished campaign: three points with 9 noisy repeats each, and a failed one. */
std::int64_t addCampaign(CampaignStore& s) {
    CampaignSpec spec;
    spec.name = "base";
    spec.targets = {"cpu"};
    spec.algorithms = {"ascon-aead128", "lea-128-ctr"};
    spec.messageBytes = {64, 1024};
    spec.adBytes = {0, 16};
    const auto id = s.createCampaign(spec, {{"compiler", "g++ 12.2.0"}, {"git_revision", "aaa111"}});
    std::uint32_t seed = 1;
    for (const RunKey& k : {RunKey{"cpu", "ascon-aead128", 64, 0}, RunKey{"cpu", "ascon-aead128", 1024, 16},
                            RunKey{"cpu", "lea-128-ctr", 1024, 0}}) {
        const auto samples = rs::test::noisyRepeats(200.0 + static_cast<double>(k.messageBytes), 9, seed++);
        s.recordRun(id, k, true, "", {}, {{"time_median", samples[4], "ns"}}, samples);
    }
    s.recordRun(id, {"cpu", "lea-128-ctr", 64, 0}, false, "wrong answer in output 1", {}, {});
    s.setStatus(id, "finished");
    return id;
}

struct Dir {
    QTemporaryDir dir;
    QString path(const char* name) const { return dir.filePath(QString::fromLatin1(name)); }
};

TEST(CampaignImportCli, AnExportImportedIntoAnotherStoreComparesAsTheSame) {
    Dir d;
    const QString a = d.path("a.db"), b = d.path("b.db"), json = d.path("export.json");
    {
        CampaignStore s(a.toStdString());
        addCampaign(s);
    }
    CliResult r = runCli({"campaign", "export", "--db", a, "--id", "1", "--format", "gbench", "--out", json});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    r = runCli({"campaign", "import", json, "--db", b, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject imported = r.json();
    EXPECT_EQ(imported.value("campaign").toInt(), 1);
    EXPECT_EQ(imported.value("runs").toInt(), 3); // the failed run is not in the export
    EXPECT_EQ(imported.value("repeats_max").toInt(), 9);
    EXPECT_TRUE(imported.value("roundscope_export").toBool());

    r = runCli({"campaign", "compare", a + ":1", b + ":1", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject c = r.json();
    const QJsonArray points = c.value("points").toArray();
    int same = 0;
    for (const auto v : points) {
        const QJsonObject p = v.toObject();
        if (p.value("message_bytes").toInt() == 64 && p.value("algorithm").toString() == "lea-128-ctr") {
            EXPECT_EQ(p.value("verdict").toString(), "NOT COMPARED"); // failed in A, absent from B
            continue;
        }
        EXPECT_EQ(p.value("verdict").toString(), "SAME") << QJsonDocument(p).toJson().toStdString();
        EXPECT_EQ(p.value("ratio").toDouble(), 1.0);
        EXPECT_EQ(p.value("repeats_b").toInt(), 9);
        ++same;
    }
    EXPECT_EQ(same, 3);
    EXPECT_EQ(c.value("geometric_mean").toObject().value("ratio").toDouble(), 1.0);

    // Every repeat's time came back, in order; the runs say the oracle did not judge them here.
    const CampaignStore sa(a.toStdString(), {OpenMode::ReadOnly, {}}),
        sb(b.toStdString(), {OpenMode::ReadOnly, {}});
    const auto runsA = sa.runs(1), runsB = sb.runs(1);
    ASSERT_EQ(runsB.size(), 3u);
    for (const RunRow& rb : runsB) {
        const auto ra =
            std::find_if(runsA.begin(), runsA.end(), [&](const RunRow& x) { return x.key == rb.key; });
        ASSERT_NE(ra, runsA.end());
        EXPECT_EQ(rb.samples, ra->samples);
        EXPECT_TRUE(rb.verified);
        EXPECT_EQ(rb.parameters.at("source"), "google-benchmark import");
        EXPECT_NE(rb.parameters.at("verification").find("not checked"), std::string::npos);
    }
    const auto row = sb.campaign(1);
    ASSERT_TRUE(row.has_value());
    EXPECT_EQ(row->status, "finished");
    EXPECT_EQ(row->name, "imported: export.json");
    EXPECT_EQ(row->provenance.at("compiler"), "g++ 12.2.0");
    EXPECT_EQ(row->provenance.at("imported_from"), QFileInfo(json).absoluteFilePath().toStdString());
    EXPECT_EQ(row->provenance.at("imported_sha256").size(), 64u);
    EXPECT_NE(row->provenance.at("imported_not_in_file").find("msg:64: failed"), std::string::npos);
}

const char* kForeign = R"({
  "context": {"date": "2024-05-01T10:00:00+02:00", "host_name": "bench-host", "executable": "./bench",
              "num_cpus": 8, "mhz_per_cpu": 3600, "cpu_scaling_enabled": false, "library_build_type": "release",
              "caches": [{"type": "Data", "level": 1, "size": 32768, "num_sharing": 2}]},
  "benchmarks": [
    {"name": "BM_AsconAead128/64", "run_name": "BM_AsconAead128/64", "run_type": "iteration", "repetitions": 3,
     "repetition_index": 0, "threads": 1, "iterations": 448000, "real_time": 1.5, "cpu_time": 1.49, "time_unit": "us"},
    {"name": "BM_AsconAead128/64", "run_name": "BM_AsconAead128/64", "run_type": "iteration", "repetitions": 3,
     "repetition_index": 1, "threads": 1, "iterations": 448000, "real_time": 1.625, "cpu_time": 1.6, "time_unit": "us"},
    {"name": "BM_AsconAead128/64", "run_name": "BM_AsconAead128/64", "run_type": "iteration", "repetitions": 3,
     "repetition_index": 2, "threads": 1, "iterations": 448000, "real_time": 1.375, "cpu_time": 1.37, "time_unit": "us"},
    {"name": "BM_AsconAead128/64_mean", "run_name": "BM_AsconAead128/64", "run_type": "aggregate", "repetitions": 3,
     "threads": 1, "aggregate_name": "mean", "aggregate_unit": "time", "iterations": 3, "real_time": 1.5,
     "cpu_time": 1.49, "time_unit": "us"},
    {"name": "BM_AsconAead128/64_median", "run_name": "BM_AsconAead128/64", "run_type": "aggregate",
     "repetitions": 3, "threads": 1, "aggregate_name": "median", "aggregate_unit": "time", "iterations": 3,
     "real_time": 1.5, "cpu_time": 1.49, "time_unit": "us"},
    {"name": "BM_AsconAead128/64_stddev", "run_name": "BM_AsconAead128/64", "run_type": "aggregate",
     "repetitions": 3, "threads": 1, "aggregate_name": "stddev", "aggregate_unit": "time", "iterations": 3,
     "real_time": 0.125, "cpu_time": 0.1, "time_unit": "us"},
    {"name": "BM_AsconAead128/64_cv", "run_name": "BM_AsconAead128/64", "run_type": "aggregate", "repetitions": 3,
     "threads": 1, "aggregate_name": "cv", "aggregate_unit": "percentage", "iterations": 3, "real_time": 0.08,
     "cpu_time": 0.07, "time_unit": "us"}
  ]
})";

TEST(CampaignImportCli, AForeignGoogleBenchmarkFileWithAMap) {
    Dir d;
    const QString db = d.path("c.db"), json = d.path("foreign.json");
    writeFile(json, kForeign);
    CliResult r = runCli({"campaign", "import", json, "--db", db, "--map", "BM_AsconAead128=ascon-aead128",
                          "--name", "google baseline"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(QString::fromUtf8(r.out).trimmed(), "imported campaign 1: 1 run, 3 repeats each, from " + json);
    const CampaignStore s(db.toStdString(), {OpenMode::ReadOnly, {}});
    const auto runs = s.runs(1);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].key, (RunKey{"cpu", "ascon-aead128", 64, 0}));
    EXPECT_EQ(runs[0].samples, (std::vector<double>{1500, 1625, 1375}));
    EXPECT_EQ(runs[0].parameters.at("gbench.iterations"), "448000");
    const auto row = s.campaign(1);
    ASSERT_TRUE(row.has_value());
    EXPECT_EQ(row->name, "google baseline");
    EXPECT_EQ(row->spec.repeats, 3);
    EXPECT_EQ(row->provenance.at("host"), "bench-host");
    EXPECT_EQ(row->provenance.at("gbench.caches"), "L1 Data 32 KiB (shared by 2)");

    // A second import of the same file is another campaign (--target picks the foreign names' target).
    r = runCli({"campaign", "import", json, "--db", db, "--map", "BM_AsconAead128=ascon-aead128", "--target",
                "cpu-mt", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("campaign").toInt(), 2);
}

TEST(CampaignImportCli, ARefusedFileIsOneLineAndTheStoreIsUnchanged) {
    Dir d;
    const QString db = d.path("c.db");
    {
        CampaignStore s(db.toStdString());
        addCampaign(s);
    }
    const auto state = [&] {
        const CampaignStore s(db.toStdString(), {OpenMode::ReadOnly, {}});
        return std::make_pair(s.campaigns(), s.runs(1));
    };
    const auto before = state();
    QByteArray foreign(kForeign);
    const auto file = [&](const char* name, const QByteArray& bytes) {
        const QString path = d.path(name);
        writeFile(path, bytes);
        return path;
    };
    const QStringList db_ = {"--db", db};
    const auto refused = [&](const QString& path, const QStringList& extra, const char* mentions) {
        expectUsageError(QStringList{"campaign", "import", path} + db_ + extra, mentions);
    };
    const QStringList map = {"--map", "BM_AsconAead128=ascon-aead128"};
    refused(file("bad.json", "{\"benchmarks\": [ {"), {}, "bad.json: not valid JSON");
    refused(file("none.json", "{\"context\": {}}"), {}, "none.json: no \"benchmarks\" array");
    refused(file("neg.json", QByteArray(foreign).replace("\"real_time\": 1.625", "\"real_time\": -1.625")),
            map, "neg.json: benchmarks[1] 'BM_AsconAead128/64': real_time -1.625");
    refused(
        file("unit.json", QByteArray(foreign).replace("\"time_unit\": \"us\"}", "\"time_unit\": \"ps\"}")),
        map, "unknown time_unit 'ps'");
    refused(file("unmapped.json", foreign), {}, "'BM_AsconAead128/64': holds no algorithm id");
    refused(file("twice.json", QByteArray(foreign).replace(
                                   "\"run_name\": \"BM_AsconAead128/64\", \"run_type\": \"iteration\", "
                                   "\"repetitions\": 3,\n     \"repetition_index\": 2",
                                   "\"run_name\": \"BM_AsconAead128/64/threads:2\", \"run_type\": "
                                   "\"iteration\", \"repetitions\": 3,\n     \"repetition_index\": 2")),
            map, "same point as 'BM_AsconAead128/64'");
    refused(file("ok.json", foreign), {"--map", "BM_Typo=ascon-aead128"}, "--map BM_Typo=ascon-aead128");
    refused(file("ok2.json", foreign), {"--map", "BM_AsconAead128"}, "--map: expected NAME=ALGORITHM");
    refused(file("ok3.json", foreign), map + QStringList{"--target", "gpu-of-nobody"}, "--target");
    refused(d.path("missing.json"), map, "missing.json");
    refused(d.dir.path(), map, "Google Benchmark JSON");
    EXPECT_EQ(state(), before);
    // The store is not even created for a refused file.
    expectUsageError({"campaign", "import", d.path("bad.json"), "--db", d.path("new.db")}, "not valid JSON");
    EXPECT_FALSE(QFile::exists(d.path("new.db")));
}

} // namespace
