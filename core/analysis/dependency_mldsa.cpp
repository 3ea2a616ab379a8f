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

#include <algorithm>
#include <bitset>

namespace rs::analysis::detail {

namespace {

// Sets columns [from, to) of row 0 of m.
void setColumns(BitMatrix& m, int from, int to) noexcept {
    auto row = m.row(0);
    while (from < to) {
        const int word = from / 64, lo = from % 64, hi = std::min(64, lo + (to - from));
        const std::uint64_t ones =
            hi - lo == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << (hi - lo)) - 1) << lo;
        row[static_cast<std::size_t>(word)] |= ones;
        from += hi - lo;
    }
}

} // namespace

std::vector<BitMatrix> mldsaCoefficientDependency(const Plan& plan, const std::atomic<bool>* cancel) {
    constexpr int n = static_cast<int>(crypto::kMlDsaN);
    const bool inverse = plan.row->mldsa != nullptr && plan.row->mldsa->kind == oracle::MlDsaKind::InverseNtt;
    // deps[c]: the input coefficients output coefficient c depends on.
    std::vector<std::bitset<crypto::kMlDsaN>> deps(crypto::kMlDsaN);
    for (std::size_t c = 0; c < crypto::kMlDsaN; ++c)
        deps[c].set(c);
    // The varied bits are one contiguous range, so input coefficient d holds the varied columns
    // [32d - firstBit, 32d + 32 - firstBit) clipped to the range: a row is a union of such spans.
    const int varied = plan.varied();
    const int firstCoefficient = plan.firstBit / 32, lastCoefficient = plan.lastBit / 32;

    std::vector<BitMatrix> out;
    out.reserve(static_cast<std::size_t>(plan.rounds));
    BitMatrix coefficientRow(1, varied);
    for (int layer = 1; layer <= plan.rounds; ++layer) {
        checkCancel(cancel);
        for (int b = 1; b <= 128; ++b) {
            const crypto::MlDsaButterfly bf = crypto::mldsaButterfly(inverse, layer, b);
            const auto both = deps[bf.i] | deps[bf.i + bf.len];
            deps[bf.i] = both;
            deps[bf.i + bf.len] = both;
        }
        BitMatrix m(n, varied);
        for (int c = 0; c < n; ++c) {
            coefficientRow.clearRow(0);
            const auto& dc = deps[static_cast<std::size_t>(c)];
            for (int d = firstCoefficient; d <= lastCoefficient; ++d)
                if (dc.test(static_cast<std::size_t>(d)))
                    setColumns(coefficientRow, std::max(0, 32 * d - plan.firstBit),
                               std::min(varied, 32 * d + 32 - plan.firstBit));
            m.copyRow(c, coefficientRow, 0);
        }
        out.push_back(std::move(m));
    }
    return out;
}

std::vector<BitMatrix> mldsaDependency(const Plan& plan, const std::atomic<bool>* cancel) {
    std::vector<BitMatrix> out;
    for (const BitMatrix& coefficients : mldsaCoefficientDependency(plan, cancel)) {
        BitMatrix m(plan.stateBits, coefficients.cols());
        for (int s = 0; s < plan.stateBits; ++s)
            m.copyRow(s, coefficients, s / 32);
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace rs::analysis::detail
