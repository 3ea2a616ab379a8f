// `ip run|resources --alg mldsa-ntt|mldsa-intt|mldsa-pwm|mldsa-pwa --butterflies B`: the ML-DSA polynomial
// unit (hw/rtl/mldsa_*.sv), its output next to rs::crypto's FIPS 204 model, its clocks, its yosys resources.
#include <QJsonArray>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <random>

#include "app/cli/clicommands.h"
#include "core/crypto/mldsantt.h"
#include "core/waveform/vcd.h"
#include "core/waveform/waveformstore.h"
#include "hw/ip/mldsaip.h"
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

crypto::MlDsaPoly modelOf(hw::MlDsaOp op, const crypto::MlDsaPoly& a, const crypto::MlDsaPoly& b) {
    switch (op) {
    case hw::MlDsaOp::Ntt:
        return crypto::mldsaNtt(a);
    case hw::MlDsaOp::Intt:
        return crypto::mldsaInverseNtt(a);
    case hw::MlDsaOp::Pwm:
        return crypto::mldsaMultiplyNtt(a, b);
    case hw::MlDsaOp::Pwa:
        return crypto::mldsaAddNtt(a, b);
    }
    return a;
}

} // namespace

bool isMlDsaIpAlgorithm(const CliArgs& args) {
    const auto alg = args.value("alg");
    return alg && hw::mldsaIpOp(*alg).has_value();
}

int ipMlDsaRun(const CliArgs& args) {
    const std::string id = args.require("alg");
    const hw::MlDsaOp op = *hw::mldsaIpOp(id);
    const int butterflies = butterfliesArg(args);
    const bool binary = op == hw::MlDsaOp::Pwm || op == hw::MlDsaOp::Pwa;
    if (args.has("in") && args.has("random")) throw UsageError("--in and --random: give one of them");
    crypto::MlDsaPoly a{}, b{};
    long seed = -1;
    if (args.has("in")) {
        const std::string path = args.require("in");
        std::ifstream f(path, std::ios::binary);
        if (!f) throw UsageError("--in: cannot read " + path);
        const crypto::Bytes bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        const std::size_t want = binary ? 2048 : 1024;
        if (bytes.size() != want)
            throw UsageError("--in: " + id + " takes " + std::to_string(want) + " bytes (" +
                             (binary ? "a then b, " : "") + "256 big-endian 32-bit coefficients each), got " +
                             std::to_string(bytes.size()));
        try {
            a = crypto::mldsaPolyFromBytes(crypto::ByteView(bytes).subspan(0, 1024));
            if (binary) b = crypto::mldsaPolyFromBytes(crypto::ByteView(bytes).subspan(1024, 1024));
        } catch (const crypto::InvalidArgument& e) {
            throw UsageError(std::string("--in: ") + e.what());
        }
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
    if (!vcd.empty()) ip.captureInto(&capture);
    const hw::MlDsaIpResult r = ip.run(op, a, b, butterflies);
    if (!vcd.empty()) {
        try {
            waveform::writeVcdFile(capture, vcd);
        } catch (const std::exception& e) {
            throw UsageError(std::string("--vcd: ") + e.what());
        }
    }
    const bool matches = r.output == modelOf(op, a, b);
    const std::uint64_t formula = hw::mldsaIpCycles(op, butterflies);
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
    std::optional<QJsonObject> o = synthesizeJson(opt);
    if (!o) return kExitUsage;
    o->insert(QStringLiteral("alg"), QString::fromStdString(id));
    o->insert(QStringLiteral("butterflies"), opt.unroll);
    printResult(args, *o);
    return kExitOk;
}

} // namespace rs::cli
