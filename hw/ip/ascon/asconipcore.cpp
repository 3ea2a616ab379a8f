#include "hw/ip/ascon/asconipcore.h"

#include <algorithm>

#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/asconipcycles.h"
#include "hw/ip/runnertext.h"

namespace rs::hw {

namespace {

class AsconIpCore final : public IpCore {
  public:
    std::string id() const override { return "ascon"; }
    std::string displayName() const override { return "Ascon (AEAD)"; }

    std::vector<std::string> operations() const override {
        std::vector<std::string> ops;
        for (const crypto::AsconAeadVariant v : ipVariants())
            ops.push_back(ipVariantId(v));
        return ops;
    }

    std::vector<IpSetting> settings(std::string_view operation) const override {
        if (!claims(operation)) return {};
        return {{"unroll", "rounds per clock", AsconIpDevice::supportedUnrolls(), 1, false, ""},
                {"precomputed", "initialisation precomputed on the host", {0, 1}, 0, true, ""}};
    }

    bool simulatesEveryRepeat() const override { return true; }

    IpRunResult run(const oracle::Operation& op, const oracle::Inputs& in, const IpSettings& settings,
                    const IpCapture* capture, const std::atomic<bool>* cancel) override {
        const auto variant = ipVariantFromId(op.id);
        if (!variant) throw crypto::InvalidArgument("the Ascon IP does not run " + op.id);
        AsconIpOptions opt;
        opt.unroll = settings.at("unroll");
        opt.precomputed = settings.at("precomputed") != 0;
        opt.cancel = cancel;
        if (capture != nullptr) {
            opt.capture = capture->store;
            opt.captureGroups = capture->groups;
            opt.vcdPath = capture->vcdPath;
            opt.fstPath = capture->fstPath;
        }
        AsconIpEncryptResult e = m_ip.encrypt(*variant, in.key, in.nonce, in.ad, in.message, opt);
        IpRunResult r;
        r.output = std::move(e.ct);
        r.output.insert(r.output.end(), e.tag.begin(), e.tag.end());
        const AsconIpCycles& c = e.run.cycles;
        AsconIpCycleQuery q;
        q.variant = *variant;
        q.unroll = opt.unroll;
        q.precomputed = opt.precomputed;
        q.adBytes = in.ad.size();
        q.msgBytes = in.message.size();
        const AsconIpCycleFormula f = expectedCycles(q);
        r.busClocks = c.total;
        r.formulaBusClocks = f.totalCycles;
        r.coreClocks = c.core();
        r.formulaCoreClocks = f.core.total();
        r.busTransactions = e.run.axiTransactions;
        r.formulaBusTransactions = f.axiTransactions;
        r.formulaExact = fitsFifos(q);
        r.phases = {{"init", c.init, f.core.init},
                    {"ad", c.ad, f.core.ad},
                    {"data", c.data, f.core.data},
                    {"final", c.final, f.core.final},
                    {"axi", c.axi, f.totalCycles - f.core.total()},
                    {"stall", c.stall, std::nullopt}};
        r.facts = {{"variant", std::string(crypto::asconAeadName(*variant))},
                   {"streamed", e.run.streamed ? "1" : "0"}};
        return r;
    }

    void campaignFigures(const IpRunResult& r, const campaign::RunKey& key, double clockMhz,
                         campaign::RunOutput& out) const override {
        const double ns = static_cast<double>(r.busClocks) / clockMhz * 1000.0;
        const double perByte = static_cast<double>(r.coreClocks) /
                               static_cast<double>(std::max<std::uint64_t>(1, key.messageBytes));
        const auto axi =
            std::find_if(r.phases.begin(), r.phases.end(), [](const IpCount& p) { return p.name == "axi"; });
        out.measurements = {
            {"cycles", static_cast<double>(r.busClocks), "cycles"},
            {"core_cycles", static_cast<double>(r.coreClocks), "cycles"},
            {"axi_cycles", static_cast<double>(axi->measured), "cycles"},
            {"cycles_per_byte", perByte, "cycles/byte"},
            {"time_at_clock", ns, "ns"},
        };
        out.parameters["variant"] = r.facts.at("variant");
        out.parameters["streamed"] = r.facts.at("streamed");
    }

    std::map<std::string, std::string> provenance() const override {
        return {{"ip.unrolls_built", detail::joinInts(AsconIpDevice::supportedUnrolls())}};
    }

  private:
    AsconIp m_ip;
};

} // namespace

std::unique_ptr<IpCore> makeAsconIpCore() {
    return std::make_unique<AsconIpCore>();
}

} // namespace rs::hw
