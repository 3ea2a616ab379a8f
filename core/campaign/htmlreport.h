#pragma once
// One campaign, or two compared, as one self-contained HTML file (no script, no network: styles inline,
// charts as SVG): the definition, the provenance (side by side for two), what the oracle verified and
// what failed with its reason, every run's figures in human units, the comparison's table of verdicts
// with intervals, p-values and effect sizes, and the charts (throughput and median time against message
// size). What `campaign report` writes and File > Export report… in the app.

#include <optional>
#include <string>

#include "core/campaign/campaigncompare.h"

namespace rs::campaign {

/** @brief The report of campaign a, or of b against a when b is given (compared with `options`). */
std::string htmlReport(const CampaignSide& a, const std::optional<CampaignSide>& b,
                       const CampaignCompareOptions& options = {});

} // namespace rs::campaign
