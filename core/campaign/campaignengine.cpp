#include "core/campaign/campaignengine.h"
#include "core/campaign/hostconditions.h"
#include "core/campaign/interleave.h"
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
#include <optional>
#include <set>
#include <sstream>
#include <thread>

namespace rs::campaign {

namespace {

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
                throw SpecError("the run " + pointName(k) + " is not a run of campaign '" + spec.name + "'");
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

/** What both orders share: the lease check, the skipped runs, the batches of finished runs and their
 *  commits, the counts and the progress reports. */
class Recorder {
  public:
    Recorder(CampaignStore& store, std::int64_t id, const EngineOptions& options, EngineResult& result,
             const std::atomic<bool>& leaseLost, int total)
        : m_store(store), m_id(id), m_options(options), m_result(result), m_leaseLost(leaseLost),
          m_lastCommit(std::chrono::steady_clock::now()) {
        progress.total = total;
    }
    EngineProgress progress;

    /** CampaignRefused when another runner took the campaign over. */
    void checkLease() const {
        if (!m_leaseLost.load()) return;
        const auto held = m_store.lease(m_id);
        throw CampaignRefused(
            CampaignRefused::Reason::LeaseLost,
            "campaign " + std::to_string(m_id) + " was taken over" +
                (held ? " by pid " + std::to_string(held->owner.pid) + " on " + held->owner.host
                      : std::string()) +
                "; this program stopped running it");
    }
    void skip(const RunKey& key) {
        ++m_result.skipped;
        ++progress.skipped;
        ++progress.stored;
        ++progress.done;
        progress.current = key;
        progress.line = pointName(key) + ": already recorded (skipped)";
        report();
    }
    /** A run that ended (verified or failed): waits for its batch's commit. */
    void record(const RunKey& key, bool verified, std::string failure, RunOutput out,
                const std::string& prefix) {
        for (const auto& [k, v] : m_options.runParameters)
            out.parameters[k] = v;
        progress.current = key;
        progress.line = prefix + pointName(key) + ": " +
                        (verified ? summary(out.measurements) + " (verified)" : "FAILED: " + failure);
        m_pending.push_back({key, verified, std::move(failure), std::move(out.parameters),
                             std::move(out.measurements), utcNowIso(), std::move(out.samples)});
        const std::chrono::duration<double> waited = std::chrono::steady_clock::now() - m_lastCommit;
        if (static_cast<int>(m_pending.size()) >= std::max(1, m_options.batchRuns) ||
            waited.count() >= m_options.batchSeconds)
            commit();
        ++m_result.runs;
        ++progress.done;
        if (!verified) {
            ++m_result.failed;
            ++progress.failed;
        }
        report();
    }
    void report() const {
        if (m_options.progress) m_options.progress(progress);
    }
    /** Records what waits (finished or cancelled: what ran is recorded). */
    void commit() {
        if (m_pending.empty()) return;
        m_store.recordRuns(m_id, m_pending);
        progress.stored += static_cast<int>(m_pending.size());
        m_pending.clear();
        // Measured from the last commit, so a run that alone takes batchSeconds is committed when it ends.
        m_lastCommit = std::chrono::steady_clock::now();
    }

  private:
    CampaignStore& m_store;
    std::int64_t m_id;
    const EngineOptions& m_options;
    EngineResult& m_result;
    const std::atomic<bool>& m_leaseLost;
    std::vector<CampaignStore::PendingRun> m_pending;
    std::chrono::steady_clock::time_point m_lastCommit;
};

/** The verdict `judge` gives; an error it throws is the run's failure (Cancelled passes). */
template <class Judge> RunVerdict failureOr(Judge&& judge) {
    try {
        return judge();
    } catch (const Cancelled&) {
        throw;
    } catch (const std::exception& e) {
        RunVerdict v;
        v.failure = e.what();
        return v;
    }
}

/** One call of the runner, judged by the oracle against the model's output for these inputs. */
RunVerdict judged(Runner& runner, const RunKey& key, const RunInputs& inputs, const crypto::Bytes& expected,
                  int repeats, const CampaignSpec& spec, const std::atomic<bool>& cancel) {
    return failureOr([&] { return judgeRun(runner, key, inputs, expected, repeats, spec.options, cancel); });
}

/** The same, with the run's inputs and the model's output made first (an error there is its failure). */
RunVerdict judged(Runner& runner, const RunKey& key, int repeats, const CampaignSpec& spec,
                  const std::atomic<bool>& cancel) {
    return failureOr([&] {
        const RunInputs inputs = makeInputs(key);
        return judgeRun(runner, key, inputs, referenceOutput(key, inputs), repeats, spec.options, cancel);
    });
}

/** Run after run, each run's repeats timed together. */
void runInOrder(Recorder& rec, const std::vector<RunKey>& keys, const std::set<RunKey>& recorded,
                const CampaignSpec& spec, std::map<std::string, std::unique_ptr<Runner>>& runners,
                const std::atomic<bool>& cancel, EngineResult& result) {
    for (const RunKey& key : keys) {
        if (cancel.load()) {
            result.cancelled = true;
            return;
        }
        rec.checkLease();
        if (recorded.count(key) > 0) {
            rec.skip(key);
            continue;
        }
        RunVerdict v;
        try {
            v = judged(*runners.at(key.target), key, spec.repeats, spec, cancel);
        } catch (const Cancelled&) {
            result.cancelled = true;
            return; // the interrupted run is not recorded: a resume runs it
        }
        rec.record(key, v.verified, std::move(v.failure), std::move(v.output), {});
    }
}

/** Interleaved (interleave.h): `repeats` rounds, each timing every unfinished run once in the round's
 *  seeded order (drawn over all the runs, the recorded ones skipped); a run is recorded when its last
 *  round ends, or when a round fails it. A cancelled campaign records none of its unfinished runs (a
 *  resume runs them again, every round). */
void runInRounds(Recorder& rec, const std::vector<RunKey>& keys, const std::set<RunKey>& recorded,
                 const CampaignSpec& spec, std::map<std::string, std::unique_ptr<Runner>>& runners,
                 const std::atomic<bool>& cancel, EngineResult& result) {
    struct Point {
        std::vector<RunOutput> rounds;
        bool open = true;
        // The inputs and the model's output, kept between rounds while they are small (made again when not).
        std::optional<RunInputs> inputs;
        crypto::Bytes expected;
    };
    // The order is drawn over every run of the campaign (or shard), the recorded ones skipped: a resumed
    // campaign times what is left in the order the first attempt would have.
    std::vector<Point> points(keys.size());
    int open = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        rec.checkLease();
        points[i].open = recorded.count(keys[i]) == 0;
        if (points[i].open)
            ++open;
        else
            rec.skip(keys[i]);
    }
    constexpr std::uint64_t kKeptInputBytes = std::uint64_t(256) << 20;
    std::uint64_t kept = 0;
    const int rounds = spec.repeats;
    rec.progress.steps = open * rounds;
    // The runs whose last round ended are recorded after that round, in the definition's order (the
    // order the store lists them, and the comparisons and reports with it), and before a cancel returns.
    std::vector<std::size_t> finished;
    const auto recordFinished = [&] {
        std::sort(finished.begin(), finished.end());
        for (const std::size_t i : finished) {
            rec.record(keys[i], true, {}, poolRounds(points[i].rounds, keys[i].messageBytes),
                       "after " + std::to_string(rounds) + " rounds: ");
            points[i] = Point{};
        }
        finished.clear();
    };
    for (int round = 0; round < rounds; ++round) {
        const std::string prefix = "round " + std::to_string(round + 1) + "/" + std::to_string(rounds) + ": ";
        for (const std::size_t i : roundOrder(*spec.interleaveSeed, round, keys.size())) {
            Point& p = points[i];
            if (!p.open) continue;
            if (cancel.load()) {
                result.cancelled = true;
                recordFinished();
                return;
            }
            rec.checkLease();
            const RunKey& key = keys[i];
            Runner& runner = *runners.at(key.target);
            RunVerdict v;
            try {
                if (!p.inputs && kept + key.messageBytes + key.adBytes <= kKeptInputBytes) {
                    try {
                        p.inputs = makeInputs(key);
                        p.expected = referenceOutput(key, *p.inputs);
                        kept += key.messageBytes + key.adBytes;
                    } catch (const std::exception&) {
                        p.inputs.reset(); // judged() below reports the error as the run's failure
                    }
                }
                v = p.inputs ? judged(runner, key, *p.inputs, p.expected, 1, spec, cancel)
                             : judged(runner, key, 1, spec, cancel);
            } catch (const Cancelled&) {
                result.cancelled = true;
                recordFinished();
                return;
            }
            ++rec.progress.step;
            if (!v.verified) {
                p.open = false;
                rec.progress.steps -= rounds - round - 1; // its later rounds are not run
                rec.record(key, false, std::move(v.failure), std::move(v.output), prefix);
                continue;
            }
            p.rounds.push_back(std::move(v.output));
            rec.progress.current = key;
            const std::vector<double>& timed = p.rounds.back().samples;
            rec.progress.line = prefix + pointName(key) + ": " +
                                (timed.empty() ? std::string("measured") : formatValue(timed.back(), "ns"));
            rec.report();
            if (round + 1 == rounds) {
                p.open = false;
                finished.push_back(i);
            }
        }
    }
    recordFinished();
}

void runAll(CampaignStore& store, std::int64_t id, const std::vector<RunKey>& keys, const CampaignSpec& spec,
            std::map<std::string, std::unique_ptr<Runner>>& runners, const EngineOptions& options,
            EngineResult& result, const std::atomic<bool>& leaseLost) {
    // What is recorded already, read once and verified (every run against its checksum).
    std::set<RunKey> recorded;
    for (const RunRow& r : store.runs(id))
        recorded.insert(r.key);
    const std::atomic<bool> never{false};
    const std::atomic<bool>& cancel = options.cancel ? *options.cancel : never;
    Recorder rec(store, id, options, result, leaseLost, static_cast<int>(keys.size()));
    if (spec.interleaveSeed)
        runInRounds(rec, keys, recorded, spec, runners, cancel, result);
    else
        runInOrder(rec, keys, recorded, spec, runners, cancel, result);
    rec.commit(); // finished or cancelled: what ran is recorded
}

} // namespace

} // namespace rs::campaign
