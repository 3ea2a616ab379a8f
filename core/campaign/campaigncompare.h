#pragma once
// Two stored campaigns compared point by point (target × algorithm × sizes present in both): every
// repeat's time of A (the baseline) against B's with the statistics of comparison.h, a verdict per point,
// the geometric mean of the ratios, and the provenance the two sides differ in (a comparison across
// compilers, CPUs or governors is said to be one). Points with exact figures (a simulated target) are
// compared as exact values. What cannot be compared says why: only on one side, failed, or no repeats
// stored (a campaign recorded before each repeat was kept). Plain C++ over the store's rows.

#include <optional>
#include <string>
#include <vector>

#include "core/campaign/campaignstore.h"
#include "core/campaign/comparison.h"

namespace rs::campaign {

/** @brief A campaign and its runs, as the store gives them. */
struct CampaignSide {
    CampaignRow campaign;
    std::vector<RunRow> runs;
};

/** @brief One point of the two campaigns. */
struct ComparedPoint {
    RunKey key;
    std::string unit;                             ///< of medianA/medianB ("ns", "bytes/s", "cycles")
    bool exact = false;                           ///< simulated figures: one exact value a side
    std::optional<stats::PointComparison> result; ///< empty when the point could not be compared
    std::string notCompared; ///< why result is empty ("only in campaign 3", "failed in B: ...")
};

/** @brief What comparePoints compares: "time" (every repeat's time, lower is better), "throughput"
 *  (bytes/s from each repeat's time, higher is better) or any other stored metric ("cycles",
 *  "instructions": exact figures only, lower is better). */
struct CampaignCompareOptions {
    std::string metric = "time";
    stats::CompareOptions stats;
    /** @brief Target against target: when both are set, A's runs on targetA against B's on targetB (A and B
     *  may be one campaign), matched by algorithm and sizes; the points are named "TARGETA vs TARGETB".
     *  SpecError when a side has no run on its target. */
    std::string targetA, targetB;
};

struct CampaignComparison {
    std::int64_t a = 0, b = 0;
    CampaignCompareOptions options;
    std::vector<ComparedPoint> points;                 ///< in A's run order, then B's points missing from A
    std::optional<stats::GeometricMean> geometricMean; ///< over the compared points; empty when none
    /** @brief "compiler: g++ 12.2.0 vs clang 14" for each provenance key (outside the revision's) the two
     *  campaigns differ in; a reviewer reads these before the verdicts. */
    std::vector<std::string> provenanceWarnings;
    std::string revisionA, revisionB; ///< git revision (with "-dirty" when built from changed files)
    int faster = 0, slower = 0, same = 0, uncertain = 0, notCompared = 0;
};

/** @brief Compares B against A. SpecError for a metric neither campaign stores. */
CampaignComparison compareCampaigns(const CampaignSide& a, const CampaignSide& b,
                                    const CampaignCompareOptions& options);

/** @brief Provenance keys a comparison does not warn about: they name the revision or the run, not the
 *  conditions ("git_revision", "git_dirty", "roundscope", an import's "imported_..." keys; "host" is
 *  warned about). */
bool isRevisionKey(const std::string& key);

} // namespace rs::campaign
