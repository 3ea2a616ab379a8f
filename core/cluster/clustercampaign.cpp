#include "core/cluster/clustercampaign.h"

#include "core/campaign/targets.h"
#include "core/fileio/safefile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

#include <cstdlib>
#include <map>
#include <optional>
#include <set>

namespace rs::cluster {

using campaign::CampaignStore;
using campaign::OpenMode;
using campaign::ShardRow;

namespace {

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

std::string newUid() {
    static const char* hex = "0123456789abcdef";
    std::string uid;
    for (int i = 0; i < 12; ++i)
        uid += hex[QRandomGenerator::system()->bounded(16)];
    return uid;
}

std::string jobName(const ClusterPlan& plan, const std::string& target) {
    return "rs-" + plan.uid + "-" + target;
}

std::string shellQuote(const std::string& s) {
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

void makeDir(const std::string& path) {
    if (!QDir().mkpath(QString::fromStdString(path))) throw ClusterError("cannot create the folder " + path);
}

std::string absolute(const std::string& path) {
    return QFileInfo(QString::fromStdString(path)).absoluteFilePath().toStdString();
}

/** The shards of each target among `indices`, in the spec's target order. */
std::vector<std::pair<std::string, std::vector<int>>> byTarget(const ClusterPlan& plan,
                                                               const std::set<int>& indices) {
    std::vector<std::pair<std::string, std::vector<int>>> out;
    for (const std::string& t : plan.spec.targets) {
        std::vector<int> mine;
        for (const Shard& s : plan.shards)
            if (s.target == t && indices.count(s.index) > 0) mine.push_back(s.index);
        if (!mine.empty()) out.emplace_back(t, std::move(mine));
    }
    return out;
}

/** Submits the arrays; records each job id in the store as soon as sbatch returns it. When sbatch fails,
 *  the queue is asked whether the array arrived anyway (an answer lost on the way): then it is recorded,
 *  never submitted twice. */
std::vector<SubmittedArray> submitShards(const CampaignDir& dir, const ClusterPlan& plan,
                                         CampaignStore& store, const std::set<int>& indices,
                                         const SubmitOptions& options) {
    std::vector<SubmittedArray> done;
    std::set<std::string> known;
    for (const ShardRow& r : store.shards(plan.campaignId))
        if (!r.job.empty()) known.insert(r.job);
    for (const auto& [target, shards] : byTarget(plan, indices)) {
        const TargetResources res = targetResources(plan.spec, target);
        const std::string script = dir.jobs() + "/" + target + ".sbatch";
        try {
            fileio::writeFileAtomic(script, jobScript(dir, plan, target, res, options));
        } catch (const fileio::FileError& e) {
            throw ClusterError(e.what());
        }
        QFile::setPermissions(QString::fromStdString(script),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup);
        ArraySubmission sub;
        sub.script = script;
        sub.indices = shards;
        sub.maxParallel = options.maxParallel;
        sub.jobName = jobName(plan, target);
        sub.workDir = dir.root;
        sub.output = dir.logs() + "/%A_%a.out";
        sub.extraArgs = options.sbatchArgs;
        std::string job;
        try {
            job = submitArray(options.tools, sub);
        } catch (const SlurmError& e) {
            std::string arrived;
            try {
                for (const QueuedTask& t : queuedTasks(options.tools, {sub.jobName}))
                    if (known.count(t.job) == 0) arrived = t.job;
            } catch (const SlurmError&) {
            }
            if (arrived.empty()) {
                std::string sofar;
                for (const SubmittedArray& a : done)
                    sofar += (sofar.empty() ? "" : ", ") + a.target + " as job " + a.job;
                throw SlurmError(std::string(e.what()) + "; target " + target + " was not submitted" +
                                 (sofar.empty() ? "" : " (submitted: " + sofar + ")") +
                                 "; `campaign submit --resume --store " + dir.root +
                                 "` submits what is missing");
            }
            job = arrived;
        }
        known.insert(job);
        store.setShardJob(plan.campaignId, shards, job);
        done.push_back(SubmittedArray{target, job, arraySpec(shards, options.maxParallel)});
    }
    return done;
}

/** The runs of shard `index` from its store, closed again on return. MergeRefused when the store holds no
 *  campaign of this shard (or several) or its runs are not exactly the plan's; StoreError when it cannot be
 *  read. */
std::vector<campaign::RunRow> shardRuns(const CampaignDir& dir, const ClusterPlan& plan, int index) {
    const CampaignStore shard(dir.shardStore(index), campaign::StoreOptions{OpenMode::ReadOnly, {}});
    const ShardOwners owners = shardOwners(shard, plan, index);
    if (owners.mine.size() != 1) {
        std::string others;
        for (const std::string& o : owners.others)
            others += (others.empty() ? "" : ", ") + o;
        throw campaign::MergeRefused("it is not shard " + std::to_string(index) + " of campaign " + plan.uid +
                                     (others.empty() ? std::string() : " (it holds " + others + ")") +
                                     "; nothing was merged");
    }
    std::vector<campaign::RunRow> runs = shard.runs(owners.mine.front().id);
    const Shard& planned = plan.shards.at(static_cast<std::size_t>(index));
    const std::set<campaign::RunKey> want(planned.runs.begin(), planned.runs.end());
    std::set<campaign::RunKey> got;
    for (const auto& r : runs)
        got.insert(r.key);
    if (got != want)
        throw campaign::MergeRefused("it holds " + std::to_string(got.size()) + " runs, not the " +
                                     std::to_string(want.size()) + " of its plan; nothing was merged");
    return runs;
}

/** Before run-shard writes into an existing shard store: it must hold this shard's campaign only (the
 *  engine would resume any campaign of the same definition, another campaign's too). Otherwise, or when
 *  it cannot be read, the shard is refused (its store moved aside) and ClusterError says so. */
void checkShardStore(const CampaignDir& dir, const ClusterPlan& plan, int index) {
    const std::string path = dir.shardStore(index);
    if (!QFileInfo::exists(QString::fromStdString(path))) return;
    std::string why;
    try {
        const CampaignStore shard(path, campaign::StoreOptions{OpenMode::ReadOnly, {}});
        const ShardOwners owners = shardOwners(shard, plan, index);
        if (!owners.others.empty() || owners.mine.size() > 1) {
            std::string others;
            for (const std::string& o : owners.others)
                others += (others.empty() ? "" : ", ") + o;
            why = "it holds " +
                  (others.empty() ? std::to_string(owners.mine.size()) + " campaigns" : others) +
                  ", not only shard " + std::to_string(index) + " of campaign " + plan.uid;
        }
    } catch (const campaign::StoreError& e) {
        why = e.what();
    } // closed before it is moved
    if (why.empty()) return;
    const Refusal r = refuseShard(dir, index, "run-shard", why);
    throw ClusterError("--shard " + std::to_string(index) + ": " + path + " was refused and not run: " + why +
                       (r.kept.empty() ? std::string() : "; moved aside to " + r.kept) +
                       "; `campaign submit --resume` reruns the shard into a fresh store");
}

ShardState queueState(const std::string& s) {
    if (s == "PENDING" || s == "REQUEUED" || s == "REQUEUE_HOLD" || s == "REQUEUE_FED")
        return ShardState::Pending;
    return ShardState::Running; // RUNNING, CONFIGURING, COMPLETING, SUSPENDED, ...: still the scheduler's
}

} // namespace

TargetResources targetResources(const campaign::CampaignSpec& spec, const std::string& target) {
    TargetResources r;
    const auto opt = [&](const std::string& key) -> std::string {
        const auto it = spec.options.find(target + ".slurm." + key);
        return it == spec.options.end() ? std::string() : it->second;
    };
    const auto checked = [&](const std::string& key, const std::string& v) {
        for (char c : v)
            if (!(std::isalnum(static_cast<unsigned char>(c)) ||
                  std::string(":,-_.[]=").find(c) != std::string::npos))
                throw ClusterError("options[\"" + target + ".slurm." + key + "\"]: '" + v +
                                   "' (letters, digits and :,-_.[]= only)");
        return v;
    };
    r.partition = checked("partition", opt("partition"));
    // The target's own needs (its declaration, targets.h) when the definition does not say.
    const std::optional<campaign::TargetDeclaration> declared = campaign::findTarget(target);
    const campaign::SlurmDefaults defaults = declared ? declared->slurm : campaign::SlurmDefaults{};
    r.gres = checked("gres", opt("gres"));
    if (r.gres.empty()) r.gres = defaults.gres;
    r.nodelist = checked("nodelist", opt("nodelist"));
    if (r.nodelist.empty() && !defaults.nodelistRequired.empty())
        throw ClusterError("options[\"" + target + ".slurm.nodelist\"]: " + defaults.nodelistRequired +
                           "; name it");
    if (const std::string cpus = opt("cpus"); !cpus.empty()) {
        try {
            std::size_t used = 0;
            r.cpus = std::stoi(cpus, &used);
            if (used != cpus.size() || r.cpus < 1 || r.cpus > 256) throw std::invalid_argument(cpus);
        } catch (const std::exception&) {
            throw ClusterError("options[\"" + target + ".slurm.cpus\"]: '" + cpus + "' (expected 1..256)");
        }
    }
    return r;
}

std::string jobScript(const CampaignDir& dir, const ClusterPlan& plan, const std::string& target,
                      const TargetResources& res, const SubmitOptions& options) {
    std::string s = "#!/bin/bash\n";
    // A comment line each: control characters (a newline would end the comment and become a command, and
    // sbatch stops reading #SBATCH lines at the first command) are shown as '?'.
    s += "# RoundScope campaign '" + printableLine(plan.spec.name) + "' (plan " + plan.uid + "), target " +
         target + ": one array task per shard;\n# each runs its shard into " + printableLine(dir.root) +
         "/shards/shard-NNNN.db (submitted by `roundscope-cli campaign submit`, which sets --array,\n" +
         "# --job-name, --chdir and --output=" + printableLine(dir.logs()) + "/%A_%a.out).\n";
    s += "#SBATCH --cpus-per-task=" + std::to_string(res.cpus) + "\n";
    const std::string partition = !res.partition.empty() ? res.partition : options.partition;
    if (!partition.empty()) s += "#SBATCH --partition=" + partition + "\n";
    if (!res.gres.empty()) s += "#SBATCH --gres=" + res.gres + "\n";
    if (!res.nodelist.empty()) s += "#SBATCH --nodelist=" + res.nodelist + "\n";
    s += "exec " + shellQuote(options.cli) + " campaign run-shard --store " + shellQuote(dir.root) +
         " --shard \"$SLURM_ARRAY_TASK_ID\"\n";
    return s;
}

const char* shardStateName(ShardState s) {
    switch (s) {
    case ShardState::Unsubmitted:
        return "unsubmitted";
    case ShardState::Pending:
        return "pending";
    case ShardState::Running:
        return "running";
    case ShardState::Done:
        return "done";
    case ShardState::Failed:
        return "failed";
    case ShardState::Merged:
        return "merged";
    case ShardState::Refused:
        return "refused";
    }
    return "?";
}

ClusterPlan prepareCampaign(const std::string& dirPath, const campaign::CampaignSpec& spec, int perTask) {
    const CampaignDir dir{absolute(dirPath)};
    if (QFileInfo::exists(QString::fromStdString(dir.plan())) ||
        QFileInfo::exists(QString::fromStdString(dir.store())))
        throw ClusterError(dir.root + " holds a campaign already (`campaign submit --resume --store " +
                           dir.root + "` continues it; give a new folder for a new one)");
    if (printableLine(dir.root) != dir.root)
        throw ClusterError(
            "the folder '" + printableLine(dir.root) +
            "' has control characters in its name; job scripts and Slurm's options cannot carry it");
    ClusterPlan plan;
    plan.uid = newUid();
    plan.spec = spec;
    plan.perTask = perTask;
    plan.shards = splitShards(spec, perTask);
    for (const std::string& t : spec.targets)
        targetResources(spec, t); // a bad option is refused before anything is written
    for (const std::string& d : {dir.root, dir.jobs(), dir.logs(), dir.shards()})
        makeDir(d);
    CampaignStore store(dir.store());
    campaign::Provenance prov = campaign::hostProvenance();
    prov["cluster.scheduler"] = "slurm";
    prov["cluster.uid"] = plan.uid;
    prov["cluster.dir"] = dir.root;
    plan.campaignId = store.createCampaign(spec, prov);
    std::vector<ShardRow> rows;
    for (const Shard& s : plan.shards)
        rows.push_back(ShardRow{s.index, s.target, static_cast<int>(s.runs.size()),
                                CampaignDir::shardFile(s.index), "", 0, "", 0});
    store.addShards(plan.campaignId, rows);
    writePlan(dir, plan); // last: a folder with a plan is a complete one
    return plan;
}

SubmitResult submitCampaign(const std::string& dirPath, const campaign::CampaignSpec& spec,
                            const SubmitOptions& options) {
    if (options.cli.empty()) throw ClusterError("the roundscope-cli the tasks run is not known");
    const CampaignDir dir{absolute(dirPath)};
    const ClusterPlan plan = prepareCampaign(dir.root, spec, options.perTask);
    CampaignStore store(dir.store());
    std::set<int> all;
    for (const Shard& s : plan.shards)
        all.insert(s.index);
    SubmitResult result;
    result.campaignId = plan.campaignId;
    result.shards = static_cast<int>(plan.shards.size());
    result.arrays = submitShards(dir, plan, store, all, options);
    return result;
}

CampaignStatus campaignStatus(const std::string& dirPath, const SlurmTools& tools) {
    const CampaignDir dir{absolute(dirPath)};
    CampaignStatus st;
    st.plan = readPlan(dir);
    const CampaignStore store(dir.store(), campaign::StoreOptions{OpenMode::ReadOnly, {}});
    st.campaign = checkPlan(dir, st.plan, store);
    std::map<std::pair<std::string, int>, std::string> queued;
    std::vector<std::string> names;
    for (const std::string& t : st.plan.spec.targets)
        names.push_back(jobName(st.plan, t));
    for (const QueuedTask& t : queuedTasks(tools, names))
        queued[{t.job, t.task}] = t.state;
    for (const ShardRow& row : store.shards(st.plan.campaignId)) {
        ShardStatus s;
        s.row = row;
        const QString marker = QString::fromStdString(dir.doneMarker(row.index));
        const auto q = queued.find({row.job, row.index});
        if (!row.merged.empty()) {
            s.state = ShardState::Merged;
        } else if (QFileInfo::exists(marker)) {
            s.state = ShardState::Done;
            try { // the task's JSON summary; a marker that is no regular file (a FIFO) is said, not waited on
                s.detail = QByteArray::fromStdString(
                               fileio::readFileBounded(dir.doneMarker(row.index), 4096, "done marker"))
                               .trimmed()
                               .toStdString();
            } catch (const fileio::FileError& e) {
                s.detail = e.what();
            }
        } else if (!row.job.empty() && q != queued.end()) {
            s.state = queueState(q->second); // resubmitted after a refusal: the new task's state
            s.queueState = q->second;
        } else if (const auto refusal = readRefusal(dir, row.index)) {
            s.state = ShardState::Refused;
            s.detail = refusal->describe();
        } else if (row.job.empty()) {
            s.state = ShardState::Unsubmitted;
        } else {
            s.state = ShardState::Failed;
            s.detail =
                "not in the queue and not complete (cancelled, killed or its node lost); its output: " +
                dir.logs() + "/" + row.job + "_" + std::to_string(row.index) + ".out";
        }
        st.shards.push_back(std::move(s));
    }
    return st;
}

SubmitResult resumeCampaign(const std::string& dirPath, const SubmitOptions& options) {
    const CampaignDir dir{absolute(dirPath)};
    const CampaignStatus st = campaignStatus(dir.root, options.tools);
    std::set<int> again;
    SubmitResult result;
    result.campaignId = st.plan.campaignId;
    result.shards = static_cast<int>(st.shards.size());
    for (const ShardStatus& s : st.shards) {
        if (s.state == ShardState::Failed || s.state == ShardState::Unsubmitted ||
            s.state == ShardState::Refused)
            again.insert(s.row.index);
        else
            result.skipped.push_back(s.row.index);
    }
    if (again.empty()) return result;
    CampaignStore store(dir.store());
    result.arrays = submitShards(dir, st.plan, store, again, options);
    return result;
}

MergeReport mergeCampaign(const std::string& dirPath) {
    const CampaignDir dir{absolute(dirPath)};
    const ClusterPlan plan = readPlan(dir);
    CampaignStore main(dir.store());
    checkPlan(dir, plan, main); // nothing is merged from a plan the main store does not confirm
    MergeReport report;
    for (const ShardRow& row : main.shards(plan.campaignId)) {
        if (!QFileInfo::exists(QString::fromStdString(dir.doneMarker(row.index)))) {
            if (row.merged.empty()) ++report.notReady;
            continue;
        }
        std::string why;
        std::vector<campaign::RunRow> runs;
        try {
            runs = shardRuns(dir, plan, row.index);
        } catch (const campaign::MergeRefused& e) {
            why = e.what();
        } catch (const campaign::StoreError& e) {
            why = e.what(); // the shard store cannot be read
        }
        if (why.empty()) {
            try {
                // A StoreError here is the main store's, not the shard's fault: it stops the merge.
                report.runsAdded += main.mergeShard(plan.campaignId, row.index, runs);
                ++report.merged;
                continue;
            } catch (const campaign::MergeRefused& e) {
                why = e.what(); // a run conflicts with the one merged before
            }
        }
        // Moved aside and marked: status says why, resume reruns it, merge no longer looks at it.
        const Refusal r = refuseShard(dir, row.index, "merge", why);
        report.refused.push_back("shard " + std::to_string(row.index) + " (" + dir.shardStore(row.index) +
                                 "): " + r.reason +
                                 (r.kept.empty() ? std::string() : "; moved aside to " + r.kept) +
                                 (row.merged.empty() ? "; `campaign submit --resume` reruns it"
                                                     : "; its runs were merged before"));
    }
    const auto c = main.campaign(plan.campaignId);
    if (!c) throw ClusterError(dir.store() + " has no campaign " + std::to_string(plan.campaignId));
    report.campaign = *c;
    return report;
}

campaign::EngineResult runShard(const std::string& dirPath, int index, campaign::EngineOptions options) {
    const CampaignDir dir{absolute(dirPath)};
    const ClusterPlan plan = readPlan(dir);
    if (index < 0 || index >= static_cast<int>(plan.shards.size()))
        throw ClusterError("--shard: " + std::to_string(index) + " (the campaign has shards 0.." +
                           std::to_string(plan.shards.size() - 1) + ")");
    {
        const CampaignStore main(dir.store(), campaign::StoreOptions{OpenMode::ReadOnly, {}});
        checkPlan(dir, plan, main);
    } // closed before the shard runs: a task only reads the main store
    const Shard& shard = plan.shards[static_cast<std::size_t>(index)];
    makeDir(dir.shards());
    checkShardStore(dir, plan, index);
    clearRefusal(dir, index); // a refused shard's store is aside: this run starts it afresh
    const std::map<std::string, std::string> slurm{{"slurm.job_id", env("SLURM_JOB_ID")},
                                                   {"slurm.array_job_id", env("SLURM_ARRAY_JOB_ID")},
                                                   {"slurm.array_task_id", env("SLURM_ARRAY_TASK_ID")},
                                                   {"slurm.node", env("SLURMD_NODENAME")}};
    options.only = shard.runs;
    options.start = campaign::StartMode::Resume;
    options.leaseSeconds = 60; // a task killed on another node frees its shard within a minute
    options.provenance["cluster.uid"] = plan.uid;
    options.provenance["cluster.shard"] = std::to_string(index);
    options.provenance["cluster.campaign"] = std::to_string(plan.campaignId);
    options.runParameters["cluster.shard"] = std::to_string(index);
    options.runParameters["host"] = campaign::hostProvenance()["host"];
    for (const auto& [k, v] : slurm) {
        options.provenance[k] = v;
        options.runParameters[k] = v;
    }
    campaign::EngineResult result;
    {
        CampaignStore store(dir.shardStore(index));
        result = campaign::runCampaign(store, plan.spec, options);
    } // closed (WAL folded in) before the shard is marked done
    if (!result.cancelled) {
        const QJsonObject summary{{"shard", index},
                                  {"runs", static_cast<int>(shard.runs.size())},
                                  {"failed", result.failed},
                                  {"host", QString::fromStdString(options.runParameters["host"])},
                                  {"job", QString::fromStdString(slurm.at("slurm.job_id"))}};
        try {
            fileio::writeFileAtomic(dir.doneMarker(index),
                                    QJsonDocument(summary).toJson(QJsonDocument::Compact).toStdString() +
                                        "\n");
        } catch (const fileio::FileError& e) {
            throw ClusterError(e.what());
        }
    }
    return result;
}

} // namespace rs::cluster
