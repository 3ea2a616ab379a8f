#include "hw/ip/mldsaiprunner.h"

#include <algorithm>
#include <stdexcept>

#include "core/oracle/operation.h"
#include "hw/ip/axilite.h"
#include "hw/ip/runnertext.h"

namespace rs::hw {

namespace {

using campaign::RunnerError;
using detail::formatNumber;
using detail::joinInts;

} // namespace

int mldsaButterfliesOption(const std::map<std::string, std::string>& options) {
    const std::string text = campaign::optionOr(options, kIpButterfliesOption, "2");
    const std::vector<int> built = MlDsaIp::supportedButterflies();
    int b = 0;
    std::size_t used = 0;
    try {
        b = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || std::find(built.begin(), built.end(), b) == built.end())
        throw RunnerError(std::string(kIpButterfliesOption) + ": '" + text +
                          "' is not a built setting of the ML-DSA unit (built: " + joinInts(built) + ")");
    return b;
}

campaign::RunOutput runMlDsaOnIp(MlDsaIp& ip, const campaign::RunKey& key, const campaign::RunInputs& inputs,
                                 double clockMhz, const std::map<std::string, std::string>& options,
                                 const std::atomic<bool>& cancel, oracle::OutputJudge& judge) {
    const auto op = mldsaIpOp(key.algorithm);
    const auto alg = oracle::findOperation(key.algorithm);
    if (!op || !alg || !alg->mldsa)
        throw RunnerError("ip: " + key.algorithm + " is not an ML-DSA ring operation");
    const int butterflies = mldsaButterfliesOption(options);
    if (inputs.message.size() != key.messageBytes)
        throw RunnerError("ip: message is " + std::to_string(inputs.message.size()) + " bytes, run says " +
                          std::to_string(key.messageBytes));
    oracle::MlDsaOperands in;
    try {
        in = oracle::mldsaOperands(*alg->mldsa, inputs);
    } catch (const oracle::OracleError& e) {
        throw RunnerError(std::string("ip: ") + e.what());
    }
    const std::size_t k = in.a.size();
    crypto::Bytes output;
    output.reserve(k * oracle::kMlDsaPolyBytes);
    std::uint64_t core = 0, bus = 0;
    ip.setCancel(&cancel);
    try {
        for (std::size_t i = 0; i < k; ++i) {
            if (cancel.load()) throw IpCancelled();
            const MlDsaIpResult r =
                ip.run(*op, in.a[i], alg->mldsa->twoOperands ? in.b[i] : in.a[i], butterflies);
            if (r.bankConflict)
                throw RunnerError("ip: " + key.algorithm + " polynomial " + std::to_string(i) +
                                  ": the unit flagged a bank conflict (STATUS.BANK_CONFLICT)");
            core += r.coreCycles;
            bus += r.busClocks;
            const crypto::Bytes bytes = crypto::mldsaPolyToBytes(r.output);
            output.insert(output.end(), bytes.begin(), bytes.end());
        }
        ip.setCancel(nullptr);
    } catch (const IpCancelled&) {
        ip.setCancel(nullptr);
        throw campaign::Cancelled();
    } catch (const RunnerError&) {
        ip.setCancel(nullptr);
        throw;
    } catch (const std::exception& e) { // wrong thread, bus fault, hung unit
        ip.setCancel(nullptr);
        throw RunnerError(std::string("ip: ") + e.what());
    }
    judge.check(output); // simulated clocks are exact: one simulation is the run

    const double polys = static_cast<double>(k);
    const double nsPerClock = 1000.0 / clockMhz;
    const double ns = static_cast<double>(bus) * nsPerClock;
    campaign::RunOutput out;
    out.measurements = {
        {"core_cycles", static_cast<double>(core), "cycles"},
        {"core_cycles_per_polynomial", static_cast<double>(core) / polys, "cycles"},
        {"cycles", static_cast<double>(bus), "cycles"},
        {"bus_cycles_per_polynomial", static_cast<double>(bus) / polys, "cycles"},
        {"time_at_clock", ns, "ns"},
        {"core_time_per_polynomial", static_cast<double>(core) / polys * nsPerClock, "ns"},
        {"time_per_polynomial", ns / polys, "ns"},
    };
    // The simulated time is exact at the chosen clock: min = median = max, under the common names so the
    // speedup charts set the unit against the CPU.
    for (auto& m : campaign::timingMeasurements({ns}, key.messageBytes))
        out.measurements.push_back(std::move(m));
    out.parameters = {{kIpButterfliesOption, std::to_string(butterflies)},
                      {"clock_mhz", formatNumber(clockMhz)},
                      {"polynomials", std::to_string(k)},
                      {"formula_cycles", std::to_string(mldsaIpCycles(*op, butterflies))},
                      {"core", "mldsa-unit-b" + std::to_string(butterflies)},
                      {"simulations", "1 (simulated clocks are exact)"}};
    return out;
}

} // namespace rs::hw
