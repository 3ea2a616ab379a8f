#include "tests/hw/toyip/toyipcore.h"

#include <algorithm>

#include "core/oracle/algorithms.h"
#include "core/waveform/vcd.h"
#include "hw/ip/bus/axilite.h"

namespace rs::test {

namespace {

class ToyIpCore final : public hw::IpCore {
  public:
    std::string id() const override { return "toy"; }
    std::string displayName() const override { return "toy core"; }
    std::vector<std::string> operations() const override { return {kToyIpOperation}; }
    std::vector<hw::IpSetting> settings(std::string_view operation) const override {
        if (!claims(operation)) return {};
        return {{"unroll", "rounds per clock", {1, 2, 4}, 1, false, " of the toy core"}};
    }

    hw::IpRunResult run(const oracle::Operation& op, const oracle::Inputs& in, const hw::IpSettings& settings,
                        const hw::IpCapture* capture, const std::atomic<bool>* cancel) override {
        if (op.block == nullptr || op.ctr)
            throw crypto::InvalidArgument("the toy core does not run " + op.id);
        op.block->checkKey(in.key);
        if (in.message.size() % 16) throw crypto::InvalidArgument("ECB needs whole 16-byte blocks");
        const auto cipher = op.block->make(in.key, 0);
        const int unroll = settings.at("unroll");
        const std::uint64_t perBlock =
            1 + static_cast<std::uint64_t>((op.block->standardRounds + unroll - 1) / unroll);
        waveform::WaveformStore* store = capture != nullptr ? capture->store : nullptr;
        waveform::WaveformStore local;
        if (capture != nullptr && store == nullptr && !capture->vcdPath.empty()) store = &local;
        std::optional<waveform::SignalId> busy;
        waveform::Tick tick = 0;
        if (store != nullptr) {
            store->setTickSeconds(10e-9);
            tick = store->endTick();
            const auto found = store->find("busy");
            busy = found ? *found : store->addSignal("busy", 1, "control");
        }
        hw::IpRunResult r;
        r.output.resize(in.message.size());
        for (std::size_t off = 0; off < in.message.size(); off += 16) {
            if (cancel != nullptr && cancel->load()) throw hw::IpCancelled();
            cipher->encryptBlock(in.message.data() + off, r.output.data() + off);
            if (busy) {
                store->sample(*busy, tick, 1);
                tick += perBlock;
                store->sample(*busy, tick, 0);
                tick += 10;
            }
            ++r.units;
        }
        if (store != nullptr) store->advance(tick);
        if (capture != nullptr && !capture->vcdPath.empty()) waveform::writeVcdFile(*store, capture->vcdPath);
        r.unit = "block";
        r.coreClocks = r.units * perBlock;
        r.formulaCoreClocks = r.coreClocks;
        r.busClocks = r.coreClocks + 10 * r.units;
        return r;
    }

    void campaignFigures(const hw::IpRunResult& r, const campaign::RunKey&, double clockMhz,
                         campaign::RunOutput& out) const override {
        out.measurements = {{"cycles", static_cast<double>(r.busClocks), "cycles"},
                            {"core_cycles", static_cast<double>(r.coreClocks), "cycles"},
                            {"time_at_clock", static_cast<double>(r.busClocks) / clockMhz * 1000.0, "ns"}};
        out.parameters["core"] = "toy";
    }
};

} // namespace

std::unique_ptr<hw::IpCore> makeToyIpCore() {
    return std::make_unique<ToyIpCore>();
}

} // namespace rs::test
