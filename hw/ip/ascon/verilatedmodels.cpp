// The only file that sees the Verilated classes: a ModelBackend template instantiated for each
// Vascon_uN model that hw/CMakeLists.txt built (listed in the generated verilatedmodels.inc).
#include "hw/ip/ascon/modelbackend.h"
#include "hw/ip/bus/verilatedtop.h"

#include <stdexcept>

// Verilator's own headers are not -Wextra clean; they are not ours to fix.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "verilatedmodels.inc"
#pragma GCC diagnostic pop

namespace rs::hw::detail {

namespace {

template <class Model> class VerilatedBackend final : public ModelBackend {
  public:
    VerilatedBackend() : m_top("ascon") {}

    void reset() override { m_top.reset(); }

    void tick(const AxiLiteInputs& in, AxiLiteOutputs& out, AsconIpProbes& probes) override {
        out = m_top.clock(in, [&probes](const Model& m) {
            probes.phase = m.dbg_phase;
            probes.busy = m.dbg_busy;
            probes.permBusy = m.dbg_perm_busy;
            probes.round = m.dbg_round;
            probes.feStage = m.dbg_stage;
            probes.blkValid = m.dbg_blk_valid;
            probes.take = m.dbg_take;
            probes.held = m.dbg_held;
            probes.authOk = m.dbg_auth_ok;
            probes.outCount = m.dbg_out_count;
            for (int i = 0; i < 5; ++i) {
                // dbg_state is {x0, .., x4}: x4 in words 0-1, x0 in words 8-9.
                const int w = 2 * (4 - i);
                probes.state[static_cast<std::size_t>(i)] =
                    (static_cast<std::uint64_t>(m.dbg_state[w + 1]) << 32) | m.dbg_state[w];
            }
        });
    }

    void openFst(const std::string& path) override { m_top.openFst(path); }
    void finishFst() override { m_top.finishFst(); }
    void closeFst() override { m_top.closeFst(); }
    bool fstOpen() const override { return m_top.fstOpen(); }

  private:
    VerilatedTop<Model> m_top;
};

} // namespace

std::unique_ptr<ModelBackend> makeModelBackend(int unroll) {
#define RS_HW_MODEL(u)                                                                                       \
    if (unroll == u) return std::make_unique<VerilatedBackend<Vascon_u##u>>();
    RS_HW_MODELS
#undef RS_HW_MODEL
    return nullptr;
}

std::unique_ptr<ModelBackend> makeLeanModelBackend() {
    return std::make_unique<VerilatedBackend<RS_HW_LEAN_MODEL>>();
}

std::vector<int> builtUnrolls() {
    std::vector<int> list;
#define RS_HW_MODEL(u) list.push_back(u);
    RS_HW_MODELS
#undef RS_HW_MODEL
    return list;
}

} // namespace rs::hw::detail
