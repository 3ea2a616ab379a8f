#include "hw/ip/resourcecache.h"

#include "core/fileio/safefile.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <cstdlib>
#include <filesystem>

namespace rs::hw {

namespace fs = std::filesystem;

namespace {

/** The key's and the file's format: a change to either makes every older entry a miss. */
constexpr int kCacheFormat = 1;
/** A cache file is a few kilobytes; anything larger is not ours. */
constexpr std::uint64_t kMaxCacheFile = 1u << 20;

QJsonObject countsToJson(const ResourceCounts& c) {
    QJsonObject cells;
    for (const auto& [name, n] : c.cells)
        cells.insert(QString::fromStdString(name), static_cast<qint64>(n));
    return QJsonObject{{"luts", static_cast<qint64>(c.luts)},
                       {"lut_ram", static_cast<qint64>(c.lutRam)},
                       {"ffs", static_cast<qint64>(c.ffs)},
                       {"muxf7", static_cast<qint64>(c.muxf7)},
                       {"muxf8", static_cast<qint64>(c.muxf8)},
                       {"carry4", static_cast<qint64>(c.carry4)},
                       {"dsp48", static_cast<qint64>(c.dsp48)},
                       {"block_ram", static_cast<qint64>(c.blockRam)},
                       {"cells", cells}};
}

QJsonValue need(const QJsonValue& v, const char* name) {
    if (v.isUndefined()) throw std::runtime_error(std::string("resource cache file: no '") + name + "'");
    return v;
}

long longOf(const QJsonObject& o, const char* name) {
    const QJsonValue v = need(o.value(QLatin1String(name)), name);
    if (!v.isDouble())
        throw std::runtime_error(std::string("resource cache file: '") + name + "' is no number");
    return static_cast<long>(v.toInteger());
}

QJsonObject objectOf(const QJsonObject& o, const char* name) {
    const QJsonValue v = need(o.value(QLatin1String(name)), name);
    if (!v.isObject())
        throw std::runtime_error(std::string("resource cache file: '") + name + "' is no object");
    return v.toObject();
}

ResourceCounts countsFromJson(const QJsonObject& o) {
    ResourceCounts c;
    c.luts = longOf(o, "luts");
    c.lutRam = longOf(o, "lut_ram");
    c.ffs = longOf(o, "ffs");
    c.muxf7 = longOf(o, "muxf7");
    c.muxf8 = longOf(o, "muxf8");
    c.carry4 = longOf(o, "carry4");
    c.dsp48 = longOf(o, "dsp48");
    c.blockRam = longOf(o, "block_ram");
    const QJsonObject cells = objectOf(o, "cells");
    for (auto it = cells.begin(); it != cells.end(); ++it) {
        if (!it.value().isDouble())
            throw std::runtime_error("resource cache file: a cell count is no number");
        c.cells[it.key().toStdString()] = static_cast<long>(it.value().toInteger());
    }
    return c;
}

QJsonObject scopeToJson(const ScopeResources& s) {
    return QJsonObject{{"top", QString::fromStdString(s.top)},
                       {"abc", countsToJson(s.abc)},
                       {"abc9", countsToJson(s.abc9)},
                       {"lut_depth", s.lutDepth},
                       {"seconds", s.seconds}};
}

ScopeResources scopeFromJson(const QJsonObject& o) {
    ScopeResources s;
    s.top = need(o.value(QLatin1String("top")), "top").toString().toStdString();
    s.abc = countsFromJson(objectOf(o, "abc"));
    s.abc9 = countsFromJson(objectOf(o, "abc9"));
    s.lutDepth = static_cast<int>(longOf(o, "lut_depth"));
    s.seconds = need(o.value(QLatin1String("seconds")), "seconds").toDouble();
    return s;
}

} // namespace

std::string resourceCacheKey(const ResourceOptions& options, const std::string& yosysVersion,
                             const std::vector<std::string>& rtlFiles) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    // Each part with its length, so no two different inputs concatenate to the same bytes.
    const auto part = [&h](const std::string& s) {
        h.addData(QByteArray::number(static_cast<qulonglong>(s.size())) + ':');
        h.addData(QByteArrayView(s.data(), static_cast<qsizetype>(s.size())));
    };
    part("roundscope-resources " + std::to_string(kCacheFormat));
    part(yosysVersion);
    for (const std::string& f : rtlFiles) {
        std::string text;
        try {
            text = fileio::readFileBounded(f, std::uint64_t{16} << 20, "RTL file");
        } catch (const fileio::FileError& e) {
            throw std::runtime_error(std::string("resource cache key: ") + e.what());
        }
        part(fs::path(f).filename().string());
        part(text);
    }
    part("core " + std::to_string(options.core) + " unroll " + std::to_string(options.unroll) + " detail " +
         (options.detail ? "1" : "0"));
    for (const auto& [name, value] : options.params)
        part(name + '=' + std::to_string(value));
    return h.result().toHex().toStdString();
}

std::string resourceCacheKey(const ResourceOptions& options, const std::string& yosysVersion) {
    return resourceCacheKey(options, yosysVersion, resourceRtlFiles(options.core));
}

std::string resourceReportToJson(const ResourceReport& r) {
    QJsonObject o = countsToJson(r);
    o.insert("format", kCacheFormat);
    o.insert("unroll", r.unroll);
    o.insert("yosys", QString::fromStdString(r.yosysVersion));
    o.insert("seconds", r.seconds);
    if (r.ip) o.insert("ip", scopeToJson(*r.ip));
    if (r.core) o.insert("core", scopeToJson(*r.core));
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

ResourceReport resourceReportFromJson(const std::string& json) {
    QJsonParseError err{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(json.data(), static_cast<qsizetype>(json.size())), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject())
        throw std::runtime_error("resource cache file is not a JSON object");
    const QJsonObject o = doc.object();
    if (longOf(o, "format") != kCacheFormat)
        throw std::runtime_error("resource cache file of another format");
    ResourceReport r;
    static_cast<ResourceCounts&>(r) = countsFromJson(o);
    r.unroll = static_cast<int>(longOf(o, "unroll"));
    r.yosysVersion = need(o.value(QLatin1String("yosys")), "yosys").toString().toStdString();
    r.seconds = need(o.value(QLatin1String("seconds")), "seconds").toDouble();
    if (o.contains(QLatin1String("ip"))) r.ip = scopeFromJson(objectOf(o, "ip"));
    if (o.contains(QLatin1String("core"))) r.core = scopeFromJson(objectOf(o, "core"));
    return r;
}

std::string defaultResourceCacheDirectory() {
    const char* env = std::getenv("ROUNDSCOPE_CACHE_DIR");
    if (env && *env) return (fs::path(env) / "resources").string();
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return (fs::path(base.toStdString()) / "RoundScope" / "resources").string();
}

ResourceCache::ResourceCache(std::string directory)
    : m_dir(directory.empty() ? defaultResourceCacheDirectory() : std::move(directory)) {}

std::string ResourceCache::pathOf(const std::string& key) const {
    return (fs::path(m_dir) / (key + ".json")).string();
}

std::optional<ResourceReport> ResourceCache::lookup(const std::string& key) const {
    const std::string path = pathOf(key);
    std::error_code ec;
    if (!fs::exists(path, ec)) return std::nullopt;
    try {
        return resourceReportFromJson(fileio::readFileBounded(path, kMaxCacheFile, "resource cache file"));
    } catch (const std::exception&) {
        return std::nullopt; // damaged or unreadable: a miss, replaced by the next store
    }
}

void ResourceCache::store(const std::string& key, const ResourceReport& report) const {
    std::error_code ec;
    fs::create_directories(m_dir, ec);
    if (ec)
        throw fileio::FileError("cannot create the resource cache directory " + m_dir + ": " + ec.message());
    fileio::writeFileAtomic(pathOf(key), resourceReportToJson(report));
}

ResourceCache::Result ResourceCache::get(const ResourceOptions& options, const Synthesize& synthesize) const {
    checkResourceOptions(options); // bad options are refused before anything runs, cached or not
    Result out;
    out.key = resourceCacheKey(options, yosysVersion(yosysProgram(options)));
    if (auto hit = lookup(out.key)) {
        out.report = std::move(*hit);
        out.cached = true;
        return out;
    }
    out.report = synthesize ? synthesize(options) : synthesizeResources(options);
    try {
        store(out.key, out.report);
    } catch (const std::exception&) {
        // An unwritable cache only costs the next run its synthesis; the figures are still right.
    }
    return out;
}

} // namespace rs::hw
