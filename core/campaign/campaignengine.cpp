#include "campaignengine.h"

#include <sqlite3.h>

#include <QFile>
#include <QString>
#include <QSysInfo>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace rs::campaign {

namespace {

std::string describe(const RunKey& k) {
    return k.target + " " + k.algorithm + " AD " + std::to_string(k.adBytes) + " B msg " +
           std::to_string(k.messageBytes) + " B";
}

std::string summary(const std::vector<Measurement>& ms) {
    for (const char* metric : {"time_median", "cycles"})
        for (const Measurement& m : ms)
            if (m.metric == metric) {
                std::ostringstream s;
                s << m.value << " " << m.unit << (m.metric == "time_median" ? " median" : "");
                return s.str();
            }
    return "measured";
}

} // namespace

Provenance hostProvenance() {
    Provenance p;
    p["host"] = QSysInfo::machineHostName().toStdString();
    p["os"] = QSysInfo::prettyProductName().toStdString();
    p["cpu_arch"] = QSysInfo::currentCpuArchitecture().toStdString();
    std::ifstream cpu("/proc/cpuinfo");
    for (std::string line; std::getline(cpu, line);)
        if (line.rfind("model name", 0) == 0) {
            p["cpu"] = line.substr(line.find(':') + 2);
            break;
        }
#if defined(__clang__)
    p["compiler"] = std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
    p["compiler"] = std::string("g++ ") + __VERSION__;
#else
    p["compiler"] = "unknown";
#endif
#ifdef RS_BUILD_FLAGS
    p["build_flags"] = RS_BUILD_FLAGS;
#endif
#ifdef RS_GIT_REVISION
    p["git_revision"] = RS_GIT_REVISION;
#endif
#ifdef RS_VERSION
    p["roundscope"] = RS_VERSION;
#endif
    p["qt"] = qVersion();
    p["sqlite"] = sqlite3_libversion();
    return p;
}

namespace {
void runAll(CampaignStore& store, std::int64_t id, const std::vector<RunKey>& keys, const CampaignSpec& spec,
            std::map<std::string, std::unique_ptr<Runner>>& runners, const EngineOptions& options,
            EngineResult& result);
} // namespace

EngineResult runCampaign(CampaignStore& store, const CampaignSpec& spec, const EngineOptions& options) {
    const auto factory =
        options.runnerFactory ? options.runnerFactory : [](const std::string& t) { return makeRunner(t); };
    // Every target needs a runner before anything is stored.
    std::map<std::string, std::unique_ptr<Runner>> runners;
    for (const std::string& t : spec.targets) {
        auto r = factory(t);
        if (!r) {
            std::string known;
            for (const auto& k : runnerTargets())
                known += (known.empty() ? "" : ", ") + k;
            throw SpecError("target '" + t + "' has no runner in this build (available: " + known + ")");
        }
        runners[t] = std::move(r);
    }
    EngineResult result;
    std::optional<std::int64_t> id;
    if (options.resume) id = store.findResumable(spec);
    if (!id) {
        Provenance prov = hostProvenance();
        for (const auto& [t, r] : runners)
            for (const auto& [k, v] : r->provenance())
                prov[t + "." + k] = v;
        id = store.createCampaign(spec, prov);
    } else {
        store.setStatus(*id, "running");
    }
    result.campaignId = *id;
    const std::vector<RunKey> keys = expandRuns(spec);
    try {
        runAll(store, *id, keys, spec, runners, options, result);
    } catch (...) {
        // A store (or other) error stops the campaign: mark it resumable when the store still answers,
        // so a later --resume continues it, and report the error.
        try {
            store.setStatus(*id, "cancelled");
        } catch (...) {
        }
        throw;
    }
    store.setStatus(*id, result.cancelled ? "cancelled" : "finished");
    return result;
}

namespace {

void runAll(CampaignStore& store, std::int64_t id, const std::vector<RunKey>& keys, const CampaignSpec& spec,
            std::map<std::string, std::unique_ptr<Runner>>& runners, const EngineOptions& options,
            EngineResult& result) {
    EngineProgress progress;
    progress.total = static_cast<int>(keys.size());
    const std::atomic<bool> never{false};
    const std::atomic<bool>& cancel = options.cancel ? *options.cancel : never;
    for (const RunKey& key : keys) {
        if (cancel.load()) {
            result.cancelled = true;
            break;
        }
        progress.current = key;
        if (store.hasRun(id, key)) {
            ++result.skipped;
            ++progress.skipped;
            ++progress.done;
            progress.line = describe(key) + ": already recorded (skipped)";
            if (options.progress) options.progress(progress);
            continue;
        }
        Runner& runner = *runners.at(key.target);
        bool verified = false;
        std::string failure;
        RunOutput out;
        try {
            if (!runner.supports(key.algorithm))
                throw RunnerError("target " + key.target + " does not run " + key.algorithm);
            const RunInputs inputs = makeInputs(key);
            // The one oracle judges every output the runner produces, not only the first.
            oracle::OutputJudge judge(referenceOutput(key, inputs));
            out = runner.run(key, inputs, spec.repeats, spec.options, cancel, judge);
            if (judge.count() == 0)
                failure = "the " + key.target + " runner produced no output to check";
            else if (const auto wrong = judge.failure())
                failure = "wrong answer in " + *wrong;
            verified = failure.empty();
        } catch (const Cancelled&) {
            result.cancelled = true;
            break; // the interrupted run is not recorded: a resume runs it
        } catch (const std::exception& e) {
            failure = e.what();
        }
        store.recordRun(id, key, verified, failure, out.parameters, out.measurements);
        ++result.runs;
        ++progress.done;
        if (!verified) {
            ++result.failed;
            ++progress.failed;
        }
        progress.line = describe(key) + ": " +
                        (verified ? summary(out.measurements) + " (verified)" : "FAILED: " + failure);
        if (options.progress) options.progress(progress);
    }
}

} // namespace

} // namespace rs::campaign
