#include "core/campaign/interleave.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <string>

#include "core/analysis/rng.h"

namespace rs::campaign {

namespace {

bool endsWith(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

double medianOf(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size();
    return m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

} // namespace

std::vector<std::size_t> roundOrder(std::uint64_t seed, int round, std::size_t count) {
    std::vector<std::size_t> order(count);
    std::iota(order.begin(), order.end(), std::size_t{0});
    // One stream per round, so a round's order does not depend on how many draws the others took.
    analysis::detail::Xoshiro256 rng(seed ^
                                     (0x9e3779b97f4a7c15ull * (static_cast<std::uint64_t>(round) + 1)));
    for (std::size_t i = count; i > 1; --i) {
        // Lemire's bounded draw without its rejection step: the bias (i / 2^64) is far below anything
        // a schedule could show.
        const auto j = static_cast<std::size_t>(
            (static_cast<unsigned __int128>(rng.next()) * static_cast<unsigned __int128>(i)) >> 64);
        std::swap(order[i - 1], order[j]);
    }
    return order;
}

RunOutput poolRounds(const std::vector<RunOutput>& rounds, std::uint64_t messageBytes) {
    RunOutput out;
    if (rounds.empty()) return out;
    out.parameters = rounds.front().parameters;
    std::vector<double> samples;
    for (const RunOutput& r : rounds)
        samples.insert(samples.end(), r.samples.begin(), r.samples.end());
    // The figures setTimings derives are derived again from every sample; the others pooled by name, in
    // the order the first round reported them.
    std::set<std::string> derived;
    if (!samples.empty())
        for (const Measurement& m : timingMeasurements(samples, messageBytes))
            derived.insert(m.metric);
    std::vector<std::string> names;
    std::map<std::string, std::pair<std::vector<double>, std::string>> values; // name -> (per round, unit)
    for (const RunOutput& r : rounds)
        for (const Measurement& m : r.measurements) {
            if (derived.count(m.metric)) continue;
            auto [it, fresh] = values.try_emplace(m.metric);
            if (fresh) {
                names.push_back(m.metric);
                it->second.second = m.unit;
            }
            it->second.first.push_back(m.value);
        }
    if (!samples.empty()) setTimings(out, samples, messageBytes);
    for (const std::string& name : names) {
        const auto& [v, unit] = values.at(name);
        const double pooled = endsWith(name, "_min")   ? *std::min_element(v.begin(), v.end())
                              : endsWith(name, "_max") ? *std::max_element(v.begin(), v.end())
                                                       : medianOf(v);
        out.measurements.push_back({name, pooled, unit});
    }
    return out;
}

} // namespace rs::campaign
