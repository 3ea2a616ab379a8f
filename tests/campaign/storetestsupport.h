#pragma once
// Shared by the store's fault and concurrency tests: a fast right-answer runner (as target "cuda"), a
// short definition, whole-file reads (only while no connection of this process has the file open: a
// descriptor closed by hand drops SQLite's POSIX locks), and everything a store holds, to compare.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/campaign/campaignengine.h"
#include "core/campaign/campaignstore.h"

namespace rs::test {

/** Right answers in every repeat, two measurements a run, `delay` per run. */
class FastRunner : public campaign::Runner {
  public:
    explicit FastRunner(std::chrono::milliseconds delay = std::chrono::milliseconds(0)) : m_delay(delay) {}
    std::string target() const override { return "cuda"; }
    bool supports(std::string_view) const override { return true; }
    campaign::RunOutput run(const campaign::RunKey& key, const campaign::RunInputs& in, int repeats,
                            const std::map<std::string, std::string>&, const std::atomic<bool>&,
                            rs::oracle::OutputJudge& judge) override {
        if (m_delay.count() > 0) std::this_thread::sleep_for(m_delay);
        for (int r = 0; r < repeats; ++r)
            judge.check(campaign::referenceOutput(key, in));
        campaign::RunOutput out;
        out.measurements = {{"time_median", 100.5 + static_cast<double>(key.messageBytes), "ns"},
                            {"throughput", 1e6 / (1.0 + static_cast<double>(key.messageBytes)), "bytes/s"}};
        out.parameters = {{"runner", "fast"}};
        return out;
    }

  private:
    std::chrono::milliseconds m_delay;
};

inline campaign::EngineOptions fastOptions(campaign::StartMode start = campaign::StartMode::Fresh,
                                           std::chrono::milliseconds delay = std::chrono::milliseconds(0)) {
    campaign::EngineOptions o;
    o.start = start;
    o.runnerFactory = [delay](const std::string&) { return std::make_unique<FastRunner>(delay); };
    return o;
}

/** The runs the engine's progress says are in the store: every skipped one, and of the runs this session
 *  finished, the first EngineProgress::stored - skipped (batches are committed in order). */
class StoredKeys {
  public:
    void see(const campaign::EngineProgress& p) {
        if (p.skipped > m_skipped)
            m_skippedKeys.insert(p.current);
        else
            m_finished.push_back(p.current);
        m_skipped = p.skipped;
        m_stored = p.stored;
    }
    std::set<campaign::RunKey> keys() const {
        std::set<campaign::RunKey> out = m_skippedKeys;
        const std::size_t committed = static_cast<std::size_t>(m_stored - m_skipped);
        for (std::size_t i = 0; i < committed && i < m_finished.size(); ++i)
            out.insert(m_finished[i]);
        return out;
    }

  private:
    int m_skipped = 0, m_stored = 0;
    std::set<campaign::RunKey> m_skippedKeys;
    std::vector<campaign::RunKey> m_finished;
};

/** `runs` runs (message sizes 16, 32, ...) of ascon-aead128 on "cuda". */
inline campaign::CampaignSpec shortSpec(int runs, const std::string& name = "short") {
    campaign::CampaignSpec s;
    s.name = name;
    s.targets = {"cuda"};
    s.algorithms = {"ascon-aead128"};
    for (int i = 1; i <= runs; ++i)
        s.messageBytes.push_back(static_cast<std::uint64_t>(16 * i));
    s.repeats = 1;
    return s;
}

inline std::string readAll(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

inline void writeAll(const std::string& path, const std::string& bytes) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

/** Everything a store holds, as its readers give it. */
struct StoreContent {
    std::vector<campaign::CampaignRow> campaigns;
    std::map<std::int64_t, std::vector<campaign::RunRow>> runs;
    bool operator==(const StoreContent&) const = default;
};

inline StoreContent contentOf(const campaign::CampaignStore& store) {
    StoreContent c;
    c.campaigns = store.campaigns();
    for (const auto& row : c.campaigns)
        c.runs[row.id] = store.runs(row.id);
    return c;
}

} // namespace rs::test
