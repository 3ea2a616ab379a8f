// The only file that sees the Verilated classes: a ModelBackend template instantiated for each
// Vascon_uN model that hw/CMakeLists.txt built (listed in the generated verilatedmodels.inc).
#include "fsttarget.h"
#include "modelbackend.h"
#include "verilatedaxi.h"

#include <stdexcept>

// Verilator's own headers are not -Wextra clean; they are not ours to fix.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "verilated.h"
#include "verilated_fst_c.h"
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
        IpProbes probes;
        m_model->aresetn = 0;
        for (int i = 0; i < 4; ++i)
            tick(idle, out, probes);
        m_model->aresetn = 1;
        tick(idle, out, probes);
    }

    void tick(const AxiLiteInputs& in, AxiLiteOutputs& out, IpProbes& probes) override {
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
        if (m_fst) m_fst->dump(m_time);
        // Rising edge.
        m.aclk = 1;
        m.eval();
        if (m_fst) m_fst->dump(m_time + 5);
        m_time += 10; // 10 ns: the paper's 100 MHz PL clock
    }

    void openFst(const std::string& path) override {
        closeFst();
        // The FST writer unlinks the path it is given and reports no failure: it writes a temporary
        // file beside the target (a device or FIFO target is refused here), renamed at closeFst().
        auto target = openFstTarget(path);
        auto fst = std::make_unique<VerilatedFstC>();
        m_model->trace(fst.get(), 99);
        fst->open(target->tempPath().c_str());
        if (!fst->isOpen()) throw std::runtime_error("cannot open FST file " + path);
        m_fst = std::move(fst);
        m_fstTarget = std::move(target);
    }

    void closeFst() override {
        if (!m_fst) return;
        m_fst->close();
        m_fst.reset();
        commitFstTarget(std::move(m_fstTarget));
    }

    bool fstOpen() const override { return m_fst != nullptr; }

  private:
    std::unique_ptr<VerilatedContext> m_context;
    std::unique_ptr<Model> m_model;
    std::unique_ptr<VerilatedFstC> m_fst;
    std::unique_ptr<fileio::AtomicFile> m_fstTarget;
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

std::vector<int> builtUnrolls() {
    std::vector<int> list;
#define RS_HW_MODEL(u) list.push_back(u);
    RS_HW_MODELS
#undef RS_HW_MODEL
    return list;
}

} // namespace rs::hw::detail
