// Keccak-f[1600]'s sub-steps (substeps.h): θ a sheet at a time, ρ and χ a plane at a time, from the states of
// the trace's own steps; the last sub-step of each step is that step's state.
#include "core/teach/substeps.h"

#include <array>
#include <cstdint>
#include <string>

#include "core/crypto/bytes.h"
#include "core/crypto/keccak.h"

namespace rs::teach {

namespace {

using Lanes = std::array<std::uint64_t, 25>;

Lanes lanesOf(const std::vector<std::uint8_t>& s) {
    Lanes a{};
    for (std::size_t i = 0; i < 25; ++i)
        a[i] = crypto::loadLe64(s.data() + 8 * i);
    return a;
}
std::vector<std::uint8_t> bytesOf(const Lanes& a) {
    std::vector<std::uint8_t> s(crypto::kKeccakStateBytes);
    for (std::size_t i = 0; i < 25; ++i)
        crypto::storeLe64(s.data() + 8 * i, a[i]);
    return s;
}
std::uint64_t rotl(std::uint64_t v, int n) {
    return n == 0 ? v : (v << n) | (v >> (64 - n));
}

crypto::TraceStep subStep(const crypto::TraceStep& whole, const std::string& name, const Lanes& a) {
    return detail::subStepOf(whole, name, bytesOf(a));
}

} // namespace

std::string keccakSubstepName(std::string_view step, int index) {
    if (step == kKeccakTheta) return std::string(kKeccakTheta) + ", sheet x=" + std::to_string(index);
    return std::string(step) + ", plane y=" + std::to_string(index);
}

std::optional<KeccakSubstep> parseKeccakSubstep(std::string_view name) {
    for (std::string_view step : {kKeccakTheta, kKeccakRho, kKeccakChi}) {
        const std::string prefix = keccakSubstepName(step, 0);
        const std::string_view stem = std::string_view(prefix).substr(0, prefix.size() - 1);
        if (name.size() == prefix.size() && name.substr(0, stem.size()) == stem && name.back() >= '0' &&
            name.back() <= '4')
            return KeccakSubstep{std::string(step), name.back() - '0'};
    }
    return std::nullopt;
}

crypto::Trace expandKeccakSubsteps(const crypto::Trace& t) {
    if (t.layout.encoding != "keccak-lanes-le") return t;
    crypto::Trace out;
    out.layout = t.layout;
    out.steps.reserve(t.steps.size() * 4);
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const crypto::TraceStep& st = t.steps[i];
        const bool splits = i > 0 && st.state.size() == crypto::kKeccakStateBytes &&
                            t.steps[i - 1].state.size() == crypto::kKeccakStateBytes &&
                            (st.step == kKeccakTheta || st.step == kKeccakRho || st.step == kKeccakChi);
        if (!splits) {
            out.steps.push_back(st);
            continue;
        }
        const Lanes before = lanesOf(t.steps[i - 1].state);
        Lanes a = before;
        if (st.step == kKeccakTheta) {
            // D[x] from the column parities of the state before θ; sheet x (the lanes A[x, 0..4]) takes D[x].
            std::array<std::uint64_t, 5> c{};
            for (std::size_t x = 0; x < 5; ++x)
                for (std::size_t y = 0; y < 5; ++y)
                    c[x] ^= before[x + 5 * y];
            for (int x = 0; x < 5; ++x) {
                const std::uint64_t d = c[static_cast<std::size_t>((x + 4) % 5)] ^
                                        rotl(c[static_cast<std::size_t>((x + 1) % 5)], 1);
                for (std::size_t y = 0; y < 5; ++y)
                    a[static_cast<std::size_t>(x) + 5 * y] ^= d;
                out.steps.push_back(subStep(st, keccakSubstepName(kKeccakTheta, x), a));
            }
        } else {
            for (int y = 0; y < 5; ++y) {
                const std::size_t row = 5 * static_cast<std::size_t>(y);
                for (std::size_t x = 0; x < 5; ++x) {
                    if (st.step == kKeccakRho)
                        a[row + x] = rotl(before[row + x], crypto::kKeccakRhoOffsets[row + x]);
                    else // χ within the row, from the row's values before χ
                        a[row + x] =
                            before[row + x] ^ (~before[row + (x + 1) % 5] & before[row + (x + 2) % 5]);
                }
                out.steps.push_back(subStep(st, keccakSubstepName(st.step, y), a));
            }
        }
    }
    return out;
}

crypto::Trace expandSubsteps(const crypto::Trace& t) {
    if (t.layout.encoding == "keccak-lanes-le") return expandKeccakSubsteps(t);
    return expandLeaSubsteps(t);
}

} // namespace rs::teach
