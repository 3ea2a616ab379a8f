#include "hw/ip/mldsa/mldsaip.h"

#include <stdexcept>

#include "hw/ip/bus/axicapture.h"
#include "hw/ip/bus/axilite.h"
#include "hw/ip/mldsa/mldsamodels.h"
#include "hw/ip/mldsa/mldsaregisters.h"

namespace rs::hw {

namespace {

using namespace mldsareg; // the register offsets
constexpr const char* kStageNames[] = {"stage_issue", "stage_read", "stage_pre",  "stage_mul1",
                                       "stage_mul2",  "stage_mul3", "stage_write"};

/** Forwards every clock to the model and samples what the viewer shows into a store. */
class CapturingTarget final : public AxiLiteTarget {
  public:
    CapturingTarget(detail::MlDsaModel& m, waveform::WaveformStore* store, int butterflies)
        : m_model(m), m_capture(store), m_banks(2 * butterflies) {
        for (const auto& [n, w] : {std::pair{"busy", 1}, {"layer", 3}, {"irq", 1}})
            m_capture.add(n, w, "control");
        for (const char* n : kStageNames)
            m_capture.add(n, 1, "lanes");
        for (int k = 0; k < m_banks; ++k) {
            m_capture.add("bank" + std::to_string(k) + "_rd", 1, "lanes");
            m_capture.add("bank" + std::to_string(k) + "_wr", 1, "lanes");
        }
    }
    AxiLiteOutputs tick(const AxiLiteInputs& in) override {
        const AxiLiteOutputs out = m_model.tick(in);
        if (!m_capture.enabled()) return out;
        const detail::MlDsaProbes p = m_model.probes();
        std::vector<std::uint64_t> v = {p.busy, static_cast<std::uint64_t>(p.layer), out.irq};
        for (int s = 0; s < 7; ++s)
            v.push_back((p.stageValid >> s) & 1u);
        for (int k = 0; k < m_banks; ++k) {
            v.push_back((p.bankRead >> k) & 1u);
            v.push_back((p.bankWrite >> k) & 1u);
        }
        m_capture.sample(in, out, v);
        return out;
    }

  private:
    detail::MlDsaModel& m_model;
    AxiCapture m_capture;
    int m_banks;
};

std::string builtList() {
    std::string built;
    for (const int b : detail::builtMlDsaModels())
        built += (built.empty() ? "" : ", ") + std::to_string(b);
    return built;
}

void checkPoly(const char* name, const crypto::MlDsaPoly& p) {
    for (std::size_t i = 0; i < p.size(); ++i)
        if (p[i] < 0 || p[i] >= crypto::kMlDsaQ)
            throw crypto::InvalidArgument(std::string("ML-DSA IP: operand ") + name + " coefficient " +
                                          std::to_string(i) + " is " + std::to_string(p[i]) +
                                          ", not in [0, q = 8380417)");
}

/** The unit's CONFIG.OP code of an operation (hw/rtl/REGISTERS.md). */
std::uint32_t opCode(oracle::MlDsaKind op) {
    switch (op) {
    case oracle::MlDsaKind::Ntt:
        return 0;
    case oracle::MlDsaKind::InverseNtt:
        return 1;
    case oracle::MlDsaKind::MultiplyNtt:
        return 2;
    case oracle::MlDsaKind::AddNtt:
        return 3;
    }
    return 0;
}

bool transform(oracle::MlDsaKind op) {
    return op == oracle::MlDsaKind::Ntt || op == oracle::MlDsaKind::InverseNtt;
}

} // namespace

std::uint64_t mldsaIpCycles(oracle::MlDsaKind op, int butterflies) {
    if (butterflies < 1 || butterflies > 128 || (butterflies & (butterflies - 1)) != 0)
        throw crypto::InvalidArgument("ML-DSA IP: butterflies per clock must be a power of two 1..128, not " +
                                      std::to_string(butterflies));
    const std::uint64_t perPass = 128 / static_cast<std::uint64_t>(butterflies);
    const std::uint64_t issues = transform(op) ? 8 * perPass : perPass;
    return 1 + issues + kMlDsaIpDrainClocks;
}

MlDsaIp::MlDsaIp() = default;
MlDsaIp::~MlDsaIp() = default;

std::vector<int> MlDsaIp::supportedButterflies() {
    return detail::builtMlDsaModels();
}

detail::MlDsaModel& MlDsaIp::model(int butterflies) {
    if (m_models.empty()) m_owner = std::this_thread::get_id();
    if (m_owner != std::this_thread::get_id())
        throw std::logic_error("MlDsaIp: a Verilated model must be clocked by the thread that built it");
    auto it = m_models.find(butterflies);
    if (it == m_models.end()) {
        auto m = detail::makeMlDsaModel(butterflies);
        if (!m)
            throw crypto::InvalidArgument("ML-DSA IP: " + std::to_string(butterflies) +
                                          " butterflies per clock was not Verilated (built: " + builtList() +
                                          ")");
        it = m_models.emplace(butterflies, std::move(m)).first;
    }
    return *it->second;
}

MlDsaIpResult MlDsaIp::run(oracle::MlDsaKind op, const crypto::MlDsaPoly& a, const crypto::MlDsaPoly& b,
                           int butterflies) {
    const bool binary = !transform(op);
    checkPoly("a", a);
    if (binary) checkPoly("b", b);
    detail::MlDsaModel& m = model(butterflies);
    struct FstGuard {
        detail::MlDsaModel& m;
        bool on;
        ~FstGuard() {
            if (on) m.closeFst();
        }
    } guard{m, !m_fst.empty()};
    if (!m_fst.empty()) {
        const std::string path = m_fst;
        m_fst.clear();
        m.openFst(path);
    }
    CapturingTarget target(m, m_capture, butterflies);
    AxiLiteMaster bus(target);
    const auto cancelled = [this] {
        return m_cancel != nullptr && m_cancel->load(std::memory_order_relaxed);
    };
    const auto load = [&](std::uint32_t slot, const crypto::MlDsaPoly& p) {
        bus.write(kSlot, slot);
        bus.write(kIndex, 0);
        for (std::size_t i = 0; i < p.size(); ++i) {
            if (i % 64 == 0 && cancelled()) throw IpCancelled();
            bus.write(kData, static_cast<std::uint32_t>(p[i]));
        }
    };
    MlDsaIpResult r;
    load(0, a);
    if (binary) load(1, b);
    bus.write(kConfig, opCode(op));
    bus.write(kCtrl, 1);
    int polls = 0;
    std::uint32_t status = 0;
    while (!((status = bus.read(kStatus)) & 2u)) {
        if (++polls > 10000) throw AxiError("the ML-DSA IP did not raise DONE");
        if (polls % 64 == 0 && cancelled()) throw IpCancelled();
    }
    r.bankConflict = (status & 4u) != 0;
    r.coreCycles = bus.read(kCycles);
    bus.write(kSlot, 0);
    bus.write(kIndex, 0);
    for (std::size_t i = 0; i < r.output.size(); ++i)
        r.output[i] = static_cast<std::int32_t>(bus.read(kData));
    r.busClocks = bus.cycles();
    if (guard.on) {
        guard.on = false; // a failed write leaves nothing; a run that threw above drops its trace
        m.finishFst();
    }
    return r;
}

} // namespace rs::hw
