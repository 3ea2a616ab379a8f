#pragma once
// Private seam between rs_hw and the Verilated ML-DSA polynomial units in rs_hw_models (plain C++, no
// Verilator header). Tests use it to reach the bus directly (error responses).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hw/ip/bus/axilite.h"

namespace rs::hw::detail {

/** @brief The debug probes of mldsa_axi_top, as they settled before the clock's rising edge. */
struct MlDsaProbes {
    bool busy = false;
    int layer = 0;                ///< the layer being issued (0..7; 0 for PWM/PWA)
    std::uint32_t stageValid = 0; ///< bit 0 issue, bits 1..6 read, pre, mul1, mul2, mul3, post/write
    std::uint32_t bankRead = 0;   ///< bit k: the pipeline reads bank k of both slots this clock
    std::uint32_t bankWrite = 0;  ///< bit k: bank k of slot A is written at this clock's edge
};

/** @brief One Verilated mldsa_axi_top as a clocked AXI4-Lite target. Owner-thread only. */
class MlDsaModel : public AxiLiteTarget {
  public:
    virtual void reset() = 0;
    virtual MlDsaProbes probes() const = 0;
    /** @brief FST tracing (hw/ip/fsttarget.h): openFst starts it (IpTraceError for a bad path), finishFst
     *  writes the file (IpTraceError when it cannot; nothing is left), closeFst drops the trace. */
    virtual void openFst(const std::string& path) = 0;
    virtual void finishFst() = 0;
    virtual void closeFst() = 0;
};

/** @brief The model with `butterflies` butterflies per clock, or nullptr when it was not Verilated. */
std::unique_ptr<MlDsaModel> makeMlDsaModel(int butterflies);
/** @brief The butterfly counts built, ascending. */
std::vector<int> builtMlDsaModels();

} // namespace rs::hw::detail
