#pragma once
// Every back end's campaign targets, registered in one call (docs/CONVENTIONS.md rule 16).

namespace rs::backends {

/** @brief Registers the campaign targets of every back end beside core's "cpu" and "cpu-mt", each with its
 *  declaration (campaign::TargetDeclaration: what it runs, its tool, measured or simulated, its Slurm
 *  needs) and its factory: "ip" (the Verilated cores), "cuda", "riscv-qemu" and "riscv-spike", "board".
 *  Idempotent; call it at start-up, before a campaign definition is read. */
void registerAllRunners();

} // namespace rs::backends
