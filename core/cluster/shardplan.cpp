#include "core/cluster/shardplan.h"

#include "core/fileio/safefile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <set>

namespace rs::cluster {

using campaign::RunKey;

int defaultPerTask(std::size_t runsOfTarget) {
    const std::size_t perTask = (runsOfTarget + 99) / 100;
    return static_cast<int>(std::max<std::size_t>(5, perTask));
}

std::vector<Shard> splitShards(const campaign::CampaignSpec& spec, int perTask) {
    if (perTask < 0) throw ClusterError("--per-task: " + std::to_string(perTask) + " (expected 1 or more)");
    const std::vector<RunKey> runs = campaign::expandRuns(spec); // grouped by target, in the spec's order
    std::vector<Shard> shards;
    for (const std::string& target : spec.targets) {
        std::vector<RunKey> mine;
        std::copy_if(runs.begin(), runs.end(), std::back_inserter(mine),
                     [&](const RunKey& k) { return k.target == target; });
        const std::size_t per = static_cast<std::size_t>(perTask > 0 ? perTask : defaultPerTask(mine.size()));
        for (std::size_t at = 0; at < mine.size(); at += per) {
            Shard s;
            s.index = static_cast<int>(shards.size());
            s.target = target;
            s.runs.assign(mine.begin() + static_cast<std::ptrdiff_t>(at),
                          mine.begin() + static_cast<std::ptrdiff_t>(std::min(mine.size(), at + per)));
            shards.push_back(std::move(s));
        }
    }
    return shards;
}

namespace {

[[noreturn]] void bad(const std::string& path, const std::string& why) {
    throw ClusterError("plan: " + path + ": " + why);
}

QJsonObject objectAt(const QJsonValue& v, const std::string& path) {
    if (!v.isObject()) bad(path, "expected an object");
    return v.toObject();
}

std::string stringAt(const QJsonObject& o, const char* key, const std::string& path) {
    const QJsonValue v = o.value(key);
    if (!v.isString()) bad(path + "." + key, "expected a string");
    return v.toString().toStdString();
}

std::int64_t integerAt(const QJsonObject& o, const char* key, const std::string& path, std::int64_t min) {
    const QJsonValue v = o.value(key);
    const double d = v.toDouble(-1);
    // Range first: casting a double outside int64's range is undefined.
    if (!v.isDouble() || !(d >= static_cast<double>(min) && d <= 9.0e15) ||
        d != static_cast<double>(static_cast<std::int64_t>(d)))
        bad(path + "." + key, "expected a whole number of at least " + std::to_string(min));
    return static_cast<std::int64_t>(d);
}

} // namespace

std::string planJson(const ClusterPlan& plan) {
    QJsonArray shards;
    for (const Shard& s : plan.shards) {
        QJsonArray runs;
        for (const RunKey& k : s.runs)
            runs.append(QJsonObject{{"algorithm", QString::fromStdString(k.algorithm)},
                                    {"message_bytes", static_cast<qint64>(k.messageBytes)},
                                    {"ad_bytes", static_cast<qint64>(k.adBytes)}});
        shards.append(
            QJsonObject{{"index", s.index}, {"target", QString::fromStdString(s.target)}, {"runs", runs}});
    }
    const QJsonObject spec =
        QJsonDocument::fromJson(QByteArray::fromStdString(campaign::specJson(plan.spec))).object();
    const QJsonObject o{{"format", "roundscope-cluster-plan-1"},
                        {"uid", QString::fromStdString(plan.uid)},
                        {"campaign", static_cast<qint64>(plan.campaignId)},
                        {"per_task", plan.perTask},
                        {"spec", spec},
                        {"shards", shards}};
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

ClusterPlan parsePlan(std::string_view json) {
    QJsonParseError err{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(json.data(), static_cast<qsizetype>(json.size())), &err);
    if (err.error != QJsonParseError::NoError)
        throw ClusterError("plan: not JSON (" + err.errorString().toStdString() + " at offset " +
                           std::to_string(err.offset) + ")");
    const QJsonObject o = objectAt(doc.object(), "(top)");
    if (o.value("format").toString() != "roundscope-cluster-plan-1")
        bad("format", "expected \"roundscope-cluster-plan-1\"");
    ClusterPlan plan;
    plan.uid = stringAt(o, "uid", "");
    if (plan.uid.empty()) bad("uid", "empty");
    plan.campaignId = integerAt(o, "campaign", "", 1);
    plan.perTask = static_cast<int>(integerAt(o, "per_task", "", 0));
    try {
        plan.spec = campaign::parseSpec(
            QJsonDocument(objectAt(o.value("spec"), "spec")).toJson(QJsonDocument::Compact).toStdString());
    } catch (const campaign::SpecError& e) {
        bad("spec", e.what());
    }
    if (!o.value("shards").isArray()) bad("shards", "expected an array");
    std::set<RunKey> seen;
    const QJsonArray shards = o.value("shards").toArray();
    for (qsizetype i = 0; i < shards.size(); ++i) {
        const std::string path = "shards[" + std::to_string(i) + "]";
        const QJsonObject so = objectAt(shards.at(i), path);
        Shard s;
        s.index = static_cast<int>(integerAt(so, "index", path, 0));
        if (s.index != static_cast<int>(i)) bad(path + ".index", "expected " + std::to_string(i));
        s.target = stringAt(so, "target", path);
        if (std::find(plan.spec.targets.begin(), plan.spec.targets.end(), s.target) ==
            plan.spec.targets.end())
            bad(path + ".target", "'" + s.target + "' is not a target of the definition");
        if (!so.value("runs").isArray() || so.value("runs").toArray().isEmpty())
            bad(path + ".runs", "expected a non-empty array");
        const QJsonArray runs = so.value("runs").toArray();
        for (qsizetype j = 0; j < runs.size(); ++j) {
            const std::string rp = path + ".runs[" + std::to_string(j) + "]";
            const QJsonObject ro = objectAt(runs.at(j), rp);
            RunKey k{s.target, stringAt(ro, "algorithm", rp),
                     static_cast<std::uint64_t>(integerAt(ro, "message_bytes", rp, 0)),
                     static_cast<std::uint64_t>(integerAt(ro, "ad_bytes", rp, 0))};
            if (!seen.insert(k).second) bad(rp, "a run listed twice");
            s.runs.push_back(std::move(k));
        }
        plan.shards.push_back(std::move(s));
    }
    const std::vector<RunKey> all = campaign::expandRuns(plan.spec);
    if (std::set<RunKey>(all.begin(), all.end()) != seen)
        bad("shards", "the shards do not hold exactly the runs of the definition");
    return plan;
}

std::string CampaignDir::shardFile(int index) {
    char name[32];
    std::snprintf(name, sizeof name, "shards/shard-%04d.db", index);
    return name;
}

ClusterPlan readPlan(const CampaignDir& dir) {
    std::string text;
    try {
        text = fileio::readFileBounded(dir.plan(), 64u << 20, "cluster plan");
    } catch (const fileio::FileError& e) {
        throw ClusterError(std::string(e.what()) + " (is " + dir.root +
                           " a folder made by campaign submit?)");
    }
    try {
        return parsePlan(text);
    } catch (const ClusterError& e) {
        throw ClusterError(dir.plan() + ": " + e.what());
    }
}

void writePlan(const CampaignDir& dir, const ClusterPlan& plan) {
    try {
        fileio::writeFileAtomic(dir.plan(), planJson(plan));
    } catch (const fileio::FileError& e) {
        throw ClusterError(e.what());
    }
}

} // namespace rs::cluster
