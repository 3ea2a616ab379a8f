#pragma once
// roundscope-cli commands. Each returns the process exit status: 0 success, 1 a KAT had failures,
// 2 bad usage or input (thrown as UsageError / crypto::InvalidArgument), 3 authentication failed.

#include <QJsonObject>

#include "cliargs.h"
#include "hw/pipelinelanes.h"
#include "hw/resourcereport.h"
#include "katrunner.h"

namespace rs::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitKatFailed = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitAuthFailed = 3;

/** @brief Prints one JSON object (with --json) or its fields as "name: value" lines. */
void printResult(const CliArgs& args, const QJsonObject& result);

/** @brief Prints a KAT outcome (JSON object, or FAIL lines then "N passed, N failed") and returns the
 *  exit status: 0 when none failed, 1 when any failed or no record applied (`noneMessage` on stderr). */
int reportKatOutcome(const CliArgs& args, const std::string& algorithm, const std::string& path,
                     const core::KatOutcome& outcome, const std::string& noneMessage);

int runAead(const std::string& verb, const CliArgs& args);
int runBlock(const std::string& verb, const CliArgs& args);
int runHash(const CliArgs& args);
int runKat(const CliArgs& args);
int runTrace(const CliArgs& args);
int runList(const CliArgs& args);
int runDemo(const CliArgs& args);
/** @brief `diffusion`: structural dependency, avalanche/SAC and LEA-CTR precomputation per round. */
int runDiffusion(const CliArgs& args);
/** @brief `ip run|kat|resources`: the Verilated Ascon IP (cycles, KAT) and its yosys resource report. */
int runIp(const std::string& verb, const CliArgs& args);
/** @brief A yosys resource report as the `ip resources` JSON (unroll, target, LUTs, FFs, ..., cells). */
QJsonObject resourceJson(const hw::ResourceReport& r);
/** @brief Whether --alg names a block IP core (lea-128/192/256, skinny-128-256). */
bool isBlockIpAlgorithm(const CliArgs& args);
/** @brief `ip run --alg lea-128 ...`: one ECB/CTR run through the LEA or SKINNY core, next to the model. */
int ipBlockRun(const CliArgs& args);
/** @brief `ip kat --alg lea-128 FILE`: a KISA / SKINNY vector file through the LEA or SKINNY core. */
int ipBlockKat(const CliArgs& args);
/** @brief `ip resources --alg lea-128 [--unroll N]`: yosys synth_xilinx of the LEA or SKINNY core. */
int ipBlockResources(const CliArgs& args);
/** @brief `wave info|convert|delta`: VCD/FST files, and the Δ between two events as the viewer's cursors. */
int runWave(const std::string& verb, const CliArgs& args);
/** @brief `campaign run|list|export`: benchmark campaigns into and out of an SQLite store. */
int runCampaign(const std::string& verb, const CliArgs& args);
/** @brief `riscv run|kernels|paper003`: the RV32 kernels under QEMU or Spike, in instructions. */
int runRiscv(const std::string& verb, const CliArgs& args);
/** @brief `board info|kat|bench`: a Zynq board (or the virtual one) over the serial protocol. */
int runBoard(const std::string& verb, const CliArgs& args);
/** @brief `chart`: a campaign chart (metric, speedup, efficiency vs message size) to PNG/PDF. */
int runChart(const CliArgs& args);
/** @brief The pipeline lanes of an IP capture as JSON (`ip run --lanes`). */
QJsonObject lanesJson(const hw::PipelineLanes& lanes);

} // namespace rs::cli
