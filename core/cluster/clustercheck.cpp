#include "core/cluster/clustercheck.h"

#include "core/campaign/utcclock.h"
#include "core/fileio/safefile.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <set>

namespace rs::cluster {

using campaign::CampaignRow;
using campaign::CampaignSpec;
using campaign::CampaignStore;

namespace {

/** A value in a one-line message: control characters as '?', at most 160 characters. */
std::string shown(const std::string& text) {
    return printableLine(text.size() > 160 ? text.substr(0, 157) + "..." : text);
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items)
        out += (out.empty() ? "" : ", ") + s;
    return "[" + out + "]";
}

/** Whether anything is at `path`, a dangling link too (it has to move with its store). */
bool exists(const std::string& path) {
    const QFileInfo f(QString::fromStdString(path));
    return f.exists() || f.isSymLink();
}

/** The files of an SQLite store, in the order they are moved aside: its journals, then the database. */
const std::vector<std::string> kStoreSuffixes{"-wal", "-shm", "-journal", ""};

} // namespace

std::string printableLine(std::string text) {
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    return text;
}

std::vector<std::string> specDifferences(const CampaignSpec& plan, const CampaignSpec& stored) {
    std::vector<std::string> out;
    const auto differ = [&](const std::string& what, const std::string& a, const std::string& b) {
        if (a != b)
            out.push_back(what + ": " + shown(a) + " in plan.json, " + shown(b) + " in the main store");
    };
    differ("name", "'" + plan.name + "'", "'" + stored.name + "'");
    differ("targets", joined(plan.targets), joined(stored.targets));
    differ("algorithms", joined(plan.algorithms), joined(stored.algorithms));
    differ("message_bytes", "[" + campaign::formatSizeList(plan.messageBytes) + "]",
           "[" + campaign::formatSizeList(stored.messageBytes) + "]");
    differ("ad_bytes", "[" + campaign::formatSizeList(plan.adBytes) + "]",
           "[" + campaign::formatSizeList(stored.adBytes) + "]");
    differ("repeats", std::to_string(plan.repeats), std::to_string(stored.repeats));
    std::set<std::string> keys;
    for (const auto& [k, v] : plan.options)
        keys.insert(k);
    for (const auto& [k, v] : stored.options)
        keys.insert(k);
    const auto value = [](const std::map<std::string, std::string>& m, const std::string& k) {
        const auto it = m.find(k);
        return it == m.end() ? std::string("not set") : "'" + it->second + "'";
    };
    for (const std::string& k : keys)
        differ("options[\"" + k + "\"]", value(plan.options, k), value(stored.options, k));
    if (out.empty() && campaign::specJson(plan) != campaign::specJson(stored))
        out.push_back("the definition's JSON differs");
    return out;
}

CampaignRow checkPlan(const CampaignDir& dir, const ClusterPlan& plan, const CampaignStore& main) {
    const std::string id = std::to_string(plan.campaignId);
    const auto c = main.campaign(plan.campaignId);
    if (!c)
        throw ClusterError(dir.plan() + " names campaign " + id + ", but the main store " + dir.store() +
                           " has no campaign " + id + " (was plan.json replaced?)");
    const std::string mismatch = dir.plan() + " does not match campaign " + id + " of the main store " +
                                 dir.store() + " (the authority; was plan.json changed after submit?): ";
    const auto uid = c->provenance.find("cluster.uid");
    if (uid == c->provenance.end())
        throw ClusterError(dir.plan() + " names campaign " + id + " of " + dir.store() +
                           ", which was not made by campaign submit (no cluster.uid in its provenance)");
    if (!c->specError.empty())
        throw ClusterError(dir.store() + ": campaign " + id + "'s definition cannot be read (" +
                           c->specError + ")");
    std::vector<std::string> diffs;
    if (uid->second != plan.uid)
        diffs.push_back("uid '" + shown(plan.uid) + "' in plan.json, '" + shown(uid->second) +
                        "' in the main store");
    if (campaign::specJson(c->spec) != campaign::specJson(plan.spec))
        for (const std::string& d : specDifferences(plan.spec, c->spec))
            diffs.push_back(d);
    if (!diffs.empty()) {
        std::string what;
        for (const std::string& d : diffs)
            what += (what.empty() ? "" : "; ") + d;
        throw ClusterError(mismatch + what);
    }
    // The shards: those the stored definition splits into with the plan's per_task ...
    const std::vector<Shard> expected = splitShards(c->spec, plan.perTask);
    const std::string perTask = "per_task " + std::to_string(plan.perTask);
    if (expected.size() != plan.shards.size())
        throw ClusterError(mismatch + std::to_string(plan.shards.size()) + " shards in plan.json, " +
                           std::to_string(expected.size()) + " from the stored definition with " + perTask);
    for (std::size_t i = 0; i < expected.size(); ++i)
        if (!(expected[i] == plan.shards[i]))
            throw ClusterError(mismatch + "shards[" + std::to_string(i) +
                               "] does not hold the runs the stored definition gives it with " + perTask);
    // ... and those the main store recorded at submit.
    const std::vector<campaign::ShardRow> rows = main.shards(plan.campaignId);
    if (rows.size() != plan.shards.size())
        throw ClusterError(mismatch + std::to_string(plan.shards.size()) + " shards in plan.json, " +
                           std::to_string(rows.size()) + " in the main store");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Shard& s = plan.shards[i];
        if (rows[i].index != s.index || rows[i].target != s.target ||
            rows[i].runs != static_cast<int>(s.runs.size()) ||
            rows[i].file != CampaignDir::shardFile(s.index))
            throw ClusterError(mismatch + "shard " + std::to_string(i) + ": " + s.target + ", " +
                               std::to_string(s.runs.size()) + " runs in plan.json; " + rows[i].target +
                               ", " + std::to_string(rows[i].runs) + " runs in the main store (" + perTask +
                               ")");
    }
    return *c;
}

ShardOwners shardOwners(const CampaignStore& shard, const ClusterPlan& plan, int index) {
    ShardOwners o;
    const std::string want = campaign::specJson(plan.spec);
    for (const CampaignRow& c : shard.campaigns()) {
        const auto uid = c.provenance.find("cluster.uid");
        const auto idx = c.provenance.find("cluster.shard");
        const bool ours = uid != c.provenance.end() && uid->second == plan.uid && idx != c.provenance.end() &&
                          idx->second == std::to_string(index);
        if (ours && c.specError.empty() && campaign::specJson(c.spec) == want) {
            o.mine.push_back(c);
            continue;
        }
        const std::string u = uid == c.provenance.end() ? "(none)" : shown(uid->second);
        const std::string i = idx == c.provenance.end() ? "(none)" : shown(idx->second);
        o.others.push_back("campaign " + u + " shard " + i + (ours ? " with another definition" : ""));
    }
    return o;
}

std::string Refusal::describe() const {
    std::string s = "refused" + (by.empty() ? std::string() : " by " + by) +
                    (when.empty() ? std::string() : " at " + when) + ": " + reason;
    if (!kept.empty()) s += "; its store is kept as " + kept;
    return s + "; `campaign submit --resume` reruns the shard into a fresh store";
}

Refusal refuseShard(const CampaignDir& dir, int index, const std::string& by, const std::string& reason) {
    Refusal r{by, printableLine(reason), "", campaign::utcNowIso()};
    const std::string store = dir.shardStore(index);
    bool any = false;
    for (const std::string& s : kStoreSuffixes)
        any = any || exists(store + s);
    if (any) {
        std::string base;
        for (int n = 1;; ++n) {
            base = store + ".refused-" + std::to_string(n);
            bool taken = false;
            for (const std::string& s : kStoreSuffixes)
                taken = taken || exists(base + s);
            if (!taken) break;
        }
        // Journals first: a -wal left behind at the old name would be replayed into the fresh store.
        for (const std::string& s : kStoreSuffixes) {
            if (!exists(store + s)) continue;
            if (std::rename((store + s).c_str(), (base + s).c_str()) != 0)
                throw ClusterError("shard " + std::to_string(index) + " was refused (" + r.reason +
                                   "), but " + store + s + " cannot be moved aside to " + base + s + ": " +
                                   std::strerror(errno));
        }
        r.kept = base;
    }
    const QJsonObject marker{{"shard", index},
                             {"by", QString::fromStdString(r.by)},
                             {"reason", QString::fromStdString(r.reason)},
                             {"kept", QString::fromStdString(r.kept)},
                             {"when", QString::fromStdString(r.when)}};
    try {
        fileio::writeFileAtomic(dir.refusedMarker(index),
                                QJsonDocument(marker).toJson(QJsonDocument::Compact).toStdString() + "\n");
    } catch (const fileio::FileError& e) {
        throw ClusterError(e.what());
    }
    // Last: until the refusal is written, the done marker makes the next merge look at the shard again.
    const QString done = QString::fromStdString(dir.doneMarker(index));
    if (QFileInfo::exists(done) && !QFile::remove(done))
        throw ClusterError("shard " + std::to_string(index) + " was refused, but its done marker " +
                           dir.doneMarker(index) + " cannot be removed");
    return r;
}

std::optional<Refusal> readRefusal(const CampaignDir& dir, int index) {
    const std::string path = dir.refusedMarker(index);
    if (!exists(path)) return std::nullopt;
    Refusal r;
    std::string text;
    try {
        text = fileio::readFileBounded(path, 64u << 10, "refusal marker");
    } catch (const fileio::FileError& e) {
        r.reason = e.what();
        return r;
    }
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    if (o.value("reason").isString()) {
        r.by = printableLine(o.value("by").toString().toStdString());
        r.reason = printableLine(o.value("reason").toString().toStdString());
        r.kept = printableLine(o.value("kept").toString().toStdString());
        r.when = printableLine(o.value("when").toString().toStdString());
    } else {
        r.reason = shown(text) + " (in " + path + ")";
    }
    return r;
}

void clearRefusal(const CampaignDir& dir, int index) {
    const QString marker = QString::fromStdString(dir.refusedMarker(index));
    if (QFileInfo::exists(marker) && !QFile::remove(marker))
        throw ClusterError("the refusal marker " + dir.refusedMarker(index) + " cannot be removed");
}

} // namespace rs::cluster
