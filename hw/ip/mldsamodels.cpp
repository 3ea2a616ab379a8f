// The only file that sees the Verilated ML-DSA polynomial units (listed in the generated mldsamodels.inc).
#include "hw/ip/mldsamodels.h"
#include "hw/ip/fsttarget.h"
#include "hw/ip/verilatedaxi.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "mldsamodels.inc"
#include "verilated.h"
#pragma GCC diagnostic pop

namespace rs::hw::detail {

namespace {

template <class Model> class VerilatedMlDsa final : public MlDsaModel {
  public:
    VerilatedMlDsa() : m_context(std::make_unique<VerilatedContext>()) {
        m_context->traceEverOn(true);
        m_model = std::make_unique<Model>(m_context.get(), "mldsa");
        reset();
    }
    ~VerilatedMlDsa() override {
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
        m_probes.busy = m.dbg_busy;
        m_probes.layer = m.dbg_layer;
        m_probes.stageValid = m.dbg_stage_valid;
        m_probes.bankRead = m.dbg_bank_re;
        m_probes.bankWrite = m.dbg_bank_we;
        m_trace.dump(m_time);
        m.aclk = 1;
        m.eval();
        m_trace.dump(m_time + 5);
        m_time += 10; // 10 ns per clock (a 100 MHz PL clock), as the other IPs' traces
        return out;
    }

    MlDsaProbes probes() const override { return m_probes; }
    void openFst(const std::string& path) override { m_trace.open(*m_model, path); }
    void closeFst() override { m_trace.close(); }

  private:
    std::unique_ptr<VerilatedContext> m_context;
    std::unique_ptr<Model> m_model;
    FstTrace m_trace;
    std::uint64_t m_time = 0;
    MlDsaProbes m_probes;
};

} // namespace

std::unique_ptr<MlDsaModel> makeMlDsaModel(int butterflies) {
#define RS_MLDSA_MODEL(b, M)                                                                                 \
    if (butterflies == (b)) return std::make_unique<VerilatedMlDsa<M>>();
    RS_MLDSA_MODELS
#undef RS_MLDSA_MODEL
    return nullptr;
}

std::vector<int> builtMlDsaModels() {
    std::vector<int> out;
#define RS_MLDSA_MODEL(b, M) out.push_back(b);
    RS_MLDSA_MODELS
#undef RS_MLDSA_MODEL
    return out;
}

} // namespace rs::hw::detail
