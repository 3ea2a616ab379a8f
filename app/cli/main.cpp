// roundscope-cli: everything the GUI does, scriptable; with --json each command prints exactly one
// JSON object on stdout. Errors: one line on stderr naming the argument, exit status 2.
#include "clicommands.h"

#include "fileio/safefile.h"
#include "katfile.h"

#include <QApplication>
#include <QCoreApplication>

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr const char* kUsage = R"(usage: roundscope-cli COMMAND [options] [--json]

  aead encrypt --alg A --key HEX --nonce HEX [--ad HEX] --pt HEX
  aead decrypt --alg A --key HEX --nonce HEX [--ad HEX] --ct HEX --tag HEX
        A: ascon-128, ascon-128a, ascon-aead128, lea-128-gcm, lea-192-gcm, lea-256-gcm
  block encrypt|decrypt --alg B --key HEX --in HEX [--mode ecb|ctr] [--iv HEX]
        B: lea-128, lea-192, lea-256, skinny-64-64, skinny-64-128, skinny-64-192,
           skinny-128-128, skinny-128-256, skinny-128-384 (SKINNY --key is the whole tweakey)
  hash --alg ascon-hash256|ascon-xof128|ascon-hash|ascon-xof --in HEX [--outlen N]
  kat --alg A FILE            run a NIST LWC / KISA KAT file; prints "N passed, N failed"
  trace --alg ascon-p [--in HEX40] [--rounds R] [--flip FIELD:BIT]
  trace --alg A --key HEX --nonce HEX [--ad HEX] --pt HEX [--flip FIELD:BIT]
  trace --alg B --key HEX --in HEX [--rounds R] [--decrypt] [--flip FIELD:BIT]
        --flip also runs the twin with that input bit flipped (FIELD: in, key, nonce, ad, pt)
  diffusion --alg D [--vary FIELD[:FIRST-LAST]] [--rounds R] [--samples N] [--seed S] [--png FILE]
        per round: state bits depending on the varied bits, avalanche mean, SAC deviation
        (N random inputs, default 1000, 0 = structural only) and, for LEA, the CTR precomputation
        D: ascon-p, ascon-128, ascon-128a, ascon-aead128 (FIELD state, key, nonce),
           lea-128/192/256, skinny-* (FIELD pt, key)
  ip run --alg A --key HEX --nonce HEX [--ad HEX] --pt HEX [--unroll N] [--precomputed]
                [--ad-precomputed] [--vcd FILE] [--fst FILE] [--lanes]
        encrypt through the Verilated Ascon IP: clocks per phase, AXI transactions, traces;
        --lanes adds the pipeline lanes: per block its issue, delay stages, take, and the
        clocks its length, lane 0 and lane 1 wait to meet at the take (paper 000 Fig. 7)
  ip kat --alg A [--unroll N] [--precomputed] FILE    the KAT file through the IP
  ip resources [--unroll N]   yosys synth_xilinx (xc7): LUTs, FFs, MUXF7/8, CARRY4
  ip run --alg lea-128|lea-192|lea-256|skinny-128-256 --key HEX --pt HEX [--mode ecb|ctr --iv HEX]
         [--unroll RPC] [--fst FILE]   the LEA / SKINNY core: output next to the model, clocks
  ip resources --alg lea-128|skinny-128-256 [--unroll RPC]   the same synthesis for those cores
  ip kat --alg lea-128|lea-192|lea-256|skinny-128-256 [--unroll RPC] FILE   ECB/CTR vectors through the core
  wave info FILE              a VCD or FST file's signals, changes, end tick, timescale
  wave convert IN OUT         VCD <-> FST (by extension)
  wave delta FILE --a SIGNAL=VALUE --b SIGNAL=VALUE [--after TICK] [--clock SIGNAL]
        ticks (and cycles of the clock) from where A first takes its value to where B then does
  campaign run SPEC.json|--preset NAME --db FILE [--resume|--new]
        run a benchmark campaign (targets x algorithms x sizes x repeats) into an SQLite store;
        every run is checked against the C++ model first, committed as it ends; Ctrl+C stops
        between runs. A store holding this definition already is refused unless --resume (continue
        its newest campaign; "nothing to do" when finished) or --new (start another); one process
        runs a campaign at a time
        presets: nist-lwc, paper004, paper003; targets: cpu, cpu-mt, ip, cuda,
        riscv-qemu, riscv-spike, board
  campaign list --db FILE     the stored campaigns (list, export and chart only read the store)
  campaign export --db FILE --id N --csv|--json [--out FILE]
  chart --db FILE --campaign N[,M] [--kind metric|speedup|efficiency] [--metric M]
        [--baseline TARGET] --out FILE.png|FILE.pdf
        throughput (or M) vs message size, or speedup E = T_base / T and efficiency
        S = 1 - T / T_base against the baseline target (default cpu), campaigns side by side
  riscv run --kernel K [--bytes N] [--ad-bytes N] [--sim qemu|spike] [--isa rv32im|rv32i]
        one RV32 kernel under QEMU (-icount shift=0) or Spike, checked against the C++ model;
        counts are retired instructions (instret), per phase and per block
  riscv kernels               the kernels of the RV32 images
  riscv paper003 [--sim S] [--isa I]   paper 003's tables: LEA-128 CTR instructions per block for
        the C reference and the three assembly variants; LEA-GCM at 16/64/128 bytes, 16-byte AAD,
        split into GF multiply, CTR and GHASH
  board info|kat|bench --port DEV|virtual [--baud B] [--alg A] [--path hw|sw] [FILE]
        a Zynq board over its USB-UART, or the virtual board (roundscope-board-sim: the firmware
        over the Verilated IP, modelled timing): what it is, a KAT file through it (hardware IP or
        ARM software path), or a benchmark (--count N --size BYTES)
  list                        the algorithms and their sizes
  demo                        a short tour of the models

Exit status: 0 ok, 1 KAT failures (campaign: a run failed or it was stopped), 2 bad usage or
input, 3 authentication failed.
)";

int dispatch(const std::vector<std::string>& argv) {
    using namespace rs::cli;
    if (argv.size() < 2 || argv[1] == "--help" || argv[1] == "help" || argv[1] == "-h") {
        std::cout << kUsage;
        return argv.size() < 2 ? kExitUsage : kExitOk;
    }
    // --help after a command ("campaign run --help") shows the usage instead of running anything.
    if (std::find(argv.begin() + 2, argv.end(), "--help") != argv.end()) {
        std::cout << kUsage;
        return kExitOk;
    }
    const std::string& cmd = argv[1];
    if (cmd == "aead" || cmd == "block") {
        if (argv.size() < 3 || argv[2].rfind("--", 0) == 0)
            throw UsageError(cmd + ": expected 'encrypt' or 'decrypt'");
        const CliArgs args(argv, 3);
        if (!args.positional().empty())
            throw UsageError("unexpected argument '" + args.positional().front() + "'");
        return cmd == "aead" ? runAead(argv[2], args) : runBlock(argv[2], args);
    }
    if (cmd == "ip") {
        if (argv.size() < 3 || argv[2].rfind("--", 0) == 0)
            throw UsageError("ip: expected 'run', 'kat' or 'resources'");
        return runIp(argv[2], CliArgs(argv, 3));
    }
    if (cmd == "campaign") {
        if (argv.size() < 3 || argv[2].rfind("--", 0) == 0)
            throw UsageError("campaign: expected 'run', 'list' or 'export'");
        return runCampaign(argv[2], CliArgs(argv, 3));
    }
    if (cmd == "board") {
        if (argv.size() < 3 || argv[2].rfind("--", 0) == 0)
            throw UsageError("board: expected 'info', 'kat' or 'bench'");
        return runBoard(argv[2], CliArgs(argv, 3));
    }
    if (cmd == "riscv") {
        if (argv.size() < 3 || argv[2].rfind("--", 0) == 0)
            throw UsageError("riscv: expected 'run', 'kernels' or 'paper003'");
        return runRiscv(argv[2], CliArgs(argv, 3));
    }
    if (cmd == "wave") {
        if (argv.size() < 3 || argv[2].rfind("--", 0) == 0)
            throw UsageError("wave: expected 'info', 'convert' or 'delta'");
        return runWave(argv[2], CliArgs(argv, 3));
    }
    const CliArgs args(argv, 2);
    if (cmd != "kat" && !args.positional().empty())
        throw UsageError("unexpected argument '" + args.positional().front() + "'");
    if (cmd == "hash") return runHash(args);
    if (cmd == "kat") return runKat(args);
    if (cmd == "trace") return runTrace(args);
    if (cmd == "list") return runList(args);
    if (cmd == "demo") return runDemo(args);
    if (cmd == "diffusion") return runDiffusion(args);
    if (cmd == "chart") return runChart(args);
    throw UsageError("unknown command '" + cmd + "' (try --help)");
}

// Qt's own warnings (e.g. the offscreen platform's XDG_RUNTIME_DIR note) would break the CLI's
// contract of one error line on stderr; they are shown only when ROUNDSCOPE_QT_MESSAGES is set.
void quietQtMessages(QtMsgType type, const QMessageLogContext&, const QString& msg) {
    static const bool verbose = !qEnvironmentVariableIsEmpty("ROUNDSCOPE_QT_MESSAGES");
    if (verbose || type == QtCriticalMsg || type == QtFatalMsg) std::cerr << msg.toStdString() << std::endl;
}

} // namespace

int main(int argc, char** argv) {
    qInstallMessageHandler(quietQtMessages);
    rs::fileio::ignoreFileSizeSignal(); // a file-size limit is a write error with a message, not SIGXFSZ
    const std::vector<std::string> args(argv, argv + argc);
    // Charts (--png) need a GUI application; everything else runs without a display.
    const bool needsGui = (args.size() > 1 && args[1] == "chart") ||
                          std::any_of(args.begin(), args.end(), [](const std::string& a) {
                              return a == "--png" || a.rfind("--png=", 0) == 0;
                          });
    if (needsGui && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> app = needsGui ? std::make_unique<QApplication>(argc, argv)
                                                     : std::make_unique<QCoreApplication>(argc, argv);
    try {
        return dispatch(args);
    } catch (const rs::cli::UsageError& e) {
        std::cerr << "roundscope-cli: " << e.what() << std::endl;
    } catch (const rs::crypto::InvalidArgument& e) {
        // Model messages start with the argument's name ("key must be 16 bytes, got 3").
        const std::string what = e.what();
        const bool named =
            what.rfind("key ", 0) == 0 || what.rfind("nonce ", 0) == 0 || what.rfind("tag ", 0) == 0;
        std::cerr << "roundscope-cli: " << (named ? "--" : "") << what << std::endl;
    } catch (const rs::core::KatError& e) {
        std::cerr << "roundscope-cli: " << e.what() << std::endl;
    } catch (const std::bad_alloc&) {
        // Inputs are bounded where they are read; say which command ran out rather than "std::bad_alloc".
        std::string command;
        for (std::size_t i = 1; i < args.size() && i < 3 && args[i].rfind("--", 0) != 0; ++i)
            command += (command.empty() ? "" : " ") + args[i];
        std::cerr << "roundscope-cli: " << command
                  << ": out of memory (an input or a size given is too large)" << std::endl;
    } catch (const std::exception& e) {
        std::cerr << "roundscope-cli: error: " << e.what() << std::endl;
    }
    return rs::cli::kExitUsage;
}
