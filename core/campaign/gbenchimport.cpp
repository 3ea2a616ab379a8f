#include "core/campaign/gbenchimport.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <set>
#include <sstream>

#include "core/campaign/targets.h"
#include "core/fileio/safefile.h"
#include "core/oracle/algorithms.h"

namespace rs::campaign {

namespace {

/** Google Benchmark JSON of a long sweep is a few MiB; far past that it is not one. */
constexpr std::uint64_t kMaxFileBytes = std::uint64_t{256} << 20;
constexpr std::size_t kMaxRepeats = 1000; // a definition's limit (campaignspec.h)
constexpr std::uint64_t kMaxSize = std::uint64_t{1} << 30;

const char* const kExpectedForms =
    "expected TARGET/ALGORITHM/ad:N/msg:N (RoundScope's export) or a name with an algorithm id field (or "
    "--map NAME=ALGORITHM) and a message size (a plain integer field or msg:N), e.g. "
    "BM_Seal/ascon-aead128/64";

std::string str(const QString& s) {
    return s.toStdString();
}

std::string numberText(double v) {
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
}

std::string scalarText(const QJsonValue& v) {
    if (v.isString()) return str(v.toString());
    if (v.isBool()) return v.toBool() ? "true" : "false";
    if (v.isDouble()) return numberText(v.toDouble());
    if (v.isNull() || v.isUndefined()) return {};
    return str(QString::fromUtf8(v.isArray() ? QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact)
                                             : QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)));
}

std::optional<std::uint64_t> plainInteger(std::string_view s) {
    if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

/** "L1 Data 32 KiB (shared by 2), L2 Unified 1024 KiB, ..." from the context's caches. */
std::string cachesText(const QJsonArray& caches) {
    std::string out;
    for (const QJsonValue& v : caches) {
        const QJsonObject c = v.toObject();
        const auto size = static_cast<std::uint64_t>(c.value("size").toDouble());
        std::string one =
            "L" + scalarText(c.value("level")) + " " + str(c.value("type").toString()) + " " +
            (size % 1024 == 0 ? std::to_string(size / 1024) + " KiB" : std::to_string(size) + " B");
        const int sharing = c.value("num_sharing").toInt();
        if (sharing > 1) one += " (shared by " + std::to_string(sharing) + ")";
        out += (out.empty() ? "" : ", ") + one;
    }
    return out;
}

/** One benchmark entry that is a repeat (or a failure) of its run. */
struct Repeat {
    double ns = 0;
    std::int64_t iterations = 1;
    std::string failure; ///< Google Benchmark's error or skip message; empty for a measured repeat
    std::string threads;
};

/** The repeats of one run name, in the file's order. */
struct Group {
    std::string name;
    std::size_t firstEntry = 0;
    std::vector<Repeat> repeats;
};

class Importer {
  public:
    Importer(const std::string& file, const GbenchImportOptions& options)
        : m_file(file), m_options(options) {}

    GbenchImport run(std::string_view json);

  private:
    [[noreturn]] void fail(const std::string& what) const { throw GbenchImportError(m_file + ": " + what); }
    [[noreturn]] void failAt(std::size_t i, const std::string& name, const std::string& what) const {
        fail("benchmarks[" + std::to_string(i) + "]" + (name.empty() ? "" : " '" + name + "'") + ": " + what);
    }
    /** A name that cannot be mapped: the entry, why, and the forms a name may take. */
    [[noreturn]] void badName(const Group& g, const std::string& why) const {
        failAt(g.firstEntry, g.name, why + "; " + kExpectedForms);
    }
    void collect(const QJsonArray& benchmarks);
    RunKey keyOf(const Group& g);
    Provenance provenanceOf(const QJsonObject& context) const;

    std::string m_file;
    GbenchImportOptions m_options;
    bool m_own = false;
    bool m_defaultTarget = false; ///< a name without a target was given m_options.target
    std::vector<Group> m_groups;
};

void Importer::collect(const QJsonArray& benchmarks) {
    // Names of every entry, so an entry without run_type named NAME_mean is known as an aggregate of NAME
    // (Google Benchmark before run_type was written).
    std::set<std::string> names;
    for (const QJsonValue& v : benchmarks)
        names.insert(str(v.toObject().value("name").toString()));
    std::map<std::string, std::size_t> groupOf;
    for (qsizetype i = 0; i < benchmarks.size(); ++i) {
        const auto at = static_cast<std::size_t>(i);
        if (!benchmarks[i].isObject()) failAt(at, "", "expected an object");
        const QJsonObject o = benchmarks[i].toObject();
        const QJsonValue runName = o.value("run_name"), entryName = o.value("name");
        const std::string name = runName.isString() && !runName.toString().isEmpty()
                                     ? str(runName.toString())
                                     : str(entryName.toString());
        if (name.empty()) failAt(at, "", "no name (neither run_name nor name is a non-empty string)");
        if (o.contains("run_type")) {
            const std::string type = str(o.value("run_type").toString());
            if (type == "aggregate") continue;
            if (type != "iteration")
                failAt(at, name, "unknown run_type '" + type + "' (iteration or aggregate)");
        } else {
            if (o.contains("aggregate_name")) continue;
            bool aggregate = false;
            for (const char* suffix : {"_mean", "_median", "_stddev", "_cv"}) {
                const std::string s = suffix;
                aggregate = aggregate || (name.size() > s.size() &&
                                          name.compare(name.size() - s.size(), s.size(), s) == 0 &&
                                          names.count(name.substr(0, name.size() - s.size())) > 0);
            }
            if (aggregate) continue;
        }
        Repeat r;
        if (o.value("threads").isDouble()) r.threads = scalarText(o.value("threads"));
        if (o.value("error_occurred").toBool()) {
            r.failure = "Google Benchmark reported an error: " + str(o.value("error_message").toString());
        } else if (o.value("skipped").toBool()) {
            r.failure = "skipped by the benchmark: " + str(o.value("skip_message").toString());
        } else {
            const QJsonValue unit = o.value("time_unit");
            if (!unit.isString()) failAt(at, name, "no time_unit (ns, us, ms or s)");
            static const std::map<std::string, double> kFactor{
                {"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};
            const auto factor = kFactor.find(str(unit.toString()));
            if (factor == kFactor.end())
                failAt(at, name, "unknown time_unit '" + str(unit.toString()) + "' (ns, us, ms or s)");
            const QJsonValue time = o.value("real_time");
            if (!time.isDouble()) failAt(at, name, "real_time is not a number");
            const double t = time.toDouble();
            if (!std::isfinite(t) || t < 0)
                failAt(at, name,
                       "real_time " + numberText(t) + " is not a time (a finite number, 0 or more)");
            r.ns = t * factor->second;
            if (!std::isfinite(r.ns)) failAt(at, name, "real_time " + numberText(t) + " s is too large");
            if (o.contains("iterations")) {
                const double n = o.value("iterations").toDouble(-1);
                if (!(n >= 1) || n != std::floor(n))
                    failAt(at, name, "iterations is not a whole number of 1 or more");
                // real_time is per iteration already (Google Benchmark divides by the iterations).
                r.iterations = static_cast<std::int64_t>(n);
            }
        }
        const auto [it, added] = groupOf.try_emplace(name, m_groups.size());
        if (added) m_groups.push_back(Group{name, at, {}});
        m_groups[it->second].repeats.push_back(std::move(r));
    }
}

RunKey Importer::keyOf(const Group& g) {
    std::vector<std::string> fields;
    std::stringstream in(g.name);
    for (std::string f; std::getline(in, f, '/');)
        fields.push_back(f);
    const std::vector<std::string> algorithms = specAlgorithms();
    const auto knownAlgorithm = [&](const std::string& f) {
        return std::find(algorithms.begin(), algorithms.end(), f) != algorithms.end();
    };
    RunKey key;
    std::optional<std::uint64_t> msg, ad, lastInteger;
    std::string algorithm;
    const auto setAlgorithm = [&](const std::string& a) {
        if (!algorithm.empty() && algorithm != a)
            badName(g, "names two algorithms, '" + algorithm + "' and '" + a + "'");
        algorithm = a;
    };
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::string& f = fields[i];
        if (i == 0 && fields.size() > 1 && findTarget(f)) {
            key.target = f;
        } else if (knownAlgorithm(f)) {
            setAlgorithm(f);
        } else if (f.rfind("msg:", 0) == 0 || f.rfind("ad:", 0) == 0) {
            const bool isMsg = f[0] == 'm';
            const auto n = plainInteger(std::string_view(f).substr(isMsg ? 4 : 3));
            if (!n) badName(g, "'" + f + "' is not a size in bytes");
            auto& slot = isMsg ? msg : ad;
            if (slot && *slot != *n) badName(g, "gives two sizes for " + std::string(isMsg ? "msg" : "ad"));
            slot = n;
        } else if (const auto n = plainInteger(f)) {
            lastInteger = n;
        }
    }
    for (const std::string& candidate : {g.name, fields.empty() ? std::string() : fields.front()}) {
        const auto m = m_options.map.find(candidate);
        if (m == m_options.map.end()) continue;
        setAlgorithm(m->second);
        break;
    }
    if (algorithm.empty()) badName(g, "holds no algorithm id (known: " + oracle::joinIds(algorithms) + ")");
    if (m_own && key.target.empty()) badName(g, "names no registered target in RoundScope's export");
    if (key.target.empty()) {
        key.target = m_options.target;
        m_defaultTarget = true;
    }
    key.algorithm = algorithm;
    if (!msg) msg = lastInteger;
    if (!msg) badName(g, "holds no message size");
    key.messageBytes = *msg;
    key.adBytes = ad.value_or(0);
    if (key.messageBytes > kMaxSize || key.adBytes > kMaxSize) badName(g, "a size over 1 GiB");
    if (key.adBytes != 0 && !oracle::findAead(key.algorithm))
        badName(g, "gives AD " + std::to_string(key.adBytes) + " bytes to '" + key.algorithm +
                       "', which is no AEAD");
    return key;
}

Provenance Importer::provenanceOf(const QJsonObject& context) const {
    Provenance p;
    if (m_own) {
        // RoundScope's export: the campaign's own provenance, as it was recorded.
        const QJsonObject own = context.value("roundscope_provenance").toObject();
        for (auto it = own.begin(); it != own.end(); ++it)
            p[str(it.key())] = scalarText(it.value());
        std::string missing;
        for (const QJsonValue& v : context.value("roundscope_not_exported").toArray())
            missing += (missing.empty() ? "" : "; ") + str(v.toString());
        if (!missing.empty()) p["imported_not_in_file"] = missing;
        p["imported_format"] =
            "Google Benchmark JSON written by RoundScope (campaign export --format gbench)";
        return p;
    }
    // Google Benchmark's context, each key as it names it (host_name is RoundScope's "host").
    for (auto it = context.begin(); it != context.end(); ++it) {
        const std::string k = str(it.key());
        if (k == "host_name")
            p["host"] = scalarText(it.value());
        else if (k == "caches" && it.value().isArray())
            p["gbench.caches"] = cachesText(it.value().toArray());
        else if (k == "load_avg" && it.value().isArray()) {
            std::string avg;
            for (const QJsonValue& v : it.value().toArray())
                avg += (avg.empty() ? "" : " ") + scalarText(v);
            p["gbench.load_avg"] = avg;
        } else
            p["gbench." + k] = scalarText(it.value());
    }
    p["imported_format"] = "Google Benchmark JSON";
    if (m_defaultTarget) p["imported_target"] = m_options.target + " (the names give none; --target)";
    return p;
}

GbenchImport Importer::run(std::string_view json) {
    QJsonParseError err{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(json.data(), static_cast<qsizetype>(json.size())), &err);
    if (err.error != QJsonParseError::NoError)
        fail("not valid JSON: " + str(err.errorString()) + " at offset " + std::to_string(err.offset));
    if (!doc.isObject() || !doc.object().value("benchmarks").isArray())
        fail("no \"benchmarks\" array (not the JSON output of a Google Benchmark program)");
    const QJsonObject root = doc.object();
    const QJsonObject context = root.value("context").toObject();
    m_own = context.value("roundscope_provenance").isObject();
    if (!findTarget(m_options.target))
        fail("--target: unknown target '" + m_options.target + "' (known: " + oracle::joinIds(specTargets()) +
             ")");
    for (const auto& [name, algorithm] : m_options.map) {
        const std::vector<std::string> known = specAlgorithms();
        if (std::find(known.begin(), known.end(), algorithm) == known.end())
            fail("--map " + name + "=" + algorithm + ": unknown algorithm (known: " + oracle::joinIds(known) +
                 ")");
    }
    collect(root.value("benchmarks").toArray());
    if (m_groups.empty()) fail("holds no benchmark run (no iteration entry in \"benchmarks\")");

    // A --map entry that names no benchmark is a typo, and the likely reason a name below holds no
    // algorithm: said first.
    for (const auto& entry : m_options.map) {
        const std::string& name = entry.first; // a named copy: a lambda may not capture a structured binding
        if (std::none_of(m_groups.begin(), m_groups.end(), [&name](const Group& g) {
                return g.name == name || g.name.substr(0, g.name.find('/')) == name;
            }))
            fail("--map " + name + "=" + entry.second + ": no benchmark of the file is named " + name +
                 " (a whole name, or the part before its first '/')");
    }
    GbenchImport out;
    out.roundscopeExport = m_own;
    std::map<RunKey, const Group*> byKey;
    std::vector<std::string> targets, algorithms;
    std::set<std::uint64_t> messageSizes, adSizes;
    std::size_t repeats = 1;
    for (const Group& g : m_groups) {
        const RunKey key = keyOf(g);
        const auto [it, added] = byKey.try_emplace(key, &g);
        if (!added)
            failAt(g.firstEntry, g.name,
                   "maps to the same point as '" + it->second->name + "' (" + key.target + " " +
                       key.algorithm + " AD " + std::to_string(key.adBytes) + " msg " +
                       std::to_string(key.messageBytes) +
                       "); give them different names or import them from separate files");
        if (std::find(targets.begin(), targets.end(), key.target) == targets.end())
            targets.push_back(key.target);
        if (std::find(algorithms.begin(), algorithms.end(), key.algorithm) == algorithms.end())
            algorithms.push_back(key.algorithm);
        messageSizes.insert(key.messageBytes);
        if (oracle::findAead(key.algorithm)) adSizes.insert(key.adBytes);

        CampaignStore::PendingRun run;
        run.key = key;
        run.parameters = {{"source", std::string(kImportSource)},
                          {"verification", std::string(kImportVerification)},
                          {"gbench.name", g.name}};
        std::vector<double> samples;
        std::set<std::int64_t> iterations;
        std::set<std::string> threads;
        for (const Repeat& r : g.repeats) {
            if (!r.failure.empty() && run.failure.empty()) run.failure = r.failure;
            samples.push_back(r.ns);
            iterations.insert(r.iterations);
            if (!r.threads.empty()) threads.insert(r.threads);
        }
        std::string its;
        for (const std::int64_t n : iterations)
            its += (its.empty() ? "" : ", ") + std::to_string(n);
        run.parameters["gbench.iterations"] = its;
        if (!threads.empty()) run.parameters["gbench.threads"] = *threads.begin();
        run.verified = run.failure.empty();
        if (run.verified) {
            if (samples.size() > kMaxRepeats)
                failAt(g.firstEntry, g.name,
                       std::to_string(samples.size()) + " repeats; a campaign keeps at most " +
                           std::to_string(kMaxRepeats));
            RunOutput timed;
            setTimings(timed, samples, key.messageBytes);
            run.measurements = std::move(timed.measurements);
            run.samples = std::move(timed.samples);
            repeats = std::max(repeats, samples.size());
            const int n = static_cast<int>(samples.size());
            out.minRepeats = out.minRepeats == 0 ? n : std::min(out.minRepeats, n);
            out.maxRepeats = std::max(out.maxRepeats, n);
        }
        out.runs.push_back(std::move(run));
    }

    CampaignSpec& spec = out.spec;
    const std::string fileName = str(QFileInfo(QString::fromStdString(m_file)).fileName());
    spec.name = m_options.name.empty() ? "imported: " + fileName : m_options.name;
    spec.targets = targets;
    spec.algorithms = algorithms;
    spec.messageBytes.assign(messageSizes.begin(), messageSizes.end());
    if (!adSizes.empty()) spec.adBytes.assign(adSizes.begin(), adSizes.end());
    spec.repeats = static_cast<int>(repeats);
    try {
        // Stored definitions are read back through parseSpec: one that would not read back is not stored.
        spec = parseSpec(specJson(spec));
    } catch (const SpecError& e) {
        fail(std::string("the campaign's definition would not be valid: ") + e.what());
    }
    out.provenance = provenanceOf(context);
    return out;
}

} // namespace

GbenchImport parseGbenchJson(std::string_view json, const std::string& file,
                             const GbenchImportOptions& options) {
    return Importer(file, options).run(json);
}

GbenchImport readGbenchFile(const std::string& path, const GbenchImportOptions& options) {
    std::string text;
    try {
        text = fileio::readFileBounded(path, kMaxFileBytes, "Google Benchmark JSON");
    } catch (const fileio::FileError& e) {
        throw GbenchImportError(e.what());
    }
    GbenchImport out = parseGbenchJson(text, path, options);
    out.provenance["imported_from"] = str(QFileInfo(QString::fromStdString(path)).absoluteFilePath());
    out.provenance["imported_sha256"] =
        QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Sha256)
            .toHex()
            .toStdString();
    return out;
}

std::int64_t storeGbenchImport(CampaignStore& store, const GbenchImport& imported) {
    const LeaseOwner me = LeaseOwner::self();
    const Claim claim = store.claimCampaign(imported.spec, StartMode::New, imported.provenance, me);
    try {
        store.recordRuns(claim.id, imported.runs); // one transaction: every run or none
        store.setStatus(claim.id, "finished");
    } catch (...) {
        // The store failed under the import: the campaign is left cancelled (no run, or all of them), never
        // as a finished one that lacks runs.
        try {
            store.setStatus(claim.id, "cancelled");
        } catch (...) {
        }
        store.releaseLease(claim.id, me);
        throw;
    }
    store.releaseLease(claim.id, me);
    return claim.id;
}

} // namespace rs::campaign
