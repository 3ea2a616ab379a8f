#include "hw/ip/bus/axilite.h"

#include <string>

namespace rs::hw {

namespace {

std::string hexAddr(std::uint8_t addr) {
    static const char* digits = "0123456789ABCDEF";
    return std::string("0x") + digits[addr >> 4] + digits[addr & 15];
}

} // namespace

AxiLiteMaster::AxiLiteMaster(AxiLiteTarget& target, int timeoutCycles)
    : m_target(target), m_timeout(timeoutCycles) {
    m_in.bready = true;
    m_in.rready = true;
}

AxiLiteOutputs AxiLiteMaster::clock() {
    ++m_cycles;
    return m_target.tick(m_in);
}

std::uint8_t AxiLiteMaster::writeResp(std::uint8_t addr, std::uint32_t data, std::uint8_t strb) {
    // Address and data together; the slave accepts both in the same clock.
    m_in.awaddr = addr;
    m_in.wdata = data;
    m_in.wstrb = strb;
    m_in.awvalid = m_in.wvalid = true;
    bool aw = false, w = false;
    for (int i = 0; !(aw && w); ++i) {
        if (i == m_timeout) throw AxiError("AXI write " + hexAddr(addr) + ": no AWREADY/WREADY");
        const AxiLiteOutputs out = clock();
        aw = aw || out.awready;
        w = w || out.wready;
        m_in.awvalid = !aw;
        m_in.wvalid = !w;
    }
    for (int i = 0;; ++i) {
        if (i == m_timeout) throw AxiError("AXI write " + hexAddr(addr) + ": no BVALID");
        const AxiLiteOutputs out = clock();
        if (out.bvalid) {
            ++m_writes;
            return out.bresp;
        }
    }
}

std::uint8_t AxiLiteMaster::readResp(std::uint8_t addr, std::uint32_t* data) {
    m_in.araddr = addr;
    m_in.arvalid = true;
    for (int i = 0;; ++i) {
        if (i == m_timeout) throw AxiError("AXI read " + hexAddr(addr) + ": no ARREADY");
        if (clock().arready) break;
    }
    m_in.arvalid = false;
    for (int i = 0;; ++i) {
        if (i == m_timeout) throw AxiError("AXI read " + hexAddr(addr) + ": no RVALID");
        const AxiLiteOutputs out = clock();
        if (out.rvalid) {
            ++m_reads;
            if (data) *data = out.rdata;
            return out.rresp;
        }
    }
}

void AxiLiteMaster::write(std::uint8_t addr, std::uint32_t data, std::uint8_t strb) {
    const std::uint8_t resp = writeResp(addr, data, strb);
    if (resp != kAxiOkay)
        throw AxiError("AXI write " + hexAddr(addr) + ": response " + std::to_string(resp) + " (SLVERR)");
}

std::uint32_t AxiLiteMaster::read(std::uint8_t addr) {
    std::uint32_t data = 0;
    const std::uint8_t resp = readResp(addr, &data);
    if (resp != kAxiOkay)
        throw AxiError("AXI read " + hexAddr(addr) + ": response " + std::to_string(resp) + " (SLVERR)");
    return data;
}

void AxiLiteMaster::idle(std::uint64_t cycles) {
    for (std::uint64_t i = 0; i < cycles; ++i)
        clock();
}

void AxiLiteMaster::resetCounters() {
    m_cycles = m_reads = m_writes = 0;
}

} // namespace rs::hw
