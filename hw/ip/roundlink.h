#pragma once
// Round <-> cycle link: for every step of a Round Explorer trace of an Ascon AEAD operation, the
// clock in which the IP's state register (the captured signals x0..x4 of group "state") holds the
// state of that step. Only states at round boundaries reach the register (every U-th round with
// U rounds per clock; none inside a round), so a step the register never holds is linked, not
// exactly, to the first register state after it: the RTL state shown beside the model state then
// differs, and the caller says so.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/crypto/trace.h"
#include "core/waveform/waveformstore.h"

namespace rs::hw {

/** @brief Where one trace step lives in the capture. */
struct StepCycle {
    std::optional<waveform::Tick> cycle; ///< nullopt: nothing after this step matched
    bool exact = false;                  ///< the register holds exactly this step's state at cycle
};

/** @brief The 320-bit state register x0..x4 at a tick. Throws std::invalid_argument when the store
 *  lacks x0..x4. */
std::array<std::uint64_t, 5> rtlStateAt(const waveform::WaveformStore& store, waveform::Tick tick);

/** @brief The state register as the explorer's trace encodes Ascon states (40 bytes, x0 first,
 *  each word big-endian). */
std::vector<std::uint8_t> rtlStateBytes(const waveform::WaveformStore& store, waveform::Tick tick);

/** @brief The LEA / SKINNY cores' state register x0..x3 at a tick as the explorer's traces encode those
 *  states (16 bytes, word w = bytes 4w..4w+3, little-endian). Throws std::invalid_argument when the store
 *  lacks the four 32-bit words. */
std::vector<std::uint8_t> rtlBlockStateBytes(const waveform::WaveformStore& store, waveform::Tick tick);

/**
 * @brief Links every step of an Ascon trace (layout "ascon-320") to a cycle of the capture: steps are
 * matched in order, each at or after the previous match, so repeated states cannot pair out of order.
 * Throws std::invalid_argument for a non-Ascon trace or a store without x0..x4.
 */
std::vector<StepCycle> linkTraceToCycles(const crypto::Trace& trace, const waveform::WaveformStore& store);

/**
 * @brief The same link for the LEA and SKINNY cores (BlockIp captures): their register is x0..x3, four
 * 32-bit words holding the 16 state bytes little-endian (LEA's X0..X3; SKINNY's cells 0..15), and it holds
 * the state after every RPC-th round. Throws std::invalid_argument for another layout or capture.
 */
std::vector<StepCycle> linkBlockTraceToCycles(const crypto::Trace& trace,
                                              const waveform::WaveformStore& store);

} // namespace rs::hw
