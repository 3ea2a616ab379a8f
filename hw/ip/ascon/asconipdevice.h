#pragma once
// AsconIpDevice: one Verilated instance of the Ascon IP (ascon_axi_top, built for one rounds-per-clock
// setting) as a clocked AXI4-Lite target, with the probes a logic analyser would tap, per-phase
// clock counts, waveform capture into a WaveformStore and FST tracing.
//
// Threads: the thread that constructs an AsconIpDevice is the one that must clock it (Verilator's rule;
// docs/CONVENTIONS.md rule 10). Methods other than tick() check this and throw std::logic_error.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/waveform/waveformstore.h"
#include "hw/ip/bus/axilite.h"

namespace rs::hw {

namespace detail {
class ModelBackend;
}

/** @brief Phase codes of the core (STATUS[6:4], the dbg_phase probe). */
enum class AsconIpPhase : std::uint8_t { Idle = 0, Load = 1, Init = 2, Ad = 3, Data = 4, Final = 5 };

/** @brief Internal nets sampled every clock, before the rising edge. */
struct AsconIpProbes {
    std::uint8_t phase = 0;               ///< AsconIpPhase of the work done in this clock
    bool busy = false;                    ///< an operation is in progress (after its LOAD clock)
    bool permBusy = false;                ///< the permutation unit runs rounds in this clock
    std::uint8_t round = 0;               ///< first round index applied in this clock
    std::uint8_t feStage = 0;             ///< front-end delay stages holding a block (bit k-1 = stage k)
    bool blkValid = false;                ///< a whole block waits at the stage input
    bool take = false;                    ///< the stage takes it in this clock
    std::array<std::uint64_t, 5> state{}; ///< x0..x4
    bool held = false;                    ///< STATUS.HELD: a decryption's plaintext waits for its tag
    bool authOk = false;                  ///< STATUS.AUTH_OK: the tag verified (plaintext released)
    std::uint8_t outCount = 0;            ///< words in the output FIFO, held or not
};

/** @brief Clocks per phase (LOAD counts as initialisation). */
struct AsconIpPhaseCycles {
    std::uint64_t init = 0, ad = 0, data = 0, final = 0;
    std::uint64_t total() const { return init + ad + data + final; }
    bool operator==(const AsconIpPhaseCycles&) const = default;
};

/** @brief Which parameter set of ascon_axi_top a model was Verilated with. */
enum class AsconIpBuild : std::uint8_t {
    Full, ///< every variant, 32-bit lengths, cycle counters (the defaults), at each built unroll
    Lean, ///< Ascon-AEAD128 only, 16-bit lengths, no cycle counters (issue 21), unroll 1 only
};

class AsconIpDevice final : public AxiLiteTarget {
  public:
    /** @brief Builds and resets the model; throws std::invalid_argument naming the supported
     *  settings when unroll was not Verilated (the lean build exists at unroll 1 only). */
    explicit AsconIpDevice(int unroll, AsconIpBuild build = AsconIpBuild::Full);
    ~AsconIpDevice() override;
    AsconIpDevice(const AsconIpDevice&) = delete;
    AsconIpDevice& operator=(const AsconIpDevice&) = delete;

    /** @brief Rounds per clock of this model. */
    int unroll() const { return m_unroll; }
    /** @brief One clock (see AxiLiteTarget); samples the probes and any capture. */
    AxiLiteOutputs tick(const AxiLiteInputs& in) override;
    /** @brief Asserts reset for a few clocks (registers, FIFOs and counters cleared). */
    void reset();
    /** @brief Clocks run since construction. */
    std::uint64_t cycle() const { return m_cycle; }
    /** @brief The probes of the last clock. */
    const AsconIpProbes& probes() const { return m_probes; }
    /** @brief Busy clocks per phase since the last resetPhaseCycles(). */
    const AsconIpPhaseCycles& phaseCycles() const { return m_phase; }
    void resetPhaseCycles() { m_phase = {}; }

    /** @brief Appends, every clock from now on, the signals of the chosen groups (all when empty;
     *  see signalGroups()) to store, one tick per clock starting at the store's endTick() (0 for
     *  an empty store, so runs captured into one store follow each other); adds the signals the
     *  store lacks. Throws std::invalid_argument for an unknown group. */
    void startCapture(waveform::WaveformStore& store, const std::vector<std::string>& groups = {});
    /** @brief Stops appending and extends the store's range to the current clock. */
    void stopCapture();
    /** @brief Starts a Verilator trace of every net for an FST file at path (hw/ip/fsttarget.h); throws
     *  IpTraceError (hw/ip/iptrace.h) for a path that cannot be written. */
    void openFst(const std::string& path);
    /** @brief Ends the trace and writes the FST file, all or nothing; IpTraceError when it cannot. */
    void finishFst();
    /** @brief Ends the trace, if open, and drops it: nothing is written (a run that failed). */
    void closeFst();

    /** @brief Throws std::logic_error unless called from the thread that built the model. */
    void requireOwnerThread(const char* what) const;

    /** @brief The unroll settings built into this program. */
    static std::vector<int> supportedUnrolls();
    /** @brief Capture groups: "axi", "control", "pipeline", "state". */
    static const std::vector<std::string>& signalGroups();

  private:
    struct Capture;

    int m_unroll;
    std::thread::id m_owner;
    std::unique_ptr<detail::ModelBackend> m_model;
    std::unique_ptr<Capture> m_capture;
    AsconIpProbes m_probes;
    AsconIpPhaseCycles m_phase;
    std::uint64_t m_cycle = 0;
};

} // namespace rs::hw
