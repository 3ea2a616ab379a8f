// campaign import: a Google Benchmark JSON file (a program's --benchmark_format=json or --benchmark_out,
// with or without repetitions; or RoundScope's own `campaign export --format gbench`) stored as a new
// campaign, so `campaign compare` sets it against any campaign. The file is read and every name mapped
// before the store is opened: a file that cannot be imported whole changes nothing.
#include "app/cli/clicommands.h"
#include "app/cli/clistore.h"

#include "app/backends/backends.h"
#include "core/campaign/gbenchimport.h"

#include <iostream>
#include <map>
#include <sstream>

namespace rs::cli {

namespace {

/** --map NAME=ALGORITHM[,NAME=ALGORITHM...]. */
std::map<std::string, std::string> mapArg(const CliArgs& args) {
    std::map<std::string, std::string> out;
    const auto text = args.value("map");
    if (!text) return out;
    std::stringstream items(*text);
    for (std::string item; std::getline(items, item, ',');) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
            throw UsageError("--map: expected NAME=ALGORITHM[,NAME=ALGORITHM...], got '" + item + "'");
        const std::string name = item.substr(0, eq);
        if (out.count(name)) throw UsageError("--map: " + name + " is mapped twice");
        out[name] = item.substr(eq + 1);
    }
    return out;
}

int campaignImport(const CliArgs& args) {
    if (args.positional().size() != 1)
        throw UsageError("campaign import: expected one FILE.json (Google Benchmark JSON)");
    const std::string file = args.positional().front();
    // Every back end is registered first: a target named in the file (RoundScope's export) or by --target
    // is known, and the stored definition reads back.
    backends::registerAllRunners();
    campaign::GbenchImportOptions options;
    options.target = args.value("target").value_or("cpu");
    options.map = mapArg(args);
    if (const auto name = args.value("name")) {
        if (name->find_first_not_of(" \t") == std::string::npos)
            throw UsageError("--name: must not be empty");
        options.name = *name;
    }
    campaign::GbenchImport imported;
    try {
        imported = campaign::readGbenchFile(file, options);
    } catch (const campaign::GbenchImportError& e) {
        throw UsageError(e.what());
    }
    auto store = openStore(args, campaign::OpenMode::ReadWrite);
    std::int64_t id = 0;
    try {
        id = withStore([&] { return campaign::storeGbenchImport(*store, imported); });
    } catch (const campaign::CampaignRefused& e) {
        throw UsageError(std::string("--db: ") + e.what());
    }
    const std::size_t runs = imported.runs.size();
    int failed = 0;
    for (const auto& r : imported.runs)
        failed += r.verified ? 0 : 1;
    if (args.flag("json")) {
        printResult(args, QJsonObject{{"campaign", static_cast<qint64>(id)},
                                      {"db", QString::fromStdString(store->path())},
                                      {"name", QString::fromStdString(imported.spec.name)},
                                      {"file", QString::fromStdString(file)},
                                      {"runs", static_cast<qint64>(runs)},
                                      {"failed", failed},
                                      {"repeats_min", imported.minRepeats},
                                      {"repeats_max", imported.maxRepeats},
                                      {"roundscope_export", imported.roundscopeExport}});
        return kExitOk;
    }
    std::cout << "imported campaign " << id << ": " << runs << (runs == 1 ? " run, " : " runs, ");
    if (imported.minRepeats == imported.maxRepeats)
        std::cout << imported.maxRepeats << (imported.maxRepeats == 1 ? " repeat" : " repeats") << " each";
    else
        std::cout << imported.minRepeats << " to " << imported.maxRepeats << " repeats";
    if (failed) std::cout << " (" << failed << " failed in Google Benchmark)";
    std::cout << ", from " << file << std::endl;
    return kExitOk;
}

} // namespace

std::vector<CliUsage> importUsages() {
    return {
        {{"import"},
         {word("FILE.json"), option("db", "FILE"), optional("name", "NAME"), optional("target", "TARGET"),
          optional("map", "NAME=ALGORITHM[,...]")},
         "a Google Benchmark JSON file (--benchmark_format=json or --benchmark_out, with or without\n"
         "--benchmark_repetitions) as a new campaign, to compare with campaign compare: each iteration\n"
         "entry is one repeat of its run (real_time per iteration, in ns), aggregates are skipped.\n"
         "RoundScope's own export (TARGET/ALGORITHM/ad:N/msg:N) maps back exactly; another name needs an\n"
         "algorithm id field (or --map NAME=ALGORITHM for its name or first field) and a message size\n"
         "(the last plain integer field, or msg:N; ad:N for AD); its target is --target (default cpu:\n"
         "a Google Benchmark program measures the CPU). The runs are stored as verified but not judged\n"
         "by the oracle (their parameters say so); the provenance names the file and its SHA-256.\n"
         "A name that cannot be mapped or a bad entry is refused and nothing is stored",
         nullptr,
         noVerb<campaignImport>}};
}

} // namespace rs::cli
