// ip: the Verilated Ascon IP core. `ip run` encrypts through it and reports the clocks per phase
// and the AXI traffic, `ip kat` runs a KAT file through it with the shared comparator, and
// `ip resources` synthesises the RTL with yosys for a 7-series FPGA.
#include "app/cli/clicommands.h"

#include "core/katfile.h"
#include "core/katrunner.h"
#include "core/oracle/algorithms.h"
#include "core/waveform/vcd.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/ipalgorithm.h"
#include "hw/ip/block/blockip.h"
#include "hw/ip/ipcores.h"
#include "hw/ip/iptrace.h"
#include "hw/ip/resourcereport.h"

#include <QJsonArray>

#include <algorithm>
#include <iostream>
#include <regex>
#include <sstream>

namespace rs::cli {

namespace {

QString hex(const crypto::Bytes& b) {
    return QString::fromStdString(crypto::toHex(b));
}

std::string unrollList() {
    std::string list;
    for (int u : hw::AsconIpDevice::supportedUnrolls())
        list += (list.empty() ? "" : ", ") + std::to_string(u);
    return list;
}

crypto::AsconAeadVariant variantOf(const CliArgs& args) {
    const std::string id = args.require("alg");
    const auto v = hw::ipVariantFromId(id);
    if (!v)
        throw UsageError("--alg: unknown algorithm '" + id + "' for ip (choose one of " +
                         oracle::joinIds(hw::ipCoreInfo("ascon")->operations()) + ")");
    return *v;
}

/** The simulated build: --unroll (one of the Verilated settings), --precomputed, --ad-precomputed. */
hw::AsconIpOptions simOptions(const CliArgs& args) {
    hw::AsconIpOptions opt;
    opt.unroll = static_cast<int>(args.integer("unroll", 1, 1, 12));
    const auto built = hw::AsconIpDevice::supportedUnrolls();
    if (std::find(built.begin(), built.end(), opt.unroll) == built.end())
        throw UsageError("--unroll: " + std::to_string(opt.unroll) + " is not built (choose one of " +
                         unrollList() + ")");
    opt.precomputed = args.flag("precomputed");
    opt.adPrecomputed = args.flag("ad-precomputed");
    if (opt.adPrecomputed && !opt.precomputed) throw UsageError("--ad-precomputed needs --precomputed");
    return opt;
}

/** Reads `ip resources`' --detail and --param NAME=N,... into the options. */
void resourceDetailOptions(const CliArgs& args, hw::ResourceOptions& opt) {
    opt.detail = args.flag("detail");
    const std::optional<std::string> param = args.value("param");
    if (!param) return;
    std::stringstream list(*param);
    for (std::string item; std::getline(list, item, ',');) {
        const std::size_t eq = item.find('=');
        int value = 0;
        try {
            static const std::regex name("[A-Za-z_][A-Za-z0-9_]*");
            if (eq == std::string::npos || !std::regex_match(item.substr(0, eq), name))
                throw std::invalid_argument(item);
            std::size_t used = 0;
            value = std::stoi(item.substr(eq + 1), &used);
            if (used != item.size() - eq - 1) throw std::invalid_argument(item);
        } catch (const std::exception&) {
            throw UsageError("--param: expected NAME=N[,NAME=N...], got '" + item + "'");
        }
        opt.params.emplace_back(item.substr(0, eq), value);
    }
    // Names the top does not declare are refused here, before yosys runs (it would print its own error).
    try {
        hw::checkResourceParams(opt);
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--param: ") + e.what());
    }
}

int ipRun(const CliArgs& args) {
    const crypto::AsconAeadVariant v = variantOf(args);
    hw::AsconIpOptions opt = simOptions(args);
    const crypto::Bytes key = args.hex("key"), nonce = args.hex("nonce"), pt = args.hex("pt");
    const crypto::Bytes ad = args.hexOr("ad", {});
    opt.vcdPath = args.value("vcd").value_or("");
    opt.fstPath = args.value("fst").value_or("");
    waveform::WaveformStore capture;
    if (args.flag("lanes")) {
        opt.capture = &capture;
        // The lanes need only these; a --vcd written from the same capture keeps every group.
        if (opt.vcdPath.empty()) opt.captureGroups = {"control", "pipeline"};
    }
    hw::AsconIp ip;
    hw::AsconIpEncryptResult r;
    try {
        r = ip.encrypt(v, key, nonce, ad, pt, opt);
    } catch (const waveform::VcdError& e) {
        throw UsageError(std::string("--vcd: ") + e.what());
    } catch (const hw::IpTraceError& e) {
        throw UsageError(std::string("--fst: ") + e.what());
    }
    const hw::AsconIpCycles& c = r.run.cycles;
    QJsonObject out{{"algorithm", QString::fromStdString(std::string(crypto::asconAeadName(v)))},
                    {"unroll", opt.unroll},
                    {"precomputed", opt.precomputed},
                    {"ad_precomputed", opt.adPrecomputed},
                    {"ct", hex(r.ct)},
                    {"tag", hex(r.tag)},
                    {"cycles", QJsonObject{{"total", static_cast<qint64>(c.total)},
                                           {"init", static_cast<qint64>(c.init)},
                                           {"ad", static_cast<qint64>(c.ad)},
                                           {"data", static_cast<qint64>(c.data)},
                                           {"final", static_cast<qint64>(c.final)},
                                           {"core", static_cast<qint64>(c.core())},
                                           {"axi", static_cast<qint64>(c.axi)},
                                           {"stall", static_cast<qint64>(c.stall)}}},
                    {"axi_transactions", static_cast<qint64>(r.run.axiTransactions)},
                    {"streamed", r.run.streamed}};
    if (!opt.vcdPath.empty()) out.insert("vcd", QString::fromStdString(opt.vcdPath));
    if (!opt.fstPath.empty()) out.insert("fst", QString::fromStdString(opt.fstPath));
    if (args.flag("lanes")) out.insert("lanes", lanesJson(hw::extractPipelineLanes(capture)));
    printResult(args, out);
    return kExitOk;
}

int ipKat(const CliArgs& args) {
    if (args.positional().size() != 1)
        throw UsageError("ip kat: expected exactly one KAT FILE after the options, got " +
                         std::to_string(args.positional().size()));
    variantOf(args);
    const hw::AsconIpOptions opt =
        simOptions(args); // --ad-precomputed is not taken: a KAT file varies the AD
    const std::string path = args.positional().front();
    hw::AsconIp ip;
    const oracle::AeadAlgorithm alg = hw::ipAeadAlgorithm(ip, args.require("alg"), opt);
    core::KatOutcome outcome;
    try {
        outcome = core::runAeadKat(alg, core::readKatFile(path));
    } catch (const core::KatError& e) {
        throw UsageError(std::string("FILE: ") + e.what());
    }
    return reportKatOutcome(args, alg.displayName, path, outcome,
                            "ip kat: no record of " + path + " has a 16-byte key");
}

int ipResources(const CliArgs& args) {
    hw::ResourceOptions opt;
    opt.unroll = static_cast<int>(args.integer("unroll", 1, 1, 12));
    resourceDetailOptions(args, opt);
    std::optional<QJsonObject> o = synthesizeJson(opt);
    if (!o) return kExitUsage;
    // The paper's Vivado figures for its Zynq-7020 core, for comparison (Tables 2 and 3).
    const QJsonObject paper{
        {"ascon128", QJsonObject{{"luts", 39224}, {"registers", 7446}, {"muxf7", 844}, {"muxf8", 67}}},
        {"ascon128a", QJsonObject{{"luts", 29471}, {"registers", 6555}, {"muxf7", 202}, {"muxf8", 27}}}};
    o->insert(QStringLiteral("paper"), paper);
    printResult(args, *o);
    return kExitOk;
}

QJsonObject countsJson(const hw::ResourceCounts& r) {
    return QJsonObject{
        {"luts", static_cast<qint64>(r.luts)},    {"lut_ram", static_cast<qint64>(r.lutRam)},
        {"ffs", static_cast<qint64>(r.ffs)},      {"muxf7", static_cast<qint64>(r.muxf7)},
        {"muxf8", static_cast<qint64>(r.muxf8)},  {"carry4", static_cast<qint64>(r.carry4)},
        {"dsp48", static_cast<qint64>(r.dsp48)},  {"block_ram", static_cast<qint64>(r.blockRam)},
        {"other", static_cast<qint64>(r.other())}};
}

QJsonObject scopeJson(const hw::ScopeResources& s) {
    return QJsonObject{{"top", QString::fromStdString(s.top)},
                       {"abc", countsJson(s.abc)},
                       {"abc9", countsJson(s.abc9)},
                       {"lut_depth", s.lutDepth},
                       {"seconds", s.seconds}};
}

} // namespace

std::optional<QJsonObject> synthesizeJson(const hw::ResourceOptions& opt) {
    hw::ResourceReport r;
    try {
        r = hw::synthesizeResources(opt);
    } catch (const hw::ToolMissing& e) {
        std::cerr << "roundscope-cli: ip resources: " << e.what() << std::endl;
        return std::nullopt;
    }
    QJsonObject cells;
    for (const auto& [name, n] : r.cells)
        cells.insert(QString::fromStdString(name), static_cast<qint64>(n));
    QJsonObject out{{"unroll", r.unroll},
                    {"target", "xc7 (yosys synth_xilinx -family xc7)"},
                    {"luts", static_cast<qint64>(r.luts)},
                    {"lut_ram", static_cast<qint64>(r.lutRam)},
                    {"ffs", static_cast<qint64>(r.ffs)},
                    {"muxf7", static_cast<qint64>(r.muxf7)},
                    {"muxf8", static_cast<qint64>(r.muxf8)},
                    {"carry4", static_cast<qint64>(r.carry4)},
                    {"dsp48", static_cast<qint64>(r.dsp48)},
                    {"block_ram", static_cast<qint64>(r.blockRam)},
                    {"cells", cells},
                    {"yosys", QString::fromStdString(r.yosysVersion)},
                    {"seconds", r.seconds}};
    if (r.ip) out.insert("ip", scopeJson(*r.ip));
    if (r.core) out.insert("core", scopeJson(*r.core));
    if (!opt.params.empty()) {
        QJsonObject params;
        for (const auto& [name, value] : opt.params)
            params.insert(QString::fromStdString(name), value);
        out.insert("params", params);
    }
    return out;
}

namespace {

bool noAlg(const CliArgs& a) {
    return !a.has("alg");
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

/** No line of `ip` applies: only `ip resources --alg X` with an X no core claims gets here. */
[[noreturn]] void ipNoUsage(const std::string&, const CliArgs&) {
    throw UsageError("--alg: ip resources takes " + oracle::joinIds(hw::blockIpAlgorithms()) + " or " +
                     shortAlternatives(hw::ipCoreInfo("mldsa")->operations()) + " (no --alg: Ascon)");
}

} // namespace

CliCommand ipCommand() {
    // What the Ascon core runs, from the IP core registry (hw/ip/ipcores.h) and the oracle.
    const std::string ipAlg = alternatives(hw::ipCoreInfo("ascon")->operations());
    CliCommand c{
        "ip",
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
          noVerb<ipResources>}},
        ipNoUsage};
    // The other cores' lines, from their files, after the Ascon core's (the help's order).
    for (std::vector<CliUsage> more : {ipBlockUsages(), ipMlDsaUsages()})
        for (CliUsage& u : more)
            c.usages.push_back(std::move(u));
    return c;
}

} // namespace rs::cli
