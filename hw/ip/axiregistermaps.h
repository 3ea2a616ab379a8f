#pragma once
// The AXI4-Lite register maps of the IP cores by name, for the waveform viewer's transaction list
// (core/waveform/axitransactions.h): offsets from each core's register constants (hw/ip/ascon/ipregisters.h,
// hw/ip/block/blockregisters.h, hw/ip/mldsa/mldsaregisters.h), names as hw/rtl/REGISTERS.md writes them
// (tests/hw/test_axi_registers.cpp checks that the two agree).

#include <string>
#include <string_view>
#include <vector>

#include "core/waveform/axitransactions.h"
#include "core/waveform/waveformstore.h"

namespace rs::hw {

/** @brief The cores with a register map: "ascon", "block", "mldsa". */
std::vector<std::string> axiRegisterMapCores();
/** @brief A core's register map; nullptr for an unknown core. */
const waveform::AxiRegisterMap* axiRegisterMap(std::string_view core);
/** @brief The core a trace is of, by its signals (our captures' own signals, or the RTL's module names in a
 *  Verilator trace); empty when none is recognised. */
std::string axiCoreOf(const waveform::WaveformStore& store);

} // namespace rs::hw
