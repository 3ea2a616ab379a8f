#include "core/campaign/cpumldsascheme.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <optional>

#include "core/campaign/cpumldsa.h"
#include "core/campaign/cpupool.h"
#include "core/campaign/cpurunner.h"
#include "core/crypto/mldsa.h"
#include "core/oracle/mldsascheme.h"

namespace rs::campaign {

namespace {

using crypto::Bytes;
using oracle::MlDsaSchemeKind;

const Bytes kNoContext;
const Bytes kZeroRnd(32, 0); // deterministic signing, as the oracle's cases

/** One thread's case of a repeat and what it computed. */
struct CaseWork {
    oracle::MlDsaSchemeCase c;
    Bytes sig, mutated;               ///< verify: the case's signature (signed untimed) and its mutation
    crypto::MlDsaKeyPair pair;        ///< keygen's result
    crypto::MlDsaSignature signature; ///< sign's result
    bool accepted = false;            ///< verify's answer for the genuine signature
    Bytes out;                        ///< what goes to the judge
};

class SchemeWork {
  public:
    SchemeWork(const oracle::MlDsaSchemeAlgorithm& alg, const RunInputs& in, std::size_t jobs,
               crypto::MlDsaImpl impl)
        : m_alg(alg), m_in(in), m_impl(impl), m_cases(jobs) {
        if (alg.kind != MlDsaSchemeKind::KeyGen)
            m_keys = crypto::mldsaKeyGen(alg.set, in.key, impl); // untimed
    }

    std::size_t jobs() const { return m_cases.size(); }

    /** Untimed: case base + j for every thread j (and, for verify, its signature and the mutation). */
    void prepare(std::size_t base) {
        for (std::size_t j = 0; j < m_cases.size(); ++j) {
            CaseWork& w = m_cases[j];
            w.c = oracle::mldsaSchemeCase(m_alg, m_in, base + j);
            w.out.clear();
            w.accepted = false;
            w.pair = {};
            w.signature = {};
            if (m_alg.kind == MlDsaSchemeKind::Verify) {
                w.sig =
                    crypto::mldsaSign(m_alg.set, m_keys.sk, w.c.message, kNoContext, kZeroRnd, m_impl).sig;
                w.mutated = oracle::mldsaMutatedSignature(w.sig, m_alg.set, base + j);
            }
        }
    }

    /** The timed operation of thread j. */
    void job(std::size_t j) {
        CaseWork& w = m_cases[j];
        switch (m_alg.kind) {
        case MlDsaSchemeKind::KeyGen:
            w.pair = crypto::mldsaKeyGen(m_alg.set, w.c.seed, m_impl);
            break;
        case MlDsaSchemeKind::Sign:
            w.signature = crypto::mldsaSign(m_alg.set, m_keys.sk, w.c.message, kNoContext, kZeroRnd, m_impl);
            break;
        case MlDsaSchemeKind::Verify:
            w.accepted = crypto::mldsaVerify(m_alg.set, m_keys.pk, w.c.message, kNoContext, w.sig, m_impl);
            break;
        }
    }

    /** Untimed, after the repeat: each thread's output (verify: the mutated signature's answer too). */
    void finish() {
        for (CaseWork& w : m_cases) {
            switch (m_alg.kind) {
            case MlDsaSchemeKind::KeyGen:
                w.out = w.pair.pk;
                w.out.insert(w.out.end(), w.pair.sk.begin(), w.pair.sk.end());
                break;
            case MlDsaSchemeKind::Sign:
                w.out = w.signature.sig;
                break;
            case MlDsaSchemeKind::Verify: {
                const bool mutatedAccepted =
                    crypto::mldsaVerify(m_alg.set, m_keys.pk, w.c.message, kNoContext, w.mutated, m_impl);
                w.out = {static_cast<std::uint8_t>(w.accepted ? 1 : 0),
                         static_cast<std::uint8_t>(mutatedAccepted ? 1 : 0)};
                break;
            }
            }
        }
    }

    const CaseWork& at(std::size_t j) const { return m_cases[j]; }

  private:
    const oracle::MlDsaSchemeAlgorithm& m_alg;
    const RunInputs& m_in;
    crypto::MlDsaImpl m_impl;
    crypto::MlDsaKeyPair m_keys; ///< sign, verify: the run's key pair
    std::vector<CaseWork> m_cases;
};

void addRange(RunOutput& out, const std::string& stem, std::vector<double> values, const std::string& unit) {
    if (values.empty()) return;
    const double mean =
        std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
    std::sort(values.begin(), values.end());
    const std::size_t m = values.size();
    const double median = m % 2 ? values[m / 2] : (values[m / 2 - 1] + values[m / 2]) / 2;
    out.measurements.push_back({stem + "_min", values.front(), unit});
    out.measurements.push_back({stem + "_median", median, unit});
    out.measurements.push_back({stem + "_max", values.back(), unit});
    out.measurements.push_back({stem + "_mean", mean, unit});
}

} // namespace

RunOutput runMlDsaSchemeOnCpu(const oracle::Operation& op, const RunKey& key, const RunInputs& inputs,
                              int repeats, std::size_t threads, bool multiThread,
                              const std::map<std::string, std::string>& options,
                              const std::atomic<bool>& cancel, oracle::OutputJudge& judge) {
    const std::string target = multiThread ? "cpu-mt" : "cpu";
    if (!op.mldsaScheme)
        throw RunnerError(target + ": " + key.algorithm + " is not an ML-DSA scheme operation");
    const oracle::MlDsaSchemeAlgorithm& alg = *op.mldsaScheme;
    const std::string impl = cpuImpl(options);
    if (!judge.judgesCases())
        throw RunnerError(
            target + ": " + key.algorithm +
            " is judged output by output, each its own case (campaign::judgeRun sets the judge)");
    if (inputs.message.size() != key.messageBytes)
        throw RunnerError(target + ": message is " + std::to_string(inputs.message.size()) +
                          " bytes, run says " + std::to_string(key.messageBytes));
    const std::size_t jobs = std::max<std::size_t>(1, threads);
    const crypto::MlDsaImpl mldsaImpl =
        impl == "fast" ? crypto::MlDsaImpl::Fast : crypto::MlDsaImpl::Reference;

    std::vector<double> ns, attempts;
    ns.reserve(static_cast<std::size_t>(std::max(repeats, 1)));
    try {
        SchemeWork work(alg, inputs, jobs, mldsaImpl);
        if (jobs > 1) judge.expectCaseMessages(jobs);
        std::optional<CpuPool> pool;
        if (jobs > 1) pool.emplace(jobs, [&work](std::size_t j) { work.job(j); });
        using Clock = std::chrono::steady_clock;
        // One untimed warm-up first, judged like every repeat (its cases are the run's first).
        for (int r = -kCpuWarmups; r < std::max(repeats, 1); ++r) {
            if (cancel.load()) throw Cancelled();
            work.prepare(judge.cases());
            const auto t0 = Clock::now();
            if (pool)
                pool->round();
            else
                work.job(0);
            const auto t1 = Clock::now();
            work.finish();
            if (r >= 0) {
                ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
                if (alg.kind == MlDsaSchemeKind::Sign)
                    for (std::size_t j = 0; j < jobs; ++j)
                        attempts.push_back(work.at(j).signature.attempts);
            }
            if (jobs == 1)
                judge.check(work.at(0).out);
            else
                for (std::size_t j = 0; j < jobs; ++j)
                    judge.checkMessage(j, work.at(j).out);
        }
    } catch (const crypto::InvalidArgument& e) {
        throw RunnerError(target + ": " + key.algorithm + ": " + e.what());
    } catch (const oracle::OracleError& e) {
        throw RunnerError(target + ": " + e.what());
    }

    RunOutput result;
    result.samples = ns;
    std::vector<Measurement> times = timingMeasurements(ns, key.messageBytes);
    for (Measurement& m : times)
        if (m.metric != "throughput") result.measurements.push_back(m); // a signature costs per operation
    if (const Measurement* median = findMeasurement(result.measurements, "time_median")) {
        const double perOp = median->value / static_cast<double>(jobs);
        result.measurements.push_back({"time_per_operation", perOp, "ns"});
        result.measurements.push_back({"operations_per_second", perOp > 0 ? 1e9 / perOp : 0.0, "ops/s"});
    }
    addRange(result, "attempts", std::move(attempts), "attempts");
    result.parameters["threads"] = std::to_string(jobs);
    result.parameters["operations"] = std::to_string(jobs);
    result.parameters["warmups"] = std::to_string(kCpuWarmups);
    result.parameters[kCpuImplOption] = impl;
    result.parameters["mldsa.parameter_set"] = crypto::mldsaParams(alg.set).name;
    if (multiThread) result.parameters["cpu-mt.threads"] = std::to_string(jobs);
    return result;
}

} // namespace rs::campaign
