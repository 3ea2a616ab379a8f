#pragma once
// A Verilated model's FST trace (`ip run --fst FILE`), one class for every Verilated core. Verilator's FST
// writer unlinks the path it is given (as root, `--fst /dev/full` replaced the device node) and reports no
// failed write, so it writes a temporary file beside the target and the file is renamed over the target
// when the trace is closed; a target that is a device or FIFO is refused before anything is written.
// Included only by the files that see the Verilated classes.

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "core/fileio/safefile.h"

// Verilator's own headers are not -Wextra clean; they are not ours to fix.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "verilated_fst_c.h"
#pragma GCC diagnostic pop

namespace rs::hw::detail {

class FstTrace {
  public:
    FstTrace() = default;
    FstTrace(const FstTrace&) = delete;
    FstTrace& operator=(const FstTrace&) = delete;
    ~FstTrace() { close(); }

    /** @brief Starts tracing the model into path (through a temporary file); std::runtime_error naming FST
     *  when path cannot be written or the writer cannot open. */
    template <class Model> void open(Model& model, const std::string& path) {
        close();
        std::unique_ptr<fileio::AtomicFile> target;
        try {
            target = std::make_unique<fileio::AtomicFile>(path);
            target->releaseDescriptor(); // the FST writer opens the temporary path itself
        } catch (const fileio::FileError& e) {
            throw std::runtime_error(std::string("cannot write FST file: ") + e.what());
        }
        auto fst = std::make_unique<VerilatedFstC>();
        model.trace(fst.get(), 99);
        fst->open(target->tempPath().c_str());
        if (!fst->isOpen()) throw std::runtime_error("cannot open FST file " + path);
        m_fst = std::move(fst);
        m_target = std::move(target);
    }

    /** @brief Closes the trace and renames it over its target. Runs in destructors: a failure leaves no
     *  file (the temporary one is removed) and throws nothing. */
    void close() noexcept {
        if (!m_fst) return;
        m_fst->close();
        m_fst.reset();
        ::unlink((m_target->tempPath() + ".hier").c_str()); // the writer's side file, if it left one
        try {
            m_target->commit();
        } catch (...) {
        }
        m_target.reset();
    }

    void dump(std::uint64_t time) {
        if (m_fst) m_fst->dump(time);
    }
    bool isOpen() const { return m_fst != nullptr; }

  private:
    std::unique_ptr<VerilatedFstC> m_fst;
    std::unique_ptr<fileio::AtomicFile> m_target;
};

} // namespace rs::hw::detail
