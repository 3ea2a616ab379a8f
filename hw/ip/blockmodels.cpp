// The only file that sees the Verilated block cores (listed in the generated blockmodels.inc).
#include "hw/ip/blockmodels.h"
#include "hw/ip/fsttarget.h"
#include "hw/ip/verilatedaxi.h"

#include <stdexcept>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "blockmodels.inc"
#include "verilated.h"
#pragma GCC diagnostic pop

namespace rs::hw::detail {

namespace {

template <class Model> class VerilatedBlock final : public BlockModel {
  public:
    VerilatedBlock() : m_context(std::make_unique<VerilatedContext>()) {
        m_context->traceEverOn(true);
        m_model = std::make_unique<Model>(m_context.get(), "block");
        reset();
    }
    ~VerilatedBlock() override {
        closeFst();
        m_model->final();
    }

    void reset() override {
        m_model->aresetn = 0;
        for (int i = 0; i < 4; ++i)
            tick({});
        m_model->aresetn = 1;
        tick({});
    }

    AxiLiteOutputs tick(const AxiLiteInputs& in) override {
        Model& m = *m_model;
        driveAxiPins(m, in);
        m.aclk = 0;
        m.eval();
        const AxiLiteOutputs out = readAxiPins(m);
        m_round = m.dbg_round;
        m_busy = m.dbg_busy;
        for (std::size_t i = 0; i < 4; ++i)
            m_state[i] = m.dbg_state[i];
        m_trace.dump(m_time);
        m.aclk = 1;
        m.eval();
        m_trace.dump(m_time + 5);
        m_time += 10; // 10 ns per clock (a 100 MHz PL clock), as the Ascon IP's traces and the captures
        return out;
    }

    int round() const override { return m_round; }
    bool busy() const override { return m_busy; }
    std::array<std::uint32_t, 4> state() const override { return m_state; }

    void openFst(const std::string& path) override { m_trace.open(*m_model, path); }
    void closeFst() override { m_trace.close(); }

  private:
    std::unique_ptr<VerilatedContext> m_context;
    std::unique_ptr<Model> m_model;
    FstTrace m_trace;
    std::uint64_t m_time = 0;
    int m_round = 0;
    bool m_busy = false;
    std::array<std::uint32_t, 4> m_state{};
};

} // namespace

std::unique_ptr<BlockModel> makeBlockModel(int cipher, int rpc) {
#define RS_BLOCK_MODEL(c, r, M)                                                                              \
    if (cipher == (c) && rpc == (r)) return std::make_unique<VerilatedBlock<M>>();
    RS_BLOCK_MODELS
#undef RS_BLOCK_MODEL
    return nullptr;
}

std::vector<std::pair<int, int>> builtBlockModels() {
    std::vector<std::pair<int, int>> out;
#define RS_BLOCK_MODEL(c, r, M) out.emplace_back(c, r);
    RS_BLOCK_MODELS
#undef RS_BLOCK_MODEL
    return out;
}

} // namespace rs::hw::detail
