#pragma once
// The toy back end's runner: the campaign target "toy", LEA-128 in ECB and CTR on the toy device, every
// repeat's output handed to the engine's judge. The walk-through of docs/ARCHITECTURE.md: a back end is its
// device code, a plain driver and this runner (a facade and a page when it has a GUI of its own), and
// one registration line makes it a target of campaigns and of the conformance test.

#include <memory>

#include "core/campaign/runner.h"

namespace rs::toy {

std::unique_ptr<campaign::Runner> makeToyRunner();
/** @brief Registers the target "toy" with campaign::registerTarget (its declaration: id, name, the
 *  operations it claims; no tool, measured, no Slurm needs) and its factory: the one line a back end adds. */
void registerToyRunner();

} // namespace rs::toy
