// campaign and chart: benchmark campaigns without the GUI. `campaign run` runs (or resumes) a
// definition into an SQLite store, printing a line per run; Ctrl+C stops between runs and keeps
// every committed run. `campaign list` and `campaign export` read the store (read-only: nothing is
// created or changed); `chart` draws the Charts page's chart to PNG or PDF. Outputs are written all or
// nothing.
#include "app/cli/clicommands.h"
#include "app/cli/clistore.h"

#include "app/backends/backends.h"
#include "app/charts/campaignchart.h"
#include "core/campaign/campaignengine.h"
#include "core/campaign/chartdata.h"
#include "core/campaign/gbenchjson.h"
#include "core/fileio/safefile.h"
#include "core/oracle/operation.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <csignal>
#include <iostream>
#include <limits>
#include <random>
#include <set>
#include <sstream>

namespace rs::cli {

namespace {

std::atomic<bool> g_cancel{false};

extern "C" void onInterrupt(int) {
    g_cancel.store(true);
}

QJsonObject campaignJson(const campaign::CampaignRow& c) {
    QJsonObject prov;
    for (const auto& [k, v] : c.provenance)
        prov.insert(QString::fromStdString(k), QString::fromStdString(v));
    return QJsonObject{
        {"id", static_cast<qint64>(c.id)},
        {"name", QString::fromStdString(c.name)},
        {"created", QString::fromStdString(c.created)},
        {"status", QString::fromStdString(c.status)},
        {"runs_done", c.runsDone},
        {"runs_failed", c.runsFailed},
        {"runs_total", c.runsTotal},
        {"spec",
         c.specError.empty()
             ? QJsonValue(
                   QJsonDocument::fromJson(QByteArray::fromStdString(campaign::specJson(c.spec))).object())
             : QJsonValue()},
        {"spec_error", QString::fromStdString(c.specError)},
        {"provenance", prov}};
}

QJsonObject runJson(const campaign::RunRow& r) {
    QJsonArray ms;
    for (const auto& m : r.measurements)
        ms.append(QJsonObject{{"metric", QString::fromStdString(m.metric)},
                              {"value", m.value},
                              {"unit", QString::fromStdString(m.unit)}});
    QJsonArray samples; // every repeat's time in ns, in the order they ran
    for (const double ns : r.samples)
        samples.append(ns);
    QJsonObject params;
    for (const auto& [k, v] : r.parameters)
        params.insert(QString::fromStdString(k), QString::fromStdString(v));
    return QJsonObject{{"target", QString::fromStdString(r.key.target)},
                       {"algorithm", QString::fromStdString(r.key.algorithm)},
                       {"ad_bytes", static_cast<qint64>(r.key.adBytes)},
                       {"message_bytes", static_cast<qint64>(r.key.messageBytes)},
                       {"verified", r.verified},
                       {"failure", QString::fromStdString(r.failure)},
                       {"finished", QString::fromStdString(r.finished)},
                       {"parameters", params},
                       {"measurements", ms},
                       {"samples", samples}};
}

} // namespace

// List, export and chart open the store read-only: nothing is created, migrated or written.
std::unique_ptr<campaign::CampaignStore> openStoreAt(const std::string& path, campaign::OpenMode mode,
                                                     const std::string& argument) {
    try {
        return std::make_unique<campaign::CampaignStore>(path, campaign::StoreOptions{mode, {}});
    } catch (const campaign::StoreError& e) {
        throw UsageError(argument + ": " + e.what());
    }
}

std::unique_ptr<campaign::CampaignStore> openStore(const CliArgs& args, campaign::OpenMode mode) {
    return openStoreAt(args.require("db"), mode, "--db");
}

void writeOut(const std::string& path, const std::string& text) {
    try {
        fileio::writeFileAtomic(path, text);
    } catch (const fileio::FileError& e) {
        throw UsageError(std::string("--out: ") + e.what());
    }
}

namespace {

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

} // namespace

campaign::CampaignSpec campaignSpecArg(const CliArgs& args, const std::string& command) {
    // Every back end is registered before the definition is read: a target x algorithm pair its runner does
    // not run is refused now (checkSupported), naming the pair, before a store is opened or a run counted.
    backends::registerAllRunners();
    campaign::CampaignSpec spec;
    try {
        if (const auto preset = args.value("preset")) {
            if (!args.positional().empty())
                throw UsageError(command + ": give SPEC.json or --preset, not both");
            spec = campaign::presetSpec(*preset);
        } else {
            if (args.positional().size() != 1)
                throw UsageError(command + ": expected one SPEC.json (or --preset NAME)");
            spec = campaign::readSpecFile(args.positional().front());
        }
        campaign::checkSupported(spec);
    } catch (const campaign::SpecError& e) {
        throw UsageError(std::string(args.has("preset") ? "--preset: " : "SPEC: ") + e.what());
    }
    return spec;
}

namespace {

/** --interleave SEED|random: the seed of an interleaved campaign (a random one is printed, so the order can
 *  be drawn again and the campaign resumed with it). */
std::uint64_t interleaveSeedArg(const std::string& text) {
    constexpr std::uint64_t kMax = (std::uint64_t(1) << 53) - 1; // what a JSON definition holds exactly
    if (text == "random") {
        std::random_device device;
        const std::uint64_t seed = ((std::uint64_t(device()) << 32) | device()) & kMax;
        std::cerr << "interleaved with seed " << seed << " (--interleave " << seed
                  << " draws the same order; --resume needs it)" << std::endl;
        return seed;
    }
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (ec != std::errc() || end != text.data() + text.size() || seed > kMax)
        throw UsageError("--interleave: expected a seed 0.." + std::to_string(kMax) + " or 'random', got '" +
                         text + "'");
    return seed;
}

int campaignRun(const CliArgs& args) {
    if (args.flag("resume") && args.flag("new"))
        throw UsageError(
            "campaign run: --resume continues a stored campaign, --new starts another; not both");
    campaign::CampaignSpec spec = campaignSpecArg(args, "campaign run");
    if (const auto seed = args.value("interleave")) spec.interleaveSeed = interleaveSeedArg(*seed);
    auto store = openStore(args, campaign::OpenMode::ReadWrite);
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    campaign::EngineOptions opt;
    opt.start = args.flag("new")      ? campaign::StartMode::New
                : args.flag("resume") ? campaign::StartMode::Resume
                                      : campaign::StartMode::Fresh;
    opt.cancel = &g_cancel;
    const bool json = args.flag("json");
    opt.progress = [json](const campaign::EngineProgress& p) {
        if (!json) std::cout << "[" << p.barDone() << "/" << p.barTotal() << "] " << p.line << std::endl;
    };
    campaign::EngineResult r;
    try {
        r = withStore([&] { return campaign::runCampaign(*store, spec, opt); });
    } catch (const campaign::SpecError& e) {
        throw UsageError(std::string("SPEC: ") + e.what());
    } catch (const campaign::CampaignRefused& e) {
        const bool stored = e.reason() == campaign::CampaignRefused::Reason::DefinitionStored;
        throw UsageError(std::string("--db: ") + e.what() +
                         (stored ? " (--resume continues it, --new starts another)" : ""));
    }
    if (r.alreadyFinished && !args.flag("json"))
        std::cout << "nothing to do: campaign " << r.campaignId << " is finished" << std::endl;
    printResult(args, QJsonObject{{"campaign", static_cast<qint64>(r.campaignId)},
                                  {"db", QString::fromStdString(store->path())},
                                  {"runs", r.runs},
                                  {"skipped", r.skipped},
                                  {"failed", r.failed},
                                  {"cancelled", r.cancelled},
                                  {"nothing_to_do", r.alreadyFinished}});
    return r.failed > 0 || r.cancelled ? kExitKatFailed : kExitOk;
}

int campaignList(const CliArgs& args) {
    const auto store = openStore(args, campaign::OpenMode::ReadOnly);
    const auto campaigns = withStore([&] { return store->campaigns(); });
    QJsonArray list;
    for (const auto& c : campaigns)
        list.append(campaignJson(c));
    if (args.flag("json")) {
        printResult(args, QJsonObject{{"db", QString::fromStdString(store->path())}, {"campaigns", list}});
        return kExitOk;
    }
    for (const auto& c : campaigns) {
        std::cout << "#" << c.id << "  " << c.name << "  " << c.status << "  " << c.runsDone << "/";
        if (c.specError.empty())
            std::cout << c.runsTotal;
        else
            std::cout << "?";
        std::cout << " runs (" << c.runsFailed << " failed)  " << c.created;
        // An old or foreign definition is reported for its campaign; the listing goes on.
        if (!c.specError.empty()) std::cout << "  (definition unreadable: " << c.specError << ")";
        std::cout << "\n";
    }
    return kExitOk;
}

int campaignExport(const CliArgs& args) {
    // --format csv|json|gbench, or the flags --csv / --json: exactly one.
    std::string format = args.value("format").value_or("");
    if (!format.empty() && format != "csv" && format != "json" && format != "gbench")
        throw UsageError("--format: expected csv, json or gbench, got '" + format + "'");
    const int chosen = int(!format.empty()) + int(args.flag("csv")) + int(args.flag("json"));
    if (chosen != 1)
        throw UsageError("campaign export: choose one of --csv, --json or --format csv|json|gbench");
    if (format.empty()) format = args.flag("csv") ? "csv" : "json";
    const bool csv = format == "csv";
    const auto store = openStore(args, campaign::OpenMode::ReadOnly);
    if (!args.has("id")) {
        // Which one? The store's ids say what --id may be.
        std::string ids;
        for (const auto& c : withStore([&] { return store->campaigns(); }))
            ids += (ids.empty() ? "" : ", ") + std::to_string(c.id);
        throw UsageError("campaign export: --id is required (" +
                         (ids.empty() ? store->path() + " holds no campaign"
                                      : "the campaigns in " + store->path() + ": " + ids) +
                         ")");
    }
    const auto id = static_cast<std::int64_t>(args.integer("id", 0, 1, std::numeric_limits<int>::max()));
    const auto c = withStore([&] { return store->campaign(id); });
    if (!c) throw UsageError("--id: no campaign " + std::to_string(id) + " in " + store->path());
    const auto runs = withStore([&] { return store->runs(id); });
    std::ostringstream text;
    if (format == "gbench") {
        text << campaign::gbenchJson(*c, runs);
    } else if (csv) {
        text << "campaign,target,algorithm,ad_bytes,message_bytes,verified,failure,metric,value,unit\n";
        for (const auto& r : runs) {
            const std::string head = std::to_string(id) + "," + csvField(r.key.target) + "," +
                                     csvField(r.key.algorithm) + "," + std::to_string(r.key.adBytes) + "," +
                                     std::to_string(r.key.messageBytes) + "," + (r.verified ? "1" : "0") +
                                     "," + csvField(r.failure) + ",";
            if (r.measurements.empty()) text << head << ",,\n";
            for (const auto& m : r.measurements)
                text << head << csvField(m.metric) << "," << QString::number(m.value, 'g', 17).toStdString()
                     << "," << csvField(m.unit) << "\n";
        }
    } else {
        QJsonArray list;
        for (const auto& r : runs)
            list.append(runJson(r));
        QJsonObject o = campaignJson(*c);
        o.insert("runs", list);
        text << QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString() << "\n";
    }
    if (const auto out = args.value("out")) {
        writeOut(*out, text.str());
    } else {
        std::cout << text.str() << std::flush;
        if (!std::cout) throw UsageError("campaign export: cannot write the standard output");
    }
    return kExitOk;
}

int runChart(const CliArgs& args) {
    const auto store = openStore(args, campaign::OpenMode::ReadOnly);
    campaign::ChartRequest req;
    std::stringstream ids(args.require("campaign"));
    for (std::string part; std::getline(ids, part, ',');) {
        try {
            std::size_t used = 0;
            const long long v = std::stoll(part, &used);
            if (used != part.size() || v < 1) throw std::invalid_argument(part);
            req.campaigns.push_back(v);
        } catch (const std::exception&) {
            throw UsageError("--campaign: '" + part + "' is not a campaign id (N or N,M)");
        }
    }
    if (req.campaigns.empty()) throw UsageError("--campaign: no campaign id given (N or N,M)");
    const std::string out = args.require("out");
    outputExtension("out", out, {"png", "pdf"});
    QString title;
    for (const std::int64_t id : req.campaigns) {
        const auto c = withStore([&] { return store->campaign(id); });
        if (!c) throw UsageError("--campaign: no campaign " + std::to_string(id) + " in " + store->path());
        title += (title.isEmpty() ? QString() : QStringLiteral(" vs ")) + QString::fromStdString(c->name);
    }
    try {
        req.kind = campaign::chartKindFromName(args.value("kind").value_or("metric"));
    } catch (const campaign::SpecError& e) {
        throw UsageError(std::string("--kind: ") + e.what());
    }
    req.metric = args.value("metric").value_or("throughput");
    req.baseline = args.value("baseline").value_or("cpu");
    const bool relative = req.kind == campaign::ChartKind::Relative;
    const auto relativeTo = args.value("relative-to");
    if (relativeTo && !relative) throw UsageError("--relative-to: only for --kind relative");
    if (relativeTo && !oracle::findOperation(*relativeTo))
        throw UsageError("--relative-to: unknown algorithm '" + *relativeTo +
                         "' (algorithms: " + oracle::joinIds(oracle::operationIds()) + ")");
    // The targets with a verified baseline time, and the algorithms, seen while the chart's runs are read.
    std::set<std::string> targets;
    std::vector<std::string> algorithms;
    bool baselineSeen = false;
    const auto runsOf = [&](std::int64_t id) {
        auto runs = store->runs(id);
        for (const auto& r : runs) {
            targets.insert(r.key.target);
            if (std::find(algorithms.begin(), algorithms.end(), r.key.algorithm) == algorithms.end())
                algorithms.push_back(r.key.algorithm);
            baselineSeen =
                baselineSeen || (r.verified && r.key.target == req.baseline &&
                                 campaign::findMeasurement(r.measurements, "time_median") != nullptr);
        }
        return runs;
    };
    if (relative) {
        // Without --relative-to: Ascon-AEAD128 when the campaigns have it (read once here; the chart reads
        // them again), else the error names the algorithms there.
        if (relativeTo) {
            req.relativeTo = *relativeTo;
        } else {
            for (const std::int64_t id : req.campaigns)
                withStore([&] { return runsOf(id); });
            req.relativeTo = campaign::defaultRelativeTo(algorithms);
            if (req.relativeTo.empty())
                throw UsageError("--relative-to: required for --kind relative when the campaign has no " +
                                 campaign::defaultRelativeTo(oracle::operationIds()) +
                                 " (its algorithms: " + oracle::joinIds(algorithms) + ")");
        }
    }
    campaign::ChartData data;
    try {
        data = withStore([&] { return campaign::chartData(req, runsOf); });
    } catch (const campaign::ChartBaselineError& e) {
        throw UsageError(std::string("--relative-to: ") + e.what());
    } catch (const campaign::SpecError& e) {
        throw UsageError(
            std::string(req.kind == campaign::ChartKind::Metric || relative ? "--metric: " : "--kind: ") +
            e.what());
    }
    if ((req.kind == campaign::ChartKind::Speedup || req.kind == campaign::ChartKind::Efficiency) &&
        !baselineSeen) {
        std::string names;
        for (const std::string& t : targets)
            names += (names.empty() ? "" : ", ") + t;
        throw UsageError("--baseline: no verified run of target '" + req.baseline +
                         "' with a median time in " +
                         (req.campaigns.size() > 1 ? "these campaigns" : "this campaign") +
                         " (the targets there: " + (names.empty() ? "none" : names) + ")");
    }
    QString error;
    // Rendered in memory, written all or nothing (a full disk leaves the previous file as it was).
    if (!charts::renderCampaignChart(data, title, QString::fromStdString(out), &error))
        throw UsageError("--out: " + error.toStdString());
    QJsonObject result{{"out", QString::fromStdString(out)},
                       {"series", static_cast<qint64>(data.series.size())},
                       {"y", QString::fromStdString(data.yLabel)},
                       {"missing_baseline", data.missingBaseline},
                       {"failed_runs", data.failedRuns}};
    if (relative) {
        QJsonArray without;
        for (const std::string& t : data.targetsWithoutBaseline)
            without.append(QString::fromStdString(t));
        result.insert("relative_to", QString::fromStdString(req.relativeTo));
        result.insert("targets_without_baseline", without);
    }
    printResult(args, result);
    return kExitOk;
}

} // namespace

CliCommand campaignCommand() {
    CliCommand c{
        "campaign",
        "benchmark campaigns in an SQLite store",
        {{{"run"},
          {word("SPEC.json", true), optional("preset", "NAME"), option("db", "FILE"), flag("resume"),
           flag("new"), optional("interleave", "SEED|random")},
          "run a benchmark campaign (SPEC.json or --preset: targets x algorithms x sizes x repeats)\n"
          "into an SQLite store; every run is checked against the C++ model first, committed as it\n"
          "ends; Ctrl+C stops between runs. A store holding this definition already is refused unless\n"
          "--resume (continue its newest campaign; \"nothing to do\" when finished) or --new (start\n"
          "another); one process runs a campaign at a time. --interleave times every run once per round,\n"
          "in a seeded random order each round, instead of each run's repeats back to back (drift of\n"
          "the machine then spreads over every point; the seed is kept in the definition)\n"
          "presets: " +
              oracle::joinIds(campaign::presetNames()) +
              "\ntargets: " + oracle::joinIds(campaign::specTargets()) +
              "\nalgorithms: " + oracle::joinIds(oracle::operationIds()),
          nullptr,
          noVerb<campaignRun>},
         {{"list"},
          {option("db", "FILE")},
          "the stored campaigns (list, export and chart only read the store)",
          nullptr,
          noVerb<campaignList>},
         {{"export"},
          {option("db", "FILE"), option("id", "N"), flag("csv"), optional("format", "csv|json|gbench"),
           optional("out", "FILE")},
          "one campaign's runs as CSV (--csv) or JSON (--json, with every repeat's time as samples), or\n"
          "as Google Benchmark JSON (--format gbench: each repeat an iteration, then its median), which\n"
          "Google Benchmark's compare.py reads",
          nullptr,
          noVerb<campaignExport>}}};
    // The comparisons' lines (cmd_compare.cpp), the import's (cmd_import.cpp), then the cluster's
    // (cmd_cluster.cpp): the help's order.
    for (CliUsage& u : compareUsages())
        c.usages.push_back(std::move(u));
    for (CliUsage& u : importUsages())
        c.usages.push_back(std::move(u));
    for (CliUsage& u : clusterUsages())
        c.usages.push_back(std::move(u));
    return c;
}

CliCommand chartCommand() {
    return {"chart",
            "a campaign chart to PNG or PDF",
            {{{},
              {option("db", "FILE"), option("campaign", "N[,M]"),
               optional("kind", "metric|speedup|efficiency|relative"), optional("metric", "M"),
               optional("baseline", "TARGET"), optional("relative-to", "ALGORITHM"),
               option("out", "FILE.png|FILE.pdf")},
              "throughput (or M) vs message size, or speedup E = T_base / T and efficiency\n"
              "S = 1 - T / T_base against the baseline target (default cpu), or relative: M divided by\n"
              "the --relative-to algorithm's M at the same target, AD and message size (1.0 on every\n"
              "target; default " +
                  campaign::defaultRelativeTo(oracle::operationIds()) +
                  " when the campaign has it), campaigns side by side",
              nullptr,
              noVerb<runChart>,
              "*"}}};
}

} // namespace rs::cli
