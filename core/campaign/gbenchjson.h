#pragma once
// A campaign as Google Benchmark's JSON output (--benchmark_format=json with repetitions), so its
// compare.py and the tools that read that format read RoundScope's figures: "context" from the campaign's
// provenance, and per verified run every repeat as an "iteration" entry (real_time in ns, one iteration
// each) followed by its median as an "aggregate" entry. Names are TARGET/ALGORITHM/ad:N/msg:N. The wall
// clock is the only clock measured, so cpu_time repeats real_time (the context says so). Runs that kept
// no repeat (failed, or stored before repeats were kept) are listed in the context, not invented.

#include <string>
#include <vector>

#include "core/campaign/campaignstore.h"

namespace rs::campaign {

/** @brief "cpu/ascon-aead128/ad:0/msg:64". */
std::string gbenchName(const RunKey& key);

/** @brief The campaign as Google Benchmark JSON (indented, UTF-8). */
std::string gbenchJson(const CampaignRow& campaign, const std::vector<RunRow>& runs);

} // namespace rs::campaign
