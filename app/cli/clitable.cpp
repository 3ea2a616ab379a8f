// The command table of roundscope-cli and what is generated from it: the help text, the options each
// usage line accepts, the flags the parser knows, and the dispatch of a command line to one usage.
#include "app/cli/clicommands.h"

#include "core/analysis/diffusion.h"
#include "core/campaign/campaignspec.h"
#include "core/oracle/algorithms.h"
#include "core/oracle/operation.h"
#include "hw/ip/block/blockip.h"
#include "hw/ip/ipcores.h"

#include <algorithm>
#include <iostream>
#include <sstream>

namespace rs::cli {

CliArg option(std::string name, std::string value) {
    return {CliArg::Kind::Option, std::move(name), std::move(value), false};
}
CliArg optional(std::string name, std::string value) {
    return {CliArg::Kind::Option, std::move(name), std::move(value), true};
}
CliArg flag(std::string name) {
    return {CliArg::Kind::Flag, std::move(name), {}, true};
}
CliArg word(std::string placeholder, bool optional) {
    return {CliArg::Kind::Positional, std::move(placeholder), {}, optional};
}

namespace {

using Kind = CliArg::Kind;

std::string ids(const std::vector<std::string>& list) {
    return oracle::joinIds(list);
}

/** "a|b|c" */
std::string alternatives(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words)
        out += (out.empty() ? "" : "|") + w;
    return out;
}

/** The operations an IP core of the registry (hw/ip/ipcores.h) runs, as alternatives: "ascon-128|...". */
std::string ipCoreAlgs(const char* core) {
    return alternatives(hw::ipCoreInfo(core)->operations());
}

/** "mldsa-ntt|-intt|-pwm|-pwa": the alternatives after the first without the first's prefix (to its '-'). */
std::string shortAlternatives(const std::vector<std::string>& words) {
    if (words.empty()) return {};
    const std::string prefix = words.front().substr(0, words.front().find('-') + 1); // "mldsa-"
    std::string out = words.front();
    for (std::size_t i = 1; i < words.size(); ++i)
        out += "|" + (words[i].rfind(prefix, 0) == 0 ? words[i].substr(prefix.size() - 1) : words[i]);
    return out;
}

/** "'a', 'b' or 'c'" */
std::string quotedChoice(const std::vector<std::string>& words) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i)
        out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + ("'" + words[i] + "'");
    return out;
}

template <int (*F)(const CliArgs&)> int noVerb(const std::string&, const CliArgs& args) {
    return F(args);
}

bool isAsconP(const CliArgs& a) {
    return oracle::findPermutation(a.value("alg").value_or("")) != nullptr;
}
bool isAead(const CliArgs& a) {
    return oracle::findAead(a.value("alg").value_or("")) != nullptr;
}
bool isBlock(const CliArgs& a) {
    return oracle::findBlock(a.value("alg").value_or("")) != nullptr;
}
bool noAlg(const CliArgs& a) {
    return !a.has("alg");
}

std::vector<CliCommand> buildTable() {
    const std::string aeadHelp = "A: " + ids(oracle::aeadIds());
    const std::string blockHelp = "B: " + ids(oracle::blockIds()) + " (SKINNY --key is the whole tweakey)";
    // What the IP cores run, from the IP core registry (hw/ip/ipcores.h) and the oracle.
    const std::string ipAlg = ipCoreAlgs("ascon");
    const std::string blockCores = alternatives(hw::blockIpAlgorithms());
    const std::string mldsaOps = ipCoreAlgs("mldsa");
    std::vector<CliCommand> t;
    t.push_back({"aead",
                 "authenticated encryption with a registry AEAD",
                 {{{"encrypt"},
                   {option("alg", "A"), option("key", "HEX"), option("nonce", "HEX"), optional("ad", "HEX"),
                    option("pt", "HEX"), optional("impl", "fast|reference")},
                   "",
                   nullptr,
                   runAead},
                  {{"decrypt"},
                   {option("alg", "A"), option("key", "HEX"), option("nonce", "HEX"), optional("ad", "HEX"),
                    option("ct", "HEX"), option("tag", "HEX"), optional("impl", "fast|reference")},
                   aeadHelp,
                   nullptr,
                   runAead}}});
    t.push_back({"block",
                 "a block cipher in ECB or CTR",
                 {{{"encrypt", "decrypt"},
                   {option("alg", "B"), option("key", "HEX"), option("in", "HEX"),
                    optional("mode", "ecb|ctr"), optional("iv", "HEX"), optional("impl", "fast|reference")},
                   blockHelp,
                   nullptr,
                   runBlock}}});
    t.push_back({"hash",
                 "a hash or XOF",
                 {{{},
                   {option("alg", "H"), option("in", "HEX"), optional("outlen", "N")},
                   "H: " + ids(oracle::hashIds()),
                   nullptr,
                   noVerb<runHash>}}});
    t.push_back({"kat",
                 "a known-answer file through the C++ model",
                 {{{},
                   {option("alg", "A"), word("FILE")},
                   "run a NIST LWC / KISA / SKINNY KAT file; prints \"N passed, N failed\"\n"
                   "A: an AEAD (A above), a hash (H above), a block cipher (B above: the mode of the file's "
                   "records) or a block cipher in one mode (B-ecb, B-ctr), or an ML-DSA ring operation (" +
                       ids(oracle::mldsaIds()) + ": records Algorithm, A, B, Out)",
                   nullptr,
                   noVerb<runKat>}}});
    // --export-steps draws the state grid (fonts): it makes the command a GUI one (offscreen).
    const auto traceExport = [](std::vector<CliArg> a) {
        for (CliArg x : {optional("export-steps", "DIR|FILE.pdf|FILE.gif"), optional("from", "N"),
                         optional("to", "M"), optional("view", "value|changed|twin"),
                         optional("moves", "on|BIT"), optional("max-frames", "N")})
            a.push_back(std::move(x));
        return a;
    };
    t.push_back(
        {"trace",
         "the state at every spec step, with a twin run of one flipped input bit",
         {{{},
           traceExport({option("alg", "ascon-p"), optional("in", "HEX40"), optional("rounds", "R"),
                        optional("flip", "FIELD:BIT")}),
           "",
           isAsconP,
           noVerb<tracePermutation>,
           "export-steps"},
          {{},
           traceExport({option("alg", "A"), option("key", "HEX"), option("nonce", "HEX"),
                        optional("ad", "HEX"), option("pt", "HEX"), optional("flip", "FIELD:BIT")}),
           "",
           isAead,
           noVerb<traceAead>,
           "export-steps"},
          {{},
           traceExport({option("alg", "B"), option("key", "HEX"), option("in", "HEX"),
                        optional("rounds", "R"), flag("decrypt"), optional("flip", "FIELD:BIT")}),
           "--flip also runs the twin with that input bit flipped (FIELD: in, key, nonce, ad, pt)\n"
           "--export-steps draws steps N..M (1-based, default all) as the explorer's state grid: a folder\n"
           "of PNG files (DIR/step-001.png ...; a new or empty folder, or one holding only step-NNN.png\n"
           "files of an earlier export), a PDF handout (one page a step) or an animated GIF; at most\n"
           "--max-frames steps (default 500, up to 20000); 100 steps or more print progress on stderr;\n"
           "--view twin needs --flip; --moves on draws where bits move (SKINNY ShiftRows, Ascon p_L, LEA\n"
           "rotations), --moves BIT also marks the sources of that state bit (0 = MSB of the first byte)",
           isBlock,
           noVerb<traceBlock>,
           "export-steps"},
          {{},
           traceExport({option("alg", "mldsa-ntt|mldsa-intt"), optional("poly", "HEX1024"), flag("substeps"),
                        optional("flip", "FIELD:BIT")}),
           "the explorer's ML-DSA transforms: --poly is 256 big-endian 32-bit coefficients < q (default:\n"
           "the explorer's, 0, 1, ..., 255 for the NTT and its NTT for the inverse); --substeps adds a\n"
           "step per butterfly before each layer (the explorer's sub-steps); --flip poly:BIT",
           isMlDsaTraceAlgorithm,
           noVerb<traceMlDsa>,
           "export-steps"}},
         [](const std::string&, const CliArgs& args) { traceUnknownAlgorithm(args); }});
    t.push_back(
        {"diffusion",
         "structural dependency, avalanche/SAC and the LEA-CTR precomputation per round",
         {{{},
           {option("alg", "D"), optional("vary", "FIELD[:FIRST-LAST]"), optional("rounds", "R"),
            optional("samples", "N"), optional("seed", "S"), optional("png", "FILE.png")},
           "per round: state bits depending on the varied bits, avalanche mean, SAC deviation\n"
           "(N random inputs, default 1000, 0 = structural only) and, for LEA, the CTR precomputation\n"
           "D: " +
               ids(analysis::diffusionAlgorithms()) +
               "\nFIELD: state, key, nonce (Ascon); pt, key (LEA, SKINNY); state (ML-DSA NTT/INTT: the\n"
               "polynomial, dependency per coefficient, structural only: N defaults to 0 and must be 0)",
           nullptr,
           noVerb<runDiffusion>,
           "png"}}});
    t.push_back(
        {"ip",
         "the Verilated IP cores: Ascon (AEAD), the LEA / SKINNY-128-256/384 block cores, the ML-DSA unit",
         {{{"run"},
           {option("alg", ipAlg), option("key", "HEX"), option("nonce", "HEX"), optional("ad", "HEX"),
            option("pt", "HEX"), optional("unroll", "N"), flag("precomputed"), flag("ad-precomputed"),
            optional("vcd", "FILE"), optional("fst", "FILE"), flag("lanes")},
           "encrypt through the Verilated Ascon IP: clocks per phase, AXI transactions, traces;\n"
           "--lanes adds the pipeline lanes: per block its issue, delay stages, take, and the\n"
           "clocks its length, lane 0 and lane 1 wait to meet at the take (paper 000 Fig. 7)",
           nullptr,
           noVerb<ipRun>},
          {{"kat"},
           {option("alg", ipAlg), optional("unroll", "N"), flag("precomputed"), word("FILE")},
           "the KAT file through the IP",
           nullptr,
           noVerb<ipKat>},
          {{"resources"},
           {optional("unroll", "N"), flag("detail"), optional("param", "NAME=N,...")},
           "yosys synth_xilinx (xc7): LUTs, FFs, MUXF7/8, CARRY4; --detail adds -abc9, the core\n"
           "alone and a LUT depth (ltp on a generic LUT6 mapping); --param sets AXI-top parameters\n"
           "(IN_DEPTH, OUT_DEPTH; Ascon's VARIANTS, LEN_BITS, PHASE_COUNTERS also reach the core)",
           noAlg,
           noVerb<ipResources>},
          {{"run"},
           {option("alg", blockCores), option("key", "HEX"), option("pt", "HEX"), optional("mode", "ecb|ctr"),
            optional("iv", "HEX"), optional("unroll", "RPC"), optional("fst", "FILE")},
           "the LEA / SKINNY core: output next to the model, clocks",
           isBlockIpAlgorithm,
           noVerb<ipBlockRun>},
          {{"kat"},
           {option("alg", blockCores), optional("unroll", "RPC"), word("FILE")},
           "ECB/CTR vectors through the core",
           isBlockIpAlgorithm,
           noVerb<ipBlockKat>},
          {{"resources"},
           {option("alg", blockCores), optional("unroll", "RPC"), flag("detail")},
           "the same synthesis for those cores",
           isBlockIpAlgorithm,
           noVerb<ipBlockResources>},
          {{"run"},
           {option("alg", mldsaOps), optional("butterflies", "B"), optional("random", "SEED"),
            optional("in", "FILE"), optional("vcd", "FILE"), optional("fst", "FILE"), flag("lanes")},
           "the ML-DSA polynomial unit (B butterflies per clock): output next to the FIPS 204 model,\n"
           "clocks; --in: 1024 bytes (2048 for pwm/pwa: a then b) of big-endian 32-bit coefficients,\n"
           "their hex text, or 256 (512) decimal coefficients;\n"
           "--lanes adds per layer (one pass for pwm/pwa) its issue clocks, first issue and last write",
           isMlDsaIpAlgorithm,
           noVerb<ipMlDsaRun>},
          {{"resources"},
           {option("alg", mldsaOps), optional("butterflies", "B"), flag("detail")},
           "the same synthesis for the ML-DSA unit (DSP48s, block RAMs)",
           isMlDsaIpAlgorithm,
           noVerb<ipMlDsaResources>}},
         [](const std::string&, const CliArgs&) {
             throw UsageError("--alg: ip resources takes " + oracle::joinIds(hw::blockIpAlgorithms()) +
                              " or " + shortAlternatives(hw::ipCoreInfo("mldsa")->operations()) +
                              " (no --alg: Ascon)");
         }});
    t.push_back(
        {"ntt",
         "ML-DSA ring arithmetic (FIPS 204): NTT, NTT^-1, MultiplyNTT, AddNTT",
         {{{"run"},
           {option("op", "ntt|intt|pwm|pwa"), optional("in", "FILE"), optional("random", "SEED"),
            optional("impl", "fast|reference")},
           "one polynomial through the fast path (AVX2 or portable, as the CPU allows) or the\n"
           "reference model, beside the model's answer (matchesReference; exit 1 when it differs).\n"
           "FILE: 1024 bytes (256 big-endian 32-bit coefficients < q) per polynomial, pwm/pwa a then\n"
           "b (2048 bytes), their hex text, or 256 (512) decimal coefficients; --random SEED: the\n"
           "oracle's random polynomials",
           nullptr,
           noVerb<nttRun>}}});
    t.push_back({"wave",
                 "VCD and FST files without the GUI",
                 {{{"info"},
                   {word("FILE")},
                   "a VCD or FST file's signals, changes, end tick, timescale",
                   nullptr,
                   noVerb<waveInfo>},
                  {{"convert"},
                   {word("IN"), word("OUT")},
                   "VCD <-> FST (by extension)",
                   nullptr,
                   noVerb<waveConvert>},
                  {{"delta"},
                   {word("FILE"), option("a", "SIGNAL=VALUE"), option("b", "SIGNAL=VALUE"),
                    optional("after", "TICK"), optional("clock", "SIGNAL")},
                   "ticks (and cycles of the clock) from where A first takes its value to where B then does",
                   nullptr,
                   noVerb<waveDelta>}}});
    t.push_back(
        {"campaign",
         "benchmark campaigns in an SQLite store",
         {{{"run"},
           {word("SPEC.json", true), optional("preset", "NAME"), option("db", "FILE"), flag("resume"),
            flag("new")},
           "run a benchmark campaign (SPEC.json or --preset: targets x algorithms x sizes x repeats)\n"
           "into an SQLite store; every run is checked against the C++ model first, committed as it\n"
           "ends; Ctrl+C stops between runs. A store holding this definition already is refused unless\n"
           "--resume (continue its newest campaign; \"nothing to do\" when finished) or --new (start\n"
           "another); one process runs a campaign at a time\n"
           "presets: " +
               ids(campaign::presetNames()) + "\ntargets: " + ids(campaign::specTargets()) +
               "\nalgorithms: " + ids(oracle::operationIds()),
           nullptr,
           noVerb<campaignRun>},
          {{"list"},
           {option("db", "FILE")},
           "the stored campaigns (list, export and chart only read the store)",
           nullptr,
           noVerb<campaignList>},
          {{"export"},
           {option("db", "FILE"), option("id", "N"), flag("csv"), optional("out", "FILE")},
           "one campaign's runs as CSV (--csv) or JSON (--json)",
           nullptr,
           noVerb<campaignExport>},
          {{"submit"},
           {word("SPEC.json", true), optional("preset", "NAME"), flag("slurm"), option("store", "DIR"),
            optional("partition", "P"), optional("max-parallel", "N"), optional("per-task", "RUNS"),
            optional("sbatch-arg", "ARG"), optional("cli", "PATH"), flag("resume")},
           "run a campaign on a Slurm cluster: cut into shards of RUNS runs (default: at most 100 tasks\n"
           "per target), one job array per target (cuda asks --gres=gpu:1, board the node named by the\n"
           "option board.slurm.nodelist; TARGET.slurm.partition/gres/nodelist/cpus in the spec's options),\n"
           "at most N tasks at a time; DIR on the shared file system holds the main store, plan.json, the\n"
           "job scripts, the shard stores and the logs. --sbatch-arg may be given more than once.\n"
           "--resume resubmits only the shards that failed, vanished or were never submitted",
           nullptr,
           noVerb<campaignSubmit>},
          {{"run-shard"},
           {option("store", "DIR"), optional("shard", "N")},
           "run one shard into DIR/shards/shard-N.db (what each array task runs; N defaults to\n"
           "$SLURM_ARRAY_TASK_ID); continues a shard store that has runs already",
           nullptr,
           noVerb<campaignRunShard>},
          {{"status"},
           {option("store", "DIR")},
           "every shard of the campaign in DIR: unsubmitted, pending, running, done, failed or merged\n"
           "(from squeue and the shard files)",
           nullptr,
           noVerb<campaignStatus>},
          {{"merge"},
           {option("store", "DIR")},
           "fold every done shard into DIR/campaign.db, one transaction each; merging twice adds\n"
           "nothing; a shard that is corrupt, of another campaign or conflicting is refused and named",
           nullptr,
           noVerb<campaignMerge>}}});
    t.push_back(
        {"chart",
         "a campaign chart to PNG or PDF",
         {{{},
           {option("db", "FILE"), option("campaign", "N[,M]"), optional("kind", "metric|speedup|efficiency"),
            optional("metric", "M"), optional("baseline", "TARGET"), option("out", "FILE.png|FILE.pdf")},
           "throughput (or M) vs message size, or speedup E = T_base / T and efficiency\n"
           "S = 1 - T / T_base against the baseline target (default cpu), campaigns side by side",
           nullptr,
           noVerb<runChart>,
           "*"}}});
    t.push_back(
        {"riscv",
         "the RV32 kernels under QEMU or Spike, in retired instructions",
         {{{"run"},
           {option("kernel", "K"), optional("bytes", "N"), optional("ad-bytes", "N"),
            optional("sim", "qemu|spike"), optional("isa", "rv32im|rv32i")},
           "one RV32 kernel under QEMU (-icount shift=0) or Spike, checked against the C++ model;\n"
           "counts are retired instructions (instret), per phase and per block",
           nullptr,
           noVerb<riscvRun>},
          {{"kernels"}, {}, "the kernels of the RV32 images", nullptr, noVerb<riscvKernels>},
          {{"paper003"},
           {optional("sim", "qemu|spike"), optional("isa", "rv32im|rv32i")},
           "paper 003's tables: LEA-128 CTR instructions per block for the C reference and the three\n"
           "assembly variants; LEA-GCM at 16/64/128 bytes, 16-byte AAD, split into GF multiply, CTR\n"
           "and GHASH",
           nullptr,
           noVerb<riscvPaper003>}}});
    t.push_back(
        {"board",
         "a Zynq board over its USB-UART, or the virtual board",
         {{{"info", "kat", "bench"},
           {option("port", "DEV|virtual"), optional("baud", "B"), optional("alg", ipAlg),
            optional("path", "hw|sw"), optional("count", "N"), optional("size", "BYTES"), word("FILE", true)},
           "a Zynq board over its USB-UART, or the virtual board (roundscope-board-sim: the firmware\n"
           "over the Verilated IP, modelled timing): what it is, a KAT FILE through it (hardware IP or\n"
           "ARM software path), or a benchmark of --count messages of --size bytes",
           nullptr,
           runBoard},
          {{"paper000"},
           {optional("port", "DEV|virtual"), optional("baud", "B"), optional("records", "N"),
            optional("cpi", "LO:HI"), optional("gp-read-ns", "LO:HI"), optional("gp-write-ns", "LO:HI"),
            optional("driver-insns", "LO:HI"), flag("per-record")},
           "paper 000's headline results beside ours: every Ascon-128 and Ascon-128a KAT record (all 1089,\n"
           "or the first --records) encrypted and decrypted on the software and on the IP path, each\n"
           "verified, then its timer ticks added up; the speedup (measured on a board; a modelled range on\n"
           "the virtual board, with every input and its source) and the memory saving of the firmware\n"
           "builds (ELF sizes, stacks under QEMU) next to the paper's 7.93x and 90 %",
           nullptr,
           runBoardPaper000}}});
    t.push_back({"list", "the algorithms and their sizes", {{{}, {}, "", nullptr, noVerb<runList>}}});
    t.push_back({"demo", "a short tour of the models", {{{}, {}, "", nullptr, noVerb<runDemo>}}});
    return t;
}

constexpr std::size_t kWidth = 104;

/** Writes text at `indent`, broken at spaces before kWidth; continuation lines go 2 further in. */
void appendWrapped(std::ostringstream& out, const std::string& text, std::size_t indent) {
    std::string line(indent, ' ');
    std::istringstream words(text);
    bool first = true;
    for (std::string w; words >> w; first = false) {
        if (!first && line.size() + 1 + w.size() > kWidth) {
            out << line << "\n";
            line = std::string(indent + 2, ' ');
            first = true;
        }
        line += (first ? "" : " ") + w;
    }
    out << line << "\n";
}

void appendUsage(std::ostringstream& out, const CliCommand& c, const CliUsage& u) {
    std::string verbs;
    for (const std::string& v : u.verbs)
        verbs += (verbs.empty() ? "" : "|") + v;
    appendWrapped(out, c.name + (verbs.empty() ? "" : " " + verbs) + " " + u.synopsis(), 2);
    std::istringstream help(u.help.empty() && c.usages.size() == 1 ? c.summary : u.help);
    for (std::string line; std::getline(help, line);)
        appendWrapped(out, line, 8);
}

constexpr const char* kHeader = "usage: roundscope-cli COMMAND [options] [--json]\n";
constexpr const char* kExitStatus =
    "Exit status: 0 ok, 1 KAT failures (campaign: a run failed or it was stopped), 2 bad usage or\n"
    "input, 3 authentication failed.\n";

/** The usage line a command line runs: among the verb's lines, the first whose test applies, else the
 *  verb's line without a test; nullptr when none. */
const CliUsage* pickUsage(const CliCommand& c, const std::string& verb, const CliArgs& args) {
    const CliUsage* fallback = nullptr;
    for (const CliUsage& u : c.usages) {
        if (!u.verbs.empty() && std::find(u.verbs.begin(), u.verbs.end(), verb) == u.verbs.end()) continue;
        if (u.applies == nullptr) {
            if (fallback == nullptr) fallback = &u;
        } else if (u.applies(args)) {
            return &u;
        }
    }
    return fallback;
}

} // namespace

std::string CliUsage::synopsis() const {
    std::string out;
    for (const CliArg& a : args) {
        std::string text = a.kind == Kind::Positional ? a.name : "--" + a.name;
        if (a.kind == Kind::Option) text += " " + a.value;
        if (a.optional) text = "[" + text + "]";
        out += (out.empty() ? "" : " ") + text;
    }
    return out;
}

std::set<std::string> CliUsage::options() const {
    std::set<std::string> out;
    for (const CliArg& a : args)
        if (a.kind == Kind::Option) out.insert(a.name);
    return out;
}

std::set<std::string> CliUsage::flags() const {
    std::set<std::string> out;
    for (const CliArg& a : args)
        if (a.kind == Kind::Flag) out.insert(a.name);
    return out;
}

bool CliUsage::takesWords() const {
    return std::any_of(args.begin(), args.end(), [](const CliArg& a) { return a.kind == Kind::Positional; });
}

std::vector<std::string> CliCommand::verbs() const {
    std::vector<std::string> out;
    for (const CliUsage& u : usages)
        for (const std::string& v : u.verbs)
            if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    return out;
}

const std::vector<CliCommand>& cliCommands() {
    static const std::vector<CliCommand> table = buildTable();
    return table;
}

const CliCommand* findCommand(const std::string& name) {
    for (const CliCommand& c : cliCommands())
        if (c.name == name) return &c;
    return nullptr;
}

const std::set<std::string>& knownFlags() {
    static const std::set<std::string> flags = [] {
        std::set<std::string> f{"json", "help"};
        for (const CliCommand& c : cliCommands())
            for (const CliUsage& u : c.usages)
                for (const std::string& name : u.flags())
                    f.insert(name);
        return f;
    }();
    return flags;
}

std::string helpText() {
    std::ostringstream out;
    out << kHeader << "\nCommands:\n";
    std::size_t width = 0;
    for (const CliCommand& c : cliCommands())
        width = std::max(width, c.name.size());
    for (const CliCommand& c : cliCommands())
        out << "  " << c.name << std::string(width + 2 - c.name.size(), ' ') << c.summary << "\n";
    out << "\n";
    for (const CliCommand& c : cliCommands())
        for (const CliUsage& u : c.usages)
            appendUsage(out, c, u);
    out << "\n" << kExitStatus;
    return out.str();
}

std::string commandHelp(const CliCommand& command) {
    std::ostringstream out;
    out << kHeader << "\n" << command.name << ": " << command.summary << "\n\n";
    for (const CliUsage& u : command.usages)
        appendUsage(out, command, u);
    out << "\n" << kExitStatus;
    return out.str();
}

bool needsGui(const std::vector<std::string>& argv) {
    const CliCommand* c = argv.size() > 1 ? findCommand(argv[1]) : nullptr;
    if (c == nullptr) return false;
    for (const CliUsage& u : c->usages) {
        if (u.guiOption == "*") return true;
        if (u.guiOption.empty()) continue;
        const std::string opt = "--" + u.guiOption;
        for (const std::string& a : argv)
            if (a == opt || a.rfind(opt + "=", 0) == 0) return true;
    }
    return false;
}

int dispatch(const std::vector<std::string>& argv) {
    if (argv.size() < 2 || argv[1] == "--help" || argv[1] == "help" || argv[1] == "-h") {
        std::cout << helpText();
        return argv.size() < 2 ? kExitUsage : kExitOk;
    }
    const CliCommand* command = findCommand(argv[1]);
    // --help after a command ("campaign run --help") shows its usage instead of running anything.
    if (std::find(argv.begin() + 2, argv.end(), "--help") != argv.end()) {
        std::cout << (command ? commandHelp(*command) : helpText());
        return kExitOk;
    }
    if (command == nullptr) throw UsageError("unknown command '" + argv[1] + "' (try --help)");
    const std::vector<std::string> verbs = command->verbs();
    std::string verb;
    if (!verbs.empty()) {
        if (argv.size() < 3 || argv[2].rfind("--", 0) == 0)
            throw UsageError(command->name + ": expected " + quotedChoice(verbs));
        verb = argv[2];
        if (std::find(verbs.begin(), verbs.end(), verb) == verbs.end())
            throw UsageError(command->name + ": expected " + quotedChoice(verbs) + ", got '" + verb + "'");
    }
    const CliArgs args(argv, verbs.empty() ? 2 : 3);
    const CliUsage* usage = pickUsage(*command, verb, args);
    if (usage == nullptr) {
        if (command->noUsage) command->noUsage(verb, args);
        throw UsageError(command->name + ": no usage line applies (try --help)");
    }
    if (!usage->takesWords() && !args.positional().empty())
        throw UsageError("unexpected argument '" + args.positional().front() + "'");
    args.allow(usage->options(), usage->flags());
    return usage->run(verb, args);
}

} // namespace rs::cli
