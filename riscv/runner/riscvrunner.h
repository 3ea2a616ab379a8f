#pragma once
// The campaign targets "riscv-qemu" and "riscv-spike": each run executes the algorithm's kernel of the RV32
// image (option "<target>.kernel", e.g. "riscv-qemu.kernel", default the fastest of paper 003's variants;
// "<target>.isa": rv32im (default) or rv32i)
// and reports instructions (never cycles: QEMU's -icount and Spike both count retired instructions),
// instructions per byte, the marginal instructions per block and each phase. The simulators are
// deterministic, so one execution stands for every repeat.

#include <memory>
#include <string>

#include "core/campaign/runner.h"

namespace rs::riscv {

std::unique_ptr<campaign::Runner> makeRiscvRunner(const std::string& sim);
/** @brief What target "riscv-" + sim ("qemu", "spike") is, without building its runner: the operations with
 *  an RV32 kernel, its tool (the simulator and the rv32im image), simulated figures, no Slurm needs. */
campaign::TargetDeclaration riscvDeclaration(const std::string& sim);
/** @brief Registers "riscv-qemu" and "riscv-spike" (riscvDeclaration() and their factories) with
 *  campaign::registerTarget. */
void registerRiscvRunners();

} // namespace rs::riscv
