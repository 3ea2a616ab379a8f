// ip: the Verilated Ascon IP core. `ip run` encrypts (or, --decrypt, decrypts) through it and reports the
// clocks per phase and the AXI traffic, `ip kat` runs a KAT file through it with the shared comparator, and
// `ip resources` synthesises the RTL with yosys for a 7-series FPGA.
#include "app/cli/clicommands.h"

#include "core/katfile.h"
#include "core/katrunner.h"
#include "core/oracle/algorithms.h"
#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"
#include "core/waveform/vcd.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/ipalgorithm.h"
#include "hw/ip/block/blockip.h"
#include "hw/ip/ipcores.h"
#include "hw/ip/iptrace.h"
#include "hw/ip/resourcecache.h"
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

QJsonObject cyclesJson(const hw::AsconIpCycles& c) {
    return QJsonObject{{"total", static_cast<qint64>(c.total)}, {"init", static_cast<qint64>(c.init)},
                       {"ad", static_cast<qint64>(c.ad)},       {"data", static_cast<qint64>(c.data)},
                       {"final", static_cast<qint64>(c.final)}, {"core", static_cast<qint64>(c.core())},
                       {"axi", static_cast<qint64>(c.axi)},     {"stall", static_cast<qint64>(c.stall)}};
}

/** --vcd, --fst and --lanes into the options (the capture the lanes read is `capture`). */
void traceOptions(const CliArgs& args, hw::AsconIpOptions& opt, waveform::WaveformStore& capture) {
    opt.vcdPath = args.value("vcd").value_or("");
    opt.fstPath = args.value("fst").value_or("");
    if (args.flag("lanes")) {
        opt.capture = &capture;
        // The lanes need only these; a --vcd written from the same capture keeps every group.
        if (opt.vcdPath.empty()) opt.captureGroups = {"control", "pipeline"};
    }
}

/** Runs f, turning a trace file's failure into the usage error naming its option. */
template <class F> auto traced(F&& f) {
    try {
        return f();
    } catch (const waveform::VcdError& e) {
        throw UsageError(std::string("--vcd: ") + e.what());
    } catch (const hw::IpTraceError& e) {
        throw UsageError(std::string("--fst: ") + e.what());
    }
}

QJsonObject runJson(crypto::AsconAeadVariant v, const hw::AsconIpOptions& opt,
                    const hw::AsconIpRunInfo& run) {
    QJsonObject out{{"algorithm", QString::fromStdString(std::string(crypto::asconAeadName(v)))},
                    {"unroll", opt.unroll},
                    {"precomputed", opt.precomputed},
                    {"ad_precomputed", opt.adPrecomputed},
                    {"cycles", cyclesJson(run.cycles)},
                    {"axi_transactions", static_cast<qint64>(run.axiTransactions)},
                    {"streamed", run.streamed}};
    if (!opt.vcdPath.empty()) out.insert("vcd", QString::fromStdString(opt.vcdPath));
    if (!opt.fstPath.empty()) out.insert("fst", QString::fromStdString(opt.fstPath));
    return out;
}

int ipRunDecrypt(const CliArgs& args);

int ipRun(const CliArgs& args) {
    if (args.flag("decrypt") || args.has("ct") || args.has("tag")) return ipRunDecrypt(args);
    const crypto::AsconAeadVariant v = variantOf(args);
    hw::AsconIpOptions opt = simOptions(args);
    const crypto::Bytes key = args.hex("key"), nonce = args.hex("nonce"), pt = args.hex("pt");
    const crypto::Bytes ad = args.hexOr("ad", {});
    waveform::WaveformStore capture;
    traceOptions(args, opt, capture);
    hw::AsconIp ip;
    const hw::AsconIpEncryptResult r = traced([&] { return ip.encrypt(v, key, nonce, ad, pt, opt); });
    QJsonObject out = runJson(v, opt, r.run);
    out.insert("ct", hex(r.ct));
    out.insert("tag", hex(r.tag));
    if (args.flag("lanes")) out.insert("lanes", lanesJson(hw::extractPipelineLanes(capture)));
    printResult(args, out);
    return kExitOk;
}

/** `ip run --decrypt --ct HEX --tag HEX`: the IP checks the tag (STATUS.AUTH_OK / AUTH_FAIL) and releases
 *  the plaintext only when it verifies; a mismatch prints no plaintext and exits 3. */
int ipRunDecrypt(const CliArgs& args) {
    if (!args.flag("decrypt"))
        throw UsageError(std::string(args.has("ct") ? "--ct" : "--tag") +
                         ": only with --decrypt (ip run --decrypt --ct HEX --tag HEX ...; "
                         "encryption takes --pt)");
    if (args.has("pt"))
        throw UsageError(
            "--pt: not with --decrypt (decryption takes --ct and --tag; its plaintext is the output)");
    const crypto::AsconAeadVariant v = variantOf(args);
    hw::AsconIpOptions opt = simOptions(args);
    const crypto::Bytes key = args.hex("key"), nonce = args.hex("nonce");
    const crypto::Bytes ct = args.hex("ct"), tag = args.hex("tag");
    const crypto::Bytes ad = args.hexOr("ad", {});
    if (tag.size() != 16)
        throw UsageError("--tag: must be 16 bytes (32 hex digits), got " + std::to_string(tag.size()));
    waveform::WaveformStore capture;
    traceOptions(args, opt, capture);
    hw::AsconIp ip;
    const hw::AsconIpDecryptResult r = traced([&] { return ip.decrypt(v, key, nonce, ad, ct, tag, opt); });
    QJsonObject out = runJson(v, opt, r.run);
    out.insert("decrypt", true);
    out.insert("authenticated", r.pt.has_value());
    out.insert("passes", r.run.passes);
    if (r.pt) out.insert("pt", hex(*r.pt));
    if (args.flag("lanes")) out.insert("lanes", lanesJson(hw::extractPipelineLanes(capture)));
    if (!r.pt) {
        // The run's figures (and traces) still go out: they show the IP holding and clearing the output.
        if (args.flag("json")) printResult(args, out);
        std::cerr << "roundscope-cli: authentication failed: the tag does not match ("
                  << crypto::asconAeadName(v) << ", Verilated IP); no plaintext released" << std::endl;
        return kExitAuthFailed;
    }
    printResult(args, out);
    return kExitOk;
}

/** Records altered in one part, decrypted on the IP before the comparator runs. A record whose ciphertext
 *  alone or tag alone differs from the C++ model's encryption of its plaintext was altered there (a file for
 *  another algorithm, or with another key, nonce or AD, differs in both and stays an encryption mismatch).
 *  An empty ciphertext says nothing of key, nonce or algorithm, so a record with one whose tag alone differs
 *  counts as altered when the file shows it is of this algorithm: another of its records has a non-empty
 *  ciphertext that matches the model's. Its ciphertext and tag, as the file holds them, go into the IP's
 *  decryption: refused (STATUS.AUTH_FAIL), it is an authentication failure (`auth`); released, the IP is
 *  wrong (`ipFailures`). Either way it is taken out of the records the comparator judges, so it is never
 *  reported as an encryption mismatch. */
void splitAlteredRecords(const oracle::AeadAlgorithm& ipAlg, std::vector<core::KatRecord>& records,
                         std::vector<std::string>& auth, std::vector<std::string>& ipFailures) {
    const oracle::Operation op = oracle::operation(ipAlg.id);
    struct Altered {
        oracle::Inputs inputs;
        crypto::Bytes ct, tag;
        bool ctSame = false;
    };
    std::vector<std::optional<Altered>> altered(records.size());
    bool fileMatches = false; // a record with a ciphertext matches the model's: the file is of this algorithm
    for (std::size_t i = 0; i < records.size(); ++i) {
        const core::KatRecord& r = records[i];
        const std::optional<core::KatCase> c = core::katCase(op, r);
        const auto tagAt = [&](const crypto::Bytes& b) {
            return b.end() - static_cast<std::ptrdiff_t>(std::min(b.size(), ipAlg.tagBytes));
        };
        if (!c || !c->problem.empty() || c->expected.size() < ipAlg.tagBytes ||
            c->inputs.key.size() != ipAlg.keyBytes)
            continue;
        const crypto::Bytes model = oracle::referenceOutput(op, c->inputs);
        Altered a{c->inputs, crypto::Bytes(c->expected.begin(), tagAt(c->expected)),
                  crypto::Bytes(tagAt(c->expected), c->expected.end())};
        a.ctSame = oracle::verify(a.ct, crypto::Bytes(model.begin(), tagAt(model))).ok;
        const bool tagSame = oracle::verify(a.tag, crypto::Bytes(tagAt(model), model.end())).ok;
        fileMatches = fileMatches || (a.ctSame && !a.ct.empty());
        if (a.ctSame != tagSame) altered[i] = std::move(a);
    }
    std::vector<core::KatRecord> rest;
    for (std::size_t i = 0; i < records.size(); ++i) {
        core::KatRecord& r = records[i];
        if (altered[i] && (!altered[i]->ct.empty() || fileMatches)) {
            const Altered& a = *altered[i];
            const std::string count = r.has("Count") ? "Count = " + r.text("Count") + " " : "";
            const std::string where = count + "(line " + std::to_string(r.line) + "): the record's " +
                                      (a.ctSame ? "tag" : "ciphertext") + " was altered";
            if (ipAlg.decrypt(a.inputs.key, a.inputs.nonce, a.inputs.ad, a.ct, a.tag))
                ipFailures.push_back(where + ", yet the IP's decryption released plaintext");
            else
                auth.push_back(where + ": authentication failed (STATUS.AUTH_FAIL), no plaintext released");
            continue;
        }
        rest.push_back(std::move(r));
    }
    records = std::move(rest);
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
    std::vector<std::string> auth, ipFailures;
    try {
        std::vector<core::KatRecord> records = core::readKatFile(path);
        const bool any = !records.empty();
        splitAlteredRecords(alg, records, auth, ipFailures);
        if (!records.empty() || !any) outcome = core::runAeadKat(alg, records);
    } catch (const core::KatError& e) {
        throw UsageError(std::string("FILE: ") + e.what());
    }
    outcome.failed += static_cast<int>(ipFailures.size());
    outcome.failures.insert(outcome.failures.end(), ipFailures.begin(), ipFailures.end());
    if (auth.empty())
        return reportKatOutcome(args, alg.displayName, path, outcome,
                                "ip kat: no record of " + path + " has a 16-byte key");
    // Authentication failures are reported beside the comparator's verdicts; exit 3 unless the comparator
    // found bad input (2) or a failure of the IP itself (1), which say more.
    QJsonArray failures, authLines;
    for (const std::string& f : outcome.failures)
        failures.append(QString::fromStdString(f));
    for (const std::string& line : auth)
        authLines.append(QString::fromStdString(line));
    if (args.flag("json")) {
        printResult(args, QJsonObject{{"algorithm", QString::fromStdString(alg.displayName)},
                                      {"file", QString::fromStdString(path)},
                                      {"passed", outcome.passed},
                                      {"failed", outcome.failed},
                                      {"skipped", outcome.skipped},
                                      {"malformed", outcome.malformed},
                                      {"failures", failures},
                                      {"authentication_failed", static_cast<int>(auth.size())},
                                      {"authentication_failures", authLines}});
    } else {
        for (const std::string& f : outcome.failures)
            std::cout << "FAIL " << f << "\n";
        for (const std::string& line : auth)
            std::cout << "AUTH FAIL " << line << "\n";
        std::cout << core::summaryLine(outcome) << ", " << auth.size() << " failed authentication"
                  << std::endl;
    }
    if (outcome.malformed > 0) {
        std::cerr << "roundscope-cli: FILE: " << path << ": records cannot be run (the FAIL lines say why)"
                  << std::endl;
        return kExitUsage;
    }
    if (outcome.failed > 0) return kExitKatFailed;
    std::cerr << "roundscope-cli: ip kat: authentication failed: " << auth.size()
              << (auth.size() == 1 ? " record's tag does" : " records' tags do")
              << " not verify (the AUTH FAIL lines name them); no plaintext released" << std::endl;
    return kExitAuthFailed;
}

int ipResources(const CliArgs& args) {
    hw::ResourceOptions opt;
    opt.unroll = static_cast<int>(args.integer("unroll", 1, 1, 12));
    resourceDetailOptions(args, opt);
    std::optional<QJsonObject> o = synthesizeJson(opt, !args.flag("no-cache"));
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

std::optional<QJsonObject> synthesizeJson(const hw::ResourceOptions& opt, bool useCache) {
    hw::ResourceReport r;
    bool cached = false;
    try {
        if (useCache) {
            hw::ResourceCache::Result got = hw::ResourceCache().get(opt);
            r = std::move(got.report);
            cached = got.cached;
        } else {
            r = hw::synthesizeResources(opt);
        }
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
                    {"seconds", r.seconds},
                    {"cached", cached}};
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
           optional("pt", "HEX"), flag("decrypt"), optional("ct", "HEX"), optional("tag", "HEX"),
           optional("unroll", "N"), flag("precomputed"), flag("ad-precomputed"), optional("vcd", "FILE"),
           optional("fst", "FILE"), flag("lanes")},
          "encrypt --pt through the Verilated Ascon IP: clocks per phase, AXI transactions, traces;\n"
          "--decrypt decrypts --ct with its 16-byte --tag instead: the IP holds the plaintext in its\n"
          "output FIFO (STATUS.HELD) until the tag verifies (AUTH_OK), then releases it; a tag that\n"
          "does not verify prints no plaintext and exits 3 (authentication failed);\n"
          "--lanes adds the pipeline lanes: per block its issue, delay stages, take, and the\n"
          "clocks its length, lane 0 and lane 1 wait to meet at the take (paper 000 Fig. 7)",
          nullptr,
          noVerb<ipRun>},
         {{"kat"},
          {option("alg", ipAlg), optional("unroll", "N"), flag("precomputed"), word("FILE")},
          "the KAT file through the IP, both directions: each record encrypted and its ciphertext\n"
          "and tag decrypted; a record whose ciphertext or tag alone was altered is an authentication\n"
          "failure (AUTH FAIL lines, exit 3), never an encryption mismatch",
          nullptr,
          noVerb<ipKat>},
         {{"resources"},
          {optional("unroll", "N"), flag("detail"), optional("param", "NAME=N,..."), flag("no-cache")},
          "yosys synth_xilinx (xc7): LUTs, FFs, MUXF7/8, CARRY4; --detail adds -abc9, the core\n"
          "alone and a LUT depth (ltp on a generic LUT6 mapping); --param sets AXI-top parameters\n"
          "(IN_DEPTH, OUT_DEPTH; Ascon's VARIANTS, LEN_BITS, PHASE_COUNTERS also reach the core);\n"
          "read from the cache per RTL hash when synthesised before (--no-cache: run yosys again)",
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
