#pragma once
// roundscope-gpu's arithmetic and JSON, plain C++ so the host tests check it: sizes ("64M"), min/median/max,
// the single-thread CPU baseline and paper 004's speedup E = T_CPU / T_GPU and efficiency S = 1 - T_GPU /
// T_CPU.

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/host/gpusetup.h"

namespace rs::gpu {

/** @brief "64", "1K", "64M", "1G" (binary); throws std::invalid_argument. */
std::uint64_t parseSize(const std::string& text);
/** @brief The median (mean of the middle two for an even count); 0 for none. */
double median(std::vector<double> v);
/** @brief {"min":..,"median":..,"max":..,"samples":[every value, in order]}. */
std::string statsJson(const std::vector<double>& v);
/** @brief [v0,v1,...] (each a jsonNumber). */
std::string samplesJson(const std::vector<double>& v);
/** @brief A JSON string literal. */
std::string jsonString(const std::string& s);
/** @brief A JSON number (finite; null otherwise). */
std::string jsonNumber(double v);

/** @brief The single-thread CPU model's time on the same inputs (milliseconds). */
struct CpuTiming {
    std::vector<double> ms;
    double medianMs() const { return median(ms); }
};
/** @brief Times referenceOutput(v, in) `repeats` times; `output` receives the result (the known answer). */
CpuTiming timeCpu(const Variant& v, const LaunchInputs& in, int repeats, crypto::Bytes& output);

/** @brief Paper 004's figures: E = T_CPU / T_GPU, S = 1 - T_GPU / T_CPU. */
struct Speedup {
    double e = 0, s = 0;
};
Speedup speedup(double cpuMs, double gpuMs);
/** @brief ,"cpu_ms":{..},"speedup_E":..,"efficiency_S":..,"speedup_E_kernel":..,"efficiency_S_kernel":.. */
std::string speedupJson(const CpuTiming& cpu, double totalMs, double kernelMs);

/** @brief The inputs of a sweep point, the oracle's (oracle::makeInputs of the algorithm and sizes, as a
 *  campaign run gets them): block modes one message of `bytes`; Ascon messages of `messageBytes` (at least
 *  one byte, at most `bytes`) with 16 bytes of AD, as many as fill `bytes` (at least one). OracleError for
 *  an algorithm the oracle does not know. */
LaunchInputs sweepInputs(const std::string& algorithm, std::uint64_t bytes, std::uint64_t messageBytes);

} // namespace rs::gpu
