#pragma once
// Pipeline lanes of one captured ML-DSA unit operation (MlDsaIp::captureInto: groups "control" and
// "lanes"): the operation's clocks, per layer (per pass for PWM/PWA) the clocks it issues and the span
// [first issue, last write], per clock the butterfly stages occupied and the banks read and written; and
// the link of a Round Explorer ML-DSA trace's steps to the clocks at which their layer's last write lands.
//
// Tick t holds what the unit's probes showed during clock t (before its rising edge). The k-th write clock
// belongs to the k-th issue clock (a fixed pipeline: issue/read, pre, mul1..3, write), so every write is
// attributed to the layer that issued it.
//
// Plain C++ over a WaveformStore; the IP page's lane view and `roundscope-cli ip lanes --alg mldsa-*` show
// it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/crypto/trace.h"
#include "core/waveform/waveformstore.h"
#include "hw/ip/clockspan.h"

namespace rs::hw {

/** @brief The stages of the unit's pipeline, in the order of MlDsaLaneClock::stages' bits. */
inline constexpr int kMlDsaStages = 7;
/** @brief Short names of the stages: "issue", "read", "pre", "mul1", "mul2", "mul3", "write". */
const char* mldsaStageName(int stage);

/** @brief One layer of NTT / NTT^-1 (or the single pass of PWM / PWA). */
struct MlDsaLayerSpan {
    int layer = 0;      ///< 0-based, as the unit's layer register counts
    ClockSpan issue;    ///< its issue clocks [first, last + 1)
    ClockSpan span;     ///< [first issue, last write + 1)
    Tick lastWrite = 0; ///< the clock at whose edge the layer's last write lands in slot A
};

/** @brief What the unit does in one clock of the operation. */
struct MlDsaLaneClock {
    Tick tick = 0;
    std::uint32_t stages = 0;     ///< bit s: stage s holds butterflies (0 issue .. 6 write)
    std::uint32_t bankReads = 0;  ///< bit k: bank k is read this clock
    std::uint32_t bankWrites = 0; ///< bit k: bank k of slot A is written at this clock's edge
    int layer = 0;                ///< the layer register during this clock
};

/** @brief The lanes of one operation. */
struct MlDsaLanes {
    int butterflies = 0;                ///< B: 2B banks in the capture
    Tick start = 0;                     ///< the first busy clock (START taken)
    Tick end = 0;                       ///< one past the last busy clock
    std::vector<MlDsaLayerSpan> layers; ///< 8 for NTT / NTT^-1, 1 for PWM / PWA
    std::vector<MlDsaLaneClock> clocks; ///< every clock of [start, end)
    /** @brief The clocks at which a layer after the first begins issuing (the layer boundaries). */
    std::vector<Tick> boundaries() const;
};

/** @brief Reads the lanes of the first operation whose busy clocks begin after `from`. Throws
 *  std::invalid_argument naming a missing signal, or when no operation starts at or after `from`, or when
 *  the capture ends inside it (writes missing). */
MlDsaLanes extractMlDsaLanes(const waveform::WaveformStore& store, Tick from = 0);

/** @brief Where one step of an ML-DSA NTT / NTT^-1 trace lives in the capture. */
struct MlDsaStepCycle {
    std::optional<Tick> cycle; ///< input: the START clock; layer k: the clock its last write lands;
                               ///< a butterfly: the clock its write lands
    int layer = 0;             ///< 1-based layer of the step (0: the input; 9: NTT^-1's × 256⁻¹)
    /// The RTL holds the model's values at this step (NTT: every step; NTT^-1: the input and the final
    /// × 256⁻¹ step; a butterfly step: NTT's last butterfly of each clock). When false for a layer step,
    /// the RTL's slot A holds the model's state times 2^-halvings mod q: its Gentleman–Sande butterflies
    /// halve both outputs, folding 256⁻¹ = 2^-8 into the 8 layers. A butterfly step that is not exact has
    /// halvings 0 and its note says what differs (clock-mates written with it; NTT^-1's mixed scaling).
    bool exact = false;
    int halvings = 0;
    std::string note; ///< empty when exact; else what differs, in words
};

/**
 * @brief Links every step of an ML-DSA trace (crypto::mldsaNttTraced: phase "NTT", step 0 "input", steps
 * 1..8 "Cooley–Tukey layer k (len L)"; mldsaInverseNttTraced: phase "inverse NTT", 8 "Gentleman–Sande layer
 * k" steps and "× 256⁻¹") to the clocks of `lanes`. A butterfly step (MlDsaTraceDetail::Butterflies,
 * "layer k butterfly j: ...") links to the clock its own write lands: the unit issues B consecutive
 * butterflies per clock in the algorithm's order, so butterfly j of layer k is written drain clocks after
 * issue clock (j - 1) / B of that layer. Throws std::invalid_argument for another trace, a step past layer 8
 * (9 for NTT^-1), a butterfly index not in 1..128, or lanes that are not of an 8-layer transform.
 */
std::vector<MlDsaStepCycle> linkMlDsaTraceToCycles(const crypto::Trace& trace, const MlDsaLanes& lanes);

/** @brief The state bytes (the trace's encoding: 256 big-endian 32-bit coefficients) times 2^-halvings mod
 *  q: what the RTL's slot A holds at an inexact NTT^-1 step. Throws std::invalid_argument unless 1024
 *  bytes. */
std::vector<std::uint8_t> mldsaHalved(const std::vector<std::uint8_t>& state, int halvings);

} // namespace rs::hw
