// Explanations of the ML-DSA ring transforms' steps (FIPS 204 Algorithms 41 and 42): the input, each
// Cooley–Tukey / Gentleman–Sande layer (its ζ range and its first butterfly with this run's numbers),
// each butterfly of the butterfly-granularity trace (the formula with ζ and the numbers) and NTT⁻¹'s
// final × 256⁻¹. Values in decimal, as the spec writes them, with the results also in hex.
#include <cstdio>

#include "core/crypto/mldsantt.h"
#include "core/teach/explaindetail.h"
#include "core/teach/mldsasignsteps.h"

namespace rs::teach::detail {

namespace {

using crypto::kMlDsaQ;
using crypto::Trace;
using crypto::TraceStep;

constexpr std::int64_t kQ = kMlDsaQ;

std::optional<crypto::MlDsaPoly> poly(const TraceStep* s) {
    if (s == nullptr || s->state.size() != 4 * crypto::kMlDsaN) return std::nullopt;
    try {
        return crypto::mldsaPolyFromBytes(s->state);
    } catch (const crypto::InvalidArgument&) {
        return std::nullopt;
    }
}

std::string num(std::int64_t v) {
    return std::to_string(v) + " (" + hexWord(static_cast<std::uint64_t>(v), 6) + ")";
}

std::int64_t mod(std::int64_t v) {
    v %= kQ;
    return v < 0 ? v + kQ : v;
}

// "w[i] = x, w[i+L] = y → w[i] = x + ζ·y = …, w[i+L] = x − ζ·y = …" for one butterfly.
std::string butterflyText(bool inverse, const crypto::MlDsaButterfly& b, const crypto::MlDsaPoly& before) {
    const std::int64_t x = before[b.i], y = before[b.i + b.len];
    const std::string wi = "w[" + std::to_string(b.i) + "]", wj = "w[" + std::to_string(b.i + b.len) + "]";
    const std::string zeta = inverse ? "ζ = −zetas[" + std::to_string(b.m) + "] = " + std::to_string(b.zeta)
                                     : "ζ = zetas[" + std::to_string(b.m) + "] = " + std::to_string(b.zeta);
    if (!inverse)
        return zeta + ", " + wi + " = " + std::to_string(x) + ", " + wj + " = " + std::to_string(y) +
               ": t = ζ·" + wj + " = " + std::to_string(mod(b.zeta * y)) + ", " + wi + " ← " + wi +
               " + t = " + num(mod(x + b.zeta * y)) + ", " + wj + " ← " + wi +
               " − t = " + num(mod(x - b.zeta * y)) + " (mod q = 8380417)";
    return zeta + ", " + wi + " = " + std::to_string(x) + ", " + wj + " = " + std::to_string(y) + ": " + wi +
           " ← " + wi + " + " + wj + " = " + num(mod(x + y)) + ", " + wj + " ← ζ·(" + wi + " − " + wj +
           ") = " + num(mod(b.zeta * (x - y))) + " (mod q = 8380417)";
}

std::string inputText(bool inverse, const crypto::MlDsaPoly& w) {
    std::string firsts;
    for (std::size_t i = 0; i < 3; ++i)
        firsts += (i ? ", w[" : "w[") + std::to_string(i) + "] = " + num(w[i]);
    return inverse ? "input ŵ of NTT⁻¹ (Algorithm 42): 256 NTT-domain coefficients mod q = 8380417 in the "
                     "spec's bit-reversed order, " +
                         firsts + ", …; then 8 Gentleman–Sande layers and × 256⁻¹"
                   : "input w of NTT (Algorithm 41): the polynomial w[0] + w[1]·X + … + w[255]·X²⁵⁵ of "
                     "Z_q[X]/(X²⁵⁶ + 1), q = 8380417, " +
                         firsts + ", …; then 8 Cooley–Tukey layers";
}

std::string layerText(bool inverse, int layer, const crypto::MlDsaPoly& before) {
    const crypto::MlDsaButterfly first = crypto::mldsaButterfly(inverse, layer, 1);
    const crypto::MlDsaButterfly last = crypto::mldsaButterfly(inverse, layer, 128);
    const std::size_t blocks = 128 / first.len;
    const std::string range = "zetas[" + std::to_string(std::min(first.m, last.m)) + "…" +
                              std::to_string(std::max(first.m, last.m)) + "]";
    const std::string what =
        inverse ? "Gentleman–Sande layer " + std::to_string(layer) + " of NTT⁻¹ (Algorithm 42, len " +
                      std::to_string(first.len) + "): " + std::to_string(blocks) + " blocks, ζ = −" + range +
                      ", 128 butterflies (w[j], w[j+len]) ← (w[j] + w[j+len], ζ·(w[j] − w[j+len])); first: "
                : "Cooley–Tukey layer " + std::to_string(layer) + " of NTT (Algorithm 41, len " +
                      std::to_string(first.len) + "): " + std::to_string(blocks) + " blocks, ζ = " + range +
                      ", 128 butterflies (w[j], w[j+len]) ← (w[j] + ζ·w[j+len], w[j] − ζ·w[j+len]); first: ";
    return what + butterflyText(inverse, first, before);
}

} // namespace

std::optional<std::string> explainMlDsa(const Trace& t, std::size_t index) {
    const TraceStep& st = t.steps[index];
    if (mldsaSignPhaseSet(st.phase)) return explainMlDsaSignStep(t, index);
    const bool inverse = st.phase == "inverse NTT";
    if (!inverse && st.phase != "NTT") return std::nullopt;
    const auto now = poly(&st);
    if (!now) return std::nullopt;
    if (st.step == "input" && st.round == 0) return inputText(inverse, *now);
    const auto before = poly(previous(t, index));
    if (!before) return std::nullopt;
    if (inverse && st.step == "× 256⁻¹" && st.round == 9)
        return "NTT⁻¹ ends with w[j] ← 256⁻¹·w[j] mod q for every j, 256⁻¹ = 8347681 (256 · 8347681 ≡ 1 mod "
               "8380417): w[0] = " +
               std::to_string((*before)[0]) + " → " + num((*now)[0]) +
               ", w[1] = " + std::to_string((*before)[1]) + " → " + num((*now)[1]);
    if (st.round < 1 || st.round > 8) return std::nullopt;
    const crypto::MlDsaButterfly first = crypto::mldsaButterfly(inverse, st.round, 1);
    const std::string layerName = std::string(inverse ? "Gentleman–Sande" : "Cooley–Tukey") + " layer " +
                                  std::to_string(st.round) + " (len " + std::to_string(first.len) + ")";
    if (st.step == layerName) {
        // A layer step follows its butterflies (butterfly trace) or the previous layer (layer trace);
        // its first butterfly is explained from the state before the layer began.
        std::size_t start = index;
        while (start > 0 && t.steps[start - 1].round == st.round && t.steps[start - 1].phase == st.phase)
            --start;
        const auto layerInput = start > 0 ? poly(&t.steps[start - 1]) : std::nullopt;
        if (!layerInput) return std::nullopt;
        return layerText(inverse, st.round, *layerInput);
    }
    int layer = 0, butterfly = 0, consumed = 0;
    if (std::sscanf(st.step.c_str(), "layer %d butterfly %d:%n", &layer, &butterfly, &consumed) != 2 ||
        consumed == 0 || layer != st.round || butterfly < 1 || butterfly > 128)
        return std::nullopt;
    const crypto::MlDsaButterfly b = crypto::mldsaButterfly(inverse, layer, butterfly);
    if (st.step != crypto::mldsaButterflyStepName(inverse, b)) return std::nullopt;
    return "layer " + std::to_string(layer) + ", butterfly " + std::to_string(butterfly) + " of 128 (" +
           (inverse ? "Gentleman–Sande" : "Cooley–Tukey") + ", pair (" + std::to_string(b.i) + ", " +
           std::to_string(b.i + b.len) + ")): " + butterflyText(inverse, b, *before);
}

std::vector<std::pair<std::string, std::string>> mldsaStepKinds() {
    std::vector<std::pair<std::string, std::string>> k;
    for (bool inverse : {false, true}) {
        const std::string phase = inverse ? "inverse NTT" : "NTT";
        k.emplace_back(phase, "input");
        for (int layer = 1; layer <= 8; ++layer) {
            const crypto::MlDsaButterfly first = crypto::mldsaButterfly(inverse, layer, 1);
            k.emplace_back(phase, std::string(inverse ? "Gentleman–Sande" : "Cooley–Tukey") + " layer " +
                                      std::to_string(layer) + " (len " + std::to_string(first.len) + ")");
            for (int j = 1; j <= 128; ++j)
                k.emplace_back(phase, crypto::mldsaButterflyStepName(
                                          inverse, crypto::mldsaButterfly(inverse, layer, j)));
        }
        if (inverse) k.emplace_back(phase, "× 256⁻¹");
    }
    return k;
}

} // namespace rs::teach::detail
