#pragma once
// The error of an IP's trace file (`ip run --fst FILE`, AsconIpOptions::fstPath, traceNextTo): the run
// itself went well, the file could not be written (a full disk, a file-size limit, a folder that cannot be
// written, a target that is a device or FIFO) and nothing was left behind.

#include <stdexcept>

namespace rs::hw {

/** @brief The FST trace could not be written; the message names the file and says why. */
class IpTraceError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

} // namespace rs::hw
