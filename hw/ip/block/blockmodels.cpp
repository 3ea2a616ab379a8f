// The only file that sees the Verilated block cores (listed in the generated blockmodels.inc).
#include "hw/ip/block/blockmodels.h"
#include "hw/ip/bus/verilatedtop.h"

#include <stdexcept>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "blockmodels.inc"
#pragma GCC diagnostic pop

namespace rs::hw::detail {

namespace {

template <class Model> class VerilatedBlock final : public BlockModel {
  public:
    VerilatedBlock() : m_top("block") { reset(); }

    void reset() override { m_top.reset(); }

    AxiLiteOutputs tick(const AxiLiteInputs& in) override {
        return m_top.clock(in, [this](const Model& m) {
            m_round = m.dbg_round;
            m_busy = m.dbg_busy;
            for (std::size_t i = 0; i < 4; ++i)
                m_state[i] = m.dbg_state[i];
        });
    }

    int round() const override { return m_round; }
    bool busy() const override { return m_busy; }
    std::array<std::uint32_t, 4> state() const override { return m_state; }

    void openFst(const std::string& path) override { m_top.openFst(path); }
    void finishFst() override { m_top.finishFst(); }
    void closeFst() override { m_top.closeFst(); }

  private:
    VerilatedTop<Model> m_top;
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
