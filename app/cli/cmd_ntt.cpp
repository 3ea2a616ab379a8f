// ntt run: one ML-DSA ring operation (FIPS 204 NTT, NTT^-1, MultiplyNTT, AddNTT) on one polynomial (or a
// pair) through the fast path or the reference model, beside the model's answer (matchesReference).
// Input: --in FILE (1024 bytes per polynomial, 256 big-endian 32-bit coefficients; pwm/pwa take 2048
// bytes, a then b; or the same bytes as hex text, whitespace ignored) or --random SEED (the oracle's
// random inputs for that seed).
#include "app/cli/clicommands.h"

#include "core/crypto/mldsanttfast.h"
#include "core/fileio/safefile.h"
#include "core/oracle/operation.h"

#include <QJsonArray>

#include <algorithm>
#include <cctype>
#include <limits>

namespace rs::cli {

namespace {

using crypto::Bytes;
using crypto::MlDsaPoly;

const oracle::MlDsaAlgorithm& nttOperation(const std::string& op) {
    for (const auto& alg : oracle::mldsaAlgorithms())
        if (alg.id == "mldsa-" + op) return alg;
    throw UsageError("--op: expected ntt, intt, pwm or pwa, got '" + op + "'");
}

/** The file's bytes: exactly `want` raw bytes, or their hex text (whitespace ignored). */
Bytes readOperands(const std::string& path, std::size_t want, const std::string& id) {
    std::string text;
    try {
        text = fileio::readFileBounded(path, 64 * want + 4096, "input file");
    } catch (const fileio::FileError& e) {
        throw UsageError(std::string("--in: ") + e.what());
    }
    if (text.size() == want) return Bytes(text.begin(), text.end());
    std::string digits;
    for (const char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) digits.push_back(c);
    const bool hex = !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) {
        return std::isxdigit(static_cast<unsigned char>(c)) != 0;
    });
    if (hex && digits.size() == 2 * want) return crypto::fromHex(digits);
    throw UsageError("--in: " + path + " is " + std::to_string(text.size()) + " bytes" +
                     (hex ? " (" + std::to_string(digits.size()) + " hex digits)" : "") + "; " + id +
                     " takes " + std::to_string(want) + " bytes" +
                     (want > oracle::kMlDsaPolyBytes ? " (a then b)" : "") +
                     " of 256 big-endian 32-bit coefficients per polynomial, or their hex text");
}

MlDsaPoly polyOf(const Bytes& bytes, std::size_t index, const char* name) {
    try {
        return crypto::mldsaPolyFromBytes(
            crypto::ByteView(bytes).subspan(index * oracle::kMlDsaPolyBytes, oracle::kMlDsaPolyBytes));
    } catch (const crypto::InvalidArgument& e) {
        throw UsageError(std::string("--in: polynomial ") + name + ": " + e.what());
    }
}

QJsonArray coefficientsJson(const MlDsaPoly& p) {
    QJsonArray a;
    for (const std::int32_t c : p)
        a.append(c);
    return a;
}

} // namespace

int nttRun(const CliArgs& args) {
    const oracle::MlDsaAlgorithm& alg = nttOperation(args.require("op"));
    const std::string impl = args.value("impl").value_or("fast");
    if (impl != "fast" && impl != "reference")
        throw UsageError("--impl: expected fast or reference, got '" + impl + "'");
    if (args.has("in") == args.has("random"))
        throw UsageError(args.has("in") ? "--in and --random: give one input, not both"
                                        : "missing input: give --in FILE or --random SEED");
    const std::size_t operands = alg.twoOperands ? 2 : 1;
    Bytes bytes;
    QJsonObject result{{"op", QString::fromStdString(alg.id.substr(6))},
                       {"algorithm", QString::fromStdString(alg.displayName)}};
    if (args.has("in")) {
        bytes = readOperands(args.require("in"), operands * oracle::kMlDsaPolyBytes, alg.id);
        result.insert("input", QString::fromStdString(args.require("in")));
    } else {
        const long seed = args.integer("random", 0, 0, std::numeric_limits<long>::max());
        const oracle::Inputs in = oracle::randomInputs(oracle::operation(alg.id), oracle::kMlDsaPolyBytes, 0,
                                                       static_cast<std::uint64_t>(seed));
        bytes = in.message;
        bytes.insert(bytes.end(), in.key.begin(), in.key.end());
        result.insert("input", QStringLiteral("random"));
        result.insert("seed", static_cast<double>(seed));
    }
    const MlDsaPoly a = polyOf(bytes, 0, "a");
    const MlDsaPoly b = alg.twoOperands ? polyOf(bytes, 1, "b") : a;

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
    result.insert("matchesReference", got == want);
    printResult(args, result);
    return got == want ? kExitOk : kExitKatFailed;
}

} // namespace rs::cli
