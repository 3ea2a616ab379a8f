#include "hw/ip/asconiprunner.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <thread>

#include "hw/ip/asconip.h"
#include "hw/ip/axilite.h"
#include "hw/ip/blockip.h"
#include "hw/ip/mldsaiprunner.h"
#include "hw/ip/runnertext.h"

#ifndef RS_VERILATOR_VERSION
#define RS_VERILATOR_VERSION "unknown"
#endif

namespace rs::hw {

namespace {

using campaign::RunnerError;
using detail::formatNumber;
using detail::joinInts;

/** "ip.unroll": one of the settings Verilated into this build. */
int unrollOption(const std::map<std::string, std::string>& options) {
    const std::string text = campaign::optionOr(options, "ip.unroll", "1");
    const std::vector<int> built = AsconIpDevice::supportedUnrolls();
    int u = 0;
    std::size_t used = 0;
    try {
        u = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || std::find(built.begin(), built.end(), u) == built.end())
        throw RunnerError("ip.unroll: '" + text + "' is not a built setting (built: " + joinInts(built) +
                          ")");
    return u;
}

bool precomputedOption(const std::map<std::string, std::string>& options) {
    const std::string text = campaign::optionOr(options, "ip.precomputed", "0");
    if (text != "0" && text != "1")
        throw RunnerError("ip.precomputed: expected '0' or '1', got '" + text + "'");
    return text == "1";
}

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

class AsconIpRunner final : public campaign::Runner {
  public:
    std::string target() const override { return "ip"; }

    bool supports(std::string_view algorithm) const override {
        return ipVariantFromId(algorithm).has_value() || blockMode(algorithm).has_value() ||
               mldsaIpOp(algorithm).has_value();
    }

    /** "lea-128-ecb" -> ("lea-128", false); "skinny-128-256-ctr" -> (.., true): the block IP cores. */
    static std::optional<std::pair<std::string, bool>> blockMode(std::string_view algorithm) {
        for (const char* m : {"-ecb", "-ctr"}) {
            const std::string_view suffix(m);
            if (algorithm.size() > 4 && algorithm.substr(algorithm.size() - 4) == suffix) {
                const std::string base(algorithm.substr(0, algorithm.size() - 4));
                if (blockIpAlgorithm(base)) return std::make_pair(base, suffix == "-ctr");
            }
        }
        return std::nullopt;
    }

    campaign::RunOutput runBlock(const std::string& base, bool ctr, const campaign::RunKey& key,
                                 const campaign::RunInputs& inputs,
                                 const std::map<std::string, std::string>& options,
                                 const std::atomic<bool>& cancel, oracle::OutputJudge& judge) {
        const BlockIpAlgorithm alg = *blockIpAlgorithm(base);
        const std::string text = campaign::optionOr(options, "ip.unroll", "1");
        const auto built = BlockIp::supportedRpc(alg.core);
        int rpc = 0;
        try {
            rpc = std::stoi(text);
        } catch (const std::exception&) {
        }
        if (std::find(built.begin(), built.end(), rpc) == built.end())
            throw RunnerError("ip.unroll: '" + text + "' rounds per clock is not built for " + base +
                              " (built: " + joinInts(built) + ")");
        const double mhz = clockOption(options);
        if (!m_block) {
            m_block = std::make_unique<BlockIp>();
            m_blockOwner = std::this_thread::get_id();
        } else if (m_blockOwner != std::this_thread::get_id()) {
            throw RunnerError("ip: run from another thread than the one that built the Verilated model");
        }
        BlockIpResult r;
        m_block->setCancel(&cancel);
        try {
            r = ctr ? m_block->ctr(base, inputs.key, inputs.nonce, inputs.message, rpc)
                    : m_block->ecb(base, inputs.key, inputs.message, rpc);
            m_block->setCancel(nullptr);
        } catch (const IpCancelled&) {
            m_block->setCancel(nullptr);
            throw campaign::Cancelled();
        } catch (const std::exception& e) {
            m_block->setCancel(nullptr);
            throw RunnerError(std::string("ip: ") + e.what());
        }
        const double ns = static_cast<double>(r.busClocks) / mhz * 1000.0;
        judge.check(r.output); // simulated clocks are exact: one simulation is the run
        campaign::RunOutput out;
        const double bytes = static_cast<double>(std::max<std::uint64_t>(1, key.messageBytes));
        out.measurements = {{"cycles", static_cast<double>(r.busClocks), "cycles"},
                            {"core_cycles", static_cast<double>(r.coreCycles), "cycles"},
                            {"cycles_per_byte", static_cast<double>(r.coreCycles) / bytes, "cycles/byte"},
                            {"time_at_clock", ns, "ns"}};
        // The simulated time is exact at the chosen clock: min = median = max.
        for (auto& m : campaign::timingMeasurements({ns}, key.messageBytes))
            out.measurements.push_back(std::move(m));
        out.parameters = {{"ip.unroll", std::to_string(rpc)},
                          {"clock_mhz", formatNumber(mhz)},
                          {"core", base},
                          {"simulations", "1 (simulated clocks are exact)"}};
        return out;
    }

    campaign::RunOutput run(const campaign::RunKey& key, const campaign::RunInputs& inputs, int repeats,
                            const std::map<std::string, std::string>& options,
                            const std::atomic<bool>& cancel, oracle::OutputJudge& judge) override {
        if (const auto block = blockMode(key.algorithm))
            return runBlock(block->first, block->second, key, inputs, options, cancel, judge);
        if (mldsaIpOp(key.algorithm)) {
            const double mhz = clockOption(options);
            try {
                return runMlDsaOnIp(mldsa(), key, inputs, mhz, options, cancel, judge);
            } catch (const campaign::Cancelled&) {
                m_mldsa.reset(); // the abandoned operation may still be in the unit: new models next time
                throw;
            }
        }
        const auto variant = ipVariantFromId(key.algorithm);
        if (!variant)
            throw RunnerError(
                "ip: unsupported algorithm '" + key.algorithm +
                "' (the IP cores run ascon-128, ascon-128a, ascon-aead128, lea-128/192/256-ecb/ctr, "
                "skinny-128-256/384-ecb/ctr, mldsa-ntt/intt/pwm/pwa)");
        AsconIpOptions ipOptions;
        ipOptions.unroll = unrollOption(options);
        ipOptions.precomputed = precomputedOption(options);
        ipOptions.cancel = &cancel;
        const double mhz = clockOption(options);
        AsconIp& ip = model();

        campaign::RunOutput result;
        AsconIpRunInfo first;
        std::vector<double> wall;
        for (int r = 0; r < std::max(repeats, 1); ++r) {
            if (cancel.load()) throw campaign::Cancelled();
            const auto t0 = std::chrono::steady_clock::now();
            AsconIpEncryptResult e;
            try {
                e = ip.encrypt(*variant, inputs.key, inputs.nonce, inputs.ad, inputs.message, ipOptions);
            } catch (const IpCancelled&) {
                throw campaign::Cancelled();
            } catch (const std::exception& err) { // wrong thread, key/nonce length, bus fault, hung core
                throw RunnerError(std::string("ip: ") + err.what());
            }
            wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            e.ct.insert(e.ct.end(), e.tag.begin(), e.tag.end());
            judge.check(e.ct); // every repeat's output, not only the first
            if (r == 0) {
                first = e.run;
            } else if (e.run.cycles.total != first.cycles.total) {
                // The model is deterministic: a different count means the harness state leaked.
                throw RunnerError("ip: repeat " + std::to_string(r + 1) + " took " +
                                  std::to_string(e.run.cycles.total) + " cycles, the first " +
                                  std::to_string(first.cycles.total));
            }
        }
        std::sort(wall.begin(), wall.end());

        const AsconIpCycles& c = first.cycles;
        const double ns = static_cast<double>(c.total) / mhz * 1000.0;
        const double perByte =
            static_cast<double>(c.core()) / static_cast<double>(std::max<std::uint64_t>(1, key.messageBytes));
        result.measurements = {
            {"cycles", static_cast<double>(c.total), "cycles"},
            {"core_cycles", static_cast<double>(c.core()), "cycles"},
            {"axi_cycles", static_cast<double>(c.axi), "cycles"},
            {"cycles_per_byte", perByte, "cycles/byte"},
            {"time_at_clock", ns, "ns"},
        };
        // The simulated times are exact at the chosen clock, so min = median = max: stored under the common
        // names too, so speedup charts can set the IP against the CPU.
        for (auto& m : campaign::timingMeasurements({ns}, key.messageBytes))
            result.measurements.push_back(std::move(m));
        result.measurements.push_back({"sim_seconds", wall[wall.size() / 2], "s"});
        result.parameters = {{"ip.unroll", std::to_string(ipOptions.unroll)},
                             {"ip.precomputed", ipOptions.precomputed ? "1" : "0"},
                             {"clock_mhz", formatNumber(mhz)},
                             {"variant", std::string(crypto::asconAeadName(*variant))},
                             {"streamed", first.streamed ? "1" : "0"}};
        return result;
    }

    std::map<std::string, std::string> provenance() const override {
        return {{"verilator", RS_VERILATOR_VERSION},
                {"ip.unrolls_built", joinInts(AsconIpDevice::supportedUnrolls())},
                {"ip.butterflies_built", joinInts(MlDsaIp::supportedButterflies())}};
    }

  private:
    /** The AsconIp, built by the first run's thread: Verilator requires that thread to clock it. */
    AsconIp& model() {
        if (!m_ip) {
            m_ip = std::make_unique<AsconIp>();
            m_owner = std::this_thread::get_id();
        } else if (m_owner != std::this_thread::get_id()) {
            throw RunnerError("ip: run from another thread than the one that built the Verilated model "
                              "(a Verilated model must be clocked by the thread that built it)");
        }
        return *m_ip;
    }

    /** The ML-DSA unit; it checks itself that one thread clocks its models. */
    MlDsaIp& mldsa() {
        if (!m_mldsa) m_mldsa = std::make_unique<MlDsaIp>();
        return *m_mldsa;
    }

    std::unique_ptr<AsconIp> m_ip;
    std::unique_ptr<MlDsaIp> m_mldsa;
    std::thread::id m_owner;
    std::unique_ptr<BlockIp> m_block;
    std::thread::id m_blockOwner;
};

} // namespace

std::unique_ptr<campaign::Runner> makeIpRunner() {
    return std::make_unique<AsconIpRunner>();
}

void registerIpRunner() {
    campaign::registerRunner("ip", [] { return makeIpRunner(); });
}

} // namespace rs::hw
