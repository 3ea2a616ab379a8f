#include "hw/ip/bus/axicapture.h"

#include <utility>

namespace rs::hw {

AxiCapture::AxiCapture(waveform::WaveformStore* store) : m_store(store) {
    if (!m_store) return;
    m_store->setTickSeconds(10e-9);
    m_tick = m_store->endTick();
    for (const auto& [n, w] : {std::pair{"awvalid", 1},
                               {"awaddr", 8},
                               {"wvalid", 1},
                               {"wdata", 32},
                               {"bvalid", 1},
                               {"arvalid", 1},
                               {"araddr", 8},
                               {"rvalid", 1},
                               {"rdata", 32}})
        add(n, w, "axi");
}

AxiCapture::~AxiCapture() {
    if (m_store) m_store->advance(m_tick);
}

void AxiCapture::add(const std::string& name, int width, const char* group) {
    if (!m_store) return;
    const auto id = m_store->find(name);
    m_ids.push_back(id ? *id : m_store->addSignal(name, width, group));
}

void AxiCapture::sample(const AxiLiteInputs& in, const AxiLiteOutputs& out,
                        const std::vector<std::uint64_t>& own) {
    if (!m_store) return;
    const std::uint64_t bus[] = {in.awvalid, in.awaddr, in.wvalid,  in.wdata, out.bvalid,
                                 in.arvalid, in.araddr, out.rvalid, out.rdata};
    std::size_t i = 0;
    for (const std::uint64_t v : bus)
        m_store->sample(m_ids[i++], m_tick, v);
    for (const std::uint64_t v : own)
        if (i < m_ids.size()) m_store->sample(m_ids[i++], m_tick, v);
    ++m_tick;
}

} // namespace rs::hw
