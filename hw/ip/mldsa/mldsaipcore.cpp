#include "hw/ip/mldsa/mldsaipcore.h"

#include "hw/ip/bus/axilite.h"
#include "hw/ip/mldsa/mldsaip.h"
#include "hw/ip/runnertext.h"

#include "core/waveform/captureclock.h"
#include "core/waveform/vcd.h"

namespace rs::hw {

namespace {

class MlDsaIpCore final : public IpCore {
  public:
    std::string id() const override { return "mldsa"; }
    std::string displayName() const override { return "ML-DSA polynomial unit"; }

    std::vector<std::string> operations() const override { return oracle::mldsaIds(); }

    std::vector<IpSetting> settings(std::string_view operation) const override {
        if (oracle::findMlDsa(operation) == nullptr) return {};
        return {{"butterflies", "butterflies per clock", MlDsaIp::supportedButterflies(), 2, false,
                 " of the ML-DSA unit"}};
    }

    IpRunResult run(const oracle::Operation& op, const oracle::Inputs& in, const IpSettings& settings,
                    const IpCapture* capture, const std::atomic<bool>* cancel) override {
        if (op.mldsa == nullptr) throw crypto::InvalidArgument("the ML-DSA unit does not run " + op.id);
        const int butterflies = settings.at("butterflies");
        const oracle::MlDsaOperands operands = oracle::mldsaOperands(*op.mldsa, in);
        waveform::WaveformStore local;
        waveform::WaveformStore* store = capture != nullptr ? capture->store : nullptr;
        if (capture != nullptr && store == nullptr && !capture->vcdPath.empty()) store = &local;
        struct Reset { // the next run starts without this one's capture, trace or cancel flag
            MlDsaIp& ip;
            ~Reset() {
                ip.captureInto(nullptr);
                ip.setCancel(nullptr);
                ip.traceNextTo({});
            }
        } reset{m_ip};
        m_ip.captureInto(store);
        m_ip.setCancel(cancel);
        const std::size_t k = operands.a.size();
        IpRunResult r;
        r.output.reserve(k * oracle::kMlDsaPolyBytes);
        for (std::size_t i = 0; i < k; ++i) {
            if (cancel != nullptr && cancel->load()) throw IpCancelled();
            // The trace, when asked for, is of the first polynomial (a run is one operation on the unit).
            if (i == 0 && capture != nullptr && !capture->fstPath.empty()) m_ip.traceNextTo(capture->fstPath);
            const MlDsaIpResult p =
                m_ip.run(op.mldsa->kind, operands.a[i], op.mldsa->twoOperands ? operands.b[i] : operands.a[i],
                         butterflies);
            if (p.bankConflict && r.fault.empty())
                r.fault = op.id + " polynomial " + std::to_string(i) +
                          ": the unit flagged a bank conflict (STATUS.BANK_CONFLICT)";
            r.coreClocks += p.coreCycles;
            r.busClocks += p.busClocks;
            const crypto::Bytes bytes = crypto::mldsaPolyToBytes(p.output);
            r.output.insert(r.output.end(), bytes.begin(), bytes.end());
        }
        if (capture != nullptr && !capture->vcdPath.empty())
            waveform::writeVcdFile(waveform::withCaptureClock(*store), capture->vcdPath);
        r.unit = "polynomial";
        r.units = k;
        r.formulaCoreClocks = k * mldsaIpCycles(op.mldsa->kind, butterflies);
        r.facts = {{"core", "mldsa-unit-b" + std::to_string(butterflies)},
                   {"formula_cycles", std::to_string(mldsaIpCycles(op.mldsa->kind, butterflies))}};
        return r;
    }

    void campaignFigures(const IpRunResult& r, const campaign::RunKey&, double clockMhz,
                         campaign::RunOutput& out) const override {
        const double polys = static_cast<double>(r.units);
        const double nsPerClock = 1000.0 / clockMhz;
        const double ns = static_cast<double>(r.busClocks) * nsPerClock;
        const double core = static_cast<double>(r.coreClocks), bus = static_cast<double>(r.busClocks);
        out.measurements = {
            {"core_cycles", core, "cycles"},
            {"core_cycles_per_polynomial", core / polys, "cycles"},
            {"cycles", bus, "cycles"},
            {"bus_cycles_per_polynomial", bus / polys, "cycles"},
            {"time_at_clock", ns, "ns"},
            {"core_time_per_polynomial", core / polys * nsPerClock, "ns"},
            {"time_per_polynomial", ns / polys, "ns"},
        };
        out.parameters["polynomials"] = std::to_string(r.units);
        out.parameters["formula_cycles"] = r.facts.at("formula_cycles");
        out.parameters["core"] = r.facts.at("core");
    }

    std::map<std::string, std::string> provenance() const override {
        return {{"ip.butterflies_built", detail::joinInts(MlDsaIp::supportedButterflies())}};
    }

  private:
    MlDsaIp m_ip;
};

} // namespace

std::unique_ptr<IpCore> makeMlDsaIpCore() {
    return std::make_unique<MlDsaIpCore>();
}

} // namespace rs::hw
