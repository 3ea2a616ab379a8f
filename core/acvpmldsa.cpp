#include "core/acvpmldsa.h"

#include "core/jsontypename.h"

#include "core/fileio/safefile.h"
#include "core/katfile.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace rs::core {

namespace {

/** Where a field sits, for the error messages: the file, and the group and case when known. */
struct Where {
    const std::string& file;
    int tgId = -1;
    int tcId = -1;

    std::string text() const {
        std::string s = file;
        if (tgId >= 0) s += ": test group tgId " + std::to_string(tgId);
        if (tcId >= 0) s += ", test case tcId " + std::to_string(tcId);
        return s;
    }
};

[[noreturn]] void fail(const Where& w, const std::string& what) {
    throw KatError(w.text() + ": " + what);
}

const char* typeName(const QJsonValue& v) {
    return jsonTypeName(v, "missing");
}

QJsonValue need(const QJsonObject& o, const char* name, const Where& w) {
    const QJsonValue v = o.value(QLatin1String(name));
    if (v.isUndefined()) fail(w, std::string("field '") + name + "' is missing");
    return v;
}

[[noreturn]] void wrongType(const QJsonValue& v, const char* name, const char* want, const Where& w) {
    fail(w, std::string("field '") + name + "' is " + typeName(v) + ", not " + want);
}

std::string stringField(const QJsonObject& o, const char* name, const Where& w) {
    const QJsonValue v = need(o, name, w);
    if (!v.isString()) wrongType(v, name, "a string", w);
    return v.toString().toStdString();
}

bool boolField(const QJsonObject& o, const char* name, const Where& w) {
    const QJsonValue v = need(o, name, w);
    if (!v.isBool()) wrongType(v, name, "a boolean", w);
    return v.toBool();
}

int intField(const QJsonObject& o, const char* name, const Where& w) {
    const QJsonValue v = need(o, name, w);
    const double d = v.toDouble();
    if (!v.isDouble() || d != std::floor(d) || d < 0 || d > 2147483647.0) wrongType(v, name, "an integer", w);
    return static_cast<int>(d);
}

crypto::Bytes hexValue(const QJsonValue& v, const char* name, const Where& w) {
    if (!v.isString()) wrongType(v, name, "a hex string", w);
    try {
        return crypto::fromHex(v.toString().toStdString());
    } catch (const crypto::InvalidArgument& e) {
        fail(w, std::string("field '") + name + "' is not hex: " + e.what());
    }
}

crypto::Bytes hexField(const QJsonObject& o, const char* name, const Where& w) {
    return hexValue(need(o, name, w), name, w);
}

/** A field the case carries, or else its group (older sets keep sk / pk once per group). */
crypto::Bytes caseOrGroupHex(const QJsonObject& test, const QJsonObject& group, const char* name,
                             const Where& w) {
    const QJsonValue v = test.value(QLatin1String(name));
    if (!v.isUndefined()) return hexValue(v, name, w);
    const QJsonValue g = group.value(QLatin1String(name));
    if (!g.isUndefined()) return hexValue(g, name, Where{w.file, w.tgId});
    fail(w, std::string("field '") + name + "' is missing (in the case and in its group)");
}

QJsonArray arrayField(const QJsonObject& o, const char* name, const Where& w) {
    const QJsonValue v = need(o, name, w);
    if (!v.isArray()) wrongType(v, name, "an array", w);
    return v.toArray();
}

QJsonObject objectAt(const QJsonValue& v, const std::string& what, const Where& w) {
    if (!v.isObject()) fail(w, what + " is " + typeName(v) + ", not an object");
    return v.toObject();
}

QJsonObject parseDocument(std::string_view json, const std::string& file) {
    QJsonParseError err{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(json.data(), static_cast<qsizetype>(json.size())), &err);
    if (err.error != QJsonParseError::NoError)
        throw KatError(file + ": not valid JSON (" + err.errorString().toStdString() + " at byte " +
                       std::to_string(err.offset) + "; a truncated file?)");
    if (!doc.isObject()) throw KatError(file + ": not a JSON object");
    return doc.object();
}

AcvpMlDsaMode modeFromName(const std::string& s, const Where& w) {
    if (s == "keyGen") return AcvpMlDsaMode::KeyGen;
    if (s == "sigGen") return AcvpMlDsaMode::SigGen;
    if (s == "sigVer") return AcvpMlDsaMode::SigVer;
    fail(w, "field 'mode' is '" + s + "', not keyGen, sigGen or sigVer");
}

/** The group's properties (everything but its cases) from the prompt. */
AcvpMlDsaGroup readGroupHeader(const QJsonObject& g, AcvpMlDsaMode mode, const Where& w) {
    AcvpMlDsaGroup out;
    out.tgId = w.tgId;
    if (g.contains(QLatin1String("testType"))) out.testType = stringField(g, "testType", w);
    const std::string set = stringField(g, "parameterSet", w);
    const auto ps = crypto::mldsaParamSetFromName(set);
    if (!ps) fail(w, "field 'parameterSet' is '" + set + "', not ML-DSA-44, ML-DSA-65 or ML-DSA-87");
    out.parameterSet = *ps;
    if (mode == AcvpMlDsaMode::KeyGen) return out;
    if (mode == AcvpMlDsaMode::SigGen) out.deterministic = boolField(g, "deterministic", w);
    const std::string iface = stringField(g, "signatureInterface", w);
    if (iface == "external")
        out.signatureInterface = AcvpMlDsaInterface::External;
    else if (iface == "internal")
        out.signatureInterface = AcvpMlDsaInterface::Internal;
    else
        fail(w, "field 'signatureInterface' is '" + iface + "', not external or internal");
    if (out.signatureInterface == AcvpMlDsaInterface::External) {
        const std::string ph = stringField(g, "preHash", w);
        if (ph != "pure" && ph != "preHash") fail(w, "field 'preHash' is '" + ph + "', not pure or preHash");
        out.preHash = ph == "preHash";
    } else {
        out.externalMu = boolField(g, "externalMu", w);
    }
    return out;
}

/** message or mu, context and hashAlg: what sigGen and sigVer cases share. */
template <typename Case>
void readMessageFields(Case& c, const QJsonObject& t, const AcvpMlDsaGroup& g, const Where& w) {
    if (g.externalMu)
        c.mu = hexField(t, "mu", w);
    else
        c.message = hexField(t, "message", w);
    if (g.signatureInterface == AcvpMlDsaInterface::External) c.context = hexField(t, "context", w);
    if (g.preHash) {
        const std::string name = stringField(t, "hashAlg", w);
        c.hashAlg = crypto::mldsaPreHashFromName(name);
        if (!c.hashAlg) fail(w, "field 'hashAlg' is '" + name + "', not a hash function HashML-DSA takes");
    }
}

void readPromptCase(AcvpMlDsaGroup& g, AcvpMlDsaMode mode, const QJsonObject& t, const QJsonObject& group,
                    const Where& w) {
    switch (mode) {
    case AcvpMlDsaMode::KeyGen: {
        AcvpMlDsaKeyGenCase c;
        c.tcId = w.tcId;
        c.seed = hexField(t, "seed", w);
        g.keyGen.push_back(std::move(c));
        return;
    }
    case AcvpMlDsaMode::SigGen: {
        AcvpMlDsaSigGenCase c;
        c.tcId = w.tcId;
        c.sk = caseOrGroupHex(t, group, "sk", w);
        readMessageFields(c, t, g, w);
        c.rnd = g.deterministic ? crypto::Bytes(32, 0) : hexField(t, "rnd", w);
        g.sigGen.push_back(std::move(c));
        return;
    }
    case AcvpMlDsaMode::SigVer: {
        AcvpMlDsaSigVerCase c;
        c.tcId = w.tcId;
        c.pk = caseOrGroupHex(t, group, "pk", w);
        readMessageFields(c, t, g, w);
        c.signature = hexField(t, "signature", w);
        g.sigVer.push_back(std::move(c));
        return;
    }
    }
}

void readExpectedCase(AcvpMlDsaGroup& g, AcvpMlDsaMode mode, std::size_t i, const QJsonObject& t,
                      const Where& w) {
    switch (mode) {
    case AcvpMlDsaMode::KeyGen:
        g.keyGen[i].pk = hexField(t, "pk", w);
        g.keyGen[i].sk = hexField(t, "sk", w);
        return;
    case AcvpMlDsaMode::SigGen:
        g.sigGen[i].signature = hexField(t, "signature", w);
        return;
    case AcvpMlDsaMode::SigVer:
        g.sigVer[i].testPassed = boolField(t, "testPassed", w);
        return;
    }
}

std::string ordinal(std::size_t i, std::size_t n) {
    return std::to_string(i + 1) + " of " + std::to_string(n);
}

} // namespace

const char* acvpMlDsaModeName(AcvpMlDsaMode mode) noexcept {
    switch (mode) {
    case AcvpMlDsaMode::KeyGen:
        return "keyGen";
    case AcvpMlDsaMode::SigGen:
        return "sigGen";
    case AcvpMlDsaMode::SigVer:
        return "sigVer";
    }
    return "?";
}

std::string AcvpMlDsaGroup::describe(AcvpMlDsaMode mode) const {
    std::string s = crypto::mldsaParams(parameterSet).name;
    if (mode == AcvpMlDsaMode::KeyGen) return s;
    if (mode == AcvpMlDsaMode::SigGen) s += deterministic ? " deterministic" : " hedged";
    if (signatureInterface == AcvpMlDsaInterface::External)
        s += preHash ? " external preHash" : " external pure";
    else
        s += externalMu ? " internal externalMu" : " internal";
    return s;
}

std::size_t AcvpMlDsaVectorSet::caseCount() const noexcept {
    std::size_t n = 0;
    for (const AcvpMlDsaGroup& g : groups)
        n += g.caseCount();
    return n;
}

AcvpMlDsaVectorSet readAcvpMlDsa(const std::string& promptPath, const std::string& expectedPath) {
    std::string prompt, expected;
    try {
        prompt = fileio::readFileBounded(promptPath, kMaxVectorFileBytes, "ACVP prompt file");
        expected = fileio::readFileBounded(expectedPath, kMaxVectorFileBytes, "ACVP expected results file");
    } catch (const fileio::FileError& e) {
        throw KatError(e.what());
    }
    return parseAcvpMlDsa(prompt, expected, promptPath, expectedPath);
}

AcvpMlDsaVectorSet parseAcvpMlDsa(std::string_view promptJson, std::string_view expectedJson,
                                  const std::string& promptName, const std::string& expectedName) {
    const QJsonObject prompt = parseDocument(promptJson, promptName);
    const QJsonObject expected = parseDocument(expectedJson, expectedName);
    const Where top{promptName};
    const Where topExpected{expectedName};

    AcvpMlDsaVectorSet set;
    const std::string algorithm = stringField(prompt, "algorithm", top);
    if (algorithm != "ML-DSA") fail(top, "field 'algorithm' is '" + algorithm + "', not ML-DSA");
    set.mode = modeFromName(stringField(prompt, "mode", top), top);
    if (prompt.contains(QLatin1String("revision"))) set.revision = stringField(prompt, "revision", top);
    if (prompt.contains(QLatin1String("isSample"))) set.isSample = boolField(prompt, "isSample", top);
    if (prompt.contains(QLatin1String("vsId"))) set.vsId = intField(prompt, "vsId", top);

    // The expected file must answer this prompt: same mode and vector set when it names them.
    if (expected.contains(QLatin1String("mode"))) {
        const AcvpMlDsaMode em = modeFromName(stringField(expected, "mode", topExpected), topExpected);
        if (em != set.mode)
            fail(topExpected, std::string("mode is ") + acvpMlDsaModeName(em) + ", the prompt's is " +
                                  acvpMlDsaModeName(set.mode));
    }
    if (expected.contains(QLatin1String("vsId")) && prompt.contains(QLatin1String("vsId"))) {
        const int ev = intField(expected, "vsId", topExpected);
        if (ev != set.vsId)
            fail(topExpected,
                 "vsId is " + std::to_string(ev) + ", the prompt's is " + std::to_string(set.vsId));
    }

    const QJsonArray groups = arrayField(prompt, "testGroups", top);
    const QJsonArray expectedGroups = arrayField(expected, "testGroups", topExpected);
    for (qsizetype gi = 0; gi < groups.size(); ++gi) {
        const std::size_t gn = static_cast<std::size_t>(groups.size());
        const QJsonObject g = objectAt(groups[gi], "test group " + ordinal(gi, gn), top);
        const int tgId = intField(g, "tgId", top);
        const Where gw{promptName, tgId};
        AcvpMlDsaGroup group = readGroupHeader(g, set.mode, gw);

        if (gi >= expectedGroups.size())
            fail(topExpected, "has no test group tgId " + std::to_string(tgId) + " (the prompt's group " +
                                  ordinal(gi, gn) + "; the expected file has " +
                                  std::to_string(expectedGroups.size()) + ")");
        const QJsonObject eg = objectAt(expectedGroups[gi], "test group " + ordinal(gi, gn), topExpected);
        const int etgId = intField(eg, "tgId", topExpected);
        if (etgId != tgId)
            fail(topExpected, "test group " + ordinal(gi, gn) + " is tgId " + std::to_string(etgId) +
                                  ", the prompt's is tgId " + std::to_string(tgId));
        const Where egw{expectedName, tgId};

        const QJsonArray tests = arrayField(g, "tests", gw);
        const QJsonArray expectedTests = arrayField(eg, "tests", egw);
        const std::size_t tn = static_cast<std::size_t>(tests.size());
        for (qsizetype ti = 0; ti < tests.size(); ++ti) {
            const QJsonObject t = objectAt(tests[ti], "test case " + ordinal(ti, tn), gw);
            const int tcId = intField(t, "tcId", gw);
            const Where tw{promptName, tgId, tcId};
            readPromptCase(group, set.mode, t, g, tw);

            if (ti >= expectedTests.size())
                fail(egw, "has no test case tcId " + std::to_string(tcId) + " (the prompt's case " +
                              ordinal(ti, tn) + "; the expected group has " +
                              std::to_string(expectedTests.size()) + ")");
            const QJsonObject et = objectAt(expectedTests[ti], "test case " + ordinal(ti, tn), egw);
            const int etcId = intField(et, "tcId", egw);
            if (etcId != tcId)
                fail(egw, "test case " + ordinal(ti, tn) + " is tcId " + std::to_string(etcId) +
                              ", the prompt's is tcId " + std::to_string(tcId));
            readExpectedCase(group, set.mode, static_cast<std::size_t>(ti), et,
                             Where{expectedName, tgId, tcId});
        }
        if (expectedTests.size() > tests.size()) {
            const QJsonObject extra = objectAt(expectedTests[tests.size()], "an extra test case", egw);
            fail(egw, "has a test case the prompt's group lacks (case " +
                          ordinal(tests.size(), expectedTests.size()) + ", tcId " +
                          std::to_string(intField(extra, "tcId", egw)) + ")");
        }
        set.groups.push_back(std::move(group));
    }
    if (expectedGroups.size() > groups.size()) {
        const QJsonObject extra = objectAt(expectedGroups[groups.size()], "an extra test group", topExpected);
        fail(topExpected, "has a test group the prompt lacks (group " +
                              ordinal(groups.size(), expectedGroups.size()) + ", tgId " +
                              std::to_string(intField(extra, "tgId", topExpected)) + ")");
    }
    if (set.caseCount() == 0) fail(top, "no test cases");
    return set;
}

} // namespace rs::core
