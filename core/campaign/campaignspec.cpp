#include "core/campaign/campaignspec.h"

#include "core/jsontypename.h"

#include <QByteArray>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QResource>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>

#include "core/campaign/runner.h"
#include "core/fileio/safefile.h"
#include "core/oracle/operation.h"

// resources/campaigns.qrc, compiled into this static library (core/campaign/CMakeLists.txt). Outside any
// namespace, because Q_INIT_RESOURCE declares the function rcc wrote; calling it from the preset functions
// registers the files and keeps their object file in every program that links rs_campaign.
static void initCampaignPresets() {
    Q_INIT_RESOURCE(campaigns);
}

namespace rs::campaign {

namespace {

// The targets a definition may name: every target registered in this program, each by its declaration
// (targets.h: core's "cpu" and "cpu-mt", then the back ends' in the order backends::registerAllRunners()
// registers them). A back end added later is known once it is registered (its one registration line),
// without editing a list here. The programs that read definitions (the app, the CLI) register every back end
// before they read one, so a store's definition naming "cuda" is read there as it was written.
std::vector<std::string> knownTargets() {
    std::vector<std::string> targets;
    for (const TargetDeclaration& d : targetDeclarations())
        targets.push_back(d.id);
    return targets;
}

constexpr std::uint64_t kMaxBytes = std::uint64_t(1) << 30; // 1 GiB
constexpr int kMaxRepeats = 1000;
constexpr std::uint64_t kMaxSeed = (std::uint64_t(1) << 53) - 1;
constexpr std::uint64_t kMaxSpecFileBytes = std::uint64_t(4) << 20; // a definition is a few KiB

const std::vector<std::string>& knownKeys() {
    static const std::vector<std::string> keys = {"name",     "targets", "algorithms", "message_bytes",
                                                  "ad_bytes", "repeats", "options",    "interleave_seed"};
    return keys;
}

std::string join(const std::vector<std::string>& items) {
    return oracle::joinIds(items);
}

std::string typeName(const QJsonValue& v) {
    return core::jsonTypeName(v);
}

[[noreturn]] void fail(const std::string& path, const std::string& what) {
    throw SpecError(path + ": " + what);
}

bool knownAlgorithm(const std::string& id) {
    return oracle::findOperation(id).has_value();
}

QJsonArray nonEmptyArray(const QJsonObject& o, const std::string& key) {
    const QJsonValue v = o.value(QString::fromStdString(key));
    if (!v.isArray()) fail(key, "expected an array, got " + typeName(v));
    const QJsonArray a = v.toArray();
    if (a.isEmpty()) fail(key, "must not be empty");
    return a;
}

/** A list of distinct strings, each accepted by `check` (which returns an error text or ""). */
template <class Check>
std::vector<std::string> stringList(const QJsonObject& o, const std::string& key, Check check) {
    const QJsonArray a = nonEmptyArray(o, key);
    std::vector<std::string> out;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const std::string path = key + "[" + std::to_string(i) + "]";
        if (!a[i].isString()) fail(path, "expected a string, got " + typeName(a[i]));
        const std::string s = a[i].toString().toStdString();
        if (const std::string err = check(s); !err.empty()) fail(path, err);
        if (std::find(out.begin(), out.end(), s) != out.end()) fail(path, "duplicate '" + s + "'");
        out.push_back(s);
    }
    return out;
}

/** An integer in [lo, hi] (JSON numbers are doubles: reject fractions, negatives and overflow). */
std::uint64_t integer(const QJsonValue& v, const std::string& path, std::uint64_t lo, std::uint64_t hi,
                      const std::string& unit) {
    if (!v.isDouble()) fail(path, "expected a number, got " + typeName(v));
    const double d = v.toDouble();
    if (!std::isfinite(d) || d != std::floor(d))
        fail(path, "expected a whole number, got " + std::to_string(d));
    if (d < static_cast<double>(lo) || d > static_cast<double>(hi)) {
        // The value may lie outside every integer type: print the double itself, never cast it.
        std::ostringstream text;
        text << std::setprecision(17) << d;
        fail(path, text.str() + " is outside " + std::to_string(lo) + ".." + std::to_string(hi) + unit);
    }
    return static_cast<std::uint64_t>(d);
}

std::vector<std::uint64_t> sizeList(const QJsonObject& o, const std::string& key) {
    const QJsonArray a = nonEmptyArray(o, key);
    std::vector<std::uint64_t> out;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const std::string path = key + "[" + std::to_string(i) + "]";
        const std::uint64_t n = integer(a[i], path, 0, kMaxBytes, " bytes (at most 1 GiB)");
        if (std::find(out.begin(), out.end(), n) != out.end())
            fail(path, "duplicate size " + std::to_string(n));
        out.push_back(n);
    }
    return out;
}

/** The targets a definition may name: those registered in this program (knownTargets()), or, for a preset
 *  the program ships (nullptr), any: whether this program registers a preset's target is asked when it
 *  runs (checkSupported, the engine), so a program that registers fewer back ends lists every preset. */
bool targetAllowed(const std::vector<std::string>* targets, const std::string& t) {
    return targets ? std::find(targets->begin(), targets->end(), t) != targets->end() : !t.empty();
}

std::map<std::string, std::string> optionMap(const QJsonValue& v, const std::vector<std::string>* targets) {
    if (!v.isObject()) fail("options", "expected an object of strings, got " + typeName(v));
    std::map<std::string, std::string> out;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string key = it.key().toStdString();
        const std::string path = "options[\"" + key + "\"]";
        // "target.setting": the prefix must be a known target, so a typo does not pass silently.
        const auto dot = key.find('.');
        const std::string prefix = dot == std::string::npos ? std::string() : key.substr(0, dot);
        if (dot == std::string::npos || dot + 1 == key.size() || !targetAllowed(targets, prefix))
            fail(path, "expected 'target.setting' with a known target (" +
                           (targets ? join(*targets) : std::string("a target id")) + ")");
        if (!it.value().isString()) fail(path, "expected a string, got " + typeName(it.value()));
        out[key] = it.value().toString().toStdString();
    }
    return out;
}

QJsonArray toArray(const std::vector<std::string>& v) {
    QJsonArray a;
    for (const auto& s : v)
        a.append(QString::fromStdString(s));
    return a;
}

QJsonArray toArray(const std::vector<std::uint64_t>& v) {
    QJsonArray a;
    for (const auto n : v)
        a.append(static_cast<qint64>(n));
    return a;
}

/** parseSpec, with the targets a definition may name (targetAllowed). */
CampaignSpec parseDefinition(std::string_view json, const std::vector<std::string>* targets) {
    QJsonParseError err{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(json.data(), static_cast<qsizetype>(json.size())), &err);
    if (err.error != QJsonParseError::NoError)
        throw SpecError("JSON: " + err.errorString().toStdString() + " at offset " +
                        std::to_string(err.offset));
    if (!doc.isObject()) throw SpecError("$: expected a JSON object");
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string key = it.key().toStdString();
        if (std::find(knownKeys().begin(), knownKeys().end(), key) == knownKeys().end())
            fail(key, "unknown key (known: " + join(knownKeys()) + ")");
    }

    CampaignSpec s;
    const QJsonValue name = o.value("name");
    if (!name.isString()) fail("name", "expected a string, got " + typeName(name));
    if (name.toString().trimmed().isEmpty()) fail("name", "must not be empty");
    s.name = name.toString().toStdString();

    s.targets = stringList(o, "targets", [targets](const std::string& t) -> std::string {
        if (targetAllowed(targets, t)) return {};
        if (!targets) return "expected a target id, got an empty string";
        return "unknown target '" + t + "' (known: " + join(*targets) + ")";
    });
    s.algorithms = stringList(o, "algorithms", [](const std::string& a) -> std::string {
        if (knownAlgorithm(a)) return {};
        return "unknown algorithm '" + a + "' (known: " + join(specAlgorithms()) + ")";
    });
    s.messageBytes = sizeList(o, "message_bytes");
    if (o.contains("ad_bytes")) s.adBytes = sizeList(o, "ad_bytes");
    if (o.contains("repeats"))
        s.repeats = static_cast<int>(integer(o.value("repeats"), "repeats", 1, kMaxRepeats, ""));
    if (o.contains("options")) s.options = optionMap(o.value("options"), targets);
    if (o.contains("interleave_seed")) // JSON numbers are doubles: whole numbers up to 2^53 are exact
        s.interleaveSeed = integer(o.value("interleave_seed"), "interleave_seed", 0, kMaxSeed, "");
    checkRunCount(s);
    return s;
}

/** The presets' folder in the resources (resources/campaigns.qrc). */
const QString kPresetFolder = QStringLiteral(":/campaigns");

} // namespace

CampaignSpec parseSpec(std::string_view json) {
    const std::vector<std::string> targets = knownTargets();
    return parseDefinition(json, &targets);
}

CampaignSpec readSpecFile(const std::string& path) {
    std::string text;
    try {
        text = fileio::readFileBounded(path, kMaxSpecFileBytes, "campaign definition");
    } catch (const fileio::FileError& e) {
        throw SpecError(e.what());
    }
    try {
        return parseSpec(text);
    } catch (const SpecError& e) {
        throw SpecError(path + ": " + e.what());
    }
}

std::string specJson(const CampaignSpec& spec) {
    QJsonObject options;
    for (const auto& [k, v] : spec.options)
        options.insert(QString::fromStdString(k), QString::fromStdString(v));
    // QJsonObject keeps its keys sorted, so the compact text is canonical.
    QJsonObject o{{"name", QString::fromStdString(spec.name)},
                  {"targets", toArray(spec.targets)},
                  {"algorithms", toArray(spec.algorithms)},
                  {"message_bytes", toArray(spec.messageBytes)},
                  {"ad_bytes", toArray(spec.adBytes)},
                  {"repeats", spec.repeats},
                  {"options", options}};
    // Written only when set, so the definitions stored before interleaving existed keep their text.
    if (spec.interleaveSeed) o.insert("interleave_seed", static_cast<double>(*spec.interleaveSeed));
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

std::string pointName(const RunKey& k) {
    return k.target + " " + k.algorithm + " AD " + std::to_string(k.adBytes) + " B msg " +
           std::to_string(k.messageBytes) + " B";
}

std::vector<std::string> specTargets() {
    return knownTargets();
}

std::vector<std::string> specAlgorithms() {
    return oracle::operationIds();
}

std::vector<std::string> presetNames() {
    initCampaignPresets();
    std::vector<std::string> names;
    for (const QString& file : QDir(kPresetFolder).entryList({QStringLiteral("*.json")}, QDir::Files))
        names.push_back(file.chopped(5).toStdString());
    std::sort(names.begin(), names.end());
    return names;
}

CampaignSpec presetSpec(std::string_view name) {
    const std::vector<std::string> names = presetNames();
    if (std::find(names.begin(), names.end(), name) == names.end())
        throw SpecError("preset: unknown preset '" + std::string(name) + "' (known: " + join(names) + ")");
    // Read from the resource itself (no file is opened): the JSON the program was built with.
    const QResource file(kPresetFolder + QLatin1Char('/') + QString::fromStdString(std::string(name)) +
                         QStringLiteral(".json"));
    const QByteArray json = file.uncompressedData();
    try {
        return parseDefinition(std::string_view(json.constData(), static_cast<std::size_t>(json.size())),
                               nullptr);
    } catch (const SpecError& e) {
        throw SpecError("preset " + std::string(name) + " (resources/campaigns/" + std::string(name) +
                        ".json): " + e.what());
    }
}

std::uint64_t countRuns(const CampaignSpec& spec) {
    // Bounded by the parser's limits (targets and algorithms are distinct known ids, 10 000 sizes per
    // list), so the products cannot overflow 64 bits.
    std::uint64_t runs = 0;
    for (const auto& alg : spec.algorithms) {
        const std::uint64_t sizes = oracle::runMessageSizes(alg, spec.messageBytes).size();
        runs += oracle::findAead(alg) ? spec.adBytes.size() * sizes : sizes;
    }
    return runs * spec.targets.size();
}

void checkRunCount(const CampaignSpec& spec) {
    const std::uint64_t runs = countRuns(spec);
    if (runs > kMaxRunsPerCampaign)
        throw SpecError("$: the definition stands for " + std::to_string(runs) +
                        " runs; a campaign may have at most " + std::to_string(kMaxRunsPerCampaign) +
                        " (split it, or use fewer sizes)");
}

std::vector<RunKey> expandRuns(const CampaignSpec& spec) {
    checkRunCount(spec);
    std::vector<RunKey> runs;
    const std::vector<std::uint64_t> noAd = {0};
    for (const auto& target : spec.targets)
        for (const auto& alg : spec.algorithms) {
            // AD exists for AEAD only: a block mode runs once per message size, with AD size 0.
            const auto& ads = oracle::findAead(alg) ? spec.adBytes : noAd;
            // ML-DSA key generation runs once, at its seed's 32 bytes, whatever the message sizes.
            for (const auto ad : ads)
                for (const auto msg : oracle::runMessageSizes(alg, spec.messageBytes))
                    runs.push_back({target, alg, msg, ad});
        }
    return runs;
}

} // namespace rs::campaign
