#pragma once
// Where the running program lives, so a RoundScope program finds the companions installed beside it
// (roundscope-gpu, roundscope-board-sim, the RV32 images).

#include <QString>

namespace rs::core {

/** @brief The folder of the running executable (/proc/self/exe), empty when it cannot be read. */
QString programDirectory();

} // namespace rs::core
