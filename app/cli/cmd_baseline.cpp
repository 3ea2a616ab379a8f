// campaign baseline: a campaign marked as the baseline of its machine (the provenance's host) and git
// revision, cleared, or the marks listed. `campaign regressions` without --baseline compares a machine's
// later campaigns against its newest earlier baseline (cmd_compare.cpp). A mark is checked against a
// read-only opening first, so a bad --id leaves the store as it was (an older store is not even upgraded).
#include "app/cli/clicommands.h"
#include "app/cli/clistore.h"

#include <QJsonArray>

#include <iostream>
#include <limits>

namespace rs::cli {

std::vector<CliUsage> baselineUsages();

namespace {

std::string hostText(const std::string& host) {
    return host.empty() ? std::string("an unknown host") : "host " + host;
}

QJsonObject baselineJson(const campaign::BaselineRow& b, const std::string& name) {
    return QJsonObject{{"id", static_cast<qint64>(b.campaignId)},
                       {"host", QString::fromStdString(b.host)},
                       {"revision", QString::fromStdString(b.revision)},
                       {"name", QString::fromStdString(name)},
                       {"marked", QString::fromStdString(b.marked)}};
}

int listBaselines(const CliArgs& args) {
    const auto store = openStore(args, campaign::OpenMode::ReadOnly);
    const auto marks = withStore([&] { return store->baselines(); });
    const auto campaigns = withStore([&] { return store->campaigns(); });
    const auto nameOf = [&](std::int64_t id) {
        for (const auto& c : campaigns)
            if (c.id == id) return c.name;
        return std::string();
    };
    if (args.flag("json")) {
        QJsonArray list;
        for (const auto& b : marks)
            list.append(baselineJson(b, nameOf(b.campaignId)));
        printResult(args, QJsonObject{{"db", QString::fromStdString(store->path())}, {"baselines", list}});
        return kExitOk;
    }
    if (marks.empty())
        std::cout << "no baseline is marked in " << store->path() << " (mark one: campaign baseline --db "
                  << store->path() << " --id N)\n";
    for (const auto& b : marks)
        std::cout << "#" << b.campaignId << "  " << (b.host.empty() ? "(unknown host)" : b.host) << "  "
                  << b.revision << "  " << nameOf(b.campaignId) << "  marked " << b.marked << "\n";
    return kExitOk;
}

int campaignBaseline(const CliArgs& args) {
    if (!args.has("id")) {
        if (args.flag("clear"))
            throw UsageError("--clear: name the campaign whose mark to clear with --id N (campaign baseline "
                             "--db FILE lists the baselines)");
        return listBaselines(args);
    }
    const auto id = static_cast<std::int64_t>(args.integer("id", 0, 1, std::numeric_limits<int>::max()));
    const bool clear = args.flag("clear");
    std::optional<campaign::CampaignRow> row;
    bool marked = false;
    {
        // Looked up read-only first: a campaign that is not there changes nothing, not even the schema.
        const auto look = openStore(args, campaign::OpenMode::ReadOnly);
        row = withStore([&] { return look->campaign(id); });
        if (!row) throw UsageError("--id: no campaign " + std::to_string(id) + " in " + look->path());
        for (const auto& b : withStore([&] { return look->baselines(); }))
            marked = marked || b.campaignId == id;
    }
    const bool json = args.flag("json");
    if (clear) {
        bool was = false;
        if (marked) {
            const auto store = openStore(args, campaign::OpenMode::ReadWrite);
            was = withStore([&] { return store->clearBaseline(id); });
        }
        if (json)
            printResult(args, QJsonObject{{"id", static_cast<qint64>(id)}, {"cleared", was}});
        else
            std::cout << "campaign " << id
                      << (was ? " is no longer a baseline\n" : " was no baseline; nothing changed\n");
        return kExitOk;
    }
    const auto store = openStore(args, campaign::OpenMode::ReadWrite);
    const campaign::BaselineMarked m = withStore([&] { return store->markBaseline(id); });
    if (json) {
        QJsonObject o = baselineJson(m.baseline, row->name);
        o.insert("replaced", m.replaced ? QJsonValue(static_cast<qint64>(*m.replaced)) : QJsonValue());
        o.insert("already", m.already);
        printResult(args, o);
        return kExitOk;
    }
    std::cout << "campaign " << id << (m.already ? " was already" : " is now") << " the baseline of "
              << hostText(m.baseline.host) << " at revision " << m.baseline.revision;
    if (m.replaced) std::cout << ", replacing campaign " << *m.replaced;
    std::cout << "\n";
    if (row->status != "finished")
        std::cout << "note: campaign " << id << " is " << row->status << " (" << row->runsDone << " of "
                  << (row->specError.empty() ? std::to_string(row->runsTotal) : std::string("?"))
                  << " runs recorded)\n";
    return kExitOk;
}

} // namespace

std::vector<CliUsage> baselineUsages() {
    return {{{"baseline"},
             {option("db", "FILE"), optional("id", "N"), flag("clear")},
             "with --id: mark campaign N as the baseline of its machine (provenance host) and git revision;\n"
             "the one marked for them before is replaced (and named). With --id N --clear: clear its mark.\n"
             "Alone: list the baselines (campaign, host, revision, name, when marked). campaign regressions\n"
             "without --baseline compares each machine's later campaigns against its newest earlier one",
             nullptr,
             noVerb<campaignBaseline>,
             {}}};
}

} // namespace rs::cli
