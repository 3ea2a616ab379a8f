// ntt run: one ML-DSA ring operation (FIPS 204 NTT, NTT^-1, MultiplyNTT, AddNTT) on one polynomial (or a
// pair) through the fast path or the reference model, judged by the oracle against the model's answer
// (matchesReference; "difference" names the first differing byte when it is wrong).
// Input: --in FILE (one polynomial, or a then b for pwm/pwa: 1024 bytes per polynomial of 256 big-endian
// 32-bit coefficients, the same bytes as hex text, or decimal coefficients; core/inputs/mldsapolyfile.h)
// or --random SEED (the oracle's random inputs for that seed).
#include "app/cli/clicommands.h"

#include "core/crypto/mldsanttfast.h"
#include "core/fileio/safefile.h"
#include "core/inputs/mldsapolyfile.h"
#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"

#include <QJsonArray>

#include <limits>
#include <vector>

namespace rs::cli {

namespace {

using crypto::Bytes;
using crypto::MlDsaPoly;

/** An ML-DSA ring operation's --op name: its registry id after the family's prefix ("mldsa-ntt" -> "ntt"). */
std::string opName(const oracle::MlDsaAlgorithm& alg) {
    return alg.id.substr(alg.id.find('-') + 1);
}

/** Every --op name, in registry order (ntt, intt, pwm, pwa). */
std::vector<std::string> opNames() {
    std::vector<std::string> names;
    for (const auto& alg : oracle::mldsaAlgorithms())
        names.push_back(opName(alg));
    return names;
}

const oracle::MlDsaAlgorithm& nttOperation(const std::string& op) {
    for (const auto& alg : oracle::mldsaAlgorithms())
        if (opName(alg) == op) return alg;
    throw UsageError("--op: expected " + choice(opNames()) + ", got '" + op + "'");
}

/** The --in file's polynomials (core/inputs/mldsapolyfile.h: raw, hex or decimal; read bounded). */
std::vector<MlDsaPoly> readOperands(const std::string& path, std::size_t count) {
    try {
        return inputs::readMlDsaPolyFile(path, count);
    } catch (const fileio::FileError& e) {
        throw UsageError(std::string("--in: ") + e.what());
    } catch (const crypto::InvalidArgument& e) {
        throw UsageError(std::string("--in: ") + e.what());
    }
}

MlDsaPoly polyOf(const Bytes& bytes, std::size_t index) {
    return crypto::mldsaPolyFromBytes(
        crypto::ByteView(bytes).subspan(index * oracle::kMlDsaPolyBytes, oracle::kMlDsaPolyBytes));
}

QJsonArray coefficientsJson(const MlDsaPoly& p) {
    QJsonArray a;
    for (const std::int32_t c : p)
        a.append(c);
    return a;
}

int nttRun(const CliArgs& args) {
    const oracle::MlDsaAlgorithm& alg = nttOperation(args.require("op"));
    const std::string impl = args.value("impl").value_or("fast");
    if (impl != "fast" && impl != "reference")
        throw UsageError("--impl: expected fast or reference, got '" + impl + "'");
    if (args.has("in") == args.has("random"))
        throw UsageError(args.has("in") ? "--in and --random: give one input, not both"
                                        : "missing input: give --in FILE or --random SEED");
    const std::size_t operands = alg.twoOperands ? 2 : 1;
    MlDsaPoly a{}, b{};
    QJsonObject result{{"op", QString::fromStdString(alg.id.substr(6))},
                       {"algorithm", QString::fromStdString(alg.displayName)}};
    if (args.has("in")) {
        const std::vector<MlDsaPoly> polys = readOperands(args.require("in"), operands);
        a = polys.front();
        b = polys.back();
        result.insert("input", QString::fromStdString(args.require("in")));
    } else {
        const long seed = args.integer("random", 0, 0, std::numeric_limits<long>::max());
        const oracle::Inputs in = oracle::randomInputs(oracle::operation(alg.id), oracle::kMlDsaPolyBytes, 0,
                                                       static_cast<std::uint64_t>(seed));
        Bytes bytes = in.message;
        bytes.insert(bytes.end(), in.key.begin(), in.key.end());
        a = polyOf(bytes, 0);
        b = alg.twoOperands ? polyOf(bytes, 1) : a;
        result.insert("input", QStringLiteral("random"));
        result.insert("seed", static_cast<double>(seed));
    }

    const MlDsaPoly want = oracle::mldsaReference(alg, a, b);
    MlDsaPoly got = want;
    std::string isa = "scalar";
    if (impl == "fast") {
        const crypto::MlDsaFastImpl use = crypto::mldsaFastImplInUse();
        isa = crypto::mldsaFastImplName(use);
        got = a;
        switch (alg.kind) {
        case oracle::MlDsaKind::Ntt:
            crypto::mldsaNttFastInPlace(got, use);
            break;
        case oracle::MlDsaKind::InverseNtt:
            crypto::mldsaInverseNttFastInPlace(got, use);
            break;
        case oracle::MlDsaKind::MultiplyNtt:
            crypto::mldsaMultiplyNttFastInPlace(got, b, use);
            break;
        case oracle::MlDsaKind::AddNtt:
            crypto::mldsaAddNttFastInPlace(got, b, use);
            break;
        }
    }
    result.insert("impl", QString::fromStdString(impl));
    result.insert("isa", QString::fromStdString(isa));
    result.insert("a", QString::fromStdString(crypto::toHex(crypto::mldsaPolyToBytes(a))));
    if (alg.twoOperands)
        result.insert("b", QString::fromStdString(crypto::toHex(crypto::mldsaPolyToBytes(b))));
    result.insert("out", QString::fromStdString(crypto::toHex(crypto::mldsaPolyToBytes(got))));
    result.insert("coefficients", coefficientsJson(got));
    // The one oracle judges the output (core/oracle): where it first differs, when it does.
    const oracle::Verdict verdict =
        oracle::verify(crypto::mldsaPolyToBytes(got), crypto::mldsaPolyToBytes(want));
    result.insert("matchesReference", verdict.ok);
    if (!verdict.ok) result.insert("difference", QString::fromStdString(verdict.message));
    printResult(args, result);
    return verdict.ok ? kExitOk : kExitKatFailed;
}

} // namespace

CliCommand nttCommand() {
    return {"ntt",
            "ML-DSA ring arithmetic (FIPS 204): NTT, NTT^-1, MultiplyNTT, AddNTT",
            {{{"run"},
              {option("op", alternatives(opNames())), optional("in", "FILE"), optional("random", "SEED"),
               optional("impl", "fast|reference")},
              "one polynomial through the fast path (AVX2 or portable, as the CPU allows) or the\n"
              "reference model, beside the model's answer (matchesReference; exit 1 when it differs).\n"
              "FILE: 1024 bytes (256 big-endian 32-bit coefficients < q) per polynomial, pwm/pwa a then\n"
              "b (2048 bytes), their hex text, or 256 (512) decimal coefficients; --random SEED: the\n"
              "oracle's random polynomials",
              nullptr,
              noVerb<nttRun>}}};
}

} // namespace rs::cli
