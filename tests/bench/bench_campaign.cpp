// The campaign engine's own cost per run (store, verification, lease), against the cipher work of the same
// runs measured in the same program: BM_EngineCampaign runs a whole campaign of tiny Ascon-AEAD128 runs on
// the cpu target into a store file; BM_RunsWithoutStore judges the same runs on the same runner with no
// store. Both report "us/run"; the difference is the engine's share.

#include <benchmark/benchmark.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "core/campaign/campaignengine.h"
#include "core/campaign/runner.h"

namespace {

namespace fs = std::filesystem;
using namespace rs::campaign;

CampaignSpec tinySpec(int runs) {
    CampaignSpec s;
    s.name = "engine cost";
    s.targets = {"cpu"};
    s.algorithms = {"ascon-aead128"};
    for (int i = 0; i < runs; ++i)
        s.messageBytes.push_back(static_cast<std::uint64_t>(i));
    s.repeats = 1;
    return s;
}

void perRun(benchmark::State& state, int runs) {
    state.counters["us/run"] =
        benchmark::Counter(static_cast<double>(runs) * 1e-6,
                           benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_EngineCampaign(benchmark::State& state) {
    const int runs = static_cast<int>(state.range(0));
    const fs::path dir = fs::temp_directory_path() / ("rs_bench_engine_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const CampaignSpec spec = tinySpec(runs);
    int n = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const std::string db = (dir / ("store" + std::to_string(n++) + ".db")).string();
        CampaignStore store(db);
        state.ResumeTiming();
        const EngineResult r = runCampaign(store, spec);
        if (r.runs != runs || r.failed != 0) state.SkipWithError("the campaign did not verify every run");
    }
    fs::remove_all(dir);
    perRun(state, runs);
}
BENCHMARK(BM_EngineCampaign)->Arg(200)->Arg(1000)->Unit(benchmark::kMillisecond);

void BM_RunsWithoutStore(benchmark::State& state) {
    const int runs = static_cast<int>(state.range(0));
    const CampaignSpec spec = tinySpec(runs);
    const auto runner = makeRunner("cpu");
    const std::atomic<bool> never{false};
    for (auto _ : state) {
        for (int i = 0; i < runs; ++i) {
            const RunKey key{"cpu", "ascon-aead128", static_cast<std::uint64_t>(i), 0};
            const RunInputs inputs = makeInputs(key);
            const RunVerdict v =
                judgeRun(*runner, key, inputs, referenceOutput(key, inputs), 1, spec.options, never);
            if (!v.verified) state.SkipWithError("a run did not verify");
        }
    }
    perRun(state, runs);
}
BENCHMARK(BM_RunsWithoutStore)->Arg(200)->Arg(1000)->Unit(benchmark::kMillisecond);

} // namespace
