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
        const crypto::AsconAeadVariant v = variantOf(op);
        const AsconIpOptions opt = optionsOf(settings, capture, cancel);
        AsconIpEncryptResult e = m_ip.encrypt(v, in.key, in.nonce, in.ad, in.message, opt);
        IpRunResult r = figures(v, opt, in, false, e.run);
        r.output = std::move(e.ct);
        r.output.insert(r.output.end(), e.tag.begin(), e.tag.end());
        return r;
    }

    bool decrypts(std::string_view operation) const override { return claims(operation); }

    /** The IP's own decryption (REGISTERS.md "Decryption"): the plaintext stays held in the output FIFO until
     *  the tag verifies; a tag that does not verify releases nothing. */
    IpRunResult decrypt(const oracle::Operation& op, const oracle::Inputs& in, const crypto::Bytes& tag,
                        const IpSettings& settings, const IpCapture* capture,
                        const std::atomic<bool>* cancel) override {
        const crypto::AsconAeadVariant v = variantOf(op);
        const AsconIpOptions opt = optionsOf(settings, capture, cancel);
        AsconIpDecryptResult d = m_ip.decrypt(v, in.key, in.nonce, in.ad, in.message, tag, opt);
        IpRunResult r = figures(v, opt, in, true, d.run);
        r.facts["authenticated"] = d.pt ? "1" : "0";
        r.facts["passes"] = std::to_string(d.run.passes);
        if (d.pt) r.output = std::move(*d.pt);
        // A tag that fails is followed by no DOUT reads: the formula's bus figures count them.
        if (!d.pt) r.formulaExact = false;
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
    crypto::AsconAeadVariant variantOf(const oracle::Operation& op) const {
        const auto variant = ipVariantFromId(op.id);
        if (!variant) throw crypto::InvalidArgument("the Ascon IP does not run " + op.id);
        return *variant;
    }

    static AsconIpOptions optionsOf(const IpSettings& settings, const IpCapture* capture,
                                    const std::atomic<bool>* cancel) {
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
        return opt;
    }

    /** The clocks of a run beside the formula (hw/CYCLES.md), for an encryption or a decryption. */
    static IpRunResult figures(crypto::AsconAeadVariant v, const AsconIpOptions& opt,
                               const oracle::Inputs& in, bool decrypt, const AsconIpRunInfo& run) {
        IpRunResult r;
        const AsconIpCycles& c = run.cycles;
        AsconIpCycleQuery q;
        q.variant = v;
        q.unroll = opt.unroll;
        q.precomputed = opt.precomputed;
        q.decrypt = decrypt;
        q.adBytes = in.ad.size();
        q.msgBytes = in.message.size();
        const AsconIpCycleFormula f = expectedCycles(q);
        r.busClocks = c.total;
        r.formulaBusClocks = f.totalCycles;
        r.coreClocks = c.core();
        r.formulaCoreClocks = f.core.total();
        r.busTransactions = run.axiTransactions;
        r.formulaBusTransactions = f.axiTransactions;
        r.formulaExact = fitsFifos(q);
        r.phases = {{"init", c.init, f.core.init},
                    {"ad", c.ad, f.core.ad},
                    {"data", c.data, f.core.data},
                    {"final", c.final, f.core.final},
                    {"axi", c.axi, f.totalCycles - f.core.total()},
                    {"stall", c.stall, std::nullopt}};
        r.facts = {{"variant", std::string(crypto::asconAeadName(v))},
                   {"streamed", run.streamed ? "1" : "0"}};
        return r;
    }

    AsconIp m_ip;
};

} // namespace

std::unique_ptr<IpCore> makeAsconIpCore() {
    return std::make_unique<AsconIpCore>();
}

} // namespace rs::hw
