#pragma once
// The campaign runner of the CUDA kernels (target "cuda"): each run hands its inputs to roundscope-gpu
// (`run`, through QProcess), which checks the device's output against the C++ model before it times
// anything; the runner hands that output to the run's judge (the engine's OutputJudge) and reports the
// timings: total time with host<->device copies as time_min/median/max, the kernel alone as kernel_time_*,
// throughput, the device. Options: "cuda.variant" (default: the algorithm's baseline, "paper" for SKINNY),
// "cuda.messages" (Ascon: independent messages per launch, default 1024; the run's message is message 0). For
// Ascon the times are per message (the launch's time / messages, so speedups against one-message CPU runs
// compare like with like); launch_time_median is the whole launch; throughput counts every message's bytes.

#include <memory>

#include "core/campaign/runner.h"

namespace rs::gpu {

std::unique_ptr<campaign::Runner> makeCudaRunner();
/** @brief What target "cuda" is, without building its runner: the operations with a kernel, its tool
 *  (roundscope-gpu and a CUDA device: probeGpu()), measured figures, and gres gpu:1 on Slurm. */
campaign::TargetDeclaration cudaDeclaration();
/** @brief Registers target "cuda" (cudaDeclaration() and its factory) with campaign::registerTarget (call
 *  once at start-up). */
void registerCudaRunner();

} // namespace rs::gpu
