// The only file that sees the Verilated ML-DSA polynomial units (listed in the generated mldsamodels.inc).
#include "hw/ip/mldsa/mldsamodels.h"
#include "hw/ip/bus/verilatedtop.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "mldsamodels.inc"
#pragma GCC diagnostic pop

namespace rs::hw::detail {

namespace {

template <class Model> class VerilatedMlDsa final : public MlDsaModel {
  public:
    VerilatedMlDsa() : m_top("mldsa") { reset(); }

    void reset() override { m_top.reset(); }

    AxiLiteOutputs tick(const AxiLiteInputs& in) override {
        return m_top.clock(in, [this](const Model& m) {
            m_probes.busy = m.dbg_busy;
            m_probes.layer = m.dbg_layer;
            m_probes.stageValid = m.dbg_stage_valid;
            m_probes.bankRead = m.dbg_bank_re;
            m_probes.bankWrite = m.dbg_bank_we;
        });
    }

    MlDsaProbes probes() const override { return m_probes; }
    void openFst(const std::string& path) override { m_top.openFst(path); }
    void finishFst() override { m_top.finishFst(); }
    void closeFst() override { m_top.closeFst(); }

  private:
    VerilatedTop<Model> m_top;
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
