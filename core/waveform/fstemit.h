#pragma once
// Writing an FST file (internal to rs_wave, built with FST support only): FstEmitter is the fstapi
// library's writer, run in a guarded child only (it writes through mmap: a full disk is SIGBUS);
// writeFstThroughChild runs such a child on a temporary file beside the target and renames it over
// the target only once the child succeeded. writeFstFile (a store) and convertVcdToFst (a VCD file,
// streamed: vcdtofst.cpp) both write this way.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/waveform/fst.h"
#include "core/waveform/guardedchild.h"

namespace rs::waveform::detail {

/** @brief The child's exit status when a write of the library failed. */
inline constexpr int kFstWriteFailed = 4;

/** @brief The fstapi writer of one file: begin() with the signals, change() in tick order, finish(). */
class FstEmitter {
  public:
    /** @brief Creates the file at path (ok() is false when the library cannot). */
    FstEmitter(const std::string& path, const FstOptions& options);
    ~FstEmitter();
    FstEmitter(const FstEmitter&) = delete;
    FstEmitter& operator=(const FstEmitter&) = delete;

    bool ok() const { return m_ctx != nullptr; }
    /** @brief Timescale (seconds per tick) and hierarchy: the top module, a scope per group, a wire per
     *  signal of `signals` (its changes are not read), value names as enum tables. */
    void begin(const WaveformStore& signals, double seconds);
    /** @brief One change; ticks never go back, and a signal changes at most once per tick. */
    void change(Tick tick, SignalId id, Words value);
    /** @brief Ends the file at endTick (one past the capture) and closes it: 0, or kFstWriteFailed when
     *  a write failed. */
    int finish(Tick endTick);

  private:
    void* m_ctx = nullptr;
    FstOptions m_options;
    std::vector<std::uint32_t> m_handles;
    std::vector<int> m_widths;
    Tick m_current = 0;
    std::size_t m_inBlock = 0;
    std::string m_bits;
};

/** @brief What writeFstThroughChild's child does: writes the FST file at temp, may send bytes to the
 *  parent through fd, returns its exit status (0: written). */
using FstChildWork = std::function<int(const std::string& temp, int fd)>;

/**
 * @brief Writes the FST file at path all or nothing: runs work in a guarded child on a temporary file
 * beside path, passing what it sends to onData (and asking keepGoing, see runGuardedChild), then calls
 * checkEnd with how the child ended, which may throw its own error (a bad input, a cancel), and renames
 * the file over path only when the child exited with 0; else throws an FstError naming path that says
 * nothing was written.
 */
void writeFstThroughChild(const std::string& path, const FstChildWork& work,
                          const std::function<void(std::string_view)>& onData,
                          const std::function<bool()>& keepGoing,
                          const std::function<void(const ChildEnd&)>& checkEnd);

} // namespace rs::waveform::detail
