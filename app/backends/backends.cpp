#include "backends.h"

#include "boardrunner.h"
#include "cudarunner.h"
#include "hw/iprunner.h"
#include "rvrunner.h"

namespace rs::backends {

void registerAllRunners() {
    hw::registerIpRunner();
    gpu::registerCudaRunner();
    riscv::registerRiscvRunners();
    hw::board::registerBoardRunner();
}

} // namespace rs::backends
