#pragma once
// roundscope-cli commands as a table (docs/CONVENTIONS.md rule 20): each command has a name, a summary
// and usage lines; a usage line lists its arguments (options, flags, positional words), from which the
// help text, the options the command accepts (CliArgs::allow) and the flags the parser knows are all
// generated. Each usage runs one function and returns the process exit status: 0 success, 1 a KAT had
// failures (or a signature does not verify), 2 bad usage or input (thrown as UsageError /
// crypto::InvalidArgument), 3 authentication failed. Each command file (cmd_*.cpp) exports its own rows
// (declared below, "the table's rows") and keeps the functions they run to itself; clitable.cpp lists the
// rows in help order and generates the rest. Algorithm lists in a row come from the registries (the oracle,
// the IP cores, the board's operations, the explorer), never from literals.

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
inline constexpr int kExitInvalid = 1; ///< mldsa verify: the signature does not verify
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

/** @brief A usage's function for a command without verbs: runs F(args). */
template <int (*F)(const CliArgs&)> int noVerb(const std::string&, const CliArgs& args) {
    return F(args);
}
/** @brief "a|b|c": alternatives in a synopsis (--alg ascon-128|ascon-128a|ascon-aead128). */
std::string alternatives(const std::vector<std::string>& words);
/** @brief "a, b or c" (quoted: "'a', 'b' or 'c'"): a choice in an error message. */
std::string choice(const std::vector<std::string>& words, bool quoted = false);

/** @brief The table of every command, in help order (clitable.cpp assembles it from the rows below). */
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

// --- the table's rows: each command file exports its command; clitable.cpp lists them in help order ------
CliCommand aeadCommand();      ///< cmd_crypto.cpp
CliCommand blockCommand();     ///< cmd_crypto.cpp
CliCommand hashCommand();      ///< cmd_crypto.cpp
CliCommand katCommand();       ///< cmd_kat.cpp
CliCommand traceCommand();     ///< cmd_trace.cpp
CliCommand diffusionCommand(); ///< cmd_diffusion.cpp
/** @brief cmd_ip.cpp: the Ascon core's lines, then those of the other cores' files below. */
CliCommand ipCommand();
std::vector<CliUsage> ipBlockUsages();   ///< cmd_ipblock.cpp: ip run|kat|resources on the LEA / SKINNY cores
std::vector<CliUsage> ipMlDsaUsages();   ///< cmd_ipmldsa.cpp: ip run|resources on the ML-DSA unit
CliCommand nttCommand();                 ///< cmd_ntt.cpp
CliCommand mldsaCommand();               ///< cmd_mldsa.cpp
std::vector<CliUsage> mldsaAcvpUsages(); ///< cmd_mldsaacvp.cpp: mldsa acvp (an ACVP vector set)
CliCommand waveCommand();                ///< cmd_wave.cpp
/** @brief cmd_campaign.cpp: campaign run|list|export, then the cluster's lines (clusterUsages). */
CliCommand campaignCommand();
std::vector<CliUsage> compareUsages(); ///< cmd_compare.cpp: campaign compare|regressions
std::vector<CliUsage> importUsages();  ///< cmd_import.cpp: campaign import (Google Benchmark JSON)
std::vector<CliUsage> clusterUsages(); ///< cmd_cluster.cpp: campaign submit|run-shard|status|merge
CliCommand chartCommand();             ///< cmd_campaign.cpp
CliCommand riscvCommand();             ///< cmd_riscv.cpp
CliCommand boardCommand();             ///< cmd_board.cpp
CliCommand listCommand();              ///< cmd_crypto.cpp
CliCommand demoCommand();              ///< cmd_demo.cpp

// --- what several command files share --------------------------------------------------------------

/** @brief Prints one JSON object (with --json) or its fields as "name: value" lines. */
void printResult(const CliArgs& args, const QJsonObject& result);

/** @brief Prints a KAT outcome (JSON object, or FAIL lines then "N passed, N failed") and returns the
 *  exit status: 0 when none failed, 2 (bad input) when no record applied (`noneMessage` on stderr) or a
 *  record cannot be run (KatOutcome::malformed), else 1 when any failed. */
int reportKatOutcome(const CliArgs& args, const std::string& algorithm, const std::string& path,
                     const core::KatOutcome& outcome, const std::string& noneMessage);
/** @brief Synthesises with yosys and returns the report as the `ip resources` JSON (unroll, target, LUTs,
 *  FFs, ..., cells, cached); with `useCache` (no --no-cache) a configuration synthesised before is read from
 *  hw::ResourceCache (per RTL hash) and a new one stored there; without yosys, says why on stderr and returns
 *  nothing (the caller exits with usage). */
std::optional<QJsonObject> synthesizeJson(const hw::ResourceOptions& opt, bool useCache);
/** @brief The definition named by SPEC.json or --preset, every back end registered and the pairs checked;
 *  UsageError naming the argument. */
campaign::CampaignSpec campaignSpecArg(const CliArgs& args, const std::string& command);
/** @brief The pipeline lanes of an IP capture as JSON (`ip run --lanes`). */
QJsonObject lanesJson(const hw::PipelineLanes& lanes);

} // namespace rs::cli
