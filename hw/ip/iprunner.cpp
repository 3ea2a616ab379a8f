#include "hw/ip/iprunner.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>
#include <thread>

#include "hw/ip/bus/axilite.h"
#include "hw/ip/ipcores.h"
#include "hw/ip/runnertext.h"

#ifndef RS_VERILATOR_VERSION
#define RS_VERILATOR_VERSION "unknown"
#endif

namespace rs::hw {

namespace {

using campaign::RunnerError;
using detail::formatNumber;

double clockOption(const std::map<std::string, std::string>& options) {
    const std::string text = campaign::optionOr(options, "ip.clock_mhz", "100");
    double mhz = 0;
    std::size_t used = 0;
    try {
        mhz = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || !(mhz > 0) || mhz > 1e6)
        throw RunnerError("ip.clock_mhz: expected a clock in MHz above 0, got '" + text + "'");
    return mhz;
}

/** The core's settings from the options "ip.<setting>" (each at its default when unset). */
IpSettings settingsOf(const IpCore& core, const std::string& operation,
                      const std::map<std::string, std::string>& options) {
    IpSettings out;
    for (const IpSetting& s : core.settings(operation)) {
        const std::string option = "ip." + s.name;
        const std::string text = campaign::optionOr(options, option, std::to_string(s.defaultValue));
        const auto v = parseSetting(s, text);
        if (!v) throw RunnerError(settingRefusal(s, option, text));
        out[s.name] = *v;
    }
    return out;
}

class IpRunner final : public campaign::Runner {
  public:
    std::string target() const override { return "ip"; }

    bool supports(std::string_view algorithm) const override { return ipCoreFor(algorithm) != nullptr; }

    campaign::RunOutput run(const campaign::RunKey& key, const campaign::RunInputs& inputs, int repeats,
                            const std::map<std::string, std::string>& options,
                            const std::atomic<bool>& cancel, oracle::OutputJudge& judge) override {
        const auto info = ipCoreFor(key.algorithm);
        if (!info)
            throw RunnerError("ip: unsupported algorithm '" + key.algorithm + "' (the IP cores run " +
                              oracle::joinIds(ipOperations()) + ")");
        const IpSettings settings = settingsOf(*info, key.algorithm, options);
        const double mhz = clockOption(options);
        if (inputs.message.size() != key.messageBytes)
            throw RunnerError("ip: message is " + std::to_string(inputs.message.size()) +
                              " bytes, run says " + std::to_string(key.messageBytes));
        IpCore& core = owned(info->id());
        const oracle::Operation op = oracle::operation(key.algorithm);
        const int simulations = core.simulatesEveryRepeat() ? std::max(repeats, 1) : 1;

        IpRunResult first;
        std::vector<double> wall;
        for (int r = 0; r < simulations; ++r) {
            if (cancel.load()) throw campaign::Cancelled();
            const auto t0 = std::chrono::steady_clock::now();
            IpRunResult result;
            try {
                result = core.run(op, inputs, settings, nullptr, &cancel);
            } catch (const IpCancelled&) {
                // The abandoned operation may still be in the core: new models next time.
                m_cores.drop(info->id());
                m_owners.erase(info->id());
                throw campaign::Cancelled();
            } catch (const std::exception& e) { // wrong thread, input sizes, bus fault, hung core
                throw RunnerError(std::string("ip: ") + e.what());
            }
            wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            if (!result.fault.empty()) throw RunnerError("ip: " + result.fault);
            judge.check(result.output); // every simulated repeat's output, not only the first
            if (r == 0) {
                first = std::move(result);
            } else if (result.busClocks != first.busClocks) {
                // The model is deterministic: a different count means the harness state leaked.
                throw RunnerError("ip: repeat " + std::to_string(r + 1) + " took " +
                                  std::to_string(result.busClocks) + " cycles, the first " +
                                  std::to_string(first.busClocks));
            }
        }

        campaign::RunOutput out;
        core.campaignFigures(first, key, mhz, out);
        // The simulated time is exact at the chosen clock, so min = median = max: stored under the common
        // names too, so speedup charts can set the IP against the CPU.
        const double ns = static_cast<double>(first.busClocks) / mhz * 1000.0;
        campaign::setTimings(out, {ns}, key.messageBytes); // one sample: the exact simulated time
        for (const auto& [name, value] : settings)
            out.parameters["ip." + name] = std::to_string(value);
        out.parameters["clock_mhz"] = formatNumber(mhz);
        if (core.simulatesEveryRepeat()) {
            std::sort(wall.begin(), wall.end());
            out.measurements.push_back({"sim_seconds", wall[wall.size() / 2], "s"});
        } else {
            out.parameters["simulations"] = "1 (simulated clocks are exact)";
        }
        return out;
    }

    std::map<std::string, std::string> provenance() const override {
        std::map<std::string, std::string> out = {{"verilator", RS_VERILATOR_VERSION}};
        for (const std::string& id : ipCoreIds())
            if (const auto core = ipCoreInfo(id); core)
                for (auto& [name, value] : core->provenance())
                    out[name] = value;
        return out;
    }

  private:
    /** The runner's instance of a core: Verilator requires the thread that built its models to clock them. */
    IpCore& owned(const std::string& id) {
        const auto it = m_owners.find(id);
        if (it == m_owners.end())
            m_owners[id] = std::this_thread::get_id();
        else if (it->second != std::this_thread::get_id())
            throw RunnerError("ip: run from another thread than the one that built the Verilated model "
                              "(a Verilated model must be clocked by the thread that built it)");
        return *m_cores.core(id);
    }

    IpCoreSet m_cores;
    std::map<std::string, std::thread::id> m_owners;
};

} // namespace

std::unique_ptr<campaign::Runner> makeIpRunner() {
    return std::make_unique<IpRunner>();
}

campaign::TargetDeclaration ipDeclaration() {
    campaign::TargetDeclaration d;
    d.id = "ip";
    d.name = "Verilated IP cores (Ascon, LEA/SKINNY, ML-DSA)";
    d.claims = [](std::string_view op) { return ipCoreFor(op) != nullptr; }; // the registry, no core built
    d.figures = campaign::Figures::Simulated; // clocks of the Verilated models at ip.clock_mhz
    return d;                                 // the models are linked in: no tool to probe, no Slurm needs
}

void registerIpRunner() {
    campaign::registerTarget(ipDeclaration(), [] { return makeIpRunner(); });
}

} // namespace rs::hw
