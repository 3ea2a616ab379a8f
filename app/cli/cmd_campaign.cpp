// campaign and chart: benchmark campaigns without the GUI. `campaign run` runs (or resumes) a
// definition into an SQLite store, printing a line per run; Ctrl+C stops between runs and keeps
// every committed run. `campaign list` and `campaign export` read the store; `chart` draws the
// Charts page's chart to PNG or PDF.
#include "clicommands.h"

#include "boardrunner.h"
#include "campaignchart.h"
#include "campaignengine.h"
#include "chartdata.h"
#include "cudarunner.h"
#include "hw/iprunner.h"
#include "rvrunner.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <atomic>
#include <csignal>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

namespace rs::cli {

namespace {

std::atomic<bool> g_cancel{false};

extern "C" void onInterrupt(int) {
    g_cancel.store(true);
}

/** The store named by --db; its errors are bad input (exit 2) naming --db. */
std::unique_ptr<campaign::CampaignStore> openStore(const CliArgs& args) {
    const std::string path = args.require("db");
    try {
        return std::make_unique<campaign::CampaignStore>(path);
    } catch (const campaign::StoreError& e) {
        throw UsageError(std::string("--db: ") + e.what());
    }
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
        {"spec", QJsonDocument::fromJson(QByteArray::fromStdString(campaign::specJson(c.spec))).object()},
        {"provenance", prov}};
}

QJsonObject runJson(const campaign::RunRow& r) {
    QJsonArray ms;
    for (const auto& m : r.measurements)
        ms.append(QJsonObject{{"metric", QString::fromStdString(m.metric)},
                              {"value", m.value},
                              {"unit", QString::fromStdString(m.unit)}});
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
                       {"measurements", ms}};
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

int campaignRun(const CliArgs& args) {
    args.allow({"db", "preset"}, {"resume"});
    campaign::CampaignSpec spec;
    try {
        if (const auto preset = args.value("preset")) {
            if (!args.positional().empty())
                throw UsageError("campaign run: give SPEC.json or --preset, not both");
            spec = campaign::presetSpec(*preset);
        } else {
            if (args.positional().size() != 1)
                throw UsageError("campaign run: expected one SPEC.json (or --preset NAME)");
            spec = campaign::readSpecFile(args.positional().front());
        }
    } catch (const campaign::SpecError& e) {
        throw UsageError(std::string(args.has("preset") ? "--preset: " : "SPEC: ") + e.what());
    }
    auto store = openStore(args);
    hw::registerIpRunner();
    gpu::registerCudaRunner();
    riscv::registerRiscvRunners();
    hw::board::registerBoardRunner();
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    campaign::EngineOptions opt;
    opt.resume = args.flag("resume");
    opt.cancel = &g_cancel;
    const bool json = args.flag("json");
    opt.progress = [json](const campaign::EngineProgress& p) {
        if (!json) std::cout << "[" << p.done << "/" << p.total << "] " << p.line << std::endl;
    };
    campaign::EngineResult r;
    try {
        r = campaign::runCampaign(*store, spec, opt);
    } catch (const campaign::SpecError& e) {
        throw UsageError(std::string("SPEC: ") + e.what());
    }
    printResult(args, QJsonObject{{"campaign", static_cast<qint64>(r.campaignId)},
                                  {"db", QString::fromStdString(store->path())},
                                  {"runs", r.runs},
                                  {"skipped", r.skipped},
                                  {"failed", r.failed},
                                  {"cancelled", r.cancelled}});
    return r.failed > 0 || r.cancelled ? kExitKatFailed : kExitOk;
}

int campaignList(const CliArgs& args) {
    args.allow({"db"});
    const auto store = openStore(args);
    QJsonArray list;
    for (const auto& c : store->campaigns())
        list.append(campaignJson(c));
    if (args.flag("json")) {
        printResult(args, QJsonObject{{"db", QString::fromStdString(store->path())}, {"campaigns", list}});
        return kExitOk;
    }
    for (const auto& c : store->campaigns())
        std::cout << "#" << c.id << "  " << c.name << "  " << c.status << "  " << c.runsDone << "/"
                  << c.runsTotal << " runs (" << c.runsFailed << " failed)  " << c.created << "\n";
    return kExitOk;
}

int campaignExport(const CliArgs& args) {
    args.allow({"db", "id", "out"}, {"csv"});
    const bool csv = args.flag("csv");
    if (csv == args.flag("json")) throw UsageError("campaign export: choose one of --csv or --json");
    const auto store = openStore(args);
    const auto id = static_cast<std::int64_t>(args.integer("id", -1, 1, std::numeric_limits<int>::max()));
    const auto c = store->campaign(id);
    if (!c) throw UsageError("--id: no campaign " + std::to_string(id) + " in " + store->path());
    std::ostringstream text;
    if (csv) {
        text << "campaign,target,algorithm,ad_bytes,message_bytes,verified,failure,metric,value,unit\n";
        for (const auto& r : store->runs(id)) {
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
        QJsonArray runs;
        for (const auto& r : store->runs(id))
            runs.append(runJson(r));
        QJsonObject o = campaignJson(*c);
        o.insert("runs", runs);
        text << QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString() << "\n";
    }
    if (const auto out = args.value("out")) {
        std::ofstream f(*out, std::ios::binary);
        if (!(f << text.str())) throw UsageError("--out: cannot write " + *out);
    } else {
        std::cout << text.str();
    }
    return kExitOk;
}

} // namespace

int runCampaign(const std::string& verb, const CliArgs& args) {
    if (verb == "run") return campaignRun(args);
    if (verb == "list") return campaignList(args);
    if (verb == "export") return campaignExport(args);
    throw UsageError("campaign: expected 'run', 'list' or 'export', got '" + verb + "'");
}

int runChart(const CliArgs& args) {
    args.allow({"db", "campaign", "metric", "kind", "baseline", "out"});
    if (!args.positional().empty())
        throw UsageError("unexpected argument '" + args.positional().front() + "'");
    const auto store = openStore(args);
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
    const std::string out = args.require("out");
    if (!QString::fromStdString(out).endsWith(".png", Qt::CaseInsensitive) &&
        !QString::fromStdString(out).endsWith(".pdf", Qt::CaseInsensitive))
        throw UsageError("--out: " + out + " (write .png or .pdf)");
    campaign::ChartData data;
    try {
        req.kind = campaign::chartKindFromName(args.value("kind").value_or("metric"));
        req.metric = args.value("metric").value_or("throughput");
        req.baseline = args.value("baseline").value_or("cpu");
        data = campaign::chartData(*store, req);
    } catch (const campaign::SpecError& e) {
        throw UsageError(std::string("--kind/--metric: ") + e.what());
    } catch (const campaign::StoreError& e) {
        throw UsageError(std::string("--campaign: ") + e.what());
    }
    QString error;
    QString title = QString::fromStdString(store->campaign(req.campaigns.front())->name);
    for (std::size_t i = 1; i < req.campaigns.size(); ++i)
        title += QStringLiteral(" vs ") + QString::fromStdString(store->campaign(req.campaigns[i])->name);
    if (!gui::renderCampaignChart(data, title, QString::fromStdString(out), &error))
        throw UsageError("--out: " + error.toStdString());
    printResult(args, QJsonObject{{"out", QString::fromStdString(out)},
                                  {"series", static_cast<qint64>(data.series.size())},
                                  {"y", QString::fromStdString(data.yLabel)},
                                  {"missing_baseline", data.missingBaseline},
                                  {"failed_runs", data.failedRuns}});
    return kExitOk;
}

} // namespace rs::cli
