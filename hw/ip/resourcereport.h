#pragma once
// FPGA resource estimate of the IP: yosys `synth_xilinx -family xc7` (a 7-series target like the
// paper's Zynq-7020) over hw/rtl, and the cell counts a Vivado utilisation report would list.

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace rs::hw {

/** @brief yosys could not be found or started. */
class ToolMissing : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct ResourceOptions {
    /** @brief Ascon: rounds per clock 1..12; LEA/SKINNY: rounds per clock (RPC) 1..48; ML-DSA: butterflies
     *  per clock B (1, 2, 4 or 8: the schedule needs 64 / B clocks of slack for its 7-clock pipeline). */
    int unroll = 1;
    /** @brief Which core: 0 the Ascon IP (ascon_axi_top), 1 LEA, 2 SKINNY-128-256 (block_axi_top), 3 the
     *  ML-DSA polynomial unit (mldsa_axi_top). */
    int core = 0;
    /** @brief The yosys program; empty = $ROUNDSCOPE_YOSYS, else "yosys" from PATH. */
    std::string yosys;
    /** @brief Keep the temporary directory (script, log, stat.json) for inspection. */
    bool keepFiles = false;
};

struct ResourceReport {
    int unroll = 1;
    long luts = 0;   ///< LUT1..LUT6 (logic)
    long lutRam = 0; ///< distributed-RAM cells (RAM32M, RAM64M, RAM32X1D, ...; not the RAMB block RAMs)
    long ffs = 0;    ///< FDRE, FDSE, FDCE, FDPE
    long muxf7 = 0;
    long muxf8 = 0;
    long carry4 = 0;
    long dsp48 = 0;                    ///< DSP48E1 (the multipliers)
    long blockRam = 0;                 ///< RAMB18E1 + RAMB36E1
    std::map<std::string, long> cells; ///< every cell type yosys reported
    std::string yosysVersion;
    std::string workDir; ///< where the run happened (removed unless keepFiles)
    double seconds = 0;
};

/** @brief Synthesises the RTL for one unroll setting. Throws ToolMissing when yosys cannot run,
 *  std::invalid_argument for an unroll outside the core's range, std::runtime_error when synthesis fails (the
 *  message ends with the log's last lines). */
ResourceReport synthesizeResources(const ResourceOptions& options);

/** @brief Parses the design totals of `stat -json` output into a report's counts. */
ResourceReport parseYosysStat(const std::string& json);

/** @brief The RTL directory and files (in elaboration order) compiled into this program. */
std::string rtlDirectory();
std::vector<std::string> rtlFiles();
/** @brief The LEA/SKINNY cores' RTL files (lea_core.sv, skinny_core.sv, block_axi_top.sv). */
std::vector<std::string> blockRtlFiles();
/** @brief The ML-DSA polynomial unit's RTL files (mldsa_pkg.sv ... mldsa_axi_top.sv). */
std::vector<std::string> mldsaRtlFiles();

} // namespace rs::hw
