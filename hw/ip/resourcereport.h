#pragma once
// FPGA resource estimate of the IP: yosys `synth_xilinx -family xc7` (a 7-series target like the
// paper's Zynq-7020) over hw/rtl, and the cell counts a Vivado utilisation report would list.

#include <atomic>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rs::hw {

/** @brief yosys could not be found or started. */
class ToolMissing : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief The run was cancelled (ResourceOptions::cancel): yosys was stopped, nothing was measured. */
class ResourceCancelled : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct ResourceOptions {
    /** @brief Ascon: rounds per clock 1..12; LEA/SKINNY: rounds per clock (RPC) 1..48 (1..56 for
     *  SKINNY-128-384); ML-DSA: butterflies per clock B (1, 2, 4 or 8: the schedule needs 64 / B clocks of
     *  slack for its 7-clock pipeline). */
    int unroll = 1;
    /** @brief Which core: 0 the Ascon IP (ascon_axi_top), 1 LEA, 2 SKINNY-128-256 (block_axi_top), 3 the
     *  ML-DSA polynomial unit (mldsa_axi_top), 4 SKINNY-128-384 (block_axi_top with CIPHER 3; the core alone
     *  is skinny_core with TK 3). */
    int core = 0;
    /** @brief The yosys program; empty = $ROUNDSCOPE_YOSYS, else "yosys" from PATH. */
    std::string yosys;
    /** @brief Keep the temporary directory (script, log, stat.json) for inspection. */
    bool keepFiles = false;
    /** @brief Also map with `-abc9`, synthesise the core alone beside the AXI IP, and measure the LUT depth
     *  (`synth -lut 6` + `ltp -noff`): one yosys run per scope, the two scopes in parallel. */
    bool detail = false;
    /** @brief Extra `chparam -set NAME VALUE` on the AXI top (e.g. the Ascon IP's IN_DEPTH, OUT_DEPTH);
     *  the Ascon core alone (detail) gets VARIANTS, LEN_BITS and PHASE_COUNTERS too. */
    std::vector<std::pair<std::string, int>> params;
    /** @brief When set and true, the running yosys is stopped and synthesizeResources throws
     *  ResourceCancelled (polled while yosys runs; the flag outlives the call). Not part of the result. */
    const std::atomic<bool>* cancel = nullptr;
};

/** @brief The cell counts of one mapping, as a Vivado utilisation report would list them. */
struct ResourceCounts {
    long luts = 0;   ///< LUT1..LUT6 (logic)
    long lutRam = 0; ///< distributed-RAM cells (RAM32M, RAM64M, RAM32X1D, ...; not the RAMB block RAMs)
    long ffs = 0;    ///< FDRE, FDSE, FDCE, FDPE
    long muxf7 = 0;
    long muxf8 = 0;
    long carry4 = 0;
    long dsp48 = 0;                    ///< DSP48E1 (the multipliers)
    long blockRam = 0;                 ///< RAMB18E1 + RAMB36E1
    std::map<std::string, long> cells; ///< every cell type yosys reported
    /** @brief Cells that are none of the above (BUFG, IBUF, INV, ...). */
    long other() const;
};

/** @brief One scope (the AXI IP or the core alone) under both mappers, and its LUT depth. */
struct ScopeResources {
    std::string top;     ///< the synthesised module
    ResourceCounts abc;  ///< synth_xilinx with its default mapper (abc)
    ResourceCounts abc9; ///< synth_xilinx -abc9
    int lutDepth = 0;    ///< LUTs on the longest path of a generic LUT6 mapping (ltp -noff)
    double seconds = 0;  ///< the scope's yosys run
};

/** @brief The AXI IP's counts with the default mapper (the figure the IP page quotes); with
 *  ResourceOptions::detail also both scopes under both mappers. */
struct ResourceReport : ResourceCounts {
    int unroll = 1;
    std::optional<ScopeResources> ip, core; ///< set with ResourceOptions::detail
    std::string yosysVersion;
    std::string workDir; ///< where the run happened (removed unless keepFiles)
    double seconds = 0;
};

/** @brief The parameters the core's AXI top declares (read from its RTL file), in order: ascon_axi_top's
 *  UNROLL, IN_DEPTH, ..., block_axi_top's CIPHER, RPC, mldsa_axi_top's B. std::runtime_error when the RTL
 *  cannot be read. */
std::vector<std::string> topParameters(int core);

/** @brief Checks ResourceOptions::params before anything runs: each name must be a parameter the core's AXI
 *  top declares (topParameters), other than the ones the options set themselves (the unroll parameter and
 *  block_axi_top's CIPHER); std::invalid_argument naming the parameter and listing the ones that can be set
 *  otherwise. */
void checkResourceParams(const ResourceOptions& options);

/** @brief Checks the options before anything runs: std::invalid_argument for a core other than 0..4, an
 *  unroll outside the core's range (B not 1, 2, 4 or 8) or a parameter checkResourceParams refuses. */
void checkResourceOptions(const ResourceOptions& options);

/** @brief Synthesises the RTL for one unroll setting. Throws ToolMissing when yosys cannot run,
 *  std::invalid_argument for an unroll outside the core's range or a parameter the top does not declare
 *  (checkResourceParams; before yosys runs), std::runtime_error when synthesis fails (the message ends with
 *  the log's last lines). */
ResourceReport synthesizeResources(const ResourceOptions& options);

/** @brief The yosys program the options name: ResourceOptions::yosys, else $ROUNDSCOPE_YOSYS, else "yosys".
 */
std::string yosysProgram(const ResourceOptions& options);

/** @brief The first line `yosys -V` prints (e.g. "Yosys 0.23 (git sha1 7ce5011c24b)"); ToolMissing when
 *  the program cannot be run. */
std::string yosysVersion(const std::string& program);

/** @brief Parses the design totals of `stat -json` output into a report's counts. */
ResourceCounts parseYosysStat(const std::string& json);

/** @brief The length of `ltp` output ("Longest topological path in T (length=N):"); throws
 *  std::runtime_error when there is none. */
int parseLtpLength(const std::string& text);

/** @brief The ResourceOptions::core of a cipher the block core runs (hw/ip/block: LEA 1, SKINNY-128-256 2,
 *  SKINNY-128-384 4, as its AXI top's CIPHER 3 would clash with the ML-DSA unit's 3); std::invalid_argument
 *  for an id the block core does not run. */
int blockResourceCore(const std::string& blockAlgorithmId);

/** @brief The module synthesised for the core alone: ascon_core, lea_core, skinny_core (cores 2 and 4) or
 *  mldsa_core. */
std::string coreTop(int core);

/** @brief The RTL files (in elaboration order) a core's synthesis reads: rtlFiles() for the Ascon IP (0),
 *  mldsaRtlFiles() for the ML-DSA unit (3), blockRtlFiles() for the others. */
std::vector<std::string> resourceRtlFiles(int core);

/** @brief The RTL directory and files (in elaboration order) compiled into this program. */
std::string rtlDirectory();
std::vector<std::string> rtlFiles();
/** @brief The LEA/SKINNY cores' RTL files (lea_core.sv, skinny_core.sv, block_axi_top.sv). */
std::vector<std::string> blockRtlFiles();
/** @brief The ML-DSA polynomial unit's RTL files (mldsa_pkg.sv ... mldsa_axi_top.sv). */
std::vector<std::string> mldsaRtlFiles();

} // namespace rs::hw
