#include "core/teach/substeps.h"

#include <array>
#include <bit>
#include <cstdint>

#include "core/crypto/bytes.h"
#include "core/teach/explaindetail.h"

namespace rs::teach {

namespace {

using Words = detail::LeaWords;
using detail::leaWords;

std::vector<std::uint8_t> storeWords(const Words& w) {
    std::vector<std::uint8_t> s(16);
    for (std::size_t i = 0; i < 4; ++i)
        crypto::storeLe32(s.data() + 4 * i, w[i]);
    return s;
}

crypto::TraceStep subStep(const crypto::TraceStep& round, std::string_view name, const Words& w) {
    return detail::subStepOf(round, name, storeWords(w));
}

} // namespace

crypto::TraceStep detail::subStepOf(const crypto::TraceStep& whole, std::string_view name,
                                    std::vector<std::uint8_t> state) {
    crypto::TraceStep s = whole;
    s.step = std::string(name);
    s.state = std::move(state);
    return s;
}

crypto::Trace expandLeaSubsteps(const crypto::Trace& t) {
    if (t.layout.name.rfind("lea", 0) != 0) return t;
    crypto::Trace out;
    out.layout = t.layout;
    out.steps.reserve(t.steps.size() * 4);
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const crypto::TraceStep& st = t.steps[i];
        const bool split = i > 0 && st.phase == "encryption" && st.step == "round" &&
                           st.roundKey.size() == 24 && st.state.size() == 16 &&
                           t.steps[i - 1].state.size() == 16;
        if (!split) {
            out.steps.push_back(st);
            continue;
        }
        // The round's input is the previous original step (the input or the previous round).
        const Words x = leaWords(t.steps[i - 1].state);
        std::array<std::uint32_t, 6> rk{};
        for (std::size_t j = 0; j < 6; ++j)
            rk[j] = crypto::loadLe32(st.roundKey.data() + 4 * j);

        const Words xored{x[0] ^ rk[0], x[1] ^ rk[2], x[2] ^ rk[4], x[3]};
        out.steps.push_back(subStep(st, kLeaKeyXor, xored));
        const Words sums{xored[0] + (x[1] ^ rk[1]), xored[1] + (x[2] ^ rk[3]), xored[2] + (x[3] ^ rk[5]),
                         x[3]};
        out.steps.push_back(subStep(st, kLeaAddition, sums));
        const Words rotated{std::rotl(sums[0], 9), std::rotr(sums[1], 5), std::rotr(sums[2], 3), x[3]};
        out.steps.push_back(subStep(st, kLeaRotations, rotated));
        out.steps.push_back(subStep(st, kLeaWordRotation, {rotated[0], rotated[1], rotated[2], x[0]}));
    }
    return out;
}

} // namespace rs::teach
