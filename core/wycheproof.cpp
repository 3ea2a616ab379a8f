#include "core/wycheproof.h"

#include "core/fileio/safefile.h"
#include "core/katfile.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace rs::core {

namespace {
crypto::Bytes hexField(const QJsonObject& test, const char* name, int tcId, const std::string& path) {
    const QJsonValue v = test.value(QLatin1String(name));
    if (!v.isString())
        throw KatError(path + ": test " + std::to_string(tcId) + " has no string field '" + name + "'");
    try {
        return crypto::fromHex(v.toString().toStdString());
    } catch (const crypto::InvalidArgument& e) {
        throw KatError(path + ": test " + std::to_string(tcId) + " field '" + name + "': " + e.what());
    }
}
} // namespace

std::vector<WycheproofAeadCase> readWycheproofAead(const std::string& path) {
    std::string text;
    try {
        text = fileio::readFileBounded(path, kMaxVectorFileBytes, "Wycheproof file");
    } catch (const fileio::FileError& e) {
        throw KatError(e.what());
    }
    return parseWycheproofAead(text, path);
}

std::vector<WycheproofAeadCase> parseWycheproofAead(std::string_view json, const std::string& path) {
    QJsonParseError err{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(json.data(), static_cast<qsizetype>(json.size())), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject())
        throw KatError(path + ": not a JSON object: " + err.errorString().toStdString());
    std::vector<WycheproofAeadCase> out;
    for (const QJsonValue& g : doc.object().value(QLatin1String("testGroups")).toArray()) {
        for (const QJsonValue& t : g.toObject().value(QLatin1String("tests")).toArray()) {
            const QJsonObject test = t.toObject();
            WycheproofAeadCase c;
            c.tcId = test.value(QLatin1String("tcId")).toInt();
            c.comment = test.value(QLatin1String("comment")).toString().toStdString();
            c.key = hexField(test, "key", c.tcId, path);
            c.iv = hexField(test, "iv", c.tcId, path);
            c.aad = hexField(test, "aad", c.tcId, path);
            c.msg = hexField(test, "msg", c.tcId, path);
            c.ct = hexField(test, "ct", c.tcId, path);
            c.tag = hexField(test, "tag", c.tcId, path);
            c.result = test.value(QLatin1String("result")).toString().toStdString();
            for (const QJsonValue& f : test.value(QLatin1String("flags")).toArray())
                c.flags.push_back(f.toString().toStdString());
            out.push_back(std::move(c));
        }
    }
    if (out.empty()) throw KatError(path + ": no tests found");
    return out;
}

} // namespace rs::core
