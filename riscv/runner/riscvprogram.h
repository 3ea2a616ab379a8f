#pragma once
// Runs one kernel of the RV32 images (riscv/harness, riscv/kernels) under QEMU or Spike: the run's inputs
// are written into the .rsparams section of a copy of the image, the simulator prints one JSON line, and
// the output in it is judged by the oracle (oracle::verify against oracle::referenceOutput, core/oracle)
// before any count is believed. Counts are instructions (instret): QEMU runs with -icount shift=0 and Spike
// retires one instruction per step, so neither gives real cycles. Plain C++ over Qt Core (QProcess).

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/crypto/bytes.h"

namespace rs::riscv {

/** @brief A run that could not be done or gave a wrong answer; the message says which and why. */
class RiscvError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief One kernel of the images, in the order of riscv/harness/main.c's table. */
struct RiscvKernel {
    std::string id;        ///< "lea-128-ctr-pre-fixed"
    std::string algorithm; ///< the campaign/registry id it computes: "lea-128-ctr"
    std::string description;
    /** @brief The kernel a campaign runs for its operation when several compute it (the fastest of paper
     *  003's variants); an operation with none marked runs its first kernel. */
    bool campaignDefault = false;
};
/** @brief The back end's kernel table: every kernel of the images and the operation it computes, its one
 *  capability declaration (the campaign targets, the page, the CLI and paper 003 read it). */
const std::vector<RiscvKernel>& kernels();
const RiscvKernel* findKernel(const std::string& id);
/** @brief The kernel a campaign runs for an operation (RiscvKernel::campaignDefault, else the first that
 *  computes it), or nullptr when no kernel computes it. */
const RiscvKernel* defaultKernel(const std::string& algorithm);
/** @brief Every kernel that computes an operation, in table order. */
std::vector<const RiscvKernel*> kernelsFor(const std::string& algorithm);

struct RiscvRequest {
    std::string kernel;
    std::string isa = "rv32im"; ///< "rv32im" or "rv32i"
    std::string sim = "qemu";   ///< "qemu" or "spike"
    crypto::Bytes key, nonce, ad, message;
    int timeoutMs = 60000;
};

struct RiscvResult {
    std::string kernel, isa, sim;
    std::uint64_t bytes = 0, adBytes = 0;
    std::uint64_t instructions = 0;        ///< instret over the whole kernel
    std::uint64_t cycleCsr = 0;            ///< the cycle CSR (QEMU icount / Spike: equals instructions)
    std::optional<std::uint64_t> perBlock; ///< marginal instructions per 16-byte block (CTR kernels)
    std::vector<std::pair<std::string, std::uint64_t>> phases; ///< ("setup", n), ("ctr", n), ...
    crypto::Bytes output;
    bool verified = false; ///< output equals the C++ model's
};

/** @brief The image of an ISA: $ROUNDSCOPE_RISCV_DIR, the folder buildImages() last wrote, beside the
 *  program, or the build tree; RiscvError when none was built. */
std::string imagePath(const std::string& isa);
/** @brief Builds both images (rv32i, rv32im) from the sources this program was configured with, with
 *  riscv64-unknown-elf-gcc and picolibc, into `outDir`, and uses them from then on. Returns the compiler's
 *  output; RiscvError with it when the compiler is missing or fails. */
std::string buildImages(const std::string& outDir);
/** @brief The simulator's executable: qemu-system-riscv32 on PATH; Spike from $ROUNDSCOPE_SPIKE or PATH.
 *  RiscvError naming what is missing. */
std::string simulatorPath(const std::string& sim);
/** @brief The image with the request's inputs in .rsparams; RiscvError for an image without the section
 *  or inputs larger than it. */
std::vector<char> patchImage(const std::vector<char>& elf, const RiscvRequest& request);

/** @brief Runs the request and checks its output against the C++ model; RiscvError when it cannot run, the
 *  program refuses the inputs, or (verify = true) the output is wrong. `cancel` is polled. */
RiscvResult runKernel(const RiscvRequest& request, const std::atomic<bool>* cancel = nullptr,
                      bool verify = true);

/** @brief Deterministic inputs for a kernel and sizes (oracle::makeInputs, as a campaign's). */
RiscvRequest requestFor(const std::string& kernel, std::uint64_t bytes, std::uint64_t adBytes);

} // namespace rs::riscv
