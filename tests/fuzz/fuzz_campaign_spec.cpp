// Fuzz target: the campaign definition (JSON). Invariants: a SpecError or a definition within the limits
// (at most kMaxRunsPerCampaign runs, counted without expanding) whose canonical JSON reads back equal.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/campaign/campaignspec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace rs::campaign;
    CampaignSpec spec;
    try {
        spec = parseSpec(std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const SpecError&) {
        return 0;
    }
    if (countRuns(spec) > kMaxRunsPerCampaign) std::abort();
    if (parseSpec(specJson(spec)) != spec) std::abort();
    if (expandRuns(spec).size() != countRuns(spec)) std::abort();
    return 0;
}
