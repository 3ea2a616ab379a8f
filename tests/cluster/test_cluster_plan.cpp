// Shard plans (core/cluster/shardplan.h) and what submit hands Slurm (slurm.h, clustercampaign.h), without
// a cluster: how runs are packed into shards, the plan file and its checks, the --array text, the job
// script and the resources each target asks for (its declaration's Slurm needs unless the definition says).
#include <gtest/gtest.h>

#include <set>

#include "app/backends/backends.h"
#include "core/campaign/cpurunner.h"
#include "core/cluster/clustercampaign.h"

namespace {

using namespace rs::cluster;
using rs::campaign::CampaignSpec;
using rs::campaign::RunKey;

// The plans name back ends' targets ("ip", "cuda", "board"; their declarations carry their Slurm needs): the
// program registers every back end once, before its first test, as the CLI does.
class EveryBackEnd : public testing::Environment {
  public:
    void SetUp() override { rs::backends::registerAllRunners(); }
};
[[maybe_unused]] const testing::Environment* const kEveryBackEnd =
    testing::AddGlobalTestEnvironment(new EveryBackEnd);

CampaignSpec spec3() {
    CampaignSpec s;
    s.name = "plan test";
    s.targets = {"cpu", "ip"};
    s.algorithms = {"ascon-aead128"};
    s.messageBytes = {0, 16, 32, 48, 64, 80, 96};
    s.adBytes = {0, 16};
    s.repeats = 1;
    return s;
}

TEST(ShardPlan, PacksEachTargetsRunsIntoShardsOfAtMostPerTask) {
    const CampaignSpec s = spec3(); // 14 runs per target
    const std::vector<Shard> shards = splitShards(s, 5);
    ASSERT_EQ(shards.size(), 6u); // 5+5+4 per target
    std::set<RunKey> all;
    for (std::size_t i = 0; i < shards.size(); ++i) {
        EXPECT_EQ(shards[i].index, static_cast<int>(i));
        EXPECT_EQ(shards[i].target, i < 3 ? "cpu" : "ip");
        EXPECT_LE(shards[i].runs.size(), 5u);
        for (const RunKey& k : shards[i].runs) {
            EXPECT_EQ(k.target, shards[i].target);
            EXPECT_TRUE(all.insert(k).second) << "a run in two shards";
        }
    }
    const auto expanded = rs::campaign::expandRuns(s);
    EXPECT_EQ(all, std::set<RunKey>(expanded.begin(), expanded.end()));
    EXPECT_EQ(shards[2].runs.size(), 4u);
}

TEST(ShardPlan, DefaultPerTaskKeepsAtMostAHundredTasksPerTarget) {
    EXPECT_EQ(defaultPerTask(3), 5);
    EXPECT_EQ(defaultPerTask(500), 5);
    EXPECT_EQ(defaultPerTask(501), 6);
    EXPECT_EQ(defaultPerTask(10000), 100);
    CampaignSpec s = spec3();
    s.targets = {"cpu"};
    EXPECT_EQ(splitShards(s, 0).size(), 3u); // 14 runs, 5 per task
    EXPECT_THROW(splitShards(s, -1), ClusterError);
}

TEST(ShardPlan, JsonRoundTripsAndEveryDamageIsNamed) {
    ClusterPlan p;
    p.uid = "0123456789ab";
    p.campaignId = 3;
    p.spec = spec3();
    p.perTask = 4;
    p.shards = splitShards(p.spec, 4);
    const std::string json = planJson(p);
    EXPECT_EQ(parsePlan(json), p);

    const auto refused = [&](const std::string& text, const std::string& mentions) {
        try {
            parsePlan(text);
            ADD_FAILURE() << "accepted: " << mentions;
        } catch (const ClusterError& e) {
            EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos) << e.what();
        }
    };
    refused("{", "not JSON");
    refused("[]", "format");
    std::string text = json;
    text.replace(text.find("roundscope-cluster-plan-1"), 25, "roundscope-cluster-plan-9");
    refused(text, "format");
    // A run dropped from a shard: the shards no longer hold the definition's runs.
    ClusterPlan lost = p;
    lost.shards[1].runs.pop_back();
    refused(planJson(lost), "exactly the runs");
    // A run in two shards.
    ClusterPlan twice = p;
    twice.shards[0].runs.push_back(twice.shards[1].runs.front());
    refused(planJson(twice), "listed twice");
    // A shard of a target the definition does not have.
    ClusterPlan foreign = p;
    foreign.shards[0].target = "cuda";
    refused(planJson(foreign), "not a target");
    ClusterPlan noUid = p;
    noUid.uid.clear();
    refused(planJson(noUid), "uid");
    // Numbers outside every integer type (found by fuzz_cluster_plan under UBSan), fractions, negatives.
    for (const char* bad : {"2.6e38", "-1e300", "1.5", "-1", "1e16"}) {
        std::string huge = json;
        const std::string field = "\"campaign\": 3";
        const auto at = huge.find(field);
        ASSERT_NE(at, std::string::npos) << json;
        huge.replace(at, field.size(), std::string("\"campaign\": ") + bad);
        refused(huge, "whole number");
    }
}

TEST(Slurm, ArraySpecCompressesRangesAndLimitsParallelTasks) {
    EXPECT_EQ(arraySpec({0, 1, 2, 3}, 0), "0-3");
    EXPECT_EQ(arraySpec({7, 3, 0, 1, 2, 9, 10}, 2), "0-3,7,9-10%2");
    EXPECT_EQ(arraySpec({5}, 1), "5%1");
    EXPECT_EQ(arraySpec({2, 2, 3}, 0), "2-3");
}

TEST(Slurm, SbatchCommandCarriesArrayNameFolderAndExtraArguments) {
    SlurmTools tools;
    ArraySubmission s;
    s.script = "/d/jobs/cpu.sbatch";
    s.indices = {0, 1, 2};
    s.maxParallel = 2;
    s.jobName = "rs-abc-cpu";
    s.workDir = "/d";
    s.output = "/d x/logs/%A_%a.out";
    s.extraArgs = {"--time=10", "--account=lab"};
    const std::vector<std::string> want{"sbatch",
                                        "--parsable",
                                        "--array=0-2%2",
                                        "--job-name=rs-abc-cpu",
                                        "--chdir=/d",
                                        "--output=/d x/logs/%A_%a.out", // one argument: no quoting needed
                                        "--time=10",
                                        "--account=lab",
                                        "/d/jobs/cpu.sbatch"};
    EXPECT_EQ(sbatchCommand(tools, s), want);
}

TEST(Slurm, AMissingClientIsAClearError) {
    SlurmTools tools;
    tools.squeue = "/nonexistent/squeue";
    try {
        queuedTasks(tools, {"rs-x-cpu"});
        FAIL() << "no error";
    } catch (const SlurmError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/squeue cannot be run"), std::string::npos)
            << e.what();
    }
}

TEST(JobScript, EachTargetAsksForWhatItNeeds) {
    CampaignSpec s = spec3();
    s.targets = {"cpu", "cuda", "board"};
    s.options["board.slurm.nodelist"] = "fpga-host";
    s.options["cpu.slurm.cpus"] = "4";
    s.options["cpu.slurm.partition"] = "fast";
    EXPECT_EQ(targetResources(s, "cuda").gres, "gpu:1");
    EXPECT_EQ(targetResources(s, "board").nodelist, "fpga-host");
    EXPECT_EQ(targetResources(s, "cpu").cpus, 4);
    EXPECT_TRUE(targetResources(s, "cpu").gres.empty());

    ClusterPlan p;
    p.uid = "u1";
    p.spec = s;
    SubmitOptions o;
    o.cli = "/opt/rs/bin/roundscope-cli";
    o.partition = "batch";
    const CampaignDir dir{"/shared/c1"};
    const std::string cpu = jobScript(dir, p, "cpu", targetResources(s, "cpu"), o);
    EXPECT_NE(cpu.find("#SBATCH --cpus-per-task=4\n"), std::string::npos) << cpu;
    EXPECT_NE(cpu.find("#SBATCH --partition=fast\n"), std::string::npos) << cpu; // the target's own wins
    EXPECT_NE(cpu.find("exec '/opt/rs/bin/roundscope-cli' campaign run-shard --store '/shared/c1' --shard "
                       "\"$SLURM_ARRAY_TASK_ID\"\n"),
              std::string::npos)
        << cpu;
    EXPECT_EQ(cpu.find("--gres"), std::string::npos);
    const std::string cuda = jobScript(dir, p, "cuda", targetResources(s, "cuda"), o);
    EXPECT_NE(cuda.find("#SBATCH --gres=gpu:1\n"), std::string::npos) << cuda;
    EXPECT_NE(cuda.find("#SBATCH --partition=batch\n"), std::string::npos) << cuda;
    const std::string board = jobScript(dir, p, "board", targetResources(s, "board"), o);
    EXPECT_NE(board.find("#SBATCH --nodelist=fpga-host\n"), std::string::npos) << board;
}

TEST(JobScript, ANameOrFolderWithANewlineStaysInItsComment) {
    CampaignSpec s = spec3();
    s.name = "x\nid > /tmp/pwned";
    ClusterPlan p;
    p.uid = "u2";
    p.spec = s;
    SubmitOptions o;
    o.cli = "/opt/rs/roundscope-cli";
    const std::string script = jobScript(CampaignDir{"/shared/a"}, p, "cpu", targetResources(s, "cpu"), o);
    // Every line is a comment or an #SBATCH directive, but the last one that runs the shard.
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < script.size();) {
        const std::size_t nl = script.find('\n', at);
        lines.push_back(script.substr(at, nl - at));
        at = nl + 1;
    }
    ASSERT_GE(lines.size(), 3u);
    for (std::size_t i = 0; i + 1 < lines.size(); ++i)
        EXPECT_EQ(lines[i].front(), '#') << lines[i];
    EXPECT_EQ(lines.back().rfind("exec ", 0), 0u) << lines.back();
    EXPECT_NE(script.find("'x?id > /tmp/pwned'"), std::string::npos) << script;
}

TEST(JobScript, BadOrMissingResourceOptionsAreRefused) {
    CampaignSpec s = spec3();
    s.targets = {"board"};
    try {
        targetResources(s, "board"); // which node has the board?
        FAIL() << "no error";
    } catch (const ClusterError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "options[\"board.slurm.nodelist\"]: the board target runs on the node "
                  "the board is attached to; name it");
    }
    s.options["board.slurm.nodelist"] = "n1; rm -rf /";
    EXPECT_THROW(targetResources(s, "board"), ClusterError);
    s.options["board.slurm.nodelist"] = "n1";
    s.options["board.slurm.cpus"] = "0";
    EXPECT_THROW(targetResources(s, "board"), ClusterError);
    s.options["board.slurm.cpus"] = "2x";
    EXPECT_THROW(targetResources(s, "board"), ClusterError);
    s.options["board.slurm.cpus"] = "2";
    EXPECT_EQ(targetResources(s, "board").cpus, 2);
}

TEST(JobScript, TheDefaultsComeFromTheTargetsDeclaration) {
    // A new target's Slurm needs are its declaration's: nothing in core/cluster names it.
    rs::campaign::TargetDeclaration d;
    d.id = "zz-fpga";
    d.claims = [](std::string_view) { return true; };
    d.slurm.gres = "fpga:1";
    d.slurm.nodelistRequired = "zz-fpga runs where its card is";
    rs::campaign::registerTarget(d, [] { return rs::campaign::makeCpuRunner(1); });
    CampaignSpec s = spec3();
    s.targets = {"zz-fpga"};
    try {
        targetResources(s, "zz-fpga");
        FAIL() << "no error";
    } catch (const ClusterError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "options[\"zz-fpga.slurm.nodelist\"]: zz-fpga runs where its card is; name it");
    }
    s.options["zz-fpga.slurm.nodelist"] = "card-host";
    EXPECT_EQ(targetResources(s, "zz-fpga").gres, "fpga:1");
    EXPECT_EQ(targetResources(s, "zz-fpga").nodelist, "card-host");
    s.options["zz-fpga.slurm.gres"] = "fpga:2"; // the definition's own wins
    EXPECT_EQ(targetResources(s, "zz-fpga").gres, "fpga:2");
    rs::campaign::registerTarget(d, nullptr);
    // A target this program does not know asks for nothing of its own.
    s.options.clear();
    EXPECT_TRUE(targetResources(s, "zz-fpga").gres.empty());
    EXPECT_NO_THROW(targetResources(s, "zz-fpga"));
}

} // namespace
