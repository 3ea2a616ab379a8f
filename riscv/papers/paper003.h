#pragma once
// Paper 003's experiment on the RV32 back end: its tables, measured under QEMU or Spike. What the paper
// measures is written once each: its operations and sizes are its campaign preset
// (resources/campaigns/paper003.json: LEA-128 CTR and LEA-128-GCM, 16/64/128 bytes with 16 bytes of AD), and
// which kernels compute them is the kernel table (riscv/runner/riscvprogram.h). The CTR table: every kernel
// of the preset's block-cipher operation (the C reference and the three assembly variants) at 64 bytes, four
// blocks, for the marginal instructions per block; the GCM table: every kernel of its AEAD (bit-serial and
// table GHASH) at the preset's sizes and AD, split into GF multiply, CTR and GHASH. The CLI (`riscv
// paper003`) and the RISC-V page run these rows.

#include <atomic>
#include <string>
#include <vector>

#include "riscv/runner/riscvprogram.h"

namespace rs::riscv {

/** @brief The CTR table's message size: four blocks, so the per-block figure is a difference of counts. */
inline constexpr std::uint64_t kPaper003CtrBytes = 64;

/** @brief Paper 003's tables, measured: LEA-128 CTR per-block instructions of the C reference and the
 *  three assembly variants; LEA-GCM (bit-serial and table GHASH) at 16, 64, 128 bytes with 16 bytes of AAD,
 *  split into GF multiply, CTR and GHASH. */
struct Paper003 {
    std::vector<RiscvResult> ctr;
    std::vector<RiscvResult> gcm;
};

/** @brief The kernels of the CTR table, in kernel-table order (the RISC-V page checks them by default). */
std::vector<const RiscvKernel*> paper003CtrKernels();
/** @brief Every run of the tables, the CTR table's then the GCM table's, with the oracle's inputs
 *  (requestFor) on `sim` and `isa`. RiscvError when the preset cannot be read. */
std::vector<RiscvRequest> paper003Requests(const std::string& sim, const std::string& isa);
/** @brief Runs paper003Requests, each verified against the oracle (runKernel). */
Paper003 paper003(const std::string& sim, const std::string& isa, const std::atomic<bool>* cancel = nullptr);

} // namespace rs::riscv
