#pragma once
// Runs a runner the way the engine does (with an OutputJudge over the reference output) and keeps what the
// tests look at: the measurements, the first output it produced, how many outputs it handed to the judge
// and the judge's verdict. And the one-target definition every back end's campaign test starts from.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/campaignspec.h"
#include "core/campaign/runner.h"

namespace rs::campaign {

struct Judged : RunOutput {
    crypto::Bytes output;               ///< the first output the runner produced
    int outputs = 0;                    ///< how many outputs it handed to the judge
    std::optional<std::string> failure; ///< the first wrong one, as the engine would record it
};

inline Judged runJudged(Runner& runner, const RunKey& key, const RunInputs& inputs, int repeats,
                        const std::map<std::string, std::string>& options, const std::atomic<bool>& cancel) {
    crypto::Bytes expected;
    try {
        expected = referenceOutput(key, inputs);
    } catch (const std::exception&) {
        // an algorithm the model does not know: the runner is expected to refuse it
    }
    oracle::OutputJudge judge(expected);
    Judged j;
    static_cast<RunOutput&>(j) = runner.run(key, inputs, repeats, options, cancel, judge);
    j.output = judge.first();
    j.outputs = judge.count();
    j.failure = judge.failure();
    return j;
}

/** @brief A campaign of one target, named after it (AD size 0 only). */
inline CampaignSpec targetSpec(const std::string& target, std::vector<std::string> algorithms,
                               std::vector<std::uint64_t> messageBytes, int repeats,
                               std::map<std::string, std::string> options = {}) {
    CampaignSpec s;
    s.name = target;
    s.targets = {target};
    s.algorithms = std::move(algorithms);
    s.messageBytes = std::move(messageBytes);
    s.repeats = repeats;
    s.options = std::move(options);
    return s;
}

} // namespace rs::campaign
