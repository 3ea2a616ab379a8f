#pragma once
// The LEA-128/192/256, SKINNY-128-256 and SKINNY-128-384 IP cores (hw/rtl/lea_core.sv, skinny_core.sv
// behind block_axi_top), Verilated per rounds-per-clock setting and driven over AXI4-Lite like the Ascon IP:
// one block per operation, ECB and CTR (the counter block incremented as one big-endian integer, as
// rs::crypto::ctrXor) around it. Register map: hw/rtl/block_axi_top.sv; clocks: hw/CYCLES.md.
// Threads: the thread that first runs a setting owns its model (Verilator's rule).

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/waveform/waveformstore.h"

namespace rs::hw {

namespace detail {
class BlockModel;
}

/** @brief The core, numbered as block_axi_top's CIPHER parameter and INFO[15:8]. */
enum class BlockCore : int { Lea = 1, Skinny128_256 = 2, Skinny128_384 = 3 };

/** @brief What an oracle block cipher id names on the block IP: its core, and the key length and rounds the
 *  oracle's registry gives it. */
struct BlockIpAlgorithm {
    BlockCore core;
    std::size_t keyBytes;
    int rounds;
};
/** @brief The block IP's view of an oracle block cipher: LEA-128/192/256 on the LEA core (CONFIG.KEYSIZE),
 *  SKINNY-128-256 and SKINNY-128-384 on theirs; nullopt for any other id. */
std::optional<BlockIpAlgorithm> blockIpAlgorithm(std::string_view id);
/** @brief The oracle block cipher ids the block IP runs, in the registry's order. */
std::vector<std::string> blockIpAlgorithms();

struct BlockIpResult {
    crypto::Bytes output;
    std::uint64_t coreCycles = 0; ///< the CYCLES register summed over the blocks
    std::uint64_t busClocks = 0;  ///< every clock the AXI master ran (writes, polls, reads)
    int blocks = 0;
};

/** @brief Clocks of one block in the core: 1 (LOAD) + ceil(rounds / rpc). */
std::uint64_t blockIpCycles(int rounds, int rpc);

class BlockIp {
  public:
    BlockIp();
    ~BlockIp();
    /** @brief Rounds-per-clock settings Verilated for a core. */
    static std::vector<int> supportedRpc(BlockCore core);
    /** @brief ECB (whole blocks) or CTR (any length, iv = the first counter block) through the core;
     *  throws crypto::InvalidArgument for bad lengths or an unbuilt setting, AxiError on a bus fault. */
    BlockIpResult ecb(std::string_view algorithm, crypto::ByteView key, crypto::ByteView in, int rpc);
    BlockIpResult ctr(std::string_view algorithm, crypto::ByteView key, crypto::ByteView iv,
                      crypto::ByteView in, int rpc);
    /** @brief Records an FST trace of every net during the next ecb/ctr call and writes it when the call
     *  succeeds (hw/ip/fsttarget.h: all or nothing; the call throws IpTraceError when it cannot). */
    void traceNextTo(const std::string& fstPath) { m_fst = fstPath; }
    /** @brief Appends every clock of the following runs to `store` (nullptr stops): groups axi, control
     *  (busy, round, irq) and state (x0..x3, the core's register), one tick per clock from the store's
     *  endTick(), 10 ns per tick (a 100 MHz PL clock). The viewer and linkBlockTraceToCycles read it. */
    void captureInto(waveform::WaveformStore* store) { m_capture = store; }
    /** @brief While set and raised, ecb/ctr stop between blocks with IpCancelled (nullptr: never). */
    void setCancel(const std::atomic<bool>* cancel) { m_cancel = cancel; }

  private:
    detail::BlockModel& model(BlockCore core, int rpc);
    BlockIpResult run(std::string_view algorithm, crypto::ByteView key, crypto::ByteView iv,
                      crypto::ByteView in, int rpc, bool ctr);

    std::map<std::pair<int, int>, std::unique_ptr<detail::BlockModel>> m_models;
    std::thread::id m_owner;
    std::string m_fst;
    waveform::WaveformStore* m_capture = nullptr;
    const std::atomic<bool>* m_cancel = nullptr;
};

} // namespace rs::hw
