#include "core/wycheproofmldsa.h"

#include "core/fileio/safefile.h"
#include "core/katfile.h"
#include "core/oracle/oracle.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <exception>

namespace rs::core {

namespace {

constexpr const char* kSource = "the Wycheproof file";

[[noreturn]] void fail(const std::string& path, int tcId, const std::string& what) {
    throw KatError(path + (tcId >= 0 ? ": test tcId " + std::to_string(tcId) : std::string()) + ": " + what);
}

std::optional<crypto::Bytes> optHex(const QJsonObject& o, const char* name, const std::string& path,
                                    int tcId) {
    const QJsonValue v = o.value(QLatin1String(name));
    if (v.isUndefined() || v.isNull())
        return std::nullopt; // the key files write "publicKey": null for bad keys
    if (!v.isString()) fail(path, tcId, std::string("field '") + name + "' is not a hex string");
    try {
        return crypto::fromHex(v.toString().toStdString());
    } catch (const crypto::InvalidArgument& e) {
        fail(path, tcId, std::string("field '") + name + "' is not hex: " + e.what());
    }
}

crypto::Bytes hex(const QJsonObject& o, const char* name, const std::string& path, int tcId) {
    std::optional<crypto::Bytes> v = optHex(o, name, path, tcId);
    if (!v) fail(path, tcId, std::string("field '") + name + "' is missing");
    return std::move(*v);
}

std::string text(const QJsonObject& o, const char* name, const std::string& path, int tcId) {
    const QJsonValue v = o.value(QLatin1String(name));
    if (!v.isString())
        fail(path, tcId,
             std::string("field '") + name + (v.isUndefined() ? "' is missing" : "' is not a string"));
    return v.toString().toStdString();
}

bool isValid(const WycheproofMlDsaTest& t) {
    return t.result != "invalid";
}

/** Judges bytes with the oracle; on a difference appends "field: what differed" to detail. */
bool judge(const char* field, crypto::ByteView got, crypto::ByteView want, std::string& detail) {
    const oracle::Verdict v = oracle::verify(got, want, kSource);
    if (v.ok) return true;
    if (!detail.empty()) detail += "; ";
    detail += std::string(field) + ": " + v.message;
    return false;
}

/** A sign test: the key (expanded, or from the seed), then the signature, mu and a verify of the result. */
bool runSign(const WycheproofMlDsaFile& f, const WycheproofMlDsaGroup& g, const WycheproofMlDsaTest& t,
             crypto::MlDsaImpl impl, std::string& detail) {
    const crypto::MlDsaParamSet set = f.set;
    const crypto::Bytes rnd = t.rnd ? *t.rnd : crypto::Bytes(32, 0);
    crypto::Bytes sk = g.privateKey;
    std::optional<crypto::Bytes> pk = g.publicKey;
    crypto::MlDsaSignature s;
    try {
        if (f.kind == WycheproofMlDsaKind::SignSeed) {
            crypto::MlDsaKeyPair kp = crypto::mldsaKeyGen(set, g.privateSeed, impl);
            if (pk && !judge("public key from the seed", kp.pk, *pk, detail)) return false;
            sk = std::move(kp.sk);
            pk = std::move(kp.pk);
        }
        s = t.msg ? crypto::mldsaSign(set, sk, *t.msg, t.ctx, rnd, impl)
                  : crypto::mldsaSignMu(set, sk, t.mu.value_or(crypto::Bytes{}), rnd, impl);
    } catch (const std::exception& e) {
        if (!isValid(t)) return true; // refused, as it must be
        detail = std::string("threw: ") + e.what();
        return false;
    }
    if (!isValid(t)) {
        detail = "signed a test that must be refused (" + t.comment + ")";
        return false;
    }
    bool ok = judge("sig", s.sig, t.sig, detail);
    if (t.msg && t.mu && pk)
        ok = judge("mu", crypto::mldsaMu(set, *pk, crypto::mldsaFormatMessage(*t.msg, t.ctx)), *t.mu,
                   detail) &&
             ok;
    if (pk) {
        const bool verifies = t.msg ? crypto::mldsaVerify(set, *pk, *t.msg, t.ctx, s.sig, impl)
                                    : crypto::mldsaVerifyMu(set, *pk, *t.mu, s.sig, impl);
        if (!verifies) {
            detail += std::string(detail.empty() ? "" : "; ") + "the signature made does not verify";
            ok = false;
        }
    }
    return ok;
}

bool runVerify(const WycheproofMlDsaFile& f, const WycheproofMlDsaGroup& g, const WycheproofMlDsaTest& t,
               crypto::MlDsaImpl impl, std::string& detail) {
    bool verified = false;
    std::string why;
    try {
        if (!g.publicKey) throw crypto::InvalidArgument("the group has no publicKey");
        verified =
            crypto::mldsaVerify(f.set, *g.publicKey, t.msg.value_or(crypto::Bytes{}), t.ctx, t.sig, impl);
    } catch (const std::exception& e) {
        why = std::string(" (it threw: ") + e.what() + ")";
    }
    const bool agrees = verified == isValid(t);
    if (!agrees)
        detail = std::string(verified ? "verified" : "did not verify") + why + ", the test is " + t.result +
                 " (" + t.comment + ")";
    return agrees;
}

} // namespace

std::size_t WycheproofMlDsaFile::testCount() const noexcept {
    std::size_t n = 0;
    for (const WycheproofMlDsaGroup& g : groups)
        n += g.tests.size();
    return n;
}

WycheproofMlDsaFile readWycheproofMlDsa(const std::string& path) {
    std::string json;
    try {
        json = fileio::readFileBounded(path, kMaxVectorFileBytes, "Wycheproof file");
    } catch (const fileio::FileError& e) {
        throw KatError(e.what());
    }
    return parseWycheproofMlDsa(json, path);
}

WycheproofMlDsaFile parseWycheproofMlDsa(std::string_view json, const std::string& path) {
    QJsonParseError err{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(json.data(), static_cast<qsizetype>(json.size())), &err);
    if (err.error != QJsonParseError::NoError)
        throw KatError(path + ": not valid JSON (" + err.errorString().toStdString() + " at byte " +
                       std::to_string(err.offset) + ")");
    if (!doc.isObject()) throw KatError(path + ": not a JSON object");
    const QJsonObject root = doc.object();

    WycheproofMlDsaFile f;
    f.algorithm = text(root, "algorithm", path, -1);
    const auto set = crypto::mldsaParamSetFromName(f.algorithm);
    if (!set) fail(path, -1, "field 'algorithm' is '" + f.algorithm + "', not an ML-DSA parameter set");
    f.set = *set;
    const std::string schema = text(root, "schema", path, -1);
    if (schema == "mldsa_sign_noseed_schema.json")
        f.kind = WycheproofMlDsaKind::SignNoSeed;
    else if (schema == "mldsa_sign_seed_schema.json")
        f.kind = WycheproofMlDsaKind::SignSeed;
    else if (schema == "mldsa_verify_schema.json")
        f.kind = WycheproofMlDsaKind::Verify;
    else
        fail(path, -1, "field 'schema' is '" + schema + "', not an ML-DSA schema");
    f.numberOfTests = root.value(QLatin1String("numberOfTests")).toInt(-1);

    for (const QJsonValue& gv : root.value(QLatin1String("testGroups")).toArray()) {
        const QJsonObject go = gv.toObject();
        WycheproofMlDsaGroup g;
        const QJsonArray tests = go.value(QLatin1String("tests")).toArray();
        const int firstId =
            tests.isEmpty() ? -1 : tests.first().toObject().value(QLatin1String("tcId")).toInt(-1);
        if (f.kind == WycheproofMlDsaKind::SignNoSeed) g.privateKey = hex(go, "privateKey", path, firstId);
        if (f.kind == WycheproofMlDsaKind::SignSeed) g.privateSeed = hex(go, "privateSeed", path, firstId);
        g.publicKey = optHex(go, "publicKey", path, firstId);
        for (const QJsonValue& tv : tests) {
            const QJsonObject to = tv.toObject();
            const QJsonValue id = to.value(QLatin1String("tcId"));
            if (!id.isDouble()) fail(path, -1, "a test has no integer field 'tcId'");
            WycheproofMlDsaTest t;
            t.tcId = id.toInt();
            t.comment = to.value(QLatin1String("comment")).toString().toStdString();
            t.result = text(to, "result", path, t.tcId);
            if (t.result != "valid" && t.result != "invalid" && t.result != "acceptable")
                fail(path, t.tcId, "field 'result' is '" + t.result + "'");
            t.msg = optHex(to, "msg", path, t.tcId);
            t.ctx = optHex(to, "ctx", path, t.tcId).value_or(crypto::Bytes{});
            t.rnd = optHex(to, "rnd", path, t.tcId);
            t.mu = optHex(to, "mu", path, t.tcId);
            t.sig = hex(to, "sig", path, t.tcId);
            for (const QJsonValue& fl : to.value(QLatin1String("flags")).toArray())
                t.flags.push_back(fl.toString().toStdString());
            if (f.kind == WycheproofMlDsaKind::Verify && !t.msg) fail(path, t.tcId, "field 'msg' is missing");
            if (f.kind != WycheproofMlDsaKind::Verify && !t.msg && !t.mu)
                fail(path, t.tcId, "neither 'msg' nor 'mu' is given");
            g.tests.push_back(std::move(t));
        }
        f.groups.push_back(std::move(g));
    }
    if (f.testCount() == 0) fail(path, -1, "no tests found");
    return f;
}

WycheproofMlDsaRun runWycheproofMlDsa(const WycheproofMlDsaFile& file, crypto::MlDsaImpl impl) {
    WycheproofMlDsaRun run;
    for (const WycheproofMlDsaGroup& g : file.groups) {
        for (const WycheproofMlDsaTest& t : g.tests) {
            WycheproofMlDsaResult r;
            r.tcId = t.tcId;
            try {
                r.passed = file.kind == WycheproofMlDsaKind::Verify ? runVerify(file, g, t, impl, r.detail)
                                                                    : runSign(file, g, t, impl, r.detail);
            } catch (const std::exception& e) {
                r.passed = false;
                r.detail = std::string("threw: ") + e.what();
            }
            ++run.total;
            ++(r.passed ? run.passed : run.failed);
            run.tests.push_back(std::move(r));
        }
    }
    return run;
}

} // namespace rs::core
