#pragma once
// The device side of roundscope-gpu behind a plain C++ interface: backend_cuda.cu with the CUDA toolkit,
// backend_none.cpp without it (every call then reports why there is no device).

#include <cstdint>
#include <string>

#include "gpu/host/gpusetup.h"

namespace rs::gpu {

struct DeviceInfo {
    std::string name;
    int major = 0, minor = 0;
    std::uint64_t memoryBytes = 0;
    int multiprocessors = 0;
    int driverVersion = 0, runtimeVersion = 0;
};

/** @brief Empty when device 0 is usable (and fills `info`), else the reason, starting "no CUDA device: ". */
std::string probeDevice(DeviceInfo* info);

/** @brief Milliseconds of one launch: the kernel alone and host->device copy + kernel + device->host copy
 *  (CUDA events; allocation is not timed). */
struct Timing {
    double kernelMs = 0;
    double totalMs = 0;
};

/** @brief Runs the variant once on device 0; `out` receives what referenceOutput() describes.
 *  Throws std::runtime_error naming the CUDA call that failed. */
Timing launchOnDevice(const Variant& v, const LaunchInputs& in, crypto::Bytes& out);

/** @brief Whether this build has the CUDA kernels. */
bool cudaBuilt();

} // namespace rs::gpu
