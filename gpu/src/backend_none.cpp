// roundscope-gpu built without the CUDA toolkit: it still answers, and says why it cannot run.
#include <stdexcept>

#include "gpu/src/backend.h"

namespace rs::gpu {

namespace {
constexpr const char* kWhy =
    "no CUDA device: this build has no CUDA kernels (nvcc was not found when it was configured)";
}

std::string probeDevice(DeviceInfo*) {
    return kWhy;
}

Timing launchOnDevice(const Variant&, const LaunchInputs&, crypto::Bytes&) {
    throw std::runtime_error(kWhy);
}

bool cudaBuilt() {
    return false;
}

} // namespace rs::gpu
