#pragma once
// Private seam between rs_hw and the Verilated models in rs_hw_models: plain C++ only, so no
// Verilator header leaks into rs_hw's public headers (docs/CONVENTIONS.md rule 8).

#include <memory>
#include <string>
#include <vector>

#include "hw/ip/ascon/asconipdevice.h"
#include "hw/ip/bus/axilite.h"

namespace rs::hw::detail {

/** @brief One Verilated ascon_axi_top. Every call must come from the thread that created it. */
class ModelBackend {
  public:
    virtual ~ModelBackend() = default;
    /** @brief Holds ARESETN low for a few clocks. */
    virtual void reset() = 0;
    /** @brief One clock: inputs applied, settled, outputs and probes read, rising edge. */
    virtual void tick(const AxiLiteInputs& in, AxiLiteOutputs& out, AsconIpProbes& probes) = 0;
    /** @brief Starts FST tracing into path (every net of the design); IpTraceError on failure. */
    virtual void openFst(const std::string& path) = 0;
    /** @brief Ends the trace and writes the FST file; IpTraceError when it cannot (nothing is left). */
    virtual void finishFst() = 0;
    /** @brief Ends the trace and drops it: nothing is written. */
    virtual void closeFst() = 0;
    virtual bool fstOpen() const = 0;
};

/** @brief The model built for unroll, or nullptr when that setting was not Verilated. */
std::unique_ptr<ModelBackend> makeModelBackend(int unroll);
/** @brief The lean build (hw/CMakeLists.txt RS_HW_LEAN_PARAMS: Ascon-AEAD128 only, unroll 1). */
std::unique_ptr<ModelBackend> makeLeanModelBackend();
/** @brief The unroll settings Verilated into this build. */
std::vector<int> builtUnrolls();

} // namespace rs::hw::detail
