#include "core/campaign/campaignengine.h"
#include "core/campaign/hostconditions.h"
#include "core/campaign/units.h"
#include "core/campaign/utcclock.h"

#include <sqlite3.h>

#include <QFile>
#include <QString>
#include <QSysInfo>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

namespace rs::campaign {

namespace {

std::string describe(const RunKey& k) {
    return k.target + " " + k.algorithm + " AD " + std::to_string(k.adBytes) + " B msg " +
           std::to_string(k.messageBytes) + " B";
}

std::string summary(const std::vector<Measurement>& ms) {
    for (const char* metric : {"time_median", "cycles"})
        for (const Measurement& m : ms)
            if (m.metric == metric) // in the units the runs table shows ("1.434 ms", "12,345 cycles")
                return formatValue(m.value, m.unit) + (m.metric == "time_median" ? " median" : "");
    return "measured";
}

} // namespace

Provenance hostProvenance() {
    Provenance p;
    p["host"] = QSysInfo::machineHostName().toStdString();
    p["os"] = QSysInfo::prettyProductName().toStdString();
    p["cpu_arch"] = QSysInfo::currentCpuArchitecture().toStdString();
    std::ifstream cpu("/proc/cpuinfo");
    for (std::string line; std::getline(cpu, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos || colon + 2 > line.size()) continue;
        if (line.rfind("model name", 0) == 0 && !p.count("cpu")) p["cpu"] = line.substr(colon + 2);
        if (line.rfind("microcode", 0) == 0 && !p.count("cpu_microcode"))
            p["cpu_microcode"] = line.substr(colon + 2);
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
#ifdef RS_GIT_DIRTY
    p["git_dirty"] = RS_GIT_DIRTY;
#endif
    for (const auto& [k, v] : machineConditions())
        p[k] = v;
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
            EngineResult& result, const std::atomic<bool>& leaseLost);

/** Gives the campaign's lease up when the engine returns or throws. */
struct LeaseGuard {
    CampaignStore& store;
    std::int64_t id;
    LeaseOwner owner;
    ~LeaseGuard() { store.releaseLease(id, owner); }
};

/** Refreshes the lease from its own connection while one run takes long (a run's commit refreshes it
 *  too). Sets `lost` when another runner took the campaign over. */
class LeaseHeartbeat {
  public:
    LeaseHeartbeat(const CampaignStore& store, std::int64_t id, LeaseOwner owner, int leaseSeconds)
        : m_path(store.path()), m_options(store.options()), m_id(id), m_owner(std::move(owner)),
          m_interval(std::max(1, leaseSeconds / 4)), m_thread([this] { loop(); }) {}
    ~LeaseHeartbeat() {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    const std::atomic<bool>& lost() const { return m_lost; }

  private:
    void loop() {
        std::unique_ptr<CampaignStore> store; // opened at the first beat: most campaigns never need one
        std::unique_lock<std::mutex> lock(m_mutex);
        while (!m_wake.wait_for(lock, std::chrono::seconds(m_interval), [this] { return m_stop; })) {
            try {
                if (!store) store = std::make_unique<CampaignStore>(m_path, m_options);
                store->refreshLease(m_id, m_owner);
            } catch (const CampaignRefused&) {
                m_lost = true;
                return;
            } catch (const std::exception&) {
                // The store failed: the engine's next commit reports it.
            }
        }
    }
    std::string m_path;
    StoreOptions m_options;
    std::int64_t m_id;
    LeaseOwner m_owner;
    int m_interval;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::atomic<bool> m_lost{false};
    std::thread m_thread; // last: starts when everything above is ready
};

} // namespace

EngineResult runCampaign(CampaignStore& store, const CampaignSpec& spec, const EngineOptions& options) {
    const auto factory =
        options.runnerFactory ? options.runnerFactory : [](const std::string& t) { return makeRunner(t); };
    // Every target needs a runner, and the definition must expand, before anything is stored.
    std::vector<RunKey> keys = expandRuns(spec);
    CampaignSpec runnable = spec; // the targets this process runs (a shard's only)
    if (!options.only.empty()) {
        const std::set<RunKey> all(keys.begin(), keys.end());
        std::set<std::string> targets;
        for (const RunKey& k : options.only) {
            if (all.count(k) == 0)
                throw SpecError("the run " + describe(k) + " is not a run of campaign '" + spec.name + "'");
            targets.insert(k.target);
        }
        keys = options.only;
        std::erase_if(runnable.targets, [&](const std::string& t) { return targets.count(t) == 0; });
    }
    std::map<std::string, std::unique_ptr<Runner>> runners;
    for (const std::string& t : runnable.targets) {
        auto r = factory(t);
        if (!r) {
            std::string known;
            for (const auto& k : runnerTargets())
                known += (known.empty() ? "" : ", ") + k;
            throw SpecError("target '" + t + "' has no runner in this build (available: " + known + ")");
        }
        runners[t] = std::move(r);
    }
    // Every target runs every algorithm of the definition: a pair its runner cannot do is refused here,
    // before anything is stored, never counted as a run and recorded as a failure.
    checkSupported(runnable, runners);
    Provenance prov = hostProvenance();
    for (const auto& [k, v] : options.provenance)
        prov[k] = v;
    for (const auto& [t, r] : runners)
        for (const auto& [k, v] : r->provenance())
            prov[t + "." + k] = v;
    const LeaseOwner me = LeaseOwner::self();
    const Claim claim = store.claimCampaign(spec, options.start, prov, me, options.leaseSeconds);
    EngineResult result;
    result.campaignId = claim.id;
    if (claim.outcome == Claim::Outcome::AlreadyFinished) {
        result.alreadyFinished = true;
        return result;
    }
    const LeaseGuard guard{store, claim.id, me};
    const LeaseHeartbeat heartbeat(store, claim.id, me, options.leaseSeconds);
    try {
        runAll(store, claim.id, keys, spec, runners, options, result, heartbeat.lost());
    } catch (const CampaignRefused&) {
        throw; // another runner took the campaign over: its status is that runner's now
    } catch (...) {
        // A store (or other) error stops the campaign: mark it resumable when the store still answers,
        // so a later --resume continues it, and report the error.
        try {
            store.setStatus(claim.id, "cancelled");
        } catch (...) {
        }
        throw;
    }
    store.setStatus(claim.id, result.cancelled ? "cancelled" : "finished");
    return result;
}

namespace {

void runAll(CampaignStore& store, std::int64_t id, const std::vector<RunKey>& keys, const CampaignSpec& spec,
            std::map<std::string, std::unique_ptr<Runner>>& runners, const EngineOptions& options,
            EngineResult& result, const std::atomic<bool>& leaseLost) {
    // What is recorded already, read once and verified (every run against its checksum).
    std::set<RunKey> recorded;
    for (const RunRow& r : store.runs(id))
        recorded.insert(r.key);
    EngineProgress progress;
    progress.total = static_cast<int>(keys.size());
    const std::atomic<bool> never{false};
    const std::atomic<bool>& cancel = options.cancel ? *options.cancel : never;
    // Finished runs wait here and are committed in one transaction (one fsync) per batch.
    std::vector<CampaignStore::PendingRun> pending;
    // Measured from the last commit (or the start), so a run that alone takes batchSeconds is committed
    // as soon as it ends.
    auto lastCommit = std::chrono::steady_clock::now();
    const auto commit = [&] {
        if (pending.empty()) return;
        store.recordRuns(id, pending);
        progress.stored += static_cast<int>(pending.size());
        pending.clear();
        lastCommit = std::chrono::steady_clock::now();
    };
    for (const RunKey& key : keys) {
        if (cancel.load()) {
            result.cancelled = true;
            break;
        }
        if (leaseLost.load()) {
            const auto held = store.lease(id);
            throw CampaignRefused(
                CampaignRefused::Reason::LeaseLost,
                "campaign " + std::to_string(id) + " was taken over" +
                    (held ? " by pid " + std::to_string(held->owner.pid) + " on " + held->owner.host
                          : std::string()) +
                    "; this program stopped running it");
        }
        progress.current = key;
        if (recorded.count(key) > 0) {
            ++result.skipped;
            ++progress.skipped;
            ++progress.stored;
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
            const RunInputs inputs = makeInputs(key);
            RunVerdict v = judgeRun(runner, key, inputs, referenceOutput(key, inputs), spec.repeats,
                                    spec.options, cancel);
            verified = v.verified;
            failure = std::move(v.failure);
            out = std::move(v.output);
        } catch (const Cancelled&) {
            result.cancelled = true;
            break; // the interrupted run is not recorded: a resume runs it
        } catch (const std::exception& e) {
            failure = e.what();
        }
        for (const auto& [k, v] : options.runParameters)
            out.parameters[k] = v;
        progress.line = describe(key) + ": " +
                        (verified ? summary(out.measurements) + " (verified)" : "FAILED: " + failure);
        pending.push_back({key, verified, std::move(failure), std::move(out.parameters),
                           std::move(out.measurements), utcNowIso(), std::move(out.samples)});
        const std::chrono::duration<double> waited = std::chrono::steady_clock::now() - lastCommit;
        if (static_cast<int>(pending.size()) >= std::max(1, options.batchRuns) ||
            waited.count() >= options.batchSeconds)
            commit();
        ++result.runs;
        ++progress.done;
        if (!verified) {
            ++result.failed;
            ++progress.failed;
        }
        if (options.progress) options.progress(progress);
    }
    commit(); // finished or cancelled: what ran is recorded
}

} // namespace

} // namespace rs::campaign
