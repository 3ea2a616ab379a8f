#pragma once
// The ML-DSA (FIPS 204) polynomial unit (hw/rtl/mldsa_*.sv behind mldsa_axi_top), Verilated per
// butterflies-per-clock setting B and driven over AXI4-Lite like the other IPs: load the operands into
// slots A and B through the coefficient port, START one operation (NTT, NTT^-1 on A; PWM, PWA of A and B
// into A), poll DONE, read slot A back. Register map: hw/rtl/REGISTERS.md; clocks: hw/CYCLES.md.
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

#include "core/crypto/mldsantt.h"
#include "core/oracle/algorithms.h"
#include "core/waveform/waveformstore.h"

namespace rs::hw {

namespace detail {
class MlDsaModel;
}

/** @brief Clocks of one operation (the CYCLES register): the START clock, the issue clocks (1024/B for a
 *  transform: 8 layers of 128/B; 128/B for PWM/PWA: 2B coefficients per clock) and the 6 clocks the last
 *  issue needs to reach its write (read, pre, 3 multiplier stages, post). Throws crypto::InvalidArgument
 *  unless B is 1, 2, 4, 8, ..., 128. */
std::uint64_t mldsaIpCycles(oracle::MlDsaKind op, int butterflies);
/** @brief The pipeline depth in that formula: issue to write-back, 7 clocks (the 1 START clock aside). */
inline constexpr int kMlDsaIpDrainClocks = 6;

struct MlDsaIpResult {
    crypto::MlDsaPoly output{};
    std::uint64_t coreCycles = 0; ///< the CYCLES register
    std::uint64_t busClocks = 0;  ///< every clock the AXI master ran (loads, start, polls, unload)
    bool bankConflict = false;    ///< STATUS.BANK_CONFLICT after the operation (never expected)
};

class MlDsaIp {
  public:
    MlDsaIp();
    ~MlDsaIp();
    /** @brief Butterflies-per-clock settings Verilated: {1, 2, 4}. */
    static std::vector<int> supportedButterflies();
    /** @brief Runs one operation (the oracle's kind: the unit's CONFIG.OP); b is ignored (not loaded) for
     *  NTT/INTT. Throws crypto::InvalidArgument
     *  for an unbuilt B or a coefficient >= q, AxiError on a bus fault, IpCancelled when cancelled. */
    MlDsaIpResult run(oracle::MlDsaKind op, const crypto::MlDsaPoly& a, const crypto::MlDsaPoly& b,
                      int butterflies);
    /** @brief Records an FST trace of every net during the next run and writes it when the run succeeds
     *  (hw/ip/fsttarget.h: all or nothing; the run throws IpTraceError when it cannot). */
    void traceNextTo(const std::string& fstPath) { m_fst = fstPath; }
    /** @brief Appends every clock of the following runs to `store` (nullptr stops): groups axi, control
     *  (busy, layer, irq) and lanes (stage_issue, stage_read, stage_pre, stage_mul1..3, stage_write and
     *  bankK_rd / bankK_wr per bank K of slot A), one tick per clock from the store's endTick(), 10 ns per
     *  tick (a 100 MHz PL clock). */
    void captureInto(waveform::WaveformStore* store) { m_capture = store; }
    /** @brief While set and raised, run stops (between bus transactions) with IpCancelled (nullptr: never).
     */
    void setCancel(const std::atomic<bool>* cancel) { m_cancel = cancel; }

  private:
    detail::MlDsaModel& model(int butterflies);

    std::map<int, std::unique_ptr<detail::MlDsaModel>> m_models;
    std::thread::id m_owner;
    std::string m_fst;
    waveform::WaveformStore* m_capture = nullptr;
    const std::atomic<bool>* m_cancel = nullptr;
};

} // namespace rs::hw
