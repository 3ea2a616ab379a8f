#pragma once
// Reports a benchmark's throughput in the two units the project uses: cycles per byte (time-stamp
// counter cycles on x86, i.e. reference cycles at the TSC rate, not turbo core cycles) and MB/s.

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace rs::bench {

inline std::uint64_t cycleStamp() noexcept {
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}

/** @brief Construct before the timing loop, call finish() after it. */
class Throughput {
  public:
    Throughput(benchmark::State& state, std::int64_t bytesPerIteration)
        : m_state(state), m_bytes(bytesPerIteration), m_start(cycleStamp()) {}

    void finish() {
        const std::uint64_t cycles = cycleStamp() - m_start;
        const double total = static_cast<double>(m_state.iterations()) * static_cast<double>(m_bytes);
        m_state.SetBytesProcessed(static_cast<std::int64_t>(total));
        m_state.counters["cycles/byte"] = total > 0 ? static_cast<double>(cycles) / total : 0.0;
        m_state.counters["MB/s"] = benchmark::Counter(total / 1e6, benchmark::Counter::kIsRate);
    }

  private:
    benchmark::State& m_state;
    std::int64_t m_bytes;
    std::uint64_t m_start;
};

} // namespace rs::bench
