#pragma once
// Where a Verilated model's FST trace (`ip run --fst FILE`) is written. Verilator's FST writer unlinks
// the path it is given (as root, `--fst /dev/full` replaced the device node) and reports no failed
// write, so it writes a temporary file beside the target and the file is renamed over the target when
// the trace is closed; a target that is a device or FIFO is refused before anything is written.

#include <memory>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "fileio/safefile.h"

namespace rs::hw::detail {

/** @brief The temporary file for a trace to path; std::runtime_error naming FST when path cannot be one. */
inline std::unique_ptr<fileio::AtomicFile> openFstTarget(const std::string& path) {
    try {
        auto file = std::make_unique<fileio::AtomicFile>(path);
        file->releaseDescriptor(); // the FST writer opens the temporary path itself
        return file;
    } catch (const fileio::FileError& e) {
        throw std::runtime_error(std::string("cannot write FST file: ") + e.what());
    }
}

/** @brief Renames the closed trace over its target. Runs in destructors: a failure leaves no file
 *  (the temporary one is removed) and throws nothing. */
inline void commitFstTarget(std::unique_ptr<fileio::AtomicFile> file) noexcept {
    if (!file) return;
    ::unlink((file->tempPath() + ".hier").c_str()); // the writer's side file, if it left one
    try {
        file->commit();
    } catch (...) {
    }
}

} // namespace rs::hw::detail
