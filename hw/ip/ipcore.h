#pragma once
// IpCore: one shape for every Verilated IP core (docs/ARCHITECTURE.md section 2). A core says which oracle
// operations it runs (operations(): ids of core/oracle/operation.h, e.g. the Ascon AEADs, lea-128-ecb,
// mldsa-ntt), which settings it was built with (settings(): unroll, rounds per clock, butterflies per clock:
// the values Verilated into this program and the default), and runs one operation on the oracle's inputs
// (run()): the output the oracle judges, the clocks and the per-phase breakdown beside the documented
// formula, the capture optional. The campaign target "ip" (hw/ip/iprunner.h), the IP facade
// (hw/session/ipsession.h) and the window reach every core through this interface and the registry
// (hw/ip/ipcores.h), so a new core is its folder plus one registration.
//
// Threads: a core builds its Verilated models on first use; every run() of one instance must come from the
// thread that made its first run (Verilator's rule; the cores check it and throw std::logic_error).

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/runner.h"
#include "core/crypto/bytes.h"
#include "core/oracle/operation.h"
#include "core/waveform/waveformstore.h"

namespace rs::hw {

/** @brief One built setting of a core, set in campaigns by the option "ip.<name>". */
struct IpSetting {
    std::string name;        ///< "unroll", "precomputed", "butterflies"
    std::string label;       ///< "rounds per clock", for pages and messages
    std::vector<int> values; ///< the values built into this program, ascending
    int defaultValue = 0;
    bool flag = false;   ///< an on/off choice (values 0 and 1), written "0" or "1"
    std::string builtIn; ///< says where in a refusal: "" or " of the ML-DSA unit" ("... is not a built
                         ///< setting of the ML-DSA unit (built: 1, 2, 4)")
};

/** @brief The values of a run's settings by name. */
using IpSettings = std::map<std::string, int>;

/** @brief A setting the core was not built with, or one it does not have; the message names it. */
class IpSettingError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/** @brief Where a run's clocks go besides its result; every part is optional. */
struct IpCapture {
    waveform::WaveformStore* store = nullptr; ///< every clock's signals appended here (the viewer's capture)
    std::vector<std::string> groups;          ///< groups to capture, empty: all (a core without groups: all)
    std::string
        vcdPath; ///< the captured signals written as VCD with a toggling clk (waveform::withCaptureClock)
    std::string
        fstPath; ///< a Verilator trace of every net as FST (all or nothing; IpTraceError when it cannot)
};

/** @brief One count of a run beside the documented formula's (hw/CYCLES.md). */
struct IpCount {
    std::string name; ///< "init", "ad", "data", "final", "axi", "stall"
    std::uint64_t measured = 0;
    std::optional<std::uint64_t> formula; ///< nullopt: the formula has no such term
};

/** @brief What one run produced. */
struct IpRunResult {
    crypto::Bytes output;        ///< what the oracle judges: ct‖tag, the ciphertext, the result polynomials
    std::uint64_t busClocks = 0; ///< every clock of the AXI4-Lite master: register writes, polls, reads
    std::optional<std::uint64_t> formulaBusClocks;
    std::uint64_t coreClocks = 0; ///< the core's own clocks (its cycle counters)
    std::optional<std::uint64_t> formulaCoreClocks;
    std::uint64_t busTransactions = 0; ///< 0 when the core does not count them
    std::optional<std::uint64_t> formulaBusTransactions;
    bool formulaExact =
        true; ///< false: the formula does not hold for this run (an Ascon input that streamed)
    std::vector<IpCount> phases; ///< the core's breakdown of its clocks (Ascon: per phase; empty when none)
    std::string unit;        ///< what the core works through one by one: "block", "polynomial"; empty: none
    std::uint64_t units = 0; ///< how many of them
    std::map<std::string, std::string> facts; ///< what else the run found ("streamed" = "1")
    std::string fault; ///< a fault the core flagged (the ML-DSA unit's bank conflict); empty when none
};

class IpCore {
  public:
    virtual ~IpCore() = default;

    /** @brief The registry's name of the core: "ascon", "block", "mldsa". */
    virtual std::string id() const = 0;
    /** @brief What a person calls it: "Ascon (AEAD)". */
    virtual std::string displayName() const = 0;
    /** @brief The oracle operation ids it runs, in the order a page lists them. */
    virtual std::vector<std::string> operations() const = 0;
    /** @brief Whether operation is one of operations(). */
    bool claims(std::string_view operation) const;
    /** @brief The settings of an operation it claims (empty for one it does not). */
    virtual std::vector<IpSetting> settings(std::string_view operation) const = 0;
    /** @brief True when a campaign simulates every timed repeat (and judges each output); false when one
     *  simulation is the run, its clocks being exact. */
    virtual bool simulatesEveryRepeat() const { return false; }

    /** @brief Runs one operation on the oracle's inputs at these settings (complete: see resolveSettings).
     *  Throws crypto::InvalidArgument / oracle::OracleError for inputs it cannot take, IpTraceError for a
     *  trace it cannot write, AxiError on a bus fault, IpCancelled when cancel is raised, std::logic_error
     *  from a thread that is not the models'. */
    virtual IpRunResult run(const oracle::Operation& op, const oracle::Inputs& inputs,
                            const IpSettings& settings, const IpCapture* capture = nullptr,
                            const std::atomic<bool>* cancel = nullptr) = 0;

    /** @brief Whether the core decrypts this operation it claims (decrypt()): the Ascon core's AEADs. */
    virtual bool decrypts(std::string_view /*operation*/) const { return false; }
    /** @brief Decrypts inputs.message (the ciphertext) and checks `tag` in the core, as run() runs the
     *  encryption: IpRunResult::output is the plaintext the core released, empty when the tag did not verify
     *  (facts "authenticated" = "1" or "0"). The base refuses: std::invalid_argument for a core that does not
     *  decrypt. */
    virtual IpRunResult decrypt(const oracle::Operation& op, const oracle::Inputs& /*inputs*/,
                                const crypto::Bytes& /*tag*/, const IpSettings& /*settings*/,
                                const IpCapture* /*capture*/ = nullptr,
                                const std::atomic<bool>* /*cancel*/ = nullptr) {
        throw std::invalid_argument("the " + displayName() + " core does not decrypt " + op.id);
    }

    /** @brief The campaign figures of one run at a clock of clockMhz (target "ip"): its measurements in the
     *  order they are stored and the parameters beyond the settings and the clock, which the runner adds with
     *  the timing figures. */
    virtual void campaignFigures(const IpRunResult& result, const campaign::RunKey& key, double clockMhz,
                                 campaign::RunOutput& out) const = 0;
    /** @brief Build facts for a campaign's provenance ("ip.unrolls_built" = "1, 2, 3, 4, 6, 12"). */
    virtual std::map<std::string, std::string> provenance() const { return {}; }
};

/** @brief The settings of a run: `given` checked against the core's settings for the operation, every other
 *  setting at its default. IpSettingError for a name the core does not have or a value it was not built
 *  with (settingRefusal's message). */
IpSettings resolveSettings(const IpCore& core, std::string_view operation, const IpSettings& given);

/** @brief Why `text` is no value of a setting, naming it as `what` ("ip.unroll", "unroll"): "ip.unroll: '5'
 * is not a built setting (built: 1, 2, 3, 4, 6, 12)", "ip.butterflies: '3' is not a built setting of the
 * ML-DSA unit (built: 1, 2, 4)"; for a flag "ip.precomputed: expected '0' or '1', got 'yes'". */
std::string settingRefusal(const IpSetting& setting, const std::string& what, const std::string& text);

/** @brief The value of `text` when it is one of the setting's values (a whole decimal number, nothing else);
 *  nullopt otherwise. */
std::optional<int> parseSetting(const IpSetting& setting, const std::string& text);

} // namespace rs::hw
