// `ip run|resources --alg mldsa-ntt|mldsa-intt|mldsa-pwm|mldsa-pwa --butterflies B`: the ML-DSA polynomial
// unit (hw/rtl/mldsa_*.sv), its output next to rs::crypto's FIPS 204 model, its clocks, its yosys resources.
// `ip run --lanes` adds the unit's pipeline lanes (hw/ip/mldsa/mldsalanes.h): per layer (the one pass of
// PWM/PWA) its issue clocks, first issue and last write, and the totals, which add up to core_cycles.
#include <QJsonArray>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <random>
#include <stdexcept>
#include <vector>

#include "app/cli/clicommands.h"
#include "core/crypto/mldsantt.h"
#include "core/fileio/safefile.h"
#include "core/inputs/mldsapolyfile.h"
#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"
#include "core/waveform/captureclock.h"
#include "core/waveform/vcd.h"
#include "core/waveform/waveformstore.h"
#include "hw/ip/ipcores.h"
#include "hw/ip/iptrace.h"
#include "hw/ip/mldsa/mldsaip.h"
#include "hw/ip/mldsa/mldsalanes.h"
#include "hw/ip/resourcereport.h"

namespace rs::cli {

namespace {

std::string builtList() {
    std::string s;
    for (const int b : hw::MlDsaIp::supportedButterflies())
        s += (s.empty() ? "" : ", ") + std::to_string(b);
    return s;
}

/** --butterflies: one of the settings Verilated (default 2). */
int butterfliesArg(const CliArgs& args) {
    const int b = static_cast<int>(args.integer("butterflies", 2, 1, 128));
    const auto built = hw::MlDsaIp::supportedButterflies();
    if (std::find(built.begin(), built.end(), b) == built.end())
        throw UsageError("--butterflies: " + std::to_string(b) + " was not Verilated (built: " + builtList() +
                         ")");
    return b;
}

crypto::MlDsaPoly randomPoly(std::mt19937_64& rng) {
    std::uniform_int_distribution<std::int32_t> d(0, crypto::kMlDsaQ - 1);
    crypto::MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

QJsonArray polyJson(const crypto::MlDsaPoly& p) {
    QJsonArray a;
    for (const std::int32_t c : p)
        a.append(c);
    return a;
}

QJsonArray spanJson(const hw::ClockSpan& s) {
    return QJsonArray{static_cast<qint64>(s.begin), static_cast<qint64>(s.end)};
}

/** The lanes as JSON: ticks are the capture's clocks; "core_cycles" is end - start (the CYCLES register). */
QJsonObject mldsaLanesJson(const hw::MlDsaLanes& lanes) {
    QJsonArray layers;
    qint64 issueClocks = 0;
    for (const hw::MlDsaLayerSpan& l : lanes.layers) {
        issueClocks += static_cast<qint64>(l.issue.length());
        layers.append(QJsonObject{{"layer", l.layer},
                                  {"issue", spanJson(l.issue)},
                                  {"issue_clocks", static_cast<qint64>(l.issue.length())},
                                  {"first_issue", static_cast<qint64>(l.span.begin)},
                                  {"last_write", static_cast<qint64>(l.lastWrite)},
                                  {"span", spanJson(l.span)}});
    }
    const qint64 core = static_cast<qint64>(lanes.end - lanes.start);
    return QJsonObject{{"butterflies", lanes.butterflies},
                       {"start", static_cast<qint64>(lanes.start)},
                       {"end", static_cast<qint64>(lanes.end)},
                       {"layers", layers},
                       {"totals", QJsonObject{{"start_clocks", 1},
                                              {"issue_clocks", issueClocks},
                                              {"drain_clocks", core - 1 - issueClocks},
                                              {"core_cycles", core}}}};
}

/** The lanes as a small table (text output). */
void printMlDsaLanes(const hw::MlDsaLanes& lanes) {
    std::cout << "lanes (B = " << lanes.butterflies << ", clocks " << lanes.start << ".." << lanes.end
              << "):\n";
    std::cout << "  layer  first_issue  issue_clocks  last_write\n";
    std::uint64_t issueClocks = 0;
    for (const hw::MlDsaLayerSpan& l : lanes.layers) {
        issueClocks += l.issue.length();
        std::printf("  %5d  %11llu  %12llu  %10llu\n", l.layer, static_cast<unsigned long long>(l.span.begin),
                    static_cast<unsigned long long>(l.issue.length()),
                    static_cast<unsigned long long>(l.lastWrite));
    }
    std::fflush(stdout);
    const std::uint64_t core = lanes.end - lanes.start;
    std::cout << "  total: 1 start + " << issueClocks << " issue + " << core - 1 - issueClocks
              << " drain = " << core << " core cycles" << std::endl;
}

/** Whether --alg names an ML-DSA polynomial unit operation (mldsa-ntt, -intt, -pwm, -pwa). */
bool isMlDsaIpAlgorithm(const CliArgs& args) {
    const auto alg = args.value("alg");
    const auto core = alg ? hw::ipCoreFor(*alg) : nullptr;
    return core && core->id() == "mldsa";
}

int ipMlDsaRun(const CliArgs& args) {
    const std::string id = args.require("alg");
    const oracle::MlDsaAlgorithm& alg = *oracle::findMlDsa(id);
    const int butterflies = butterfliesArg(args);
    const bool binary = alg.twoOperands;
    if (args.has("in") && args.has("random")) throw UsageError("--in and --random: give one of them");
    crypto::MlDsaPoly a{}, b{};
    long seed = -1;
    if (args.has("in")) {
        // core/inputs/mldsapolyfile.h, as `ntt run --in`: raw, hex or decimal, a regular file of bounded
        // size.
        const std::string path = args.require("in");
        std::vector<crypto::MlDsaPoly> polys;
        try {
            polys = inputs::readMlDsaPolyFile(path, binary ? 2 : 1);
        } catch (const fileio::FileError& e) {
            throw UsageError(std::string("--in: ") + e.what());
        } catch (const crypto::InvalidArgument& e) {
            throw UsageError(std::string("--in: ") + e.what());
        }
        a = polys.front();
        b = polys.back();
    } else {
        seed = args.integer("random", 1, 0, 0x7fffffffL);
        std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
        a = randomPoly(rng);
        b = randomPoly(rng);
    }
    hw::MlDsaIp ip;
    if (args.has("fst")) ip.traceNextTo(args.require("fst"));
    waveform::WaveformStore capture;
    const std::string vcd = args.value("vcd").value_or("");
    const bool wantLanes = args.flag("lanes");
    if (!vcd.empty() || wantLanes) ip.captureInto(&capture);
    hw::MlDsaIpResult r;
    try {
        r = ip.run(alg.kind, a, b, butterflies);
    } catch (const hw::IpTraceError& e) {
        throw UsageError(std::string("--fst: ") + e.what());
    }
    if (!vcd.empty()) {
        try {
            waveform::writeVcdFile(waveform::withCaptureClock(capture), vcd);
        } catch (const std::exception& e) {
            throw UsageError(std::string("--vcd: ") + e.what());
        }
    }
    // The oracle's verdict: the unit's output against the reference model's on the same operands.
    const bool matches = oracle::verify(crypto::mldsaPolyToBytes(r.output),
                                        crypto::mldsaPolyToBytes(oracle::mldsaReference(alg, a, b)))
                             .ok;
    const std::uint64_t formula = hw::mldsaIpCycles(alg.kind, butterflies);
    const std::uint64_t issues = formula - 1 - hw::kMlDsaIpDrainClocks;
    QJsonObject out{
        {"alg", QString::fromStdString(id)},
        {"butterflies", butterflies},
        {"output", polyJson(r.output)},
        {"matches_model", matches},
        {"core_cycles", static_cast<double>(r.coreCycles)},
        {"formula", QStringLiteral("1 + %1 + %2 = %3").arg(issues).arg(hw::kMlDsaIpDrainClocks).arg(formula)},
        {"bus_clocks", static_cast<double>(r.busClocks)},
        {"bank_conflict", r.bankConflict}};
    if (seed >= 0) out.insert("seed", static_cast<double>(seed));
    if (!vcd.empty()) out.insert("vcd", QString::fromStdString(vcd));
    if (wantLanes) {
        hw::MlDsaLanes lanes;
        try {
            lanes = hw::extractMlDsaLanes(capture);
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--lanes: ") + e.what());
        }
        if (args.flag("json")) {
            out.insert("lanes", mldsaLanesJson(lanes));
        } else {
            printResult(args, out);
            printMlDsaLanes(lanes);
            return matches ? kExitOk : kExitKatFailed;
        }
    }
    printResult(args, out);
    return matches ? kExitOk : kExitKatFailed;
}

int ipMlDsaResources(const CliArgs& args) {
    const std::string id = args.require("alg");
    hw::ResourceOptions opt;
    opt.core = 3;
    opt.unroll = static_cast<int>(args.integer("butterflies", 2, 1, 128));
    if (opt.unroll != 1 && opt.unroll != 2 && opt.unroll != 4 && opt.unroll != 8)
        throw UsageError("--butterflies: the unit synthesises with B = 1, 2, 4 or 8, not " +
                         std::to_string(opt.unroll));
    opt.detail = args.flag("detail");
    std::optional<QJsonObject> o = synthesizeJson(opt, !args.flag("no-cache"));
    if (!o) return kExitUsage;
    o->insert(QStringLiteral("alg"), QString::fromStdString(id));
    o->insert(QStringLiteral("butterflies"), opt.unroll);
    printResult(args, *o);
    return kExitOk;
}

} // namespace

std::vector<CliUsage> ipMlDsaUsages() {
    // The operations the ML-DSA unit claims, from the IP core registry (hw/ip/ipcores.h).
    const std::string mldsaOps = alternatives(hw::ipCoreInfo("mldsa")->operations());
    return {{{"run"},
             {option("alg", mldsaOps), optional("butterflies", "B"), optional("random", "SEED"),
              optional("in", "FILE"), optional("vcd", "FILE"), optional("fst", "FILE"), flag("lanes")},
             "the ML-DSA polynomial unit (B butterflies per clock): output next to the FIPS 204 model,\n"
             "clocks; --in: 1024 bytes (2048 for pwm/pwa: a then b) of big-endian 32-bit coefficients,\n"
             "their hex text, or 256 (512) decimal coefficients;\n"
             "--lanes adds per layer (one pass for pwm/pwa) its issue clocks, first issue and last write",
             isMlDsaIpAlgorithm,
             noVerb<ipMlDsaRun>},
            {{"resources"},
             {option("alg", mldsaOps), optional("butterflies", "B"), flag("detail"), flag("no-cache")},
             "the same synthesis for the ML-DSA unit (DSP48s, block RAMs)",
             isMlDsaIpAlgorithm,
             noVerb<ipMlDsaResources>}};
}

} // namespace rs::cli
