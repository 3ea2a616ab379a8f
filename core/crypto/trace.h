#pragma once
// Round traces: every cipher reports its state at the spec's step boundaries, in the spec's words.
// The cipher code is a template over an observer. NoTrace has enabled == false, so the
// `if constexpr (Obs::enabled)` blocks vanish and the traced and fast paths are the same code.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rs::crypto {

/** @brief How to draw a cipher state: a grid of rows x cols cells of cellBits bits each. */
struct StateLayout {
    std::string name;     ///< e.g. "ascon-320", "lea-128", "skinny-128"
    int rows = 0;         ///< Ascon 5 (x0..x4), LEA 1 (four words in a row), SKINNY 4
    int cols = 0;         ///< Ascon 64 (bits), LEA 4 (words), SKINNY 4 (cells)
    int cellBits = 0;     ///< Ascon 1, LEA 32, SKINNY 4 or 8
    std::string rowLabel; ///< label stem for rows ("x" -> x0..x4), empty when rows are unnamed
    std::string encoding; ///< how the state bytes of a TraceStep map onto the cells
};

/** @brief One recorded state at a spec step boundary. */
struct TraceStep {
    std::string phase; ///< "initialization", "associated data", "plaintext", "encryption", ...
    int block = -1;    ///< data block index inside the phase, -1 when not applicable
    int round = 0;     ///< 1-based round inside the current permutation/cipher; 0 = before round 1
    std::string step;  ///< spec step name, e.g. "substitution layer", "MixColumns"
    std::vector<std::uint8_t> state;    ///< state bytes, encoded as StateLayout::encoding says
    std::vector<std::uint8_t> roundKey; ///< round key / round tweakey used by this step, if any
};

/** @brief A whole trace: the layout plus the ordered steps. */
struct Trace {
    StateLayout layout;
    std::vector<TraceStep> steps;
};

/** @brief The fast path's observer: records nothing and compiles to nothing. */
struct NoTrace {
    static constexpr bool enabled = false;
    void step(std::string_view, int, int, std::string_view, std::span<const std::uint8_t>,
              std::span<const std::uint8_t> = {}) const noexcept {}
};

/**
 * @brief Run-time observer interface: one virtual call per spec step, no allocation of its own.
 *
 * The models instantiate their traced template once, with StepSink, so any observer (the trace
 * recorder, the analysis' round-state capture) reuses that code. The fast path keeps NoTrace.
 */
class StepSink {
  public:
    static constexpr bool enabled = true;
    virtual ~StepSink() = default;
    /** @brief One state at a spec step boundary; the spans are valid only during the call. */
    virtual void step(std::string_view phase, int block, int round, std::string_view step,
                      std::span<const std::uint8_t> state, std::span<const std::uint8_t> roundKey = {}) = 0;
};

/** @brief Observer that appends every step to a Trace. */
class TraceRecorder final : public StepSink {
  public:
    explicit TraceRecorder(Trace& out) : m_out(out) {}
    void step(std::string_view phase, int block, int round, std::string_view step,
              std::span<const std::uint8_t> state, std::span<const std::uint8_t> roundKey = {}) override;

  private:
    Trace& m_out;
};

} // namespace rs::crypto
