// campaign submit / run-shard / status / merge: a campaign fanned out on a Slurm cluster. submit cuts it
// into shards and hands Slurm one job array per target; each array task runs `campaign run-shard` into
// its own shard store; status reads the queue and the shard files; merge folds the finished shards into
// the folder's main store, which every other command (list, export, chart) reads as any store.
#include "app/cli/clicommands.h"

#include "app/backends/backends.h"
#include "core/cluster/clustercampaign.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <iostream>

namespace rs::cli {

namespace {

std::atomic<bool> g_stop{false};

extern "C" void onStop(int) {
    g_stop.store(true);
}

/** The roundscope-cli the array tasks run: --cli, or this program when it is roundscope-cli. */
std::string taskCli(const CliArgs& args) {
    if (const auto cli = args.value("cli")) {
        const QFileInfo f(QString::fromStdString(*cli));
        if (!f.isFile() || !f.isExecutable())
            throw UsageError("--cli: " + *cli + " is not an executable file");
        return f.absoluteFilePath().toStdString();
    }
    const QString self = QCoreApplication::applicationFilePath();
    if (QFileInfo(self).fileName() != QStringLiteral("roundscope-cli"))
        throw UsageError("--cli: name the roundscope-cli the cluster's tasks run");
    return self.toStdString();
}

cluster::SubmitOptions submitOptions(const CliArgs& args) {
    cluster::SubmitOptions o;
    o.partition = args.value("partition").value_or("");
    o.maxParallel = static_cast<int>(args.integer("max-parallel", 0, 0, 100000));
    o.perTask = static_cast<int>(args.integer("per-task", 0, 1, 100000));
    o.sbatchArgs = args.values("sbatch-arg");
    o.cli = taskCli(args);
    return o;
}

QJsonObject submitJson(const std::string& dir, const cluster::SubmitResult& r) {
    QJsonArray arrays;
    for (const auto& a : r.arrays)
        arrays.append(QJsonObject{{"target", QString::fromStdString(a.target)},
                                  {"job", QString::fromStdString(a.job)},
                                  {"array", QString::fromStdString(a.array)}});
    QJsonArray skipped;
    for (int i : r.skipped)
        skipped.append(i);
    return QJsonObject{{"store", QString::fromStdString(dir)},
                       {"campaign", static_cast<qint64>(r.campaignId)},
                       {"shards", r.shards},
                       {"arrays", arrays},
                       {"left_alone", skipped}};
}

/** Runs a cluster operation: a bad folder or plan, a refused store and a failing Slurm command are
 *  errors naming --store (exit 2). */
template <class F> auto clusterCall(F f) {
    try {
        return f();
    } catch (const cluster::ClusterError& e) {
        throw UsageError(std::string("--store: ") + e.what());
    } catch (const campaign::StoreError& e) {
        throw UsageError(std::string("--store: ") + e.what());
    } catch (const campaign::CampaignRefused& e) {
        throw UsageError(std::string("--store: ") + e.what());
    } catch (const campaign::SpecError& e) {
        throw UsageError(std::string("--store: ") + e.what());
    }
}

int campaignSubmit(const CliArgs& args) {
    if (!args.flag("slurm"))
        throw UsageError("campaign submit: say where: --slurm (the only scheduler so far)");
    const std::string dir = args.require("store");
    cluster::SubmitResult r;
    if (args.flag("resume")) {
        if (!args.positional().empty() || args.has("preset"))
            throw UsageError("campaign submit --resume: the folder holds the definition; give no SPEC");
        const cluster::SubmitOptions o = submitOptions(args);
        r = clusterCall([&] { return cluster::resumeCampaign(dir, o); });
    } else {
        const campaign::CampaignSpec spec = campaignSpecArg(args, "campaign submit");
        const cluster::SubmitOptions o = submitOptions(args);
        r = clusterCall([&] { return cluster::submitCampaign(dir, spec, o); });
    }
    if (!args.flag("json")) {
        std::cout << "campaign " << r.campaignId << ": " << r.shards << " shards in " << dir << "\n";
        for (const auto& a : r.arrays)
            std::cout << "  " << a.target << ": job " << a.job << " (array " << a.array << ")\n";
        if (args.flag("resume") && r.arrays.empty()) std::cout << "  nothing to resubmit\n";
    }
    if (args.flag("json")) printResult(args, submitJson(dir, r));
    return kExitOk;
}

int campaignRunShard(const CliArgs& args) {
    const std::string dir = args.require("store");
    int shard = -1;
    if (args.has("shard")) {
        shard = static_cast<int>(args.integer("shard", -1, 0, 1000000));
    } else if (const char* task = std::getenv("SLURM_ARRAY_TASK_ID")) {
        try {
            shard = std::stoi(task);
        } catch (const std::exception&) {
            throw UsageError(std::string("SLURM_ARRAY_TASK_ID: '") + task + "' is not a shard number");
        }
    } else {
        throw UsageError("campaign run-shard: --shard N (or run it as a Slurm array task)");
    }
    backends::registerAllRunners();
    std::signal(SIGINT, onStop);
    std::signal(SIGTERM, onStop); // scancel: stop between runs, every committed run kept
    campaign::EngineOptions opt;
    opt.cancel = &g_stop;
    const bool json = args.flag("json");
    opt.progress = [json](const campaign::EngineProgress& p) {
        if (!json) std::cout << "[" << p.done << "/" << p.total << "] " << p.line << std::endl;
    };
    const campaign::EngineResult r = clusterCall([&] { return cluster::runShard(dir, shard, opt); });
    if (json)
        printResult(args, QJsonObject{{"store", QString::fromStdString(dir)},
                                      {"shard", shard},
                                      {"runs", r.runs},
                                      {"skipped", r.skipped},
                                      {"failed", r.failed},
                                      {"cancelled", r.cancelled}});
    // A run that failed verification is a result (recorded, the shard done); only a stop is a failure.
    return r.cancelled ? kExitKatFailed : kExitOk;
}

int campaignStatus(const CliArgs& args) {
    const std::string dir = args.require("store");
    const cluster::CampaignStatus st = clusterCall([&] { return cluster::campaignStatus(dir, {}); });
    std::map<std::string, int> counts;
    QJsonArray shards;
    for (const auto& s : st.shards) {
        ++counts[cluster::shardStateName(s.state)];
        shards.append(QJsonObject{{"shard", s.row.index},
                                  {"target", QString::fromStdString(s.row.target)},
                                  {"runs", s.row.runs},
                                  {"state", cluster::shardStateName(s.state)},
                                  {"job", QString::fromStdString(s.row.job)},
                                  {"submissions", s.row.submissions},
                                  {"queue_state", QString::fromStdString(s.queueState)},
                                  {"detail", QString::fromStdString(s.detail)}});
    }
    QJsonObject summary;
    for (const auto& [k, v] : counts)
        summary.insert(QString::fromStdString(k), v);
    if (!args.flag("json")) {
        std::cout << "campaign " << st.campaign.id << " '" << st.campaign.name
                  << "': " << st.campaign.runsDone << "/" << st.campaign.runsTotal << " runs merged, "
                  << st.campaign.status << "\n";
        for (const auto& s : st.shards) {
            std::cout << "  shard " << s.row.index << "  " << s.row.target << "  " << s.row.runs << " runs  "
                      << cluster::shardStateName(s.state);
            if (!s.row.job.empty()) std::cout << "  job " << s.row.job << "_" << s.row.index;
            if (!s.detail.empty() &&
                (s.state == cluster::ShardState::Failed || s.state == cluster::ShardState::Refused))
                std::cout << "  " << s.detail;
            std::cout << "\n";
        }
    }
    if (args.flag("json"))
        printResult(args, QJsonObject{{"store", QString::fromStdString(dir)},
                                      {"campaign", static_cast<qint64>(st.campaign.id)},
                                      {"runs_merged", st.campaign.runsDone},
                                      {"runs_total", st.campaign.runsTotal},
                                      {"summary", summary},
                                      {"shards", shards}});
    return kExitOk;
}

int campaignMerge(const CliArgs& args) {
    const std::string dir = args.require("store");
    const cluster::MergeReport r = clusterCall([&] { return cluster::mergeCampaign(dir); });
    QJsonArray refused;
    for (const auto& line : r.refused) {
        refused.append(QString::fromStdString(line));
        std::cerr << "refused: " << line << "\n";
    }
    if (!args.flag("json"))
        std::cout << "merged " << r.merged << " shards (" << r.runsAdded << " runs added); " << r.notReady
                  << " not done yet; campaign " << r.campaign.id << " holds " << r.campaign.runsDone << "/"
                  << r.campaign.runsTotal << " runs, " << r.campaign.status << "\n";
    if (args.flag("json"))
        printResult(args, QJsonObject{{"store", QString::fromStdString(dir)},
                                      {"merged", r.merged},
                                      {"runs_added", r.runsAdded},
                                      {"not_ready", r.notReady},
                                      {"refused", refused},
                                      {"runs_total", r.campaign.runsTotal},
                                      {"runs_done", r.campaign.runsDone},
                                      {"status", QString::fromStdString(r.campaign.status)}});
    return r.refused.empty() ? kExitOk : kExitKatFailed;
}

} // namespace

std::vector<CliUsage> clusterUsages() {
    return {
        {{"submit"},
         {word("SPEC.json", true), optional("preset", "NAME"), flag("slurm"), option("store", "DIR"),
          optional("partition", "P"), optional("max-parallel", "N"), optional("per-task", "RUNS"),
          optional("sbatch-arg", "ARG"), optional("cli", "PATH"), flag("resume")},
         "run a campaign on a Slurm cluster: cut into shards of RUNS runs (default: at most 100 tasks\n"
         "per target), one job array per target (cuda asks --gres=gpu:1, board the node named by the\n"
         "option board.slurm.nodelist; TARGET.slurm.partition/gres/nodelist/cpus in the spec's options),\n"
         "at most N tasks at a time; DIR on the shared file system holds the main store, plan.json, the\n"
         "job scripts, the shard stores and the logs. --sbatch-arg may be given more than once.\n"
         "--resume resubmits only the shards that failed, vanished or were never submitted",
         nullptr,
         noVerb<campaignSubmit>},
        {{"run-shard"},
         {option("store", "DIR"), optional("shard", "N")},
         "run one shard into DIR/shards/shard-N.db (what each array task runs; N defaults to\n"
         "$SLURM_ARRAY_TASK_ID); continues a shard store that has runs already",
         nullptr,
         noVerb<campaignRunShard>},
        {{"status"},
         {option("store", "DIR")},
         "every shard of the campaign in DIR: unsubmitted, pending, running, done, failed or merged\n"
         "(from squeue and the shard files)",
         nullptr,
         noVerb<campaignStatus>},
        {{"merge"},
         {option("store", "DIR")},
         "fold every done shard into DIR/campaign.db, one transaction each; merging twice adds\n"
         "nothing; a shard that is corrupt, of another campaign or conflicting is refused and named",
         nullptr,
         noVerb<campaignMerge>}};
}

} // namespace rs::cli
