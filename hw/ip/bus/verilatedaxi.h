#pragma once
// The AXI4-Lite pins of a Verilated top (ascon_axi_top, block_axi_top: the same s_axi_* names), driven
// from and read into the harness's pin structs. Included only where Verilator's headers are.

#include "hw/ip/bus/axilite.h"

namespace rs::hw::detail {

/** @brief Drives the master's pins for one clock (AWPROT/ARPROT are always 0). */
template <class Model> void driveAxiPins(Model& m, const AxiLiteInputs& in) {
    m.s_axi_awaddr = in.awaddr;
    m.s_axi_awprot = 0;
    m.s_axi_awvalid = in.awvalid;
    m.s_axi_wdata = in.wdata;
    m.s_axi_wstrb = in.wstrb;
    m.s_axi_wvalid = in.wvalid;
    m.s_axi_bready = in.bready;
    m.s_axi_araddr = in.araddr;
    m.s_axi_arprot = 0;
    m.s_axi_arvalid = in.arvalid;
    m.s_axi_rready = in.rready;
}

/** @brief The slave's pins (and irq) as they settled. */
template <class Model> AxiLiteOutputs readAxiPins(const Model& m) {
    AxiLiteOutputs out;
    out.awready = m.s_axi_awready;
    out.wready = m.s_axi_wready;
    out.bvalid = m.s_axi_bvalid;
    out.bresp = m.s_axi_bresp;
    out.arready = m.s_axi_arready;
    out.rvalid = m.s_axi_rvalid;
    out.rresp = m.s_axi_rresp;
    out.rdata = m.s_axi_rdata;
    out.irq = m.irq;
    return out;
}

} // namespace rs::hw::detail
