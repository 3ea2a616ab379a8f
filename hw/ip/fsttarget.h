#pragma once
// A Verilated model's FST trace (`ip run --fst FILE`), one class for every Verilated core. Verilator's own
// FST writer cannot be trusted with a disk: it runs in the simulating process, writes through mmap (a full
// disk is SIGBUS, which kills the run and leaves its temporary files behind), ignores failed writes and
// unlinks the path it is given. So the models trace VCD (hw/CMakeLists.txt: verilate(... TRACE ...)) into an
// unnamed scratch file in the target's folder, through CheckedVcdFile, which checks every write (Verilator's
// own VCD file aborts the process through VL_FATAL when a write fails). When the run ends, the VCD is read
// back by rs_wave's reader and written as FST by rs_wave's writer, which runs the FST library in a guarded
// child into a temporary file renamed over the target: the path `wave convert` takes. Whatever fails, no
// file is left: not the target, not a temporary file (the scratch file never has a name), and a target that
// is a device, FIFO or folder is refused before the run. Included only by the files that see the Verilated
// classes.

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include <unistd.h>

#include "core/fileio/safefile.h"
#include "core/waveform/fst.h"
#include "core/waveform/vcd.h"
#include "hw/ip/iptrace.h"

// Verilator's own headers are not -Wextra clean; they are not ours to fix.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "verilated_vcd_c.h"
#pragma GCC diagnostic pop

namespace rs::hw::detail {

/** @brief Verilator's VCD output into a descriptor, every write checked: the first failure is kept (and
 *  later writes dropped) instead of Verilator's VL_FATAL, so the run ends normally and then reports it. */
class CheckedVcdFile final : public VerilatedVcdFile {
  public:
    explicit CheckedVcdFile(int fd) : m_fd(fd) {}
    bool open(const std::string&) override { return m_fd >= 0; }
    void close() override {} // the FstTrace owns the descriptor
    ssize_t write(const char* bytes, ssize_t length) override {
        for (ssize_t done = 0; done < length && m_error == 0;) {
            const ssize_t n = ::write(m_fd, bytes + done, static_cast<std::size_t>(length - done));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0)
                m_error = n < 0 ? errno : EIO;
            else
                done += n;
        }
        return length; // never an error to Verilator: it would abort the process
    }
    int error() const { return m_error; }

  private:
    int m_fd;
    int m_error = 0;
};

class FstTrace {
  public:
    FstTrace() = default;
    FstTrace(const FstTrace&) = delete;
    FstTrace& operator=(const FstTrace&) = delete;
    ~FstTrace() { close(); }

    /** @brief Starts tracing the model for an FST file at path; IpTraceError naming the file when path is a
     *  device, FIFO or folder, or its folder cannot hold a file. */
    template <class Model> void open(Model& model, const std::string& path) {
        close();
        try {
            fileio::requireOutputTarget(path);
            m_fd = fileio::openScratchFile(path);
        } catch (const fileio::FileError& e) {
            throw IpTraceError(std::string("cannot write FST file: ") + e.what());
        }
        m_target = path;
        m_file = std::make_unique<CheckedVcdFile>(m_fd);
        m_vcd = std::make_unique<VerilatedVcdC>(m_file.get());
        model.trace(m_vcd.get(), 99);
        m_vcd->open(path.c_str()); // CheckedVcdFile ignores the name: it writes the scratch file
        if (!m_vcd->isOpen()) {
            close();
            throw IpTraceError("cannot write FST file " + path + ": the trace did not open");
        }
    }

    /** @brief Ends the trace and writes the FST file (all or nothing); IpTraceError naming the file and the
     *  cause (a full disk, a file-size limit) when it cannot, and then no file is left. */
    void finish() {
        if (!m_vcd) return;
        const std::string target = m_target;
        m_vcd->close(); // the last buffer goes through m_file
        m_vcd.reset();
        const int error = m_file->error();
        if (error != 0) {
            close();
            throw IpTraceError("cannot write FST file " + target +
                               ": writing the trace failed: " + std::strerror(error) +
                               " (disk full, or a file-size limit); nothing was written");
        }
        try {
            waveform::WaveformStore store;
            {
                if (::lseek(m_fd, 0, SEEK_SET) != 0) throw IpTraceError("cannot read the trace back");
                fileio::DescriptorStream in(m_fd);
                store = waveform::readVcd(in);
            }
            close(); // the scratch file is gone before the FST file takes its room on the disk
            waveform::FstOptions options;
            options.topModule = "TOP";
            options.comment = "RoundScope: Verilator trace of every net";
            waveform::writeFstFile(store, target, options);
        } catch (const IpTraceError&) {
            close();
            throw;
        } catch (const waveform::FstError& e) {
            close();
            throw IpTraceError(e.what()); // names the file, says why and that nothing was written
        } catch (const std::exception& e) {
            close();
            throw IpTraceError("cannot write FST file " + target + ": " + e.what());
        }
    }

    /** @brief Stops tracing and drops the trace: nothing is written. Throws nothing (destructors, errors). */
    void close() noexcept {
        if (m_vcd) {
            try {
                m_vcd->close();
            } catch (...) {
            }
            m_vcd.reset();
        }
        m_file.reset();
        if (m_fd >= 0) ::close(m_fd);
        m_fd = -1;
        m_target.clear();
    }

    void dump(std::uint64_t time) {
        if (m_vcd) m_vcd->dump(time);
    }
    bool isOpen() const { return m_vcd != nullptr; }

  private:
    int m_fd = -1;
    std::string m_target;
    std::unique_ptr<CheckedVcdFile> m_file; ///< declared before m_vcd: outlives it
    std::unique_ptr<VerilatedVcdC> m_vcd;
};

} // namespace rs::hw::detail
