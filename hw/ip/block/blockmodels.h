#pragma once
// Private seam between rs_hw and the Verilated block cores in rs_hw_block (plain C++, no Verilator header).

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hw/ip/bus/axilite.h"

namespace rs::hw::detail {

/** @brief One Verilated block_axi_top as a clocked AXI4-Lite target. Owner-thread only. */
class BlockModel : public AxiLiteTarget {
  public:
    virtual void reset() = 0;
    /** @brief Rounds done so far (the dbg_round probe) and whether the core is busy. */
    virtual int round() const = 0;
    virtual bool busy() const = 0;
    /** @brief The core's state register (dbg_state) as four 32-bit words, word 0 = bits 31..0. */
    virtual std::array<std::uint32_t, 4> state() const = 0;
    /** @brief FST tracing (hw/ip/fsttarget.h): openFst starts it (IpTraceError for a bad path), finishFst
     *  writes the file (IpTraceError when it cannot; nothing is left), closeFst drops the trace. */
    virtual void openFst(const std::string& path) = 0;
    virtual void finishFst() = 0;
    virtual void closeFst() = 0;
};

/** @brief The model of a cipher (block_axi_top's CIPHER: 1 LEA, 2 SKINNY-128-256, 3 SKINNY-128-384) at rpc
 *  rounds per clock, or nullptr when that setting was not Verilated. */
std::unique_ptr<BlockModel> makeBlockModel(int cipher, int rpc);
/** @brief (cipher, rpc) pairs built. */
std::vector<std::pair<int, int>> builtBlockModels();

} // namespace rs::hw::detail
