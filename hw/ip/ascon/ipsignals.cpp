#include "hw/ip/ascon/ipsignals.h"

namespace rs::hw::detail {

const std::vector<SignalDef>& signalDefs() {
    using V = const ClockView&;
    static const std::vector<SignalDef> defs = {
        // AXI4-Lite channels, as the rising edge sees them.
        {"awvalid", 1, "axi", [](V c) -> std::uint64_t { return c.in.awvalid; }},
        {"awready", 1, "axi", [](V c) -> std::uint64_t { return c.out.awready; }},
        {"awaddr", 8, "axi", [](V c) -> std::uint64_t { return c.in.awaddr; }},
        {"wvalid", 1, "axi", [](V c) -> std::uint64_t { return c.in.wvalid; }},
        {"wready", 1, "axi", [](V c) -> std::uint64_t { return c.out.wready; }},
        {"wdata", 32, "axi", [](V c) -> std::uint64_t { return c.in.wdata; }},
        {"bvalid", 1, "axi", [](V c) -> std::uint64_t { return c.out.bvalid; }},
        {"bready", 1, "axi", [](V c) -> std::uint64_t { return c.in.bready; }},
        {"bresp", 2, "axi", [](V c) -> std::uint64_t { return c.out.bresp; }},
        {"arvalid", 1, "axi", [](V c) -> std::uint64_t { return c.in.arvalid; }},
        {"arready", 1, "axi", [](V c) -> std::uint64_t { return c.out.arready; }},
        {"araddr", 8, "axi", [](V c) -> std::uint64_t { return c.in.araddr; }},
        {"rvalid", 1, "axi", [](V c) -> std::uint64_t { return c.out.rvalid; }},
        {"rready", 1, "axi", [](V c) -> std::uint64_t { return c.in.rready; }},
        {"rdata", 32, "axi", [](V c) -> std::uint64_t { return c.out.rdata; }},
        {"rresp", 2, "axi", [](V c) -> std::uint64_t { return c.out.rresp; }},
        // Sequencing.
        {"phase", 3, "control", [](V c) -> std::uint64_t { return c.probes.phase; }},
        {"busy", 1, "control", [](V c) -> std::uint64_t { return c.probes.busy; }},
        {"irq", 1, "control", [](V c) -> std::uint64_t { return c.out.irq; }},
        // Plaintext release (REGISTERS.md "Decryption"): a decryption's output FIFO fills while HELD,
        // unreadable, and DOUT reads follow AUTH_OK; a failed tag clears it (no plaintext released).
        {"held", 1, "control", [](V c) -> std::uint64_t { return c.probes.held; }},
        {"auth_ok", 1, "control", [](V c) -> std::uint64_t { return c.probes.authOk; }},
        {"out_count", 8, "control", [](V c) -> std::uint64_t { return c.probes.outCount; }},
        // Pipeline: front-end delay stages, the block at the stage input, the permutation unit.
        {"fe_stage", 4, "pipeline", [](V c) -> std::uint64_t { return c.probes.feStage; }},
        {"blk_valid", 1, "pipeline", [](V c) -> std::uint64_t { return c.probes.blkValid; }},
        {"take", 1, "pipeline", [](V c) -> std::uint64_t { return c.probes.take; }},
        {"perm_busy", 1, "pipeline", [](V c) -> std::uint64_t { return c.probes.permBusy; }},
        {"round", 4, "pipeline", [](V c) -> std::uint64_t { return c.probes.round; }},
        // The 320-bit state.
        {"x0", 64, "state", [](V c) -> std::uint64_t { return c.probes.state[0]; }},
        {"x1", 64, "state", [](V c) -> std::uint64_t { return c.probes.state[1]; }},
        {"x2", 64, "state", [](V c) -> std::uint64_t { return c.probes.state[2]; }},
        {"x3", 64, "state", [](V c) -> std::uint64_t { return c.probes.state[3]; }},
        {"x4", 64, "state", [](V c) -> std::uint64_t { return c.probes.state[4]; }},
    };
    return defs;
}

} // namespace rs::hw::detail
