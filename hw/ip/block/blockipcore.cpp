#include "hw/ip/block/blockipcore.h"

#include <algorithm>

#include "core/waveform/captureclock.h"
#include "core/waveform/vcd.h"
#include "hw/ip/block/blockip.h"

namespace rs::hw {

namespace {

/** "lea-128-ecb" -> "lea-128" with ctr false; nullopt unless the block IP runs the cipher in that mode. */
std::optional<std::pair<std::string, bool>> blockMode(std::string_view operation) {
    const auto op = oracle::findOperation(operation);
    if (!op || op->block == nullptr || !blockIpAlgorithm(op->block->id)) return std::nullopt;
    return std::make_pair(op->block->id, op->ctr);
}

class BlockIpCore final : public IpCore {
  public:
    std::string id() const override { return "block"; }
    std::string displayName() const override { return "LEA / SKINNY-128-256/384 (block)"; }

    std::vector<std::string> operations() const override {
        std::vector<std::string> ops;
        for (const std::string& id : blockIpAlgorithms())
            for (const char* mode : {"-ecb", "-ctr"})
                ops.push_back(id + mode);
        return ops;
    }

    std::vector<IpSetting> settings(std::string_view operation) const override {
        const auto mode = blockMode(operation);
        if (!mode) return {};
        return {{"unroll", "rounds per clock", BlockIp::supportedRpc(blockIpAlgorithm(mode->first)->core), 1,
                 false, " for " + mode->first}};
    }

    IpRunResult run(const oracle::Operation& op, const oracle::Inputs& in, const IpSettings& settings,
                    const IpCapture* capture, const std::atomic<bool>* cancel) override {
        const auto mode = blockMode(op.id);
        if (!mode) throw crypto::InvalidArgument("the block IP does not run " + op.id);
        const BlockIpAlgorithm alg = *blockIpAlgorithm(mode->first);
        const int rpc = settings.at("unroll");
        waveform::WaveformStore local;
        waveform::WaveformStore* store = capture != nullptr ? capture->store : nullptr;
        if (capture != nullptr && store == nullptr && !capture->vcdPath.empty()) store = &local;
        if (capture != nullptr && !capture->fstPath.empty()) m_ip.traceNextTo(capture->fstPath);
        struct Reset { // the next run starts without this one's capture, trace or cancel flag
            BlockIp& ip;
            ~Reset() {
                ip.captureInto(nullptr);
                ip.setCancel(nullptr);
                ip.traceNextTo({});
            }
        } reset{m_ip};
        m_ip.captureInto(store);
        m_ip.setCancel(cancel);
        const BlockIpResult b = mode->second ? m_ip.ctr(mode->first, in.key, in.nonce, in.message, rpc)
                                             : m_ip.ecb(mode->first, in.key, in.message, rpc);
        if (capture != nullptr && !capture->vcdPath.empty())
            waveform::writeVcdFile(waveform::withCaptureClock(*store), capture->vcdPath);
        IpRunResult r;
        r.output = b.output;
        r.busClocks = b.busClocks;
        r.coreClocks = b.coreCycles;
        r.unit = "block";
        r.units = static_cast<std::uint64_t>(b.blocks);
        r.formulaCoreClocks = r.units * blockIpCycles(alg.rounds, rpc);
        r.facts = {{"core", mode->first}};
        return r;
    }

    void campaignFigures(const IpRunResult& r, const campaign::RunKey& key, double clockMhz,
                         campaign::RunOutput& out) const override {
        const double ns = static_cast<double>(r.busClocks) / clockMhz * 1000.0;
        const double bytes = static_cast<double>(std::max<std::uint64_t>(1, key.messageBytes));
        out.measurements = {{"cycles", static_cast<double>(r.busClocks), "cycles"},
                            {"core_cycles", static_cast<double>(r.coreClocks), "cycles"},
                            {"cycles_per_byte", static_cast<double>(r.coreClocks) / bytes, "cycles/byte"},
                            {"time_at_clock", ns, "ns"}};
        out.parameters["core"] = r.facts.at("core");
    }

  private:
    BlockIp m_ip;
};

} // namespace

std::unique_ptr<IpCore> makeBlockIpCore() {
    return std::make_unique<BlockIpCore>();
}

} // namespace rs::hw
