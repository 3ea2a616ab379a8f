// Fuzz target: a cluster campaign's plan.json (what every array task reads). Invariants: a ClusterError
// (or SpecError inside it), or a plan whose shards hold exactly the definition's runs, each once, and whose
// JSON reads back equal.
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string_view>

#include "core/cluster/shardplan.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace rs::cluster;
    ClusterPlan plan;
    try {
        plan = parsePlan(std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const ClusterError&) {
        return 0;
    }
    std::set<rs::campaign::RunKey> runs;
    std::size_t count = 0;
    for (std::size_t i = 0; i < plan.shards.size(); ++i) {
        if (plan.shards[i].index != static_cast<int>(i) || plan.shards[i].runs.empty()) std::abort();
        for (const auto& k : plan.shards[i].runs) {
            if (k.target != plan.shards[i].target) std::abort();
            runs.insert(k);
            ++count;
        }
    }
    if (runs.size() != count || count != rs::campaign::countRuns(plan.spec)) std::abort();
    if (parsePlan(planJson(plan)) != plan) std::abort();
    return 0;
}
