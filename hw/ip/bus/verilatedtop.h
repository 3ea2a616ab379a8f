#pragma once
// One clock of a Verilated AXI4-Lite top (ascon_axi_top, block_axi_top, mldsa_axi_top), the seam every
// IP model goes through: drive the master's pins, settle the low half of the clock, read the slave's pins
// and the core's probes, dump the trace, rising edge, dump again, 10 ns on. Included only by the files
// that see the Verilated classes.

#include <cstdint>
#include <memory>
#include <string>

#include "hw/ip/bus/verilatedaxi.h"
#include "hw/ip/fsttarget.h"

// Verilator's own headers are not -Wextra clean; they are not ours to fix.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "verilated.h"
#pragma GCC diagnostic pop

namespace rs::hw::detail {

template <class Model> class VerilatedTop {
  public:
    /** @brief name: the model's top scope in traces ("ascon", "block", "mldsa"). */
    explicit VerilatedTop(const char* name) : m_context(std::make_unique<VerilatedContext>()) {
        // Tracing must be enabled before the model is built for trace() to work later.
        m_context->traceEverOn(true);
        m_model = std::make_unique<Model>(m_context.get(), name);
    }
    VerilatedTop(const VerilatedTop&) = delete;
    VerilatedTop& operator=(const VerilatedTop&) = delete;
    ~VerilatedTop() {
        closeFst();
        m_model->final();
    }

    /** @brief One clock. readProbes(const Model&) runs after the low half settled, where the pins are
     *  read: the values the clock edge is about to act on. */
    template <class ReadProbes> AxiLiteOutputs clock(const AxiLiteInputs& in, ReadProbes&& readProbes) {
        Model& m = *m_model;
        driveAxiPins(m, in);
        // Low half of the clock: inputs settle, combinational READY signals follow them.
        m.aclk = 0;
        m.eval();
        const AxiLiteOutputs out = readAxiPins(m);
        readProbes(static_cast<const Model&>(m));
        m_trace.dump(m_time);
        m.aclk = 1; // rising edge
        m.eval();
        m_trace.dump(m_time + 5);
        m_time += 10; // 10 ns per clock: the paper's 100 MHz PL clock
        return out;
    }

    /** @brief Synchronous reset: four clocks with ARESETN low, one with it high, the bus idle. */
    void reset() {
        const auto none = [](const Model&) {};
        m_model->aresetn = 0;
        for (int i = 0; i < 4; ++i)
            clock({}, none);
        m_model->aresetn = 1;
        clock({}, none);
    }

    /** @brief FST tracing (fsttarget.h): open, then finishFst() writes the file, closeFst() drops it. */
    void openFst(const std::string& path) { m_trace.open(*m_model, path); }
    void finishFst() { m_trace.finish(); }
    void closeFst() { m_trace.close(); }
    bool fstOpen() const { return m_trace.isOpen(); }

  private:
    std::unique_ptr<VerilatedContext> m_context;
    std::unique_ptr<Model> m_model;
    FstTrace m_trace;
    std::uint64_t m_time = 0;
};

} // namespace rs::hw::detail
