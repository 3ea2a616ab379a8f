#include "core/campaign/cpumldsa.h"

#include <algorithm>
#include <chrono>

#include "core/campaign/cpurunner.h"
#include "core/crypto/mldsanttfast.h"

namespace rs::campaign {

namespace {

using crypto::MlDsaFastImpl;
using crypto::MlDsaPoly;
using oracle::MlDsaKind;

/** The k results of one repeat, computed into `out` (the timed work). */
void computeFast(MlDsaKind kind, const oracle::MlDsaOperands& in, std::vector<MlDsaPoly>& out,
                 MlDsaFastImpl impl) {
    for (std::size_t i = 0; i < in.a.size(); ++i) {
        MlDsaPoly& w = out[i];
        w = in.a[i];
        switch (kind) {
        case MlDsaKind::Ntt:
            crypto::mldsaNttFastInPlace(w, impl);
            break;
        case MlDsaKind::InverseNtt:
            crypto::mldsaInverseNttFastInPlace(w, impl);
            break;
        case MlDsaKind::MultiplyNtt:
            crypto::mldsaMultiplyNttFastInPlace(w, in.b[i], impl);
            break;
        case MlDsaKind::AddNtt:
            crypto::mldsaAddNttFastInPlace(w, in.b[i], impl);
            break;
        }
    }
}

void computeReference(const oracle::MlDsaAlgorithm& alg, const oracle::MlDsaOperands& in,
                      std::vector<MlDsaPoly>& out) {
    for (std::size_t i = 0; i < in.a.size(); ++i)
        out[i] = oracle::mldsaReference(alg, in.a[i], alg.twoOperands ? in.b[i] : in.a[i]);
}

void encode(const std::vector<MlDsaPoly>& polys, crypto::Bytes& out) {
    out.resize(polys.size() * oracle::kMlDsaPolyBytes);
    std::size_t at = 0;
    for (const MlDsaPoly& p : polys)
        for (const std::int32_t c : p) {
            const auto u = static_cast<std::uint32_t>(c);
            out[at++] = static_cast<std::uint8_t>(u >> 24);
            out[at++] = static_cast<std::uint8_t>(u >> 16);
            out[at++] = static_cast<std::uint8_t>(u >> 8);
            out[at++] = static_cast<std::uint8_t>(u);
        }
}

} // namespace

std::string cpuImpl(const std::map<std::string, std::string>& options) {
    const std::string impl = optionOr(options, kCpuImplOption, "fast");
    if (impl != "fast" && impl != "reference")
        throw RunnerError(std::string(kCpuImplOption) + ": expected fast or reference, got '" + impl + "'");
    return impl;
}

RunOutput runMlDsaOnCpu(const oracle::Operation& op, const RunKey& key, const RunInputs& inputs, int repeats,
                        const std::map<std::string, std::string>& options, const std::atomic<bool>& cancel,
                        oracle::OutputJudge& judge) {
    const std::string impl = cpuImpl(options);
    if (!op.mldsa) throw RunnerError("cpu: " + key.algorithm + " is not an ML-DSA ring operation");
    if (inputs.message.size() != key.messageBytes)
        throw RunnerError("cpu: message is " + std::to_string(inputs.message.size()) + " bytes, run says " +
                          std::to_string(key.messageBytes));
    oracle::MlDsaOperands in;
    try {
        in = oracle::mldsaOperands(*op.mldsa, inputs);
    } catch (const oracle::OracleError& e) {
        throw RunnerError(std::string("cpu: ") + e.what());
    }
    const bool fast = impl == "fast";
    const MlDsaFastImpl isa = crypto::mldsaFastImplInUse();
    std::vector<MlDsaPoly> out(in.a.size());
    crypto::Bytes bytes;

    using Clock = std::chrono::steady_clock;
    std::vector<double> ns;
    ns.reserve(static_cast<std::size_t>(std::max(repeats, 1)));
    // One untimed warm-up first, judged like every repeat (as the CPU runner's other paths).
    for (int r = -kCpuWarmups; r < std::max(repeats, 1); ++r) {
        if (cancel.load()) throw Cancelled();
        std::fill(out.begin(), out.end(), MlDsaPoly{}); // a repeat's output is only what it computed
        const auto t0 = Clock::now();
        if (fast)
            computeFast(op.mldsa->kind, in, out, isa);
        else
            computeReference(*op.mldsa, in, out);
        const auto t1 = Clock::now();
        if (r >= 0) ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
        encode(out, bytes); // outside the timed region
        judge.check(bytes);
    }

    RunOutput result;
    setTimings(result, ns, key.messageBytes);
    // the value first, then append: pushing would invalidate a pointer into the measurements
    if (const Measurement* median = findMeasurement(result.measurements, "time_median")) {
        const double perPoly = median->value / static_cast<double>(in.a.size());
        result.measurements.push_back({"time_per_polynomial", perPoly, "ns"});
    }
    result.parameters["threads"] = "1";
    result.parameters["warmups"] = std::to_string(kCpuWarmups);
    result.parameters[kCpuImplOption] = impl;
    result.parameters["cpu.isa"] = fast ? crypto::mldsaFastImplName(isa) : "scalar";
    result.parameters["polynomials"] = std::to_string(in.a.size());
    return result;
}

std::map<std::string, std::string> cpuMlDsaProvenance() {
    return {{"mldsa.fast_isa", crypto::mldsaFastImplName(crypto::mldsaFastImplInUse())},
            {"mldsa.cpu_avx2", crypto::mldsaFastImplAvailable(MlDsaFastImpl::Avx2) ? "yes" : "no"}};
}

} // namespace rs::campaign
