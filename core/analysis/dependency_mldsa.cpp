// Structural dependency through the ML-DSA transforms (FIPS 204 Algorithms 41 and 42), per coefficient.
//
// Each butterfly maps the pair (w[i], w[i+len]) to two values that each depend on both (Cooley–Tukey:
// w[i] ± ζ·w[i+len]; Gentleman–Sande: w[i] + w[i+len] and ζ·(w[i] − w[i+len]), ζ ≠ 0 mod q), so after a
// layer an output coefficient depends on the union of the input coefficients its butterfly reads; NTT⁻¹'s
// final × 256⁻¹ acts on each coefficient alone and changes nothing here. After layer k of either transform
// a single input coefficient has reached exactly 2^k coefficients.
//
// The dependency is per coefficient, the granularity of the transform's arithmetic: a 32-bit cell (all its
// bits) depends on a varied bit when its coefficient depends on the coefficient holding that bit. Inside a
// coefficient, mod-q addition and multiplication mix all of its 23 significant bits; its top 9 bits are 0 in
// every valid state (coefficients are < q < 2^23), which this chart does not single out.
#include "core/analysis/dependency.h"

#include "core/crypto/mldsantt.h"

#include <bitset>

namespace rs::analysis::detail {

std::vector<BitMatrix> mldsaDependency(const Plan& plan, const std::atomic<bool>* cancel) {
    constexpr int n = static_cast<int>(crypto::kMlDsaN);
    const bool inverse = plan.alg == "mldsa-intt";
    // deps[c]: the input coefficients output coefficient c depends on.
    std::vector<std::bitset<crypto::kMlDsaN>> deps(crypto::kMlDsaN);
    for (std::size_t c = 0; c < crypto::kMlDsaN; ++c)
        deps[c].set(c);
    // The varied columns of each input coefficient, as a row mask.
    const int varied = plan.varied();
    BitMatrix columnsOf(n, varied);
    for (int v = 0; v < varied; ++v)
        columnsOf.set(plan.fieldBit(v) / 32, v);

    std::vector<BitMatrix> out;
    out.reserve(static_cast<std::size_t>(plan.rounds));
    for (int layer = 1; layer <= plan.rounds; ++layer) {
        checkCancel(cancel);
        for (int b = 1; b <= 128; ++b) {
            const crypto::MlDsaButterfly bf = crypto::mldsaButterfly(inverse, layer, b);
            const auto both = deps[bf.i] | deps[bf.i + bf.len];
            deps[bf.i] = both;
            deps[bf.i + bf.len] = both;
        }
        BitMatrix m(plan.stateBits, varied);
        BitMatrix coefficientRow(1, varied);
        for (int c = 0; c < n; ++c) {
            coefficientRow.clearRow(0);
            for (int d = 0; d < n; ++d)
                if (deps[static_cast<std::size_t>(c)].test(static_cast<std::size_t>(d)))
                    coefficientRow.orRow(0, columnsOf, d);
            for (int bit = 0; bit < 32; ++bit)
                m.copyRow(32 * c + bit, coefficientRow, 0);
        }
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace rs::analysis::detail
