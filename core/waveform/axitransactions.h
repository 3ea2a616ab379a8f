#pragma once
// AXI4-Lite transactions decoded from a trace's bus pins: each write (AW, W, B channels) and read (AR, R)
// with its address, register name, data, response and the clocks it took.
//
// The bus is found by name: signals ending in awvalid, awready, awaddr, wvalid, wready, wdata, wstrb, bvalid,
// bready, bresp, arvalid, arready, araddr, rvalid, rready, rdata, rresp (any case) after a common prefix that
// is empty or ends in '_' or '.' ("s_axi_", "top.dut.s_axi_"); the prefix with the most of them wins (the
// shortest on a tie: the top of a hierarchy). Writes need awvalid, awaddr, wvalid, wdata and bvalid; reads
// arvalid, araddr, rvalid and rdata. A missing ready counts as always ready and the handshake is the last
// clock of valid's run (our IP captures record no ready on the block and ML-DSA cores); a missing resp leaves
// the response unknown.
//
// Clocks: a 1-bit clock beside the bus (prefix + "aclk", the bus's scope + "aclk" / "clk", then "aclk",
// "clk", "clock") samples the pins just before each rising edge, as the slave does; without one, every tick
// is a clock (the IP captures). Transactions of one kind pair in order (AXI4-Lite has one outstanding ID).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief One register of a core's map: its byte offset and name ("KEY2"). */
struct AxiRegister {
    std::uint32_t offset = 0;
    std::string name;
};

/** @brief A core's register map (hw/ip's tables; hw/rtl/REGISTERS.md describes them). */
struct AxiRegisterMap {
    std::string core; ///< "ascon", "block", "mldsa"
    std::vector<AxiRegister> registers;
    /** @brief The register at a byte address (word registers: ADDR[1:0] ignored); empty when unmapped. */
    std::string nameOf(std::uint64_t address) const;
};

/** @brief One decoded transaction. Ticks: start is where the clock of the address handshake begins, end where
 *  the clock of the response handshake ends (the trace's end when no response came). */
struct AxiTransaction {
    bool write = false;
    std::uint64_t address = 0;
    std::string registerName; ///< empty: unmapped, or no map
    std::uint64_t data = 0;   ///< WDATA of a write, RDATA of a read (0 when the write had no W handshake)
    std::optional<std::uint64_t> strobe; ///< WSTRB, when the trace has it
    std::optional<unsigned> response;    ///< BRESP / RRESP; nullopt when the trace has no resp or none came
    bool complete = true;                ///< false: the trace ends before the response
    Tick start = 0;
    Tick end = 0;
    std::uint64_t startCycle =
        0;                     ///< the address handshake's clock (on the clock's axis: edge c begins cycle c)
    std::uint64_t latency = 0; ///< clocks from the address handshake to the response, both counted
};

/** @brief "OKAY", "EXOKAY", "SLVERR", "DECERR"; "?" when unknown. */
std::string axiResponseName(std::optional<unsigned> response);

/** @brief What decodeAxiTransactions found. */
struct AxiDecode {
    std::vector<AxiTransaction> transactions;
    std::string prefix;             ///< the bus's name prefix ("s_axi_", "" for our captures)
    std::string clock;              ///< the clock's name; empty: one tick per clock
    std::vector<std::string> notes; ///< what is assumed ("no awready: ...")
    std::string error;              ///< why nothing could be decoded (no AXI pins); empty when decoded
};

/** @brief Decodes every transaction of the trace's AXI4-Lite bus; names registers from map when given. */
AxiDecode decodeAxiTransactions(const WaveformStore& store, const AxiRegisterMap* map = nullptr);

} // namespace rs::waveform
