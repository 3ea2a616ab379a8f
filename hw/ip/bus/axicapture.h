#pragma once
// What the waveform viewer shows of a bus-driven core, sampled clock by clock into a store: the AXI4-Lite
// signals every core shares (awvalid … rdata, group "axi"), then the core's own signals in the order it
// adds them. The block and ML-DSA cores' capturing targets forward each clock to their model and hand
// their own values here; a null store captures nothing.

#include <cstdint>
#include <string>
#include <vector>

#include "core/waveform/waveformstore.h"
#include "hw/ip/bus/axilite.h"

namespace rs::hw {

class AxiCapture {
  public:
    /** @brief Adds the AXI signals to `store` (10 ns a tick), reusing signals of the same name that a
     *  previous run added, and continues at its end tick. */
    explicit AxiCapture(waveform::WaveformStore* store);
    /** @brief Advances the store to the last sampled tick. */
    ~AxiCapture();
    AxiCapture(const AxiCapture&) = delete;
    AxiCapture& operator=(const AxiCapture&) = delete;

    bool enabled() const { return m_store != nullptr; }
    /** @brief A core signal, sampled after the AXI ones in the order added. */
    void add(const std::string& name, int width, const char* group);
    /** @brief One clock: the AXI signals from the bus, then `own` (one value per add(), in order). */
    void sample(const AxiLiteInputs& in, const AxiLiteOutputs& out, const std::vector<std::uint64_t>& own);

  private:
    waveform::WaveformStore* m_store;
    std::vector<waveform::SignalId> m_ids;
    waveform::Tick m_tick = 0;
};

} // namespace rs::hw
