// The only file that sees the Verilated classes: a ModelBackend template instantiated for each
// Vascon_uN model that hw/CMakeLists.txt built (listed in the generated verilatedmodels.inc).
#include "hw/ip/fsttarget.h"
#include "hw/ip/modelbackend.h"
#include "hw/ip/verilatedaxi.h"

#include <stdexcept>

// Verilator's own headers are not -Wextra clean; they are not ours to fix.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "verilated.h"
#include "verilatedmodels.inc"
#pragma GCC diagnostic pop

namespace rs::hw::detail {

namespace {

template <class Model> class VerilatedBackend final : public ModelBackend {
  public:
    VerilatedBackend() : m_context(std::make_unique<VerilatedContext>()) {
        // Tracing must be enabled before the model is built for trace() to work later.
        m_context->traceEverOn(true);
        m_model = std::make_unique<Model>(m_context.get(), "ascon");
    }

    ~VerilatedBackend() override {
        closeFst();
        m_model->final();
    }

    void reset() override {
        AxiLiteInputs idle;
        AxiLiteOutputs out;
        AsconIpProbes probes;
        m_model->aresetn = 0;
        for (int i = 0; i < 4; ++i)
            tick(idle, out, probes);
        m_model->aresetn = 1;
        tick(idle, out, probes);
    }

    void tick(const AxiLiteInputs& in, AxiLiteOutputs& out, AsconIpProbes& probes) override {
        Model& m = *m_model;
        driveAxiPins(m, in);
        // Low half of the clock: inputs settle, combinational READY signals follow them.
        m.aclk = 0;
        m.eval();
        out = readAxiPins(m);
        probes.phase = m.dbg_phase;
        probes.busy = m.dbg_busy;
        probes.permBusy = m.dbg_perm_busy;
        probes.round = m.dbg_round;
        probes.feStage = m.dbg_stage;
        probes.blkValid = m.dbg_blk_valid;
        probes.take = m.dbg_take;
        for (int i = 0; i < 5; ++i) {
            // dbg_state is {x0, .., x4}: x4 in words 0-1, x0 in words 8-9.
            const int w = 2 * (4 - i);
            probes.state[static_cast<std::size_t>(i)] =
                (static_cast<std::uint64_t>(m.dbg_state[w + 1]) << 32) | m.dbg_state[w];
        }
        m_trace.dump(m_time);
        // Rising edge.
        m.aclk = 1;
        m.eval();
        m_trace.dump(m_time + 5);
        m_time += 10; // 10 ns: the paper's 100 MHz PL clock
    }

    void openFst(const std::string& path) override { m_trace.open(*m_model, path); }
    void closeFst() override { m_trace.close(); }

    bool fstOpen() const override { return m_trace.isOpen(); }

  private:
    std::unique_ptr<VerilatedContext> m_context;
    std::unique_ptr<Model> m_model;
    FstTrace m_trace;
    std::uint64_t m_time = 0;
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
