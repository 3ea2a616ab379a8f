#include "hw/ip/ascon/asconipcycles.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "hw/ip/ascon/ipregisters.h"

namespace rs::hw {

namespace {

std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) {
    return (a + b - 1) / b;
}

} // namespace

AsconIpCycleFormula expectedCycles(const AsconIpCycleQuery& q) {
    if (q.unroll < 1 || q.unroll > 12)
        throw std::invalid_argument("unroll " + std::to_string(q.unroll) + " is outside 1..12");
    using V = crypto::AsconAeadVariant;
    const bool ascon128 = q.variant == V::Ascon128v12;
    const bool adPre = q.precomputed && q.adPrecomputed;
    AsconIpCycleFormula f;
    AsconIpCycleTerms& t = f.terms;
    t.rateBytes = ascon128 ? 8 : 16;
    t.wordsPerBlock = t.rateBytes / 4;
    t.initClocks = static_cast<int>(ceilDiv(12, static_cast<std::uint64_t>(q.unroll)));
    t.blockPermClocks = static_cast<int>(ceilDiv(ascon128 ? 6 : 8, static_cast<std::uint64_t>(q.unroll)));
    t.blockClocks = std::max(t.wordsPerBlock, t.blockPermClocks);
    t.adBlocks = (q.adBytes > 0 && !adPre) ? q.adBytes / static_cast<std::size_t>(t.rateBytes) + 1 : 0;
    t.fullBlocks = q.msgBytes / static_cast<std::size_t>(t.rateBytes);

    const std::uint64_t w = static_cast<std::uint64_t>(t.wordsPerBlock);
    const std::uint64_t na = static_cast<std::uint64_t>(t.initClocks);
    const std::uint64_t nb = static_cast<std::uint64_t>(t.blockPermClocks);
    const std::uint64_t m = static_cast<std::uint64_t>(t.blockClocks);
    const std::uint64_t s = t.adBlocks, full = t.fullBlocks;
    // Clock 0 is LOAD (START's write handshake); the first block is issued in clock 1 and
    // presented w clocks later; the stage is ready at r0.
    const std::uint64_t r0 = q.precomputed ? 1 : 1 + na;
    const std::uint64_t c0 = std::max(1 + w, r0);
    f.core.init = r0;
    if (s > 0) {
        f.core.ad = c0 - r0 + (s - 1) * m + nb;
        f.core.data = (full + 1) * m - nb;
    } else {
        f.core.ad = 0;
        f.core.data = c0 - r0 + full * m;
    }
    f.core.final = na;

    const std::uint64_t adWords = adPre ? 0 : ceilDiv(q.adBytes, 4);
    const std::uint64_t msgWords = ceilDiv(q.msgBytes, 4);
    const std::uint64_t config = 3 + 4 + (q.precomputed ? 10 : 4) + (q.decrypt ? 4 : 0);
    const std::uint64_t polls = ceilDiv(f.core.total(), 2);
    f.axiTransactions = config + adWords + msgWords + 1 + polls + msgWords + (q.decrypt ? 0 : 4);
    f.totalCycles = 2 * f.axiTransactions;
    return f;
}

bool fitsFifos(const AsconIpCycleQuery& q) {
    const bool adPre = q.precomputed && q.adPrecomputed;
    const std::size_t in = (adPre ? 0 : (q.adBytes + 3) / 4) + (q.msgBytes + 3) / 4;
    return in <= reg::kInDepth && (q.msgBytes + 3) / 4 <= reg::kOutDepth;
}

} // namespace rs::hw
