// diffusion: structural dependency, avalanche/SAC and (LEA) CTR precomputation per round, the same
// analysis the Round Explorer charts.
#include "app/cli/clicommands.h"

#include "app/charts/diffusionchart.h"

#include "core/analysis/diffusion.h"
#include "core/crypto/bytes.h"
#include "core/oracle/algorithms.h"

#include <QJsonArray>

#include <climits>
#include <map>

namespace rs::cli {

namespace {

using analysis::AnalysisError;
using analysis::DiffusionRequest;
using analysis::DiffusionResult;

constexpr int kDefaultSamples = 1000;

int parseBit(const std::string& text, const std::string& vary) {
    if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
        throw UsageError("--vary: '" + vary + "' is not FIELD or FIELD:FIRST-LAST (bit numbers)");
    return std::stoi(text);
}

// FIELD, FIELD:BIT or FIELD:FIRST-LAST, bits numbered as in the field's hex string.
void parseVary(const std::string& vary, DiffusionRequest& req) {
    const auto colon = vary.find(':');
    const std::string name = vary.substr(0, colon);
    req.field = analysis::fieldFromName(name);
    if (!req.field) throw UsageError("--vary: unknown field '" + name + "' (choose pt, key, nonce or state)");
    if (colon == std::string::npos) return;
    const std::string range = vary.substr(colon + 1);
    const auto dash = range.find('-');
    req.firstBit = parseBit(range.substr(0, dash), vary);
    req.lastBit = dash == std::string::npos ? req.firstBit : parseBit(range.substr(dash + 1), vary);
}

// AnalysisError names the request member; the user typed the option.
[[noreturn]] void rethrowAsUsage(const AnalysisError& e) {
    static const std::map<std::string, std::string> option = {{"alg", "--alg"},
                                                              {"field", "--vary"},
                                                              {"bits", "--vary"},
                                                              {"rounds", "--rounds"},
                                                              {"samples", "--samples"}};
    const std::string what = e.what();
    const auto it = option.find(e.argument());
    if (it == option.end()) throw UsageError(what);
    throw UsageError(it->second + ": " + what.substr(e.argument().size() + 2));
}

QJsonValue numberOrNull(bool measured, double v) {
    return measured ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonObject precomputeJson(const DiffusionResult& res) {
    if (!res.precomputable) return {};
    const analysis::PrecomputeReport& p = *res.precomputable;
    QJsonArray rounds;
    for (const auto& r : p.rounds) {
        QJsonArray words;
        for (const int w : r.independentWords)
            words.append(w);
        rounds.append(QJsonObject{{"round", r.round},
                                  {"independent_words", words},
                                  {"xor", r.xors},
                                  {"add", r.adds},
                                  {"rot", r.rots},
                                  {"operand_xor", r.operandXors}});
    }
    return QJsonObject{{"rounds", rounds},
                       {"xor", p.xors},
                       {"add", p.adds},
                       {"rot", p.rots},
                       {"operand_xor", p.operandXors},
                       {"full_word_diffusion_round", p.fullWordDiffusionRound < 0
                                                         ? QJsonValue(QJsonValue::Null)
                                                         : QJsonValue(p.fullWordDiffusionRound)}};
}

QJsonObject resultJson(const DiffusionResult& res) {
    const bool measured = res.samples > 0;
    // A registry algorithm without a structural model has only the empirical figures: null, not 0.
    const bool structural = res.structuralUnavailable.empty();
    QJsonArray rounds;
    for (const auto& r : res.perRound) {
        rounds.append(QJsonObject{
            {"round", r.round},
            {"dependent_bits", structural ? QJsonValue(QString::fromStdString(crypto::toHex(r.dependentBits)))
                                          : QJsonValue(QJsonValue::Null)},
            {"dependent_fraction", numberOrNull(structural, r.dependentFraction)},
            {"pair_fraction", numberOrNull(structural, r.pairFraction)},
            {"avalanche_mean", numberOrNull(measured, r.avalancheMean)},
            {"sac_max_deviation", numberOrNull(measured, r.sacMaxDeviation)}});
    }
    QJsonObject out{{"algorithm", QString::fromStdString(res.algorithm)},
                    {"field", QString::fromStdString(analysis::fieldName(res.field))},
                    {"first_bit", res.firstBit},
                    {"last_bit", res.lastBit},
                    {"state_bits", res.stateBits},
                    {"samples", res.samples},
                    {"full_diffusion_round", res.fullDiffusionRound < 0 ? QJsonValue(QJsonValue::Null)
                                                                        : QJsonValue(res.fullDiffusionRound)},
                    {"rounds", rounds},
                    {"precomputable", precomputeJson(res)}};
    if (!structural) out.insert("structural_unavailable", QString::fromStdString(res.structuralUnavailable));
    return out;
}

int runDiffusion(const CliArgs& args) {
    DiffusionRequest req;
    req.alg = args.require("alg");
    try {
        // Checked first so that --rounds can say the algorithm's own range.
        const int standard = analysis::standardRounds(req.alg);
        req.rounds = static_cast<int>(args.integer("rounds", standard, 1, standard));
        if (const auto vary = args.value("vary")) parseVary(*vary, req);
        // An algorithm whose registry row refuses the empirical figures (the ML-DSA transforms) is structural
        // only: the analysis refuses samples, saying why.
        const int defaultSamples = analysis::hasAvalanche(req.alg) ? kDefaultSamples : 0;
        req.samples =
            static_cast<int>(args.integer("samples", defaultSamples, 0, analysis::kMaxDiffusionSamples));
        req.seed = static_cast<std::uint64_t>(args.integer("seed", 1, 0, LONG_MAX));
        // Fail before a long analysis, not after it: a PNG goes into FILE.png in a folder that exists.
        if (const auto png = args.value("png")) outputExtension("png", *png, {"png"});
        const DiffusionResult result = analysis::analyzeDiffusion(req);
        if (const auto png = args.value("png")) {
            // The very chart the GUI's Dependency tab shows, rendered offscreen.
            QString error;
            if (!charts::renderDiffusionChart(result, QString::fromStdString(*png), &error))
                throw UsageError("--png: " + error.toStdString());
        }
        printResult(args, resultJson(result));
    } catch (const AnalysisError& e) {
        rethrowAsUsage(e);
    }
    return kExitOk;
}

} // namespace

CliCommand diffusionCommand() {
    return {"diffusion",
            "structural dependency, avalanche/SAC and the LEA-CTR precomputation per round",
            {{{},
              {option("alg", "D"), optional("vary", "FIELD[:FIRST-LAST]"), optional("rounds", "R"),
               optional("samples", "N"), optional("seed", "S"), optional("png", "FILE.png")},
              "per round: state bits depending on the varied bits, avalanche mean, SAC deviation\n"
              "(N random inputs, default 1000, 0 = structural only) and, for LEA, the CTR precomputation\n"
              "D: " +
                  oracle::joinIds(analysis::diffusionAlgorithms()) +
                  "\nFIELD: state, key, nonce (Ascon); pt, key (LEA, SKINNY); state (ML-DSA NTT/INTT: the\n"
                  "polynomial, dependency per coefficient, structural only: N defaults to 0 and must be 0)",
              nullptr,
              noVerb<runDiffusion>,
              "png"}}};
}

} // namespace rs::cli
