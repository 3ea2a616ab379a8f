// `roundscope-cli chart --kind relative` (issue 33) through the real executable, over a store with known
// figures: each algorithm's metric over the baseline algorithm's at the same target, written as a real PNG;
// Ascon-AEAD128 is the baseline when none is named and the campaign has it; an unknown algorithm, one the
// campaign does not have, or --relative-to with another kind is one line naming --relative-to (exit 2),
// and nothing is written.
#include "tests/clitestsupport.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QTemporaryDir>

#include "core/campaign/campaignstore.h"

namespace {

using namespace rs::campaign;
using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

void record(CampaignStore& store, std::int64_t id, const std::string& target, const std::string& algorithm,
            std::uint64_t bytes, double ns) {
    store.recordRun(id, {target, algorithm, bytes, 0}, true, "", {},
                    {{"time_min", ns, "ns"},
                     {"time_median", ns, "ns"},
                     {"time_max", ns, "ns"},
                     {"throughput", static_cast<double>(bytes) / (ns / 1e9), "bytes/s"}});
}

// Campaign 1: CPU and IP, Ascon-AEAD128 and LEA-CTR; LEA takes 2x Ascon's time on the CPU and 4x on the IP,
// and the IP's Ascon run of 256 bytes failed. Campaign 2: LEA alone.
void fillStore(const QString& db) {
    CampaignStore store(db.toStdString());
    CampaignSpec spec;
    spec.name = "relative";
    spec.targets = {"cpu", "ip"};
    spec.algorithms = {"ascon-aead128", "lea-128-ctr"};
    spec.messageBytes = {64, 256};
    spec.repeats = 1;
    const auto id = store.createCampaign(spec, {{"host", "test"}});
    for (const std::uint64_t n : {64u, 256u}) {
        const double t = static_cast<double>(n) * 10;
        record(store, id, "cpu", "ascon-aead128", n, t);
        record(store, id, "cpu", "lea-128-ctr", n, 2 * t);
        record(store, id, "ip", "lea-128-ctr", n, t);
    }
    record(store, id, "ip", "ascon-aead128", 64, 160);
    store.recordRun(id, {"ip", "ascon-aead128", 256, 0}, false, "wrong answer", {}, {});
    store.setStatus(id, "finished");
    spec.name = "lea only";
    spec.targets = {"cpu"};
    spec.algorithms = {"lea-128-ctr"};
    const auto lea = store.createCampaign(spec, {{"host", "test"}});
    record(store, lea, "cpu", "lea-128-ctr", 64, 100);
    store.setStatus(lea, "finished");
}

TEST(CampaignCliRelative, ChartsEachAlgorithmAgainstTheBaselineAlgorithm) {
    QTemporaryDir dir;
    const QString db = dir.filePath("r.sqlite"), png = dir.filePath("relative.png");
    fillStore(db);
    CliResult r = runCli({"chart", "--db", db, "--campaign", "1", "--kind", "relative", "--relative-to",
                          "ascon-aead128", "--metric", "time_median", "--out", png, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    QJsonObject o = r.json();
    EXPECT_EQ(o.value("series").toInt(), 4); // 2 targets x 2 algorithms
    EXPECT_EQ(o.value("y").toString(), "time_median relative to ascon-aead128 (lower is faster)");
    EXPECT_EQ(o.value("relative_to").toString(), "ascon-aead128");
    EXPECT_EQ(o.value("missing_baseline").toInt(), 1); // the IP's LEA run of 256 bytes
    EXPECT_EQ(o.value("failed_runs").toInt(), 1);
    EXPECT_TRUE(o.value("targets_without_baseline").toArray().isEmpty());
    const QImage img(png);
    ASSERT_FALSE(img.isNull());
    EXPECT_EQ(img.width(), 1000);

    // No --relative-to: Ascon-AEAD128, which the campaign has; throughput says which way is faster.
    const QString pdf = dir.filePath("relative.pdf");
    r = runCli({"chart", "--db", db, "--campaign", "1", "--kind", "relative", "--out", pdf, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    o = r.json();
    EXPECT_EQ(o.value("relative_to").toString(), "ascon-aead128");
    EXPECT_EQ(o.value("y").toString(), "throughput relative to ascon-aead128 (higher is faster)");
    QFile f(pdf);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.read(5) == "%PDF-");

    // Another baseline: LEA, which the IP ran at every size.
    r = runCli({"chart", "--db", db, "--campaign", "1", "--kind", "relative", "--relative-to", "lea-128-ctr",
                "--out", png, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("missing_baseline").toInt(), 0);
}

TEST(CampaignCliRelative, ABadBaselineAlgorithmIsOneLineAndNothingIsWritten) {
    QTemporaryDir dir;
    const QString db = dir.filePath("r.sqlite"), png = dir.filePath("c.png");
    fillStore(db);
    expectUsageError({"chart", "--db", db, "--campaign", "1", "--kind", "relative", "--relative-to", "nosuch",
                      "--out", png},
                     "--relative-to: unknown algorithm 'nosuch' (algorithms: ");
    expectUsageError({"chart", "--db", db, "--campaign", "1", "--kind", "relative", "--relative-to",
                      "skinny-128-256-ecb", "--out", png},
                     "--relative-to: 'skinny-128-256-ecb' is not an algorithm of campaign 1 (its algorithms: "
                     "ascon-aead128, lea-128-ctr)");
    expectUsageError({"chart", "--db", db, "--campaign", "1,2", "--kind", "relative", "--relative-to",
                      "ascon-aead128", "--out", png},
                     "--relative-to: 'ascon-aead128' is not an algorithm of campaign 2 (its algorithms: "
                     "lea-128-ctr)");
    expectUsageError({"chart", "--db", db, "--campaign", "2", "--kind", "relative", "--out", png},
                     "--relative-to: required for --kind relative when the campaign has no ascon-aead128 "
                     "(its algorithms: lea-128-ctr)");
    expectUsageError({"chart", "--db", db, "--campaign", "1", "--kind", "speedup", "--relative-to",
                      "ascon-aead128", "--out", png},
                     "--relative-to: only for --kind relative");
    expectUsageError({"chart", "--db", db, "--campaign", "1", "--kind", "relative", "--relative-to",
                      "ascon-aead128", "--metric", "joules", "--out", png},
                     "--metric: no verified run of campaign(s) has the metric 'joules'");
    EXPECT_FALSE(QFile::exists(png));
}

} // namespace
