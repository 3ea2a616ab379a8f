// ML-DSA.Sign_internal (FIPS 204 Algorithm 7) as explorer steps; see mldsasignsteps.h.

#include "core/teach/mldsasignsteps.h"

#include <cstdio>

#include "core/teach/explaindetail.h"

namespace rs::teach {

namespace {

using crypto::MlDsaParamSet;
using crypto::MlDsaPoly;
using crypto::Trace;
using crypto::TraceStep;

constexpr std::int64_t kQ = crypto::kMlDsaQ;

std::int64_t centred(std::int32_t v) {
    return v > kQ / 2 ? std::int64_t{v} - kQ : std::int64_t{v};
}

std::string idx(const char* name, std::size_t i) {
    return std::string(name) + "[" + std::to_string(i) + "]";
}

void add(Trace& t, const std::string& phase, int round, const std::string& step, const MlDsaPoly& p) {
    t.steps.push_back({phase, -1, round, step, crypto::mldsaPolyToBytes(p), {}});
}

// "‖z‖∞ = 130998 ≥ γ1 − β = 130994: rejected"
std::string checkName(const MlDsaSignCheck& c, const char* boundName) {
    const bool hints = c.what == "hints";
    const char* rel = c.passed ? (hints ? " ≤ " : " < ") : (hints ? " > " : " ≥ ");
    return "check " + c.what + " = " + std::to_string(c.value) + rel + boundName + " = " +
           std::to_string(c.bound) + (c.passed ? ": passed" : ": rejected");
}

const char* boundNameOf(const std::string& what) {
    if (what == "‖z‖∞") return "γ1 − β";
    if (what == "‖r0‖∞") return "γ2 − β";
    if (what == "‖c·t0‖∞") return "γ2";
    return "ω";
}

const std::vector<std::string>& checkWhats() {
    static const std::vector<std::string> w{"‖z‖∞", "‖r0‖∞", "‖c·t0‖∞", "hints"};
    return w;
}

} // namespace

std::string mldsaSignPhase(MlDsaParamSet set, bool keySteps) {
    return std::string(crypto::mldsaParams(set).name) + (keySteps ? " Sign · key" : " Sign");
}

std::optional<MlDsaParamSet> mldsaSignPhaseSet(std::string_view phase) {
    for (MlDsaParamSet s : {MlDsaParamSet::MlDsa44, MlDsaParamSet::MlDsa65, MlDsaParamSet::MlDsa87})
        if (phase == mldsaSignPhase(s, true) || phase == mldsaSignPhase(s, false)) return s;
    return std::nullopt;
}

std::vector<MlDsaSignCheck> mldsaSignChecks(MlDsaParamSet set, const crypto::MlDsaSignAttempt& a) {
    const crypto::MlDsaParams& p = crypto::mldsaParams(set);
    std::vector<MlDsaSignCheck> out;
    out.push_back({"‖z‖∞", a.zNorm, p.gamma1 - p.beta, a.zNorm < p.gamma1 - p.beta});
    if (a.r0Norm >= 0) out.push_back({"‖r0‖∞", a.r0Norm, p.gamma2 - p.beta, a.r0Norm < p.gamma2 - p.beta});
    if (a.ct0Norm >= 0) out.push_back({"‖c·t0‖∞", a.ct0Norm, p.gamma2, a.ct0Norm < p.gamma2});
    if (a.hints >= 0) out.push_back({"hints", a.hints, p.omega, a.hints <= p.omega});
    return out;
}

Trace mldsaSignSteps(MlDsaParamSet set, const crypto::MlDsaSignTrace& tr) {
    const crypto::MlDsaParams& p = crypto::mldsaParams(set);
    Trace t;
    t.layout = crypto::mldsaPolyLayout();
    const std::string key = mldsaSignPhase(set, true), sign = mldsaSignPhase(set, false);
    for (std::size_t j = 0; j < tr.s1.size(); ++j)
        add(t, key, 0, idx("s1", j) + " from sk (coefficients in [−η, η])", tr.s1[j]);
    for (std::size_t i = 0; i < tr.s2.size(); ++i)
        add(t, key, 0, idx("s2", i) + " from sk (coefficients in [−η, η])", tr.s2[i]);
    for (std::size_t i = 0; i < tr.t0.size(); ++i)
        add(t, key, 0, idx("t0", i) + " from sk (the low d = 13 bits of t)", tr.t0[i]);
    if (!tr.aHat.empty())
        add(t, key, 0, "Â[0][0] of ExpandA(ρ) (one of k·l = " + std::to_string(p.k * p.l) + ")", tr.aHat[0]);
    for (const crypto::MlDsaSignAttempt& a : tr.attempts) {
        const int r = a.index;
        for (std::size_t j = 0; j < a.y.size(); ++j)
            add(t, sign, r,
                idx("y", j) + " = ExpandMask(ρ″, κ = " + std::to_string(a.kappa) + ")[" + std::to_string(j) +
                    "]",
                a.y[j]);
        for (std::size_t i = 0; i < a.w.size(); ++i)
            add(t, sign, r, idx("w", i) + " = NTT⁻¹(Â ∘ NTT(y))[" + std::to_string(i) + "]", a.w[i]);
        for (std::size_t i = 0; i < a.w1.size(); ++i)
            add(t, sign, r, idx("w1", i) + " = HighBits(w[" + std::to_string(i) + "])", a.w1[i]);
        add(t, sign, r, "c = SampleInBall(c̃)", a.c);
        for (std::size_t j = 0; j < a.z.size(); ++j)
            add(t, sign, r, idx("z", j) + " = y[" + std::to_string(j) + "] + c·s1[" + std::to_string(j) + "]",
                a.z[j]);
        // The checks show z (the response the verifier will see); their names carry the numbers.
        const MlDsaPoly& shown = a.z.empty() ? a.c : a.z.back();
        for (const MlDsaSignCheck& c : mldsaSignChecks(set, a))
            add(t, sign, r, checkName(c, boundNameOf(c.what)), shown);
    }
    return t;
}

std::optional<MlDsaSignCheck> mldsaSignCheckOf(const TraceStep& step) {
    if (!mldsaSignPhaseSet(step.phase) || step.step.rfind("check ", 0) != 0) return std::nullopt;
    for (const std::string& what : checkWhats()) {
        const std::string head = "check " + what + " = ";
        if (step.step.rfind(head, 0) != 0) continue;
        long long value = 0, bound = 0;
        int used = 0;
        const std::string rest = step.step.substr(head.size());
        if (std::sscanf(rest.c_str(), "%lld%n", &value, &used) != 1) return std::nullopt;
        const std::size_t eq = rest.rfind(" = ");
        const std::size_t colon = rest.rfind(':');
        if (eq == std::string::npos || colon == std::string::npos || colon < eq) return std::nullopt;
        if (std::sscanf(rest.c_str() + eq + 3, "%lld", &bound) != 1) return std::nullopt;
        return MlDsaSignCheck{what, value, bound, rest.compare(colon, std::string::npos, ": passed") == 0};
    }
    return std::nullopt;
}

namespace {

// "y[0] = -1234 (0x7FDB2D mod q), y[1] = …": the first three values, the first also as the grid shows it.
std::string firstValues(const char* name, const MlDsaPoly& p, bool centre) {
    std::string s;
    for (std::size_t i = 0; i < 3; ++i) {
        s += std::string(i ? ", " : "") + name + "[" + std::to_string(i) +
             "] = " + std::to_string(centre ? centred(p[i]) : std::int64_t{p[i]});
        if (i == 0) s += " (" + detail::hexWord(static_cast<std::uint64_t>(p[0]), 6) + " mod q)";
    }
    return s + ", …";
}

std::string valueText(std::int64_t v) {
    return std::to_string(v) + " (" + detail::hexWord(static_cast<std::uint64_t>(v), 6) + ")";
}

// "c[3] = −1 (0x7FE000 mod q)": the first non-zero coefficient of c.
std::string firstNonZero(const MlDsaPoly& p) {
    for (std::size_t i = 0; i < p.size(); ++i)
        if (p[i] != 0)
            return "c[" + std::to_string(i) + "] = " + std::to_string(centred(p[i])) + " (" +
                   detail::hexWord(static_cast<std::uint64_t>(p[i]), 6) + " mod q)";
    return "c = 0";
}

int nonZero(const MlDsaPoly& p) {
    int n = 0;
    for (auto v : p)
        n += v != 0;
    return n;
}

} // namespace

std::optional<std::string> explainMlDsaSignStep(const Trace& t, std::size_t index) {
    if (index >= t.steps.size()) return std::nullopt;
    const TraceStep& st = t.steps[index];
    const auto set = mldsaSignPhaseSet(st.phase);
    if (!set || st.state.size() != 4 * crypto::kMlDsaN) return std::nullopt;
    const crypto::MlDsaParams& p = crypto::mldsaParams(*set);
    const MlDsaPoly poly = crypto::mldsaPolyFromBytes(st.state);
    const std::string& n = st.step;
    const auto starts = [&](const char* s) { return n.rfind(s, 0) == 0; };
    if (const auto c = mldsaSignCheckOf(st)) {
        const std::string verdict =
            c->passed ? "passed"
                      : "rejected: the attempt is thrown away and the loop restarts with κ ← κ + l = κ + " +
                            std::to_string(p.l) + " (Algorithm 7 line 31)";
        if (c->what == "‖z‖∞")
            return "Algorithm 7 line 23: z must not reveal s1, so every coefficient must satisfy |z| < γ1 − "
                   "β = " +
                   std::to_string(p.gamma1) + " − " + std::to_string(p.beta) + " = " +
                   std::to_string(c->bound) + "; here ‖z‖∞ = " + valueText(c->value) + ", " + verdict;
        if (c->what == "‖r0‖∞")
            return "Algorithm 7 line 23: r0 = LowBits(w − c·s2) must satisfy ‖r0‖∞ < γ2 − β = " +
                   std::to_string(c->bound) + " so that HighBits(w − c·s2) = w1; here " +
                   valueText(c->value) + ", " + verdict;
        if (c->what == "‖c·t0‖∞")
            return "Algorithm 7 line 28: ‖c·t0‖∞ must be below γ2 = " + std::to_string(c->bound) +
                   " for the hint to correct it; here " + valueText(c->value) + ", " + verdict;
        return "Algorithm 7 line 28: h = MakeHint(−c·t0, w − c·s2 + c·t0) may hold at most ω = " +
               std::to_string(c->bound) + " ones; here " + valueText(c->value) + ", " +
               (c->passed ? "passed: every check held, so σ = sigEncode(c̃, z mod± q, h) is the signature"
                          : verdict);
    }
    if (starts("s1[") || starts("s2["))
        return "the secret vector from skDecode (Algorithm 25): coefficients in [−η, η] = [−" +
               std::to_string(p.eta) + ", " + std::to_string(p.eta) + "], " + firstValues("s", poly, true) +
               " (drawn mod q)";
    if (starts("t0["))
        return "t0 from skDecode: the low d = 13 bits of t = A·s1 + s2 (Power2Round, Algorithm 35), in "
               "(−2¹², 2¹²], " +
               firstValues("t0", poly, true);
    if (starts("Â[0][0]"))
        return "ExpandA (Algorithm 32): each Â[r][s] = RejNTTPoly(ρ ‖ s ‖ r), SHAKE128 bytes read 3 at a "
               "time, "
               "23-bit values below q kept; Â is sampled directly in the NTT domain, " +
               firstValues("Â", poly, false);
    if (starts("y["))
        return "ExpandMask (Algorithm 34): the masking vector, coefficients in (−γ1, γ1] = (−" +
               std::to_string(p.gamma1) + ", " + std::to_string(p.gamma1) +
               "], from SHAKE256(ρ″ ‖ IntegerToBytes(κ + j, 2)); " + firstValues("y", poly, true);
    if (starts("w1["))
        return "HighBits (Algorithm 37): w = w1·2γ2 + w0 with −γ2 < w0 ≤ γ2, 2γ2 = " +
               std::to_string(2 * p.gamma2) + "; only w1 enters c̃ = H(μ ‖ w1Encode(w1)); " +
               firstValues("w1", poly, false);
    if (starts("w["))
        return "the commitment w = NTT⁻¹(Â ∘ NTT(y)) (Algorithm 7 lines 11-12), coefficients mod q = "
               "8380417; " +
               firstValues("w", poly, false);
    if (starts("c = "))
        return "SampleInBall (Algorithm 29): c has exactly τ = " + std::to_string(p.tau) +
               " coefficients ±1 and the rest 0 (here " + std::to_string(nonZero(poly)) +
               " non-zero, the first " + firstNonZero(poly) +
               "), chosen from SHAKE256(c̃), c̃ = H(μ ‖ w1Encode(w1), λ/4 = " + std::to_string(p.lambda / 4) +
               " bytes)";
    if (starts("z["))
        return "the response z = y + c·s1 (Algorithm 7 line 15); ‖c·s1‖∞ ≤ β = τ·η = " +
               std::to_string(p.beta) + ", so z hides s1 only if every |z| < γ1 − β; " +
               firstValues("z", poly, true);
    return std::nullopt;
}

} // namespace rs::teach
