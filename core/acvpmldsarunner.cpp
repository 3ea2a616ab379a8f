#include "core/acvpmldsarunner.h"

#include "core/oracle/oracle.h"

#include <exception>

namespace rs::core {

namespace {

constexpr const char* kSource = "the ACVP expected results";

/** Judges one output field; appends "field: what differed" to `detail` when it differs. */
bool judge(const char* field, crypto::ByteView got, crypto::ByteView want, std::string& detail) {
    const oracle::Verdict v = oracle::verify(got, want, kSource);
    if (v.ok) return true;
    if (!detail.empty()) detail += "; ";
    detail += std::string(field) + ": " + v.message;
    return false;
}

bool runKeyGen(const AcvpMlDsaGroup& g, const AcvpMlDsaKeyGenCase& c, crypto::MlDsaImpl impl,
               std::string& detail) {
    const crypto::MlDsaKeyPair kp = crypto::mldsaKeyGen(g.parameterSet, c.seed, impl);
    const bool pkOk = judge("pk", kp.pk, c.pk, detail);
    const bool skOk = judge("sk", kp.sk, c.sk, detail);
    return pkOk && skOk;
}

crypto::MlDsaSignature sign(const AcvpMlDsaGroup& g, const AcvpMlDsaSigGenCase& c, crypto::MlDsaImpl impl) {
    const crypto::MlDsaParamSet set = g.parameterSet;
    if (g.signatureInterface == AcvpMlDsaInterface::Internal) {
        if (g.externalMu) return crypto::mldsaSignMu(set, c.sk, *c.mu, c.rnd, impl);
        return crypto::mldsaSignInternal(set, c.sk, *c.message, c.rnd, impl);
    }
    if (g.preHash) return crypto::mldsaHashSign(set, c.sk, *c.message, c.context, *c.hashAlg, c.rnd, impl);
    return crypto::mldsaSign(set, c.sk, *c.message, c.context, c.rnd, impl);
}

bool verifyCase(const AcvpMlDsaGroup& g, const AcvpMlDsaSigVerCase& c, crypto::MlDsaImpl impl) {
    const crypto::MlDsaParamSet set = g.parameterSet;
    if (g.signatureInterface == AcvpMlDsaInterface::Internal) {
        if (g.externalMu) return crypto::mldsaVerifyMu(set, c.pk, *c.mu, c.signature, impl);
        return crypto::mldsaVerifyInternal(set, c.pk, *c.message, c.signature, impl);
    }
    if (g.preHash)
        return crypto::mldsaHashVerify(set, c.pk, *c.message, c.context, *c.hashAlg, c.signature, impl);
    return crypto::mldsaVerify(set, c.pk, *c.message, c.context, c.signature, impl);
}

bool runSigVer(const AcvpMlDsaGroup& g, const AcvpMlDsaSigVerCase& c, crypto::MlDsaImpl impl,
               std::string& detail) {
    bool verified = false;
    std::string why;
    try {
        verified = verifyCase(g, c, impl);
    } catch (const std::exception& e) {
        why = std::string(" (it threw: ") + e.what() + ")";
    }
    const bool agrees = verified == c.testPassed;
    if (!agrees)
        detail = std::string(verified ? "verified" : "did not verify") + why + ", " + kSource +
                 " give testPassed " + (c.testPassed ? "true" : "false");
    return agrees;
}

} // namespace

AcvpMlDsaRun runMlDsaAcvp(const std::string& promptPath, const std::string& expectedPath,
                          crypto::MlDsaImpl impl, const AcvpMlDsaProgress& progress) {
    return runMlDsaAcvp(readAcvpMlDsa(promptPath, expectedPath), impl, progress);
}

AcvpMlDsaRun runMlDsaAcvp(const AcvpMlDsaVectorSet& set, crypto::MlDsaImpl impl,
                          const AcvpMlDsaProgress& progress) {
    AcvpMlDsaRun run;
    run.mode = set.mode;
    run.impl = impl;
    const int all = static_cast<int>(set.caseCount());
    run.cases.reserve(set.caseCount());

    // One case: run it, catch what it throws, record the verdict. Returns false when progress stops the run.
    auto record = [&](const AcvpMlDsaGroup& g, AcvpMlDsaGroupTotals& totals, int tcId, auto&& body) {
        AcvpMlDsaCaseResult r;
        r.tgId = g.tgId;
        r.tcId = tcId;
        try {
            r.passed = body(r.detail);
        } catch (const std::exception& e) {
            r.passed = false;
            r.detail = std::string("threw: ") + e.what();
        }
        ++run.total;
        ++totals.cases;
        if (r.passed) {
            ++run.passed;
            ++totals.passed;
        } else {
            ++run.failed;
        }
        run.cases.push_back(std::move(r));
        return !progress || progress(run.total, all);
    };

    for (const AcvpMlDsaGroup& g : set.groups) {
        run.groups.push_back({g.tgId, g.describe(set.mode), 0, 0});
        AcvpMlDsaGroupTotals& totals = run.groups.back();
        bool goOn = true;
        for (const AcvpMlDsaKeyGenCase& c : g.keyGen) {
            if (!goOn) break;
            goOn = record(g, totals, c.tcId, [&](std::string& d) { return runKeyGen(g, c, impl, d); });
        }
        for (const AcvpMlDsaSigGenCase& c : g.sigGen) {
            if (!goOn) break;
            goOn = record(g, totals, c.tcId, [&](std::string& d) {
                const crypto::MlDsaSignature s = sign(g, c, impl);
                return judge("signature", s.sig, c.signature, d);
            });
        }
        for (const AcvpMlDsaSigVerCase& c : g.sigVer) {
            if (!goOn) break;
            goOn = record(g, totals, c.tcId, [&](std::string& d) { return runSigVer(g, c, impl, d); });
        }
        if (!goOn) {
            run.cancelled = run.total < all;
            break;
        }
    }
    return run;
}

} // namespace rs::core
