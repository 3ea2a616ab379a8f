#pragma once
// Where roundscope-gpu is, and what its probe says: shared by the campaign runner and the GUI's session.

#include <QJsonObject>
#include <QString>

namespace rs::gpu {

/** @brief roundscope-gpu's path: $ROUNDSCOPE_GPU when set, else beside the running program, else the
 *  build tree's copy, else PATH; empty when none exists. */
QString gpuExecutable();

/** @brief The probe's answer. `ok` with the device line, or the reason (starting "no CUDA device: ",
 *  or saying that roundscope-gpu is missing or failed). Blocks up to `timeoutMs`. */
struct GpuProbe {
    bool ok = false;
    QString status; ///< "ok" or the reason
    QJsonObject device;
};
GpuProbe probeGpu(int timeoutMs = 30000);

} // namespace rs::gpu
