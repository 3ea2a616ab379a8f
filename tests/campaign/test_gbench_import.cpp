// Google Benchmark JSON read into a campaign (core/campaign/gbenchimport.h), in-process over files written
// here as Google Benchmark writes them: a foreign run in microseconds with many iterations per repeat and
// its aggregates (skipped), names with an algorithm field, ad:N/msg:N or a trailing size, --map for a name
// without one, an older file without run_type, an entry Google Benchmark reported as an error (a failed
// run, not a dropped one), RoundScope's own export mapped back exactly, and each way a file is refused:
// one line naming the file and the entry.
#include "core/campaign/campaigncompare.h"
#include "core/campaign/gbenchimport.h"
#include "core/campaign/gbenchjson.h"
#include "tests/campaign/repeatstest.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>

namespace {

using namespace rs::campaign;

std::string fileText(const QJsonArray& benchmarks, const QJsonObject& context = {}) {
    return QJsonDocument(QJsonObject{{"context", context}, {"benchmarks", benchmarks}})
        .toJson(QJsonDocument::Indented)
        .toStdString();
}

QJsonObject iteration(const QString& name, double time, const QString& unit = "ns", qint64 iterations = 1) {
    return QJsonObject{{"name", name},      {"run_name", name}, {"run_type", "iteration"},
                       {"repetitions", 3},  {"threads", 1},     {"iterations", iterations},
                       {"real_time", time}, {"cpu_time", time}, {"time_unit", unit}};
}

QJsonObject aggregate(const QString& name, const QString& kind, double time, const QString& unit = "ns") {
    return QJsonObject{{"name", name + "_" + kind}, {"run_name", name},  {"run_type", "aggregate"},
                       {"aggregate_name", kind},    {"real_time", time}, {"cpu_time", time},
                       {"time_unit", unit},         {"iterations", 3}};
}

const CampaignStore::PendingRun* runOf(const GbenchImport& g, const RunKey& key) {
    const auto it = std::find_if(g.runs.begin(), g.runs.end(), [&](const auto& r) { return r.key == key; });
    return it == g.runs.end() ? nullptr : &*it;
}

double metric(const CampaignStore::PendingRun& r, const std::string& name) {
    for (const Measurement& m : r.measurements)
        if (m.metric == name) return m.value;
    ADD_FAILURE() << "no " << name;
    return -1;
}

/** The one-line message of the import's refusal; "" (and a failure) when it was accepted. */
std::string refusal(const std::string& json, const GbenchImportOptions& options = {}) {
    try {
        parseGbenchJson(json, "bench.json", options);
    } catch (const GbenchImportError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        EXPECT_EQ(what.rfind("bench.json: ", 0), 0u) << what;
        return what;
    }
    ADD_FAILURE() << "accepted: " << json;
    return {};
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(GbenchImport, AForeignFileInMicrosecondsWithAggregatesAndAMap) {
    const QJsonObject context{
        {"date", "2024-05-01T10:00:00+02:00"},
        {"host_name", "bench-host"},
        {"executable", "./ascon_bench"},
        {"num_cpus", 8},
        {"mhz_per_cpu", 3600},
        {"cpu_scaling_enabled", false},
        {"caches",
         QJsonArray{QJsonObject{{"type", "Data"}, {"level", 1}, {"size", 32768}, {"num_sharing", 2}},
                    QJsonObject{{"type", "Unified"}, {"level", 2}, {"size", 1048576}, {"num_sharing", 1}}}},
        {"library_build_type", "release"}};
    const QJsonArray benchmarks{iteration("BM_AsconAead128/64", 1.5, "us", 1000),
                                iteration("BM_AsconAead128/64", 1.25, "us", 1000),
                                iteration("BM_AsconAead128/64", 2.0, "us", 1000),
                                aggregate("BM_AsconAead128/64", "mean", 1.58, "us"),
                                aggregate("BM_AsconAead128/64", "median", 1.5, "us"),
                                aggregate("BM_AsconAead128/64", "stddev", 0.4, "us"),
                                aggregate("BM_AsconAead128/64", "cv", 0.2, "us"),
                                iteration("BM_AsconAead128/1024", 0.004, "ms", 50)};
    GbenchImportOptions options;
    options.map = {{"BM_AsconAead128", "ascon-aead128"}};
    const GbenchImport g = parseGbenchJson(fileText(benchmarks, context), "dir/bench.json", options);
    ASSERT_EQ(g.runs.size(), 2u); // the aggregates are no runs
    const auto* small = runOf(g, {"cpu", "ascon-aead128", 64, 0});
    ASSERT_NE(small, nullptr);
    EXPECT_TRUE(small->verified);
    // real_time is per iteration already: each repeat is its real_time in ns, in the file's order.
    EXPECT_EQ(small->samples, (std::vector<double>{1500, 1250, 2000}));
    EXPECT_EQ(metric(*small, "time_median"), 1500);
    EXPECT_EQ(metric(*small, "time_min"), 1250);
    EXPECT_EQ(small->parameters.at("source"), "google-benchmark import");
    EXPECT_TRUE(has(small->parameters.at("verification"), "not checked"));
    EXPECT_EQ(small->parameters.at("gbench.name"), "BM_AsconAead128/64");
    EXPECT_EQ(small->parameters.at("gbench.iterations"), "1000");
    const auto* large = runOf(g, {"cpu", "ascon-aead128", 1024, 0});
    ASSERT_NE(large, nullptr);
    EXPECT_EQ(large->samples, (std::vector<double>{4000}));

    EXPECT_EQ(g.spec.name, "imported: bench.json");
    EXPECT_EQ(g.spec.targets, (std::vector<std::string>{"cpu"}));
    EXPECT_EQ(g.spec.algorithms, (std::vector<std::string>{"ascon-aead128"}));
    EXPECT_EQ(g.spec.messageBytes, (std::vector<std::uint64_t>{64, 1024}));
    EXPECT_EQ(g.spec.repeats, 3);
    EXPECT_EQ(g.minRepeats, 1);
    EXPECT_EQ(g.maxRepeats, 3);
    EXPECT_FALSE(g.roundscopeExport);
    EXPECT_EQ(g.provenance.at("host"), "bench-host");
    EXPECT_EQ(g.provenance.at("gbench.num_cpus"), "8");
    EXPECT_EQ(g.provenance.at("gbench.cpu_scaling_enabled"), "false");
    EXPECT_EQ(g.provenance.at("gbench.executable"), "./ascon_bench");
    EXPECT_EQ(g.provenance.at("gbench.caches"), "L1 Data 32 KiB (shared by 2), L2 Unified 1024 KiB");
    EXPECT_TRUE(has(g.provenance.at("imported_target"), "cpu"));
}

TEST(GbenchImport, NamesGiveTheirAlgorithmAndSizesFieldByField) {
    const QJsonArray benchmarks{iteration("BM_Seal/ascon-aead128/ad:16/msg:64", 100),
                                iteration("BM_Seal/ascon-aead128/ad:16/msg:64", 110),
                                iteration("BM_Ctr/lea-128-ctr/threads:1/4096/real_time", 900),
                                iteration("BM_Ctr/lea-128-ctr/8/256", 90)};
    const GbenchImport g = parseGbenchJson(fileText(benchmarks), "b.json", {});
    ASSERT_EQ(g.runs.size(), 3u);
    EXPECT_NE(runOf(g, {"cpu", "ascon-aead128", 64, 16}), nullptr);
    EXPECT_NE(runOf(g, {"cpu", "lea-128-ctr", 4096, 0}), nullptr);
    EXPECT_NE(runOf(g, {"cpu", "lea-128-ctr", 256, 0}), nullptr); // the last plain integer
    EXPECT_EQ(g.spec.adBytes, (std::vector<std::uint64_t>{16}));
    EXPECT_EQ(g.spec.repeats, 2);
    // A target that is registered names the target; --target gives the others theirs.
    GbenchImportOptions options;
    options.target = "cpu-mt";
    const GbenchImport t = parseGbenchJson(
        fileText({iteration("cpu/ascon-aead128/ad:0/msg:64", 5), iteration("BM/ascon-aead128/128", 6)}),
        "b.json", options);
    EXPECT_NE(runOf(t, {"cpu", "ascon-aead128", 64, 0}), nullptr);
    EXPECT_NE(runOf(t, {"cpu-mt", "ascon-aead128", 128, 0}), nullptr);
    EXPECT_EQ(t.spec.targets, (std::vector<std::string>{"cpu", "cpu-mt"}));
}

TEST(GbenchImport, AnOlderFileWithoutRunTypeSkipsItsAggregatesByName) {
    QJsonArray benchmarks;
    for (const double t : {10.0, 12.0, 11.0}) {
        QJsonObject o = iteration("BM_Hash/ascon-aead128/32", t);
        o.remove("run_type");
        o.remove("run_name");
        benchmarks.append(o);
    }
    for (const char* kind : {"mean", "median", "stddev"}) {
        QJsonObject o = aggregate("BM_Hash/ascon-aead128/32", kind, 11);
        o.remove("run_type");
        o.remove("run_name");
        o.remove("aggregate_name");
        benchmarks.append(o);
    }
    const GbenchImport g = parseGbenchJson(fileText(benchmarks), "old.json", {});
    ASSERT_EQ(g.runs.size(), 1u);
    EXPECT_EQ(g.runs.front().samples, (std::vector<double>{10, 12, 11}));
}

TEST(GbenchImport, AnEntryGoogleBenchmarkReportedAsAnErrorIsAFailedRun) {
    QJsonObject broken = iteration("BM_Seal/ascon-aead128/128", 0);
    broken.insert("error_occurred", true);
    broken.insert("error_message", "setup failed");
    const GbenchImport g =
        parseGbenchJson(fileText({iteration("BM_Seal/ascon-aead128/64", 50), broken}), "e.json", {});
    ASSERT_EQ(g.runs.size(), 2u);
    const auto* failed = runOf(g, {"cpu", "ascon-aead128", 128, 0});
    ASSERT_NE(failed, nullptr);
    EXPECT_FALSE(failed->verified);
    EXPECT_TRUE(has(failed->failure, "setup failed"));
    EXPECT_TRUE(failed->samples.empty());
    EXPECT_TRUE(failed->measurements.empty());
}

TEST(GbenchImport, RoundScopesOwnExportMapsBackExactly) {
    CampaignRow c;
    c.id = 4;
    c.name = "base";
    c.created = "2026-12-01T10:00:00.000Z";
    c.provenance = {{"host", "lab"}, {"compiler", "g++ 12.2.0"}, {"git_revision", "abc"}};
    std::vector<RunRow> runs(3);
    runs[0].key = {"cpu", "ascon-aead128", 64, 0};
    runs[0].verified = true;
    runs[0].samples = {1000.125, 998.5, 1003.0000000001};
    runs[1].key = {"cpu", "lea-128-ctr", 256, 0};
    runs[1].verified = true;
    runs[1].samples = {4000.75};
    runs[2].key = {"cpu", "ascon-aead128", 256, 0};
    runs[2].failure = "wrong answer";
    const GbenchImport g = parseGbenchJson(gbenchJson(c, runs), "export.json", {});
    EXPECT_TRUE(g.roundscopeExport);
    ASSERT_EQ(g.runs.size(), 2u); // the failed run is not in the file, and said to be missing
    EXPECT_EQ(runOf(g, runs[0].key)->samples, runs[0].samples);
    EXPECT_EQ(runOf(g, runs[1].key)->samples, runs[1].samples);
    EXPECT_EQ(g.provenance.at("compiler"), "g++ 12.2.0");
    EXPECT_EQ(g.provenance.at("git_revision"), "abc");
    EXPECT_TRUE(has(g.provenance.at("imported_not_in_file"), "cpu/ascon-aead128/ad:0/msg:256: failed"));
    EXPECT_EQ(g.provenance.count("imported_target"), 0u);
}

TEST(GbenchImport, StoredAsAFinishedCampaignThatComparesWithTheOriginalAsTheSame) {
    QTemporaryDir dir;
    CampaignStore original(dir.filePath("a.db").toStdString()), copy(dir.filePath("b.db").toStdString());
    CampaignSpec spec;
    spec.name = "base";
    spec.targets = {"cpu"};
    spec.algorithms = {"ascon-aead128"};
    spec.messageBytes = {64, 256};
    const auto id = original.createCampaign(spec, {{"compiler", "g++ 12.2.0"}});
    for (const std::uint64_t bytes : {64u, 256u}) {
        const auto samples = rs::test::noisyRepeats(100.0 + static_cast<double>(bytes), 9, bytes);
        original.recordRun(id, {"cpu", "ascon-aead128", bytes, 0}, true, "", {}, {}, samples);
    }
    original.setStatus(id, "finished");
    const CampaignSide a{*original.campaign(id), original.runs(id)};
    const GbenchImport g = parseGbenchJson(gbenchJson(a.campaign, a.runs), "a.json", {});
    const auto copied = storeGbenchImport(copy, g);
    const auto row = copy.campaign(copied);
    ASSERT_TRUE(row.has_value());
    EXPECT_EQ(row->status, "finished");
    EXPECT_EQ(row->runsDone, 2);
    EXPECT_EQ(row->runsTotal, 2);
    EXPECT_FALSE(copy.lease(copied).has_value()); // released
    const CampaignSide b{*row, copy.runs(copied)};
    ASSERT_EQ(b.runs.size(), 2u);
    const CampaignComparison c = compareCampaigns(a, b, {});
    ASSERT_EQ(c.points.size(), 2u);
    for (const ComparedPoint& p : c.points) {
        ASSERT_TRUE(p.result.has_value()) << p.notCompared;
        EXPECT_EQ(p.result->ratio, 1.0);
        EXPECT_EQ(p.result->verdict, stats::Verdict::Same);
    }
    EXPECT_EQ(c.same, 2);
}

TEST(GbenchImport, EachRefusalNamesTheFileAndTheEntry) {
    const auto one = [](const QJsonObject& o) { return fileText({o}); };
    EXPECT_TRUE(has(refusal("{\"benchmarks\": [ {\"name\": "), "not valid JSON"));
    EXPECT_TRUE(has(refusal("{\"context\": {}}"), "no \"benchmarks\" array"));
    EXPECT_TRUE(has(refusal("[1, 2]"), "no \"benchmarks\" array"));
    EXPECT_TRUE(has(refusal(fileText({aggregate("BM/ascon-aead128/64", "mean", 3)})), "no benchmark run"));
    std::string m = refusal(one(iteration("BM/ascon-aead128/64", -5)));
    EXPECT_TRUE(has(m, "benchmarks[0] 'BM/ascon-aead128/64'") && has(m, "-5")) << m;
    m = refusal("{\"benchmarks\": [{\"name\": \"BM/ascon-aead128/64\", \"run_type\": \"iteration\", "
                "\"real_time\": 1e999, \"time_unit\": \"ns\"}]}");
    EXPECT_TRUE(has(m, "BM/ascon-aead128/64") || has(m, "not valid JSON")) << m;
    m = refusal(one(iteration("BM/ascon-aead128/64", 5, "ps")));
    EXPECT_TRUE(has(m, "unknown time_unit 'ps'") && has(m, "benchmarks[0]")) << m;
    QJsonObject noUnit = iteration("BM/ascon-aead128/64", 5);
    noUnit.remove("time_unit");
    EXPECT_TRUE(has(refusal(one(noUnit)), "no time_unit"));
    QJsonObject text = iteration("BM/ascon-aead128/64", 5);
    text.insert("real_time", "fast");
    EXPECT_TRUE(has(refusal(one(text)), "real_time is not a number"));
    m = refusal(one(iteration("BM_AsconAead128/64", 5)));
    EXPECT_TRUE(has(m, "'BM_AsconAead128/64'") && has(m, "holds no algorithm id") && has(m, "expected")) << m;
    m = refusal(one(iteration("BM/ascon-aead128", 5)));
    EXPECT_TRUE(has(m, "holds no message size")) << m;
    m = refusal(one(iteration("BM/lea-128-ctr/ad:16/msg:64", 5)));
    EXPECT_TRUE(has(m, "no AEAD")) << m;
    m = refusal(one(iteration("BM/ascon-aead128/lea-128-ctr/64", 5)));
    EXPECT_TRUE(has(m, "two algorithms")) << m;
    m = refusal(fileText(
        {iteration("BM_A/ascon-aead128/64/threads:1", 5), iteration("BM_A/ascon-aead128/64/threads:2", 6)}));
    EXPECT_TRUE(has(m, "benchmarks[1] 'BM_A/ascon-aead128/64/threads:2'") &&
                has(m, "same point as 'BM_A/ascon-aead128/64/threads:1'"))
        << m;
    GbenchImportOptions map;
    map.map = {{"BM_Typo", "ascon-aead128"}};
    EXPECT_TRUE(has(refusal(one(iteration("BM/ascon-aead128/64", 5)), map), "--map BM_Typo=ascon-aead128"));
    map.map = {{"BM", "no-such-cipher"}};
    EXPECT_TRUE(has(refusal(one(iteration("BM/64", 5)), map), "unknown algorithm"));
    GbenchImportOptions target;
    target.target = "no-such-target";
    EXPECT_TRUE(has(refusal(one(iteration("BM/ascon-aead128/64", 5)), target), "--target"));
    // RoundScope's export names a registered target in every name.
    QJsonObject own = QJsonObject{{"roundscope_provenance", QJsonObject{{"host", "x"}}}};
    m = refusal(fileText({iteration("nowhere/ascon-aead128/ad:0/msg:64", 5)}, own));
    EXPECT_TRUE(has(m, "names no registered target")) << m;
}

} // namespace
