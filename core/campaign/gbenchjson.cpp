#include "core/campaign/gbenchjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "core/campaign/comparison.h"

namespace rs::campaign {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

std::string provenanceOr(const CampaignRow& c, const std::string& key, const std::string& fallback) {
    const auto it = c.provenance.find(key);
    return it == c.provenance.end() ? fallback : it->second;
}

} // namespace

std::string gbenchName(const RunKey& k) {
    return k.target + "/" + k.algorithm + "/ad:" + std::to_string(k.adBytes) +
           "/msg:" + std::to_string(k.messageBytes);
}

std::string gbenchJson(const CampaignRow& c, const std::vector<RunRow>& runs) {
    QJsonObject provenance;
    for (const auto& [k, v] : c.provenance)
        provenance.insert(q(k), q(v));
    QJsonArray benchmarks, notExported;
    int family = 0;
    for (const RunRow& r : runs) {
        if (!r.verified || r.samples.empty()) {
            notExported.append(q(gbenchName(r.key) + (r.verified ? ": no repeat times stored" : ": failed")));
            continue;
        }
        const QString name = q(gbenchName(r.key));
        const auto repeats = static_cast<qint64>(r.samples.size());
        const auto entry = [&](const QString& entryName, double ns) {
            QJsonObject o{{"name", entryName}, {"family_index", family}, {"per_family_instance_index", 0},
                          {"run_name", name},  {"repetitions", repeats}, {"threads", 1},
                          {"iterations", 1},   {"real_time", ns},        {"cpu_time", ns},
                          {"time_unit", "ns"}};
            if (ns > 0) o.insert("bytes_per_second", throughputOf(r.key.messageBytes, ns));
            return o;
        };
        for (qint64 i = 0; i < repeats; ++i) {
            QJsonObject o = entry(name, r.samples[static_cast<std::size_t>(i)]);
            o.insert("run_type", "iteration");
            o.insert("repetition_index", i);
            benchmarks.append(o);
        }
        QJsonObject median = entry(name + "_median", stats::median(r.samples));
        median.insert("run_type", "aggregate");
        median.insert("aggregate_name", "median");
        median.insert("aggregate_unit", "time");
        benchmarks.append(median);
        ++family;
    }
    const QJsonObject context{
        {"date", q(c.created)},
        {"host_name", q(provenanceOr(c, "host", ""))},
        {"executable", q("roundscope campaign " + std::to_string(c.id) + " (" + c.name + ")")},
        {"library_build_type",
         q(provenanceOr(c, "build_flags", "").rfind("Debug", 0) == 0 ? "debug" : "release")},
        {"cpu_scaling_enabled", provenanceOr(c, "cpu_governor", "performance") != "performance"},
        {"roundscope_note", "each repeat is one iteration of wall-clock time; cpu_time repeats real_time "
                            "(RoundScope measures the wall clock only)"},
        {"roundscope_provenance", provenance},
        {"roundscope_not_exported", notExported}};
    return QJsonDocument(QJsonObject{{"context", context}, {"benchmarks", benchmarks}})
        .toJson(QJsonDocument::Indented)
        .toStdString();
}

} // namespace rs::campaign
