#include "app/backends/backends.h"

#include "gpu/runner/gpurunner.h"
#include "hw/board/boardrunner.h"
#include "hw/ip/iprunner.h"
#include "riscv/runner/riscvrunner.h"

namespace rs::backends {

void registerAllRunners() {
    hw::registerIpRunner();
    gpu::registerCudaRunner();
    riscv::registerRiscvRunners();
    hw::board::registerBoardRunner();
}

} // namespace rs::backends
