// Diffusion analysis timing on one CPU thread. The goal: SAC for SKINNY-128-256, all 128
// plaintext bits x 10 000 samples x 48 rounds, well under a minute.
//
//   BM_SacSkinny128_256/<samples>   a short run; "samples/s" and "goal_s" (the projected time of
//                                   the full 10 000-sample goal) are its counters
//   BM_SacSkinny128_256_FullGoal    the goal itself, once (a few seconds); run only it with
//                                   rs_bench_analysis --benchmark_filter=FullGoal
//   BM_Structural/<alg>             the exact structural propagation alone, all standard rounds
//   BM_SacGoalPath/<path>/<samples> the avalanche alone (no structural part), bitsliced (the
//                                   default path) vs reference (one sample at a time), same run:
//                                   compare their times for the speed-up; the test
//                                   SlicedAvalanche.* checks both give the same counts
//   BM_SacPath/<alg_field>/<path>/<samples>  the same comparison for Ascon-p (all 320 state bits,
//                                   12 rounds) and LEA-128 (all 128 plaintext / key bits, 24 rounds)
//
// The CLI runs the same full size: roundscope-cli diffusion --alg skinny-128-256 --samples 10000
#include <benchmark/benchmark.h>

#include "core/analysis/avalanche.h"
#include "core/analysis/diffusion.h"
#include "core/analysis/plan.h"

#include <string>

namespace {

using namespace rs::analysis;

constexpr int kGoalSamples = 10000;

DiffusionRequest sacRequest(int samples) {
    DiffusionRequest r;
    r.alg = "skinny-128-256";
    r.field = Field::Plaintext;
    r.samples = samples;
    return r;
}

void BM_SacSkinny128_256(benchmark::State& state) {
    const int samples = static_cast<int>(state.range(0));
    for (auto _ : state) {
        const DiffusionResult r = analyzeDiffusion(sacRequest(samples));
        benchmark::DoNotOptimize(r.perRound.back().sacMaxDeviation);
    }
    const double total = static_cast<double>(state.iterations()) * samples;
    state.counters["samples/s"] = benchmark::Counter(total, benchmark::Counter::kIsRate);
    // Seconds per sample times the goal's samples; inverted rate, so the framework divides for us.
    state.counters["goal_s"] =
        benchmark::Counter(total / kGoalSamples, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_SacSkinny128_256_FullGoal(benchmark::State& state) {
    for (auto _ : state) {
        const DiffusionResult r = analyzeDiffusion(sacRequest(kGoalSamples));
        benchmark::DoNotOptimize(r.perRound.back().sacMaxDeviation);
    }
    state.counters["samples/s"] = benchmark::Counter(static_cast<double>(state.iterations()) * kGoalSamples,
                                                     benchmark::Counter::kIsRate);
}

void BM_Structural(benchmark::State& state, const std::string& alg, Field field) {
    DiffusionRequest r;
    r.alg = alg;
    r.field = field;
    for (auto _ : state) {
        const DiffusionResult res = analyzeDiffusion(r);
        benchmark::DoNotOptimize(res.fullDiffusionRound);
    }
}

// path 0 = bitsliced, 1 = reference; SKINNY-128-256, all 128 plaintext bits, 48 rounds.
void BM_SacGoalPath(benchmark::State& state) {
    const bool reference = state.range(0) == 1;
    const int samples = static_cast<int>(state.range(1));
    const detail::Plan plan = detail::makePlan(sacRequest(samples));
    for (auto _ : state) {
        const auto r = reference ? detail::measureAvalancheReference(plan, false, {})
                                 : detail::measureAvalancheSliced(plan, false, {});
        benchmark::DoNotOptimize(r.back().sacMaxDeviation);
    }
    state.SetLabel(reference ? "reference" : "bitsliced");
    const double total = static_cast<double>(state.iterations()) * samples;
    state.counters["samples/s"] = benchmark::Counter(total, benchmark::Counter::kIsRate);
    state.counters["goal_s"] =
        benchmark::Counter(total / kGoalSamples, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// The same comparison for another algorithm and field: all bits, standard rounds.
void BM_SacPath(benchmark::State& state, const std::string& alg, Field field) {
    const bool reference = state.range(0) == 1;
    const int samples = static_cast<int>(state.range(1));
    DiffusionRequest req;
    req.alg = alg;
    req.field = field;
    req.samples = samples;
    const detail::Plan plan = detail::makePlan(req);
    for (auto _ : state) {
        const auto r = reference ? detail::measureAvalancheReference(plan, false, {})
                                 : detail::measureAvalancheSliced(plan, false, {});
        benchmark::DoNotOptimize(r.back().sacMaxDeviation);
    }
    state.SetLabel(reference ? "reference" : "bitsliced");
    state.counters["samples/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * samples, benchmark::Counter::kIsRate);
}

} // namespace

#define RS_SAC_PATH_ARGS                                                                                     \
    ->ArgNames({"reference", "samples"})                                                                     \
        ->Args({0, 640})                                                                                     \
        ->Args({1, 640})                                                                                     \
        ->Args({0, kGoalSamples})                                                                            \
        ->Args({1, kGoalSamples})                                                                            \
        ->Iterations(1)                                                                                      \
        ->Unit(benchmark::kMillisecond)
BENCHMARK_CAPTURE(BM_SacPath, ascon_p_state, std::string("ascon-p"), Field::State) RS_SAC_PATH_ARGS;
BENCHMARK_CAPTURE(BM_SacPath, lea_128_plaintext, std::string("lea-128"), Field::Plaintext) RS_SAC_PATH_ARGS;
BENCHMARK_CAPTURE(BM_SacPath, lea_128_key, std::string("lea-128"), Field::Key) RS_SAC_PATH_ARGS;

BENCHMARK(BM_SacGoalPath)
    ->ArgNames({"reference", "samples"})
    ->Args({0, 640})
    ->Args({1, 640})
    ->Args({0, kGoalSamples})
    ->Args({1, kGoalSamples})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SacSkinny128_256)->Arg(200)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SacSkinny128_256_FullGoal)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(BM_Structural, ascon_p_state, std::string("ascon-p"), Field::State)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Structural, lea_256_key, std::string("lea-256"), Field::Key)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Structural, skinny_128_384_key, std::string("skinny-128-384"), Field::Key)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Structural, mldsa_ntt_state, std::string("mldsa-ntt"), Field::State)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Structural, mldsa_intt_state, std::string("mldsa-intt"), Field::State)
    ->Unit(benchmark::kMillisecond);
