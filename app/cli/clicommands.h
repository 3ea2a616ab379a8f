#pragma once
// roundscope-cli commands as a table (docs/CONVENTIONS.md rule 20): each command has a name, a summary
// and usage lines; a usage line lists its arguments (options, flags, positional words), from which the
// help text, the options the command accepts (CliArgs::allow) and the flags the parser knows are all
// generated. Each usage runs one function and returns the process exit status: 0 success, 1 a KAT had
// failures, 2 bad usage or input (thrown as UsageError / crypto::InvalidArgument), 3 authentication
// failed.

#include <QJsonObject>

#include <optional>

#include <set>
#include <string>
#include <vector>

#include "app/cli/cliargs.h"
#include "core/campaign/campaignspec.h"
#include "core/katrunner.h"
#include "hw/ip/ascon/pipelinelanes.h"
#include "hw/ip/resourcereport.h"

namespace rs::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitKatFailed = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitAuthFailed = 3;

/** @brief One argument of a usage line. */
struct CliArg {
    enum class Kind { Option, Flag, Positional };
    Kind kind = Kind::Option;
    std::string name;  ///< without dashes ("alg"); a positional word's placeholder ("FILE")
    std::string value; ///< an option's placeholder ("HEX")
    bool optional = false;
};
/** @brief --name VALUE, required. */
CliArg option(std::string name, std::string value);
/** @brief [--name VALUE]. */
CliArg optional(std::string name, std::string value);
/** @brief [--name] (flags are always optional). */
CliArg flag(std::string name);
/** @brief A positional word (FILE, IN, OUT); optional ones show as [FILE]. */
CliArg word(std::string placeholder, bool optional = false);

using CliRun = int (*)(const std::string& verb, const CliArgs& args);
using CliApplies = bool (*)(const CliArgs& args);

/** @brief One usage line: the verbs it serves, its arguments, what it does, and the function it runs. */
struct CliUsage {
    std::vector<std::string> verbs; ///< empty: the command takes no verb
    std::vector<CliArg> args;
    std::string help;             ///< shown under the line (may hold several lines)
    CliApplies applies = nullptr; ///< picks this line among a verb's lines (by --alg); null: the fallback
    CliRun run = nullptr;
    std::string guiOption; ///< this option (or "*": always) makes the command draw charts

    /** @brief "--alg A --key HEX [--ad HEX] FILE". */
    std::string synopsis() const;
    std::set<std::string> options() const;
    std::set<std::string> flags() const;
    bool takesWords() const;
};

/** @brief A command: its name, one line saying what it is for, and its usage lines. */
struct CliCommand {
    std::string name;
    std::string summary;
    std::vector<CliUsage> usages;
    /** @brief Throws the UsageError for a command line no usage applies to (e.g. an unknown --alg). */
    void (*noUsage)(const std::string& verb, const CliArgs& args) = nullptr;

    /** @brief Every verb of the usages, in table order; empty for a command without verbs. */
    std::vector<std::string> verbs() const;
};

/** @brief The table of every command, in help order. */
const std::vector<CliCommand>& cliCommands();
/** @brief The command with this name, or nullptr. */
const CliCommand* findCommand(const std::string& name);
/** @brief The help text: the commands and their usage lines, generated from the table and from the
 *  algorithm registry. */
std::string helpText();
/** @brief The help of one command (`COMMAND --help`). */
std::string commandHelp(const CliCommand& command);
/** @brief True when the command line draws charts (needs a QApplication rather than a QCoreApplication). */
bool needsGui(const std::vector<std::string>& argv);
/** @brief Runs argv[1..] through the table: the verb, the usage line, its options (CliArgs::allow), its
 *  function. Throws UsageError for bad usage. */
int dispatch(const std::vector<std::string>& argv);

/** @brief Prints one JSON object (with --json) or its fields as "name: value" lines. */
void printResult(const CliArgs& args, const QJsonObject& result);

/** @brief Prints a KAT outcome (JSON object, or FAIL lines then "N passed, N failed") and returns the
 *  exit status: 0 when none failed, 2 (bad input) when no record applied (`noneMessage` on stderr) or a
 *  record cannot be run (KatOutcome::malformed), else 1 when any failed. */
int reportKatOutcome(const CliArgs& args, const std::string& algorithm, const std::string& path,
                     const core::KatOutcome& outcome, const std::string& noneMessage);

// --- the functions the usage lines run --------------------------------------------------------------
int runAead(const std::string& verb, const CliArgs& args);
int runBlock(const std::string& verb, const CliArgs& args);
int runHash(const CliArgs& args);
int runKat(const CliArgs& args);
/** @brief `trace --alg ascon-p`, `trace --alg AEAD`, `trace --alg BLOCK`: the state at every spec step. */
int tracePermutation(const CliArgs& args);
int traceAead(const CliArgs& args);
int traceBlock(const CliArgs& args);
/** @brief Whether --alg names one of the explorer's ML-DSA transforms (mldsa-ntt, mldsa-intt). */
bool isMlDsaTraceAlgorithm(const CliArgs& args);
/** @brief `trace --alg mldsa-ntt|mldsa-intt [--poly HEX] [--substeps]`: the explorer's ring transform. */
int traceMlDsa(const CliArgs& args);
/** @brief The UsageError for `trace` without a known --alg. */
[[noreturn]] void traceUnknownAlgorithm(const CliArgs& args);
int runList(const CliArgs& args);
int runDemo(const CliArgs& args);
/** @brief `diffusion`: structural dependency, avalanche/SAC and LEA-CTR precomputation per round. */
int runDiffusion(const CliArgs& args);
/** @brief `ip run|kat|resources` on the Verilated Ascon IP (cycles, KAT) and its yosys resource report. */
int ipRun(const CliArgs& args);
int ipKat(const CliArgs& args);
int ipResources(const CliArgs& args);
/** @brief Synthesises with yosys and returns the report as the `ip resources` JSON (unroll, target, LUTs,
 *  FFs, ..., cells); without yosys, says why on stderr and returns nothing (the caller exits with usage). */
std::optional<QJsonObject> synthesizeJson(const hw::ResourceOptions& opt);
/** @brief Reads `ip resources`' --detail and --param NAME=N,... into the options. */
void resourceDetailOptions(const CliArgs& args, hw::ResourceOptions& opt);
/** @brief Whether --alg names a block IP core (lea-128/192/256, skinny-128-256, skinny-128-384). */
bool isBlockIpAlgorithm(const CliArgs& args);
/** @brief `ip run --alg lea-128 ...`: one ECB/CTR run through the LEA or SKINNY core, next to the model. */
int ipBlockRun(const CliArgs& args);
/** @brief `ip kat --alg lea-128 FILE`: a KISA / SKINNY vector file through the LEA or SKINNY core. */
int ipBlockKat(const CliArgs& args);
/** @brief `ip resources --alg lea-128 [--unroll N]`: yosys synth_xilinx of the LEA or SKINNY core. */
int ipBlockResources(const CliArgs& args);
/** @brief Whether --alg names an ML-DSA polynomial unit operation (mldsa-ntt, -intt, -pwm, -pwa). */
bool isMlDsaIpAlgorithm(const CliArgs& args);
/** @brief `ip run --alg mldsa-ntt --butterflies B [--random S | --in FILE]`: the unit next to the model. */
int ipMlDsaRun(const CliArgs& args);
/** @brief `ip resources --alg mldsa-ntt --butterflies B`: yosys synth_xilinx of the unit (DSP48s included).
 */
int ipMlDsaResources(const CliArgs& args);
/** @brief `wave info|convert|delta`: VCD/FST files, and the Δ between two events as the viewer's cursors. */
int waveInfo(const CliArgs& args);
int waveConvert(const CliArgs& args);
int waveDelta(const CliArgs& args);
/** @brief `campaign run|list|export`: benchmark campaigns into and out of an SQLite store. */
int campaignRun(const CliArgs& args);
/** @brief The definition named by SPEC.json or --preset, every back end registered and the pairs checked;
 *  UsageError naming the argument. */
campaign::CampaignSpec campaignSpecArg(const CliArgs& args, const std::string& command);
/** @brief `campaign submit|run-shard|status|merge`: a campaign on a Slurm cluster (cmd_cluster.cpp). */
int campaignSubmit(const CliArgs& args);
int campaignRunShard(const CliArgs& args);
int campaignStatus(const CliArgs& args);
int campaignMerge(const CliArgs& args);
int campaignList(const CliArgs& args);
int campaignExport(const CliArgs& args);
/** @brief `chart`: a campaign chart (metric, speedup, efficiency vs message size) to PNG/PDF. */
int runChart(const CliArgs& args);
/** @brief `riscv run|kernels|paper003`: the RV32 kernels under QEMU or Spike, in instructions. */
int riscvRun(const CliArgs& args);
int riscvKernels(const CliArgs& args);
int riscvPaper003(const CliArgs& args);
/** @brief `board info|kat|bench`: a Zynq board (or the virtual one) over the serial protocol. */
int runBoard(const std::string& verb, const CliArgs& args);
/** @brief `board paper000`: paper 000's speedup and memory saving beside ours (hw/board/paper000.h). */
int runBoardPaper000(const std::string& verb, const CliArgs& args);
/** @brief `ntt run`: one ML-DSA ring operation (fast path or model) beside the model's answer. */
int nttRun(const CliArgs& args);
/** @brief The pipeline lanes of an IP capture as JSON (`ip run --lanes`). */
QJsonObject lanesJson(const hw::PipelineLanes& lanes);

} // namespace rs::cli
