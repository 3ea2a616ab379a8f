#pragma once
// A stored campaign whose repeats are known, for the comparison CLI tests: two points of Ascon-AEAD128 on
// the CPU (64 and 256 bytes), twelve repeats each drawn around the given times (repeatstest.h).

#include <cstdint>
#include <string>

#include "core/campaign/campaignstore.h"
#include "tests/campaign/repeatstest.h"

namespace rs::test {

inline std::int64_t addCampaign(campaign::CampaignStore& s, const std::string& name,
                                const campaign::Provenance& p, double t64, double t256, std::uint32_t seed) {
    campaign::CampaignSpec spec;
    spec.name = name;
    spec.targets = {"cpu"};
    spec.algorithms = {"ascon-aead128"};
    spec.messageBytes = {64, 256};
    spec.adBytes = {0};
    const auto id = s.createCampaign(spec, p);
    s.recordRun(id, {"cpu", "ascon-aead128", 64, 0}, true, "", {}, {{"time_median", t64, "ns"}},
                noisyRepeats(t64, 12, seed));
    s.recordRun(id, {"cpu", "ascon-aead128", 256, 0}, true, "", {}, {{"time_median", t256, "ns"}},
                noisyRepeats(t256, 12, seed + 1));
    s.setStatus(id, "finished");
    return id;
}

} // namespace rs::test
