#pragma once
// Interleaved campaigns (CampaignSpec::interleaveSeed): instead of timing a run's repeats back to back and
// then the next run's, the engine times every run once per round, `repeats` rounds, each round in a fresh
// order drawn from the seed and the round. A machine that drifts (a CPU warming up or throttling, another
// program starting) then spreads its drift over every point, instead of making the points that happened
// to run late look slower. Each round's call takes the runner's own warm-up and one timed repeat; the
// rounds of a run are pooled into one stored run when its last round ends. Plain C++.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/campaign/runner.h"

namespace rs::campaign {

/** @brief The order of round `round` (0-based): a permutation of 0..count-1 drawn from (seed, round) by
 *  xoshiro256** and Fisher-Yates, the same on every platform and compiler. */
std::vector<std::size_t> roundOrder(std::uint64_t seed, int round, std::size_t count);

/** @brief One run's rounds pooled into the output stored for it: the rounds' samples in the order they
 *  ran, with the timing figures (setTimings: time_min/median/max, throughput) computed from all of them;
 *  every other figure the runner reported per round is pooled by its name (the least for "..._min", the
 *  greatest for "..._max", the median of the rounds otherwise: an exact simulated count is the same every
 *  round and stays as it is); the parameters are the first round's. Empty rounds give an empty output. */
RunOutput poolRounds(const std::vector<RunOutput>& rounds, std::uint64_t messageBytes);

} // namespace rs::campaign
